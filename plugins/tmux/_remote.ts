/**
 * Claude Code teammates on another host of the fabric, by the tmux plugin's `teammates` policy
 * (`_policy.ts`). Claude Code splits a `cat` placeholder beside itself, titles and colours it,
 * then `respawn-pane -k` it with the teammate's command line, which names the teammate
 * (`--agent-name`). That is where the shim decides: when a rule sends that name elsewhere, the
 * line is read as a plain program start (`plainCommand`: no shell runs it there), the pane is
 * made on that host (`pane.create` on `HOST/`, through the bus's routing step, so that host
 * checks its own grants), the placeholder's `tmux.*` metadata follows it, and the placeholder
 * closes. The lead keeps the placeholder's `%N`: this plugin maps it to the pane's qualified id
 * (`buildbox/p3`) for every later command, and lists it in the lead's window as before.
 *
 * @module
 */

import type { Call, Ctx } from "./_context.ts";
import { num, type PaneRow, type World } from "./world.ts";
import { flagValue, type PlainCommand, plainCommand } from "../../protocols/tmux/mod.ts";
import { ruleFor } from "./_policy.ts";
import { TMUX_TAG } from "./_remain.ts";

/** A teammate's pane on another host, as the lead's `%N` here knows it. */
export interface RemotePane {
  /** Its id there, qualified (`buildbox/p3`). */
  remote: string;
  /** The lead's window and session here: tmux's view of the pane stays in them. */
  window: string;
  session: string;
  /** What it was when last read there. */
  row: PaneRow;
}

/** The remote teammates by the local id (`p7`) their `%N` names. */
export type RemotePanes = Map<string, RemotePane>;

/** The input fields of the commands the shim calls that name a pane. */
const PANE_FIELDS = ["pane", "split"] as const;

function codeOf(err: unknown): string | undefined {
  return (err as { code?: string }).code;
}

/**
 * The shim's bus calls with remote teammates: a `pane`/`split` naming one goes to its host by its
 * qualified id; one closed, or found gone there, is forgotten.
 */
export function remoteCall(call: Call, remote: RemotePanes): Call {
  const wrapped = async (name: string, input?: unknown): Promise<unknown> => {
    const fields = (typeof input === "object" && input !== null ? input : {}) as Record<
      string,
      unknown
    >;
    const local = PANE_FIELDS.map((f) => fields[f]).find((v): v is string =>
      typeof v === "string" && remote.has(v)
    );
    if (local === undefined) return await call(name as "pane.list", input as never);
    const routed = { ...fields };
    for (const f of PANE_FIELDS) {
      const v = fields[f];
      if (typeof v === "string" && remote.has(v)) routed[f] = remote.get(v)!.remote;
    }
    try {
      const value = await call(name as "pane.list", routed as never);
      if (name === "pane.close") remote.delete(local);
      return value;
    } catch (err) {
      if (codeOf(err) === "TARGET_NOT_FOUND") remote.delete(local);
      throw err;
    }
  };
  return wrapped as Call;
}

/**
 * Adds the remote teammates to the world as panes of the lead's window (read again there; one
 * gone there is forgotten, one whose host does not answer keeps its last row).
 */
export async function addRemote(call: Call, world: World, remote: RemotePanes): Promise<void> {
  if (!remote.size) return;
  await Promise.all([...remote].map(async ([local, r]) => {
    try {
      r.row = await call("pane.status", { pane: r.remote });
    } catch (err) {
      if (codeOf(err) === "TARGET_NOT_FOUND") remote.delete(local);
    }
  }));
  for (const [local, r] of remote) {
    const w = world.windows.find((x) => x.id === r.window);
    if (!w) continue;
    world.panes.push({ ...r.row, id: local, window: r.window, session: r.session, focused: false });
    w.panes = [...w.panes, local];
    world.target = {
      ...world.target,
      panes: [...world.target.panes, {
        id: num(local),
        window: num(r.window),
        index: w.panes.length - 1,
        active: false,
        title: r.row.meta["tmux.title"] ?? r.row.title,
      }],
    };
  }
}

/** What `respawn-pane` starts: a command line, or a program and its arguments. */
export interface Launch {
  command?: string;
  argv?: string[];
  env?: Record<string, string>;
  cwd?: string;
}

/** A teammate's start: its name, and its command as a plain program start (null: not one). */
function teammateOf(launch: Launch): { name: string; start: PlainCommand | null } | undefined {
  const argv = launch.argv;
  // Claude Code sends `SHELL -c LINE` when its line holds characters it quotes oddly.
  const line = argv?.length === 3 && argv[1] === "-c"
    ? argv[2]!
    : argv
    ? undefined
    : launch.command;
  const start = line === undefined ? { env: {}, argv: argv! } : plainCommand(line);
  const name = start
    ? flagValue(start.argv, "--agent-name")
    : /--agent-name[= ](?:'([^']*)'|"([^"]*)"|([^\s;&|]+))/.exec(line ?? "")?.slice(1).find((
      x,
    ) => x !== undefined);
  return name === undefined ? undefined : { name, start };
}

/** The pane's own `tmux.*` metadata (title, border styles, remain-on-exit), to follow it. */
function tmuxMeta(row: PaneRow): Record<string, string> {
  return Object.fromEntries(Object.entries(row.meta).filter(([k]) => k.startsWith("tmux.")));
}

/**
 * `respawn-pane` of a teammate the policy sends to another host: made there, the placeholder
 * `pane` closed here, its `%N` mapped; true when it did. False when no rule applies, or (with
 * fallback `local`) when that host refused or did not answer: then the caller respawns here.
 */
export async function respawnElsewhere(
  ctx: Ctx,
  pane: PaneRow,
  launch: Launch,
): Promise<boolean> {
  const rules = ctx.teammates ?? [];
  if (!rules.length) return false;
  const mate = teammateOf(launch);
  const rule = mate && ruleFor(rules, mate.name);
  if (!mate || !rule) return false;
  let made;
  try {
    if (!mate.start) {
      throw new Error(
        "its command line is not a plain program start, and weft runs no shell there",
      );
    }
    made = await ctx.call("pane.create", {
      window: `${rule.host}/`,
      argv: mate.start.argv,
      cwd: rule.cwd ?? mate.start.cwd ?? launch.cwd ?? pane.cwd,
      env: { ...mate.start.env, ...launch.env },
      tags: [TMUX_TAG],
      focus: false,
    });
  } catch (err) {
    const why = `teammate ${mate.name}: cannot open on host ${rule.host}: ${
      (err as Error).message
    }`;
    if (rule.fallback === "fail") throw new Error(why);
    ctx.log?.(`${why}; started here instead`);
    return false;
  }
  const meta = tmuxMeta(pane);
  try {
    if (Object.keys(meta).length) await ctx.call("pane.set", { pane: made.id, meta });
  } catch (err) {
    ctx.log?.(`teammate ${mate.name} on ${made.id}: its tmux options stay here: ${err}`);
  }
  // Closed before its id is mapped: from then on, that id names the pane there.
  await ctx.call("pane.close", { pane: pane.id }).catch(() => {});
  ctx.shared.remote.set(pane.id, {
    remote: made.id,
    window: pane.window,
    session: pane.session,
    row: { ...made, meta: { ...made.meta, ...meta } },
  });
  return true;
}

/** `respawn-pane` of a pane already on another host: a new program there, never a shell line. */
export async function respawnThere(ctx: Ctx, pane: string, launch: Launch): Promise<void> {
  const line = launch.argv ? undefined : launch.command;
  const start = line === undefined
    ? launch.argv && { env: {}, argv: launch.argv }
    : plainCommand(line);
  if (!start) {
    throw new Error(
      `respawn pane failed: pane %${num(pane)} is on host ${
        ctx.shared.remote.get(pane)!.remote.split("/")[0]
      }, where weft runs no shell line: give the program and its arguments`,
    );
  }
  await ctx.call("pane.respawn", {
    pane,
    argv: start.argv,
    env: { ...start.env, ...launch.env },
    ...(start.cwd ?? launch.cwd ? { cwd: start.cwd ?? launch.cwd } : {}),
  });
}

/**
 * The tmux shim with a teammate on another host, beside the same calls on a teammate here, from
 * the same run: a hub and two weft servers (real nats-server); the in-pane shim (`.weft/bin/tmux`)
 * of laptop's lead pane. Figures: `capture-pane -p` of a local teammate and of one on buildbox;
 * `list-panes -F` of the lead's window before and with the remote teammate (each call reads it
 * again there); `respawn-pane -k` of a placeholder with a teammate line, here and to buildbox.
 *
 * Run alone: `deno task bench -- tmux-hosts`.
 *
 * @module
 */

import { join } from "node:path";
import { endHost, endHub, joinHost, startHub, type TestHost, untilUp } from "../helpers/fabric.ts";
import { percentile } from "./_util.ts";

const CALLS = 100;
const OPENS = 10;

type Shim = (...args: string[]) => Promise<string>;

async function shimOf(host: TestHost, pane: string): Promise<Shim> {
  const info = JSON.parse(await Deno.readTextFile(join(host.dir, ".weft", "server.json")));
  const program = join(host.dir, ".weft", "bin", "tmux");
  const env = { WEFT_SOCKET: info.socket, TMUX_PANE: `%${pane.slice(1)}`, PATH: "/usr/bin:/bin" };
  return async (...args) => {
    const r = await new Deno.Command(program, { args, env, clearEnv: true, stdin: "null" })
      .output();
    if (!r.success) {
      throw new Error(`tmux ${args.join(" ")}: ${new TextDecoder().decode(r.stderr)}`);
    }
    return new TextDecoder().decode(r.stdout);
  };
}

async function timed(n: number, run: () => Promise<unknown>): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await run();
    ms.push(performance.now() - t);
  }
  return ms;
}

function figures(name: string, ms: number[]): Record<string, number> {
  const r = (x: number) => Math.round(x * 10) / 10;
  return { [`${name}_p50_ms`]: r(percentile(ms, 50)), [`${name}_p99_ms`]: r(percentile(ms, 99)) };
}

/** A placeholder split beside the lead, as Claude Code makes it; its `%N`. */
async function placeholder(shim: Shim, lead: string): Promise<string> {
  return (await shim("split-window", "-d", "-t", lead, "-h", "-P", "-F", "#{pane_id}", "--", "cat"))
    .trim();
}

function line(dir: string, name: string): string {
  return `cd '${dir}' && env CLAUDECODE=1 /bin/sh -c 'exec cat' --agent-id '${name}@t' ` +
    `--agent-name ${name}`;
}

/** The figures. */
export async function benchTmuxHosts(): Promise<Record<string, number>> {
  const hub = await startHub(["laptop", "buildbox"]);
  const hosts: TestHost[] = [];
  try {
    const buildbox = await joinHost(hub, "buildbox", {
      grants: { laptop: ["read", "write", "spawn", "control"] },
    });
    hosts.push(buildbox);
    const laptop = await joinHost(hub, "laptop", {
      weft: { plugins: { tmux: { options: { teammates: { agent: "far-*", host: "buildbox" } } } } },
    });
    hosts.push(laptop);
    await untilUp(laptop, ["buildbox"]);
    await buildbox.server.client.call("session.create", { name: "work" });
    const made = await laptop.server.client.call<{ pane: string; window: string }>(
      "session.create",
      { name: "lead" },
    );
    const shim = await shimOf(laptop, made.pane);
    const lead = `%${made.pane.slice(1)}`;
    const window = `@${made.window.slice(1)}`;
    const near = await placeholder(shim, lead);
    await shim("respawn-pane", "-k", "-t", near, "--", line(laptop.dir, "near-0"));
    const listBefore = await timed(
      CALLS,
      () => shim("list-panes", "-t", window, "-F", "#{pane_id}"),
    );
    const far = await placeholder(shim, lead);
    await shim("respawn-pane", "-k", "-t", far, "--", line(laptop.dir, "far-0"));
    const listWith = await timed(CALLS, () => shim("list-panes", "-t", window, "-F", "#{pane_id}"));
    const readNear = await timed(CALLS, () => shim("capture-pane", "-p", "-t", near));
    const readFar = await timed(CALLS, () => shim("capture-pane", "-p", "-t", far));
    const opens = async (prefix: string) => {
      const ms: number[] = [];
      for (let i = 1; i <= OPENS; i++) {
        const p = await placeholder(shim, lead);
        ms.push(
          ...await timed(
            1,
            () => shim("respawn-pane", "-k", "-t", p, "--", line(laptop.dir, `${prefix}-${i}`)),
          ),
        );
        await shim("kill-pane", "-t", p);
      }
      return ms;
    };
    const openNear = await opens("near");
    const openFar = await opens("far");
    return {
      ...figures("list_panes_local_only", listBefore),
      ...figures("list_panes_with_remote", listWith),
      ...figures("capture_local", readNear),
      ...figures("capture_remote", readFar),
      ...figures("respawn_teammate_local", openNear),
      ...figures("respawn_teammate_remote", openFar),
    };
  } finally {
    for (const h of hosts) await endHost(h);
    await endHub(hub);
  }
}

if (import.meta.main) console.table(await benchTmuxHosts());

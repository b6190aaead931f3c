/**
 * The server-wide subcommands: ls, status, stop, call.
 *
 * @module
 */

import { parseArgs } from "./args.ts";
import type { PaneInfo, SessionInfo, WindowInfo } from "../../protocols/bus/records.ts";
import type { FabricHost } from "../../protocols/bus/fabric.ts";
import { print, type Subcommand, UsageError, withClient } from "./io.ts";

/** `weft ls` */
export const ls: Subcommand = {
  usage: "weft ls [--all] [--all-projects] [--json]",
  summary: "List sessions, windows and panes (--all: on every host of the fabric; " +
    "--all-projects: every weft server of yours)",
  run: async (args, io) => {
    const { values } = parseArgs({
      args,
      options: {
        json: { type: "boolean" },
        all: { type: "boolean" },
        "all-projects": { type: "boolean" },
      },
    });
    if (values["all-projects"]) {
      return await (await import("./ls_all.ts")).lsAllProjects(io, !!values.json);
    }
    return await withClient(io, async (client) => {
      if (values.all) {
        const { hosts } = await client.call<{ hosts: FabricHost[] }>("fabric.ls", {});
        print(io, !!values.json, { hosts }, () => hosts.map(formatHost).join(""));
        return 0;
      }
      // One round trip for the three: a CLI call's time is mostly waiting on the socket.
      const [{ sessions }, { windows }, { panes }] = await Promise.all([
        client.call("session.list"),
        client.call("window.list"),
        client.call("pane.list"),
      ]);
      print(
        io,
        !!values.json,
        { sessions, windows, panes },
        () => formatTree(sessions, windows, panes),
      );
      return 0;
    });
  },
};

/** One host of `weft ls --all`: its name and state, then its tree (or why there is none). */
function formatHost(h: FabricHost): string {
  const head = `host ${h.host}${h.state === "self" ? " (this server)" : ` ${h.state}`}\n`;
  if (!h.sessions) return head + `  (${h.error?.message ?? "no answer"})\n`;
  const tree = formatTree(h.sessions, h.windows ?? [], h.panes ?? []);
  return head + tree.replace(/^(?=.)/gm, "  ");
}

function formatTree(sessions: SessionInfo[], windows: WindowInfo[], panes: PaneInfo[]): string {
  const lines: string[] = [];
  for (const s of sessions) {
    lines.push(`${s.id}${s.name ? ` ${s.name}` : ""}${s.current ? " (current)" : ""}`);
    for (const w of windows.filter((w) => w.session === s.id)) {
      lines.push(
        `  ${w.id}${w.name ? ` ${w.name}` : ""}  ${w.cols}x${w.rows}${
          w.current ? " (current)" : ""
        }`,
      );
      for (const id of w.panes) {
        const p = panes.find((p) => p.id === id);
        if (!p) continue;
        const status = p.exit ? `exited ${p.exit.signal ?? p.exit.code}` : p.state;
        // What runs in front now, as tmux's pane_current_command; the launch command after it.
        const now = p.current ? `${p.current.program}  ` : "";
        lines.push(
          `    ${p.focused ? "*" : " "}${p.id}${
            p.name ? ` ${p.name}` : ""
          }  ${p.cols}x${p.rows}  ${p.agent}  ${status}  ${now}(${p.command})`,
        );
      }
    }
  }
  return lines.length ? lines.join("\n") + "\n" : "no sessions\n";
}

/** `weft status` */
export const status: Subcommand = {
  usage: "weft status [--json]",
  summary: "Show the server's pid, socket, uptime, counts and plugins",
  run: async (args, io) => {
    const { values } = parseArgs({ args, options: { json: { type: "boolean" } } });
    return await withClient(io, async (client) => {
      const s = await client.call("server.status");
      print(
        io,
        !!values.json,
        s,
        () =>
          Object.entries(s).map(([k, v]) =>
            `${k}: ${typeof v === "object" ? JSON.stringify(v) : v}`
          ).join("\n") + "\n",
      );
      return 0;
    });
  },
};

/** `weft stop` */
export const stop: Subcommand = {
  usage: "weft stop",
  summary: "Stop the server; returns once every pane's processes have ended",
  run: async (_args, io) => {
    return await withClient(io, async (client) => {
      // The server hangs up once every pane's processes are gone.
      const closed = new Promise<void>((resolve) => client.onClose(resolve));
      const { graceMs } = await client.call("server.stop");
      const limitMs = (graceMs ?? 2000) + STOP_SLACK_MS;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), limitMs);
      });
      const late = await Promise.race([closed.then(() => false), timedOut]);
      clearTimeout(timer);
      if (late) {
        io.err(`weft stop: the server is still stopping after ${limitMs} ms\n`);
        return 1;
      }
      io.err("weft: server stopped\n");
      return 0;
    });
  },
};

/** How much longer than the kill grace period `weft stop` waits (plugins stopping, slow I/O). */
const STOP_SLACK_MS = 10_000;

/** `weft call` */
export const call: Subcommand = {
  usage: "weft call COMMAND ['JSON']",
  words: "foreign",
  summary: "Call any bus command (plugin ones too) with JSON input; prints the JSON result",
  run: async (args, io) => {
    const [name, json, ...rest] = args;
    if (!name || rest.length) {
      throw new UsageError("give a command name and at most one JSON argument");
    }
    let input: unknown = {};
    if (json !== undefined) {
      try {
        input = JSON.parse(json);
      } catch (err) {
        throw new UsageError(`the input is not JSON: ${(err as Error).message}`);
      }
    }
    return await withClient(io, async (client) => {
      io.out(JSON.stringify(await client.call(name, input), null, 2) + "\n");
      return 0;
    });
  },
};

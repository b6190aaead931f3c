/**
 * `weft tmux …`: tmux's command line, answered by this project's weft server. Like the `tmux`
 * shim inside panes, it hands its argv to the tmux plugin's `tmux.exec`, so paste buffers and
 * global options live in the server between calls, as in tmux.
 *
 * @module
 */

import { paneHello, WeftClient } from "../client/mod.ts";
import type { CliIo, Subcommand } from "../cli/io.ts";
import { parseTmuxArgs } from "../../protocols/tmux/mod.ts";
import { TMUX_VERSION } from "./run.ts";

/** Connects as the calling pane: `WEFT_SOCKET` in a pane, else the project around `cwd`. */
function connect(io: CliIo): Promise<WeftClient> {
  const hello = { client: "cli" as const, ...paneHello(io.env) };
  const socket = io.env("WEFT_SOCKET");
  return socket ? WeftClient.connect(socket, hello) : WeftClient.find(io.cwd, hello);
}

/**
 * What the words ask of the client: the version only, stdin for `load-buffer -`, or another
 * tmux server than weft's (`-L NAME`, `-S PATH` other than `socket`).
 */
function needs(
  args: readonly string[],
  socket: string | undefined,
): { version: boolean; stdin: boolean; other?: string } {
  try {
    const inv = parseTmuxArgs(args);
    const cmd = inv.command;
    const other = inv.socketName !== null
      ? `-L ${inv.socketName}`
      : inv.socketPath !== null && inv.socketPath !== socket
      ? `-S ${inv.socketPath}`
      : undefined;
    return {
      version: inv.version,
      stdin: cmd?.name === "load-buffer" && cmd.args[0] === "-",
      ...(other ? { other } : {}),
    };
  } catch {
    return { version: false, stdin: false }; // the server prints tmux's usage error
  }
}

/**
 * Hands words meant for another tmux server to the real tmux (the first `tmux` on `PATH` that
 * is not a weft shim), never to weft's panes; 1 with a message when there is none.
 */
async function realTmux(args: readonly string[], other: string, io: CliIo): Promise<number> {
  for (const dir of (io.env("PATH") ?? "").split(":")) {
    if (!dir || await isFile(`${dir}/tmux-client.pl`) || !await isFile(`${dir}/tmux`)) continue;
    const env: Record<string, string> = {};
    for (const name of ["PATH", "HOME", "TERM", "LANG", "TMUX_TMPDIR", "SHELL"]) {
      const value = io.env(name);
      if (value !== undefined) env[name] = value;
    }
    const r = await new Deno.Command(`${dir}/tmux`, { args: [...args], env, clearEnv: true })
      .output();
    io.out(new TextDecoder().decode(r.stdout));
    io.err(new TextDecoder().decode(r.stderr));
    return r.code;
  }
  io.err(
    `weft's tmux serves only weft's panes: ${other} names another tmux server, ` +
      "and no real tmux is on PATH\n",
  );
  return 1;
}

async function isFile(path: string): Promise<boolean> {
  return await Deno.stat(path).then((s) => s.isFile, () => false);
}

/**
 * The shell tmux would take as `default-shell`: `$SHELL` when it is an absolute path, else the
 * user's login shell from `/etc/passwd`, else `/bin/sh` (tmux's `getshell()`). A shell does not
 * always export `$SHELL` (bash sets it unexported when it was unset), so the passwd entry matters.
 */
export function defaultShell(
  env: string | undefined,
  passwd: string | undefined,
  uid: number | null,
): string {
  if (env?.startsWith("/")) return env;
  if (passwd !== undefined && uid !== null) {
    for (const line of passwd.split("\n")) {
      const [, , id, , , , login] = line.split(":");
      if (id === String(uid) && login?.startsWith("/")) return login.trim();
    }
  }
  return "/bin/sh";
}

function readPasswd(): string | undefined {
  try {
    return Deno.readTextFileSync("/etc/passwd");
  } catch {
    return undefined;
  }
}

/** Runs `weft tmux ARGS…` with this I/O; the exit code. */
export async function runTmux(args: readonly string[], io: CliIo): Promise<number> {
  const need = needs(args, io.env("WEFT_SOCKET"));
  if (need.other) return await realTmux(args, need.other, io);
  if (need.version) {
    io.out(`${TMUX_VERSION}\n`);
    return 0;
  }
  const pane = io.env("TMUX_PANE") ?? io.env("WEFT_PANE");
  const env = io.env("SHELL");
  const shell = defaultShell(env, env?.startsWith("/") ? undefined : readPasswd(), Deno.uid());
  const stdin = need.stdin ? await io.stdin?.() ?? "" : undefined;
  let client: WeftClient;
  try {
    client = await connect(io);
  } catch (err) {
    io.err(`no server running: ${(err as Error).message}\n`);
    return 1;
  }
  try {
    const r = await client.call<{ code: number; out: string; err: string }>("tmux.exec", {
      argv: args,
      ...(pane ? { pane } : {}),
      shell,
      ...(stdin === undefined ? {} : { stdin }),
    });
    io.out(r.out);
    io.err(r.err);
    return r.code;
  } catch (err) {
    io.err(`${(err as Error).message}\n`);
    return 1;
  } finally {
    client.close();
  }
}

/** The `tmux` subcommand. */
export const tmux: Subcommand = {
  words: "foreign",
  usage: "weft tmux COMMAND [FLAGS] [ARGS] (-L NAME, -S PATH: the real tmux's servers)",
  summary: "tmux's commands (split-window, send-keys, list-panes, display-message, …) on weft's " +
    "panes, with tmux's output and exit codes",
  run: (args, io) => runTmux(args, io),
};

/**
 * Two sides of a tmux comparison: weft's (`weft tmux` against a weft server) and Debian's real
 * tmux on its own socket, and checks that both give the same output and exit code.
 *
 * @module
 */

import { deepStrictEqual } from "node:assert/strict";
import { runTmux } from "../../plugins/tmux/cli.ts";

/** One tmux call: exit code, stdout, stderr. */
export interface Result {
  code: number;
  out: string;
  err: string;
}

/** One side: how to run tmux words (with stdin), and that side's own pane ids by label. */
export interface Side {
  run: (args: string[], stdin?: string) => Promise<Result>;
  ids: Record<string, string>;
}

/** weft's side: `weft tmux` on the server at `socket`, as the pane labelled `leader`. */
export function weftSide(dir: string, socket: string): Side {
  const side: Side = {
    ids: {},
    run: async (args, stdin) => {
      let out = "";
      let err = "";
      const env: Record<string, string> = { WEFT_SOCKET: socket };
      if (side.ids.leader) env.TMUX_PANE = side.ids.leader;
      const shell = Deno.env.get("SHELL");
      if (shell) env.SHELL = shell;
      const code = await runTmux(args, {
        out: (t) => void (out += t),
        err: (t) => void (err += t),
        cwd: dir,
        env: (n) => env[n],
        stdin: () => Promise.resolve(stdin ?? ""),
      });
      return { code, out, err };
    },
  };
  return side;
}

/** Real tmux's side, on its own socket name (`-L`) with no configuration file. */
export function realSide(socket: string): Side {
  return {
    ids: {},
    run: async (args, stdin) => {
      const env = { ...Deno.env.toObject() };
      delete env.TMUX;
      delete env.TMUX_PANE;
      const child = new Deno.Command("tmux", {
        args: ["-L", socket, "-f", "/dev/null", ...args],
        env,
        clearEnv: true,
        stdin: stdin === undefined ? "null" : "piped",
        stdout: "piped",
        stderr: "piped",
      }).spawn();
      if (stdin !== undefined) {
        const w = child.stdin.getWriter();
        await w.write(new TextEncoder().encode(stdin));
        await w.close();
      }
      const r = await child.output();
      const dec = new TextDecoder();
      return { code: r.code, out: dec.decode(r.stdout), err: dec.decode(r.stderr) };
    },
  };
}

/** Runs the words on both sides (`{label}` replaced by that side's pane id); returns both. */
export async function both(sides: Side[], words: string[], stdin?: string): Promise<Result[]> {
  return await Promise.all(
    sides.map((s) =>
      s.run(words.map((w) => w.replace(/\{(\w+)\}/g, (m, k) => s.ids[k] ?? m)), stdin)
    ),
  );
}

/** Same exit code and output on both sides (after `shape`, which blurs ids and sizes). */
export async function same(
  sides: Side[],
  words: string[],
  shape = (s: string) => s,
  stdin?: string,
): Promise<Result> {
  const [w, t] = await both(sides, words, stdin);
  const view = (r: Result) => ({ code: r.code, out: shape(r.out), err: shape(r.err) });
  deepStrictEqual(view(w!), view(t!), `tmux ${words.join(" ")}`);
  return w!;
}

/** Blurs tmux ids (`%3`, `@1`, `$0`). */
export const ids = (s: string) => s.replace(/[%@$]\d+/g, "ID");
/** Blurs a shell's path (tmux's default-shell is the server's $SHELL). */
export const shell = (s: string) => s.replace(/^\/\S+$/gm, "/SHELL");
/** Blurs numbers (sizes, ids, byte counts, times) and layout checksums: the shape stays. */
export const numbers = (s: string) =>
  s.replace(/\b[0-9a-f]{4},(?=\d)/g, "CSUM,").replace(/\d+/g, "N");

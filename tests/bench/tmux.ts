/**
 * tmux shim benchmark: the wall time of one `tmux …` call inside a weft pane (the sh shim, its
 * Perl client, one `tmux.exec` round trip through the tmux plugin), p50 and p99 over 200 calls
 * of `display-message -p` and of `list-panes -F`; beside it, real tmux's own client on the same
 * command and `weft tmux` (a full Deno start), for scale. Goal: shim p50 ≤ 30 ms.
 *
 * Run alone: `deno run -A --unstable-worker-options tests/bench/tmux.ts`.
 *
 * @module
 */

import { join } from "node:path";
import { hasTmux, percentile, spawnServer, tmux } from "./_util.ts";
import { weftArgs } from "../helpers/cli.ts";

async function timeCalls(
  n: number,
  program: string,
  args: string[],
  env: Record<string, string>,
): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    const out = await new Deno.Command(program, { args, env, stdout: "piped", stderr: "piped" })
      .output();
    samples.push(performance.now() - start);
    if (!out.success) {
      throw new Error(`${program} ${args.join(" ")}: ${new TextDecoder().decode(out.stderr)}`);
    }
  }
  return samples;
}

function figures(name: string, samples: number[]): Record<string, number> {
  const r = (x: number) => Math.round(x * 10) / 10;
  return {
    [`${name}_p50_ms`]: r(percentile(samples, 50)),
    [`${name}_p99_ms`]: r(percentile(samples, 99)),
  };
}

/** The tmux shim's per-call cost. */
export async function benchTmux(): Promise<Record<string, number>> {
  const server = await spawnServer();
  try {
    const client = await server.connect();
    const { panes } = await client.call<{ panes: { id: string }[] }>("pane.list", {});
    client.close();
    const pane = panes[0]!.id;
    const env = { WEFT_SOCKET: server.socket, TMUX_PANE: `%${pane.slice(1)}`, WEFT_PANE: pane };
    const shim = join(server.dir, ".weft", "bin", "tmux");
    await timeCalls(5, shim, ["-V"], env); // warm the plugin and the page cache
    const result = {
      ...figures(
        "shim_display",
        await timeCalls(
          200,
          shim,
          ["display-message", "-p", "#{session_name}:#{window_index}"],
          env,
        ),
      ),
      ...figures(
        "shim_list_panes",
        await timeCalls(200, shim, ["list-panes", "-F", "#{pane_id} #{pane_title}"], env),
      ),
      ...figures(
        "weft_tmux_deno",
        await timeCalls(
          10,
          Deno.execPath(),
          weftArgs("tmux", "display-message", "-p", "#{pane_id}"),
          { ...env },
        ),
      ),
    };
    if (!(await hasTmux())) return result;
    const socket = `weft-bench-tmux-${Deno.pid}`;
    await tmux(socket, "new-session", "-d");
    try {
      const real = await timeCalls(200, "tmux", [
        "-L",
        socket,
        "display-message",
        "-p",
        "#{session_name}:#{window_index}",
      ], {});
      return { ...result, ...figures("real_tmux_display", real) };
    } finally {
      await tmux(socket, "kill-server").catch(() => "");
    }
  } finally {
    await server.stop();
  }
}

if (import.meta.main) console.table(await benchTmux());

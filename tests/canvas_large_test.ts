// End-to-end: a 50 MB log opens as a canvas at once, showing its end: the canvas plugin reads
// its tail, not the file (counted by the kernel in /proc/PID/io), and the server answers other
// clients during the open. Round-trip times are printed for the reader; they are not asserted
// (under the load of a parallel test run they measure the machine; `deno task bench -- canvas`
// has the figures).
import { match, ok } from "node:assert/strict";
import { join } from "node:path";
import { E2E, withServer } from "./helpers/server.ts";
import { pluginPids } from "./helpers/plugin_pids.ts";

const SIZE = 50 * 1024 * 1024;

/** Bytes the process `pid` has read through read(2) and its kin, pipes included. */
async function bytesRead(pid: number): Promise<number> {
  const io = await Deno.readTextFile(`/proc/${pid}/io`);
  return Number(/^rchar: (\d+)$/m.exec(io)![1]);
}

/** Writes a log of about `size` bytes whose last line is `last`. */
async function writeLog(path: string, size: number, last: string): Promise<void> {
  const line = "2026-11-24T02:00:00Z INFO  request served in 12 ms by worker 7 of the pool\n";
  const chunk = new TextEncoder().encode(line.repeat(Math.floor((1 << 20) / line.length)));
  const file = await Deno.open(path, { write: true, create: true, truncate: true });
  try {
    for (let written = 0; written < size; written += chunk.length) await file.write(chunk);
    await file.write(new TextEncoder().encode(last + "\n"));
  } finally {
    file.close();
  }
}

Deno.test(
  "a 50 MB log opens at once, reading its tail only, while the server answers",
  E2E,
  async () => {
    await withServer(async ({ client, connect, dir }) => {
      await writeLog(join(dir, "big.log"), SIZE, "ERROR the very last line");
      // Warm both sides first (a first canvas compiles the plugin's code): the figure is about size.
      await Deno.writeTextFile(join(dir, "small.log"), "warm\n");
      const warm = await client.call<{ pane: string }>("canvas.open", {
        kind: "log",
        path: "small.log",
      });
      await client.call("pane.close", { pane: warm.pane });
      const canvas = await pluginPids("canvas", Deno.pid, dir);
      ok(
        canvas.length === 1,
        `one canvas plugin process for this project: ${JSON.stringify(canvas)}`,
      );
      const pid = canvas[0]!.pid;
      const pinger = await connect();
      await pinger.call("server.status", {});
      let samples: number[] = [];
      let done = false;
      const ping = async () => {
        while (!done) {
          const start = performance.now();
          await pinger.call("server.status", {});
          samples.push(performance.now() - start);
        }
      };
      // The same pinging for 1.5 s before the open gives the machine's own noise (the 50 MB just
      // written is still being flushed to disk).
      let pings = ping();
      await new Promise((r) => setTimeout(r, 1500));
      done = true;
      await pings;
      const before = Math.max(...samples);
      samples = [];
      done = false;
      pings = ping();
      const readBefore = await bytesRead(pid);
      const start = performance.now();
      const { pane } = await client.call<{ pane: string }>("canvas.open", {
        kind: "log",
        path: "big.log",
      });
      const openMs = performance.now() - start;
      const read = (await bytesRead(pid)) - readBefore;
      done = true;
      await pings;
      const worst = Math.max(...samples);
      console.log(
        `50 MB log: open ${openMs.toFixed(1)} ms, ${samples.length} round trips during it, ` +
          `worst ${worst.toFixed(1)} ms (before it: ${before.toFixed(1)} ms); ` +
          `the plugin read ${(read / 1024).toFixed(0)} KiB`,
      );
      ok(samples.length > 0, "another client's calls were answered during the open");
      // The tail (256 KiB) and the bus traffic of one open, far from the file's 50 MiB.
      ok(read < 4 * 1024 * 1024, `the canvas plugin read ${read} bytes to open a 50 MiB log`);
      const shown = await client.call<{ text: string; title: string }>("pane.read", { pane });
      match(shown.text, /ERROR the very last line/);
      match(shown.title, /^big\.log \(last 256 KiB of 5[01] MiB\)$/);
    }, { startupSession: true });
  },
);

import { deepStrictEqual, ok } from "node:assert/strict";
import { ParseQueue } from "./_queue.ts";

/** Spins for `ms` (a slow parser, so the pieces it is given tell how the queue cuts them). */
function spin(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) { /* busy */ }
}

Deno.test("ParseQueue cuts its pieces to the parser's speed, so a slice stays near its budget", async () => {
  // A parser that takes 1 ms per KiB: at the fixed 64 KiB pieces of before, each slice took
  // 64 ms whatever its budget. The queue learns the speed from the pieces it parses (a loaded
  // machine only makes the measured speed lower and the pieces smaller).
  const sizes: number[] = [];
  let parsed = "";
  const queue = new ParseQueue((piece) => {
    const text = piece as string;
    sizes.push(text.length);
    parsed += text;
    spin(text.length / 1024);
  }, () => {});
  const data = Array.from({ length: 4096 }, (_, i) => `line ${i}\r\n`.padEnd(64, ".")).join("");
  for (let at = 0; at < data.length; at += 32 * 1024) queue.write(data.slice(at, at + 32 * 1024));
  await queue.flush();
  // Nothing lost, nothing repeated, in order.
  deepStrictEqual(parsed, data);
  ok(sizes.length > 20, `${sizes.length} pieces`);
  const late = sizes.slice(-10);
  ok(late.every((n) => n <= 16 * 1024), `last pieces: ${late.join(", ")} units`);
  ok(Math.max(...late) < Math.max(...sizes.slice(0, 3)), `pieces ${sizes.join(", ")}`);
});

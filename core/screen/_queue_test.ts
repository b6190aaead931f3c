import { deepStrictEqual, ok } from "node:assert/strict";
import { ParseLoop, ParseQueue } from "./_queue.ts";

/** Spins for `ms` (a slow parser, so the pieces it is given tell how the queue cuts them). */
function spin(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) { /* busy */ }
}

Deno.test("ParseQueue cuts its pieces to the parser's speed, so a slice stays near its budget", async () => {
  const loop = new ParseLoop();
  // A parser that takes 1 ms per KiB: at the fixed 64 KiB pieces of before, each slice took
  // 64 ms whatever its budget. The queue learns the speed from the pieces it parses (a loaded
  // machine only makes the measured speed lower and the pieces smaller).
  const sizes: number[] = [];
  let parsed = "";
  const queue = new ParseQueue(loop, (piece) => {
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

Deno.test("ParseQueue rests between slices while someone types, and keeps the order", async () => {
  const loop = new ParseLoop();
  loop.inputArrived();
  let slices = 0;
  let parsed = "";
  const queue = new ParseQueue(loop, (piece) => {
    parsed += piece as string;
    spin((piece as string).length / 4096); // 4 KiB per ms
  }, () => slices++);
  const data = "x".repeat(256 * 1024);
  const started = performance.now();
  queue.write(data);
  while (!queue.idle) {
    loop.inputArrived(); // a typist keeps typing
    await new Promise((r) => setTimeout(r, 10));
  }
  await queue.flush();
  const elapsed = performance.now() - started;
  deepStrictEqual(parsed, data);
  // A slice parses ~1 ms of it and every slice but the last is followed by a 4 ms rest (a
  // timer: it can only come late), besides the 64 ms the parser spins in all. Parsing flat out
  // would take those 64 ms in a handful of slices.
  ok(slices >= 20, `${slices} slices`);
  ok(elapsed >= 64 + (slices - 1) * 4, `${elapsed.toFixed(0)} ms for ${slices} slices`);
});

Deno.test("ParseQueue parses the pane typed into at full pace while the others rest", async () => {
  const loop = new ParseLoop();
  // Two floods of the same size; the one written first is not the one typed into.
  const done: string[] = [];
  const make = () =>
    new ParseQueue(loop, (piece) => spin((piece as string).length / 4096), () => {});
  const other = make();
  const typed = make();
  const data = "x".repeat(256 * 1024); // 64 ms of parsing each
  other.write(data);
  typed.write(data);
  loop.inputArrived(typed);
  const keepTyping = setInterval(() => loop.inputArrived(typed), 100);
  try {
    await Promise.all([
      typed.flush().then(() => done.push(`typed (other still had ${other.pending})`)),
      other.flush().then(() => done.push("other")),
    ]);
  } finally {
    clearInterval(keepTyping);
  }
  // The typed pane gets 5 ms slices with no rest, the other 1 ms then a 4 ms rest: the typed
  // one is done while most of the other is still queued (taking turns, both end together).
  ok(done[0]!.startsWith("typed"), done.join(", "));
  const left = Number(/still had (\d+)/.exec(done[0]!)![1]);
  ok(left > data.length / 2, `the other had ${left} of ${data.length} left`);
});

Deno.test("ParseQueue's speed recovers after a slow spell: short pieces are measured together", async () => {
  const loop = new ParseLoop();
  // A parser slow for a while (a preempted thread), then fast again: the pieces shrink, then
  // must grow back, although each short piece alone takes too little time to measure.
  let slow = true;
  const sizes: number[] = [];
  const queue = new ParseQueue(loop, (piece) => {
    const n = (piece as string).length;
    sizes.push(n);
    spin(slow ? n / 256 : n / (64 * 1024)); // 256 units per ms, then 64 Ki per ms
  }, () => {});
  const chunk = "y".repeat(64 * 1024);
  for (let i = 0; i < 4; i++) queue.write(chunk);
  await queue.flush();
  const smallest = Math.min(...sizes.slice(-5));
  ok(smallest <= 4 * 1024, `pieces shrank: ${sizes.slice(-5).join(", ")}`);
  slow = false;
  sizes.length = 0;
  for (let i = 0; i < 64; i++) queue.write(chunk);
  await queue.flush();
  ok(
    Math.max(...sizes.slice(-10)) >= 16 * 1024,
    `pieces grew back: ${sizes.slice(-10).join(", ")}`,
  );
});

Deno.test("ParseLoop: typing into one server's pane does not slow another server's floods", async () => {
  // Two loops, as two servers in one process have: typing seen by one rests only its queues.
  const typedLoop = new ParseLoop();
  const otherLoop = new ParseLoop();
  typedLoop.inputArrived();
  let slices = 0;
  const queue = new ParseQueue(otherLoop, (piece) => {
    spin((piece as string).length / 4096); // 4 KiB per ms
  }, () => slices++);
  const keepTyping = setInterval(() => typedLoop.inputArrived(), 100);
  const started = performance.now();
  queue.write("x".repeat(256 * 1024));
  await queue.flush();
  clearInterval(keepTyping);
  // Resting, 1 ms slices with 4 ms rests would take at least 64 slices and 64 + 63 * 4 ms.
  ok(slices < 40, `${slices} slices in ${(performance.now() - started).toFixed(0)} ms`);
});

Deno.test("ParseLoop parks through a socket pair in a flood and closes it once the work is done", async () => {
  const loop = new ParseLoop();
  let parsed = "";
  const queue = new ParseQueue(loop, (piece) => {
    parsed += piece as string;
    spin((piece as string).length / 1024); // 1 ms per KiB: 200 KiB keep the loop busy 200 ms
  }, () => {});
  const data = Array.from({ length: 3200 }, (_, i) => `line ${i}\r\n`.padEnd(64, ".")).join("");
  for (let at = 0; at < data.length; at += 16 * 1024) queue.write(data.slice(at, at + 16 * 1024));
  await queue.flush();
  deepStrictEqual(parsed, data);
  const parks = loop.parks;
  ok(parks.socket > 0, `parks: ${JSON.stringify(parks)}`);
  // Idle again: the pair is closed, and a short write parks by timer (no flood).
  deepStrictEqual(loop.parks.open, false);
  queue.write("more");
  await queue.flush();
  deepStrictEqual(parsed, data + "more");
  deepStrictEqual(loop.parks.open, false);
});

import { deepStrictEqual as assertEquals, ok as assert, strictEqual } from "node:assert/strict";
import { inPieces, OUTPUT_PIECE, pipe } from "./pane_io.ts";
import { type ExitInfo, Pty } from "../pty/mod.ts";
import { Screen } from "../screen/mod.ts";
import { FakePtys } from "../../tests/helpers/fake_pty.ts";
import { untilEvent } from "../../tests/helpers/poll.ts";

const ENV = { PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin", LANG: "C.UTF-8" };

Deno.test("pipe() feeds the screen and onOutput, and a flood does not grow pendingBytes without bound", async () => {
  const highWater = 256 * 1024;
  const pty = Pty.spawn({
    argv: ["bash", "-c", "head -c 40000000 /dev/zero | tr '\\0' 'y' | fold -w 100; echo; echo END"],
    cwd: "/",
    env: ENV,
    cols: 80,
    rows: 24,
  });
  const screen = new Screen({
    cols: 80,
    rows: 24,
    historyBytes: 1 << 20,
    reply: (d) => pty.write(d),
  });
  let output = 0;
  let tail = "";
  const unpipe = pipe(pty, screen, {
    highWater,
    lowWater: 64 * 1024,
    onOutput: (text) => {
      output += text.length;
      tail = (tail + text).slice(-100);
    },
  });
  let maxPending = 0;
  pty.onBytes(() => maxPending = Math.max(maxPending, screen.pendingBytes));
  const exit = await new Promise<ExitInfo>((resolve) => pty.onExit(resolve));
  await screen.flush();
  assertEquals(exit.code, 0);
  assert(output > 40_000_000, `${output} characters of output`);
  assert(tail.includes("END"));
  // paused above the high-water mark: what was already read on the way still arrives
  assert(maxPending < highWater + 3 * 1024 * 1024, `pending reached ${maxPending}`);
  assertEquals(screen.read({ mode: "recent", lines: 1 }).text, "END");
  unpipe();
  screen.dispose();
});

Deno.test("pipe() returns a disposer that stops feeding the screen", async () => {
  const pty = Pty.spawn({ argv: ["cat"], cwd: "/", env: ENV, cols: 40, rows: 5 });
  const screen = new Screen({
    cols: 40,
    rows: 5,
    historyBytes: 1 << 16,
    reply: (d) => pty.write(d),
  });
  const unpipe = pipe(pty, screen, {});
  pty.write("before\r");
  const output = (wake: () => void) => pty.onData(wake);
  await untilEvent("the echo on the screen", {
    on: output,
    check: async () => (await screen.flush(), screen.read().text.includes("before")),
    timeoutMs: 15_000,
  });
  unpipe();
  let late = "";
  pty.onData((data) => late += data);
  pty.write("after\r");
  await untilEvent("the echo after unpipe", { on: output, check: () => late.includes("after") });
  await screen.flush();
  assert(!screen.read().text.includes("after"));
  pty.kill();
  await new Promise((resolve) => pty.onExit(resolve));
  screen.dispose();
});

Deno.test("pipe() pauses the PTY above the high-water mark and resumes it once the screen catches up", async () => {
  const pty = new FakePtys().spawn({ argv: ["x"], cwd: "/", env: {}, cols: 40, rows: 5 });
  const fake = FakePtys.of({ pty });
  const screen = new Screen({
    cols: 40,
    rows: 5,
    historyBytes: 1 << 16,
    reply: () => {},
    lowWater: 1024,
  });
  const unpipe = pipe(pty, screen, { highWater: 4096, lowWater: 1024 });
  fake.output("y".repeat(2048));
  strictEqual(fake.paused, false);
  fake.output("y".repeat(4096));
  strictEqual(fake.paused, true, `paused with ${screen.pendingBytes} bytes pending`);
  await screen.flush();
  strictEqual(fake.paused, false);
  fake.output("z".repeat(8192));
  strictEqual(fake.paused, true);
  unpipe();
  strictEqual(fake.paused, false, "the disposer resumes a paused PTY");
  screen.dispose();
});

Deno.test("inPieces() cuts long output into pieces and keeps surrogate pairs whole", () => {
  const cut = (text: string, size: number) => {
    const out: string[] = [];
    inPieces(text, size, (p) => out.push(p));
    return out;
  };
  assertEquals(cut("", 4), [""]);
  assertEquals(cut("abc", 4), ["abc"]);
  assertEquals(cut("abcdefghij", 4), ["abcd", "efgh", "ij"]);
  // "😀" is two UTF-16 units: a cut between them moves back by one.
  assertEquals(cut("abc😀def", 4), ["abc", "😀de", "f"]);
  const long = "x".repeat(OUTPUT_PIECE * 3 + 5);
  assertEquals(cut(long, OUTPUT_PIECE).map((p) => p.length), [
    OUTPUT_PIECE,
    OUTPUT_PIECE,
    OUTPUT_PIECE,
    5,
  ]);
  assertEquals(cut(long, OUTPUT_PIECE).join(""), long);
});

import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { pipe } from "../model/pane_io.ts";
import { type ExitInfo, Pty } from "../pty/pty.ts";
import { Screen, type ScreenOptions } from "./screen.ts";

function screen(options: Partial<ScreenOptions> = {}): Screen & { replies: string[] } {
  const replies: string[] = [];
  const s = new Screen({
    cols: 40,
    rows: 6,
    historyBytes: 1 << 20,
    reply: (data) => replies.push(data),
    ...options,
  });
  return Object.assign(s, { replies });
}

async function written(s: Screen, ...data: string[]): Promise<void> {
  for (const d of data) s.write(d);
  await s.flush();
}

/** Runs `argv` in a real PTY piped into a screen; resolves with the exit and the screen. */
async function run(argv: string[], cols = 40, rows = 6): Promise<{ exit: ExitInfo; s: Screen }> {
  const pty = Pty.spawn({
    argv,
    cwd: "/",
    env: { PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin", LANG: "C.UTF-8" },
    cols,
    rows,
  });
  const s = new Screen({ cols, rows, historyBytes: 1 << 20, reply: (d) => pty.write(d) });
  const unpipe = pipe(pty, s, {});
  const exit = await new Promise<ExitInfo>((resolve) => pty.onExit(resolve));
  await s.flush();
  unpipe();
  return { exit, s };
}

Deno.test("Screen.read() shows printf output from a real PTY, plain and with ANSI", async () => {
  const { exit, s } = await run([
    "bash",
    "-c",
    "printf 'plain\\n\\e[1;31mred\\e[0m and \\e[42mbg\\e[0m  \\n'",
  ]);
  assertEquals(exit.code, 0);
  const plain = s.read();
  assertEquals(plain.text.split("\n").slice(0, 2), ["plain", "red and bg"]);
  assertEquals(plain.lineCount, 6);
  const ansi = s.read({ ansi: true }).text.split("\n")[1];
  assertEquals(ansi, "\x1b[0;1;31mred\x1b[0m and \x1b[0;42mbg\x1b[0m");
  s.dispose();
});

Deno.test("Screen answers a cursor position query so a waiting program finishes", async () => {
  const { exit, s } = await run([
    "bash",
    "-c",
    "printf 'ask\\e[6n'; read -s -d R x; echo; echo ok${x#*[}",
  ]);
  assertEquals(exit.code, 0);
  assertEquals(s.read().text.split("\n").slice(0, 2), ["ask", "ok1;4"]);
  s.dispose();
});

Deno.test("Screen replies to device attribute, mode, colour and size queries", async () => {
  const s = screen();
  await written(s, "\x1b[c", "\x1b[>c", "\x1b[?2004h\x1b[?2004$p", "\x1b[5n");
  assert(s.replies[0]!.startsWith("\x1b[?"), JSON.stringify(s.replies));
  assert(s.replies[1]!.startsWith("\x1b[>"), JSON.stringify(s.replies));
  assertEquals(s.replies.slice(2), ["\x1b[?2004;1$y", "\x1b[0n"]);
  s.replies.length = 0;
  await written(s, "\x1b]11;?\x07", "\x1b]4;196;?\x1b\\", "\x1b[18t");
  assertEquals(s.replies, [
    "\x1b]11;rgb:0000/0000/0000\x1b\\",
    "\x1b]4;196;rgb:ffff/0000/0000\x1b\\",
    "\x1b[8;6;40t",
  ]);
  s.dispose();
});

Deno.test("Screen answers the OSC 7501 status probe only when asked to, and hands on reports", async () => {
  const quiet = screen();
  await written(quiet, "\x1b]7501;?\x07", "\x1b]7501;state=working\x07x");
  assertEquals(quiet.replies, []);
  assertEquals(quiet.read().text.split("\n")[0], "x");
  quiet.dispose();
  const seen: unknown[] = [];
  let answer = true;
  const s = screen({ status: { answer: () => answer, report: (m) => seen.push(m) } });
  await written(s, "\x1b]7501;?\x07", "\x1b]7501;state=blocked:kind=permission:msg=aGk=\x1b\\ok");
  assertEquals(s.replies, ["\x1b]7501;?\x1b\\"]);
  assertEquals(seen, [{
    type: "report",
    record: { state: "blocked", kind: "permission", msg: "hi" },
  }]);
  answer = false;
  await written(s, "\x1b]7501;?\x07", "\x1b]7501;state=clear\x07", "\x1b]7501;bogus\x07");
  assertEquals(s.replies.length, 1);
  assertEquals(seen.slice(1).map((m) => (m as { type: string }).type), ["clear", "invalid"]);
  assertEquals(s.read().text.split("\n")[0], "ok");
  s.dispose();
});

Deno.test("Screen tracks the title, the OSC 7 cwd and bells", async () => {
  const s = screen();
  await written(s, "\x1b]0;first\x07", "\x1b]2;second\x1b\\", "\x1b]7;file://box/tmp/a%20dir\x07");
  await written(s, "\x07\x07");
  assertEquals([s.title, s.cwd, s.bells], ["second", "/tmp/a dir", 2]);
  assertEquals(s.read().title, "second");
  s.dispose();
});

Deno.test("Screen reports input modes and reads the alternate screen", async () => {
  const s = screen();
  await written(s, "main text\r\n");
  assertEquals(s.modes, {
    bracketedPaste: false,
    applicationCursor: false,
    applicationKeypad: false,
    mouse: false,
    mouseTracking: "none",
    mouseEncoding: "default",
    alternateScreen: false,
    focusEvents: false,
  });
  await written(s, "\x1b[?2004h\x1b[?1h\x1b=\x1b[?1000h\x1b[?1049h\x1b[?1004h\x1b[Halt screen");
  assertEquals(s.modes, {
    bracketedPaste: true,
    applicationCursor: true,
    applicationKeypad: true,
    mouse: true,
    mouseTracking: "vt200",
    mouseEncoding: "default",
    alternateScreen: true,
    focusEvents: true,
  });
  await written(s, "\x1b[?1002h\x1b[?1006h");
  assertEquals([s.modes.mouseTracking, s.modes.mouseEncoding], ["drag", "sgr"]);
  await written(s, "\x1b[?1006l\x1b[?9h");
  assertEquals([s.modes.mouseTracking, s.modes.mouseEncoding], ["x10", "default"]);
  assertEquals(s.read().text.split("\n")[0], "alt screen");
  await written(s, "\x1b[?1049l");
  assertEquals(s.read().text.split("\n")[0], "main text");
  s.dispose();
});

Deno.test("Screen.read() keeps wide and combining characters, live and in history", async () => {
  const s = screen({ cols: 20, rows: 3 });
  const line = "漢字 e\u0301 🙂 x";
  await written(s, line + "\r\n");
  assertEquals(s.read().text.split("\n")[0], line);
  for (let i = 0; i < 400; i++) s.write(`filler ${i}\r\n`);
  await s.flush();
  assert(s.firstLine === 0);
  assertEquals(s.read({ mode: "history" }).text.split("\n")[0], line);
  assertEquals(s.read({ mode: "history", ansi: true }).text.split("\n")[0], line);
  s.dispose();
});

Deno.test("Screen gives emoji two cells, as wcwidth and tmux do", async () => {
  const s = screen({ cols: 20, rows: 3 });
  await written(s, "🙂x漢y");
  const read = s.read();
  assertEquals([read.text.split("\n")[0], read.cursor.x], ["🙂x漢y", 6]);
  s.dispose();
});

Deno.test("Screen.read() joins soft-wrapped lines when asked", async () => {
  const s = screen({ cols: 10, rows: 5 });
  await written(s, "0123456789abcde fghij    klmno\r\nnext");
  assertEquals(s.read().text, "0123456789\nabcde fghi\nj    klmno\nnext\n");
  const joined = s.read({ joinWrapped: true });
  assertEquals(joined.text, "0123456789abcde fghij    klmno\nnext\n");
  assertEquals(joined.lineCount, 5);
  const recent = s.read({ mode: "recent", lines: 2, joinWrapped: true });
  assertEquals(recent.text, "0123456789abcde fghij    klmno\nnext");
  assertEquals(recent.firstLine, 0);
  s.dispose();
});

Deno.test("Screen.read() joins wrapped lines that scrolled into the history", async () => {
  const s = screen({ cols: 10, rows: 3 });
  await written(s, "x".repeat(10) + "wide 漢字漢字 end\r\n");
  for (let i = 0; i < 300; i++) s.write(`${i}\r\n`);
  await s.flush();
  const first = s.read({ mode: "history", joinWrapped: true }).text.split("\n")[0];
  assertEquals(first, "x".repeat(10) + "wide 漢字漢字 end");
  s.dispose();
});

Deno.test("Screen.read() returns the most recent lines and the whole history", async () => {
  const s = screen({ cols: 20, rows: 4 });
  for (let i = 0; i < 1000; i++) s.write(`line ${i}\r\n`);
  s.write("$ ");
  await s.flush();
  const recent = s.read({ mode: "recent", lines: 3 });
  assertEquals(recent.text, "line 998\nline 999\n$");
  assertEquals(recent.firstLine, 998);
  const history = s.read({ mode: "history" });
  assertEquals(history.firstLine, 0);
  assertEquals(history.lineCount, 1001);
  const lines = history.text.split("\n");
  assertEquals([lines[0], lines[500], lines[1000]], ["line 0", "line 500", "$"]);
  s.dispose();
});

Deno.test("Screen.read() with since returns only the lines that changed", async () => {
  const s = screen({ cols: 20, rows: 4 });
  const changes: number[] = [];
  s.onChange((revision) => changes.push(revision));
  await written(s, "one\r\ntwo\r\n");
  const r1 = s.revision;
  assert(r1 > 0 && changes.at(-1) === r1);
  const none = s.read({ since: r1 });
  assertEquals([none.changed, none.text, none.lineCount], [false, "", 0]);
  for (let i = 0; i < 10; i++) s.write(`new ${i}\r\n`);
  await s.flush();
  const delta = s.read({ mode: "recent", lines: 100, since: r1 });
  assert(delta.changed);
  assertEquals(delta.text, Array.from({ length: 10 }, (_, i) => `new ${i}`).join("\n"));
  assertEquals(delta.firstLine, 2);
  await written(s, "\x1b[1;1Hzzz");
  const top = s.read({ since: delta.revision });
  // xterm also marks the row the cursor left, so the span may reach down to it
  assertEquals([top.firstLine, top.text.split("\n")[0]], [delta.firstLine + 7, "zzz 7"]);
  await written(s, "\x1b]0;title only\x07");
  assertEquals(s.read({ since: top.revision }).changed, false);
  s.dispose();
});

Deno.test("Screen.read() with since stays exact enough past the revisions it keeps", async () => {
  const s = screen({ cols: 20, rows: 4 });
  await written(s, "before\r\n");
  const since = s.revision;
  for (let i = 0; i < 700; i++) await written(s, `after ${i}\r\n`);
  const delta = s.read({ mode: "history", since });
  const lines = delta.text.split("\n");
  assertEquals([lines[0], lines.at(-1), delta.firstLine], ["after 0", "after 699", 1]);
  s.dispose();
});

Deno.test("Screen history stays under its byte cap and drops the oldest lines", async () => {
  const cap = 64 * 1024;
  const s = screen({ cols: 80, rows: 24, historyBytes: cap });
  for (let i = 0; i < 50_000; i++) s.write(`history line ${i} ${"-".repeat(40)}\r\n`);
  await s.flush();
  assert(s.historyBytes <= cap, `${s.historyBytes} bytes kept`);
  assert(s.firstLine > 40_000, `oldest kept line is ${s.firstLine}`);
  const history = s.read({ mode: "history" });
  const lines = history.text.split("\n");
  assertEquals(history.firstLine, s.firstLine);
  assert(lines[0]!.startsWith(`history line ${s.firstLine} `), lines[0]);
  assert(lines.at(-1)!.startsWith("history line 49999 "));
  s.dispose();
});

Deno.test("Screen clears the history on ED 3 and keeps the screen on ED 2", async () => {
  const s = screen({ cols: 20, rows: 3 });
  for (let i = 0; i < 300; i++) s.write(`l${i}\r\n`);
  s.write("kept");
  await s.flush();
  await written(s, "\x1b[H\x1b[2J");
  assert(s.read({ mode: "history" }).text.includes("kept"));
  await written(s, "\x1b[3J", "after");
  const history = s.read({ mode: "history" });
  assert(!history.text.includes("l299"), history.text);
  assertEquals(history.text.trim(), "after");
  s.dispose();
});

Deno.test("Screen keeps the history across a terminal reset", async () => {
  const s = screen({ cols: 20, rows: 3 });
  for (let i = 0; i < 50; i++) s.write(`r${i}\r\n`);
  await written(s, "\x1bc", "fresh");
  const lines = s.read({ mode: "history" }).text.split("\n");
  assertEquals([lines[0], lines.at(-1)], ["r0", "fresh"]);
  assert(lines.includes("r49"));
  s.dispose();
});

Deno.test("Screen.resize() reflows and is seen by the program", async () => {
  const s = screen({ cols: 10, rows: 3 });
  await written(s, "abcdefghijklmno\r\n"); // xterm does not reflow the cursor's line
  const before = s.revision;
  s.resize(20, 4);
  assert(s.revision > before);
  const read = s.read();
  assertEquals([read.cols, read.rows], [20, 4]);
  assertEquals(read.text.split("\n")[0], "abcdefghijklmno");
  s.dispose();
  const { s: seen } = await run(["bash", "-c", "stty size"], 33, 7);
  assertEquals(seen.read().text.split("\n")[0], "7 33");
  seen.dispose();
});

Deno.test("Screen.flush() and pendingBytes follow parsing", async () => {
  const s = screen();
  s.write("x".repeat(300_000));
  assertEquals(s.pendingBytes, 300_000);
  let drained = 0;
  s.onDrain(() => drained++);
  await s.flush();
  assertEquals(s.pendingBytes, 0);
  assert(drained > 0);
  s.dispose();
  await s.flush();
});

Deno.test("Screen.read() with ANSI round-trips through another screen", async () => {
  const a = screen();
  await written(
    a,
    "\x1b[1;3;4mbiu\x1b[0m \x1b[38;5;208morange\x1b[0m \x1b[38;2;10;20;30;48;2;1;2;3mrgb\x1b[0m",
    "\r\n\x1b[2;7;9mdim inverse strike\x1b[0m \x1b[95;104mbright\x1b[0m",
  );
  const text = a.read({ ansi: true }).text;
  const b = screen();
  await written(b, text.split("\n").join("\r\n"));
  assertEquals(b.read({ ansi: true }).text, text);
  a.dispose();
  b.dispose();
});

Deno.test("Screen.read() with ansi keeps the styled padding of a reverse-video line", async () => {
  const s = new Screen({ cols: 20, rows: 3, historyBytes: 1 << 20, reply: () => {} });
  s.write("\x1b[7mstatus      \x1b[0m\r\n");
  await s.flush();
  const line = s.read({ ansi: true }).text.split("\n")[0]!;
  assertEquals(line, "\x1b[0;7mstatus      \x1b[0m");
  assertEquals(s.read().text.split("\n")[0], "status");
  s.dispose();
});

Deno.test("Screen.shrink() moves xterm's scrollback into the history: reads, line numbers and later output stay the same", async () => {
  const s = screen();
  const lines = Array.from({ length: 300 }, (_, i) => `line ${i} \x1b[31mred ${i}\x1b[0m tail`);
  await written(s, lines.join("\r\n") + "\r\nprompt$ ");
  const reads = () =>
    [
      s.read(),
      s.read({ mode: "recent", lines: 50, ansi: true }),
      s.read({ mode: "history" }),
      s.read({ mode: "history", ansi: true }),
    ].map((r) => ({ text: r.text, firstLine: r.firstLine, cursor: r.cursor }));
  const before = reads();
  const stored = s.historyBytes;
  const revision = s.revision;
  s.shrink();
  assertEquals(reads(), before);
  assert(s.historyBytes > stored, `${s.historyBytes} bytes stored, ${stored} before`);
  assertEquals(s.read({ since: revision }).changed, false);
  // Output after the shrink lands where it would have.
  await written(s, "echo more\r\nmore\r\nprompt$ ");
  const after = s.read({ mode: "history" }).text.split("\n");
  assertEquals(after.slice(-4), ["line 299 red 299 tail", "prompt$ echo more", "more", "prompt$"]);
  assertEquals(after.length, 303);
  s.dispose();
});

Deno.test("Screen.read() from the history (sealed and packed chunks, ASCII ones copied as bytes) matches the same lines read live: ANSI, joined, styled padding, wide text", async () => {
  for (const wide of [false, true]) {
    // `stored` keeps 6 rows on screen, the rest goes to its history in 16 KiB chunks (sealed,
    // runs packed); `live` has rows enough to keep every line in xterm's own buffer.
    const stored = screen({ cols: 20, historyBytes: 256 << 10 });
    const live = screen({ cols: 20, rows: 2000, historyBytes: 256 << 10 });
    const lines = Array.from({ length: 400 }, (_, i) =>
      [
        `\x1b[32mgreen ${i}\x1b[0m plain   `,
        `\x1b[7mbar ${i}   \x1b[0m`,
        `${
          wide ? "漢字 🙂 e\u0301" : "ascii"
        } \x1b[1;38;5;208mlong line wrapping ${i} over two rows\x1b[0m  `,
      ].join("\r\n"));
    await written(stored, lines.join("\r\n") + "\r\n$ ");
    await written(live, lines.join("\r\n") + "\r\n$ ");
    stored.shrink(); // xterm's scrollback moves into the history too
    const reads = (s: Screen) =>
      [
        { mode: "history" as const, ansi: true },
        { mode: "history" as const, ansi: true, joinWrapped: true },
        { mode: "history" as const, joinWrapped: true },
        { mode: "history" as const },
      ].map((options) => s.read(options).text);
    const want = reads(live);
    assert(want[0]!.includes("\x1b[0;7mbar 7   \x1b[0m"), want[0]!.slice(0, 200));
    assert(want[2]!.includes("long line wrapping 7 over two rows"));
    assert(want[3]!.includes("\ngreen 7 plain\nbar 7\n"), want[3]!.slice(0, 200));
    assertEquals(stored.firstLine, 0);
    assertEquals(reads(stored), want);
    stored.dispose();
    live.dispose();
  }
});

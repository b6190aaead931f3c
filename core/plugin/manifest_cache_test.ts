import { deepStrictEqual, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import type { Manifest } from "../../protocols/plugin/mod.ts";
import { eventually } from "../../tests/helpers/poll.ts";
import { fileManifestCache, layeredManifestCache } from "./manifest_cache.ts";

const manifest = (name: string): Manifest => ({
  protocol: 1,
  name,
  version: "1.0.0",
  capabilities: ["read:."],
  commands: [],
});

async function withDir(body: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "weft-manifest-cache-" });
  try {
    await body(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** The file is written in the background: wait until it holds exactly `keys`. */
async function written(file: string, keys: string[]): Promise<void> {
  await eventually(`${file} holds ${keys.join()}`, async () => {
    try {
      return Object.keys(JSON.parse(await Deno.readTextFile(file))).join() === keys.join();
    } catch {
      return false;
    }
  });
}

Deno.test("fileManifestCache() shared keeps one entry per name and module, the newest ones", async () => {
  await withDir(async (dir) => {
    const file = join(dir, "cache", "plugins.json");
    const cache = fileManifestCache(file, { shared: 2 });
    cache.set("a", "file:///one/a.ts", manifest("a"));
    cache.set("a", "file:///two/a.ts", manifest("a"));
    deepStrictEqual(cache.get("a", "file:///one/a.ts"), manifest("a"));
    cache.set("b", "file:///b.ts", manifest("b"));
    await written(file, ["a file:///two/a.ts", "b file:///b.ts"]);
    const again = fileManifestCache(file, { shared: 2 });
    strictEqual(again.get("a", "file:///one/a.ts"), undefined);
    deepStrictEqual(again.get("a", "file:///two/a.ts"), manifest("a"));
    strictEqual((await Deno.stat(join(dir, "cache"))).mode! & 0o777, 0o700);
  });
});

Deno.test("layeredManifestCache() looks in each cache in turn and remembers in all", async () => {
  await withDir(async (dir) => {
    const project = fileManifestCache(join(dir, "project.json"));
    const shared = fileManifestCache(join(dir, "shared.json"), { shared: 8 });
    shared.set("a", "file:///a.ts", manifest("a"));
    const cache = layeredManifestCache([project, shared]);
    deepStrictEqual(cache.get("a", "file:///a.ts"), manifest("a"));
    strictEqual(project.get("a", "file:///a.ts"), undefined);
    cache.set("b", "file:///b.ts", manifest("b"));
    deepStrictEqual(project.get("b", "file:///b.ts"), manifest("b"));
    deepStrictEqual(shared.get("b", "file:///b.ts"), manifest("b"));
    await written(join(dir, "project.json"), ["b"]);
    await written(join(dir, "shared.json"), ["a file:///a.ts", "b file:///b.ts"]);
  });
});

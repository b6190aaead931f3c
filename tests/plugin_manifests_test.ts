/**
 * A plugin with Deno-level rights on a server start: loaded twice on a project's first start
 * (once with no rights to learn what it asks, once with them), once on the next start (its
 * manifest remembered in `.weft/plugins.json`), and never with rights a stale entry claims.
 */

import { deepStrictEqual, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { type Capability, DENO_CAPABILITY_KINDS } from "../protocols/bus/capabilities.ts";
import { fileManifestCache, processTransport, type TransportFactory } from "../core/plugin/mod.ts";
import { fixture, plugin, withHost } from "./helpers/plugin_host.ts";
import { eventually } from "./helpers/poll.ts";

/** The process transport, noting the Deno-level grant of every launch. */
function counting(launches: string[][]): TransportFactory {
  return (options, events) => {
    const kinds: readonly string[] = DENO_CAPABILITY_KINDS;
    launches.push([...options.grant].filter((c) => kinds.includes(c.split(":")[0]!)));
    return processTransport(options, events);
  };
}

async function withProject(body: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "weft-manifests-" });
  try {
    await Deno.mkdir(join(dir, "allowed"));
    await Deno.writeTextFile(join(dir, "allowed", "a.txt"), "yes");
    await body(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const FILES = () => [plugin("files", fixture("files"), ["read:./allowed"] as Capability[])];

Deno.test("a plugin with Deno-level rights is loaded twice on a project's first start, once on the next", async () => {
  await withProject(async (dir) => {
    const cacheFile = join(dir, "plugins.json");
    for (const expected of [[[], ["read:./allowed"]], [["read:./allowed"]]]) {
      const launches: string[][] = [];
      await withHost(FILES(), async (h) => {
        strictEqual(h.status("files").state, "running");
        deepStrictEqual(await h.call("files.read", { path: join(dir, "allowed", "a.txt") }), {
          ok: true,
          value: "yes",
        });
      }, {
        projectDir: dir,
        transport: counting(launches),
        manifests: fileManifestCache(cacheFile),
      });
      deepStrictEqual(launches, expected);
      // The file is written in the background: wait for it before the next start reads it.
      await waitForFile(cacheFile);
    }
  });
});

Deno.test("a remembered manifest that no longer holds is replaced, and the plugin loaded again with the rights its own earns", async () => {
  await withProject(async (dir) => {
    const cacheFile = join(dir, "plugins.json");
    const stale = {
      files: {
        from: fixture("files"),
        manifest: {
          protocol: 1,
          name: "files",
          version: "0.0.1",
          capabilities: ["read:./allowed", "read:./other"],
          commands: [],
        },
      },
    };
    await Deno.writeTextFile(cacheFile, JSON.stringify(stale));
    const launches: string[][] = [];
    const configs = [plugin("files", fixture("files"), ["read:./allowed", "read:./other"])];
    await withHost(configs, (h) => {
      deepStrictEqual(h.status("files").grant, ["read:./allowed"]);
    }, { projectDir: dir, transport: counting(launches), manifests: fileManifestCache(cacheFile) });
    deepStrictEqual(launches, [["read:./allowed", "read:./other"], ["read:./allowed"]]);
    await waitForFile(cacheFile, (text) => !text.includes("read:./other"));
  });
});

async function waitForFile(file: string, ok: (text: string) => boolean = () => true) {
  await eventually(`${file} written`, async () => ok(await Deno.readTextFile(file)));
}

import { deepStrictEqual as assertEquals, rejects } from "node:assert/strict";
import { join } from "node:path";
import { loadConfig } from "./load.ts";
import { pluginEntries, writePluginEntry } from "./write.ts";

const TOML = `# my settings
idleMs = 900

[plugins]
# web = true
`;

Deno.test("writePluginEntry() adds and removes a [plugins.NAME] table, keeping the comments", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const file = join(dir, "weft.toml");
    await Deno.writeTextFile(file, TOML);
    await writePluginEntry(file, "hello", { from: "./h.ts", grant: ["pane:read"] });
    const config = await loadConfig(dir);
    assertEquals(config.idleMs, 900);
    assertEquals(config.plugins.map((p) => [p.name, p.grant]), [["hello", ["pane:read"]]]);
    const text = await Deno.readTextFile(file);
    assertEquals(text.startsWith(TOML), true);
    assertEquals(
      JSON.stringify(await pluginEntries(file, text)),
      '{"hello":{"from":"./h.ts","grant":["pane:read"]}}',
    );
    await writePluginEntry(file, "hello", undefined);
    assertEquals((await Deno.readTextFile(file)).trimEnd(), TOML.trimEnd());
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("writePluginEntry() writes nothing when the result would not load", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const file = join(dir, "deno.json");
    await Deno.writeTextFile(file, '{"tasks": {}}\n');
    await rejects(
      writePluginEntry(file, "pane", { from: "./p.ts", grant: [] }),
      /weft\.plugins\.pane/,
    );
    await rejects(
      writePluginEntry(file, "hello", { from: "./p.ts", grant: ["pane:reed"] }),
      /grant\[0\]/,
    );
    assertEquals(await Deno.readTextFile(file), '{"tasks": {}}\n');
    await rejects(writePluginEntry(join(dir, "deno.jsonc"), "x", {}), /deno\.jsonc/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

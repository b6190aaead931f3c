import { deepStrictEqual as assertEquals, rejects } from "node:assert/strict";
import { join } from "node:path";
import { loadConfig } from "./load.ts";

const BUILTINS = {
  web: { from: "file:///web/mod.ts", enabled: false, grant: [], options: {} },
};

async function withFiles(
  files: Record<string, string>,
  fn: (dir: string, user: string) => Promise<void>,
): Promise<void> {
  const dir = await Deno.makeTempDir();
  try {
    for (const [name, text] of Object.entries(files)) {
      await Deno.writeTextFile(join(dir, name), text);
    }
    await fn(join(dir, "project"), join(dir, "config.toml"));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const USER = `idleMs = 900
shell = "zsh"
[attach]
prefix = "C-a"
[attach.bind.prefix]
"|" = "split-window -h"
[plugins]
web = true
`;

Deno.test("loadConfig() puts the user's config.toml under the project's, key by key", async () => {
  await withFiles({ "config.toml": USER }, async (project, userFile) => {
    await Deno.mkdir(project);
    await Deno.writeTextFile(
      join(project, "deno.json"),
      JSON.stringify({ weft: { idleMs: 500, attach: { scrollback: 10 } } }),
    );
    const config = await loadConfig(project, { userFile, builtins: BUILTINS });
    assertEquals(config.idleMs, 500); // the project's
    assertEquals(config.shell, ["zsh"]); // the user's
    assertEquals(config.attach, { prefix: "C-a", scrollback: 10, modeKeys: "vi" });
    assertEquals(config.plugins.map((p) => p.name), ["web"]);
    const none = await loadConfig(project, { userFile: null, builtins: BUILTINS });
    assertEquals([none.shell, none.attach.prefix, none.plugins], [["bash"], "C-b", []]);
  });
});

Deno.test("loadConfig() names the user's file for a mistake in it, and keeps grants the project's", async () => {
  await withFiles({ "config.toml": "idelMs = 900\n" }, async (project, userFile) => {
    await Deno.mkdir(project);
    await rejects(
      loadConfig(project, { userFile }),
      (e: Error) => e.message.includes(userFile) && /did you mean "idleMs"/.test(e.message),
    );
    await Deno.writeTextFile(userFile, '[plugins.evil]\nfrom = "./x.ts"\ngrant = ["run:sh"]\n');
    await rejects(loadConfig(project, { userFile }), /grant are the project's/);
  });
});

import {
  deepStrictEqual as assertEquals,
  match as assertMatch,
  ok as assert,
  rejects,
} from "node:assert/strict";
import { join } from "node:path";
import { loadConfig, parseConfig } from "./load.ts";

const where = { projectDir: "/p", file: "/p/deno.json" };

function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    return (err as Error).message;
  }
  return "";
}

Deno.test("parseConfig() fills defaults for an empty section", () => {
  const config = parseConfig({}, where);
  assertEquals(config.projectDir, "/p");
  assert(config.historyBytes > 0);
  assertEquals(config.startup.session, "main");
});

Deno.test("parseConfig() names an unknown key", () => {
  assertMatch(errorOf(() => parseConfig({ histroyBytes: 1 }, where)), /unknown key "histroyBytes"/);
  assertMatch(
    errorOf(() => parseConfig({ plugins: { hello: { from: "./h.ts", grnat: [] } } }, where)),
    /weft\.plugins\.hello.*"grnat"/,
  );
});

Deno.test("parseConfig() names a bad grant", () => {
  const msg = errorOf(() =>
    parseConfig({ plugins: { hello: { from: "./h.ts", grant: ["pane:rule"] } } }, where)
  );
  assertMatch(msg, /weft\.plugins\.hello\.grant\[0\].*pane:rule/);
});

Deno.test("parseConfig() resolves a path plugin against the project and keeps its grant", () => {
  const config = parseConfig({
    plugins: { hello: { from: "./plugins/h.ts", grant: ["pane:read"] } },
  }, where);
  assertEquals(config.plugins.filter((p) => p.name === "hello"), [{
    name: "hello",
    from: "file:///p/plugins/h.ts",
    grant: ["pane:read"],
    options: {},
    memoryMiB: 256,
  }]);
});

Deno.test("parseConfig() takes a plugin's memory cap and refuses one too small", () => {
  const config = parseConfig({ plugins: { hello: { from: "./h.ts", memoryMiB: 64 } } }, where);
  assertEquals(config.plugins[0]?.memoryMiB, 64);
  assertMatch(
    errorOf(() => parseConfig({ plugins: { hello: { from: "./h.ts", memoryMiB: 1 } } }, where)),
    /weft\.plugins\.hello\.memoryMiB/,
  );
});

Deno.test("parseConfig() refuses the core's names and the built-ins' names for other modules", () => {
  const builtins = {
    layout: { from: "file:///weft/plugins/layout/mod.ts", enabled: true, grant: [], options: {} },
  };
  const at = { ...where, builtins };
  for (const name of ["core", "pane", "session", "window", "server"]) {
    assertMatch(
      errorOf(() => parseConfig({ plugins: { [name]: { from: "./x.ts" } } }, at)),
      new RegExp(`weft\\.plugins\\.${name}: "${name}" is reserved for the core`),
    );
  }
  assertMatch(
    errorOf(() => parseConfig({ plugins: { core: {} } }, at)),
    /weft\.plugins\.core: "core" is reserved for the core/,
  );
  assertMatch(
    errorOf(() => parseConfig({ plugins: { layout: { from: "./my_layout.ts" } } }, at)),
    /weft\.plugins\.layout: "layout" is the built-in plugin's name; only its own module/,
  );
  for (const name of ["mcp", "sideband", "canvas", "messaging", "bridge", "web", "tmux"]) {
    assertMatch(
      errorOf(() => parseConfig({ plugins: { [name]: { from: "./x.ts" } } }, at)),
      new RegExp(`weft\\.plugins\\.${name}: "${name}" is reserved for a built-in plugin`),
    );
  }
  const same = parseConfig(
    { plugins: { layout: { from: "file:///weft/plugins/layout/mod.ts" } } },
    at,
  );
  assertEquals(same.plugins.map((p) => p.name), ["layout"]);
});

Deno.test("parseConfig() refuses a plugin that is neither built in nor has from", () => {
  assertMatch(errorOf(() => parseConfig({ plugins: { nope: {} } }, where)), /needs "from"/);
});

Deno.test("parseConfig() names the built-in meant by a mistyped plugin, even one switched off", () => {
  const builtins = {
    canvas: { from: "file:///weft/plugins/canvas/mod.ts", grant: [], options: {}, enabled: true },
  };
  const at = { ...where, builtins };
  for (const entry of [false, true, {}]) {
    assertEquals(
      errorOf(() => parseConfig({ plugins: { canvass: entry } }, at)),
      'Cannot load config /p/deno.json: weft.plugins.canvass: not a built-in plugin; did you mean "canvas"?; a plugin of your own needs "from"',
    );
  }
});

Deno.test("parseConfig() names the key meant by a mistyped one, at any depth", () => {
  assertMatch(errorOf(() => parseConfig({ shel: "sh" }, where)), /"shel"; did you mean "shell"\?/);
  assertMatch(
    errorOf(() => parseConfig({ attach: { prefx: "C-a" } }, where)),
    /weft\.attach: unknown key "prefx"; did you mean "prefix"\?/,
  );
  assertMatch(
    errorOf(() => parseConfig({ plugins: { x: { from: "./x.ts", grnat: [] } } }, where)),
    /weft\.plugins\.x: unknown key "grnat"; did you mean "grant"\?/,
  );
});

Deno.test("loadConfig() finds the nearest deno.json upward and reads its weft section", async () => {
  const dir = await Deno.makeTempDir();
  await Deno.writeTextFile(join(dir, "deno.json"), '{ "weft": { "shell": "sh" } }');
  await Deno.mkdir(join(dir, "a/b"), { recursive: true });
  const config = await loadConfig(join(dir, "a/b"));
  assertEquals(config.projectDir, dir);
  assertEquals(config.shell, ["sh"]);
  await Deno.writeTextFile(join(dir, "deno.json"), "{ nope");
  await rejects(loadConfig(dir), /Cannot load config/);
  await Deno.remove(dir, { recursive: true });
});

Deno.test('parseConfig() keeps a built-in\'s "asked" grant unless the project narrows it', () => {
  const builtins = {
    demo: { from: "file:///weft/demo.ts", enabled: true, grant: "asked" as const, options: {} },
  };
  const grantOf = (section: Record<string, unknown>) =>
    parseConfig(section, { ...where, builtins }).plugins.find((p) => p.name === "demo")?.grant;
  assertEquals(grantOf({}), "asked");
  assertEquals(grantOf({ plugins: { demo: { grant: ["pane:read"] } } }), ["pane:read"]);
  // Another module cannot take a built-in's name at all (issue 10: reserved names).
  assertMatch(
    errorOf(() => grantOf({ plugins: { demo: { from: "./mine.ts" } } })),
    /only its own module may use it/,
  );
});

Deno.test("parseConfig() keeps built-ins that are off and unmentioned as dormant, never switched-off ones", () => {
  const builtin = (enabled: boolean) => ({
    from: "file:///weft/plugins/x/mod.ts",
    enabled,
    grant: [],
    options: { a: 1 },
  });
  const builtins = { on: builtin(true), off: builtin(false), refused: builtin(false) };
  const config = parseConfig({ plugins: { refused: false } }, { ...where, builtins });
  assertEquals(config.plugins.map((p) => p.name), ["on"]);
  assertEquals(config.dormant?.map((p) => [p.name, p.options]), [["off", { a: 1 }]]);
});

Deno.test("parseConfig() takes weft.<built-in> as that plugin's options, leaving it on or off", () => {
  const builtins = {
    bridge: { from: "file:///b.ts", enabled: true, grant: "asked" as const, options: { a: 1 } },
    web: { from: "file:///w.ts", enabled: false, grant: "asked" as const, options: {} },
  };
  const config = parseConfig({
    bridge: { agents: { A: {} }, a: 2 },
    web: { port: 1 },
    plugins: { bridge: { options: { concurrency: 3 } } },
  }, { ...where, builtins });
  assertEquals(config.plugins.map((p) => [p.name, p.options]), [
    ["bridge", { a: 2, agents: { A: {} }, concurrency: 3 }],
  ]);
  assertEquals(config.dormant?.map((p) => [p.name, p.options]), [["web", { port: 1 }]]);
  assertMatch(
    errorOf(() => parseConfig({ bridge: [1] }, { ...where, builtins })),
    /weft\.bridge: must be an object/,
  );
  assertMatch(errorOf(() => parseConfig({ bridge: {} }, where)), /unknown key "bridge"/);
});

Deno.test("loadConfig() reads a weft.toml, whose top level is weft's section", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(join(dir, "weft.toml"), 'shell = "sh"\nidleMs = 500\n');
    await Deno.mkdir(join(dir, "src"));
    const config = await loadConfig(join(dir, "src"));
    assertEquals(config.projectDir, dir);
    assertEquals(config.shell, ["sh"]);
    await Deno.writeTextFile(join(dir, "weft.toml"), "shel = 'sh'\n");
    await rejects(loadConfig(dir), /weft\.toml: weft: unknown key "shel"; did you mean "shell"\?/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

import { deepStrictEqual, ok, strictEqual, throws } from "node:assert/strict";
import { parse } from "smol-toml";
import {
  HookFileError,
  jsonHookFile,
  TOML_BEGIN,
  TOML_END,
  tomlHookBlock,
  useTomlParser,
} from "./mod.ts";
import { VENDORS } from "../agents/table.ts";
import { codexHooksToml } from "../agents/codex.ts";
import { geminiHooks } from "../agents/gemini.ts";

// The door that writes the files gives the parser (plugins/cli/hook_files.ts); so does this test.
useTomlParser(parse);

const settingsOf = (kind: string) => VENDORS.find((v) => v.kind === kind)!.hooks!.settings!;

Deno.test("every vendor with hooks says where its settings live (all but Aider)", () => {
  const env = (name: string) => ({ HOME: "/h", CODEX_HOME: "/c" })[name];
  deepStrictEqual(
    VENDORS.map((v) => [v.kind, v.hooks?.settings?.user(env), v.hooks?.settings?.project?.[0]]),
    [
      ["claude", "/h/.claude/settings.json", ".claude/settings.local.json"],
      ["codex", "/c/config.toml", ".codex/config.toml"],
      ["gemini", "/h/.gemini/settings.json", ".gemini/settings.json"],
      ["aider", undefined, undefined],
    ],
  );
  strictEqual(
    settingsOf("codex").user((n) => (n === "HOME" ? "/h" : undefined)),
    "/h/.codex/config.toml",
  );
  ok(settingsOf("codex").review?.includes("Hooks need review"));
});

const geminiUser = JSON.stringify(
  {
    ui: { theme: "dark" },
    hooks: {
      AfterTool: [{ matcher: "write_file", hooks: [{ type: "command", command: "prettier" }] }],
      Custom: "left alone",
    },
  },
  null,
  4,
);

Deno.test("Gemini settings: weft's entries go in beside the user's, once, and out exactly", () => {
  const file = settingsOf("gemini");
  strictEqual(file.status(geminiUser), "missing");
  const text = file.install(geminiUser);
  strictEqual(file.status(text), "installed");
  strictEqual(file.install(text), text, "installing twice is installing once");
  const hooks = JSON.parse(text).hooks;
  for (const [event, groups] of Object.entries(geminiHooks())) {
    const commands = hooks[event].flatMap((g: { hooks: { command: string }[] }) =>
      g.hooks.map((h) => h.command)
    );
    strictEqual(commands.filter((c: string) => c === groups[0]!.hooks[0]!.command).length, 1);
  }
  deepStrictEqual(hooks.AfterTool[0], JSON.parse(geminiUser).hooks.AfterTool[0]);
  strictEqual(hooks.Custom, "left alone");
  const out = file.uninstall(text);
  strictEqual(out.removed, Object.keys(geminiHooks()).length);
  deepStrictEqual(JSON.parse(out.text!), JSON.parse(geminiUser));
  deepStrictEqual(file.uninstall(geminiUser), { text: geminiUser, removed: 0 });
  // A file that held only weft's hooks goes with them.
  strictEqual(file.uninstall(file.install(undefined)).text, undefined);
  // One entry changed by hand (an older weft's): outdated, and install brings it back.
  const old = JSON.parse(text);
  old.hooks.AfterAgent.at(-1).hooks[0].command = "curl old # weft hooks";
  strictEqual(file.status(JSON.stringify(old)), "outdated");
  strictEqual(file.install(JSON.stringify(old)), text);
});

Deno.test("Claude Code settings: the same merge, and an already installed file keeps its text", () => {
  const file = settingsOf("claude");
  const text = file.install('{"model":"opus"}');
  strictEqual(file.status(text), "installed");
  const compact = JSON.stringify(JSON.parse(text));
  strictEqual(file.install(compact), compact, "not reformatted when nothing changes");
  strictEqual(file.uninstall(text).text, '{\n  "model": "opus"\n}\n');
});

Deno.test("a JSON file weft cannot read is refused with a clear error", () => {
  for (const kind of ["claude", "gemini"]) {
    const file = settingsOf(kind);
    for (const bad of ["{ // comment\n}", "[1, 2]", '{"hooks": []}', '{"hooks": "x"}']) {
      throws(() => file.install(bad), HookFileError, `${kind}: ${bad}`);
      throws(() => file.uninstall(bad), HookFileError, `${kind}: ${bad}`);
    }
    throws(() => file.install("{ // comment\n}"), /not JSON/);
  }
});

const codexUser = `# my Codex settings
model = "gpt-5.1-codex" # the model I like

[[hooks.Stop]]
[[hooks.Stop.hooks]]
type = "command"
command = "notify-send done"

[projects."/src/app"]
trust_level = "trusted"
`;

Deno.test("Codex config.toml: weft's block is appended and removed, comments and keys kept", () => {
  const file = settingsOf("codex");
  strictEqual(file.status(codexUser), "missing");
  const text = file.install(codexUser);
  ok(text.startsWith(codexUser), "the user's text is not rewritten");
  ok(text.includes(`${TOML_BEGIN}\n${codexHooksToml()}${TOML_END}\n`));
  strictEqual(file.status(text), "installed");
  strictEqual(file.install(text), text, "installing twice is installing once");
  // The user's Stop hook stays beside weft's, in the same array of tables.
  const parsed = parse(text) as { hooks: Record<string, { hooks: { command: string }[] }[]> };
  deepStrictEqual(parsed.hooks.Stop!.map((g) => g.hooks[0]!.command.slice(0, 16)), [
    "notify-send done",
    '[ -n "$WEFT_HTTP',
  ]);
  const out = file.uninstall(text);
  deepStrictEqual(out, { text: codexUser, removed: 7 });
  deepStrictEqual(file.uninstall(codexUser), { text: codexUser, removed: 0 });
  strictEqual(file.uninstall(file.install(undefined)).text, undefined);
});

Deno.test("Codex config.toml: a trust record Codex wrote into weft's block outlives it", () => {
  const file = tomlHookBlock('[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ncommand = "x # weft hooks"\n');
  const text = file.install('model = "m"\n');
  // Codex's own editor appends its trust record after the last table: inside the block.
  const trusted = text.replace(
    TOML_END,
    `\n[hooks.state."config.toml:stop:0:0"]\ntrusted_hash = "abc"\n${TOML_END}`,
  );
  strictEqual(file.status(trusted), "installed");
  strictEqual(file.install(trusted), trusted);
  const out = file.uninstall(trusted);
  strictEqual(out.removed, 1);
  strictEqual(
    out.text,
    'model = "m"\n\n[hooks.state."config.toml:stop:0:0"]\ntrusted_hash = "abc"\n',
  );
  ok(parse(out.text!));
  // Changed tables: outdated; installing replaces them and keeps the record.
  const newer = tomlHookBlock('[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ncommand = "y # weft hooks"\n');
  strictEqual(newer.status(trusted), "outdated");
  const again = newer.install(trusted);
  strictEqual(newer.status(again), "installed");
  ok(again.includes('trusted_hash = "abc"') && !again.includes('"x # weft hooks"'));
});

Deno.test("a TOML file weft cannot read, or could not append to, is refused", () => {
  const file = settingsOf("codex");
  throws(() => file.install('model = "unclosed\n'), /not valid TOML/);
  throws(() => file.uninstall("[a\n"), HookFileError);
  throws(() => file.status("= 1\n"), HookFileError);
  // Its own Stop hooks as an inline array: appending [[hooks.Stop]] would break the file.
  throws(
    () => file.install('[hooks]\nStop = [{ hooks = [{ type = "command", command = "x" }] }]\n'),
    /not valid TOML with weft's hooks appended/,
  );
});

Deno.test("jsonHookFile() takes any entries of Claude Code's shape", () => {
  const file = jsonHookFile({ Stop: { type: "command", command: "x # weft hooks" } });
  strictEqual(file.status(undefined), "missing");
  strictEqual(file.status(file.install(undefined)), "installed");
});

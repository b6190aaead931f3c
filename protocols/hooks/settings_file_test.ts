import { deepStrictEqual, ok, strictEqual, throws } from "node:assert/strict";
import { parse } from "smol-toml";
import { HookFileError, jsonHookFile, TOML_END, tomlHookBlock, useTomlParser } from "./mod.ts";
import { VENDORS } from "../agents/table.ts";

// The door that writes the files gives the parser (plugins/cli/hook_files.ts); so does this test.
useTomlParser(parse);

const settingsOf = (kind: string) => VENDORS.find((v) => v.kind === kind)!.hooks!.settings!;

Deno.test("Claude Code says where its settings live: the project's, the user's", () => {
  const env = (name: string) => ({ HOME: "/h" })[name];
  const file = settingsOf("claude");
  deepStrictEqual([file.user(env), file.project?.[0]], [
    "/h/.claude/settings.json",
    ".claude/settings.local.json",
  ]);
  strictEqual(file.user((n) => ({ HOME: "/h", CLAUDE_CONFIG_DIR: "/c" })[n]), "/c/settings.json");
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
  for (const kind of ["claude"]) {
    const file = settingsOf(kind);
    for (const bad of ["{ // comment\n}", "[1, 2]", '{"hooks": []}', '{"hooks": "x"}']) {
      throws(() => file.install(bad), HookFileError, `${kind}: ${bad}`);
      throws(() => file.uninstall(bad), HookFileError, `${kind}: ${bad}`);
    }
    throws(() => file.install("{ // comment\n}"), /not JSON/);
  }
});

Deno.test("tomlHookBlock(): a record the program wrote into weft's block outlives it", () => {
  const file = tomlHookBlock('[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ncommand = "x # weft hooks"\n');
  const text = file.install('model = "m"\n');
  // A program's own editor may append its record after the last table: inside the block
  // (Codex CLI's trust record does).
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
  const file = tomlHookBlock('[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ncommand = "x # weft hooks"\n');
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

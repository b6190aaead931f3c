// Codex CLI's settings (codex.ts, read from 0.171.0): weft's hooks go in one delimited block of
// its config.toml, the user's own text and hooks kept; installing says the review Codex asks
// for. tests/codex_*_test.ts run the real CLI.
import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { parse } from "smol-toml";
import { codexHooksToml } from "./codex.ts";
import { vendorOf } from "./table.ts";
import { TOML_BEGIN, TOML_END, useTomlParser } from "../hooks/mod.ts";

// The door that writes the files gives the parser (plugins/cli/hook_files.ts); so does this test.
useTomlParser(parse);

const file = vendorOf("codex")!.hooks!.settings!;

Deno.test("codex settings: .codex/config.toml, the user's in $CODEX_HOME else ~/.codex; a review", () => {
  deepStrictEqual(
    [file.user((n) => ({ HOME: "/h", CODEX_HOME: "/c" })[n]), file.project?.[0]],
    ["/c/config.toml", ".codex/config.toml"],
  );
  strictEqual(file.user((n) => (n === "HOME" ? "/h" : undefined)), "/h/.codex/config.toml");
  ok(file.review?.includes("Hooks need review"));
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

Deno.test("codex config.toml: weft's block is appended and removed, comments and keys kept", () => {
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

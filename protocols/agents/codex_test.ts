// Codex CLI's facts (codex.ts, read from 0.171.0): how it is recognised, its screens, its
// prompt; its settings, where weft's hooks go in one delimited block of its config.toml, the
// user's own text and hooks kept, and installing says the review Codex asks for.
// tests/codex_*_test.ts run the real CLI.
import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { parse } from "smol-toml";
import { codexHooksToml } from "./codex.ts";
import { guessAgentKind, promptHolds, screenState, vendorOf } from "./mod.ts";
import { TOML_BEGIN, TOML_END, useTomlParser } from "../hooks/mod.ts";

// The door that writes the files gives the parser (plugins/cli/hook_files.ts); so does this test.
useTomlParser(parse);

const file = vendorOf("codex")!.hooks!.settings!;

Deno.test("codex: recognised as typed, through npx and as node runs it", () => {
  for (
    const line of [
      "codex",
      "npx @openai/codex",
      "node /usr/local/lib/node_modules/@openai/codex/bin/codex.js",
    ]
  ) strictEqual(guessAgentKind(line.split(" ")), "codex", line);
});

Deno.test("codex screens: its working footer, its approval dialog, its idle prompt after a failed turn", () => {
  deepStrictEqual(screenState("codex", ["• Working (12s • esc to interrupt)"]), {
    state: "working",
  });
  deepStrictEqual(
    screenState("codex", [
      "Would you like to run the following command?",
      "  $ ls",
      "› 1. Yes, proceed",
      "  Press enter to confirm or esc to cancel",
    ])
      ?.state,
    "blocked",
  );
  // A turn that failed runs no hook: its screen is what says it is over.
  deepStrictEqual(
    screenState("codex", ["■ the request failed", "", "› Ask Codex", "", "  ? for shortcuts"]),
    { state: "idle" },
  );
});

Deno.test("codex prompt: it does not collapse a long paste", () => {
  ok(!promptHolds("codex", "[Pasted text #2 +12 lines]", "a long message"));
});

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

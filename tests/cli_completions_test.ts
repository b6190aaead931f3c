/** `weft completions`: the generated bash script, loaded in a real bash, completes subcommands. */

import { deepStrictEqual, strictEqual } from "node:assert/strict";
import { weftProcess } from "./helpers/cli.ts";

/** What bash's completion function offers for `line` (words split on spaces, last is typed). */
async function complete(script: string, line: string): Promise<string[]> {
  const words = line.split(" ");
  const probe = `${script}\nCOMP_WORDS=(${words.map((w) => `'${w}'`).join(" ")}); ` +
    `COMP_CWORD=${words.length - 1}; _weft; printf '%s\\n' "\${COMPREPLY[@]}"\n` +
    `complete -p weft\n`;
  const out = await new Deno.Command("bash", {
    args: ["--norc", "--noprofile", "-c", probe],
    stdout: "piped",
    stderr: "piped",
  }).output();
  strictEqual(out.code, 0, new TextDecoder().decode(out.stderr));
  return new TextDecoder().decode(out.stdout).split("\n").filter(Boolean);
}

Deno.test("weft completions bash completes subcommands, verbs and flags in a real bash", async () => {
  const run = await weftProcess(Deno.cwd(), "completions", "bash");
  strictEqual(run.code, 0, run.err);
  const registered = "complete -o default -F _weft weft";
  deepStrictEqual(
    (await complete(run.out, "weft l")).sort(),
    [
      "layout",
      "logs",
      "ls",
      registered,
    ].sort(),
  );
  deepStrictEqual(await complete(run.out, "weft layout ap"), ["apply", registered]);
  // A flag that only pane.read's schema names (no flag code in the CLI).
  deepStrictEqual(await complete(run.out, "weft read p1 --joi"), ["--join", registered]);
  deepStrictEqual(await complete(run.out, "weft comp"), ["completions", registered]);
});

Deno.test("weft completions names the shells it knows", async () => {
  const run = await weftProcess(Deno.cwd(), "completions", "tcsh");
  strictEqual(run.code, 2);
  strictEqual(run.err.split("\n")[0], "weft completions: give one shell: bash, zsh or fish");
});

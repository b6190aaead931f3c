/**
 * A stand-in for an agent's permission dialog, as a file named `claude` (so weft sees Claude
 * Code in front and reads its screen with Claude's dialog facts): it draws Claude Code's Bash
 * permission dialog, moves its selection on `j` (the dialog changes under a reader), and on
 * `1`-`3`, Enter or Esc clears it and prints what was chosen (`CHOSE 2`, `CANCELLED`). With
 * `--stuck` it takes no key at all (a dialog that does not clear); with `--later` it prints
 * `ready` and draws the dialog only once it reads `d`.
 *
 * @module
 */

import { join } from "node:path";

const PROGRAM = `#!/usr/bin/env -S deno run --allow-all
const enc = new TextEncoder();
const CHOICES = ["Yes", "Yes, and don't ask again for rm commands in this folder",
  "No, and tell Claude what to do differently (esc)"];
let sel = 1;
const write = (s) => Deno.stdout.writeSync(enc.encode(s));
const draw = () => write("\\x1b[2J\\x1b[H" + ["─".repeat(40), " Bash command", "",
  "   rm -rf build", "   Remove the build folder", "", " Do you want to proceed?",
  ...CHOICES.map((l, i) => " " + (sel === i + 1 ? "❯" : " ") + " " + (i + 1) + ". " + l),
  "", " Esc to cancel · Tab to amend"].join("\\r\\n"));
Deno.stdin.setRaw(true);
const b = new Uint8Array(64);
if (Deno.args.includes("--later")) {
  write("ready\\r\\n");
  while (new TextDecoder().decode(b.subarray(0, Deno.stdin.readSync(b) ?? 0)) !== "d");
}
draw();
for (;;) {
  const n = Deno.stdin.readSync(b);
  if (n === null) Deno.exit(0);
  const k = new TextDecoder().decode(b.subarray(0, n));
  if (Deno.args.includes("--stuck")) continue;
  if (k === "j") { sel = sel % 3 + 1; draw(); continue; }
  if (/^[123]$/.test(k) || k === "\\r") {
    write("\\x1b[2J\\x1b[HCHOSE " + (k === "\\r" ? sel : k) + "\\r\\n");
    break;
  }
  if (k === "\\x1b") { write("\\x1b[2J\\x1b[HCANCELLED\\r\\n"); break; }
  write("\\x1b[24;1HIGNORED " + JSON.stringify(k));
}
Deno.stdin.setRaw(false);
setInterval(() => {}, 1 << 30); // stays, as an agent does
`;

/** Writes the program into `dir` as `claude`; returns its path. */
export async function fakeDialog(dir: string): Promise<string> {
  const file = join(dir, "claude");
  await Deno.writeTextFile(file, PROGRAM);
  await Deno.chmod(file, 0o755);
  return file;
}

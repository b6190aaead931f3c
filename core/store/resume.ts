/**
 * The command that brings an agent back inside its conversation: the agent's vendor says which
 * words resume it (`claude --resume <id>`: its file in `protocols/agents/`), with the
 * flags the pane was started with. A prompt given on the first start is never sent again, so
 * positional words are dropped; a flag's value is kept when the flag is known to take one.
 *
 * @module
 */

import { shellQuote, shellWords } from "../../protocols/terminal/shell_words.ts";
import {
  guessAgentKind,
  looksPast,
  type ResumeTarget,
  vendorOf,
} from "../../protocols/agents/mod.ts";

export type { ResumeTarget };

/**
 * The argv that resumes the agent a pane ran, or undefined when it cannot be built (not an
 * agent weft knows to resume, a shell line with pipes or substitutions, a non-interactive run
 * such as `claude -p`: the vendor's `print` flags). A shell line (`bash -c "claude …"`) stays one: the
 * words are rewritten and quoted again.
 *
 * @example
 * ```ts
 * import { resumeArgv } from "./resume.ts";
 * const argv = resumeArgv(["claude", "--model", "opus", "fix the bug"], { session: "abc" });
 * console.assert(argv!.join(" ") === "claude --resume abc --model opus");
 * ```
 */
export function resumeArgv(argv: readonly string[], target: ResumeTarget): string[] | undefined {
  const n = argv.length;
  if (n >= 3 && argv[n - 2] === "-c" && guessAgentKind([argv[0]!]) === "shell") {
    const words = shellWords(argv[n - 1]!);
    const resumed = words && resumeWords(words, target);
    return resumed && [...argv.slice(0, n - 1), resumed.map(shellQuote).join(" ")];
  }
  return resumeWords(argv, target);
}

/** Whether weft knows how to resume agents of `kind`. */
export function resumable(kind: string): boolean {
  return vendorOf(kind)?.resume !== undefined;
}

function resumeWords(argv: readonly string[], target: ResumeTarget): string[] | undefined {
  const at = agentIndex(argv);
  if (at < 0) return undefined;
  const resume = vendorOf(guessAgentKind([argv[at]!]))?.resume;
  const words = resume?.(argv.slice(at + 1), target);
  return words && [...argv.slice(0, at + 1), ...words];
}

/** Where a resumable agent sits in an argv, past wrappers (`env A=b`, `npx`, `node`). */
function agentIndex(argv: readonly string[]): number {
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (resumable(guessAgentKind([word]))) return i;
    // A wrapper is a word the kind guess looks past: a flag, `A=b`, `npx`, `node`, ….
    const wrapper = word.startsWith("-") || /^[A-Za-z_][A-Za-z0-9_]*=/.test(word) ||
      looksPast(word);
    if (!wrapper) return -1;
  }
  return -1;
}

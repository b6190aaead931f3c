/**
 * Rebuilds an agent's own message text from the lines its TUI drew. Claude Code draws each
 * message as `● ` followed by the text, word-wrapped to the pane's width with a hanging indent
 * of two spaces; tool calls look the same (`● Bash(…)`) with their output under `⎿`, the user's
 * prompt follows `❯`. Only message text comes out of here.
 *
 * @module
 */

import { displayWidth } from "./display_width.ts";
import type { ScreenLine } from "./styled_line.ts";
import { claude } from "../agents/claude.ts";
import type { ScreenProfile } from "../agents/vendor.ts";

export type { ScreenProfile };

/** Claude Code's transcript, the default (its vendor file, `protocols/agents/claude.ts`). */
export const CLAUDE_PROFILE: ScreenProfile = claude.transcript!;

/** One message as rebuilt. */
export interface AgentMessage {
  /** The index of its first line in the lines given. */
  line: number;
  /** The message text with the TUI's wrapping undone. */
  text: string;
  /** Per UTF-16 unit of `text`, 1 where it was drawn in a colour (code), when known. */
  coloured?: Uint8Array;
  /**
   * Whether the TUI drew this message with colours, judged by its marker (Claude Code draws
   * `●` in a colour whenever it uses colours at all). When false, code (drawn in a colour
   * otherwise) cannot be told from prose: with `NO_COLOR`, `FORCE_COLOR=0` or `CI` set, Claude
   * Code draws inline code as plain text and drops its backticks.
   */
  inColour: boolean;
}

/**
 * The agent's messages in `lines` (rows as the screen shows them, plain or with colours), their
 * wrapping undone for a pane `width` columns wide. A break is kept as a newline when the next
 * word would have fitted on the line (the writer broke it), joined with nothing when a single
 * word filled the line (a word longer than the line), else joined with one space (the TUI
 * wrapped at a space).
 *
 * @example
 * ```ts
 * import { agentMessages } from "./agent_screen.ts";
 * const lines = [
 *   "❯ run the tests",
 *   "",
 *   '● Starting them: <weft:spawn cmd="npm run',
 *   '  test"/>',
 *   "",
 *   "● Bash(cat notes.txt)",
 *   '  ⎿  <weft:spawn cmd="rm -rf /"/>',
 * ];
 * const [message, ...rest] = agentMessages(lines, { width: 40 });
 * console.assert(message?.text === 'Starting them: <weft:spawn cmd="npm run test"/>');
 * console.assert(rest.length === 0);
 * ```
 */
export function agentMessages(
  lines: readonly (string | ScreenLine)[],
  options: { width: number; profile?: ScreenProfile },
): AgentMessage[] {
  const profile = options.profile ?? CLAUDE_PROFILE;
  const messages: AgentMessage[] = [];
  let block: ScreenLine[] | undefined;
  let start = 0;
  const close = () => {
    const message = block && messageOf(block, options.width, profile);
    if (message) messages.push({ line: start, ...message });
    block = undefined;
  };
  lines.forEach((given, i) => {
    const row = typeof given === "string" ? { text: given } : given;
    const line = trimEnd(row);
    if (line.text === "" || line.text[0] === " ") {
      block?.push(line);
      return;
    }
    close();
    if (profile.markers.some((m) => line.text.startsWith(`${m} `))) {
      block = [line];
      start = i;
    }
  });
  close();
  return messages;
}

/** A block's message, or undefined when the block is a tool call. */
function messageOf(
  block: ScreenLine[],
  width: number,
  profile: ScreenProfile,
): Omit<AgentMessage, "line"> | undefined {
  while (block.length > 1 && block.at(-1)!.text === "") block.pop();
  const rows = block.map((l) => l.text);
  const first = rows[0]!.slice(profile.indent);
  if (profile.toolHeader.test(first) || rows.some((r) => profile.toolOutput.test(r))) {
    return undefined;
  }
  const out = new Builder(block.some((l) => l.coloured !== undefined));
  const inColour = block[0]!.coloured?.[0] === 1;
  out.add(block[0]!, profile.indent);
  for (let i = 1; i < block.length; i++) {
    const between = join(rows[i - 1]!, rows[i]!, width, profile.indent);
    out.gap(between);
    // After a wrap, a deeper indent is the TUI's (a list item's hanging indent), not the text's.
    const indent = Math.min(profile.indent, leading(rows[i]!));
    out.add(block[i]!, between === "\n" ? indent : leading(rows[i]!));
  }
  return { ...out.done(), inColour };
}

/** Text and its colour marks, built together. */
class Builder {
  #text = "";
  #marks: number[] | undefined;

  constructor(marked: boolean) {
    if (marked) this.#marks = [];
  }

  add(line: ScreenLine, from: number): void {
    this.#text += line.text.slice(from);
    if (!this.#marks) return;
    for (let i = from; i < line.text.length; i++) this.#marks.push(line.coloured?.[i] ?? 0);
  }

  gap(text: string): void {
    this.#text += text;
    for (let i = 0; i < text.length; i++) this.#marks?.push(0);
  }

  done(): Pick<AgentMessage, "text" | "coloured"> {
    return this.#marks
      ? { text: this.#text, coloured: Uint8Array.from(this.#marks) }
      : { text: this.#text };
  }
}

/** What stands between two drawn lines in the text. */
function join(above: string, below: string, width: number, indent: number): string {
  if (above.trim() === "" || below.trim() === "") return "\n";
  const word = below.trimStart().split(" ", 1)[0]!;
  const used = displayWidth(above);
  if (used + 1 + displayWidth(word) <= width) return "\n";
  const filledByOneWord = used >= width && !above.slice(indent).trim().includes(" ");
  return filledByOneWord ? "" : " ";
}

function leading(text: string): number {
  return text.length - text.trimStart().length;
}

function trimEnd(line: ScreenLine): ScreenLine {
  const text = line.text.trimEnd();
  if (text.length === line.text.length) return line;
  return line.coloured ? { text, coloured: line.coloured.subarray(0, text.length) } : { text };
}

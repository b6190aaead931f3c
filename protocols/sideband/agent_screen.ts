/**
 * Rebuilds an agent's own message text from the lines its TUI drew. Claude Code draws each
 * message as `● ` followed by the text, word-wrapped to the pane's width with a hanging indent
 * of two spaces; tool calls look the same (`● Bash(…)`) with their output under `⎿`, the user's
 * prompt follows `❯`. Only message text comes out of here.
 *
 * @module
 */

import { displayWidth } from "./display_width.ts";

/** How one agent TUI draws its transcript. */
export interface ScreenProfile {
  /** Glyphs that start an agent block at column 0 (followed by a space). */
  markers: readonly string[];
  /** The columns of the marker and of the hanging indent. */
  indent: number;
  /** A block whose text (after the marker) starts like this is a tool call, not a message. */
  toolHeader: RegExp;
  /** A line like this inside a block shows tool output: the whole block is not a message. */
  toolOutput: RegExp;
}

/** Claude Code's transcript (checked against 2.1.x; `⏺` is the marker of older versions). */
export const CLAUDE_PROFILE: ScreenProfile = {
  markers: ["●", "⏺"],
  indent: 2,
  // `Bash(…)`, `Read(…)`, `Web Search(…)`, `weft - list_panes (MCP)(…)`
  toolHeader: /^(?:[A-Z][A-Za-z0-9]*(?: [A-Z][A-Za-z0-9]*)*|\S+ - \S+ \(MCP\))\(/,
  toolOutput: /^\s*⎿/,
};

/** One message as rebuilt. */
export interface AgentMessage {
  /** The index of its first line in the lines given. */
  line: number;
  /** The message text with the TUI's wrapping undone. */
  text: string;
}

/**
 * The agent's messages in `lines` (rows as the screen shows them), their wrapping undone for a
 * pane `width` columns wide. A break is kept as a newline when the next word would have fitted
 * on the line (the writer broke it), joined with nothing when a single word filled the line
 * (a word longer than the line), else joined with one space (the TUI wrapped at a space).
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
  lines: readonly string[],
  options: { width: number; profile?: ScreenProfile },
): AgentMessage[] {
  const profile = options.profile ?? CLAUDE_PROFILE;
  const messages: AgentMessage[] = [];
  let block: string[] | undefined;
  let start = 0;
  const close = () => {
    if (block) {
      const text = messageText(block, options.width, profile);
      if (text !== undefined) messages.push({ line: start, text });
    }
    block = undefined;
  };
  lines.forEach((raw, i) => {
    const line = raw.trimEnd();
    if (line === "" || line[0] === " ") {
      block?.push(line);
      return;
    }
    close();
    if (profile.markers.some((m) => line.startsWith(`${m} `))) {
      block = [line];
      start = i;
    }
  });
  close();
  return messages;
}

/** A block's message text, or undefined when the block is a tool call. */
function messageText(block: string[], width: number, profile: ScreenProfile): string | undefined {
  while (block.length > 1 && block.at(-1) === "") block.pop();
  const body = block.map((line) =>
    line.slice(Math.min(profile.indent, leading(line) || profile.indent))
  );
  if (profile.toolHeader.test(body[0]!) || block.some((l) => profile.toolOutput.test(l))) {
    return undefined;
  }
  let text = body[0]!;
  for (let i = 1; i < block.length; i++) {
    // After a wrap, a deeper indent is the TUI's (a list item's hanging indent), not the text's.
    const between = join(block[i - 1]!, block[i]!, width, profile.indent);
    text += between + (between === "\n" ? body[i]! : body[i]!.trimStart());
  }
  return text;
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

function leading(line: string): number {
  return line.length - line.trimStart().length;
}

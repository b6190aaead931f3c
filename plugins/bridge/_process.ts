/**
 * What running a turn's program needs in the plugin and in the pane's runner alike: its text
 * on stdin, and the message for a program that is not installed.
 *
 * @module
 */

/**
 * Writes the turn's text to the program's stdin and closes it. A program that ends without
 * reading it all (a stub, a crash) is no error here: how it ended says what happened.
 */
export async function feed(stdin: WritableStream<Uint8Array>, text: string): Promise<void> {
  const writer = stdin.getWriter();
  try {
    await writer.write(new TextEncoder().encode(text));
    await writer.close();
  } catch { /* it did not read: its exit tells */ }
}

/** The message for a program that is not there: what to install. */
export function notFound(program: string): string {
  return `Cannot run "${program}": it is not installed or not on PATH (install Claude Code: ` +
    "npm install -g @anthropic-ai/claude-code, or set the agent's program)";
}

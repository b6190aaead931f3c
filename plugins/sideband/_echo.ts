/**
 * What sideband recently typed into each pane. A terminal echoes typed input into the output;
 * a tag inside text sideband typed (an `input` tag's content, a query's answer) must not run
 * again as the pane it was typed into.
 *
 * @module
 */

const KEEP_MS = 10_000;
const KEEP_ENTRIES = 16;

/** Recently typed text, per pane. */
export class TypedEcho {
  #typed = new Map<string, { text: string; at: number }[]>();
  #now: () => number;

  constructor(now: () => number = () => performance.now()) {
    this.#now = now;
  }

  /** Notes text typed into a pane. */
  note(pane: string, text: string): void {
    const list = this.#fresh(pane);
    list.push({ text: text.replaceAll("\r", "\n"), at: this.#now() });
    if (list.length > KEEP_ENTRIES) list.shift();
    this.#typed.set(pane, list);
  }

  /** True when `raw` (as found in the pane's output) lies inside text typed into it lately. */
  isEcho(pane: string, raw: string): boolean {
    const needle = raw.replaceAll("\r\n", "\n").replaceAll("\r", "\n");
    return this.#fresh(pane).some((t) => t.text.includes(needle));
  }

  #fresh(pane: string): { text: string; at: number }[] {
    const now = this.#now();
    return (this.#typed.get(pane) ?? []).filter((t) => now - t.at < KEEP_MS);
  }
}

/**
 * Exactly-once detection on what an agent's screen shows. A TUI redraws the same message many
 * times (while it streams, after a resize, when it repaints), so a tag seen again is not a new
 * command: the detector counts, for each tag, how often it occurs in the agent's messages, and
 * reports only occurrences beyond the most it has ever reported.
 *
 * @module
 */

import { agentMessages, CLAUDE_PROFILE, type ScreenProfile } from "./agent_screen.ts";
import type { ScreenLine } from "./styled_line.ts";
import {
  type SidebandCommand,
  type SidebandParseError,
  SidebandStream,
  type SidebandStreamOptions,
} from "./stream.ts";

/** Options of {@link ScreenDetector}. */
export interface ScreenDetectorOptions {
  namespace?: string;
  maxTagBytes?: number;
  /** How the agent draws its transcript. Default: Claude Code's. */
  profile?: ScreenProfile;
}

/** What one scan found that was not found before. */
export interface ScreenScan {
  commands: SidebandCommand[];
  errors: SidebandParseError[];
}

/**
 * Finds new commands each time it is shown the agent's screen (history and visible lines).
 *
 * @example
 * ```ts
 * import { ScreenDetector } from "./screen_detector.ts";
 * const detector = new ScreenDetector();
 * const screen = ['● Done: <weft:status state="done"/>'];
 * console.assert(detector.scan(screen, { width: 80 }).commands.length === 1);
 * console.assert(detector.scan(screen, { width: 80 }).commands.length === 0); // a redraw
 * const twice = [...screen, "", "❯ again", "", '● Done: <weft:status state="done"/>'];
 * console.assert(detector.scan(twice, { width: 80 }).commands.length === 1); // a new message
 * ```
 */
export class ScreenDetector {
  #stream: SidebandStreamOptions;
  #profile: ScreenProfile;
  #reported = new Map<string, number>();

  constructor(options: ScreenDetectorOptions = {}) {
    this.#stream = {
      osc: false,
      ...(options.namespace === undefined ? {} : { namespace: options.namespace }),
      ...(options.maxTagBytes === undefined ? {} : { maxTagBytes: options.maxTagBytes }),
    };
    this.#profile = options.profile ?? CLAUDE_PROFILE;
  }

  /**
   * Reads the lines a pane `width` columns wide shows (plain, or with colours from
   * {@link styledLine}, so that a tag drawn as code is left alone); returns what is new.
   */
  scan(lines: readonly (string | ScreenLine)[], options: { width: number }): ScreenScan {
    const seen = new Map<string, number>();
    const fresh: ScreenScan = { commands: [], errors: [] };
    const isNew = (key: string) => {
      const count = (seen.get(key) ?? 0) + 1;
      seen.set(key, count);
      if (count <= (this.#reported.get(key) ?? 0)) return false;
      this.#reported.set(key, count);
      return true;
    };
    const prefix = `<${this.#stream.namespace ?? "weft"}:`;
    for (const message of agentMessages(lines, { width: options.width, profile: this.#profile })) {
      if (!message.text.includes(prefix)) continue;
      const stream = new SidebandStream(this.#stream);
      const found = stream.push(message.text);
      let cut = 0;
      for (const command of found.commands) {
        const from = command.at + cut;
        cut += command.raw.length;
        if (drawnAsCode(message.coloured, from, from + command.raw.length, message.text)) continue;
        if (isNew(`c ${normalise(command.raw)}`)) fresh.commands.push(command);
      }
      // An unfinished tag at the end of a message may still be streaming in: not an error yet.
      for (const error of found.errors) {
        if (isNew(`e ${error.reason} ${normalise(error.raw)}`)) fresh.errors.push(error);
      }
    }
    return fresh;
  }

  /** Forgets what was reported (after the agent's history was cleared for good). */
  reset(): void {
    this.#reported.clear();
  }
}

/** True when a non-space character of `text[from, to)` was drawn in a colour. */
function drawnAsCode(
  coloured: Uint8Array | undefined,
  from: number,
  to: number,
  text: string,
): boolean {
  if (!coloured) return false;
  for (let i = from; i < to; i++) {
    if (coloured[i] && text[i] !== " " && text[i] !== "\n") return true;
  }
  return false;
}

function normalise(raw: string): string {
  return raw.replace(/\s+/g, " ");
}

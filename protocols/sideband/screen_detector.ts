/**
 * Exactly-once detection on what an agent's screen shows. A TUI redraws the same message many
 * times (while it streams, after a resize, when it repaints), so a tag seen again is not a new
 * command: the detector counts, for each tag, how often it occurs in the agent's messages, and
 * reports only occurrences beyond the most it has ever reported.
 *
 * What runs is what the agent wrote as prose, never what it shows as code. Three checks, each
 * failing closed, make sure of that:
 *
 * 1. **Colours.** Claude Code draws its prose in the default colour and code (inline and fenced,
 *    its backticks and fences removed) in a colour, so a tag with a coloured character is code.
 *    That only works when the message was drawn with colours at all: with `NO_COLOR`,
 *    `FORCE_COLOR=0` or a `CI` variable in its environment Claude Code draws everything plain
 *    and inline code looks exactly like prose. A message whose marker has no colour therefore
 *    runs nothing; its tags are reported as refused, so the log says why. (A CI run whose
 *    environment had `CI=true`, which panes inherit, ran a tag shown as inline code this way.)
 * 2. **Markdown not rendered (yet).** A backtick or a ``` fence left visible in uncoloured text
 *    means the markdown was not rendered: a TUI that renders a message progressively shows a
 *    code span whose closing backtick has not arrived, or a code block whose closing fence has
 *    not, as plain text for a moment. A tag after an odd number of visible backtick runs in its
 *    paragraph, or after a visible fence that is not closed before it, is taken as code. (Claude
 *    Code 2.1.330 draws only complete lines and closed code blocks; other versions and other
 *    agents need not.)
 * 3. **Settling.** A tag runs only once it has been seen, the same and as prose, in two scans at
 *    least `settleMs` apart (300 ms by default). That covers what the first two cannot name: a
 *    read of a frame the TUI was halfway through drawing, or a state that lasts a moment. It is
 *    not the main defence (a stream that stalls keeps a partial state on screen for as long as it
 *    likes): checks 1 and 2 are; it costs each command that much latency, nothing more, since the
 *    caller is told when to look again ({@link ScreenScan.recheckMs}).
 *
 * @module
 */

import {
  type AgentMessage,
  agentMessages,
  CLAUDE_PROFILE,
  type ScreenProfile,
} from "./agent_screen.ts";
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
  /**
   * How long a tag must stay on screen, unchanged, before it is reported (ms, default 300). 0
   * reports it at the first scan that shows it (for tests of other things).
   */
  settleMs?: number;
  /**
   * Run tags from messages drawn without colours, where code cannot be told from prose. Only
   * for text known to hold no code (plain recordings in tests); never for a live pane.
   */
  allowColourless?: boolean;
}

/** A command seen in a message drawn without colours: shown, not run. */
export interface RefusedCommand {
  command: SidebandCommand;
  reason: string;
}

/** What one scan found that was not found before. */
export interface ScreenScan {
  commands: SidebandCommand[];
  refused: RefusedCommand[];
  errors: SidebandParseError[];
  /** Set when something seen is still settling: scan again after this many ms. */
  recheckMs?: number;
}

/** Why a tag in a message drawn without colours does not run. */
export const COLOURLESS_REASON =
  "the agent drew this message without colours (NO_COLOR, FORCE_COLOR=0 or CI in its environment?), so a tag in it cannot be told from code";

/** What one look at the screen shows; `nth` counts the occurrences of a key from 0. */
interface Found {
  inOrder: { key: string; nth: number; finding: Finding }[];
  counts: Map<string, number>;
}

type Finding =
  | { kind: "command"; command: SidebandCommand }
  | { kind: "refused"; refused: RefusedCommand }
  | { kind: "error"; error: SidebandParseError };

/**
 * Finds new commands each time it is shown the agent's screen (history and visible lines).
 *
 * @example
 * ```ts
 * import { ScreenDetector } from "./screen_detector.ts";
 * import { styledLine } from "./styled_line.ts";
 * const detector = new ScreenDetector();
 * const screen = [styledLine('\x1b[0;38;5;231m●\x1b[0m Done: <weft:status state="done"/>')];
 * const first = detector.scan(screen, { width: 80, now: 0 });
 * console.assert(first.commands.length === 0 && first.recheckMs === 300); // settling
 * console.assert(detector.scan(screen, { width: 80, now: 300 }).commands.length === 1);
 * console.assert(detector.scan(screen, { width: 80, now: 900 }).commands.length === 0); // a redraw
 * ```
 */
export class ScreenDetector {
  #stream: SidebandStreamOptions;
  #profile: ScreenProfile;
  #settleMs: number;
  #allowColourless: boolean;
  #reported = new Map<string, number>();
  /** Occurrences seen but not reported yet: how many were seen in every scan since `since`. */
  #pending = new Map<string, { count: number; since: number }>();

  constructor(options: ScreenDetectorOptions = {}) {
    this.#stream = {
      osc: false,
      ...(options.namespace === undefined ? {} : { namespace: options.namespace }),
      ...(options.maxTagBytes === undefined ? {} : { maxTagBytes: options.maxTagBytes }),
    };
    this.#profile = options.profile ?? CLAUDE_PROFILE;
    this.#settleMs = options.settleMs ?? 300;
    this.#allowColourless = options.allowColourless ?? false;
  }

  /**
   * Reads the lines a pane `width` columns wide shows (with colours from {@link styledLine}, so
   * that a tag drawn as code is left alone); returns what is new and has settled. `now`
   * (default `performance.now()`) is when the lines were read.
   */
  scan(
    lines: readonly (string | ScreenLine)[],
    options: { width: number; now?: number },
  ): ScreenScan {
    const now = options.now ?? performance.now();
    const found = this.#find(lines, options.width);
    const out: ScreenScan = { commands: [], refused: [], errors: [] };
    // How many occurrences of each key to report now (beyond those reported before).
    const ready = new Map<string, number>();
    for (const [key, seen] of found.counts) {
      const reported = this.#reported.get(key) ?? 0;
      const pending = this.#pending.get(key);
      if (seen <= reported) {
        this.#pending.delete(key);
      } else if (this.#settleMs <= 0) {
        ready.set(key, seen);
      } else if (!pending) {
        this.#pending.set(key, { count: seen, since: now });
      } else if (now - pending.since < this.#settleMs) {
        pending.count = Math.min(pending.count, seen);
      } else {
        const upTo = Math.min(pending.count, seen);
        if (upTo > reported) ready.set(key, upTo);
        if (seen > upTo) this.#pending.set(key, { count: seen, since: now });
        else this.#pending.delete(key);
      }
    }
    // What is no longer shown (or no longer as prose) starts over if it comes back.
    for (const key of this.#pending.keys()) if (!found.counts.has(key)) this.#pending.delete(key);
    // In the order shown: the occurrences of each key beyond those reported, up to `ready`.
    for (const { key, nth, finding } of found.inOrder) {
      const upTo = ready.get(key);
      if (upTo === undefined || nth < (this.#reported.get(key) ?? 0) || nth >= upTo) continue;
      if (finding.kind === "command") out.commands.push(finding.command);
      else if (finding.kind === "refused") out.refused.push(finding.refused);
      else out.errors.push(finding.error);
    }
    for (const [key, upTo] of ready) this.#reported.set(key, upTo);
    let recheck = Infinity;
    for (const p of this.#pending.values()) {
      recheck = Math.min(recheck, Math.max(1, p.since + this.#settleMs - now));
    }
    if (recheck !== Infinity) out.recheckMs = Math.ceil(recheck);
    return out;
  }

  /**
   * Takes note of what the lines show without reporting it (a pane that was read before, by an
   * earlier run of the plugin or in another mode: what it shows was dealt with then).
   */
  acknowledge(lines: readonly (string | ScreenLine)[], options: { width: number }): void {
    this.#pending.clear();
    for (const [key, seen] of this.#find(lines, options.width).counts) {
      this.#reported.set(key, Math.max(this.#reported.get(key) ?? 0, seen));
    }
  }

  /** Forgets what was reported (after the agent's history was cleared for good). */
  reset(): void {
    this.#reported.clear();
    this.#pending.clear();
  }

  /** Every finding the lines show, in the order shown, and how often each key occurs. */
  #find(lines: readonly (string | ScreenLine)[], width: number): Found {
    const found: Found = { inOrder: [], counts: new Map() };
    const add = (key: string, finding: Finding) => {
      const nth = found.counts.get(key) ?? 0;
      found.counts.set(key, nth + 1);
      found.inOrder.push({ key, nth, finding });
    };
    const prefix = `<${this.#stream.namespace ?? "weft"}:`;
    for (const message of agentMessages(lines, { width, profile: this.#profile })) {
      if (!message.text.includes(prefix)) continue;
      const stream = new SidebandStream(this.#stream);
      const result = stream.push(message.text);
      const colourless = !message.inColour && !this.#allowColourless;
      let cut = 0;
      for (const command of result.commands) {
        const from = command.at + cut;
        cut += command.raw.length;
        if (colourless) {
          const refused = { command, reason: COLOURLESS_REASON };
          add(`r ${normalise(command.raw)}`, { kind: "refused", refused });
          continue;
        }
        if (drawnAsCode(message.coloured, from, from + command.raw.length, message.text)) continue;
        if (unrenderedCode(message, from)) continue;
        add(`c ${normalise(command.raw)}`, { kind: "command", command });
      }
      // An unfinished tag at the end of a message may still be streaming in: not an error yet.
      for (const error of result.errors) {
        add(`e ${error.reason} ${normalise(error.raw)}`, { kind: "error", error });
      }
    }
    return found;
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

const FENCE = /^\s*(`{3,}|~{3,})/;

/**
 * True when markdown left visible in the message's plain text puts `at` inside code: after a
 * fence line not closed before it, or after an odd number of plain backtick runs in its
 * paragraph. A rendered message shows neither (the renderer removes backticks and fences and
 * colours the code), so this only ever refuses text whose markdown was not rendered.
 */
function unrenderedCode(message: AgentMessage, at: number): boolean {
  const { text, coloured } = message;
  let fence: string | undefined;
  let runs = 0;
  let lineStart = 0;
  while (lineStart <= at) {
    const end = text.indexOf("\n", lineStart);
    const lineEnd = end === -1 ? text.length : end;
    const line = text.slice(lineStart, lineEnd);
    const opener = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      // Inside a fence: only a fence of the same kind, at least as long, closes it.
      if (opener && opener[0] === fence[0] && opener.length >= fence.length) fence = undefined;
      else if (lineEnd >= at) return true;
    } else if (opener) {
      fence = opener;
      runs = 0;
      if (lineEnd >= at) return true; // on the fence line itself (an info string)
    } else {
      if (line.trim() === "") runs = 0; // a paragraph ends: code spans do not cross it
      const upTo = Math.min(lineEnd, at);
      for (let i = lineStart; i < upTo; i++) {
        if (text[i] !== "`" || coloured?.[i]) continue;
        runs++;
        while (i + 1 < upTo && text[i + 1] === "`") i++;
      }
      if (lineEnd >= at) return runs % 2 === 1;
    }
    if (end === -1) break;
    lineStart = end + 1;
  }
  return fence !== undefined || runs % 2 === 1;
}

function normalise(raw: string): string {
  return raw.replace(/\s+/g, " ");
}

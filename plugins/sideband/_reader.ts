/**
 * Reads one pane for commands: the byte stream (XML and OSC, or OSC only) as output arrives,
 * and, for an agent TUI, its screen, read again (at most every `scanMs`, less often when a read
 * is slow) after output arrives, and again while a tag it saw is settling (a tag runs only once
 * two reads at least 300 ms apart showed it the same: see `ScreenDetector`). Each look is
 * reported ({@link ScanReport}, the `sideband.scanned` event), so that a test can wait for
 * "looked, and found nothing" instead of sleeping.
 *
 * @module
 */

import type { WeftEvent } from "@weft/weft/plugin";
import {
  ScreenDetector,
  type ScreenLine,
  type SidebandCommand,
  type SidebandParseError,
  SidebandStream,
  styledLine,
} from "../../protocols/sideband/mod.ts";
import { type Clock, REAL_CLOCK } from "./_clock.ts";
import type { Found } from "./_runner.ts";
import type { Mode, Options } from "./options.ts";

/** Reports of the byte stream are gathered for this long, so a flood costs one per window. */
export const STREAM_REPORT_MS = 50;

/**
 * What one look at a pane found (the `sideband.scanned` event). `stream`: the output read since
 * the last report (`chunks`, `chars`), the commands and parse errors found in it, and how many
 * characters are held back as a possible unfinished command. `screen`: one read of the screen
 * at `revision`; `settling` means a tag it saw is not settled yet (another look follows);
 * `primed` means it only took note of what the screen already showed.
 */
export type ScanReport =
  | {
    pane: string;
    source: "stream";
    chunks: number;
    chars: number;
    commands: number;
    errors: number;
    held: number;
  }
  | {
    pane: string;
    source: "screen";
    revision: number;
    commands: number;
    refused: number;
    errors: number;
    settling: boolean;
    primed: boolean;
  };

/** What a reader needs. */
export interface ReaderDeps {
  options: Options;
  subscribe: (
    filter: { topics: string[]; panes: string[] },
    listener: (e: WeftEvent) => void,
  ) => () => void;
  /** Reads the pane's whole history with colours. */
  readScreen: (pane: string) => Promise<{ text: string; cols: number; revision: number }>;
  found: (found: Found) => void;
  invalid: (pane: string, source: Found["source"], error: SidebandParseError) => void;
  /** Told of every look at the pane (published as `sideband.scanned`). */
  scanned?: (report: ScanReport) => void;
  /** Something went wrong reading (logged by the plugin). */
  warn: (message: string) => void;
  /** Default: the real one. */
  clock?: Clock;
}

/** One pane being read. */
export class PaneReader {
  readonly pane: string;
  readonly mode: Mode;
  #d: ReaderDeps;
  #clock: Clock;
  #stream: SidebandStream | undefined;
  #detector: ScreenDetector | undefined;
  #off: (() => void) | undefined;
  #hold: unknown;
  #scanTimer: unknown;
  #reportTimer: unknown;
  #streamSeen = { chunks: 0, chars: 0, commands: 0, errors: 0 };
  #scanning = false;
  #dirty = false;
  #lastScanMs = 0;
  #lastScanEnd = 0;
  #firstDirty: number | undefined;
  #stopped = false;

  #prime: boolean;

  /**
   * `prime`: the pane has a past (it existed before the plugin started, or its mode changed):
   * what its screen already shows was dealt with then, so the first look only takes note.
   */
  constructor(pane: string, mode: Mode, deps: ReaderDeps, options: { prime: boolean }) {
    this.pane = pane;
    this.mode = mode;
    this.#d = deps;
    this.#clock = deps.clock ?? REAL_CLOCK;
    this.#prime = options.prime;
    const { namespace, maxTagBytes } = deps.options;
    if (mode !== "off") {
      this.#stream = new SidebandStream({ namespace, maxTagBytes, xml: mode === "stream" });
    }
    if (mode === "screen") this.#detector = new ScreenDetector({ namespace, maxTagBytes });
  }

  /** Starts listening to the pane's output (and looks at its screen once). */
  start(): void {
    if (this.mode === "off") return;
    this.#off = this.#d.subscribe(
      { topics: ["pane.output"], panes: [this.pane] },
      (event) => this.#output((event.data as { data?: unknown })?.data),
    );
    if (this.#detector) this.#schedule(0);
  }

  /** Stops: no more reads, nothing held is run. */
  stop(): void {
    this.#stopped = true;
    this.#off?.();
    this.#clock.clearTimeout(this.#hold);
    this.#clock.clearTimeout(this.#scanTimer);
    this.#clock.clearTimeout(this.#reportTimer);
  }

  #output(data: unknown): void {
    if (this.#stopped || typeof data !== "string") return;
    if (this.#stream) {
      this.#streamSeen.chunks++;
      this.#streamSeen.chars += data.length;
      this.#take(this.#stream.push(data));
    }
    if (this.#detector) this.#schedule(this.#d.options.scanMs);
  }

  #take(out: { commands: SidebandCommand[]; errors: SidebandParseError[] }): void {
    for (const command of out.commands) {
      this.#d.found({ pane: this.pane, source: "stream", command });
    }
    for (const error of out.errors) this.#d.invalid(this.pane, "stream", error);
    this.#streamSeen.commands += out.commands.length;
    this.#streamSeen.errors += out.errors.length;
    this.#clock.clearTimeout(this.#hold);
    if (this.#stream?.pending) {
      // An unfinished command is let go after a while, so a stray `<weft:` cannot hold a pane.
      this.#hold = this.#clock.setTimeout(
        () => this.#take(this.#stream!.flush()),
        this.#d.options.holdMs,
      );
    }
    this.#reportTimer ??= this.#clock.setTimeout(() => this.#reportStream(), STREAM_REPORT_MS);
  }

  #reportStream(): void {
    this.#reportTimer = undefined;
    if (this.#stopped) return;
    const held = this.#stream?.pending ?? 0;
    this.#d.scanned?.({ pane: this.pane, source: "stream", ...this.#streamSeen, held });
    this.#streamSeen = { chunks: 0, chars: 0, commands: 0, errors: 0 };
  }

  /**
   * Looks at the screen once output has been quiet for `delay`, or at the latest `scanMs` × 10
   * after the first output not looked at; never more often than 20 × the last look took, so a
   * pane that floods its history costs its server at most ~5%.
   */
  #schedule(delay: number): void {
    this.#dirty = true;
    if (this.#scanning || this.#stopped) return;
    const now = this.#clock.now();
    this.#firstDirty ??= now;
    const latest = this.#firstDirty + this.#d.options.scanMs * 10;
    const at = Math.max(Math.min(now + delay, latest), this.#lastScanEnd + this.#lastScanMs * 20);
    this.#clock.clearTimeout(this.#scanTimer);
    this.#scanTimer = this.#clock.setTimeout(() => void this.#scan(), Math.max(0, at - now));
  }

  async #scan(): Promise<void> {
    this.#scanTimer = undefined;
    if (this.#stopped || !this.#detector) return;
    this.#scanning = true;
    this.#dirty = false;
    this.#firstDirty = undefined;
    const started = this.#clock.now();
    let recheck: number | undefined;
    try {
      const read = await this.#d.readScreen(this.pane);
      if (this.#stopped) return;
      recheck = this.#look(this.#detector, read, started);
    } catch (err) {
      this.#d.warn(`Cannot read the screen of pane "${this.pane}": ${(err as Error).message}`);
    } finally {
      this.#lastScanEnd = this.#clock.now();
      this.#lastScanMs = this.#lastScanEnd - started;
      this.#scanning = false;
      // A tag still settling is looked at again even when the pane has gone quiet.
      if (this.#dirty) this.#schedule(Math.min(this.#d.options.scanMs, recheck ?? Infinity));
      else if (recheck !== undefined) this.#schedule(recheck);
    }
  }

  /** Hands on what one read of the screen shows and reports the look; returns `recheckMs`. */
  #look(
    detector: ScreenDetector,
    read: { text: string; cols: number; revision: number },
    now: number,
  ): number | undefined {
    const lines: ScreenLine[] = read.text.split("\n").map(styledLine);
    const report = { pane: this.pane, source: "screen" as const, revision: read.revision };
    if (this.#prime) {
      this.#prime = false;
      detector.acknowledge(lines, { width: read.cols });
      const none = { commands: 0, refused: 0, errors: 0, settling: false };
      this.#d.scanned?.({ ...report, ...none, primed: true });
      return undefined;
    }
    const scan = detector.scan(lines, { width: read.cols, now });
    for (const command of scan.commands) {
      this.#d.found({ pane: this.pane, source: "screen", command });
    }
    for (const { command, reason } of scan.refused) {
      this.#d.found({ pane: this.pane, source: "screen", command, refuse: reason });
    }
    for (const error of scan.errors) this.#d.invalid(this.pane, "screen", error);
    this.#d.scanned?.({
      ...report,
      commands: scan.commands.length,
      refused: scan.refused.length,
      errors: scan.errors.length,
      settling: scan.recheckMs !== undefined,
      primed: false,
    });
    return scan.recheckMs;
  }
}

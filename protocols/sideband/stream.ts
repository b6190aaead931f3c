/**
 * The streaming sideband parser: passthrough → tag start → name → attributes → content → end,
 * for any chunking of the output down to single characters.
 *
 * @module
 */

import { EscapeReader } from "./_escape.ts";
import { TagMachine } from "./_tag_machine.ts";
import { OSC_OPEN, parseOscPayload } from "./osc.ts";

/** A command found in the output, not yet validated against the tag table. */
export interface SidebandCommand {
  /** `xml` for `<weft:…>`, `osc` for `ESC ] 9338 ; …`. */
  form: "xml" | "osc";
  /** The tag name: `spawn`, `input`, … */
  name: string;
  /** Attribute values, unescaped. */
  attrs: Record<string, string>;
  /** The content of a paired XML tag, unescaped; absent for a self-closing tag and for OSC. */
  content?: string;
  /** Exactly the characters the command took in the stream (removed from the passthrough). */
  raw: string;
  /** How many passthrough characters came before it, counted from the stream's start. */
  at: number;
}

/** Something that looked like a command and was not run. */
export interface SidebandParseError {
  reason: string;
  /** The start of what was read (at most 200 characters). */
  raw: string;
  /** Passthrough characters before it, counted from the stream's start. */
  at: number;
}

/** What one {@link SidebandStream.push} (or flush) gives. */
export interface SidebandOutput {
  /** The output with recognised commands taken out (what a plain pane should show). */
  text: string;
  commands: SidebandCommand[];
  errors: SidebandParseError[];
}

/** Options of {@link SidebandStream}. */
export interface SidebandStreamOptions {
  /** The XML namespace: tags are `<namespace:name …>`. Default `weft`. */
  namespace?: string;
  /** A tag longer than this (in UTF-8 bytes) is given up with an error. Default 64 KiB. */
  maxTagBytes?: number;
  /** Look for XML-form tags. Default true. */
  xml?: boolean;
  /** Look for OSC-form commands. Default true. */
  osc?: boolean;
}

/** The defaults of {@link SidebandStreamOptions}. */
export const SIDEBAND_STREAM_DEFAULTS = {
  namespace: "weft",
  maxTagBytes: 64 * 1024,
} as const;

type Mode = "scan" | "xml" | "osc";
const ESC = "\x1b";

function utf8Length(code: number): number {
  return code < 0x80 ? 1 : code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 2 : 3;
}

/**
 * Finds sideband commands in a pane's output as it arrives. Text that cannot start a command
 * passes through at once; an opener split across chunks and an unfinished command are held
 * until the next chunk decides them, or until {@link flush} (the caller's timeout) lets them
 * through as text.
 *
 * @example
 * ```ts
 * import { SidebandStream } from "./stream.ts";
 * const stream = new SidebandStream();
 * const a = stream.push('build: <weft:spawn cmd="make test" na');
 * const b = stream.push('me="tests"/> ok\n');
 * console.assert(a.text === "build: " && a.commands.length === 0);
 * console.assert(b.text === " ok\n" && b.commands[0]?.attrs.name === "tests");
 * ```
 */
export class SidebandStream {
  #xmlOpen: string | undefined;
  #oscOpen: string | undefined;
  #maxBytes: number;
  #namespace: string;
  #mode: Mode = "scan";
  #held = "";
  #raw = "";
  #bytes = 0;
  #unitStart = 0;
  #machine: TagMachine | undefined;
  #escape: EscapeReader | undefined;
  #osc = "";
  #oscEscape = false;
  #col = 0;
  #lineTail = "";
  #emitted = 0;
  #done = false;
  #text: string[] = [];
  #commands: SidebandCommand[] = [];
  #errors: SidebandParseError[] = [];
  #found = { xml: { s: "", from: 0, at: -1 }, osc: { s: "", from: 0, at: -1 } };

  constructor(options: SidebandStreamOptions = {}) {
    this.#namespace = options.namespace ?? SIDEBAND_STREAM_DEFAULTS.namespace;
    if (!/^[a-z][a-z0-9_-]{0,31}$/.test(this.#namespace)) {
      throw new TypeError(
        `Cannot use sideband namespace "${this.#namespace}": use a-z, 0-9, _ and -`,
      );
    }
    this.#maxBytes = options.maxTagBytes ?? SIDEBAND_STREAM_DEFAULTS.maxTagBytes;
    if (options.xml !== false) this.#xmlOpen = `<${this.#namespace}:`;
    if (options.osc !== false) this.#oscOpen = OSC_OPEN;
  }

  /** How many characters are held back (a partial opener or an unfinished command). */
  get pending(): number {
    return this.#held.length + this.#raw.length;
  }

  /** Reads the next chunk of output. */
  push(chunk: string): SidebandOutput {
    let s = this.#held + chunk;
    this.#held = "";
    let i = 0;
    while (i < s.length) {
      if (this.#mode === "scan") {
        i = this.#scan(s, i);
        continue;
      }
      const replay = this.#mode === "xml" ? this.#readXml(s, i) : this.#readOsc(s, i);
      if (typeof replay === "number") i = replay;
      else {
        s = replay;
        i = 0;
      }
    }
    return this.#take();
  }

  /** Lets anything held through as text (an unfinished command is reported as an error). */
  flush(): SidebandOutput {
    if (this.#mode !== "scan") this.#abandon("the command was not finished in time", this.#raw);
    this.#emit(this.#held);
    this.#held = "";
    return this.#take();
  }

  /** Passthrough from `i`: text up to the next opener; returns where to go on. */
  #scan(s: string, i: number): number {
    const xml = this.#next("xml", s, i);
    const osc = this.#next("osc", s, i);
    const at = xml < 0 ? osc : osc < 0 ? xml : Math.min(xml, osc);
    if (at < 0) {
      const keep = this.#partialOpener(s, i);
      this.#emit(s.slice(i, s.length - keep));
      this.#held = s.slice(s.length - keep);
      return s.length;
    }
    this.#emit(s.slice(i, at));
    const opener = at === xml ? this.#xmlOpen! : this.#oscOpen!;
    this.#mode = at === xml ? "xml" : "osc";
    this.#raw = opener;
    this.#bytes = opener.length;
    this.#col = this.#column() + (this.#mode === "xml" ? opener.length : 0);
    if (this.#mode === "xml") this.#machine = new TagMachine(this.#namespace);
    else {
      this.#osc = "";
      this.#oscEscape = false;
    }
    return at + opener.length;
  }

  /** The next index of an opener at or after `i`, remembered per chunk to stay linear. */
  #next(kind: "xml" | "osc", s: string, i: number): number {
    const open = kind === "xml" ? this.#xmlOpen : this.#oscOpen;
    if (open === undefined) return -1;
    const memo = this.#found[kind];
    if (memo.s !== s || i < memo.from || (memo.at >= 0 && memo.at < i)) {
      memo.s = s;
      memo.from = i;
      memo.at = s.indexOf(open, i);
    }
    return memo.at;
  }

  /** How many characters at the end of `s` (from `i`) could begin an opener. */
  #partialOpener(s: string, i: number): number {
    let keep = 0;
    for (const open of [this.#xmlOpen, this.#oscOpen]) {
      // An opener's first character occurs in it only once, so a partial one starts at the last.
      const first = open === undefined ? -1 : s.lastIndexOf(open[0]!);
      const k = s.length - first;
      if (first >= i && k < open!.length && k > keep && open!.startsWith(s.slice(first))) keep = k;
    }
    return keep;
  }

  /** Inside an XML tag: returns the next index, or the text to scan again after a failure. */
  #readXml(s: string, i: number): number | string {
    for (; i < s.length; i++) {
      const c = s[i]!;
      if (!this.#append(c)) return i + 1;
      const feed = this.#unit(c);
      if (feed === "") continue;
      if (!this.#feedAll(feed)) return this.#replay(s, i);
      if (this.#done) return this.#finishXml(i);
    }
    return i;
  }

  /** What the character completes, as the tag machine should see it ("" for nothing yet). */
  #unit(c: string): string {
    const escape = this.#escape;
    if (escape) {
      const step = escape.feed(c);
      if (!step.done) return "";
      this.#escape = undefined;
      this.#col = step.col;
      if (!("reject" in step)) return " ".repeat(step.spaces);
    }
    this.#unitStart = this.#raw.length - 1;
    if (c !== ESC) return this.#plain(c);
    this.#escape = new EscapeReader(this.#col);
    return "";
  }

  /** What an ordinary character inside a tag stands for; controls other than LF and TAB vanish. */
  #plain(c: string): string {
    const code = c.charCodeAt(0);
    if (c === "\n") this.#col = 0;
    else if (c === "\r") this.#col = 0;
    else if (code >= 0x20 && code !== 0x7f) this.#col++;
    return code >= 0x20 && code !== 0x7f ? c : c === "\n" || c === "\t" ? c : "";
  }

  #feedAll(feed: string): boolean {
    const machine = this.#machine!;
    for (const c of feed) {
      const step = machine.feed(c);
      if (step === "fail") return false;
      if (step === "done") {
        this.#done = true;
        return true;
      }
    }
    return true;
  }

  #finishXml(i: number): number {
    const machine = this.#machine!;
    const content = machine.content;
    this.#commands.push({
      form: "xml",
      name: machine.name,
      attrs: machine.attrs,
      ...(content === undefined ? {} : { content }),
      raw: this.#raw,
      at: this.#emitted,
    });
    this.#reset();
    return i + 1;
  }

  /** A tag that turned out not to be one: its text passes, scanning resumes at the culprit. */
  #replay(s: string, i: number): string {
    const unit = this.#unitStart;
    const reason = this.#machine?.reason ?? "not a command";
    const raw = this.#raw;
    this.#error(reason, raw);
    this.#emit(raw.slice(0, unit));
    this.#reset();
    return raw.slice(unit) + s.slice(i + 1);
  }

  /** Inside an OSC command: returns the next index, or the text to scan again. */
  #readOsc(s: string, i: number): number | string {
    for (; i < s.length; i++) {
      const c = s[i]!;
      if (!this.#append(c)) return i + 1;
      if (this.#oscEscape) {
        if (c === "\\") return this.#finishOsc(i);
        this.#unitStart = this.#raw.length - 2;
        return this.#oscReplay(s, i, "an escape sequence interrupted the command");
      }
      if (c === "\x07") return this.#finishOsc(i);
      if (c === ESC) this.#oscEscape = true;
      else if (c.charCodeAt(0) < 0x20 || c === "\x7f") {
        this.#unitStart = this.#raw.length - 1;
        return this.#oscReplay(s, i, `control character ${c.charCodeAt(0)} in the command`);
      } else this.#osc += c;
    }
    return i;
  }

  #oscReplay(s: string, i: number, reason: string): string {
    const raw = this.#raw;
    this.#error(reason, raw);
    this.#emit(raw.slice(0, this.#unitStart));
    this.#reset();
    return raw.slice(this.#unitStart) + s.slice(i + 1);
  }

  #finishOsc(i: number): number {
    const payload = parseOscPayload(this.#osc);
    if (payload.ok) {
      this.#commands.push({
        form: "osc",
        name: payload.name,
        attrs: payload.attrs,
        raw: this.#raw,
        at: this.#emitted,
      });
    } else {
      // Passed on: a terminal ignores an OSC it cannot read, and nothing is lost from view.
      this.#error(payload.reason, this.#raw);
      this.#emit(this.#raw);
    }
    this.#reset();
    return i + 1;
  }

  /** Adds a character to the command being read; false (and the text let through) past the bound. */
  #append(c: string): boolean {
    this.#raw += c;
    this.#bytes += utf8Length(c.charCodeAt(0));
    if (this.#bytes <= this.#maxBytes) return true;
    this.#abandon(`the command is larger than ${this.#maxBytes} bytes`, this.#raw);
    return false;
  }

  #abandon(reason: string, raw: string): void {
    this.#error(reason, raw);
    this.#emit(raw);
    this.#reset();
  }

  #error(reason: string, raw: string): void {
    this.#errors.push({ reason, raw: raw.slice(0, 200), at: this.#emitted });
  }

  #reset(): void {
    this.#mode = "scan";
    this.#raw = "";
    this.#bytes = 0;
    this.#machine = undefined;
    this.#escape = undefined;
    this.#done = false;
    this.#osc = "";
    this.#oscEscape = false;
  }

  #emit(text: string): void {
    if (text === "") return;
    this.#text.push(text);
    this.#emitted += text.length;
    const nl = Math.max(text.lastIndexOf("\n"), text.lastIndexOf("\r"));
    if (nl >= 0) this.#lineTail = text.slice(Math.max(nl + 1, text.length - 1024));
    else if (text.length >= 1024) this.#lineTail = text.slice(-1024);
    else this.#lineTail = (this.#lineTail + text).slice(-1024);
  }

  /** The cursor column the passthrough left (escapes not counted; wide characters count one). */
  #column(): number {
    const visible = this.#lineTail.replace(
      // deno-lint-ignore no-control-regex
      /\x1b\[[0-?]*[ -/]*[@-~]|\x1b[\]P_^][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[ -/]*[0-~]|[\x00-\x1f\x7f]/g,
      "",
    );
    return visible.length;
  }

  #take(): SidebandOutput {
    const out = {
      text: this.#text.length === 1 ? this.#text[0]! : this.#text.join(""),
      commands: this.#commands,
      errors: this.#errors,
    };
    this.#text = [];
    this.#commands = [];
    this.#errors = [];
    return out;
  }
}

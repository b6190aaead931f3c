/**
 * Decodes what a terminal sends (keys, SGR mouse reports, bracketed pastes, focus reports)
 * into events. Each key keeps its raw bytes, so anything the client does not act on goes to
 * the pane exactly as the terminal encoded it.
 *
 * @module
 */

import { csiKey, ss3Key } from "./key_names.ts";

/** A key press; `key` is a tmux-style name (`a`, `C-b`, `M-x`, `Up`, `C-S-Left`, `F5`). */
export interface KeyEvent {
  type: "key";
  key: string;
  raw: string;
}

/** A mouse report (SGR encoding), 0-based cell coordinates. */
export interface MouseEvent {
  type: "mouse";
  action: "press" | "release" | "drag" | "move" | "wheel-up" | "wheel-down";
  /** 0 left, 1 middle, 2 right (for press, release, drag). */
  button: number;
  x: number;
  y: number;
  shift: boolean;
  alt: boolean;
  ctrl: boolean;
  raw: string;
}

/** A bracketed paste: the text between the markers. */
export interface PasteEvent {
  type: "paste";
  text: string;
}

/** The terminal gained or lost focus. */
export interface FocusEvent {
  type: "focus";
  focused: boolean;
}

/** Anything {@link InputDecoder} produces. */
export type InputEvent = KeyEvent | MouseEvent | PasteEvent | FocusEvent;

const PASTE_START = "\x1b[200~";
const PASTE_END = "\x1b[201~";
const MAX_SEQUENCE = 64;

/**
 * A streaming decoder: push bytes as they arrive; a sequence cut between two reads is held
 * until the rest comes. A lone ESC is ambiguous (the Escape key, or the start of a sequence):
 * it is held until {@link InputDecoder.flush} is called after a short quiet time.
 *
 * @example
 * ```ts
 * import { InputDecoder } from "./input.ts";
 * const d = new InputDecoder();
 * const events = d.push(new TextEncoder().encode("a\x02\x1b[1;5A\x1b[<0;3;4M"));
 * console.assert(events.map((e) => e.type === "key" ? e.key : e.type).join() === "a,C-b,C-Up,mouse");
 * ```
 */
export class InputDecoder {
  #text = new TextDecoder("utf-8", { fatal: false });
  #buffer = "";
  #paste: string | null = null;

  /** Decodes a chunk; returns the complete events in it. */
  push(bytes: Uint8Array): InputEvent[] {
    this.#buffer += this.#text.decode(bytes, { stream: true });
    return this.#drain(false);
  }

  /** True when bytes are held back waiting for the rest of a sequence. */
  get pending(): boolean {
    return this.#buffer.length > 0 && this.#paste === null;
  }

  /** Gives up waiting: whatever is held becomes keys (a lone ESC is the Escape key). */
  flush(): InputEvent[] {
    return this.#drain(true);
  }

  #drain(force: boolean): InputEvent[] {
    const out: InputEvent[] = [];
    let s = this.#buffer;
    let i = 0;
    while (i < s.length) {
      if (this.#paste !== null) {
        const end = s.indexOf(PASTE_END, i);
        if (end < 0) {
          const keep = partialSuffix(s, PASTE_END);
          this.#paste += s.slice(i, s.length - keep);
          i = s.length - keep;
          break;
        }
        out.push({ type: "paste", text: this.#paste + s.slice(i, end) });
        this.#paste = null;
        i = end + PASTE_END.length;
        continue;
      }
      if (s.startsWith(PASTE_START, i)) {
        this.#paste = "";
        i += PASTE_START.length;
        continue;
      }
      const step = decodeOne(s, i, force);
      if (!step) break;
      if (step.event) out.push(step.event);
      i = step.next;
    }
    s = s.slice(i);
    this.#buffer = s;
    return out;
  }
}

/** How many trailing characters of `s` could be the start of `marker`. */
function partialSuffix(s: string, marker: string): number {
  for (let n = Math.min(marker.length - 1, s.length); n > 0; n--) {
    if (marker.startsWith(s.slice(s.length - n))) return n;
  }
  return 0;
}

interface Step {
  event?: InputEvent;
  next: number;
}

function key(name: string, raw: string): KeyEvent {
  return { type: "key", key: name, raw };
}

/** Decodes the event at `i`; undefined when the input stops mid-sequence (and not forced). */
function decodeOne(s: string, i: number, force: boolean): Step | undefined {
  const c = s[i]!;
  if (c !== "\x1b") {
    const cp = s.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    return { event: key(plainName(ch), ch), next: i + ch.length };
  }
  if (i + 1 >= s.length) return force ? { event: key("Escape", c), next: i + 1 } : undefined;
  const n = s[i + 1]!;
  if (n === "[") return decodeCsi(s, i, force);
  if (n === "O") {
    if (i + 2 >= s.length) return force ? { event: key("M-O", "\x1bO"), next: i + 2 } : undefined;
    const raw = s.slice(i, i + 3);
    return { event: key(ss3Key(s[i + 2]!) ?? "Unknown", raw), next: i + 3 };
  }
  if (n === "\x1b") return { event: key("Escape", c), next: i + 1 };
  const cp = s.codePointAt(i + 1)!;
  const ch = String.fromCodePoint(cp);
  return { event: key(`M-${plainName(ch)}`, c + ch), next: i + 1 + ch.length };
}

function decodeCsi(s: string, i: number, force: boolean): Step | undefined {
  let j = i + 2;
  while (j < s.length && j - i < MAX_SEQUENCE) {
    const code = s.charCodeAt(j);
    if (code >= 0x40 && code <= 0x7e) break;
    if (code < 0x20 || code > 0x3f) return { event: key("Unknown", s.slice(i, j)), next: j };
    j++;
  }
  if (j >= s.length) {
    if (!force) return undefined;
    return { event: key("Unknown", s.slice(i)), next: s.length };
  }
  if (j - i >= MAX_SEQUENCE) return { event: key("Unknown", s.slice(i, j)), next: j };
  const raw = s.slice(i, j + 1);
  const params = s.slice(i + 2, j);
  const final = s[j]!;
  if (params.startsWith("<") && (final === "M" || final === "m")) {
    const mouse = decodeMouse(params.slice(1), final, raw);
    return mouse ? { event: mouse, next: j + 1 } : { event: key("Unknown", raw), next: j + 1 };
  }
  if (params === "" && (final === "I" || final === "O")) {
    return { event: { type: "focus", focused: final === "I" }, next: j + 1 };
  }
  return { event: key(csiKey(params, final) ?? "Unknown", raw), next: j + 1 };
}

function decodeMouse(params: string, final: string, raw: string): MouseEvent | undefined {
  const parts = params.split(";").map(Number);
  if (parts.length !== 3 || parts.some((p) => !Number.isInteger(p))) return undefined;
  const [b, x, y] = parts as [number, number, number];
  const base = {
    type: "mouse" as const,
    button: b & 3,
    x: x - 1,
    y: y - 1,
    shift: !!(b & 4),
    alt: !!(b & 8),
    ctrl: !!(b & 16),
    raw,
  };
  if (b & 64) return { ...base, action: b & 1 ? "wheel-down" : "wheel-up" };
  if (b & 32) return { ...base, action: (b & 3) === 3 ? "move" : "drag" };
  return { ...base, action: final === "M" ? "press" : "release" };
}

const CONTROL_NAMES: Record<number, string> = {
  0x00: "C-Space",
  0x09: "Tab",
  0x0d: "Enter",
  0x1b: "Escape",
  0x1c: "C-\\",
  0x1d: "C-]",
  0x1e: "C-^",
  0x1f: "C-_",
  0x7f: "BSpace",
};

/** The name of a key sent as one character. */
function plainName(ch: string): string {
  const code = ch.charCodeAt(0);
  const named = CONTROL_NAMES[code];
  if (named) return named;
  if (code < 0x20) return `C-${String.fromCharCode(code + 0x60)}`;
  if (ch === " ") return "Space";
  return ch;
}

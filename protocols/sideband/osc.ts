/**
 * The OSC form of a sideband command, for programs and scripts:
 *
 * ```
 * ESC ] 9338 ; NAME ( ; KEY=VALUE )* ( BEL | ESC \ )
 * ```
 *
 * `NAME` is a tag name (`spawn`, `status`, …), each `VALUE` is percent-encoded UTF-8 (`%`, `;`
 * and control characters must be written as `%XX`; anything else may be literal). A tag's
 * content is given as the attribute it fills (`text=` for `input`). Every command carries its
 * pane's key, `key=$WEFT_SIDEBAND_KEY` (see `key.ts`); one without it is refused. Example:
 * `printf '\e]9338;input;key=%s;target=p2;submit=true;text=make%%0Atest\a' "$WEFT_SIDEBAND_KEY"`.
 *
 * A query's answer (`list`, `read`) is written back to the program's input like a terminal's
 * answer to a query: `ESC ] 9338 ; result ; [id=ID ;] tag=NAME ; ok=true ; value=JSON BEL`,
 * or `… ; ok=false ; code=CODE ; message=TEXT BEL`, every value percent-encoded.
 *
 * @module
 */

/**
 * weft's own OSC number: the one place it is written. 9338 spells "weft" on a phone keypad and
 * is claimed by no terminal or agent we know of; the numbers in use nearby include 7501 (the
 * Program Status Protocol, which Claude Code speaks: weft reads it as pane state, never as a
 * command), 21337 (tab status), 26, 88, 133 (semantic prompt), 633 (VS Code), 777, 9 (iTerm2),
 * 99 (kitty), 1337, 3008, 5113, 5379, 5522 and 9001.
 */
export const OSC_NUMBER = 9338;

/** The bytes that open a weft OSC command. */
export const OSC_OPEN = `\x1b]${OSC_NUMBER};`;

const NAME = /^[a-z][a-z0-9_-]{0,63}$/;
const KEY = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;

/** The name of a query's answer, as weft writes it to a program's input: never a command. */
export const OSC_REPLY = "result";

/** A decoded OSC payload, or why it is not one. */
export type OscPayload =
  | { ok: true; name: string; attrs: Record<string, string> }
  | { ok: false; reason: string };

/**
 * Decodes the payload between `ESC ] 9338 ;` and the terminator.
 *
 * @example
 * ```ts
 * import { parseOscPayload } from "./osc.ts";
 * const p = parseOscPayload("input;target=p2;text=a%3Bb%0Ac");
 * console.assert(p.ok && p.name === "input" && p.attrs.text === "a;b\nc");
 * ```
 */
export function parseOscPayload(payload: string): OscPayload {
  const [name = "", ...fields] = payload.split(";");
  if (!NAME.test(name)) return { ok: false, reason: `"${name.slice(0, 64)}" is not a tag name` };
  const attrs = new Map<string, string>();
  for (const field of fields) {
    if (field === "") continue;
    const eq = field.indexOf("=");
    const key = eq < 0 ? field : field.slice(0, eq);
    if (eq < 0 || !KEY.test(key)) {
      return { ok: false, reason: `"${field.slice(0, 64)}" is not KEY=VALUE` };
    }
    if (attrs.has(key)) return { ok: false, reason: `attribute "${key}" is given twice` };
    attrs.set(key, percentDecode(field.slice(eq + 1)));
  }
  return { ok: true, name, attrs: Object.fromEntries(attrs) };
}

/**
 * Writes a command in the OSC form (BEL-terminated).
 *
 * @example
 * ```ts
 * import { encodeOsc } from "./osc.ts";
 * console.assert(encodeOsc("status", { state: "done" }) === "\x1b]9338;status;state=done\x07");
 * ```
 */
export function encodeOsc(name: string, attrs: Readonly<Record<string, string>> = {}): string {
  const fields = Object.entries(attrs).map(([k, v]) => `;${k}=${percentEncode(v)}`);
  return `${OSC_OPEN}${name}${fields.join("")}\x07`;
}

/** What a query answered, for {@link encodeOscReply}. */
export type OscReply =
  | { tag: string; id?: string; ok: true; value: unknown }
  | { tag: string; id?: string; ok: false; code: string; message: string };

/**
 * The answer to a query in the OSC form, as written to the program's input.
 *
 * @example
 * ```ts
 * import { encodeOscReply, parseOscPayload } from "./osc.ts";
 * const reply = encodeOscReply({ tag: "list", ok: true, value: { panes: [] } });
 * const p = parseOscPayload(reply.slice(7, -1));
 * console.assert(p.ok && p.name === "result" && p.attrs.value === '{"panes":[]}');
 * ```
 */
export function encodeOscReply(reply: OscReply): string {
  const attrs: Record<string, string> = {};
  if (reply.id !== undefined) attrs.id = reply.id;
  attrs.tag = reply.tag;
  attrs.ok = String(reply.ok);
  if (reply.ok) attrs.value = JSON.stringify(reply.value ?? null);
  else {
    attrs.code = reply.code;
    attrs.message = reply.message;
  }
  return encodeOsc(OSC_REPLY, attrs);
}

/**
 * Percent-encodes `%`, `;`, `=`, `<` and every control character (C0, DEL, C1); the rest is
 * kept. (`<` too, so that a terminal's echo of an answer never holds an XML-form tag.)
 *
 * @example
 * ```ts
 * import { percentEncode } from "./osc.ts";
 * console.assert(percentEncode("a;b=c\n100%<") === "a%3Bb%3Dc%0A100%25%3C");
 * ```
 */
export function percentEncode(text: string): string {
  // deno-lint-ignore no-control-regex
  return text.replace(/[%;=<\x00-\x1f\x7f-\x9f]/g, (c) => {
    const bytes = new TextEncoder().encode(c);
    return [...bytes].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");
  });
}

/**
 * Decodes `%XX` runs as UTF-8 (invalid sequences become U+FFFD); a `%` not followed by two hex
 * digits is kept as is.
 *
 * @example
 * ```ts
 * import { percentDecode } from "./osc.ts";
 * console.assert(percentDecode("caf%C3%A9 100% %zz") === "café 100% %zz");
 * ```
 */
export function percentDecode(text: string): string {
  if (!text.includes("%")) return text;
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    const bytes = new Uint8Array(run.length / 3);
    for (let i = 0; i < bytes.length; i++) {
      bytes[i] = Number.parseInt(run.slice(i * 3 + 1, i * 3 + 3), 16);
    }
    return new TextDecoder().decode(bytes);
  });
}

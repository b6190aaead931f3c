/**
 * XML escaping for sideband attribute values and content: the five named entities and
 * numeric character references, nothing else (no DTDs, no external entities).
 *
 * @module
 */

const NAMED: Readonly<Record<string, string>> = {
  quot: '"',
  amp: "&",
  lt: "<",
  gt: ">",
  apos: "'",
};

const ENTITY = /&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-z]{2,4});/g;

/**
 * Replaces `&quot; &amp; &lt; &gt; &apos;` and `&#NN;` / `&#xHH;` by the characters they stand
 * for. Anything else (an unknown name, a surrogate or a code point past U+10FFFF) is left
 * exactly as written.
 *
 * @example
 * ```ts
 * import { xmlUnescape } from "./xml_escape.ts";
 * console.assert(xmlUnescape("a &lt;b&gt; &quot;c&quot; &#65;&#x42; &amp;amp;") === 'a <b> "c" AB &amp;');
 * ```
 */
export function xmlUnescape(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(ENTITY, (whole, body: string) => {
    if (body[0] !== "#") return NAMED[body] ?? whole;
    const hex = body[1] === "x" || body[1] === "X";
    const code = Number.parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10);
    const valid = code >= 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
    return valid ? String.fromCodePoint(code) : whole;
  });
}

/**
 * Escapes text for a double-quoted attribute value or for content: `& < > "` as entities and
 * control characters (which a terminal would act on, and which an attribute value would turn
 * into spaces) as numeric references, so that
 * {@link xmlUnescape} gives the text back.
 *
 * @example
 * ```ts
 * import { xmlEscape, xmlUnescape } from "./xml_escape.ts";
 * const text = 'say "hi" & <go>\x1b';
 * console.assert(xmlEscape(text) === "say &quot;hi&quot; &amp; &lt;go&gt;&#27;");
 * console.assert(xmlUnescape(xmlEscape(text)) === text);
 * ```
 */
export function xmlEscape(text: string): string {
  // deno-lint-ignore no-control-regex
  return text.replace(/[&<>"\x00-\x1f\x7f-\x9f]/g, (c) => {
    switch (c) {
      case "&":
        return "&amp;";
      case "<":
        return "&lt;";
      case ">":
        return "&gt;";
      case '"':
        return "&quot;";
      default:
        return `&#${c.charCodeAt(0)};`;
    }
  });
}

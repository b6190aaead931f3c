/**
 * Syntax colours for fenced code: highlight.js grammars (through lowlight's token tree) mapped to
 * SGR colours, one list of styled spans per line.
 *
 * @module
 */

import { common, createLowlight } from "lowlight";
import type { Span } from "./_wrap.ts";

const lowlight = createLowlight(common);

/** Code past these sizes is shown without colours: highlighting is not free. */
const MAX_CODE_CHARS = 100_000;

/** highlight.js scope → SGR parameters. Scopes not listed take their parent's style. */
const COLOURS: Record<string, string> = {
  keyword: "35",
  "variable.language": "35",
  built_in: "33",
  type: "33",
  "title.class": "33",
  "title.class.inherited": "33",
  literal: "36",
  number: "36",
  symbol: "36",
  attr: "36",
  attribute: "36",
  property: "36",
  string: "32",
  regexp: "31",
  char: "32",
  "template-variable": "33",
  comment: "2;3",
  doctag: "2;3",
  quote: "2;3",
  meta: "2",
  title: "34",
  "title.function": "34",
  "title.function.invoke": "34",
  section: "1;34",
  tag: "34",
  name: "34",
  "selector-tag": "34",
  "selector-class": "33",
  "selector-id": "33",
  bullet: "33",
  addition: "32",
  deletion: "31",
  link: "4;34",
  emphasis: "3",
  strong: "1",
};

interface HastNode {
  type: string;
  value?: string;
  properties?: { className?: string[] };
  children?: HastNode[];
}

/** `["hljs-title", "function_"]` → `title.function`. */
function scope(classes: string[]): string {
  const [first = "", ...rest] = classes;
  return [first.replace(/^hljs-/, ""), ...rest.map((c) => c.replace(/_+$/, ""))].join(".");
}

function walk(node: HastNode, sgr: string, lines: Span[][]): void {
  if (node.type === "text") {
    const parts = (node.value ?? "").split("\n");
    parts.forEach((part, i) => {
      if (i > 0) lines.push([]);
      if (part) lines[lines.length - 1]!.push({ text: part, sgr });
    });
    return;
  }
  let style = sgr;
  const classes = node.properties?.className;
  if (classes?.length) {
    const name = scope(classes);
    style = COLOURS[name] ?? COLOURS[name.split(".").slice(0, 2).join(".")] ??
      COLOURS[name.split(".")[0]!] ?? sgr;
  }
  for (const child of node.children ?? []) walk(child, style, lines);
}

/** Whether a language name (or alias: `ts`, `sh`, `py`, …) has a grammar. */
export function knownLanguage(lang: string): boolean {
  return lang !== "" && lowlight.registered(lang);
}

/**
 * The lines of `code` as styled spans, coloured by the grammar of `lang` when it is known and
 * the code is not huge; otherwise plain.
 *
 * @example
 * ```ts
 * import { highlight } from "./_highlight.ts";
 * const [line] = highlight("const a = 1;", "ts");
 * console.assert(line![0]!.text === "const" && line![0]!.sgr === "35");
 * ```
 */
export function highlight(code: string, lang: string): Span[][] {
  if (!knownLanguage(lang) || code.length > MAX_CODE_CHARS) {
    return code.split("\n").map((text) => (text ? [{ text, sgr: "" }] : []));
  }
  const lines: Span[][] = [[]];
  walk(lowlight.highlight(lang, code) as HastNode, "", lines);
  return lines;
}

/**
 * The state machine for one XML-form tag, fed one character at a time after its opener
 * `<ns:`: name → attributes → (self-close | content → closing tag). Escapes and control
 * characters are dealt with before a character gets here.
 *
 * @module
 */

import { xmlUnescape } from "./xml_escape.ts";

/** What feeding one character did. */
export type Step = "more" | "done" | "fail";

type State =
  | "name"
  | "attrs"
  | "attrName"
  | "afterName"
  | "beforeValue"
  | "value"
  | "afterValue"
  | "selfClose"
  | "content";

const MAX_NAME = 64;

function isSpace(c: string): boolean {
  return c === " " || c === "\n" || c === "\t";
}

function isNameChar(c: string, first: boolean): boolean {
  return (c >= "a" && c <= "z") || (!first && ((c >= "0" && c <= "9") || c === "_" || c === "-"));
}

function isAttrChar(c: string, first: boolean): boolean {
  return (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c === "_" ||
    (!first && ((c >= "0" && c <= "9") || c === "-" || c === "." || c === ":"));
}

/** One XML-form tag being read. */
export class TagMachine {
  /** Why the tag was given up, after a `"fail"`. */
  reason = "";
  #ns: string;
  #state: State = "name";
  #name = "";
  #attrs = new Map<string, string>();
  #attrName = "";
  #quote = "";
  #value = "";
  #content = "";
  #closing = "";
  #matched = 0;

  constructor(namespace: string) {
    this.#ns = namespace;
  }

  /** The tag name (complete once past the name). */
  get name(): string {
    return this.#name;
  }

  /** The attributes, unescaped. */
  get attrs(): Record<string, string> {
    return Object.fromEntries(this.#attrs);
  }

  /** The content of a paired tag, unescaped; undefined for a self-closing one. */
  get content(): string | undefined {
    return this.#closing ? xmlUnescape(this.#content) : undefined;
  }

  /** Feeds one character (a UTF-16 code unit). */
  feed(c: string): Step {
    switch (this.#state) {
      case "name":
        return this.#onName(c);
      case "attrs":
        if (isSpace(c)) return "more";
        if (isAttrChar(c, true)) return this.#to("attrName", () => (this.#attrName = c));
        return this.#endOfStart(c, "an attribute name, `/>` or `>`");
      case "attrName":
        if (isAttrChar(c, false) && this.#attrName.length < MAX_NAME) {
          this.#attrName += c;
          return "more";
        }
        if (isSpace(c)) return this.#to("afterName");
        return c === "="
          ? this.#to("beforeValue")
          : this.#fail(`unexpected "${c}" in an attribute name`);
      case "afterName":
        if (isSpace(c)) return "more";
        return c === "="
          ? this.#to("beforeValue")
          : this.#fail(`attribute "${this.#attrName}" has no value`);
      case "beforeValue":
        if (isSpace(c)) return "more";
        if (c === '"' || c === "'") {
          return this.#to("value", () => ((this.#quote = c), (this.#value = "")));
        }
        return this.#fail(`the value of "${this.#attrName}" must be quoted`);
      case "value":
        return this.#onValue(c);
      case "afterValue":
        if (isSpace(c)) return this.#to("attrs");
        return this.#endOfStart(c, "a space, `/>` or `>` after an attribute");
      case "selfClose":
        return c === ">" ? "done" : this.#fail(`expected ">" after "/"`);
      case "content":
        return this.#onContent(c);
    }
  }

  #onName(c: string): Step {
    if (isNameChar(c, this.#name === "") && this.#name.length < MAX_NAME) {
      this.#name += c;
      return "more";
    }
    if (this.#name === "") return this.#fail("no tag name");
    if (isSpace(c)) return this.#to("attrs");
    return this.#endOfStart(c, "a tag name");
  }

  #onValue(c: string): Step {
    if (c === this.#quote) {
      if (this.#attrs.has(this.#attrName)) {
        return this.#fail(`attribute "${this.#attrName}" is given twice`);
      }
      this.#attrs.set(this.#attrName, xmlUnescape(this.#value));
      return this.#to("afterValue");
    }
    if (c === "<") return this.#fail(`"<" in the value of "${this.#attrName}" (write &lt;)`);
    this.#value += c === "\n" || c === "\t" ? " " : c;
    return "more";
  }

  #onContent(c: string): Step {
    const closing = this.#closing;
    if (c === closing[this.#matched]) {
      this.#matched++;
      return this.#matched === closing.length ? "done" : "more";
    }
    // `<` occurs in the closing tag only at its start, so a mismatch restarts the match there.
    this.#content += closing.slice(0, this.#matched);
    this.#matched = c === "<" ? 1 : 0;
    if (this.#matched === 0) this.#content += c;
    return "more";
  }

  #endOfStart(c: string, expected: string): Step {
    if (c === "/") return this.#to("selfClose");
    if (c === ">") {
      this.#closing = `</${this.#ns}:${this.#name}>`;
      return this.#to("content");
    }
    return this.#fail(`expected ${expected}, got "${c}"`);
  }

  #to(state: State, then?: () => unknown): Step {
    this.#state = state;
    then?.();
    return "more";
  }

  #fail(reason: string): Step {
    this.reason = reason;
    return "fail";
  }
}

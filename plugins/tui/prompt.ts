/**
 * The command prompt (`prefix :`): a one-line editor, and the parser that turns
 * `pane.write p2 {"text":"ls"}` into a bus call.
 *
 * @module
 */

import type { KeyEvent } from "./input.ts";

/** What a key did to the line. */
export type EditResult = "edit" | "submit" | "cancel";

/**
 * A one-line editor with emacs-style keys and a history.
 *
 * @example
 * ```ts
 * import { LineEditor } from "./prompt.ts";
 * const ed = new LineEditor();
 * for (const key of ["l", "s", "BSpace", "x"]) ed.key({ type: "key", key, raw: key });
 * console.assert(ed.text === "lx");
 * ```
 */
export class LineEditor {
  text = "";
  cursor = 0;
  #history: string[] = [];
  #back = 0;

  /** Starts a fresh line. */
  reset(): void {
    this.text = "";
    this.cursor = 0;
    this.#back = 0;
  }

  /** Inserts pasted text (newlines become spaces). */
  insert(text: string): void {
    const clean = [...text.replace(/[\r\n]+/g, " ")].filter((ch) => ch >= " " && ch !== "\x7f")
      .join("");
    this.text = this.text.slice(0, this.cursor) + clean + this.text.slice(this.cursor);
    this.cursor += clean.length;
  }

  /** Applies a key. */
  key(event: KeyEvent): EditResult {
    const { key } = event;
    switch (key) {
      case "Enter":
        if (this.text.trim()) this.#history.push(this.text);
        return "submit";
      case "Escape":
      case "C-c":
      case "C-g":
        return "cancel";
      case "BSpace":
      case "C-h":
        if (this.cursor > 0) {
          this.text = this.text.slice(0, this.cursor - 1) + this.text.slice(this.cursor);
          this.cursor--;
        }
        return "edit";
      case "DC":
      case "C-d":
        this.text = this.text.slice(0, this.cursor) + this.text.slice(this.cursor + 1);
        return "edit";
      case "Left":
      case "C-b":
        this.cursor = Math.max(0, this.cursor - 1);
        return "edit";
      case "Right":
      case "C-f":
        this.cursor = Math.min(this.text.length, this.cursor + 1);
        return "edit";
      case "Home":
      case "C-a":
        this.cursor = 0;
        return "edit";
      case "End":
      case "C-e":
        this.cursor = this.text.length;
        return "edit";
      case "C-u":
        this.text = this.text.slice(this.cursor);
        this.cursor = 0;
        return "edit";
      case "C-k":
        this.text = this.text.slice(0, this.cursor);
        return "edit";
      case "C-w": {
        const before = this.text.slice(0, this.cursor).replace(/\S+\s*$/, "");
        this.text = before + this.text.slice(this.cursor);
        this.cursor = before.length;
        return "edit";
      }
      case "Up":
      case "Down":
        this.#recall(key === "Up" ? 1 : -1);
        return "edit";
    }
    if (key === "Space") this.insert(" ");
    else if ([...event.raw].length === 1 && event.raw >= " ") this.insert(event.raw);
    return "edit";
  }

  #recall(step: number): void {
    const back = Math.min(this.#history.length, Math.max(0, this.#back + step));
    this.#back = back;
    this.text = back ? this.#history[this.#history.length - back]! : "";
    this.cursor = this.text.length;
  }
}

const ID_FIELDS: Record<string, string> = { p: "pane", w: "window", s: "session" };

/**
 * Parses a prompt line: `<command> [target] [JSON object]`. The target goes into `pane`,
 * `window` or `session`: by its id's letter (`p2`, `w1`, `s1`), else by the command's own
 * prefix (`window.select editor`), else `pane`. Throws a `SyntaxError` with a readable
 * message on bad input.
 *
 * @example
 * ```ts
 * import { parseCommandLine } from "./prompt.ts";
 * const call = parseCommandLine('pane.write p2 {"text":"ls"}');
 * console.assert(call.name === "pane.write" && call.params.pane === "p2");
 * ```
 */
export function parseCommandLine(line: string): { name: string; params: Record<string, unknown> } {
  const match = /^\s*([a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)+)\s*(?:([^\s{][^\s]*)\s*)?(\{.*\})?\s*$/s
    .exec(line);
  if (!match) {
    throw new SyntaxError(
      'Cannot run the command: write it as name [target] [{json}], e.g. pane.write p2 {"text":"ls"}',
    );
  }
  const [, name, target, json] = match as unknown as [
    string,
    string,
    string | undefined,
    string | undefined,
  ];
  let params: Record<string, unknown> = {};
  if (json) {
    try {
      params = JSON.parse(json);
    } catch (err) {
      throw new SyntaxError(
        `Cannot run ${name}: the input is not JSON (${(err as Error).message})`,
      );
    }
    if (typeof params !== "object" || params === null || Array.isArray(params)) {
      throw new SyntaxError(`Cannot run ${name}: the input must be a JSON object`);
    }
  }
  if (target) {
    const byId = /^[pws]\d+$/.test(target) ? ID_FIELDS[target[0]!] : undefined;
    const owner = name.split(".")[0]!;
    const field = byId ?? (["pane", "window", "session"].includes(owner) ? owner : "pane");
    params = { [field]: target, ...params };
  }
  return { name, params };
}

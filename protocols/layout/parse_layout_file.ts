import { parse, TomlError } from "smol-toml";
import { WeftError } from "../bus/errors.ts";
import { locate } from "./_locate.ts";
import { checkLayoutFile } from "./check_file.ts";
import type { CheckSpecOptions } from "./check_spec.ts";
import type { LayoutFile } from "./types.ts";

/** Options of {@link parseLayoutFile}. */
export interface ParseLayoutFileOptions extends Pick<CheckSpecOptions, "resolvePreset"> {
  /** What to call the file in messages (its path). */
  name?: string;
}

/** The largest layout file read, in characters. */
export const MAX_LAYOUT_FILE = 1024 * 1024;

/**
 * Reads a TOML layout file. A syntax error, or a value the layout rules refuse, is a
 * `WeftError` `INVALID_INPUT` whose message gives the line, the column and what was expected,
 * and whose `data` holds `{line, column, path?}`.
 *
 * @example
 * ```ts
 * import { parseLayoutFile } from "./parse_layout_file.ts";
 * const file = parseLayoutFile(`
 * [[window]]
 * name = "dev"
 * preset = "main_vertical"
 * pane_commands = ["vim .", "deno test --watch"]
 * `);
 * console.assert(file.windows[0]!.name === "dev");
 * try {
 *   parseLayoutFile("[[window]]\npreset = 'tiled'\npane_commands = []\n", { name: "x.toml" });
 * } catch (err) {
 *   console.assert(String(err).includes("x.toml at line 3, column 17"));
 * }
 * ```
 */
export function parseLayoutFile(text: string, options: ParseLayoutFileOptions = {}): LayoutFile {
  const name = options.name ?? "layout file";
  if (text.length > MAX_LAYOUT_FILE) {
    throw new WeftError(
      "TOO_LARGE",
      `Cannot read ${name}: it is larger than ${MAX_LAYOUT_FILE} characters`,
    );
  }
  let value: unknown;
  try {
    value = parse(text, { unsafeKeyBehaviour: "throw", maxDepth: 64 });
  } catch (err) {
    if (!(err instanceof TomlError)) throw err;
    const reason = err.message.split("\n")[0]!.replace(/^Invalid TOML document: /, "");
    throw new WeftError(
      "INVALID_INPUT",
      `Cannot read ${name} at line ${err.line}, column ${err.column}: ${reason} (TOML syntax)\n${err.codeblock}`,
      { line: err.line, column: err.column },
    );
  }
  try {
    return checkLayoutFile(value, options);
  } catch (err) {
    if (!(err instanceof WeftError) || err.code !== "INVALID_INPUT") throw err;
    const path = (err.data as { path?: string } | undefined)?.path ?? "";
    const at = locate(text, path) ?? { line: 1, column: 1 };
    const problem = err.message.replace(/^Cannot read layout: /, "");
    throw new WeftError(
      "INVALID_INPUT",
      `Cannot read ${name} at line ${at.line}, column ${at.column}: ${problem}`,
      { ...at, path },
    );
  }
}

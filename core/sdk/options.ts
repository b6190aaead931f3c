/**
 * A plugin's options: an `Options` interface, a `defaults` object, and one parser that checks
 * what the project wrote (`weft.plugins.<name>.options` in its `deno.json`) and fills in the
 * defaults. A plugin hands its parser to `definePlugin({options})`; `setup` gets the result.
 *
 * @module
 */

import type { z } from "zod";
import { WeftError } from "../../protocols/bus/errors.ts";

/** The raw options as the project's config gives them. */
export type RawOptions = Readonly<Record<string, unknown>>;

/** What a zod schema of options may produce: any subset of the options. */
export type OptionsSchema<O> = z.ZodType<{ [K in keyof O]?: O[K] | undefined }>;

/**
 * Builds a plugin's options parser: the project's options over `defaults` (key by key), checked
 * by `schema`, a strict zod object whose keys are optional. A bad value or an unknown key fails
 * with `INVALID_INPUT` naming it: `weft.plugins.<plugin>.options.<key>`.
 *
 * @example
 * ```ts
 * import { z } from "zod";
 * import { optionsParser } from "./options.ts";
 * interface Options { greeting: string; loud: boolean }
 * const defaults: Options = { greeting: "Hello", loud: false };
 * const parseOptions = optionsParser<Options>("demo", {
 *   schema: z.strictObject({ greeting: z.string().optional(), loud: z.boolean().optional() }),
 *   defaults,
 * });
 * console.assert(parseOptions({ loud: true }).greeting === "Hello");
 * try {
 *   parseOptions({ lodu: true });
 * } catch (err) {
 *   console.assert((err as Error).message.includes('weft.plugins.demo.options: unknown key "lodu"'));
 * }
 * ```
 */
export function optionsParser<O extends object>(
  plugin: string,
  { schema, defaults }: { schema: OptionsSchema<O>; defaults: O },
): (raw: unknown) => O {
  return (raw) => {
    const parsed = schema.safeParse(raw ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const path = ["weft", "plugins", plugin, "options", ...issue.path.map(String)].join(".");
      const what = issue.code === "unrecognized_keys"
        ? `unknown key ${issue.keys.map((k) => `"${k}"`).join(", ")}`
        : issue.message;
      throw new WeftError("INVALID_INPUT", `Cannot start plugin "${plugin}": ${path}: ${what}`);
    }
    const given = Object.entries(parsed.data).filter(([, v]) => v !== undefined);
    return { ...defaults, ...Object.fromEntries(given) } as O;
  };
}

/**
 * `hello`: an example third-party weft plugin. It asks for `pane:read` and `pane:write`, and
 * for nothing at the Deno level, so its Worker cannot touch files, the network or programs.
 *
 * - `hello.greet {name}`: needs nothing.
 * - `hello.shout {from, to}`: reads the last non-empty line of pane `from` and writes it,
 *   upper-cased, into pane `to`.
 * - `hello.read_file {path}`: tries to read a file, to show Deno refusing it.
 *
 * @example
 * ```ts
 * import hello from "./mod.ts";
 * console.assert(hello.manifest.commands.some((c) => c.name === "hello.shout"));
 * ```
 *
 * @module
 */

import { definePlugin, optionsParser, WeftError, withState, z } from "@weft/weft/plugin";

/** What a project may set under `weft.plugins.hello.options` in its `deno.json`. */
export interface Options {
  /** The word `hello.greet` greets with. */
  greeting: string;
}

/** The options of a project that sets none. */
export const defaults: Options = { greeting: "Hello" };

/** Checks the project's options over {@link defaults}; an unknown key is an error. */
export const parseOptions = optionsParser<Options>("hello", {
  schema: z.strictObject({ greeting: z.string().min(1).max(100).optional() }),
  defaults,
});

/** What `setup` builds and every handler receives as `state`. */
interface State {
  greeting: string;
}

const { defineCommand } = withState<State>();

const greet = defineCommand({
  name: "hello.greet",
  title: "Greet",
  description: "Returns a greeting for `name`. Needs no capability.",
  capabilities: [],
  input: z.object({ name: z.string().min(1) }),
  handler: ({ input, state }) => `${state.greeting}, ${input.name}!`,
});

const shout = defineCommand({
  name: "hello.shout",
  title: "Shout a line across panes",
  description: "Reads the last non-empty line of pane `from` and types it upper-cased into " +
    "pane `to`. Returns the text written.",
  capabilities: ["pane:read", "pane:write"],
  input: z.object({ from: z.string().min(1), to: z.string().min(1) }),
  handler: async ({ input, call }) => {
    const read = await call<{ text: string }>("pane.read", {
      pane: input.from,
      mode: "recent",
      lines: 50,
    });
    const line = read.text.split("\n").map((l) => l.trim()).filter(Boolean).at(
      -1,
    );
    if (line === undefined) {
      throw new WeftError(
        "NOT_FOUND",
        `Cannot shout from pane "${input.from}": it shows no text`,
      );
    }
    const text = line.toUpperCase();
    await call("pane.write", { pane: input.to, text });
    return { text };
  },
});

const readFile = defineCommand({
  name: "hello.read_file",
  title: "Read a file (and be refused)",
  description: "Tries to read a file. Without a `read:` grant Deno refuses, and the refusal " +
    "comes back as DENIED with Deno's message.",
  capabilities: [],
  input: z.object({ path: z.string().min(1) }),
  handler: async ({ input }) => {
    try {
      return { text: await Deno.readTextFile(input.path) };
    } catch (err) {
      if (
        err instanceof Deno.errors.NotCapable ||
        err instanceof Deno.errors.PermissionDenied
      ) {
        throw new WeftError(
          "DENIED",
          `Cannot read file "${input.path}": ${err.message}`,
        );
      }
      throw err;
    }
  },
});

export default definePlugin({
  name: "hello",
  version: "1.0.0",
  description: "An example plugin: greets, shouts a pane's last line into another pane.",
  capabilities: ["pane:read", "pane:write"],
  commands: [greet, shout, readFile],
  options: parseOptions,
  setup: (ctx): State => {
    ctx.log(`granted ${[...ctx.grant].join(", ") || "nothing"}`);
    return { greeting: ctx.options.greeting };
  },
});

/**
 * `weft canvas KIND [PATH | -] [--name N] [--title T] [--opt KEY=VALUE]…`: opens a canvas in
 * the running server showing a file of the project (`-`: standard input as content; no PATH:
 * the agents board and other live kinds; `diff --opt range=main..HEAD`: a git range of the
 * project). Prints the canvas's pane id.
 *
 * @module
 */

import { resolve } from "node:path";
import { type FlagPlan, parseFlags } from "../cli/flags.ts";
import { print, type Subcommand, UsageError, withClient } from "../cli/io.ts";

const PLAN: FlagPlan = {
  omit: ["kind", "path", "content", "options"],
  own: { json: { type: "boolean" }, opt: { type: "string", multiple: true } },
  positionals: true,
};

/** The `canvas` subcommand. */
export const canvas: Subcommand = {
  usage: "weft canvas KIND [PATH | -] [--name N] [--title T] [--split P] [--direction D] " +
    "[--opt KEY=VALUE]… [--json]",
  summary: "Open a canvas: a pane drawn from a file (json, log, table, diff, …) or live data",
  flags: { command: "canvas.open", plan: PLAN },
  run: async (args, io) => {
    return await withClient(io, async (client) => {
      const { commands } = await client.call("server.commands", {
        name: "canvas.open",
      });
      if (!commands[0]) throw new UsageError("the canvas plugin is not running in this server");
      const parsed = parseFlags(args, commands[0], PLAN);
      const [kind, path, ...rest] = parsed.positionals;
      if (!kind || rest.length) throw new UsageError("give a KIND and at most one PATH");
      const source = path === "-"
        ? { content: await new Response(Deno.stdin.readable).text() }
        : path !== undefined
        ? { path: resolve(io.cwd, path) }
        : {};
      const options = optionsOf(parsed.own.opt as unknown as string[] | undefined);
      const result = await client.call<{ pane: string }>("canvas.open", {
        ...parsed.input,
        kind,
        ...source,
        ...(options ? { options } : {}),
      });
      print(io, !!parsed.own.json, result, () => `${result.pane}\n`);
      return 0;
    });
  },
};

/** `--opt fold=2 --opt highlight=err` as kind options; values are JSON when they parse. */
function optionsOf(pairs: string[] | undefined): Record<string, unknown> | undefined {
  if (!pairs?.length) return undefined;
  const options: Record<string, unknown> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    if (eq < 1) throw new UsageError(`--opt takes KEY=VALUE, got "${pair}"`);
    const raw = pair.slice(eq + 1);
    let value: unknown = raw;
    try {
      value = JSON.parse(raw);
    } catch {
      // A plain string.
    }
    options[pair.slice(0, eq)] = value;
  }
  return options;
}

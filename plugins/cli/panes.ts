/**
 * The pane subcommands: new, split, send, read, wait, run, kill. Their flags are their bus
 * command's input fields, read from the contract's specs ({@link ./flags.ts}); what is written
 * here is only what is not a 1:1 field: positionals, the command after `--`, `-h`/`-v`,
 * `--history`, `--enter`, `--join`, `--session-new`, `--json`.
 *
 * @module
 */

import type { WeftClient } from "../client/mod.ts";
import type { CommandSpec } from "../../protocols/bus/command_spec.ts";
import { inputSpec } from "./input_schemas.ts";
import { type FlagPlan, type ParsedFlags, parseFlags } from "./flags.ts";
import { print, splitAtDashes, type Subcommand, UsageError, withClient } from "./io.ts";

function launchOf(command: string[] | undefined): Record<string, unknown> {
  if (!command?.length) return {};
  return command.length === 1 ? { command: command[0] } : { argv: command };
}

const JSON_FLAG = { json: { type: "boolean" } } as const;
/** `--host H`: on host H of the fabric, in its own default window (`H/` as the window). */
const HOST_FLAG = { host: { type: "string" } } as const;

/** The input with `--host` as its window, unless a window was named. */
function onHost(input: Record<string, unknown>, host: unknown): Record<string, unknown> {
  return typeof host === "string" && input.window === undefined
    ? { ...input, window: `${host}/` }
    : input;
}

// Inputs are sent as JSON: fields left undefined simply are not sent.

const NEW_PLAN: FlagPlan = {
  omit: ["command", "argv"],
  own: { "session-new": { type: "boolean" }, ...JSON_FLAG, ...HOST_FLAG },
};

/** `weft new` */
export const newPane: Subcommand = {
  usage:
    "weft new [--name N] [--cwd D] [--window W] [--host H] [--session-new] [--json] [-- cmd args…]",
  summary: "Open a new pane (in the current window, or a new session with --session-new); " +
    "starts a server in the background when none runs",
  starts: true,
  flags: { command: "pane.create", plan: NEW_PLAN },
  run: async (args, io) => {
    const [opts, command] = splitAtDashes(args);
    return await withClient(io, async (client) => {
      const parsed = parseFlags(opts, inputSpec("pane.create"), NEW_PLAN);
      if (parsed.own["session-new"] && parsed.own.host !== undefined) {
        throw new UsageError("--host and --session-new do not go together");
      }
      const input = onHost({ ...parsed.input, ...launchOf(command) }, parsed.own.host);
      const result = parsed.own["session-new"]
        ? await client.call(
          "session.create",
          sessionInput(input, inputSpec("session.create"), parsed),
        )
        : await client.call("pane.create", input);
      const id = (result as { pane?: string; id?: string }).pane ?? (result as { id: string }).id;
      print(io, !!parsed.own.json, result, () => `${id}\n`);
      return 0;
    });
  },
};

/**
 * `--session-new`: the fields session.create takes too. `--window` names a window to add to,
 * which a new session has not got: it is left out, as it always was.
 */
function sessionInput(
  input: Record<string, unknown>,
  spec: Pick<CommandSpec, "inputSchema">,
  parsed: ParsedFlags,
): Record<string, unknown> {
  const { window: _target, ...rest } = input;
  const takes = Object.keys(spec.inputSchema.properties ?? {});
  const stray = Object.keys(rest).find((field) => !takes.includes(field));
  if (stray) throw new UsageError(`--${parsed.flagOf(stray)} does not go with --session-new`);
  return rest;
}

const SPLIT_PLAN: FlagPlan = {
  omit: ["split", "direction", "window", "command", "argv"],
  own: {
    horizontal: { type: "boolean", short: "h" },
    vertical: { type: "boolean", short: "v" },
    ...JSON_FLAG,
  },
  positionals: true,
};

/** `weft split` */
export const split: Subcommand = {
  usage: "weft split PANE (-h | -v) [--ratio R] [--name N] [--json] [-- cmd args…]",
  summary: "Split a pane: -h side by side, -v one above the other",
  flags: { command: "pane.create", plan: SPLIT_PLAN },
  run: async (args, io) => {
    const [opts, command] = splitAtDashes(args);
    return await withClient(io, async (client) => {
      const parsed = parseFlags(opts, inputSpec("pane.create"), SPLIT_PLAN);
      const { horizontal, vertical, json } = parsed.own;
      const pane = parsed.positionals[0];
      if (!pane || !!horizontal === !!vertical) {
        throw new UsageError("give a pane and one of -h or -v");
      }
      const result = await client.call("pane.create", {
        split: pane,
        direction: horizontal ? "horizontal" : "vertical",
        ...parsed.input,
        ...launchOf(command),
      });
      print(io, !!json, result, () => `${result.id}\n`);
      return 0;
    });
  },
};

const SEND_PLAN: FlagPlan = {
  omit: ["pane", "text"],
  rename: { submit: "enter" },
  own: JSON_FLAG,
  positionals: true,
};

/** `weft send` */
export const send: Subcommand = {
  usage: "weft send PANE [TEXT] [--enter] [--keys C-c,Enter] [--json]",
  summary: "Type text and/or named keys into a pane",
  flags: { command: "pane.write", plan: SEND_PLAN },
  run: async (args, io) => {
    return await withClient(io, async (client) => {
      const parsed = parseFlags(args, inputSpec("pane.write"), SEND_PLAN);
      const [pane, ...text] = parsed.positionals;
      const { keys, submit } = parsed.input as { keys?: string[]; submit?: boolean };
      if (!pane || (!text.length && !keys && !submit)) {
        throw new UsageError("give a pane and text, --keys or --enter");
      }
      const result = await client.call("pane.write", {
        pane,
        text: text.length ? text.join(" ") : undefined,
        ...parsed.input,
      });
      print(io, !!parsed.own.json, result, () => "");
      return 0;
    });
  },
};

const READ_PLAN: FlagPlan = {
  omit: ["pane", "mode"],
  rename: { joinWrapped: "join" },
  own: { history: { type: "boolean" }, ...JSON_FLAG },
  positionals: true,
};

/** `weft read` */
export const read: Subcommand = {
  usage: "weft read PANE [--lines N] [--history] [--ansi] [--join] [--since REV] [--json]",
  summary: "Print what a pane shows (or its recent lines / whole history)",
  flags: { command: "pane.read", plan: READ_PLAN },
  run: async (args, io) => {
    return await withClient(io, async (client) => {
      const parsed = parseFlags(args, inputSpec("pane.read"), READ_PLAN);
      const pane = parsed.positionals[0];
      if (!pane) throw new UsageError("give a pane");
      const lines = parsed.input.lines;
      const mode = parsed.own.history ? "history" : lines !== undefined ? "recent" : "visible";
      const result = await client.call("pane.read", {
        pane,
        mode,
        ...parsed.input,
      });
      print(io, !!parsed.own.json, result, () => result.text.replace(/\n*$/, "\n"));
      return 0;
    });
  },
};

/** `--match` is always a regular expression from the CLI: no `--regex` of its own. */
const WAIT_PLAN: FlagPlan = { omit: ["pane", "regex"], own: JSON_FLAG, positionals: true };

/** `weft wait` */
export const wait: Subcommand = {
  usage: "weft wait PANE (--match RE | --exit | --idle MS | --state S) [--timeout MS] [--json]",
  summary: "Wait until a pane's screen matches, it exits, goes quiet, or reaches a state",
  flags: { command: "pane.wait", plan: WAIT_PLAN },
  run: async (args, io) => {
    return await withClient(io, async (client) => {
      const parsed = parseFlags(args, inputSpec("pane.wait"), WAIT_PLAN);
      const pane = parsed.positionals[0];
      const { match, exit, idle, state } = parsed.input;
      const given = [match, exit, idle, state].filter((v) => v !== undefined);
      if (!pane || given.length !== 1) {
        throw new UsageError("give a pane and one of --match, --exit, --idle, --state");
      }
      const result = await client.call(
        "pane.wait",
        { pane, ...parsed.input, regex: match !== undefined || undefined },
      );
      print(
        io,
        !!parsed.own.json,
        result,
        () => (result.line !== undefined ? `${result.line}\n` : ""),
      );
      return 0;
    });
  },
};

const RUN_PLAN: FlagPlan = {
  omit: ["command", "argv"],
  own: { ...JSON_FLAG, ...HOST_FLAG },
  positionals: true,
};

/** `weft run` */
export const run: Subcommand = {
  usage:
    "weft run [--pane P] [--host H] [--keep] [--timeout MS] [--json] -- (cmd args… | 'shell line')",
  summary: "Run a command in a pane and print its output; exits with the command's exit code",
  flags: { command: "pane.run", plan: RUN_PLAN },
  run: async (args, io) => {
    const [opts, command] = splitAtDashes(args);
    return await withClient(io, async (client) => {
      const parsed = parseFlags(opts, inputSpec("pane.run"), RUN_PLAN);
      // One word is a shell line (`weft run -- 'make && make test'`); more are argv, passed as
      // they are so quotes and backslashes survive.
      const words = command?.length ? command : parsed.positionals;
      if (!words.length) throw new UsageError("give a command after --");
      const input = parsed.own.host === undefined || parsed.input.pane !== undefined
        ? parsed.input
        : onHost(parsed.input, parsed.own.host);
      const result = await client.call("pane.run", { ...launchOf(words), ...input });
      print(io, !!parsed.own.json, result, () => (result.output ? `${result.output}\n` : ""));
      return result.exitCode ?? 1;
    });
  },
};

/** `weft kill` */
export const kill: Subcommand = {
  usage: "weft kill TARGET   (a pane, window or session: id or name)",
  summary: "Close a pane, window or session",
  run: async (args, io) => {
    const target = args[0];
    if (!target || args.length > 1) throw new UsageError("give one pane, window or session");
    return await withClient(io, async (client) => {
      await killTarget(client, target);
      return 0;
    });
  },
};

async function killTarget(client: WeftClient, target: string): Promise<void> {
  const byId: Record<string, [string, string]> = {
    p: ["pane.close", "pane"],
    w: ["window.kill", "window"],
    s: ["session.kill", "session"],
  };
  const m = /^([pws])\d+$/.exec(target);
  if (m) {
    const [method, field] = byId[m[1]!]!;
    await client.call(method, { [field]: target });
    return;
  }
  for (const [method, field] of Object.values(byId)) {
    try {
      await client.call(method, { [field]: target });
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== "TARGET_NOT_FOUND") throw err;
    }
  }
  await client.call("pane.close", { pane: target });
}

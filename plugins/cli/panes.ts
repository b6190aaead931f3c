/**
 * The pane subcommands: new, split, send, read, wait, run, kill.
 *
 * @module
 */

import { parseArgs } from "node:util";
import type { WeftClient } from "../client/mod.ts";
import { intOption, print, splitAtDashes, type Subcommand, UsageError, withClient } from "./io.ts";

function launchOf(command: string[] | undefined): Record<string, unknown> {
  if (!command?.length) return {};
  return command.length === 1 ? { command: command[0] } : { argv: command };
}

// Inputs are sent as JSON: fields left undefined simply are not sent.

/** `weft new` */
export const newPane: Subcommand = {
  usage: "weft new [--name N] [--cwd D] [--window W] [--session-new] [--json] [-- cmd args…]",
  summary: "Open a new pane (in the current window, or a new session with --session-new)",
  run: async (args, io) => {
    const [opts, command] = splitAtDashes(args);
    const { values } = parseArgs({
      args: opts,
      options: {
        name: { type: "string" },
        cwd: { type: "string" },
        window: { type: "string" },
        "session-new": { type: "boolean" },
        json: { type: "boolean" },
      },
    });
    const input = {
      ...launchOf(command),
      name: values.name,
      cwd: values.cwd,
    };
    return await withClient(io, async (client) => {
      const result = values["session-new"]
        ? await client.call("session.create", input)
        : await client.call("pane.create", {
          ...input,
          window: values.window,
        });
      const id = (result as { pane?: string; id?: string }).pane ?? (result as { id: string }).id;
      print(io, !!values.json, result, () => `${id}\n`);
      return 0;
    });
  },
};

/** `weft split` */
export const split: Subcommand = {
  usage: "weft split PANE (-h | -v) [--ratio R] [--name N] [--json] [-- cmd args…]",
  summary: "Split a pane: -h side by side, -v one above the other",
  run: async (args, io) => {
    const [opts, command] = splitAtDashes(args);
    const { values, positionals } = parseArgs({
      args: opts,
      allowPositionals: true,
      options: {
        horizontal: { type: "boolean", short: "h" },
        vertical: { type: "boolean", short: "v" },
        ratio: { type: "string" },
        name: { type: "string" },
        json: { type: "boolean" },
      },
    });
    const pane = positionals[0];
    if (!pane || values.horizontal === values.vertical) {
      throw new UsageError("give a pane and one of -h or -v");
    }
    const ratio = values.ratio === undefined ? undefined : Number(values.ratio);
    if (ratio !== undefined && !(ratio > 0 && ratio < 1)) {
      throw new UsageError("--ratio must be between 0 and 1");
    }
    return await withClient(io, async (client) => {
      const result = await client.call<{ id: string }>("pane.create", {
        split: pane,
        direction: values.horizontal ? "horizontal" : "vertical",
        ratio,
        name: values.name,
        ...launchOf(command),
      });
      print(io, !!values.json, result, () => `${result.id}\n`);
      return 0;
    });
  },
};

/** `weft send` */
export const send: Subcommand = {
  usage: "weft send PANE [TEXT] [--enter] [--keys C-c,Enter] [--json]",
  summary: "Type text and/or named keys into a pane",
  run: async (args, io) => {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { enter: { type: "boolean" }, keys: { type: "string" }, json: { type: "boolean" } },
    });
    const [pane, ...text] = positionals;
    if (!pane || (!text.length && !values.keys && !values.enter)) {
      throw new UsageError("give a pane and text, --keys or --enter");
    }
    return await withClient(io, async (client) => {
      const result = await client.call("pane.write", {
        pane,
        text: text.length ? text.join(" ") : undefined,
        keys: values.keys?.split(",").map((k) => k.trim()).filter(Boolean),
        submit: values.enter,
      });
      print(io, !!values.json, result, () => "");
      return 0;
    });
  },
};

/** `weft read` */
export const read: Subcommand = {
  usage: "weft read PANE [--lines N] [--history] [--ansi] [--join] [--since REV] [--json]",
  summary: "Print what a pane shows (or its recent lines / whole history)",
  run: async (args, io) => {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        lines: { type: "string" },
        history: { type: "boolean" },
        ansi: { type: "boolean" },
        join: { type: "boolean" },
        since: { type: "string" },
        json: { type: "boolean" },
      },
    });
    const pane = positionals[0];
    if (!pane) throw new UsageError("give a pane");
    const lines = intOption(values.lines, "lines");
    const since = intOption(values.since, "since");
    const mode = values.history ? "history" : lines !== undefined ? "recent" : "visible";
    return await withClient(io, async (client) => {
      const result = await client.call<{ text: string }>("pane.read", {
        pane,
        mode,
        lines,
        since,
        ansi: values.ansi,
        joinWrapped: values.join,
      });
      print(io, !!values.json, result, () => result.text.replace(/\n*$/, "\n"));
      return 0;
    });
  },
};

/** `weft wait` */
export const wait: Subcommand = {
  usage: "weft wait PANE (--match RE | --exit | --idle MS | --state S) [--timeout MS] [--json]",
  summary: "Wait until a pane's screen matches, it exits, goes quiet, or reaches a state",
  run: async (args, io) => {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        match: { type: "string" },
        exit: { type: "boolean" },
        idle: { type: "string" },
        state: { type: "string" },
        timeout: { type: "string" },
        json: { type: "boolean" },
      },
    });
    const pane = positionals[0];
    const given = [values.match, values.exit, values.idle, values.state].filter((v) =>
      v !== undefined
    );
    if (!pane || given.length !== 1) {
      throw new UsageError("give a pane and one of --match, --exit, --idle, --state");
    }
    const idle = intOption(values.idle, "idle");
    const timeout = intOption(values.timeout, "timeout");
    return await withClient(io, async (client) => {
      const result = await client.call<{ line?: string; exit?: { code: number | null } }>(
        "pane.wait",
        {
          pane,
          match: values.match,
          regex: values.match !== undefined || undefined,
          exit: values.exit,
          idle,
          state: values.state,
          timeout,
        },
      );
      print(io, !!values.json, result, () => (result.line !== undefined ? `${result.line}\n` : ""));
      return 0;
    });
  },
};

/** `weft run` */
export const run: Subcommand = {
  usage: "weft run [--pane P] [--keep] [--timeout MS] [--json] -- (cmd args… | 'shell line')",
  summary: "Run a command in a pane and print its output; exits with the command's exit code",
  run: async (args, io) => {
    const [opts, command] = splitAtDashes(args);
    const { values, positionals } = parseArgs({
      args: opts,
      allowPositionals: true,
      options: {
        pane: { type: "string" },
        keep: { type: "boolean" },
        timeout: { type: "string" },
        json: { type: "boolean" },
      },
    });
    // One word is a shell line (`weft run -- 'make && make test'`); more are argv, passed as
    // they are so quotes and backslashes survive.
    const words = command?.length ? command : positionals;
    if (!words.length) throw new UsageError("give a command after --");
    const timeout = intOption(values.timeout, "timeout");
    return await withClient(io, async (client) => {
      const result = await client.call<{ output: string; exitCode: number | null }>("pane.run", {
        ...launchOf(words),
        pane: values.pane,
        keep: values.keep,
        timeout,
      });
      print(io, !!values.json, result, () => (result.output ? `${result.output}\n` : ""));
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

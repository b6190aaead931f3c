/**
 * Help: `weft help [COMMAND]` and `weft SUBCOMMAND --help` (which prints and does nothing else).
 * A subcommand's flags come from its bus command's spec: the running server's, or the core's own
 * when no server answers.
 *
 * @module
 */

import type { CommandSpec, JsonSchema } from "../../protocols/bus/command_spec.ts";
import { didYouMean } from "../../protocols/bus/suggest.ts";
import { describeFlags } from "./flags.ts";
import { type CliIo, connect, type Subcommand, UsageError } from "./io.ts";

/** `weft help [COMMAND]`: CLI subcommands, and every bus command of the running server. */
export function helpCommand(load: () => Promise<Record<string, Subcommand>>): Subcommand {
  return {
    usage: "weft help [COMMAND]",
    summary: "Show the CLI's subcommands and every bus command with its arguments",
    run: async (args, io) => {
      const subcommands = { ...(await load()) };
      subcommands.help = helpCommand(load);
      const specs = await commandSpecs(io);
      const name = args[0];
      if (name) {
        const sub = subcommands[name];
        const spec = specs.find((s) => s.name === name);
        if (!sub && !spec) {
          const known = [...Object.keys(subcommands), ...specs.map((s) => s.name)];
          throw new UsageError(`unknown command "${name}"${didYouMean(name, known)}`);
        }
        if (sub) io.out(subcommandText(sub, specs));
        if (spec) io.out(describeSpec(spec));
        return 0;
      }
      io.out("weft: a terminal multiplexer for AI coding agents\n\nCLI:\n");
      for (const sub of Object.values(subcommands)) {
        io.out(`  ${sub.usage}\n      ${sub.summary}\n`);
      }
      io.out("\nBus commands (weft call NAME 'JSON'; weft help NAME for arguments):\n");
      for (const s of specs) {
        io.out(
          `  ${s.name.padEnd(22)} ${s.title}${
            s.owner && s.owner !== "core" ? ` [${s.owner}]` : ""
          }\n`,
        );
      }
      return 0;
    },
  };
}

/**
 * True when `args` ask a subcommand for its help: `--help` or `-h` before any `--` (only as the
 * first word where the words are another program's, as `weft tmux`'s; `-h` is no help where the
 * subcommand has a `-h` of its own, as `weft split`'s).
 *
 * @example
 * ```ts
 * import { asksHelp } from "./help.ts";
 * const sub = { usage: "", summary: "", run: () => Promise.resolve(0) };
 * console.assert(asksHelp(sub, ["p1", "--help"]) && !asksHelp(sub, ["--", "--help"]));
 * ```
 */
export function asksHelp(sub: Subcommand, args: readonly string[]): boolean {
  const own = Object.values(sub.flags?.plan.own ?? {});
  const words = ["--help", ...(own.some((f) => f.short === "h") ? [] : ["-h"])];
  if (sub.words === "foreign") return words.includes(args[0] ?? "");
  const end = args.indexOf("--");
  return (end < 0 ? args : args.slice(0, end)).some((a) => words.includes(a));
}

/** Prints a subcommand's help: usage, summary and its flags. */
export async function subcommandHelp(sub: Subcommand, io: CliIo): Promise<void> {
  io.out(subcommandText(sub, sub.flags ? await commandSpecs(io) : []));
}

function subcommandText(sub: Subcommand, specs: CommandSpec[]): string {
  const spec = sub.flags && specs.find((s) => s.name === sub.flags!.command);
  return `usage: ${sub.usage}\n  ${sub.summary}\n` +
    (spec && sub.flags ? describeFlags(spec, sub.flags.plan) : "");
}

async function commandSpecs(io: CliIo): Promise<CommandSpec[]> {
  try {
    const client = await connect(io);
    try {
      return (await client.call("server.commands")).commands;
    } finally {
      client.close();
    }
  } catch {
    // No server: the built-in commands' specs are the contract's. A specifier built at run
    // time: Deno would read the whole contract (zod…) before any `weft` command starts for a
    // literal one, since every run loads this module (main.ts's `lazy`).
    const contract = new URL("../../protocols/bus/contract/mod.ts", import.meta.url).href;
    const { coreSpecs }: typeof import("../../protocols/bus/contract/mod.ts") = await import(
      contract
    );
    return coreSpecs();
  }
}

function describeSpec(spec: CommandSpec): string {
  const lines = [`${spec.name} — ${spec.title}`, `  ${spec.description}`];
  lines.push(`  needs: ${spec.capabilities.length ? spec.capabilities.join(", ") : "nothing"}`);
  const props = (spec.inputSchema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((spec.inputSchema.required ?? []) as string[]);
  if (Object.keys(props).length) lines.push("  arguments:");
  for (const [key, schema] of Object.entries(props)) {
    const type = schema.enum ? (schema.enum as unknown[]).join("|") : String(schema.type ?? "any");
    const desc = schema.description ? `  ${schema.description}` : "";
    lines.push(`    ${key}${required.has(key) ? "" : "?"}: ${type}${desc}`);
  }
  return lines.join("\n") + "\n";
}

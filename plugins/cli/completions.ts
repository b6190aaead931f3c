/**
 * `weft completions bash|zsh|fish`: a shell completion script generated from the subcommand
 * table: each subcommand with its summary, its verbs and flags as its usage names them, and the
 * flags its bus command's input schema gives ({@link ./flags.ts}). The script is static (no weft
 * process per Tab press), so it must be generated again after an upgrade.
 *
 * @module
 */

import type { CommandSpec } from "../../protocols/bus/command_spec.ts";
import { coreSpecs } from "../../protocols/bus/contract/mod.ts";
import { fieldFlags } from "./flags.ts";
import { type Subcommand, UsageError } from "./io.ts";

/** What completes after one subcommand. */
export interface Completion {
  name: string;
  summary: string;
  /** Words that may follow it directly (`layout apply`, `mcp config`). */
  verbs: string[];
  flags: string[];
}

/**
 * The completions of each subcommand: verbs are the lowercase words right after
 * `weft NAME` in each alternative of its usage; flags are those its usage names and those of
 * its bus command's fields.
 *
 * @example
 * ```ts
 * import { completions } from "./completions.ts";
 * const [layout] = completions({ layout: { usage: "weft layout apply FILE [--json] | " +
 *   "weft layout list", summary: "Layouts", run: () => Promise.resolve(0) } }, []);
 * console.assert(layout!.verbs.join() === "apply,list" && layout!.flags.includes("--json"));
 * ```
 */
export function completions(
  subcommands: Readonly<Record<string, Subcommand>>,
  specs: readonly CommandSpec[],
): Completion[] {
  return Object.entries(subcommands).map(([name, sub]) => {
    const verbs = new Set<string>();
    for (const alternative of sub.usage.split("|")) {
      const verb = new RegExp(`weft ${name} ([a-z][a-z-]*)\\b`).exec(alternative)?.[1];
      if (verb) verbs.add(verb);
    }
    const flags = new Set(sub.usage.match(/--[a-z][a-z0-9-]*/g) ?? []);
    const spec = sub.flags && specs.find((s) => s.name === sub.flags!.command);
    if (spec && sub.flags) {
      for (const f of fieldFlags(spec.inputSchema, sub.flags.plan)) flags.add(`--${f.flag}`);
      for (const own of Object.keys(sub.flags.plan.own ?? {})) flags.add(`--${own}`);
    }
    flags.add("--help");
    return { name, summary: sub.summary, verbs: [...verbs], flags: [...flags].sort() };
  });
}

/** The bash script: `source <(weft completions bash)`. */
export function bashScript(all: readonly Completion[]): string {
  const cases = all.map((c) => `    ${c.name}) words="${[...c.verbs, ...c.flags].join(" ")}" ;;`);
  return [
    "# weft completions for bash: source <(weft completions bash)",
    "_weft() {",
    '  local cur="${COMP_WORDS[COMP_CWORD]}" words=""',
    '  if [ "$COMP_CWORD" -eq 1 ]; then',
    `    COMPREPLY=($(compgen -W "${
      all.map((c) => c.name).join(" ")
    } --help --version" -- "$cur"))`,
    "    return",
    "  fi",
    '  case "${COMP_WORDS[1]}" in',
    ...cases,
    "  esac",
    // Verbs right after the subcommand; flags anywhere; else files (-o default).
    '  if [ "$COMP_CWORD" -gt 2 ] && [[ "$cur" != -* ]]; then return; fi',
    '  COMPREPLY=($(compgen -W "$words" -- "$cur"))',
    "}",
    "complete -o default -F _weft weft",
    "",
  ].join("\n");
}

/** The zsh script: `source <(weft completions zsh)`, or saved as `_weft` on `$fpath`. */
export function zshScript(all: readonly Completion[]): string {
  const subs = all.map((c) => `    ${zshQuote(`${c.name}:${c.summary}`)}`);
  const cases = all.map((c) =>
    `    ${c.name}) ${
      c.verbs.length ? `(( CURRENT == 3 )) && compadd -- ${c.verbs.join(" ")}; ` : ""
    }` +
    `compadd -- ${c.flags.join(" ")} ;;`
  );
  return [
    "#compdef weft",
    "# weft completions for zsh: source <(weft completions zsh)",
    "_weft() {",
    "  local -a subcommands",
    "  subcommands=(",
    ...subs,
    "  )",
    "  if (( CURRENT == 2 )); then",
    "    _describe 'weft subcommand' subcommands",
    "    return",
    "  fi",
    "  case ${words[2]} in",
    ...cases,
    "  esac",
    "  _files",
    "}",
    'if [[ "${zsh_eval_context[-1]}" == loadautofunc ]]; then _weft "$@"; else compdef _weft weft; fi',
    "",
  ].join("\n");
}

/** The fish script: `weft completions fish | source`. */
export function fishScript(all: readonly Completion[]): string {
  const lines = ["# weft completions for fish: weft completions fish | source"];
  for (const c of all) {
    lines.push(
      `complete -c weft -n __fish_use_subcommand -a ${c.name} -d ${fishQuote(c.summary)}`,
    );
    for (const verb of c.verbs) {
      lines.push(`complete -c weft -n '__fish_seen_subcommand_from ${c.name}' -a ${verb}`);
    }
    for (const flag of c.flags) {
      lines.push(`complete -c weft -n '__fish_seen_subcommand_from ${c.name}' -l ${flag.slice(2)}`);
    }
  }
  return lines.join("\n") + "\n";
}

const SCRIPTS: Record<string, (all: readonly Completion[]) => string> = {
  bash: bashScript,
  zsh: zshScript,
  fish: fishScript,
};

/** `weft completions SHELL`. */
export function completionsCommand(load: () => Promise<Record<string, Subcommand>>): Subcommand {
  return {
    usage: "weft completions bash|zsh|fish",
    summary: "Print a shell completion script (bash: source <(weft completions bash))",
    run: async (args, io) => {
      const script = SCRIPTS[args[0] ?? ""];
      if (!script || args.length !== 1) throw new UsageError("give one shell: bash, zsh or fish");
      // The core's specs, not a server's: the script is the same with or without one running.
      const specs = coreSpecs();
      const subs = { ...(await load()), completions: completionsCommand(load) };
      io.out(script(completions(subs, specs)));
      return 0;
    },
  };
}

function zshQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

function fishQuote(text: string): string {
  return `'${text.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}'`;
}

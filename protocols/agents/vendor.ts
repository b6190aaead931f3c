/**
 * What weft knows about one agent program (a vendor): how to recognise it, its screens, how to
 * resume it, how to deliver a message to it, its hooks. Pure data and small parsers; one file
 * per vendor in this folder fills it in, and `table.ts` lists them.
 *
 * @module
 */

import type { HookEffect, HookError, HookSettings } from "../hooks/mod.ts";

/** How one agent's TUI shows its state: its footers and its dialogs. */
export interface StateProfile {
  /** A dialog's question; the dialog counts only with a numbered first choice below it. */
  dialog: RegExp;
  /** The numbered first choice of a dialog (`❯ 1. Yes`). */
  choice: RegExp;
  /** A line a real dialog ends with (so that prose asking the same is not one). */
  dialogEnd?: RegExp;
  /** A question (not a permission) dialog. */
  question?: RegExp;
  /** The footer while working. */
  working: RegExp;
  /** The footer while waiting for a prompt. */
  idle: RegExp;
  /** How many rows from the bottom hold the footers (default 4). */
  footerRows?: number;
  /** Dialogs are drawn in boxes (`│ … │`, nested too): the sides are taken off rows first. */
  framed?: boolean;
  /**
   * Its dialogs never drop a key: `pane.answer` types the choice once and gives it time, rather
   * than typing it again while the dialog still shows (a slow TUI would get it twice, the second
   * in its prompt).
   */
  answerOnce?: boolean;
  /**
   * What a dialog shows about itself sits under its question, before its choices (Codex's
   * `$ command`), instead of above it up to a rule (Claude Code's).
   */
  detailBelow?: boolean;
}

/** How one agent's TUI draws its prompt (where a message is typed to deliver it). */
export interface PromptProfile {
  /**
   * Where the prompt box is: between two rows like `rule` (above and below it), or, for a
   * prompt drawn without rules, from the last `marker` row above the last row like `under`
   * (a status row that always sits below the prompt) to that row.
   */
  bounds: { rule: RegExp } | { under: RegExp };
  /** The prompt's first row; its text follows the marker. */
  marker: RegExp;
  /**
   * Keys that erase one row of the prompt with the cursor at its end, and join what is left to
   * the row above; on an empty prompt they do nothing.
   */
  eraseRow: readonly string[];
  /** What the prompt shows for a long paste instead of its text (`[Pasted text #1 +3 lines]`). */
  collapsedPaste?: RegExp;
  /** What the empty prompt shows in place of a draft (a greyed hint): read as empty. */
  placeholder?: RegExp;
}

/** How one agent TUI draws its transcript (where the sideband reads its messages). */
export interface ScreenProfile {
  /** Glyphs that start an agent block at column 0 (followed by a space). */
  markers: readonly string[];
  /** The columns of the marker and of the hanging indent. */
  indent: number;
  /** A block whose text (after the marker) starts like this is a tool call, not a message. */
  toolHeader: RegExp;
  /** A line like this inside a block shows tool output: the whole block is not a message. */
  toolOutput: RegExp;
}

/**
 * Which conversation to resume: the agent's own id, its latest one in the directory, or a new
 * one (the same flags without the first prompt).
 */
export type ResumeTarget = { session: string } | { latest: true } | { none: true };

/** How the sideband reads an agent's output by default (its plugin's modes). */
export type SidebandMode = "off" | "osc" | "stream" | "screen";

/**
 * Where in an agent's loop a hook event is: `tool` (a tool call just ended: `event` is the hook
 * event's name, which some vendors' answers repeat), `stop` (the agent
 * is about to stop and wait for a prompt), `prompt` (a prompt was submitted: `prompt` holds it).
 */
export type HookPoint =
  | { point: "tool"; event: string }
  | { point: "stop" }
  | { point: "prompt"; prompt: string };

/**
 * Handing messages over through a vendor's hooks (the delivery ladder's first rung): which
 * events can carry a message back, and the answer that carries it.
 */
export interface HookHandover {
  /**
   * Where `event` stands in the agent's loop, or undefined when its answer cannot carry a
   * message (or must not: a stop that a hook's answer already continued, which would loop).
   */
  point: (event: Readonly<Record<string, unknown>>) => HookPoint | undefined;
  /** The hook's output (JSON, on its standard output) that hands `text` to the agent at `at`. */
  answer: (at: Exclude<HookPoint, { point: "prompt" }>, text: string) => Record<string, unknown>;
}

/** How a vendor's hooks reach weft: an HTTP path on the loopback door and their parser. */
export interface VendorHooks {
  /** The path the hook posts to (`/hooks/claude-code`). */
  route: string;
  /** What a hook event means for the pane. */
  effect: (event: unknown) => HookEffect | HookError;
  /** Messages handed over in the hooks' answers; none: the hooks only report. */
  handover?: HookHandover;
  /**
   * The path its permission requests post to, held open until a human answers through weft
   * (Claude Code's `PermissionRequest`); none: its approvals are answered on its screen.
   */
  holdRoute?: string;
  /**
   * Where its settings live and how weft's hook entries go in and out of them (`weft hooks
   * install|uninstall|status`); none: weft cannot install them.
   */
  settings?: HookSettings;
  /**
   * The transcript its hooks name (`transcript_path`), which `pane.transcript` may search for a
   * delivered message's text: what the agent really took, as its resumed conversation will
   * have it. None: its transcript is never read.
   */
  transcript?: TranscriptFormat;
}

/** A vendor's transcript: a file of JSON lines, one entry a line, appended as it goes. */
export interface TranscriptFormat {
  /** The only paths read (a path its hooks name that does not match is never opened). */
  file: RegExp;
  /**
   * The texts an entry says the agent took into its conversation (a submitted prompt, a hook's
   * answer), none for anything else (the same text repeated in a record of a request, or of
   * the last prompt, does not count).
   */
  taken: (entry: Readonly<Record<string, unknown>>) => string[];
}

/**
 * A rung of the delivery ladder: `hook` (handed over in a hook's answer, nothing typed),
 * `typed` (typed into the idle agent's prompt and submitted).
 */
export type DeliveryRung = "hook" | "typed";

/** One agent vendor. `K` is its agent kind (`claude`). */
export interface AgentVendor<K extends string = string> {
  /** The agent kind panes running it get. */
  kind: K;
  /** Its product name. */
  title: string;
  /** The version the facts below were read from (and how firmly). */
  readFrom: string;
  /** How to recognise it in a pane's command or its foreground process. */
  recognise: {
    /** Package names and install paths, wherever they appear in a word (`npx -y @openai/codex`). */
    packages: readonly RegExp[];
    /** Its program names (a word's base name, without an npm `@version`). */
    names: RegExp;
  };
  /** Flags that make a run non-interactive (print one answer and exit): no TUI, no resume. */
  print?: readonly string[];
  /** Its screens' state and dialogs, for the screen heuristics; none: state is not read. */
  state?: StateProfile;
  /** Its prompt; messages are typed into it only when it has one (else they wait in the inbox). */
  prompt?: PromptProfile;
  /** Its transcript, for the sideband's screen mode. */
  transcript?: ScreenProfile;
  /** How the sideband reads its panes unless the project says otherwise. */
  sideband: SidebandMode;
  /**
   * It reports its own state through the Program Status Protocol (OSC 7501): weft answers the
   * probe, and takes reports, only while such an agent is in front (`core/model/_status_gate.ts`).
   */
  statusProtocol?: boolean;
  /**
   * The words after the program that resume it in `target`, given the words it was started
   * with after the program; undefined when that run cannot be resumed. None: never resumed.
   */
  resume?: (args: readonly string[], target: ResumeTarget) => string[] | undefined;
  /** Its hooks, when it has hooks weft installs. */
  hooks?: VendorHooks;
  /**
   * How messages reach it, best rung first (a message no rung takes waits in the inbox).
   * Default: `typed` when it has a {@link prompt}, else none.
   */
  deliver?: readonly DeliveryRung[];
}

/**
 * The delivery rungs of a vendor, best first: its own list, else `typed` when it has a prompt.
 *
 * @example
 * ```ts
 * import { defineVendor, rungsOf } from "./vendor.ts";
 * const toy = defineVendor({
 *   kind: "toy", title: "Toy", readFrom: "toy 1.0", sideband: "off",
 *   recognise: { packages: [], names: /^toy$/ },
 * });
 * console.assert(rungsOf(toy).length === 0 && rungsOf(undefined).length === 0);
 * ```
 */
export function rungsOf(vendor: AgentVendor | undefined): readonly DeliveryRung[] {
  if (!vendor) return [];
  const rungs = vendor.deliver ?? (vendor.prompt ? ["typed" as const] : []);
  return rungs.filter((r) => (r === "hook" ? !!vendor.hooks?.handover : !!vendor.prompt));
}

/**
 * Declares a vendor, keeping its kind's literal type.
 *
 * @example
 * ```ts
 * import { defineVendor } from "./vendor.ts";
 * const toy = defineVendor({
 *   kind: "toy", title: "Toy", readFrom: "toy 1.0", sideband: "off",
 *   recognise: { packages: [], names: /^toy$/ },
 * });
 * console.assert(toy.kind === "toy");
 * ```
 */
export function defineVendor<K extends string>(vendor: AgentVendor<K>): AgentVendor<K> {
  return vendor;
}

/**
 * The flags of `args` with their values, without positional words and without the flags in
 * `flags.drop`: what a resumed run keeps of the first one. A flag takes the next word when it
 * is in `value`, every following word up to the next flag when in `variadic`.
 *
 * @example
 * ```ts
 * import { flagsOnly } from "./vendor.ts";
 * const flags = { value: new Set(["--model"]), variadic: new Set<string>(), drop: new Set(["-c"]) };
 * console.assert(flagsOnly(["--model", "x", "-c", "hello"], flags).join(" ") === "--model x");
 * ```
 */
export function flagsOnly(
  args: readonly string[],
  flags: { value: ReadonlySet<string>; variadic: ReadonlySet<string>; drop: ReadonlySet<string> },
): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--") break;
    if (!arg.startsWith("-") || arg === "-") continue;
    const [name] = arg.split("=", 1) as [string];
    const values: string[] = [];
    if (!arg.includes("=")) {
      const many = flags.variadic.has(name);
      while ((many || flags.value.has(name)) && isValue(args[i + 1])) {
        values.push(args[++i]!);
        if (!many) break;
      }
    }
    if (!flags.drop.has(name)) out.push(arg, ...values);
  }
  return out;
}

function isValue(word: string | undefined): boolean {
  return word !== undefined && (!word.startsWith("-") || word === "-" || /^-\d/.test(word));
}

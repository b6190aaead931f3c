/**
 * The tag table: which bus command each tag calls and how its attributes become the input.
 * Later plugins add tags here or through the sideband plugin's `tags` option, never by touching
 * the parser.
 *
 * @module
 */

/** How an attribute's text becomes an input value. */
export type AttrKind =
  /** Any text (up to `max` characters). */
  | "string"
  /** A pane id or name. */
  | "pane"
  /** `true` or `false`. */
  | "bool"
  /** A number strictly between 0 and 1. */
  | "ratio"
  /** A whole number (negative allowed). */
  | "int"
  /** A whole number of 1 or more. */
  | "count"
  /** Words separated by spaces, as a list. */
  | "words"
  /** One of the listed values. */
  | readonly string[];

/** One attribute of a tag. */
export interface AttrSpec {
  kind: AttrKind;
  /** The input field it fills; default: the attribute's own name. */
  field?: string;
  required?: boolean;
  /** Longest text accepted (characters). Default 4096. */
  max?: number;
}

/** Every {@link LimitKind}. */
export const LIMIT_KINDS = ["spawn", "input"] as const;

/**
 * Which of the sideband runner's limits a call counts against: `spawn` (spawn depth and panes
 * spawned per session), `input` (text typed into other panes, per session).
 */
export type LimitKind = typeof LIMIT_KINDS[number];

/** One tag, or one `action` of a tag. */
export interface TagSpec {
  /** The bus command called. */
  command: string;
  /** A sentence for logs and help. */
  summary: string;
  attrs: Readonly<Record<string, AttrSpec>>;
  /** The attribute a paired tag's content fills. */
  content?: string;
  /** The input field that gets the writing pane's id. */
  self?: string;
  /** Input fields with fixed values. */
  fixed?: Readonly<Record<string, unknown>>;
  /** A query: its value is what the writer wants back (logged, and answered when asked). */
  query?: boolean;
  /** The limits a call counts against (see {@link LimitKind}); none when absent. */
  limits?: LimitKind;
}

/** A tag whose meaning depends on one attribute (`<weft:control action="close" …/>`). */
export interface TagVariants {
  select: string;
  variants: Readonly<Record<string, TagSpec>>;
}

/**
 * A tag a command declares in its own spec (`CommandSpec.sideband`): the tag's name and how
 * its attributes fill the command's input; the command called is always the declaring one.
 * The sideband plugin adds it to its table, after the built-in tags (which a declared tag never
 * replaces) and before the project's own (`tags` option).
 */
export interface CommandTagSpec extends Omit<TagSpec, "command"> {
  /** The tag's name: `<weft:NAME …/>`, lower case. */
  tag: string;
}

/** The tag table: tag name → spec. */
export type TagTable = Readonly<Record<string, TagSpec | TagVariants>>;

const PANE: AttrSpec = { kind: "pane", field: "pane", required: true };
const STATES = ["idle", "working", "blocked", "done", "error"] as const;

/** The built-in tags. */
export const TAGS: TagTable = {
  spawn: {
    command: "pane.create",
    summary: "start `cmd` (a shell command) in a new pane split from the writer's",
    self: "split",
    limits: "spawn",
    attrs: {
      cmd: { kind: "string", field: "command", required: true, max: 64 * 1024 },
      cwd: { kind: "string", max: 4096 },
      name: { kind: "string", max: 64 },
      direction: { kind: ["horizontal", "vertical"] },
      ratio: { kind: "ratio" },
      focus: { kind: "bool" },
    },
  },
  input: {
    command: "pane.write",
    summary: "type the content into pane `target`, then Enter when `submit` is true",
    content: "text",
    limits: "input",
    attrs: {
      target: PANE,
      text: { kind: "string", max: 64 * 1024 },
      keys: { kind: "words", max: 4096 },
      submit: { kind: "bool" },
    },
  },
  control: {
    select: "action",
    variants: {
      close: { command: "pane.close", summary: "close pane `target`", attrs: { target: PANE } },
      resize: {
        command: "pane.resize",
        summary: "resize pane `target` to `cols`/`rows` or by `dx`/`dy`",
        attrs: {
          target: PANE,
          cols: { kind: "count" },
          rows: { kind: "count" },
          dx: { kind: "int" },
          dy: { kind: "int" },
        },
      },
      rename: {
        command: "pane.rename",
        summary: "rename pane `target` (default: the writer) to `name`",
        self: "pane",
        attrs: {
          target: { kind: "pane", field: "pane" },
          name: { kind: "string", required: true, max: 64 },
        },
      },
      zoom: {
        command: "layout.zoom",
        summary: "zoom pane `target` (default: the writer) to fill its window",
        self: "pane",
        attrs: { target: { kind: "pane", field: "pane" } },
      },
    },
  },
  focus: { command: "pane.focus", summary: "focus pane `target`", attrs: { target: PANE } },
  layout: {
    command: "layout.apply_preset",
    summary: "arrange the writer's window by a preset (`tiled`, `even-horizontal`, …)",
    attrs: { preset: { kind: "string", required: true, max: 64 } },
  },
  status: {
    command: "pane.set",
    summary: "report the writer's own state, with an optional message",
    self: "pane",
    attrs: {
      state: { kind: STATES, required: true },
      msg: { kind: "string", field: "message", max: 1000 },
    },
  },
  list: {
    command: "pane.list",
    summary: "list panes",
    query: true,
    attrs: {
      window: { kind: "string", max: 64 },
      session: { kind: "string", max: 64 },
      tag: { kind: "string", max: 64 },
    },
  },
  read: {
    command: "pane.read",
    summary: "read the last `lines` lines (default 50) of pane `target`",
    query: true,
    fixed: { mode: "recent", lines: 50 },
    attrs: { target: PANE, lines: { kind: "count" } },
  },
};

/** Attributes every tag may carry: `id` names a query so that an OSC answer can be matched. */
export const COMMON_ATTRS: readonly string[] = ["id"];

/**
 * The limits each bus command counts against, as the built-in tags say: a tag added later that
 * calls the same command counts against them too (a spawn is a spawn whatever tag asked).
 *
 * @example
 * ```ts
 * import { limitsOf } from "./tags.ts";
 * console.assert(limitsOf({ command: "pane.create" }) === "spawn");
 * ```
 */
export function limitsOf(
  spec: { command: string; limits?: LimitKind | undefined },
): LimitKind | undefined {
  return spec.limits ?? COMMAND_LIMITS.get(spec.command);
}

const COMMAND_LIMITS: ReadonlyMap<string, LimitKind> = new Map(
  Object.values(TAGS)
    .flatMap((entry) => "select" in entry ? Object.values(entry.variants) : [entry])
    .flatMap((spec) => spec.limits ? [[spec.command, spec.limits] as const] : []),
);

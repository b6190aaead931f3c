/**
 * Turns a parsed tag into a bus call by the tag table, validating every value first: nothing
 * runs unless the whole tag is well-formed.
 *
 * @module
 */

import {
  type AttrKind,
  type AttrSpec,
  COMMON_ATTRS,
  type TagSpec,
  type TagTable,
  type TagVariants,
} from "./tags.ts";

/** The parts of a parsed command that resolving needs. */
export interface TagInput {
  name: string;
  attrs: Readonly<Record<string, string>>;
  content?: string;
}

/** A tag resolved to a bus call, or why it cannot be. */
export type ResolvedTag =
  | {
    ok: true;
    /** The tag as named in switches and logs: `spawn`, `control:close`, … */
    tag: string;
    spec: TagSpec;
    command: string;
    input: Record<string, unknown>;
    /** The `id` attribute, when given. */
    id?: string;
  }
  | { ok: false; tag: string; reason: string };

const PANE_REF = /^[A-Za-z0-9_][A-Za-z0-9_.:@+-]{0,63}$/;
/** A pane reference, plain or on a host (`buildbox/p3`: the bus's routing step decides). */
const PANE_TARGET = /^(?:[A-Za-z0-9][A-Za-z0-9_.-]{0,62}\/)?[A-Za-z0-9_][A-Za-z0-9_.:@+-]{0,63}$/;
// deno-lint-ignore no-control-regex
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

/**
 * Resolves a parsed tag against `table`; `self` is the id of the pane that wrote it.
 *
 * @example
 * ```ts
 * import { resolveTag } from "./resolve.ts";
 * import { TAGS } from "./tags.ts";
 * const r = resolveTag({ name: "spawn", attrs: { cmd: "make", ratio: "0.3" } }, TAGS, "p1");
 * console.assert(r.ok && r.command === "pane.create" && r.input.ratio === 0.3 && r.input.split === "p1");
 * ```
 */
export function resolveTag(tag: TagInput, table: TagTable, self?: string): ResolvedTag {
  const entry = Object.hasOwn(table, tag.name) ? table[tag.name] : undefined;
  if (!entry) return { ok: false, tag: tag.name, reason: `unknown tag "${tag.name}"` };
  const attrs: Record<string, string> = { ...tag.attrs };
  const picked = pickSpec(tag.name, entry, attrs);
  if ("reason" in picked) return { ok: false, tag: picked.label, reason: picked.reason };
  const { spec, label } = picked;
  const fail = (reason: string): ResolvedTag => ({ ok: false, tag: label, reason });

  const id = attrs.id;
  for (const common of COMMON_ATTRS) delete attrs[common];
  if (id !== undefined && !PANE_REF.test(id)) {
    return fail(`id must be 1-64 letters, digits or _.:@+-`);
  }
  const content = takeContent(tag, spec, attrs);
  if (content !== undefined) return fail(content);
  const input = convertAttrs(spec, attrs);
  if (typeof input === "string") return fail(input);
  if (spec.self && self !== undefined && input[spec.self] === undefined) input[spec.self] = self;
  return {
    ok: true,
    tag: label,
    spec,
    command: spec.command,
    input,
    ...(id === undefined ? {} : { id }),
  };
}

/**
 * The spec a tag names: the tag's own, or the variant its select attribute picks (taken out of
 * `attrs`); `label` is the tag as named in switches and logs.
 */
function pickSpec(
  name: string,
  entry: TagSpec | TagVariants,
  attrs: Record<string, string>,
): { spec: TagSpec; label: string } | { label: string; reason: string } {
  if (!("select" in entry)) return { spec: entry, label: name };
  const choice = attrs[entry.select];
  delete attrs[entry.select];
  if (choice === undefined || !Object.hasOwn(entry.variants, choice)) {
    const names = Object.keys(entry.variants).join(", ");
    const got = choice === undefined ? "none" : `"${choice.slice(0, 64)}"`;
    return { label: name, reason: `${entry.select} must be one of ${names}, got ${got}` };
  }
  return { spec: entry.variants[choice]!, label: `${name}:${choice}` };
}

/** Moves a paired tag's content into the attribute it fills; returns why it cannot. */
function takeContent(
  tag: TagInput,
  spec: TagSpec,
  attrs: Record<string, string>,
): string | undefined {
  if (spec.content !== undefined && tag.content !== undefined) {
    if (Object.hasOwn(attrs, spec.content)) {
      return `give ${spec.content} as an attribute or as content, not both`;
    }
    attrs[spec.content] = tag.content;
  } else if ((tag.content ?? "").trim() !== "") return `<${tag.name}> takes no content`;
  return undefined;
}

/** The command's input from the attributes, each converted by its kind; a string says why not. */
function convertAttrs(
  spec: TagSpec,
  attrs: Record<string, string>,
): Record<string, unknown> | string {
  const input: Record<string, unknown> = { ...spec.fixed };
  for (const [name, value] of Object.entries(attrs)) {
    const attr = Object.hasOwn(spec.attrs, name) ? spec.attrs[name] : undefined;
    if (!attr) {
      const known = Object.keys(spec.attrs).join(", ") || "none";
      return `unknown attribute "${name.slice(0, 64)}" (known: ${known})`;
    }
    const converted = convert(value, attr);
    if (typeof converted === "object" && converted !== null && "error" in converted) {
      return `${name} ${converted.error}`;
    }
    input[attr.field ?? name] = converted;
  }
  for (const [name, attr] of Object.entries(spec.attrs)) {
    if (attr.required && !Object.hasOwn(attrs, name)) return `${name} is required`;
  }
  return input;
}

type Converted = unknown | { error: string };

function convert(value: string, attr: AttrSpec): Converted {
  const kind: AttrKind = attr.kind;
  if (typeof kind !== "string") {
    return kind.includes(value) ? value : { error: `must be one of ${kind.join(", ")}` };
  }
  switch (kind) {
    case "string": {
      const max = attr.max ?? 4096;
      if (value.length > max) return { error: `is longer than ${max} characters` };
      return CONTROL.test(value) ? { error: "holds control characters" } : value;
    }
    case "pane":
      return PANE_TARGET.test(value) ? value : { error: "must be a pane id or name" };
    case "bool":
      return value === "true"
        ? true
        : value === "false"
        ? false
        : { error: "must be true or false" };
    case "ratio": {
      const n = /^(0?\.\d{1,6}|0\.)$/.test(value) ? Number(value) : NaN;
      return n > 0 && n < 1 ? n : { error: "must be a number between 0 and 1, like 0.4" };
    }
    case "int":
      return /^-?\d{1,6}$/.test(value) ? Number(value) : { error: "must be a whole number" };
    case "count":
      return /^\d{1,6}$/.test(value) && Number(value) >= 1
        ? Number(value)
        : { error: "must be a whole number ≥ 1" };
    case "words": {
      const words = value.trim().split(/\s+/).filter(Boolean);
      const ok = words.length > 0 && words.length <= 100 && words.every((w) => w.length <= 64);
      return ok ? words : { error: "must be 1-100 space-separated words" };
    }
  }
}

/**
 * Validation of the sideband tag a plugin's command declares (`CommandSpec.sideband`).
 *
 * @module
 */

import type { AttrSpec, CommandTagSpec } from "../sideband/tags.ts";
import { LIMIT_KINDS } from "../sideband/tags.ts";
import { bool, fail, num, obj, oneOf, opt, str, strings } from "./_check.ts";

const ATTR_KINDS = ["string", "pane", "bool", "ratio", "int", "count", "words"] as const;
const NAME = /^[a-z][a-z0-9_-]{0,31}$/;

/** Checks a declared tag and returns a clean copy. */
export function parseTagSpec(value: unknown, path: string): CommandTagSpec {
  const t = obj(value, path);
  const tag = str(t.tag, `${path}.tag`);
  if (!NAME.test(tag)) fail(`${path}.tag`, `must match ${NAME}`);
  const attrs = obj(t.attrs, `${path}.attrs`);
  return {
    tag,
    summary: str(t.summary, `${path}.summary`),
    attrs: Object.fromEntries(
      Object.entries(attrs).map(([k, v]) => [k, parseAttr(v, `${path}.attrs.${k}`)]),
    ),
    ...opt(t, "content", str, path),
    ...opt(t, "self", str, path),
    ...opt(t, "fixed", obj, path),
    ...opt(t, "query", bool, path),
    ...opt(t, "limits", (v, p) => oneOf(v, LIMIT_KINDS, p), path),
  };
}

function parseAttr(value: unknown, path: string): AttrSpec {
  const a = obj(value, path);
  const kind = Array.isArray(a.kind)
    ? strings(a.kind, `${path}.kind`)
    : oneOf(a.kind, ATTR_KINDS, `${path}.kind`);
  return {
    kind,
    ...opt(a, "field", str, path),
    ...opt(a, "required", bool, path),
    ...opt(a, "max", num, path),
  };
}

/**
 * Validation of a plugin's manifest: what it says it is, asks for and offers.
 *
 * @module
 */

import type { CommandSpec, McpSpec, TargetSpec, TimeoutSpec } from "../bus/mod.ts";
import { bool, fail, num, obj, oneOf, opt, str } from "./_check.ts";
import { capabilityList } from "./_parts.ts";
import { parseTagSpec } from "./_tag.ts";
import type { Manifest } from "./messages.ts";

/**
 * Checks a manifest's shape and capabilities and returns a clean copy (unknown fields and any
 * `owner` a plugin claims are dropped: the bus sets owners).
 *
 * @example
 * ```ts
 * import { parseManifest } from "./manifest.ts";
 * const m = parseManifest({
 *   protocol: 1, name: "hello", version: "1.0.0", capabilities: ["pane:read"], commands: [],
 * }, "manifest");
 * console.assert(m.capabilities[0] === "pane:read");
 * ```
 */
export function parseManifest(value: unknown, path: string): Manifest {
  const m = obj(value, path);
  const commands = m.commands;
  if (!Array.isArray(commands)) fail(`${path}.commands`, "must be an array");
  return {
    protocol: num(m.protocol, `${path}.protocol`),
    name: str(m.name, `${path}.name`),
    version: str(m.version, `${path}.version`),
    ...opt(m, "description", str, path),
    capabilities: capabilityList(m.capabilities, `${path}.capabilities`),
    commands: commands.map((c, i) => parseCommandSpec(c, `${path}.commands[${i}]`)),
  };
}

/**
 * Checks one command spec as a plugin declares it.
 *
 * @example
 * ```ts
 * import { parseCommandSpec } from "./manifest.ts";
 * const spec = parseCommandSpec({
 *   name: "hello.greet", title: "Greet", description: "Says hello.",
 *   inputSchema: { type: "object" }, capabilities: [],
 * }, "spec");
 * console.assert(spec.name === "hello.greet");
 * ```
 */
export function parseCommandSpec(value: unknown, path: string): CommandSpec {
  const c = obj(value, path);
  return {
    name: str(c.name, `${path}.name`),
    title: str(c.title, `${path}.title`),
    description: str(c.description, `${path}.description`),
    inputSchema: obj(c.inputSchema, `${path}.inputSchema`),
    ...opt(c, "outputSchema", obj, path),
    capabilities: capabilityList(c.capabilities, `${path}.capabilities`),
    ...opt(c, "targets", parseTargets, path),
    ...opt(c, "timeout", parseTimeout, path),
    ...opt(c, "mcp", parseMcp, path),
    ...opt(c, "sideband", parseTagSpec, path),
    ...opt(c, "answersHooks", bool, path),
  };
}

function parseTargets(value: unknown, path: string): TargetSpec[] {
  if (!Array.isArray(value)) fail(path, "must be an array of targets");
  return value.map((v, i) => parseTarget(v, `${path}[${i}]`));
}

function parseTarget(value: unknown, path: string): TargetSpec {
  const t = obj(value, path);
  return {
    kind: oneOf(t.kind, ["pane", "window", "session"], `${path}.kind`),
    field: str(t.field, `${path}.field`),
    fallback: oneOf(t.fallback, ["caller", "focused", "required", "none"], `${path}.fallback`),
    ...opt(t, "from", str, path),
  };
}

function parseTimeout(value: unknown, path: string): TimeoutSpec {
  const t = obj(value, path);
  const ms = num(t.ms, `${path}.ms`);
  if (!Number.isInteger(ms) || ms < 1) fail(`${path}.ms`, "must be a whole number of ms ≥ 1");
  return { ms, ...opt(t, "field", str, path) };
}

function parseMcp(value: unknown, path: string): McpSpec {
  const m = obj(value, path);
  return {
    ...opt(m, "name", str, path),
    ...opt(m, "expose", bool, path),
    ...opt(m, "readOnly", bool, path),
  };
}

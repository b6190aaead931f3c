/**
 * How a bus command is named as an MCP tool: snake_case, verb first, as an agent would say it
 * (`pane.create` → `create_pane`, `session.list` → `list_sessions`). A command that carries its
 * own `mcp.name` keeps it.
 *
 * @module
 */

import type { CommandSpec } from "../bus/mod.ts";

/** The owners whose names are nouns the core owns; a plugin's tools keep its name in front. */
const CORE_NOUNS: readonly string[] = ["session", "window", "pane", "server"];

/** Verbs that read better in another form: `list` takes a plural, `status` is a `get`. */
const VERB_FORMS: Readonly<Record<string, (noun: string) => string>> = {
  list: (noun) => `list_${noun}s`,
  status: (noun) => `get_${noun}_status`,
  layout: (noun) => `get_${noun}_layout`,
};

/** What MCP clients accept as a tool name (and what Claude Code keeps whole). */
export const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * The tool name generated from the command's name alone, ignoring `mcp.name`: verb, noun, rest
 * for the core's commands, `<plugin>_<verb>` for a plugin's.
 *
 * @example
 * ```ts
 * import { generatedToolName } from "./tool_name.ts";
 * console.assert(generatedToolName("pane.create") === "create_pane");
 * console.assert(generatedToolName("window.set_layout") === "set_window_layout");
 * console.assert(generatedToolName("session.list") === "list_sessions");
 * console.assert(generatedToolName("hello.greet") === "hello_greet");
 * ```
 */
export function generatedToolName(command: string): string {
  const dot = command.indexOf(".");
  if (dot <= 0) return snake(command);
  const owner = command.slice(0, dot);
  const verb = snake(command.slice(dot + 1));
  if (!CORE_NOUNS.includes(owner)) return `${owner}_${verb}`;
  const [first = verb, ...rest] = verb.split("_");
  const form = VERB_FORMS[first];
  const head = form ? form(owner) : `${first}_${owner}`;
  return [head, ...rest].join("_");
}

/**
 * The tool name of a command: its own `mcp.name` when it has one, else the generated one.
 *
 * @example
 * ```ts
 * import { toolName } from "./tool_name.ts";
 * const spec = { name: "pane.write", mcp: { name: "send_input" } };
 * console.assert(toolName(spec) === "send_input");
 * console.assert(toolName({ name: "pane.close" }) === "close_pane");
 * ```
 */
export function toolName(spec: Pick<CommandSpec, "name" | "mcp">): string {
  return spec.mcp?.name ?? generatedToolName(spec.name);
}

/** The plugin-namespaced name a command falls back to when its name is taken. */
export function namespacedToolName(command: string): string {
  const dot = command.indexOf(".");
  return dot <= 0 ? snake(command) : `${command.slice(0, dot)}_${snake(command.slice(dot + 1))}`;
}

function snake(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9_]+/g, "_")
    .toLowerCase();
}

/**
 * Tool profiles: named sets of tools an MCP client sees. An agent's context pays for every tool
 * listed (the whole catalogue was 67 tools, 79 KB of `tools/list`, ~20k tokens), so the default
 * is `agent`: the pane and messaging tools an agent uses, in compact form. `all` is the whole
 * catalogue in full; the other profiles add an area's tools.
 *
 * @module
 */

import { didYouMean } from "../bus/suggest.ts";

/** Every named profile but `all`, by the tool names it shows. */
export const TOOL_PROFILES: Readonly<Record<string, readonly string[]>> = {
  agent: [
    "list_panes",
    "create_pane",
    "read_pane",
    "send_input",
    "wait_for",
    "run_command",
    "close_pane",
    "get_status",
    "send_message",
    "check_messages",
    "wait_for_message",
    "list_agents",
  ],
  layout: [
    "get_layout",
    "create_layout",
    "apply_preset",
    "split_pane",
    "resize_pane",
    "swap_panes",
    "zoom_pane",
    "list_presets",
  ],
  sessions: [
    "list_sessions",
    "create_session",
    "kill_session",
    "list_windows",
    "create_window",
    "kill_window",
    "select_window",
    "focus_pane",
    "rename_pane",
  ],
  messaging: [
    "send_message",
    "check_messages",
    "wait_for_message",
    "broadcast_message",
    "list_agents",
    "get_message",
    "get_thread",
    "list_groups",
    "get_group",
    "create_group",
    "delete_group",
    "add_group_member",
    "remove_group_member",
  ],
  canvas: ["open_canvas", "update_canvas", "close_canvas", "canvas_kinds"],
  bridge: ["bridge_add", "bridge_send", "bridge_list", "bridge_tail", "bridge_replies"],
  // Several machines (plugins/fabric): every host's panes, and the hosts.
  fabric: ["list_all_panes", "fabric_hosts"],
};

/**
 * Fields a compact tool leaves out of its schema: rarely needed ones (the command still takes
 * them; `tools: "all"` shows them). By tool name.
 */
export const COMPACT_OMIT: Readonly<Record<string, readonly string[]>> = {
  create_pane: ["before", "focus", "env", "agent", "tags"],
  send_input: ["bytes", "paste", "yieldToHuman"],
  read_pane: ["ansi", "joinWrapped", "since"],
  wait_for: ["regex", "since"],
  run_command: ["window"],
  list_panes: ["tag"],
  send_message: ["metadata", "as"],
  check_messages: ["ids", "as"],
  wait_for_message: ["priority_filter", "as"],
};

/** The profile that shows every tool, in full. */
export const ALL_TOOLS = "all";

/** What a `tools` option gives: the names shown (undefined: all) and whether in full. */
export interface ToolSelection {
  names: readonly string[] | undefined;
  full: boolean;
}

/**
 * Reads a `tools` option: `"all"`, a profile name, or a list of profile, tool and command
 * names (`["agent", "layout", "open_canvas"]`). Anything that is not a profile is taken as a
 * tool or command name.
 *
 * @example
 * ```ts
 * import { selectTools } from "./profiles.ts";
 * console.assert(selectTools("all").names === undefined);
 * console.assert(selectTools(["agent", "open_canvas"]).names!.includes("read_pane"));
 * ```
 */
export function selectTools(tools: string | readonly string[] | undefined): ToolSelection {
  if (tools === undefined || tools === ALL_TOOLS) return { names: undefined, full: true };
  const words = typeof tools === "string" ? [tools] : tools;
  if (words.includes(ALL_TOOLS)) return { names: undefined, full: true };
  const names = words.flatMap((w) => Object.hasOwn(TOOL_PROFILES, w) ? TOOL_PROFILES[w]! : [w]);
  return { names: [...new Set(names)], full: false };
}

/**
 * Throws a `RangeError` for a single-word `tools` option that names no profile (`"agnet"`):
 * a lone word is meant as a profile.
 */
export function checkProfile(tools: string): void {
  if (tools === ALL_TOOLS || Object.hasOwn(TOOL_PROFILES, tools)) return;
  const known = [ALL_TOOLS, ...Object.keys(TOOL_PROFILES)];
  throw new RangeError(
    `unknown tool profile "${tools}"${didYouMean(tools, known)}; profiles: ${known.join(", ")}`,
  );
}

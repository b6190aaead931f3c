/**
 * The Program Status Protocol (OSC 7501): a program such as Claude Code tells its terminal
 * whether it is idle, working, blocked (and why) or done. Pure parser and record set; the core's
 * screens answer the probe and take the reports as the pane's state (see `parse_status.ts` for
 * the protocol as weft reads it).
 *
 * @example
 * ```ts
 * import { parseStatus, StatusRecords } from "./mod.ts";
 * const records = new StatusRecords();
 * records.apply(parseStatus("state=done:app=claude-code"));
 * console.assert(records.root?.state === "done");
 * ```
 *
 * @module
 */

export {
  MAX_STATUS_MSG,
  MAX_STATUS_PAYLOAD,
  MAX_STATUS_TITLE,
  parseStatus,
  STATUS_KINDS,
  STATUS_OSC,
  STATUS_PROBE_REPLY,
  STATUS_STATES,
} from "./parse_status.ts";
export type { StatusMessage, StatusRecord, StatusState } from "./parse_status.ts";
export { MAX_STATUS_CHILDREN, StatusRecords } from "./status_records.ts";

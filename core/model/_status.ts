/**
 * A pane's state from its program's status records (OSC 7501).
 *
 * @module
 */

import type { StatusRecords } from "../../protocols/status/mod.ts";
import type { StateReport } from "./agent_state.ts";

/**
 * The state the program's own record says, or undefined once it has cleared its records.
 *
 * @example
 * ```ts
 * import { parseStatus, StatusRecords } from "../../protocols/status/mod.ts";
 * import { statusReport } from "./_status.ts";
 * const records = new StatusRecords();
 * records.apply(parseStatus("state=blocked:kind=permission:msg=YXBwcm92ZT8="));
 * const report = statusReport(records);
 * console.assert(report?.state === "blocked" && report.message === "approve?");
 * ```
 */
export function statusReport(records: StatusRecords): StateReport | undefined {
  const root = records.root;
  if (!root) return undefined;
  return {
    state: root.state,
    source: "status",
    message: root.msg ?? root.title ?? null,
    kind: root.kind ?? null,
    progress: root.progress ?? null,
  };
}

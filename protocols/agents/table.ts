/**
 * The agent vendors weft knows, in the order kinds are listed. Adding one: its file in this
 * folder and one line here (README.md).
 *
 * @module
 */

import { aider } from "./aider.ts";
import { claude } from "./claude.ts";
import { codex } from "./codex.ts";
import { gemini } from "./gemini.ts";
import type { AgentVendor } from "./vendor.ts";

/** Every vendor. */
export const VENDORS = [claude, codex, gemini, aider] as const;

/**
 * The vendor of agent kind `kind`, or undefined (shells, programs, unknown kinds).
 *
 * @example
 * ```ts
 * import { vendorOf } from "./table.ts";
 * console.assert(vendorOf("claude")?.title === "Claude Code");
 * console.assert(vendorOf("shell") === undefined);
 * ```
 */
export function vendorOf(kind: string): AgentVendor | undefined {
  return VENDORS.find((v) => v.kind === kind);
}

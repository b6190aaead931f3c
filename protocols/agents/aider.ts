/**
 * aider (PyPI `aider-chat`). weft only recognises it: its screens, prompt and resume are not
 * read, so its state comes from output activity and its messages wait in the inbox.
 *
 * @module
 */

import { type AgentVendor, defineVendor } from "./vendor.ts";

/** aider. */
export const aider: AgentVendor<"aider"> = defineVendor({
  kind: "aider",
  title: "aider",
  readFrom: "aider's PyPI package name and program name only",
  recognise: { packages: [/\baider-chat\b/], names: /^aider$/ },
  sideband: "off",
});

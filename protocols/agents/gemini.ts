/**
 * Google Gemini CLI (npm `@google/gemini-cli`). Its screens follow its documented TUI and are
 * best effort (not checked against a live run here); weft does not resume it.
 *
 * @module
 */

import { type AgentVendor, defineVendor } from "./vendor.ts";

/** Gemini CLI. */
export const gemini: AgentVendor<"gemini"> = defineVendor({
  kind: "gemini",
  title: "Gemini CLI",
  readFrom: "Gemini CLI documentation (screens), best effort",
  recognise: { packages: [/@google\/gemini-cli/], names: /^gemini(-cli)?$/ },
  state: {
    dialog: /^\s*(?:Allow execution.*\?|Apply this change\?|Do you want to proceed\?)\s*$/i,
    choice: /^\s*(?:[●❯>]\s*)?1\.\s+\S/,
    working: /esc to cancel/i,
    idle: /Type your message/i,
  },
  sideband: "osc",
});

import { z } from "zod";
import { defineCommand } from "./_define.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import { bracketPaste, encodeKeys } from "../../protocols/terminal/keys.ts";
import { humanPaused, humanTyped, typeInto, typingTaken, writeBytes } from "../model/typing.ts";
import type { CoreDeps } from "./deps.ts";
import { WrittenOut } from "../../protocols/bus/record_schemas.ts";

/** `pane.write`: type text and keys into a pane. */
export function paneWrite(deps: CoreDeps) {
  return defineCommand({
    name: "pane.write",
    title: "Send input",
    description:
      "Type into a pane: `text` as typed (pasted with bracketed paste when the program asked " +
      "for it and the text has several lines), then named `keys` (Enter, Tab, Escape, C-c, " +
      "Up, F5, M-x, C-Left, …), then raw `bytes` (base64), then Enter when `submit` is true " +
      "(after a short settle delay, which agent TUIs such as Claude Code need). Returns how " +
      "many bytes were written.",
    capabilities: ["pane:write"],
    output: WrittenOut,
    mcp: { name: "send_input" },
    targets: [{ kind: "pane", field: "pane", fallback: "required" }],
    input: z.object({
      pane: z.string().describe("Pane id or name."),
      text: z.string().max(16 * 1024 * 1024).optional().describe("Text to type."),
      keys: z.array(z.string()).max(1000).optional().describe("Named keys to press after text."),
      bytes: z.string().max(1024 * 1024).regex(/^[A-Za-z0-9+/]*={0,2}$/, "must be base64")
        .optional().describe(
          "Raw bytes in base64, written as they are after text and keys (not UTF-8 encoded): " +
            "e.g. a mouse report in the X10 encoding, whose bytes past 127 are not characters.",
        ),
      submit: z.boolean().optional().describe("Press Enter at the end, after a settle delay."),
      paste: z.boolean().optional().describe("Force (true) or forbid (false) bracketed paste."),
      yieldToHuman: z.boolean().optional().describe(
        "Wait for a human typing in the pane to pause first (as MCP and sideband input always " +
          "do); fails with BUSY_HUMAN when they keep typing.",
      ),
    }),
    handler: async ({ input, targets: { pane }, signal, door }) => {
      if (pane.exit) {
        throw new WeftError(
          "PANE_EXITED",
          `Cannot write to pane "${pane.id}": its process has exited`,
        );
      }
      // A human's keys hold agents back; an agent's (or a polite caller's) wait for a pause.
      if (door.typist === "human") humanTyped(pane);
      else if (input.yieldToHuman || door.typist === "agent") {
        await humanPaused(pane, deps.config.humanInput, signal);
      }
      const modes = pane.screen.modes;
      const before = pane.screen.revision;
      let bytes = 0;
      if (input.text) {
        const usePaste = input.paste ?? (modes.bracketedPaste && input.text.includes("\n"));
        const typed = bracketPaste(input.text, usePaste && modes.bracketedPaste);
        bytes += await typeInto(pane, typed, signal);
      }
      if (input.keys?.length) {
        bytes += await typeInto(pane, encodeKeys(input.keys, modes), signal);
      }
      if (input.bytes) bytes += writeBytes(pane, fromBase64(input.bytes));
      if (input.submit) {
        if (bytes) await typingTaken(pane, before, signal);
        bytes += await typeInto(pane, "\r", signal);
      }
      return { pane: pane.id, bytes };
    },
  });
}

/** Decodes `bytes`; an undecodable string is the caller's mistake. */
function fromBase64(text: string): Uint8Array {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    throw new WeftError("INVALID_INPUT", "Cannot write to the pane: bytes is not valid base64");
  }
}

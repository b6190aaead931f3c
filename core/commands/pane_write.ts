import { z } from "zod";
import { defineCommand } from "../bus/mod.ts";
import { WeftError } from "../errors.ts";
import { bracketPaste, encodeKeys } from "../keys.ts";
import type { Pane } from "../model/mod.ts";
import type { CoreDeps } from "./deps.ts";

const CHUNK = 4096;
/** Agent TUIs drop an Enter that arrives in the same burst as pasted text. */
const SUBMIT_SETTLE_MS = 120;

/** `pane.write`: type text and keys into a pane. */
export function paneWrite(deps: CoreDeps) {
  return defineCommand({
    name: "pane.write",
    title: "Send input",
    description:
      "Type into a pane: `text` as typed (pasted with bracketed paste when the program asked " +
      "for it and the text has several lines), then named `keys` (Enter, Tab, Escape, C-c, " +
      "Up, F5, M-x, C-Left, …), then Enter when `submit` is true (after a short settle delay, " +
      "which agent TUIs such as Claude Code need). Returns how many bytes were written.",
    capabilities: ["pane:write"],
    mcp: { name: "send_input" },
    target: { kind: "pane", field: "pane", fallback: "required" },
    input: z.object({
      pane: z.string().describe("Pane id or name."),
      text: z.string().max(16 * 1024 * 1024).optional().describe("Text to type."),
      keys: z.array(z.string()).max(1000).optional().describe("Named keys to press after text."),
      submit: z.boolean().optional().describe("Press Enter at the end, after a settle delay."),
      paste: z.boolean().optional().describe("Force (true) or forbid (false) bracketed paste."),
    }),
    handler: async ({ input, target, signal }) => {
      const pane = deps.model.pane(target!);
      if (pane.exit) {
        throw new WeftError("PANE_EXITED", `Cannot write to pane "${target}": its process has exited`);
      }
      const modes = pane.screen.modes;
      let bytes = 0;
      if (input.text) {
        const usePaste = input.paste ?? (modes.bracketedPaste && input.text.includes("\n"));
        bytes += await writeChunked(pane, bracketPaste(input.text, usePaste && modes.bracketedPaste), signal);
      }
      if (input.keys?.length) bytes += await writeChunked(pane, encodeKeys(input.keys, modes), signal);
      if (input.submit) {
        if (bytes) await new Promise((r) => setTimeout(r, SUBMIT_SETTLE_MS));
        bytes += await writeChunked(pane, "\r", signal);
      }
      return { pane: target!, bytes };
    },
  });
}

async function writeChunked(pane: Pane, data: string, signal: AbortSignal): Promise<number> {
  for (let i = 0; i < data.length; i += CHUNK) {
    signal.throwIfAborted();
    pane.pty.write(data.slice(i, i + CHUNK));
    if (data.length > CHUNK) await new Promise((r) => setTimeout(r, 0));
  }
  return new TextEncoder().encode(data).length;
}

import { implement } from "./_define.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import { bracketPaste, encodeKeys } from "../../protocols/terminal/keys.ts";
import { humanPaused, humanTyped, typeInto, typingTaken, writeBytes } from "../model/typing.ts";
import type { CoreDeps } from "./deps.ts";

/** `pane.write`: type text and keys into a pane. */
export function paneWrite(deps: CoreDeps) {
  return implement("pane.write", async ({ input, targets: { pane }, signal, door }) => {
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

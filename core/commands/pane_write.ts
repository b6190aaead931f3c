import { z } from "zod";
import type { Caller } from "../bus/mod.ts";
import { defineCommand } from "./_define.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import { bracketPaste, encodeKeys } from "../../protocols/terminal/keys.ts";
import type { Pane } from "../model/mod.ts";
import type { CoreDeps } from "./deps.ts";
import { WrittenOut } from "../../protocols/bus/record_schemas.ts";

const CHUNK = 4096;
/** Agent TUIs drop an Enter that arrives in the same burst as pasted text. */
const SUBMIT_SETTLE_MS = 120;
/** How long the screen must be still, after it answered the typing, before Enter. */
const SUBMIT_QUIET_MS = 40;
/** The longest wait for a screen that never answers the typing (echo off). */
const SUBMIT_MAX_WAIT_MS = 1500;

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
    handler: async ({ input, targets: { pane }, signal, caller }) => {
      if (pane.exit) {
        throw new WeftError(
          "PANE_EXITED",
          `Cannot write to pane "${pane.id}": its process has exited`,
        );
      }
      if (caller.kind === "tui" || caller.kind === "web") pane.lastHumanInputAt = performance.now();
      else if (input.yieldToHuman || isAgent(caller)) {
        await waitForHuman(pane, deps.config.humanInput, signal);
      }
      const modes = pane.screen.modes;
      const before = pane.screen.revision;
      let bytes = 0;
      if (input.text) {
        const usePaste = input.paste ?? (modes.bracketedPaste && input.text.includes("\n"));
        bytes += await writeChunked(
          pane,
          bracketPaste(input.text, usePaste && modes.bracketedPaste),
          signal,
        );
      }
      if (input.keys?.length) {
        bytes += await writeChunked(pane, encodeKeys(input.keys, modes), signal);
      }
      if (input.bytes) {
        pane.screen.inputArrived();
        const raw = fromBase64(input.bytes);
        pane.pty.write(raw);
        bytes += raw.length;
      }
      if (input.submit) {
        if (bytes) await settled(pane, before, signal);
        bytes += await writeChunked(pane, "\r", signal);
      }
      return { pane: pane.id, bytes };
    },
  });
}

/**
 * Resolves once the program has taken typed text in, so Enter arrives on its own: at least
 * {@link SUBMIT_SETTLE_MS}, and when the screen answers the typing (an echo, a redraw), until
 * it has been still for {@link SUBMIT_QUIET_MS}. A program that is slow to read (a loaded
 * machine, a busy TUI) would otherwise read the text and the Enter in one burst, as a paste
 * whose Enter is a newline; one that never answers gets {@link SUBMIT_MAX_WAIT_MS}.
 */
function settled(pane: Pane, before: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const started = performance.now();
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const finish = () => {
      clearTimeout(quiet);
      clearTimeout(ceiling);
      stop();
      signal.removeEventListener("abort", finish);
      resolve();
    };
    const answered = () => {
      clearTimeout(quiet);
      const wait = Math.max(SUBMIT_QUIET_MS, SUBMIT_SETTLE_MS - (performance.now() - started));
      quiet = setTimeout(finish, wait);
    };
    const stop = pane.screen.onChange(answered);
    const ceiling = setTimeout(finish, SUBMIT_MAX_WAIT_MS);
    signal.addEventListener("abort", finish, { once: true });
    if (pane.screen.revision !== before) answered();
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

/** Input from these doors yields to a typing human. */
function isAgent(caller: Caller): boolean {
  const agentic = (kind: string) => kind === "mcp" || kind === "sideband";
  return agentic(caller.kind) || (caller.chain ?? []).some(agentic);
}

/**
 * Waits until nobody has typed into `pane` for `quietMs`, at most `waitMs`; then fails with
 * `BUSY_HUMAN` rather than interleave with a human's keystrokes.
 */
async function waitForHuman(
  pane: Pane,
  limits: { quietMs: number; waitMs: number },
  signal: AbortSignal,
): Promise<void> {
  const deadline = performance.now() + limits.waitMs;
  while (true) {
    const now = performance.now();
    const busyFor = pane.lastHumanInputAt + limits.quietMs - now;
    if (busyFor <= 0) return;
    if (now >= deadline) {
      const ago = Math.round(now - pane.lastHumanInputAt);
      throw new WeftError(
        "BUSY_HUMAN",
        `Cannot write to pane "${pane.id}": a human is typing in it (last key ${ago} ms ago); ` +
          `try again after ${limits.quietMs} ms without keys`,
        { pane: pane.id, lastKeyMsAgo: ago, quietMs: limits.quietMs },
      );
    }
    signal.throwIfAborted();
    await new Promise((r) => setTimeout(r, Math.min(busyFor, deadline - now, 100)));
  }
}

async function writeChunked(pane: Pane, data: string, signal: AbortSignal): Promise<number> {
  // Someone types: a flood in any other pane is parsed in short slices for a while, so the
  // echo of this input is not kept waiting behind it (this pane's own output goes at full pace).
  pane.screen.inputArrived();
  for (let i = 0; i < data.length; i += CHUNK) {
    signal.throwIfAborted();
    pane.pty.write(data.slice(i, i + CHUNK));
    if (data.length > CHUNK) await new Promise((r) => setTimeout(r, 0));
  }
  return new TextEncoder().encode(data).length;
}

/**
 * Claude Code's `PermissionRequest` hook as a structured answer channel. Claude Code (2.1.330,
 * checked by running it) runs the hook when it asks for a tool's permission and shows its own
 * dialog meanwhile; the hook may answer on standard output with
 * `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}`
 * or `{"behavior":"deny","message":"…"}` (the message becomes the tool's error result), or print
 * nothing: then the dialog decides. Whichever comes first wins; the other is ignored.
 *
 * weft's hook for this event posts the event to the HTTP door's {@link PERMISSION_HOOK_PATH},
 * which holds the request open until someone answers in any door, at most
 * {@link PERMISSION_HOLD_MS}, and prints what the door answers. A door that is gone, refuses or
 * answers nothing leaves the dialog on screen: nothing is lost.
 *
 * Not a `type: "http"` hook: Claude Code interpolates variables into an HTTP hook's headers
 * only, never its URL, and the door's port changes with each server start.
 *
 * @module
 */

/** The path, on the HTTP door, that holds Claude Code's permission requests. */
export const PERMISSION_HOOK_PATH = "/hooks/claude-code/permission";

/** The longest the door holds a permission request before the dialog alone decides. */
export const PERMISSION_HOLD_MS = 110_000;

/** The hook's time-out in Claude Code's settings (s): past the hold, so the door answers. */
export const PERMISSION_HOOK_TIMEOUT_S = 130;

/** How long the hook's own read waits (s): past the hold, within Claude Code's time-out. */
const READ_S = Math.ceil(PERMISSION_HOLD_MS / 1000) + 10;

/**
 * The shell command of weft's `PermissionRequest` hook. Like the other events' it does nothing
 * outside a weft pane and always exits 0; it posts with bash's `/dev/tcp` (else `curl`), then
 * waits for the door's answer and prints its body when the status is 200. The settings entry
 * adds weft's marker after it (`claude_settings.ts`).
 */
export const PERMISSION_HOOK_COMMAND = [
  `[ -n "$WEFT_HTTP" ] && [ -n "$WEFT_PANE" ] && [ -n "$WEFT_SIDEBAND_KEY" ] || exit 0`,
  `if [ -n "$BASH_VERSION" ]; then trap '' PIPE; exec 2>/dev/null`,
  `exec 3<>"/dev/tcp/\${WEFT_HTTP%:*}/\${WEFT_HTTP##*:}" || exit 0`,
  `b=$(cat); LC_ALL=C`,
  `printf 'POST ${PERMISSION_HOOK_PATH} HTTP/1.1\\r\\nHost: weft\\r\\nX-Weft-Pane: %s\\r\\n` +
  `X-Weft-Key: %s\\r\\nContent-Type: application/json\\r\\nContent-Length: %s\\r\\n` +
  `Connection: close\\r\\n\\r\\n%s' "$WEFT_PANE" "$WEFT_SIDEBAND_KEY" "\${#b}" "$b" >&3`,
  `IFS= read -r -t ${READ_S} s <&3 || exit 0`,
  `n=0; while IFS= read -r -t 5 l <&3; do l=\${l%$'\\r'}; [ -z "$l" ] && break`,
  `case $l in [Cc]ontent-[Ll]ength:*) n=\${l#*:}; n=\${n//[!0-9]/};; esac; done`,
  `case $s in 'HTTP/1.1 200'*) [ "\${n:-0}" -gt 0 ] && head -c "$n" <&3;; esac`,
  `elif command -v curl >/dev/null 2>&1; then curl -q -s -f -m ${READ_S} ` +
  `-H "X-Weft-Pane: $WEFT_PANE" -H "X-Weft-Key: $WEFT_SIDEBAND_KEY" ` +
  `-H 'Content-Type: application/json' --data-binary @- ` +
  `"http://$WEFT_HTTP${PERMISSION_HOOK_PATH}"`,
  `fi`,
  `exit 0`,
].join("; ");

/** A human's answer to a held permission request. */
export type PermissionDecision = { behavior: "allow" } | { behavior: "deny"; message: string };

/**
 * The hook output that gives Claude Code `decision`.
 *
 * @example
 * ```ts
 * import { permissionOutput } from "./claude_permission.ts";
 * const out = permissionOutput({ behavior: "deny", message: "use make" });
 * console.assert(out.hookSpecificOutput.decision.behavior === "deny");
 * ```
 */
export function permissionOutput(decision: PermissionDecision) {
  return { hookSpecificOutput: { hookEventName: "PermissionRequest", decision } };
}

/** What a permission request asks: the tool and its input as text. */
export interface PermissionAsk {
  tool: string;
  /** The tool's input: its command, path, … when it has one, else its JSON (cut). */
  input: string;
}

/** Longest input kept. */
const MAX_INPUT = 2000;

/**
 * The tool and input a `PermissionRequest` event asks about; undefined when it is not one.
 *
 * @example
 * ```ts
 * import { permissionAsk } from "./claude_permission.ts";
 * const ask = permissionAsk({
 *   hook_event_name: "PermissionRequest",
 *   tool_name: "Bash",
 *   tool_input: { command: "rm -rf build", description: "Clean" },
 * });
 * console.assert(ask?.tool === "Bash" && ask.input === "rm -rf build");
 * ```
 */
export function permissionAsk(event: unknown): PermissionAsk | undefined {
  if (typeof event !== "object" || event === null) return undefined;
  const o = event as Record<string, unknown>;
  if (o.hook_event_name !== "PermissionRequest" || typeof o.tool_name !== "string") {
    return undefined;
  }
  const tool = clean(o.tool_name).slice(0, 128);
  if (!tool) return undefined;
  const input = typeof o.tool_input === "object" && o.tool_input !== null
    ? o.tool_input as Record<string, unknown>
    : {};
  const main = ["command", "file_path", "path", "url", "pattern", "query"]
    .map((k) => input[k])
    .find((v): v is string => typeof v === "string" && v.trim() !== "");
  const text = main ?? JSON.stringify(input);
  return { tool, input: clean(text).slice(0, MAX_INPUT) };
}

/** Control characters made spaces (an agent's text is shown in terminals and pages). */
function clean(value: string): string {
  // deno-lint-ignore no-control-regex
  return value.replace(/[\x00-\x1f\x7f-\x9f]+/g, " ").trim();
}

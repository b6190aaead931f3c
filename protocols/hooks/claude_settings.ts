/**
 * weft's entries in a Claude Code settings file (`.claude/settings.local.json`,
 * `~/.claude/settings.json`): added beside the user's own hooks, recognised by a marker in their
 * command, removed exactly. Pure: the caller reads and writes the file.
 *
 * Each entry is a command hook run by Claude Code's shell with the event's JSON on standard
 * input. It does nothing (and exits 0 at once) outside a weft pane; inside one it posts the
 * JSON unchanged to the weft server's HTTP door (`WEFT_HTTP`), naming its pane and proving it
 * with the pane's key (`WEFT_SIDEBAND_KEY`), and gives up after two seconds. What weft answers
 * (a message handed over: `protocols/hooks/claude_handover.ts`) it prints for Claude Code to
 * read; it says so (`X-Weft-Answer: 1`), since an older hook would drop the answer and with it
 * the message. It always exits 0, so it can neither block nor break Claude Code. The
 * `PermissionRequest` entry waits longer, for a human's answer through weft
 * (`claude_permission.ts`).
 *
 * @module
 */

import { PERMISSION_HOOK_COMMAND, PERMISSION_HOOK_TIMEOUT_S } from "./claude_permission.ts";

/** The events weft listens to. */
export const HOOK_EVENTS = [
  "SessionStart",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "PermissionRequest",
  "Notification",
  "Stop",
  "StopFailure",
  "SessionEnd",
] as const;

/** What marks a hook command as weft's (a shell comment at its end). */
export const HOOK_MARKER = "# weft hooks";

/** The path, on the HTTP door, that takes Claude Code's hook events. */
export const CLAUDE_HOOK_PATH = "/hooks/claude-code";

/**
 * The shell command of weft's hook: one line run by Claude Code's shell (bash, or the user's
 * `$SHELL`). Under bash it posts with bash's own `/dev/tcp` (no program started but `cat` for
 * the body); under another shell with `curl` when there is one. It waits at most two seconds
 * for each read of the answer, so the state is taken before Claude Code goes on, and prints the
 * body of a 200 answer (nothing for 204).
 */
export const HOOK_COMMAND = [
  `[ -n "$WEFT_HTTP" ] && [ -n "$WEFT_PANE" ] && [ -n "$WEFT_SIDEBAND_KEY" ] || exit 0`,
  `if [ -n "$BASH_VERSION" ]; then trap '' PIPE; exec 2>/dev/null`,
  `exec 3<>"/dev/tcp/\${WEFT_HTTP%:*}/\${WEFT_HTTP##*:}" || exit 0`,
  `b=$(cat); LC_ALL=C`,
  `printf 'POST ${CLAUDE_HOOK_PATH} HTTP/1.1\\r\\nHost: weft\\r\\nX-Weft-Pane: %s\\r\\n` +
  `X-Weft-Key: %s\\r\\nX-Weft-Answer: 1\\r\\nContent-Type: application/json\\r\\n` +
  `Content-Length: %s\\r\\n` +
  `Connection: close\\r\\n\\r\\n%s' "$WEFT_PANE" "$WEFT_SIDEBAND_KEY" "\${#b}" "$b" >&3`,
  `read -r -t 2 r <&3 || exit 0; case "$r" in *" 200 "*) ;; *) exit 0;; esac`,
  `while IFS= read -r -t 2 h <&3 && [ "\${#h}" -gt 1 ]; do :; done`,
  `IFS= read -r -d '' -t 2 a <&3; printf '%s' "$a"`,
  `elif command -v curl >/dev/null 2>&1; then curl -q -s -f -m 2 ` +
  `-H "X-Weft-Pane: $WEFT_PANE" -H "X-Weft-Key: $WEFT_SIDEBAND_KEY" -H 'X-Weft-Answer: 1' ` +
  `-H 'Content-Type: application/json' --data-binary @- "http://$WEFT_HTTP${CLAUDE_HOOK_PATH}"`,
  `fi`,
  `exit 0 ${HOOK_MARKER}`,
].join("; ");

/** One hook handler as Claude Code's settings hold it. */
interface Handler {
  type?: unknown;
  command?: unknown;
  [key: string]: unknown;
}

/** A matcher group: `{ matcher?, hooks: [handler…] }`. */
interface Group {
  matcher?: unknown;
  hooks?: unknown;
  [key: string]: unknown;
}

type Settings = Record<string, unknown>;

/** The permission hook's command, marked as weft's. */
const PERMISSION_COMMAND = `${PERMISSION_HOOK_COMMAND} ${HOOK_MARKER}`;

/** weft's handler for `event`: a permission request is held open for an answer. */
function handler(event: string): Handler {
  return event === "PermissionRequest"
    ? { type: "command", command: PERMISSION_COMMAND, timeout: PERMISSION_HOOK_TIMEOUT_S }
    : { type: "command", command: HOOK_COMMAND, timeout: 5 };
}

/**
 * weft's handler on each event, in a settings file of Claude Code's shape (`hooks.<Event>` →
 * matcher groups → handlers): Claude Code's own by default; another vendor with the same shape
 * (the Gemini CLI) passes its own. Each handler's command must end with {@link HOOK_MARKER}.
 */
export type HookEntries = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

/** Claude Code's entries: weft's hook on every event in {@link HOOK_EVENTS}. */
export const CLAUDE_ENTRIES: HookEntries = Object.fromEntries(
  HOOK_EVENTS.map((event) => [event, handler(event)]),
);

function isOurs(h: unknown): boolean {
  return typeof h === "object" && h !== null &&
    typeof (h as Handler).command === "string" &&
    ((h as Handler).command as string).includes(HOOK_MARKER);
}

function groupsOf(hooks: Record<string, unknown>, event: string): Group[] | undefined {
  const list = hooks[event];
  return Array.isArray(list) ? list as Group[] : undefined;
}

/**
 * Settings with weft's hook on every event in {@link HOOK_EVENTS}: the user's own hooks are
 * kept as they are, an older weft entry is replaced, and installing twice is installing once.
 * Throws a `TypeError` when the settings' `hooks` is not an object (a file weft will not touch).
 *
 * @example
 * ```ts
 * import { hookStatus, installHooks } from "./claude_settings.ts";
 * const mine = { hooks: { Stop: [{ hooks: [{ type: "command", command: "say done" }] }] } };
 * const once = installHooks(mine);
 * console.assert(JSON.stringify(installHooks(once)) === JSON.stringify(once));
 * console.assert(hookStatus(once).installed.length === 10 && hookStatus(once).current);
 * console.assert(JSON.stringify(once).includes("say done"));
 * ```
 */
export function installHooks(settings: unknown, entries = CLAUDE_ENTRIES): Settings {
  const out = structuredClone(asSettings(settings));
  const hooks = asHooks(out.hooks ?? {});
  for (const [event, entry] of Object.entries(entries)) {
    const groups = groupsOf(hooks, event) ?? [];
    const want = structuredClone(entry);
    let found = false;
    for (const group of groups) {
      if (!Array.isArray(group.hooks)) continue;
      group.hooks = (group.hooks as unknown[]).flatMap((h) => {
        if (!isOurs(h)) return [h];
        if (found) return [];
        found = true;
        return [want];
      });
    }
    const kept = groups.filter((g) => !Array.isArray(g.hooks) || g.hooks.length > 0);
    if (!found) kept.push({ hooks: [want] });
    hooks[event] = kept;
  }
  out.hooks = hooks;
  return out;
}

/**
 * Settings without any of weft's hooks; groups, events and the `hooks` key that held only
 * weft's entries go too, so installing then uninstalling gives back what was there.
 *
 * @example
 * ```ts
 * import { installHooks, uninstallHooks } from "./claude_settings.ts";
 * const before = { model: "opus", hooks: { Stop: [{ hooks: [{ type: "command", command: "x" }] }] } };
 * const after = uninstallHooks(installHooks(before));
 * console.assert(JSON.stringify(after.settings) === JSON.stringify(before) && after.removed === 10);
 * ```
 */
export function uninstallHooks(settings: unknown): { settings: Settings; removed: number } {
  const out = structuredClone(asSettings(settings));
  if (out.hooks === undefined) return { settings: out, removed: 0 };
  const hooks = asHooks(out.hooks);
  let removed = 0;
  for (const event of Object.keys(hooks)) {
    const groups = groupsOf(hooks, event);
    if (!groups) continue;
    let touched = false;
    for (const group of groups) {
      if (!Array.isArray(group.hooks)) continue;
      const before = group.hooks.length;
      const after = (group.hooks as unknown[]).filter((h) => !isOurs(h));
      group.hooks = after;
      if (after.length !== before) touched = true;
      removed += before - after.length;
    }
    if (!touched) continue;
    const kept = groups.filter((g) => !Array.isArray(g.hooks) || g.hooks.length > 0);
    if (kept.length) hooks[event] = kept;
    else delete hooks[event];
  }
  if (removed && Object.keys(hooks).length === 0) delete out.hooks;
  return { settings: out, removed };
}

/**
 * Which events carry weft's hook, and whether each is today's command (`current`: false when an
 * older weft wrote them; `weft hooks install` brings them up to date).
 *
 * @example
 * ```ts
 * import { hookStatus } from "./claude_settings.ts";
 * console.assert(hookStatus({}).installed.length === 0);
 * ```
 */
export function hookStatus(
  settings: unknown,
  entries = CLAUDE_ENTRIES,
): { installed: string[]; current: boolean } {
  const hooks = asSettings(settings).hooks;
  if (typeof hooks !== "object" || hooks === null) return { installed: [], current: false };
  const installed: string[] = [];
  let current = true;
  for (const [event, list] of Object.entries(hooks)) {
    if (!Array.isArray(list)) continue;
    const ours = (list as Group[]).flatMap((g) =>
      Array.isArray(g.hooks) ? (g.hooks as Handler[]).filter(isOurs) : []
    );
    if (!ours.length) continue;
    installed.push(event);
    if (ours.some((h) => h.command !== entries[event]?.command)) current = false;
  }
  const all = Object.keys(entries).every((e) => installed.includes(e));
  return { installed, current: current && all };
}

function asSettings(settings: unknown): Settings {
  if (settings === undefined || settings === null) return {};
  if (typeof settings !== "object" || Array.isArray(settings)) {
    throw new TypeError("Cannot change the settings: the file does not hold a JSON object");
  }
  return settings as Settings;
}

function asHooks(hooks: unknown): Record<string, unknown> {
  if (typeof hooks !== "object" || hooks === null || Array.isArray(hooks)) {
    throw new TypeError('Cannot change the settings: its "hooks" is not an object');
  }
  return hooks as Record<string, unknown>;
}

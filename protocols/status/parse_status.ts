/**
 * The Program Status Protocol (OSC 7501, spec revision 0.4, proposed by Ghostty's author and
 * implemented by Claude Code ≥ 2.1.295): a program tells its terminal what state it is in.
 * What weft parses, as established from the public write-ups (the spec at
 * superlogical.com/rex/docs/build/program-status, the `termstate` and `osc7501-rs` crates) and by
 * running the pinned Claude Code (2.1.330) in a PTY and logging its bytes:
 *
 * ```
 * probe   program → terminal   ESC ] 7501 ; ? BEL            (Claude Code sends BEL)
 * answer  terminal → program   ESC ] 7501 ; ? ST             (a "default" reply: the same bytes)
 * report  program → terminal   ESC ] 7501 ; FIELD ( : FIELD )* ( BEL | ESC \ )
 * FIELD   KEY = VALUE
 * ```
 *
 * - Feature detection: a program asks once at start-up and reports only when the terminal
 *   answered. Any OSC 7501 answer whose data starts with `?` counts (Claude Code checks only
 *   that); a terminal may list what it supports after the `?`, and a bare `?` means "every
 *   revision-0.4 state and kind". Claude Code does not ask (and never reports) when
 *   `CLAUDE_CODE_DISABLE_TERMINAL_TITLE` is set, nor as a background worker
 *   (`CLAUDE_CODE_SESSION_KIND=bg`); tmux does not answer, so it never reports under tmux.
 * - `state` (required): `idle`, `working`, `blocked`, `done`, `error`, or `clear`.
 * - `kind` (only with `blocked`): why: `permission`, `question` or `auth`.
 * - `progress` (only with `working` or `blocked`): a whole percentage 0–100; absent means
 *   indeterminate.
 * - `title`, `msg`: Base64 (standard alphabet, padded) of UTF-8 text; Claude Code cuts a title
 *   to 192 and a message to 2048 characters before encoding.
 * - `app`: who reports (`claude-code`), `[A-Za-z0-9_.+-]`.
 * - `id`: names a child record (a background task: a subagent, a monitor); a report without
 *   one is the program's own (root) record. Each report replaces its record completely (a field
 *   left out is gone). `state=clear` without `id` removes every record (Claude Code sends it on
 *   exit and on start-up); with `id`, that child's record.
 * - Unknown keys are ignored (later revisions may add some); a report with a bad or missing
 *   state, a duplicated key or a field that is not `KEY=VALUE` is rejected whole.
 *
 * Seen from Claude Code 2.1.330 in one turn with a permission prompt: `state=idle:app=claude-code`
 * when its prompt is ready, `state=working:app=claude-code` once a prompt is submitted,
 * `state=blocked:app=claude-code:kind=permission:msg=…` ("approve Bash: touch x") while it asks,
 * `working` again once answered, `state=done:app=claude-code` after the turn, and
 * `state=clear` (twice) on `/exit`.
 *
 * @module
 */

/** The states a report can carry (besides `clear`). */
export const STATUS_STATES = ["idle", "working", "blocked", "done", "error"] as const;

/** One of {@link STATUS_STATES}. */
export type StatusState = typeof STATUS_STATES[number];

/** Why a program is blocked. */
export const STATUS_KINDS = ["permission", "question", "auth"] as const;

/** One record: the program's own (no `id`) or a child task's. */
export interface StatusRecord {
  state: StatusState;
  id?: string;
  app?: string;
  /** Only for `blocked`; unknown kinds are kept as sent. */
  kind?: string;
  /** 0–100, only for `working` and `blocked`. */
  progress?: number;
  title?: string;
  msg?: string;
}

/** What an OSC 7501 payload says. */
export type StatusMessage =
  | { type: "query"; data: string }
  | { type: "report"; record: StatusRecord }
  | { type: "clear"; id?: string }
  | { type: "invalid"; reason: string };

/** Longest payload read; a longer one is rejected (Claude Code's largest is ~3 KiB). */
export const MAX_STATUS_PAYLOAD = 16 * 1024;
/** Longest title and message kept, in UTF-16 units (longer ones are cut). */
export const MAX_STATUS_TITLE = 256;
export const MAX_STATUS_MSG = 4096;

const TOKEN = /^[A-Za-z0-9_.+-]{1,64}$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Parses the data of an OSC 7501 sequence (what follows `7501;`).
 *
 * @example
 * ```ts
 * import { parseStatus } from "./parse_status.ts";
 * const m = parseStatus("state=blocked:app=claude-code:kind=permission:msg=aGk=");
 * console.assert(m.type === "report" && m.record.state === "blocked" && m.record.msg === "hi");
 * console.assert(parseStatus("?").type === "query");
 * console.assert(parseStatus("state=clear").type === "clear");
 * ```
 */
export function parseStatus(data: string): StatusMessage {
  if (data.startsWith("?")) return { type: "query", data: data.slice(1) };
  if (data.length > MAX_STATUS_PAYLOAD) {
    return { type: "invalid", reason: `payload of ${data.length} characters is too long` };
  }
  const fields = new Map<string, string>();
  for (const field of data.split(":")) {
    const eq = field.indexOf("=");
    if (eq <= 0) return { type: "invalid", reason: `"${field.slice(0, 32)}" is not KEY=VALUE` };
    const key = field.slice(0, eq);
    if (fields.has(key)) return { type: "invalid", reason: `"${key}" is given twice` };
    fields.set(key, field.slice(eq + 1));
  }
  const id = fields.get("id");
  if (id !== undefined && !TOKEN.test(id)) return { type: "invalid", reason: "bad id" };
  const state = fields.get("state");
  if (state === "clear") return id === undefined ? { type: "clear" } : { type: "clear", id };
  if (!STATUS_STATES.includes(state as StatusState)) {
    return { type: "invalid", reason: `unknown state "${String(state).slice(0, 32)}"` };
  }
  const record: StatusRecord = { state: state as StatusState };
  if (id !== undefined) record.id = id;
  const app = fields.get("app");
  if (app !== undefined && TOKEN.test(app)) record.app = app;
  const kind = fields.get("kind");
  if (record.state === "blocked" && kind !== undefined && TOKEN.test(kind)) record.kind = kind;
  const progress = fields.get("progress");
  if ((record.state === "working" || record.state === "blocked") && progress !== undefined) {
    if (!/^\d{1,3}$/.test(progress) || Number(progress) > 100) {
      return { type: "invalid", reason: `bad progress "${progress.slice(0, 8)}"` };
    }
    record.progress = Number(progress);
  }
  for (const [key, max] of [["title", MAX_STATUS_TITLE], ["msg", MAX_STATUS_MSG]] as const) {
    const raw = fields.get(key);
    if (raw === undefined || raw === "") continue;
    const text = decodeBase64(raw);
    if (text === undefined) return { type: "invalid", reason: `${key} is not Base64` };
    record[key] = text.slice(0, max);
  }
  return { type: "report", record };
}

/** Base64 of UTF-8 text, decoded; invalid UTF-8 becomes U+FFFD. */
function decodeBase64(text: string): string | undefined {
  if (!BASE64.test(text) || text.length % 4 === 1) return undefined;
  try {
    const binary = atob(text);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    // deno-lint-ignore no-control-regex
    return new TextDecoder().decode(bytes).replace(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/g, " ");
  } catch {
    return undefined;
  }
}

/**
 * The answer weft gives to a probe: a bare `?` (every revision-0.4 state and kind), ST-ended.
 *
 * @example
 * ```ts
 * import { STATUS_PROBE_REPLY } from "./parse_status.ts";
 * console.assert(STATUS_PROBE_REPLY === "\x1b]7501;?\x1b\\");
 * ```
 */
export const STATUS_PROBE_REPLY = "\x1b]7501;?\x1b\\";

/** The OSC number of the Program Status Protocol. */
export const STATUS_OSC = 7501;

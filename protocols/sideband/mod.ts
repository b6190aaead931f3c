/**
 * The sideband grammar and its parsers: commands an agent or a program writes in its own
 * output. Pure code, no I/O; the `sideband` plugin (`plugins/sideband/`) runs what is found.
 *
 * ## XML form (agents)
 *
 * ```
 * <weft:NAME ATTR="VALUE" …/>
 * <weft:NAME ATTR="VALUE" …>CONTENT</weft:NAME>
 * ```
 *
 * - The namespace (`weft`) is configurable; `NAME` is `[a-z][a-z0-9_-]*`, attribute names
 *   `[A-Za-z_][A-Za-z0-9_.:-]*`, values in `"…"` or `'…'` and separated by whitespace.
 * - Values and content are XML-unescaped: `&quot; &amp; &lt; &gt; &apos; &#NN; &#xHH;`; a raw
 *   `<` inside a value ends the tag as malformed. Newlines and tabs in a value become spaces.
 * - Content runs to the first `</weft:NAME>`; `\r\n` in it becomes `\n`.
 * - Inside a tag, a cursor move `ESC[nC` stands for n spaces and `ESC[nG` for the spaces up to
 *   column n; other escape sequences and control characters (but LF and TAB) are ignored.
 * - A tag larger than 64 KiB (UTF-8) is given up with a parse error and shown as text.
 *
 * ## OSC form (programs, scripts)
 *
 * ```
 * ESC ] 9338 ; NAME ( ; KEY=VALUE )* ( BEL | ESC \ )
 * ```
 *
 * Values are percent-encoded UTF-8 (`%`, `;`, `=` and control characters as `%XX`). A tag's
 * content is given as the attribute it fills (`text=` for `input`). Unambiguous by
 * construction; a malformed one is reported and passed on (a terminal ignores it). Every command
 * carries its pane's key, `key=…` from the pane's environment ({@link SIDEBAND_KEY_ENV}), so
 * that bytes a program merely shows (a `cat` of a file) cannot be one. A query's answer comes
 * back on the program's input as `ESC ] 9338 ; result ; [id=ID ;] tag=NAME ; ok=true ;
 * value=JSON BEL` (or `ok=false ; code=… ; message=…`), see {@link encodeOscReply}. The number
 * is {@link OSC_NUMBER}, written once.
 *
 * ## Tags
 *
 * {@link TAGS} maps each tag to a bus command: `spawn` (pane.create), `input` (pane.write),
 * `control action=close|resize|rename|zoom`, `focus`, `layout`, `status` (pane.set state),
 * `list` and `read` (queries). Every value is checked by {@link resolveTag} before anything runs.
 *
 * ## Detection
 *
 * - {@link SidebandStream}: the byte-stream state machine for plain programs and `claude -p`;
 *   any chunking gives the same result; what it finds is cut out of the passthrough text.
 *   {@link DisplayFilter} puts it between a pane's output and its screen (not yet wired in
 *   the core: the pane's output path has no hook for it).
 * - {@link ScreenDetector}: for agent TUIs (Claude Code), which draw a tag with cursor moves,
 *   wrap it and redraw it: rebuilds the agent's message text from the screen's lines
 *   ({@link agentMessages}), ignoring tool output, the user's prompt and text drawn as code
 *   (rows read with colours, {@link styledLine}, or left as markdown the TUI has not rendered
 *   yet), and reports each command once, after it has stayed on screen a moment, however often
 *   it is redrawn. A message drawn without colours runs nothing (code cannot be told from it).
 * - In Claude Code, a tag without attributes must be written `<weft:list />` (with the space):
 *   its markdown renders `<weft:list/>` as an autolink, without the angle brackets.
 *
 * @example
 * ```ts
 * import { resolveTag, SidebandStream, TAGS } from "./mod.ts";
 * const stream = new SidebandStream();
 * const out = stream.push('ok <weft:input target="p2" submit="true">make &amp;&amp; make test</weft:input>\n');
 * const call = resolveTag(out.commands[0]!, TAGS, "p1");
 * console.assert(out.text === "ok \n");
 * console.assert(call.ok && call.command === "pane.write" && call.input.text === "make && make test");
 * ```
 *
 * @module
 */

export { SIDEBAND_STREAM_DEFAULTS, SidebandStream } from "./stream.ts";
export type {
  SidebandCommand,
  SidebandOutput,
  SidebandParseError,
  SidebandStreamOptions,
} from "./stream.ts";
export { COLOURLESS_REASON, ScreenDetector } from "./screen_detector.ts";
export type { RefusedCommand, ScreenDetectorOptions, ScreenScan } from "./screen_detector.ts";
export { agentMessages, CLAUDE_PROFILE } from "./agent_screen.ts";
export type { AgentMessage, ScreenProfile } from "./agent_screen.ts";
export { COMMON_ATTRS, LIMIT_KINDS, limitsOf, TAGS } from "./tags.ts";
export type {
  AttrKind,
  AttrSpec,
  CommandTagSpec,
  LimitKind,
  TagSpec,
  TagTable,
  TagVariants,
} from "./tags.ts";
export { declaredTags } from "./declared.ts";
export { keysEqual, OSC_KEY_ATTR, redactKeys, SIDEBAND_KEY_ENV } from "./key.ts";
export { resolveTag } from "./resolve.ts";
export type { ResolvedTag, TagInput } from "./resolve.ts";
export {
  encodeOsc,
  encodeOscReply,
  OSC_NUMBER,
  OSC_OPEN,
  OSC_REPLY,
  parseOscPayload,
  percentDecode,
  percentEncode,
} from "./osc.ts";
export type { OscPayload, OscReply } from "./osc.ts";
export { xmlEscape, xmlUnescape } from "./xml_escape.ts";
export { styledLine } from "./styled_line.ts";
export type { ScreenLine } from "./styled_line.ts";
export { displayWidth } from "./display_width.ts";

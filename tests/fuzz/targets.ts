/**
 * The fuzz targets: every pure codec in `protocols/`, each with an input generator seeded with
 * real captures (`_seeds.ts`), the errors it documents (anything else it throws is a crash),
 * and the invariants cheap enough to check on every input (round trips, chunking).
 *
 * @module
 */

import { deepStrictEqual } from "node:assert/strict";
import fc from "fast-check";
import { WeftError } from "../../protocols/bus/errors.ts";
import { LineDecoder, parseMessage } from "../../protocols/jsonrpc/mod.ts";
import { checkSpec, parseLayoutFile, stringifyLayoutFile } from "../../protocols/layout/mod.ts";
import { parseStatus } from "../../protocols/status/parse_status.ts";
import { StatusRecords } from "../../protocols/status/mod.ts";
import { SidebandStream } from "../../protocols/sideband/stream.ts";
import { parseOscPayload, percentDecode, percentEncode } from "../../protocols/sideband/osc.ts";
import { xmlEscape, xmlUnescape } from "../../protocols/sideband/xml_escape.ts";
import { styledLine } from "../../protocols/sideband/styled_line.ts";
import { agentMessages } from "../../protocols/sideband/agent_screen.ts";
import { ScreenDetector } from "../../protocols/sideband/screen_detector.ts";
import { displayWidth } from "../../protocols/sideband/display_width.ts";
import { parseTmuxArgs, TmuxUsageError } from "../../protocols/tmux/args.ts";
import { expandFormat } from "../../protocols/tmux/format.ts";
import { parseTarget } from "../../protocols/tmux/target.ts";
import { sendKeysChunks, tmuxKey } from "../../protocols/tmux/keys.ts";
import { styleForeground } from "../../protocols/tmux/style.ts";
import { tmuxRights } from "../../protocols/tmux/rights.ts";
import { optionDef } from "../../protocols/tmux/options.ts";
import { encodeKeys } from "../../protocols/terminal/keys.ts";
import { promptDraft, screenState } from "../../protocols/agents/mod.ts";
import { parseHostMessage, parsePluginMessage } from "../../protocols/plugin/validate.ts";
import { LineReader } from "../../protocols/plugin/frames.ts";
import { parseManifest } from "../../protocols/plugin/manifest.ts";
import { claudeHookEffect } from "../../protocols/hooks/mod.ts";
import { paneUri, parsePaneUri } from "../../protocols/mcp/pane_uri.ts";
import {
  FRAMES,
  LAYOUT_FILES,
  RPC_LINES,
  SCREENS,
  seededText,
  SIDEBAND,
  STATUS_PAYLOADS,
  TMUX_ARGV,
} from "./_seeds.ts";

/** One fuzz target. */
export interface Target<T = unknown> {
  name: string;
  input: fc.Arbitrary<T>;
  /** Runs one input; throws only what {@link expected} allows (or an invariant's failure). */
  run: (input: T) => void;
  /** The errors the codec documents for bad input. */
  expected?: (err: unknown) => boolean;
}

const invalidInput = (err: unknown) => err instanceof WeftError && err.code === "INVALID_INPUT";
const lines = (text: string) => text.split("\n");
const json = (seeds: readonly string[]) =>
  seededText(seeds).map((t) => {
    try {
      return JSON.parse(t) as unknown;
    } catch {
      return t;
    }
  });
const cuts = fc.array(fc.nat(), { maxLength: 6 });

function chunked(text: string, at: number[]): string[] {
  const points = [...new Set(at.map((p) => p % (text.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let from = 0;
  for (const p of [...points, text.length]) {
    out.push(text.slice(from, p));
    from = p;
  }
  return out;
}

function sideband(chunks: string[]) {
  const stream = new SidebandStream();
  const outs = [...chunks.map((c) => stream.push(c)), stream.flush()];
  return {
    text: outs.map((o) => o.text).join(""),
    commands: outs.flatMap((o) => o.commands),
    errors: outs.flatMap((o) => o.errors),
  };
}

function target<T>(t: Target<T>): Target {
  return t as Target;
}

/** Every target, by name. */
export const TARGETS: readonly Target[] = [
  target({
    name: "sideband.stream",
    input: fc.tuple(seededText([...SIDEBAND, ...SCREENS.map((s) => s.slice(0, 2000))]), cuts),
    // Any chunking finds the same commands and passes the same text.
    run: ([text, at]) => deepStrictEqual(sideband(chunked(text, at)), sideband([text])),
  }),
  target({
    name: "sideband.osc",
    // deno-lint-ignore no-control-regex -- the OSC opener and BEL are what is cut off
    input: seededText(SIDEBAND.map((s) => s.replace(/^\x1b\]9338;|\x07$/g, ""))),
    run: (payload) => void parseOscPayload(payload),
  }),
  target({
    name: "sideband.percent",
    input: fc.string({ unit: "binary", maxLength: 100 }),
    run: (text) => {
      percentDecode(text);
      deepStrictEqual(percentDecode(percentEncode(text)), text.toWellFormed());
    },
  }),
  target({
    name: "sideband.xml_escape",
    input: seededText(SIDEBAND),
    run: (text) => {
      xmlUnescape(text);
      deepStrictEqual(xmlUnescape(xmlEscape(text)), text);
    },
  }),
  target({
    name: "sideband.screen",
    input: fc.tuple(seededText(SCREENS, 400), fc.integer({ min: 1, max: 300 })),
    run: ([text, width]) => {
      const styled = lines(text).map((l) => styledLine(l));
      agentMessages(styled, { width });
      new ScreenDetector().scan(styled, { width, now: 0 });
      for (const l of styled) displayWidth(l.text);
    },
  }),
  target({
    name: "status.parse",
    input: fc.array(seededText(STATUS_PAYLOADS, 60), { maxLength: 6 }),
    run: (payloads) => {
      const records = new StatusRecords();
      for (const p of payloads) records.apply(parseStatus(p));
    },
  }),
  target({
    name: "tmux.args",
    input: fc.oneof(
      fc.constantFrom(...TMUX_ARGV).chain((argv) =>
        fc.array(
          fc.oneof(
            fc.constantFrom(...argv),
            fc.constantFrom("toString", "__proto__", "constructor", "-g", "-p", "--"),
            fc.string({ maxLength: 12 }),
          ),
          { maxLength: 12 },
        )
      ),
      fc.array(fc.string({ unit: "binary", maxLength: 12 }), { maxLength: 10 }),
    ),
    run: (argv) => {
      const inv = parseTmuxArgs(argv);
      if (inv.command) tmuxRights(inv.command);
      for (const word of argv) {
        const def = optionDef(word);
        if (def !== undefined && typeof def.scope !== "string") {
          throw new Error(`optionDef(${word})`);
        }
      }
    },
    expected: (err) => err instanceof TmuxUsageError,
  }),
  target({
    name: "tmux.format",
    input: fc.tuple(
      seededText(TMUX_ARGV.flat().filter((a) => a.includes("#{")), 80),
      fc.dictionary(fc.stringMatching(/^[a-z_]{1,12}$/), fc.string({ maxLength: 10 }), {
        maxKeys: 4,
      }),
    ),
    run: ([format, vars]) => void expandFormat(format, { pane_id: "%1", ...vars }),
  }),
  target({
    name: "tmux.target_keys_style",
    input: fc.tuple(
      seededText(["main:1.2", "%3", "{last}", "=s:@2.%4", "{top-left}", "C-b", "M-Up"], 30),
      fc.constantFrom("pane", "window", "session" as const),
      fc.array(fc.string({ maxLength: 10 }), { maxLength: 6 }),
      fc.boolean(),
    ),
    run: ([text, kind, keys, literal]) => {
      parseTarget(text, kind as "pane" | "window" | "session");
      tmuxKey(text);
      styleForeground(text);
      sendKeysChunks(keys, literal);
    },
  }),
  target({
    name: "jsonrpc.lines",
    input: fc.tuple(
      fc.array(seededText(RPC_LINES), { maxLength: 5 }).map((ls) => ls.join("\n")),
      cuts,
      fc.integer({ min: 1, max: 300 }),
    ),
    run: ([text, at, max]) => {
      const bytes = new TextEncoder().encode(text);
      const whole = new LineDecoder({ maxLineBytes: max });
      const expect = [...whole.push(bytes), ...whole.end()];
      const decoder = new LineDecoder({ maxLineBytes: max });
      // Cut anywhere, inside a character too: chunking changes nothing.
      const points = [...new Set(at.map((p) => p % (bytes.length + 1)))].sort((a, b) => a - b);
      const got = [...points, bytes.length].flatMap((p, i) =>
        decoder.push(bytes.subarray(i ? points[i - 1] : 0, p))
      );
      deepStrictEqual([...got, ...decoder.end()], expect);
      for (const line of expect) if ("line" in line) parseMessage(line.line);
    },
  }),
  target({
    name: "layout.file",
    input: seededText(LAYOUT_FILES, 300),
    run: (text) => {
      const file = parseLayoutFile(text);
      deepStrictEqual(parseLayoutFile(stringifyLayoutFile(file)), file);
    },
    expected: invalidInput,
  }),
  target({
    name: "layout.spec",
    input: json([
      '{"split":"horizontal","ratios":[0.5,0.5],"panes":[{"command":"bash"},{"preset":"tiled"}]}',
      '{"preset":"main-vertical"}',
      '{"split":"vertical","panes":[{"name":"a"},{"split":"horizontal","panes":[{},{}]}]}',
    ]),
    run: (value) => void checkSpec(value),
    expected: invalidInput,
  }),
  target({
    name: "terminal.keys",
    input: fc.tuple(
      fc.array(
        fc.oneof(
          fc.constantFrom("C-c", "Up", "Enter", "M-x", "F12", "C-S-Left", "PageDown", "Escape"),
          fc.string({ maxLength: 8 }),
        ),
        { maxLength: 6 },
      ),
      fc.boolean(),
    ),
    run: ([keys, applicationCursor]) => void encodeKeys(keys, { applicationCursor }),
    expected: invalidInput,
  }),
  target({
    name: "agents.screen_readers",
    input: fc.tuple(seededText(SCREENS, 400), fc.constantFrom("claude", "codex", "gemini", "x")),
    run: ([text, kind]) => {
      const rows = lines(text).map((l) => styledLine(l).text);
      promptDraft(kind, rows);
      screenState(kind, rows);
    },
  }),
  target({
    name: "plugin.messages",
    input: fc.tuple(json(FRAMES), cuts, fc.integer({ min: 1, max: 400 })),
    run: ([value, at, max]) => {
      for (const parse of [parsePluginMessage, parseHostMessage]) {
        try {
          parse(value);
        } catch (err) {
          if (!invalidInput(err)) throw err;
        }
      }
      if (typeof value === "object" && value && "manifest" in value) {
        try {
          parseManifest((value as { manifest: unknown }).manifest, "manifest");
        } catch (err) {
          if (!invalidInput(err)) throw err;
        }
      }
      const reader = new LineReader(max);
      const text = typeof value === "string" ? value : JSON.stringify(value) + "\n";
      for (const c of chunked(text, at)) reader.push(c);
    },
    expected: (err) => err instanceof RangeError && /cap|long|max/i.test(err.message),
  }),
  target({
    name: "hooks.claude",
    input: json([
      '{"hook_event_name":"PreToolUse","session_id":"s","tool_name":"Bash","tool_input":{"command":"ls"}}',
      '{"hook_event_name":"Notification","session_id":"s","message":"Claude needs your permission"}',
      '{"hook_event_name":"Stop","session_id":"s","transcript_path":"/t/s.jsonl"}',
      '{"hook_event_name":"SessionStart","session_id":"s","source":"resume"}',
    ]),
    run: (value) => void claudeHookEffect(value),
  }),
  target({
    name: "mcp.pane_uri",
    input: seededText(["weft://pane/p1", "weft://pane/p12/screen", "p3"], 40),
    run: (text) => {
      const id = parsePaneUri(text);
      if (id !== undefined) deepStrictEqual(parsePaneUri(paneUri(id)), id.toWellFormed());
    },
  }),
];

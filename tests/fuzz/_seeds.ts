/**
 * Real inputs the fuzzers start from and mutate: Claude Code screens captured in a PTY
 * (`tests/fixtures/sideband/`), the example layout files, the JSON-RPC lines and plugin frames
 * weft's own clients write, Claude Code's status reports and tmux calls as logged from it.
 *
 * @module
 */

import fc from "fast-check";

const root = new URL("../../", import.meta.url);

function readAll(dir: string, ext: string): string[] {
  const url = new URL(dir, root);
  return [...Deno.readDirSync(url)].filter((e) => e.isFile && e.name.endsWith(ext)).sort((a, b) =>
    a.name.localeCompare(b.name)
  ).map((e) => Deno.readTextFileSync(new URL(e.name, url)));
}

/** Claude Code's screens (ANSI), as captured. */
export const SCREENS = readAll("tests/fixtures/sideband/", ".txt");

/** The example layout files. */
export const LAYOUT_FILES = readAll("examples/layouts/", ".toml");

/** Lines weft's clients and server write on the control socket. */
export const RPC_LINES = [
  '{"jsonrpc":"2.0","id":1,"method":"server.hello","params":{"client":"cli","pane":"p1","key":"ab12"}}',
  '{"jsonrpc":"2.0","id":2,"method":"pane.list","params":{}}',
  '{"jsonrpc":"2.0","id":3,"method":"pane.write","params":{"pane":"p2","text":"ls\\n","submit":true}}',
  '{"jsonrpc":"2.0","id":4,"method":"subscribe","params":{"topics":["pane.output"],"panes":["p1"]}}',
  '{"jsonrpc":"2.0","id":5,"result":{"panes":[{"id":"p1","command":"bash"}]}}',
  '{"jsonrpc":"2.0","id":6,"error":{"code":-32001,"message":"Cannot find pane \\"p9\\""}}',
  '{"jsonrpc":"2.0","method":"event","params":{"topic":"pane.exited","data":{"pane":"p1"}}}',
];

/** OSC 7501 payloads Claude Code 2.1.330 wrote (`protocols/status/parse_status.ts`). */
export const STATUS_PAYLOADS = [
  "?",
  "state=idle:app=claude-code",
  "state=working:app=claude-code",
  "state=blocked:app=claude-code:kind=permission:msg=YXBwcm92ZSBCYXNoOiB0b3VjaCB4",
  "state=done:app=claude-code",
  "state=working:id=agent-1:title=dGVzdHM=:progress=40",
  "state=clear",
];

/** weft's own sideband OSC payloads and tags. */
export const SIDEBAND = [
  'build: <weft:spawn cmd="make test" name="tests"/> ok\n',
  '<weft:input target="p2">echo hi\n</weft:input>',
  "\x1b]9338;spawn;key=0123abcd;cmd=npm%20test\x07",
  '<weft:status state="blocked" msg="needs a key"/>',
  '<weft:canvas kind="json" path="data.json"/>',
];

/** tmux calls Claude Code's agent teams and scripts make. */
export const TMUX_ARGV = [
  ["split-window", "-h", "-P", "-F", "#{pane_id}", "-t", "%1"],
  ["send-keys", "-t", "%2", "claude --resume x", "Enter"],
  [
    "list-panes",
    "-a",
    "-F",
    "#{session_name}:#{window_index}.#{pane_index} #{pane_current_command}",
  ],
  ["display-message", "-p", "#{pane_id} #{pane_width}x#{pane_height}"],
  ["load-buffer", "-w", "-"],
  ["-L", "claude", "select-layout", "-t", "main:1", "main-vertical"],
  ["set-option", "-p", "-t", "%3", "remain-on-exit", "on"],
  ["capture-pane", "-p", "-S", "-", "-t", "{last}"],
];

/** Plugin frames (host ↔ plugin), one JSON object each. */
export const FRAMES = [
  '{"type":"call","id":"1","command":"hello.shout","input":{"from":"p1"},"caller":{"kind":"cli","id":"c1","grants":"all"}}',
  '{"type":"result","id":"1","ok":true,"value":{"done":true}}',
  '{"type":"event","subscription":"s1","event":{"topic":"pane.output","data":{"pane":"p1","data":"hi"}}}',
  '{"type":"manifest","manifest":{"name":"hello","version":"0.1.0","capabilities":["pane:read"],"commands":[]}}',
  '{"type":"ping","seq":3}',
  '{"type":"log","level":"info","message":"started"}',
  '{"type":"subscribe","id":"s1","filter":{"topics":["pane.exited"]}}',
];

const mutation = fc.oneof(
  fc.record({
    op: fc.constant("insert" as const),
    at: fc.nat(),
    text: fc.string({ unit: "binary", maxLength: 8 }),
  }),
  fc.record({ op: fc.constant("delete" as const), at: fc.nat(), n: fc.nat({ max: 16 }) }),
  fc.record({
    op: fc.constant("repeat" as const),
    at: fc.nat(),
    n: fc.nat({ max: 24 }),
    times: fc.integer({ min: 2, max: 40 }),
  }),
  fc.record({
    op: fc.constant("byte" as const),
    at: fc.nat(),
    code: fc.integer({ min: 0, max: 0x2fff }),
  }),
);

/** `seeds` mutated a few times: inserts, deletions, repeated slices and changed characters. */
export function mutated(seeds: readonly string[], maxMutations = 6): fc.Arbitrary<string> {
  return fc.tuple(fc.constantFrom(...seeds), fc.array(mutation, { maxLength: maxMutations }))
    .map(([seed, ops]) => {
      let s = seed;
      for (const m of ops) {
        const at = s.length ? m.at % (s.length + 1) : 0;
        if (m.op === "insert") s = s.slice(0, at) + m.text + s.slice(at);
        else if (m.op === "delete") s = s.slice(0, at) + s.slice(at + m.n);
        else if (m.op === "repeat") {
          s = s.slice(0, at) + s.slice(at, at + m.n).repeat(m.times) + s.slice(at);
        } else s = s.slice(0, at) + String.fromCharCode(m.code) + s.slice(at + 1);
      }
      return s;
    });
}

/** Real seeds mutated, mixed with wholly random text. */
export function seededText(seeds: readonly string[], maxLength = 200): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: mutated(seeds), weight: 3 },
    { arbitrary: fc.string({ unit: "binary", maxLength }), weight: 1 },
  );
}

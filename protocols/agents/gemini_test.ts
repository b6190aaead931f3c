// The Gemini CLI's facts (gemini.ts) on screens and hook inputs copied from runs of 0.61.0
// against the mock Gemini API at 100 columns. tests/gemini_state_test.ts checks the same
// against the live CLI.
import { deepStrictEqual, ok, strictEqual, throws } from "node:assert/strict";
import { GEMINI_HOOK_COMMAND, GEMINI_HOOK_PATH, geminiHookEffect, geminiHooks } from "./gemini.ts";
import {
  guessAgentKind,
  promptDraft,
  promptHolds,
  type ResumeTarget,
  screenDialog,
  screenState,
  vendorOf,
} from "./mod.ts";
import { HookFileError } from "../hooks/mod.ts";

const BOX = "─".repeat(98);
const INNER = "─".repeat(94);
const side = (text: string, width = 98) => `│ ${text.padEnd(width - 2)} │`;

const DIALOG = [
  " > touch the file",
  `╭${BOX}╮`,
  side("? Shell  touch weft-x.txt"),
  side(`╭${INNER}╮`),
  side(`│ ${"touch weft-x.txt".padEnd(92)} │`),
  side(`╰${INNER}╯`),
  side("Allow execution of [Shell]?"),
  side(""),
  side("● 1. Allow once"),
  side("  2. Allow for this session"),
  side("  3. No, suggest changes (esc)"),
  `╰${BOX}╯`,
];

const BAR = (c: string) => c.repeat(120);
// The bottom of a 120x40 pane (weft panes say COLORTERM=truecolor: the prompt box is drawn
// with half blocks).
const FOOTER = [
  "─".repeat(120),
  " Shift+Tab to accept edits",
  BAR("▄"),
  " >   Type your message or @path/to/file",
  BAR("▀"),
  " workspace (/directory)                                        sandbox                                           /model",
  " /tmp/weft-test-2eac7ffa979da590                               no sandbox                              gemini-2.5-flash",
];

const WORKING = [
  " > wait a bit",
  BAR("▀"),
  "",
  "",
  " ⠙ Executing Hooks: weft, weft (esc to cancel, 1s)                                  ? for shortcuts",
  ...FOOTER,
];

const IDLE = [
  BAR("▀"),
  "✦ Done.",
  "",
  "",
  "                                                                                    ? for shortcuts",
  ...FOOTER,
];

Deno.test("gemini screens: its boxed approval dialog, its working and idle footers", () => {
  const blocked = screenState("gemini", [...DIALOG, "", ""]);
  strictEqual(blocked?.state, "blocked");
  strictEqual(blocked?.kind, "permission");
  strictEqual(
    blocked?.message,
    "? Shell  touch weft-x.txt · touch weft-x.txt · Allow execution of [Shell]?",
  );
  const dialog = screenDialog("gemini", DIALOG)!;
  deepStrictEqual(dialog.choices.map((c) => c.label), [
    "Allow once",
    "Allow for this session",
    "No, suggest changes (esc)",
  ]);
  strictEqual(dialog.selected, 1);
  strictEqual(screenState("gemini", WORKING)?.state, "working");
  strictEqual(screenState("gemini", IDLE)?.state, "idle");
  // The prompt shows under the working footer too: working wins, also with a taller prompt.
  ok(WORKING.some((r) => /Type your message/.test(r)));
  const tall = [
    ...WORKING.slice(0, -4),
    " > line one",
    "   line two",
    "   three",
    ...FOOTER.slice(-3),
  ];
  strictEqual(screenState("gemini", tall)?.state, "working");
});

Deno.test("gemini hooks: each event's effect on the pane", () => {
  const base = {
    session_id: "16529ce6-944a-41b3-9310-e6ab69d88571",
    transcript_path: "/h/.gemini/tmp/proj/chats/session-2026-11-26T16-37-16529ce6.jsonl",
    cwd: "/h/proj",
    timestamp: "2026-11-26T16:37:09.172Z",
  };
  const effect = (event: Record<string, unknown>) => geminiHookEffect({ ...base, ...event });
  deepStrictEqual(effect({ hook_event_name: "SessionStart", source: "startup" }), {
    event: "SessionStart",
    lifecycle: "start",
    session: { id: base.session_id, transcriptPath: base.transcript_path, source: "startup" },
  });
  const states = [
    { hook_event_name: "BeforeAgent", prompt: "touch the file" },
    {
      hook_event_name: "BeforeTool",
      tool_name: "run_shell_command",
      tool_input: { command: "touch weft-x.txt", description: "Touch a file" },
    },
    {
      hook_event_name: "Notification",
      notification_type: "ToolPermission",
      message: "Tool Confirm Shell Command requires execution",
      details: {
        type: "exec",
        title: "Confirm Shell Command",
        command: "touch weft-x.txt",
        rootCommand: "touch",
      },
    },
    { hook_event_name: "AfterTool", tool_name: "run_shell_command" },
    { hook_event_name: "AfterAgent", prompt: "x", prompt_response: "y", stop_hook_active: false },
    { hook_event_name: "SessionEnd", reason: "exit" },
  ].map((e) => {
    const out = effect(e);
    return "state" in out ? [out.state, out.message ?? null, out.kind ?? null] : out;
  });
  deepStrictEqual(states, [
    ["working", null, null],
    ["working", "run_shell_command: touch weft-x.txt", null],
    ["blocked", "Shell: touch weft-x.txt", "permission"],
    ["working", null, null],
    ["idle", null, null],
    ["exited", "exit", null],
  ]);
  // A /clear ends one session and starts the next: not an exit.
  const clear = effect({ hook_event_name: "SessionEnd", reason: "clear" });
  ok(!("error" in clear) && clear.state === undefined && clear.lifecycle === undefined);
  ok("error" in geminiHookEffect([]));
  ok("error" in geminiHookEffect({ hook_event_name: "no spaces allowed" }));
});

Deno.test("gemini hooks: settings entries post to the Gemini path with the shared command", () => {
  ok(GEMINI_HOOK_COMMAND.includes(`POST ${GEMINI_HOOK_PATH} `));
  ok(GEMINI_HOOK_COMMAND.includes(`$WEFT_HTTP${GEMINI_HOOK_PATH}"`));
  ok(!GEMINI_HOOK_COMMAND.includes("/hooks/claude-code"));
  const hooks = geminiHooks();
  deepStrictEqual(Object.keys(hooks).sort(), [
    "AfterAgent",
    "AfterTool",
    "BeforeAgent",
    "BeforeTool",
    "Notification",
    "SessionEnd",
    "SessionStart",
  ]);
  strictEqual(hooks.BeforeTool![0]!.hooks[0]!.command, GEMINI_HOOK_COMMAND);
  strictEqual(vendorOf("gemini")?.hooks?.route, GEMINI_HOOK_PATH);
});

Deno.test("gemini: recognised as typed, through npx and as node runs it; resumed by its id", () => {
  const script = "/c/npm/registry.npmjs.org/@google/gemini-cli/0.61.0/bundle/gemini.js";
  for (
    const argv of [
      ["gemini"],
      ["npx", "@google/gemini-cli"],
      ["npx", "-y", "@google/gemini-cli@0.61.0", "--model", "flash"],
      ["node", script],
      ["/usr/bin/node", "--max-old-space-size=8192", script],
      ["node", "/tmp/x/bin/gemini"],
    ]
  ) strictEqual(guessAgentKind(argv), "gemini", argv.join(" "));

  const resume = (args: string[], target: ResumeTarget) =>
    vendorOf("gemini")!.resume!(args, target)?.join(" ");
  const id = "16529ce6-944a-41b3-9310-e6ab69d88571";
  strictEqual(
    resume(["--model", "flash", "--approval-mode", "default", "fix it"], { session: id }),
    `--resume ${id} --model flash --approval-mode default`,
  );
  strictEqual(resume(["-r", "latest"], { session: id }), `--resume ${id}`);
  strictEqual(
    resume(["-i", "first prompt", "-m", "pro"], { latest: true }),
    "--resume latest -m pro",
  );
  strictEqual(
    resume(["--include-directories", "a", "b"], { none: true }),
    "--include-directories a b",
  );
  strictEqual(resume(["-p", "once"], { session: id }), undefined);
  strictEqual(resume(["mcp", "list"], { session: id }), undefined);
  strictEqual(resume(["--list-sessions"], { session: id }), undefined);
});

Deno.test("gemini hand-over: after a tool and at a turn's end, never at a continued end", () => {
  const h = vendorOf("gemini")!.hooks!.handover!;
  deepStrictEqual(h.point({ hook_event_name: "AfterTool", tool_name: "run_shell_command" }), {
    point: "tool",
    event: "AfterTool",
  });
  deepStrictEqual(h.point({ hook_event_name: "AfterAgent", stop_hook_active: false }), {
    point: "stop",
  });
  strictEqual(h.point({ hook_event_name: "AfterAgent", stop_hook_active: true }), undefined);
  deepStrictEqual(h.point({ hook_event_name: "BeforeAgent", prompt: "hi" }), {
    point: "prompt",
    prompt: "hi",
  });
  strictEqual(h.point({ hook_event_name: "BeforeTool" }), undefined);
  deepStrictEqual(h.answer({ point: "tool", event: "AfterTool" }, "m"), {
    hookSpecificOutput: { hookEventName: "AfterTool", additionalContext: "m" },
  });
  deepStrictEqual(h.answer({ point: "stop" }, "m"), { decision: "deny", reason: "m" });
  deepStrictEqual(vendorOf("gemini")!.deliver, ["hook", "typed"]);
});

Deno.test("gemini prompt: its placeholder is empty, a draft is read, the transcript is not", () => {
  strictEqual(promptDraft("gemini", IDLE), "");
  const typed = IDLE.map((r) => r.replace("  Type your message or @path/to/file", "fix the tests"));
  strictEqual(promptDraft("gemini", typed), "fix the tests");
  const tall = [
    ...IDLE.slice(0, -4),
    " > [message from a] fix",
    "   the tests",
    ...FOOTER.slice(-3),
  ];
  strictEqual(promptDraft("gemini", tall), "[message from a] fix\nthe tests");
  ok(promptHolds("gemini", "[message from a] fix\nthe tests", "[message from a] fix the tests"));
  const yolo = IDLE.map((r) => r.replace(" >   Type", " *   Type"));
  strictEqual(promptDraft("gemini", yolo), "");
  // A dialog up: no prompt box to read.
  strictEqual(promptDraft("gemini", DIALOG), undefined);
});

Deno.test("gemini settings: the project's .gemini/settings.json, the user's ~/.gemini/settings.json", () => {
  const file = vendorOf("gemini")!.hooks!.settings!;
  deepStrictEqual([file.user((n) => ({ HOME: "/h" })[n]), file.project?.[0]], [
    "/h/.gemini/settings.json",
    ".gemini/settings.json",
  ]);
  throws(() => file.install("{ // comment\n}"), HookFileError);
});

const geminiUser = JSON.stringify(
  {
    ui: { theme: "dark" },
    hooks: {
      AfterTool: [{ matcher: "write_file", hooks: [{ type: "command", command: "prettier" }] }],
      Custom: "left alone",
    },
  },
  null,
  4,
);

Deno.test("Gemini settings: weft's entries go in beside the user's, once, and out exactly", () => {
  const file = vendorOf("gemini")!.hooks!.settings!;
  strictEqual(file.status(geminiUser), "missing");
  const text = file.install(geminiUser);
  strictEqual(file.status(text), "installed");
  strictEqual(file.install(text), text, "installing twice is installing once");
  const hooks = JSON.parse(text).hooks;
  for (const [event, groups] of Object.entries(geminiHooks())) {
    const commands = hooks[event].flatMap((g: { hooks: { command: string }[] }) =>
      g.hooks.map((h) => h.command)
    );
    strictEqual(commands.filter((c: string) => c === groups[0]!.hooks[0]!.command).length, 1);
  }
  deepStrictEqual(hooks.AfterTool[0], JSON.parse(geminiUser).hooks.AfterTool[0]);
  strictEqual(hooks.Custom, "left alone");
  const out = file.uninstall(text);
  strictEqual(out.removed, Object.keys(geminiHooks()).length);
  deepStrictEqual(JSON.parse(out.text!), JSON.parse(geminiUser));
  deepStrictEqual(file.uninstall(geminiUser), { text: geminiUser, removed: 0 });
  // A file that held only weft's hooks goes with them.
  strictEqual(file.uninstall(file.install(undefined)).text, undefined);
  // One entry changed by hand (an older weft's): outdated, and install brings it back.
  const old = JSON.parse(text);
  old.hooks.AfterAgent.at(-1).hooks[0].command = "curl old # weft hooks";
  strictEqual(file.status(JSON.stringify(old)), "outdated");
  strictEqual(file.install(JSON.stringify(old)), text);
});

Deno.test("gemini screens: the thinking footer, the idle prompt, and the prompt a denied approval ends on", () => {
  deepStrictEqual(screenState("gemini", ["⠏ Thinking… (esc to cancel, 3s)"]), { state: "working" });
  deepStrictEqual(screenState("gemini", ["> Type your message or @path/to/file"]), {
    state: "idle",
  });
  // "No" or Esc on its approval runs no hook: its screen is what says the turn is over.
  deepStrictEqual(
    screenState("gemini", [
      "ℹ Request cancelled.",
      "",
      "  ? for shortcuts",
      " > Type your message",
    ]),
    { state: "idle" },
  );
  for (
    const line of [
      "gemini",
      "npx @google/gemini-cli",
      "node /usr/lib/node_modules/@google/gemini-cli/dist/index.js",
    ]
  ) strictEqual(guessAgentKind(line.split(" ")), "gemini", line);
});

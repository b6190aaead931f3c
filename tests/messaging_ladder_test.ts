// The delivery ladder's first rung with the real Claude Code TUI (pinned) against the mock
// Messages API, its hooks installed (`weft hooks install`) and its status protocol off, so its
// state comes from the hooks. A message that arrives while Claude works is handed over in its
// hook's answer: after the current tool (PostToolUse), or when it is about to stop (Stop), and
// nothing is typed into its prompt. A Stop that a hook already continued gets no message (the
// loop guard): that message waits for the agent to be idle and is typed.
import { deepStrictEqual, match, ok, strictEqual } from "node:assert/strict";
import { claudeUnavailable } from "./helpers/claude_code.ts";
import { startClaude } from "./helpers/claude_pane.ts";
import {
  held,
  type MessagesRequest,
  mockAnthropic,
  text,
  toolUse,
} from "./helpers/mock_anthropic.ts";
import { eventually } from "./helpers/poll.ts";
import { E2E, type ServerFixture, withServer } from "./helpers/server.ts";
import { promptDraft } from "../protocols/agents/mod.ts";
import { weft } from "../main.ts";

const ignore = claudeUnavailable() !== undefined;
const TIMEOUT = 60_000;

/** A gate the mock waits on: `open()` lets its turn through. */
function gate() {
  let open!: () => void;
  const promise = new Promise<void>((r) => (open = r));
  return { promise, open };
}

/** Every text a request's last user turn holds (tool results' included), flattened. */
function lastUser(body: MessagesRequest): string {
  const last = body.messages.findLast((m) => m.role === "user");
  if (typeof last?.content === "string") return last.content;
  return (last?.content ?? []).map((b) => {
    if (typeof b.text === "string") return b.text;
    if (typeof b.content === "string") return b.content;
    if (Array.isArray(b.content)) {
      return (b.content as { text?: string }[]).map((c) => c.text ?? "").join("\n");
    }
    return "";
  }).join("\n");
}

/** The texts a human (or weft typing) submitted as prompts, in every request. */
function prompts(api: { conversation(): MessagesRequest[] }): string[] {
  const out = new Set<string>();
  for (const r of api.conversation()) {
    for (const m of r.messages) {
      if (m.role !== "user") continue;
      const blocks = typeof m.content === "string"
        ? [{ type: "text", text: m.content }]
        : m.content;
      for (const b of blocks) {
        const t = typeof b.text === "string" ? b.text : "";
        const hooked = t.startsWith("<system-reminder>") || t.startsWith("Stop hook feedback");
        if (b.type === "text" && !hooked) out.add(t);
      }
    }
  }
  return [...out];
}

async function installHooks(fx: ServerFixture) {
  const out: string[] = [];
  const code = await weft(["hooks", "install", "--agent", "claude", "--dir", fx.dir], {
    out: (t) => out.push(t),
    err: (t) => out.push(t),
    cwd: fx.dir,
    env: (name) => Deno.env.get(name),
  });
  strictEqual(code, 0, out.join(""));
}

/** Claude Code in a pane, told `prompt`, its Bash calls allowed; waits for it to work (hooks). */
async function claudeAt(fx: ServerFixture, url: string, prompt: string): Promise<string> {
  await installHooks(fx);
  const pane = await startClaude(fx, {
    baseUrl: url,
    prompt,
    settings: { permissions: { allow: ["Bash"] } },
  });
  await eventually("the hooks to report working", async () => {
    const s = await fx.client.call<{ state: string; stateSource: string }>("pane.status", { pane });
    return s.state === "working" && s.stateSource === "hook";
  }, { timeoutMs: TIMEOUT });
  return pane;
}

async function draft(fx: ServerFixture, pane: string): Promise<string | undefined> {
  const { text } = await fx.client.call<{ text: string }>("pane.read", { pane });
  return promptDraft("claude", text.split("\n"));
}

async function send(fx: ServerFixture, pane: string, content: string) {
  return await fx.client.call<{ message_id: string; delivery?: { via: string }[] }>(
    "message.send",
    { to: pane, content },
  );
}

/** How the message reached its one recipient, as its sender sees it with message.get. */
async function via(fx: ServerFixture, id: string): Promise<string | undefined> {
  const m = await fx.client.call<{ receipts: { delivered_via?: string }[] }>("message.get", {
    id,
  });
  return m.receipts[0]?.delivered_via;
}

/**
 * Waits until the message is read `hook`: a hand-over is marked read once the agent's
 * transcript shows it took it, a moment after the agent went on.
 */
async function handedOver(fx: ServerFixture, id: string): Promise<void> {
  await eventually("delivered_via hook", async () => await via(fx, id) === "hook", {
    timeoutMs: TIMEOUT,
  });
}

Deno.test({
  name:
    "ladder: a message to Claude Code at work is in its next request after the current tool, nothing typed",
  ignore,
  ...E2E,
}, async () => {
  await withServer(async (fx) => {
    const first = gate();
    await using api = await mockAnthropic([
      held(first.promise, toolUse("Bash", { command: "echo step-one", description: "one" })),
      toolUse("Bash", { command: "echo step-two", description: "two" }),
      toolUse("Bash", { command: "echo step-three", description: "three" }),
      text("All three steps done."),
    ]);
    const pane = await claudeAt(fx, api.url, "run the three steps");
    const reports: { status: string; ids: string[] }[] = [];
    await fx.client.subscribe({ topics: ["message.delivery"] }, (event) => {
      reports.push(event.data as { status: string; ids: string[] });
    });
    const sent = await send(fx, pane, "please also look at b.ts");
    deepStrictEqual(sent.delivery?.map((d) => d.via), ["hook"]);
    first.open();
    await fx.client.call("pane.wait", { pane, match: "All three steps done", timeout: TIMEOUT });
    const requests = api.conversation();
    strictEqual(requests.length, 4, "one request per step and the end");
    // The request right after step one carries the message with that tool's result.
    match(
      lastUser(requests[1]!),
      /step-one[\s\S]*\[message from human\] please also look at b\.ts/,
    );
    for (const r of [requests[2]!, requests[3]!]) ok(!lastUser(r).includes("please also look"));
    // Nothing was typed: no prompt but the first, and the input line is empty.
    deepStrictEqual(prompts(api).filter((p) => p.includes("please also")), []);
    strictEqual(await draft(fx, pane), "");
    await handedOver(fx, sent.message_id);
    deepStrictEqual(reports, [{ ...reports[0], status: "hook", ids: [sent.message_id] }]);
  });
});

Deno.test({
  name:
    "ladder: a message at the end of Claude Code's turn continues the turn through its Stop hook",
  ignore,
  ...E2E,
}, async () => {
  await withServer(async (fx) => {
    const first = gate();
    await using api = await mockAnthropic([
      held(first.promise, text("First answer.")),
      text("Looked at the message too."),
    ]);
    const pane = await claudeAt(fx, api.url, "say something");
    const sent = await send(fx, pane, "one more thing: c.ts");
    first.open();
    await fx.client.call("pane.wait", { pane, match: "Looked at the message", timeout: TIMEOUT });
    const requests = api.conversation();
    strictEqual(requests.length, 2);
    match(
      lastUser(requests[1]!),
      /Stop hook feedback:\s*\[message from human\] one more thing: c\.ts/,
    );
    deepStrictEqual(prompts(api).filter((p) => p.includes("one more thing")), []);
    await handedOver(fx, sent.message_id);
    await eventually("idle from the hooks", async () => {
      const s = await fx.client.call<{ state: string }>("pane.status", { pane });
      return s.state === "idle";
    }, { timeoutMs: TIMEOUT });
  });
});

Deno.test({
  name:
    "ladder: a Stop that a hook already continued takes no message (no loop); it is typed once idle",
  ignore,
  ...E2E,
}, async () => {
  await withServer(async (fx) => {
    const first = gate();
    const second = gate();
    await using api = await mockAnthropic([
      held(first.promise, text("First answer.")),
      held(second.promise, text("Answered the first message.")),
      text("Answered the second message."),
    ]);
    const pane = await claudeAt(fx, api.url, "say something");
    const one = await send(fx, pane, "message number one");
    first.open();
    await eventually("the continued turn", () => api.conversation().length === 2, {
      timeoutMs: TIMEOUT,
    });
    // Arrives while the continued turn runs: its Stop has stop_hook_active and gets nothing.
    const two = await send(fx, pane, "message number two");
    second.open();
    await fx.client.call("pane.wait", {
      pane,
      match: "Answered the second message",
      timeout: TIMEOUT,
    });
    const requests = api.conversation();
    strictEqual(requests.length, 3);
    match(
      lastUser(requests[1]!),
      /Stop hook feedback:\s*\[message from human\] message number one/,
    );
    match(lastUser(requests[2]!), /\[message from human\] message number two/);
    ok(!lastUser(requests[2]!).includes("Stop hook feedback"), lastUser(requests[2]!));
    await handedOver(fx, one.message_id);
    await eventually(
      "message two marked typed",
      async () => (await via(fx, two.message_id)) === "typed",
      { timeoutMs: TIMEOUT },
    );
    // Typed once: one user turn of the last request carries it.
    const last = api.conversation().at(-1)!;
    const turns = last.messages.filter((m) =>
      m.role === "user" && JSON.stringify(m.content).includes("message number two")
    );
    strictEqual(turns.length, 1);
  });
});

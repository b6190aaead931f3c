// The delivery ladder's first rung with the real Gemini CLI TUI (pinned npm 0.61.0) against the
// mock Gemini API, weft's hooks in its settings: a message that arrives while it works is handed
// over in its AfterTool hook's answer (additionalContext, appended to the tool's result in its
// very next request), one that arrives at the end of its turn in its AfterAgent hook's answer
// (deny with the message as the reason: the turn goes on with it as a new prompt), and nothing
// is typed into its prompt; one that arrives while it is idle is typed into its empty prompt
// and submitted, once.
import { deepStrictEqual, match, ok, strictEqual } from "node:assert/strict";
import { geminiUnavailable } from "./helpers/gemini.ts";
import { startGemini, submitPrompt } from "./helpers/gemini_pane.ts";
import { type GenerateRequest, held, mockGemini, text, toolUse } from "./helpers/mock_gemini.ts";
import { eventually } from "./helpers/poll.ts";
import { E2E, type ServerFixture, withServer } from "./helpers/server.ts";

const TIMEOUT = 60_000;

function gate() {
  let open!: () => void;
  const promise = new Promise<void>((r) => (open = r));
  return { promise, open };
}

/** Everything the last user content of a request holds (texts and function responses). */
function lastUser(body: GenerateRequest): string {
  const last = body.contents.findLast((c) => c.role === "user");
  return (last?.parts ?? []).map((p) =>
    typeof p.text === "string" ? p.text : JSON.stringify(p.functionResponse ?? "")
  ).join("\n");
}

async function send(fx: ServerFixture, pane: string, content: string) {
  return await fx.client.call<{ message_id: string; delivery?: { via: string }[] }>(
    "message.send",
    { to: pane, content },
  );
}

async function via(fx: ServerFixture, id: string): Promise<string | undefined> {
  const m = await fx.client.call<{ receipts: { delivered_via?: string }[] }>("message.get", {
    id,
  });
  return m.receipts[0]?.delivered_via;
}

async function working(fx: ServerFixture, pane: string) {
  await eventually("the hooks to report working", async () => {
    const s = await fx.client.call<{ state: string; stateSource: string }>("pane.status", { pane });
    return s.state === "working" && s.stateSource === "hook";
  }, { timeoutMs: TIMEOUT });
}

Deno.test({
  name:
    "gemini ladder: handed over after a tool and at the turn's end (nothing typed); typed once when idle",
  ignore: geminiUnavailable() !== undefined,
  ...E2E,
}, async () => {
  await withServer(async (fx) => {
    const first = gate();
    const last = gate();
    await using api = await mockGemini([
      held(first.promise, toolUse("run_shell_command", { command: "echo step-one" })),
      toolUse("run_shell_command", { command: "echo step-two" }),
      held(last.promise, text("Both steps done.")),
      text("Looked at the second message too."),
      text("Read the third one."),
    ]);
    const { pane } = await startGemini(fx, { baseUrl: api.url, args: ["--approval-mode", "yolo"] });
    await submitPrompt(fx.client, pane, "run the two steps");
    await working(fx, pane);

    const one = await send(fx, pane, "please also look at b.ts");
    deepStrictEqual(one.delivery?.map((d) => d.via), ["hook"]);
    first.open();
    await eventually("the turn's last request", () => api.conversation().length >= 3, {
      timeoutMs: TIMEOUT,
    });
    // While the last answer is held: this one goes with the turn's end (AfterAgent).
    const two = await send(fx, pane, "one more thing: c.ts");
    last.open();
    await fx.client.call("pane.wait", { pane, match: "Looked at the second", timeout: TIMEOUT });

    const requests = api.conversation();
    strictEqual(requests.length, 4, requests.map(lastUser).join("\n---\n"));
    // The request right after step one carries the first message with that tool's result.
    match(
      lastUser(requests[1]!),
      /step-one[\s\S]*\[message from human\] please also look at b\.ts/,
    );
    ok(!lastUser(requests[2]!).includes("please also look"), lastUser(requests[2]!));
    // The turn went on with the second message as its prompt.
    match(lastUser(requests[3]!), /\[message from human\] one more thing: c\.ts/);
    // Read `hook` once its transcript shows the agent took it (a moment after it went on).
    for (const m of [one, two]) {
      await eventually("delivered_via hook", async () => (await via(fx, m.message_id)) === "hook", {
        timeoutMs: TIMEOUT,
      });
    }
    // Nothing typed: the prompt line is empty again, the messages are no typed prompts.
    const { text: screen } = await fx.client.call<{ text: string }>("pane.read", { pane });
    ok(screen.includes("Type your message"), screen);
    ok(!/^\s*[>*]\s.*(please also|one more thing)/m.test(screen), screen);

    // Idle (AfterAgent): the next rung, typed into its empty prompt and submitted, once.
    await eventually("idle from the hooks", async () => {
      const s = await fx.client.call<{ state: string }>("pane.status", { pane });
      return s.state === "idle";
    }, { timeoutMs: TIMEOUT });
    const three = await send(fx, pane, "a third note: d.ts");
    await fx.client.call("pane.wait", { pane, match: "Read the third one", timeout: TIMEOUT });
    await eventually(
      "the third marked typed",
      async () => (await via(fx, three.message_id)) === "typed",
      {
        timeoutMs: TIMEOUT,
      },
    );
    const all = api.conversation();
    strictEqual(all.length, 5);
    match(lastUser(all[4]!), /\[message from human\] a third note: d\.ts/);
    // Once: the last request's whole history holds it in one user turn.
    const turns = api.prompts(all[4]!).filter((t) => t.includes("a third note"));
    strictEqual(turns.length, 1, turns.join(" | "));
  });
});

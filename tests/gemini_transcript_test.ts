// A hand-over to the Gemini CLI (pinned npm 0.61.0, against the mock Gemini API, weft's hooks in
// its settings) is read only once the CLI's own transcript (its chat recording, the file its
// hooks name) shows it took it. Here the AfterTool hook's answer never reaches the CLI (its
// output is thrown away on the way, as a hook that timed out would lose it): the message stays
// unread ("handing") while the turn goes on without it, and once the turn has ended it waits
// again and is typed into the idle prompt, once. A message handed over by the AfterAgent hook
// (with <, > and &) becomes the next prompt and is read "hook". Without the Gemini CLI's
// transcript format (protocols/agents/gemini.ts) the lost one is read "hook" at once and never
// reaches the agent.
import { deepStrictEqual, match, ok, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { geminiHooks } from "../protocols/agents/gemini.ts";
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

/** weft's hooks, but what the AfterTool hook prints (its answer) goes nowhere. */
function lostToolAnswers() {
  const hooks = geminiHooks();
  for (const group of hooks.AfterTool!) {
    for (const hook of group.hooks) hook.command = `(${hook.command}\n) >/dev/null`;
  }
  return hooks;
}

/** Everything the last user content of a request holds (texts and function responses). */
function lastUser(body: GenerateRequest): string {
  const last = body.contents.findLast((c) => c.role === "user");
  return (last?.parts ?? []).map((p) =>
    typeof p.text === "string" ? p.text : JSON.stringify(p.functionResponse ?? "")
  ).join("\n");
}

async function receipt(fx: ServerFixture, id: string) {
  const m = await fx.client.call<
    { receipts: { read: boolean; delivery?: string; delivered_via?: string }[] }
  >("message.get", { id });
  return m.receipts[0]!;
}

Deno.test({
  name: "gemini transcript: a hand-over the CLI never got stays unread and is typed after the turn",
  ignore: geminiUnavailable() !== undefined,
  ...E2E,
}, async () => {
  await withServer(async (fx) => {
    const first = gate();
    const second = gate();
    await using api = await mockGemini([
      held(first.promise, toolUse("run_shell_command", { command: "echo step-one" })),
      held(second.promise, text("Done with the step.")),
      text("Took the stop note."),
      text("Read the lost note."),
    ]);
    const { pane } = await startGemini(fx, {
      baseUrl: api.url,
      args: ["--approval-mode", "yolo"],
      install: async (env) => {
        const file = join(env.HOME!, ".gemini", "settings.json");
        const settings = JSON.parse(await Deno.readTextFile(file));
        await Deno.writeTextFile(file, JSON.stringify({ ...settings, hooks: lostToolAnswers() }));
      },
    });
    await submitPrompt(fx.client, pane, "run the step");
    await eventually("the hooks to report working", async () => {
      const s = await fx.client.call<{ state: string; stateSource: string }>("pane.status", {
        pane,
      });
      return s.state === "working" && s.stateSource === "hook";
    }, { timeoutMs: TIMEOUT });
    const lost = await fx.client.call<{ message_id: string; delivery?: { via: string }[] }>(
      "message.send",
      { to: pane, content: "the lost note: e.ts" },
    );
    deepStrictEqual(lost.delivery?.map((d) => d.via), ["hook"]);
    first.open();
    // The request after the step (held): AfterTool has run, its answer went nowhere.
    await eventually("the request after the step", () => api.conversation().length >= 2, {
      timeoutMs: TIMEOUT,
    });
    const after = lastUser(api.conversation()[1]!);
    ok(after.includes("step-one") && !after.includes("the lost note"), after);
    // Handed to the hook, not in the CLI's transcript: not read.
    const under = await receipt(fx, lost.message_id);
    strictEqual(under.read, false, JSON.stringify(under));
    strictEqual(under.delivery, "handing");
    // This one goes with the AfterAgent hook when the held answer ends the turn.
    const stop = await fx.client.call<{ message_id: string }>("message.send", {
      to: pane,
      content: `one more <thing> & "c.ts"`,
    });
    second.open();
    await fx.client.call("pane.wait", { pane, match: "Took the stop note.", timeout: TIMEOUT });
    await eventually("the stop note read hook", async () => {
      return (await receipt(fx, stop.message_id)).delivered_via === "hook";
    }, { timeoutMs: TIMEOUT });
    // The turn over, the lost one waits again and is typed into the idle prompt.
    await fx.client.call("pane.wait", { pane, match: "Read the lost note.", timeout: TIMEOUT });
    await eventually("the lost note read typed", async () => {
      return (await receipt(fx, lost.message_id)).delivered_via === "typed";
    }, { timeoutMs: TIMEOUT });
    const requests = api.conversation();
    strictEqual(requests.length, 4, requests.map(lastUser).join("\n---\n"));
    match(lastUser(requests[2]!), /\[message from human\] one more <thing> & "c\.ts"/);
    ok(!lastUser(requests[2]!).includes("the lost note"));
    const typed = api.prompts(requests[3]!).filter((t) => t.includes("the lost note"));
    deepStrictEqual(typed, ["[message from human] the lost note: e.ts"]);
  });
});

// A hand-over to the Codex CLI (pinned npm build, against the mock Responses API, its hooks
// installed and trusted) is read only once Codex's own transcript (its rollout, the file its
// hooks name) shows Codex took it. Here the PostToolUse hook's answer never reaches Codex (its
// output is thrown away on the way, as a hook that timed out would lose it): the message stays
// unread ("handing") while the turn goes on without it, and once the turn has ended it waits
// again and is typed into the idle prompt, once. A message handed over by the Stop hook (with
// <, > and &, which Codex escapes in its rollout) is in the next request and read "hook".
// Without Codex's transcript format (protocols/agents/codex.ts) the lost one is read "hook" at
// once and never reaches Codex.
import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { codexHooksToml } from "../protocols/agents/codex.ts";
import { codexUnavailable } from "./helpers/codex.ts";
import { cleanCodex, codexPane, codexSubmit } from "./helpers/codex_pane.ts";
import { held, mockOpenAI, prompts, shell, text } from "./helpers/mock_openai.ts";
import { waitForText } from "./helpers/panes.ts";
import { eventually } from "./helpers/poll.ts";
import { E2E, type ServerFixture, withServer } from "./helpers/server.ts";

const TIMEOUT = 60_000;

function gate() {
  let open!: () => void;
  const promise = new Promise<void>((r) => (open = r));
  return { promise, open };
}

/** weft's hooks, but what PostToolUse's hook prints (its answer) goes nowhere. */
function lostToolAnswers(): string {
  return codexHooksToml().split("\n\n").map((table) =>
    table.startsWith("[[hooks.PostToolUse]]")
      ? table.replace(
        /^command = (".*")$/m,
        (_, cmd) => `command = ${JSON.stringify(`(${JSON.parse(cmd)}\n) >/dev/null`)}`,
      )
      : table
  ).join("\n\n");
}

async function receipt(fx: ServerFixture, id: string) {
  const m = await fx.client.call<
    { receipts: { read: boolean; delivery?: string; delivered_via?: string }[] }
  >("message.get", { id });
  return m.receipts[0]!;
}

Deno.test({
  name: "codex transcript: a hand-over Codex never got stays unread and is typed after the turn",
  ignore: codexUnavailable() !== undefined,
  ...E2E,
}, async () => {
  const first = gate();
  const second = gate();
  await using api = await mockOpenAI([
    held(first.promise, shell("echo step-one")),
    held(second.promise, text("Done with the step.")),
    text("Took the stop note."),
    text("Read the lost note."),
  ]);
  let env: Record<string, string> = {};
  try {
    await withServer(async (fx) => {
      const started = await codexPane(fx.client, {
        baseUrl: api.url,
        dir: fx.dir,
        hooks: async (e) => {
          const config = join(e.CODEX_HOME!, "config.toml");
          await Deno.writeTextFile(config, `\n${lostToolAnswers()}`, { append: true });
        },
        args: ["-a", "never", "-s", "danger-full-access"],
      });
      env = started.env;
      const { pane } = started;
      await codexSubmit(fx.client, pane, "run the step", () => api.played >= 1);
      await eventually("the hooks to report working", async () => {
        const s = await fx.client.call("pane.status", { pane });
        return s.state === "working" && s.stateSource === "hook";
      }, { timeoutMs: TIMEOUT });
      const lost = await fx.client.call<{ message_id: string; delivery?: { via: string }[] }>(
        "message.send",
        { to: pane, content: "the lost note: e.ts" },
      );
      deepStrictEqual(lost.delivery?.map((d) => d.via), ["hook"]);
      first.open();
      // The request after the step (held): PostToolUse has run, its answer went nowhere.
      await eventually("the request after the step", () => api.conversation().length >= 2, {
        timeoutMs: TIMEOUT,
      });
      ok(!JSON.stringify(api.conversation()[1]!.input).includes("the lost note"));
      // Handed to the hook, not in Codex's transcript: not read.
      const under = await receipt(fx, lost.message_id);
      strictEqual(under.read, false, JSON.stringify(under));
      strictEqual(under.delivery, "handing");
      // This one goes with the Stop hook when the held answer ends the turn.
      const stop = await fx.client.call<{ message_id: string }>("message.send", {
        to: pane,
        content: `one more <thing> & "c.ts"`,
      });
      second.open();
      await waitForText(fx.client, { pane, match: "Took the stop note.", timeout: TIMEOUT });
      await eventually("the stop note read hook", async () => {
        return (await receipt(fx, stop.message_id)).delivered_via === "hook";
      }, { timeoutMs: TIMEOUT });
      // The turn over, the lost one waits again and is typed into the idle prompt.
      await waitForText(fx.client, { pane, match: "Read the lost note.", timeout: TIMEOUT });
      await eventually("the lost note read typed", async () => {
        return (await receipt(fx, lost.message_id)).delivered_via === "typed";
      }, { timeoutMs: TIMEOUT });
      const requests = api.conversation();
      strictEqual(requests.length, 4);
      ok(JSON.stringify(requests[2]!.input).includes("one more &lt;thing&gt; &amp;"));
      ok(!JSON.stringify(requests[2]!.input).includes("the lost note"));
      const typed = prompts(requests[3]!).filter((t) => t.includes("the lost note"));
      deepStrictEqual(typed, ["[message from human] the lost note: e.ts"]);
    });
  } finally {
    await cleanCodex(env);
  }
});

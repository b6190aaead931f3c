// A message to an idle Codex CLI pane (pinned npm build, against the mock Responses API, its
// hooks installed and trusted; idle as its Stop hook said) has no hook to go through: it is
// typed into Codex's empty prompt and submitted, once. The vendor's prompt facts (protocols/agents/codex.ts: no rules, `› `,
// a status row under it) are what find the prompt empty and then holding the text.
import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { codexUnavailable } from "./helpers/codex.ts";
import { cleanCodex, codexPane, codexSubmit } from "./helpers/codex_pane.ts";
import { mockOpenAI, prompts, text } from "./helpers/mock_openai.ts";
import { waitForText } from "./helpers/panes.ts";
import { eventually } from "./helpers/poll.ts";
import { E2E, withServer } from "./helpers/server.ts";
import { promptDraft } from "../protocols/agents/mod.ts";

const TIMEOUT = 60_000;

Deno.test({
  name: "codex: a message to an idle Codex is typed into its prompt and sent, once",
  ignore: codexUnavailable() !== undefined,
  ...E2E,
}, async () => {
  await using api = await mockOpenAI([text("First done."), text("Read the note.")]);
  let env: Record<string, string> = {};
  try {
    await withServer(async (fx) => {
      const started = await codexPane(fx.client, { baseUrl: api.url, dir: fx.dir, hooks: true });
      env = started.env;
      const { pane } = started;
      const screen = async () => (await fx.client.call("pane.read", { pane })).text as string;
      // Typed only into an agent whose idle its hooks said (Stop, at a turn's end).
      await codexSubmit(fx.client, pane, "start", () => api.played >= 1);
      await eventually("idle from its Stop hook", async () => {
        const s = await fx.client.call("pane.status", { pane });
        return s.state === "idle" && s.stateSource === "hook";
      }, { timeoutMs: TIMEOUT, detail: screen });
      // The vendor's facts read its empty prompt (a placeholder) on the live screen.
      await eventually("Codex's empty prompt read", async () => {
        return promptDraft("codex", (await screen()).split("\n")) === "";
      }, { timeoutMs: TIMEOUT, detail: screen });
      const sent = await fx.client.call<{ message_id: string }>("message.send", {
        to: pane,
        content: "please look at c.ts",
      });
      const got = await eventually("the receipt", async () => {
        const m = await fx.client.call<{ receipts: { delivered_via?: string }[] }>(
          "message.get",
          { id: sent.message_id },
        );
        return m.receipts[0]?.delivered_via;
      }, { timeoutMs: TIMEOUT, detail: screen });
      strictEqual(got, "typed");
      await waitForText(fx.client, { pane, match: "Read the note.", timeout: TIMEOUT });
      const requests = api.conversation();
      strictEqual(requests.length, 2);
      const turns = prompts(requests[1]!).filter((t) => t.includes("please look at c.ts"));
      deepStrictEqual(turns, ["[message from human] please look at c.ts"]);
      // Nothing left in the prompt.
      await eventually("the prompt empty again", async () => {
        return promptDraft("codex", (await screen()).split("\n")) === "";
      }, { timeoutMs: TIMEOUT, detail: screen });
      ok(!prompts(requests[0]!).some((t) => t.includes("c.ts")));
    });
  } finally {
    await cleanCodex(env);
  }
});

// The real Codex CLI (pinned npm build, against the project's mock Responses API) with weft's
// hooks in its config, trusted through its own start-up review (answered with pane.answer):
// its state comes from its hooks through working → blocked on an approval → working → idle;
// the approval is listed by pane.needs and answered with pane.answer (the "Needs you" path);
// the pane knows Codex's session id (the one Codex sends the API) and list_agents shows it as
// a codex pane with its state.
import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { codexUnavailable } from "./helpers/codex.ts";
import { cleanCodex, codexPane, codexSubmit } from "./helpers/codex_pane.ts";
import { held, mockOpenAI, shell, text } from "./helpers/mock_openai.ts";
import { waitForText } from "./helpers/panes.ts";
import { eventually } from "./helpers/poll.ts";
import { E2E, withServer } from "./helpers/server.ts";
import type { Need } from "../protocols/bus/records.ts";

const TIMEOUT = 60_000;

interface Status {
  agent: string;
  state: string;
  stateSource: string;
  stateMessage?: string | null;
  agentSession: { id: string; transcriptPath: string | null } | null;
}

Deno.test({
  name: "codex: hooks give its state, working → blocked → working → idle; approved by pane.answer",
  ignore: codexUnavailable() !== undefined,
  ...E2E,
}, async () => {
  let thinkOver!: () => void;
  let touchOver!: () => void;
  await using api = await mockOpenAI([
    held(new Promise((r) => (thinkOver = () => r(undefined))), text("Thought it over.")),
    shell("touch weft-codex.txt", { escalate: "May I touch weft-codex.txt?" }),
    held(new Promise((r) => (touchOver = () => r(undefined))), text("Touched it.")),
  ]);
  let env: Record<string, string> = {};
  try {
    await withServer(async (fx) => {
      const started = await codexPane(fx.client, { baseUrl: api.url, dir: fx.dir, hooks: true });
      env = started.env;
      const { pane } = started;
      const status = () => fx.client.call<Status>("pane.status", { pane });
      const screen = async () => (await fx.client.call("pane.read", { pane })).text;
      const until = (what: string, check: (s: Status) => boolean) =>
        eventually(what, async () => {
          const s = await status();
          return check(s) && s;
        }, {
          timeoutMs: TIMEOUT,
          detail: async () => `${JSON.stringify(await status())}\n${await screen()}`,
        });
      strictEqual((await status()).agent, "codex");

      await codexSubmit(fx.client, pane, "think it over", () => api.conversation().length >= 1);
      await until(
        "working, from the hooks",
        (s) => s.state === "working" && s.stateSource === "hook",
      );
      thinkOver();
      await until("idle, from the hooks", (s) => s.state === "idle" && s.stateSource === "hook");

      await codexSubmit(fx.client, pane, "touch the file", () => api.conversation().length >= 2);
      const blocked = await until("blocked, from the hooks", (s) => s.state === "blocked");
      strictEqual(blocked.stateSource, "hook");
      const need = await eventually("the approval in pane.needs", async () => {
        const { needs } = await fx.client.call("pane.needs", {});
        const n = needs.find((n: Need) => n.pane === pane);
        return n && n.choices.length >= 3 && n.fingerprint ? n : undefined;
      }, { timeoutMs: TIMEOUT, detail: screen });
      strictEqual(need.agent, "codex");
      ok(need.question?.includes("touch weft-codex.txt"), need.question ?? "no question");
      ok(need.choices[0]!.label.startsWith("Yes, proceed"), JSON.stringify(need.choices));
      ok(need.choices.some((c) => /^No\b/.test(c.label)), JSON.stringify(need.choices));
      strictEqual(api.toolOutputs().length, 0);

      await fx.client.call("pane.answer", { pane, approve: true, fingerprint: need.fingerprint! });
      await until("working again, from the hooks", (s) => s.state === "working");
      const outputs = await eventually("the command's output at the mock", () => {
        const o = api.toolOutputs();
        return o.length ? o : undefined;
      }, { timeoutMs: TIMEOUT });
      strictEqual(outputs.length, 1, JSON.stringify(outputs));
      await Deno.stat(join(fx.dir, "weft-codex.txt"));
      touchOver();
      await until(
        "idle at the end, from the hooks",
        (s) => s.state === "idle" && s.stateSource === "hook",
      );
      await waitForText(fx.client, { pane, match: "Touched it.", timeout: TIMEOUT });

      // The session id is Codex's own: the one it sends the API with each request.
      const sent = api.requests.find((r) => r.scripted)!.headers["session-id"];
      ok(sent, "Codex names its session in its requests");
      deepStrictEqual((await status()).agentSession?.id, sent);
      ok((await status()).agentSession?.transcriptPath?.includes(sent!));

      const { agents } = await fx.client.call<
        { agents: { pane: string | null; agent: string; state: string | null }[] }
      >("message.agents", {});
      const listed = agents.find((a) => a.pane === pane);
      deepStrictEqual([listed?.agent, listed?.state], ["codex", "idle"]);
    });
  } finally {
    await cleanCodex(env);
  }
});

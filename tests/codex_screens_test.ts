// The pinned Codex CLI's screens (npm build, against the project's mock Responses API), without
// hooks, as protocols/agents/codex.ts reads them: working while the model thinks, blocked on
// an approval (listed by pane.needs with its command and choices), denied through pane.answer
// (Codex's "No" choice: the command never runs and the turn ends), idle after. When a
// new Codex version draws these differently this test fails and says which fact to re-read.
import { ok, rejects, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { CODEX_VERSION, codexUnavailable } from "./helpers/codex.ts";
import { cleanCodex, codexPane, codexSubmit } from "./helpers/codex_pane.ts";
import { held, mockOpenAI, shell, text } from "./helpers/mock_openai.ts";
import { eventually } from "./helpers/poll.ts";
import { E2E, withServer } from "./helpers/server.ts";
import type { Need } from "../protocols/bus/records.ts";

const TIMEOUT = 60_000;
const REREAD = `Codex CLI ${CODEX_VERSION}'s screens no longer match protocols/agents/codex.ts`;

Deno.test({
  name: "codex: its screens give working → blocked → idle; an approval denied by pane.answer",
  ignore: codexUnavailable() !== undefined,
  ...E2E,
}, async () => {
  let answer!: () => void;
  await using api = await mockOpenAI([
    held(new Promise((r) => (answer = () => r(undefined))), text("Thought it over.")),
    shell("touch weft-denied.txt", { escalate: "May I touch weft-denied.txt?" }),
    text("Understood, I will not."),
  ]);
  let env: Record<string, string> = {};
  try {
    await withServer(async (fx) => {
      const started = await codexPane(fx.client, { baseUrl: api.url, dir: fx.dir });
      env = started.env;
      const { pane } = started;
      const screen = async () => (await fx.client.call("pane.read", { pane })).text;
      const until = (what: string, check: (s: { state: string; stateSource: string }) => boolean) =>
        eventually(`${what} (${REREAD}: its state)`, async () => {
          const s = await fx.client.call("pane.status", { pane });
          return check(s) && s;
        }, { timeoutMs: TIMEOUT, detail: screen });
      await until("idle on its first screen", (s) => s.state === "idle");

      await codexSubmit(fx.client, pane, "think it over", () => api.conversation().length >= 1);
      await until(
        "working, read from the screen",
        (s) => s.state === "working" && s.stateSource === "screen",
      );
      answer();
      await until(
        "idle again, read from the screen",
        (s) => s.state === "idle" && s.stateSource === "screen",
      );

      await codexSubmit(fx.client, pane, "touch the file", () => api.conversation().length >= 2);
      await until("blocked, read from the screen", (s) => s.state === "blocked");
      const need = await eventually(
        `the approval in pane.needs (${REREAD}: its dialog)`,
        async () => {
          const { needs } = await fx.client.call("pane.needs", {});
          const n = needs.find((n: Need) => n.pane === pane);
          return n && n.choices.length >= 3 && n.fingerprint ? n : undefined;
        },
        { timeoutMs: TIMEOUT, detail: screen },
      );
      strictEqual(need.agent, "codex");
      ok(
        need.question?.startsWith("Would you like to run the following command?"),
        String(need.question),
      );
      ok(need.question?.includes("$ touch weft-denied.txt"), String(need.question));
      ok(need.question?.includes("May I touch weft-denied.txt?"), String(need.question));
      strictEqual(need.choices[0]!.label, "Yes, proceed (y)", REREAD);
      strictEqual(need.choices.at(-1)!.label, "No, and tell Codex what to do differently (esc)");

      // A fingerprint of another reading: refused, nothing typed.
      await rejects(
        fx.client.call("pane.answer", { pane, approve: true, fingerprint: "0".repeat(16) }),
        (err: { code?: string }) => err.code === "STALE",
      );
      // Codex's "No" cancels the command, ends the turn and waits for what to do instead.
      await fx.client.call("pane.answer", { pane, deny: true, fingerprint: need.fingerprint! });
      await until("idle after the denial", (s) => s.state === "idle");
      ok((await screen()).includes("You canceled the request to run touch weft-denied.txt"));
      strictEqual(api.conversation().length, 2, "the model is asked nothing more");
      await rejects(Deno.stat(join(fx.dir, "weft-denied.txt")));
    });
  } finally {
    await cleanCodex(env);
  }
});

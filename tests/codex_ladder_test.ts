// A message to a Codex CLI pane at work (pinned npm build, against the mock Responses API, its
// hooks installed and trusted) is handed over through its hooks: it is in Codex's next request
// after the current shell command (PostToolUse's additionalContext), nothing typed into its
// prompt, and the message says it came by `hook`.
import { deepStrictEqual, ok } from "node:assert/strict";
import { codexUnavailable } from "./helpers/codex.ts";
import { cleanCodex, codexPane, codexSubmit } from "./helpers/codex_pane.ts";
import { held, mockOpenAI, shell, text } from "./helpers/mock_openai.ts";
import { waitForText } from "./helpers/panes.ts";
import { eventually } from "./helpers/poll.ts";
import { E2E, withServer } from "./helpers/server.ts";

const TIMEOUT = 60_000;

Deno.test({
  name: "codex: a message to Codex at work is in its next request after the current command",
  ignore: codexUnavailable() !== undefined,
  ...E2E,
}, async () => {
  let open!: () => void;
  const first = new Promise((r) => (open = () => r(undefined)));
  await using api = await mockOpenAI([
    held(first, shell("echo step-one")),
    shell("echo step-two"),
    text("All steps done."),
  ]);
  let env: Record<string, string> = {};
  try {
    await withServer(async (fx) => {
      const started = await codexPane(fx.client, {
        baseUrl: api.url,
        dir: fx.dir,
        hooks: true,
        args: ["-a", "never", "-s", "danger-full-access"],
      });
      env = started.env;
      const { pane } = started;
      await codexSubmit(fx.client, pane, "run the steps", () => api.played >= 1);
      await eventually("the hooks to report working", async () => {
        const s = await fx.client.call("pane.status", { pane });
        return s.state === "working" && s.stateSource === "hook";
      }, { timeoutMs: TIMEOUT });
      const sent = await fx.client.call<{ message_id: string; delivery?: { via: string }[] }>(
        "message.send",
        { to: pane, content: "please also look at b.ts" },
      );
      deepStrictEqual(sent.delivery?.map((d) => d.via), ["hook"]);
      open();
      await waitForText(fx.client, { pane, match: "All steps done.", timeout: TIMEOUT });
      const requests = api.conversation();
      deepStrictEqual(requests.length, 3, "one request per step and the end");
      const after = JSON.stringify(requests[1]!.input);
      ok(after.includes("step-one"), "the request after step one carries its output");
      ok(after.includes("please also look at b.ts"), after.slice(-2000));
      ok(!JSON.stringify(requests[0]!.input).includes("b.ts"));
      // As Codex puts a hook's additional context: a developer message after the output.
      ok(
        requests[1]!.input.some((i) =>
          i.role === "developer" && JSON.stringify(i.content).includes("please also look at b.ts")
        ),
      );
      const got = await eventually("the receipt", async () => {
        const m = await fx.client.call<{ receipts: { delivered_via?: string }[] }>(
          "message.get",
          { id: sent.message_id },
        );
        return m.receipts[0]?.delivered_via;
      }, { timeoutMs: TIMEOUT });
      deepStrictEqual(got, "hook");
      // Nothing typed: no prompt of Codex's holds the message.
      ok(
        !api.conversation().some((r) =>
          r.input.some((i) =>
            i.role === "user" && JSON.stringify(i.content).includes("please also look at b.ts")
          )
        ),
      );
    });
  } finally {
    await cleanCodex(env);
  }
});

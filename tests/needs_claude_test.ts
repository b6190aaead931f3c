// The real Claude Code TUI (pinned npm build) in a weft pane, against the mock Messages API,
// blocked on a Bash permission (`--permission-mode default`): it is listed by `pane.needs`
// with the command and the dialog's choices; a dialog answered with a fingerprint it no longer
// has is refused with nothing typed; `weft approve` from the CLI answers it, and the mock
// receives the tool's result.
import { ok, rejects, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { claudeUnavailable } from "./helpers/claude_code.ts";
import { startClaude } from "./helpers/claude_pane.ts";
import { mockAnthropic, text, toolUse } from "./helpers/mock_anthropic.ts";
import { E2E, withServer } from "./helpers/server.ts";
import { eventually } from "./helpers/poll.ts";
import { weftInProcess } from "./helpers/cli.ts";
import type { Need } from "../protocols/bus/records.ts";

const TIMEOUT = 60_000;

Deno.test({
  name: "needs: Claude Code blocked on a Bash permission is listed, and approved from the CLI",
  ignore: claudeUnavailable() !== undefined,
  ...E2E,
}, async () => {
  await withServer(async (fx) => {
    await using api = await mockAnthropic([
      toolUse("Bash", { command: "touch weft-needs.txt", description: "Touch a file" }),
      text("Approved and done."),
    ]);
    const pane = await startClaude(fx, {
      baseUrl: api.url,
      args: ["--permission-mode", "default"],
      prompt: "touch the file",
    });
    const need = await eventually("the dialog in pane.needs", async () => {
      const { needs } = await fx.client.call("pane.needs", { wait: true, timeout: TIMEOUT });
      const n = needs.find((n: Need) => n.pane === pane);
      return n && n.choices.length >= 2 && n.fingerprint ? n : undefined;
    }, {
      timeoutMs: TIMEOUT,
      detail: async () => (await fx.client.call("pane.read", { pane })).text,
    });
    strictEqual(need.agent, "claude");
    ok(need.question?.includes("touch weft-needs.txt"), need.question ?? "no question");
    ok(need.choices[0]!.label.startsWith("Yes"), JSON.stringify(need.choices));
    ok(need.choices.some((c) => /^No\b/.test(c.label)), JSON.stringify(need.choices));

    // A fingerprint of another reading: refused, nothing typed, still asking.
    await rejects(
      fx.client.call("pane.answer", { pane, approve: true, fingerprint: "0".repeat(16) }),
      (err: { code?: string }) => err.code === "STALE",
    );
    strictEqual(api.toolResults().length, 0);
    ok((await fx.client.call("pane.read", { pane })).text.includes("Do you want to proceed"));

    const approved = await weftInProcess(
      fx.dir,
      "approve",
      pane,
      "--fingerprint",
      need.fingerprint!,
    );
    strictEqual(approved.code, 0, approved.err);
    const results = await eventually("the tool result at the mock", () => {
      const r = api.toolResults();
      return r.length ? r : undefined;
    }, { timeoutMs: TIMEOUT });
    strictEqual(results[0]!.is_error, false, results[0]!.text);
    await Deno.stat(join(fx.dir, "weft-needs.txt"));
    const { needs } = await fx.client.call("pane.needs", {});
    ok(!needs.some((n: Need) => n.pane === pane && n.fingerprint === need.fingerprint));
  });
});

Deno.test({
  name: "needs: Claude Code's Bash permission denied from the CLI with a message",
  ignore: claudeUnavailable() !== undefined,
  ...E2E,
}, async () => {
  await withServer(async (fx) => {
    await using api = await mockAnthropic([
      toolUse("Bash", { command: "touch weft-denied.txt", description: "Touch a file" }),
      text("Understood, I will not."),
    ]);
    const pane = await startClaude(fx, {
      baseUrl: api.url,
      args: ["--permission-mode", "default"],
      prompt: "touch the file",
    });
    await eventually("the dialog in pane.needs", async () => {
      const { needs } = await fx.client.call("pane.needs", { wait: true, timeout: TIMEOUT });
      return needs.some((n: Need) => n.pane === pane && n.choices.length >= 2);
    }, { timeoutMs: TIMEOUT });
    const denied = await weftInProcess(
      fx.dir,
      "deny",
      pane,
      "--message",
      "use the build script instead",
    );
    const screen = (await fx.client.call("pane.read", { pane })).text;
    strictEqual(denied.code, 0, `${denied.err}\nthe pane shows:\n${screen}`);
    ok(/^p\d+: \d\. No/.test(denied.out), denied.out);
    const results = await eventually("the denial at the mock", () => {
      const r = api.toolResults();
      return r.length ? r : undefined;
    }, {
      timeoutMs: TIMEOUT,
      detail: async () => (await fx.client.call("pane.read", { pane })).text,
    });
    strictEqual(results[0]!.is_error, true, results[0]!.text);
    await eventually(
      "the message at the mock",
      () =>
        api.conversation().some((r) =>
          JSON.stringify(r.messages).includes("use the build script instead")
        ),
      { timeoutMs: TIMEOUT },
    );
    await rejects(Deno.stat(join(fx.dir, "weft-denied.txt")));
  });
});

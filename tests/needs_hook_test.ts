// The real Claude Code TUI (pinned npm build) with weft's hooks installed, blocked on a Bash
// permission against the mock Messages API: its PermissionRequest hook is held open by weft's
// HTTP door, so `weft needs` lists the exact tool and command as held, and `weft approve` /
// `weft deny --message` answer through the hook (Claude Code reports "Allowed/Denied by
// PermissionRequest hook"), not by keys: the mock receives the tool's result, or the denial
// with the message as the tool's error.
import { ok, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { claudeUnavailable } from "./helpers/claude_code.ts";
import { startHookedClaude } from "./helpers/claude_pane.ts";
import { mockAnthropic, text, toolUse } from "./helpers/mock_anthropic.ts";
import { E2E, type ServerFixture, withServer } from "./helpers/server.ts";
import { eventually } from "./helpers/poll.ts";
import { weftInProcess } from "./helpers/cli.ts";
import type { Need } from "../protocols/bus/records.ts";

const TIMEOUT = 60_000;

/** Claude Code in a pane of `fx` with weft's hooks, asked to run `command`; its held need. */
async function heldBash(fx: ServerFixture, apiUrl: string, command: string) {
  const pane = await startHookedClaude(fx, apiUrl, "run it");
  const need = await eventually("the held request in pane.needs", async () => {
    const { needs } = await fx.client.call("pane.needs", { wait: true, timeout: TIMEOUT });
    return needs.find((n: Need) => n.pane === pane && n.held?.input === command);
  }, {
    timeoutMs: TIMEOUT,
    detail: async () => (await fx.client.call("pane.read", { pane })).text,
  });
  return { pane, need };
}

Deno.test({
  name: "needs: Claude Code's held PermissionRequest hook is listed, and approved through it",
  ignore: claudeUnavailable() !== undefined,
  ...E2E,
}, async () => {
  await withServer(async (fx) => {
    await using api = await mockAnthropic([
      toolUse("Bash", { command: "touch weft-held.txt", description: "Touch a file" }),
      text("Approved and done."),
    ]);
    const { pane, need } = await heldBash(fx, api.url, "touch weft-held.txt");
    strictEqual(need.held?.tool, "Bash");
    strictEqual(need.held?.input, "touch weft-held.txt");
    strictEqual(need.question, "Bash: touch weft-held.txt");
    const listed = await weftInProcess(fx.dir, "needs");
    ok(listed.out.includes("Bash: touch weft-held.txt") && listed.out.includes("held"), listed.out);

    const approved = await weftInProcess(fx.dir, "approve", pane, "--json");
    strictEqual(approved.code, 0, approved.err);
    strictEqual(JSON.parse(approved.out).via, "hook", approved.out);
    const results = await eventually("the tool result at the mock", () => {
      const r = api.toolResults();
      return r.length ? r : undefined;
    }, { timeoutMs: TIMEOUT });
    strictEqual(results[0]!.is_error, false, results[0]!.text);
    await Deno.stat(join(fx.dir, "weft-held.txt"));
    await eventually("Claude Code saying the hook allowed it", async () => {
      const screen = (await fx.client.call("pane.read", { pane })).text;
      return screen.includes("Allowed by PermissionRequest hook");
    }, { timeoutMs: TIMEOUT });
    const { needs } = await fx.client.call("pane.needs", {});
    ok(!needs.some((n: Need) => n.pane === pane && n.held), JSON.stringify(needs));
  });
});

Deno.test({
  name: "needs: Claude Code's held PermissionRequest hook denied through it with a message",
  ignore: claudeUnavailable() !== undefined,
  ...E2E,
}, async () => {
  await withServer(async (fx) => {
    await using api = await mockAnthropic([
      toolUse("Bash", { command: "touch weft-held-no.txt", description: "Touch a file" }),
      text("Understood, I will not."),
    ]);
    const { pane } = await heldBash(fx, api.url, "touch weft-held-no.txt");
    const denied = await weftInProcess(
      fx.dir,
      "deny",
      pane,
      "--message",
      "use the build script instead",
    );
    strictEqual(denied.code, 0, denied.err);
    ok(denied.out.includes("(hook)"), denied.out);
    const results = await eventually("the denial at the mock", () => {
      const r = api.toolResults();
      return r.length ? r : undefined;
    }, { timeoutMs: TIMEOUT });
    strictEqual(results[0]!.is_error, true, results[0]!.text);
    ok(results[0]!.text.includes("use the build script instead"), results[0]!.text);
    await Deno.stat(join(fx.dir, "weft-held-no.txt")).then(
      () => Promise.reject(new Error("the denied command ran")),
      () => {},
    );
  });
});

Deno.test({
  name: "needs: a held request answered in Claude Code's own dialog leaves the list",
  ignore: claudeUnavailable() !== undefined,
  ...E2E,
}, async () => {
  await withServer(async (fx) => {
    await using api = await mockAnthropic([
      toolUse("Bash", { command: "touch weft-held-tty.txt", description: "Touch a file" }),
      text("Done."),
    ]);
    const { pane } = await heldBash(fx, api.url, "touch weft-held-tty.txt");
    // The human answers at the terminal: Claude Code's dialog is on screen while the hook
    // is held, and takes the key.
    await eventually("the dialog answered by its key", async () => {
      await fx.client.call("pane.write", { pane, text: "1" });
      return await eventually("the tool result", () => api.toolResults().length > 0, {
        timeoutMs: 2000,
      }).then(() => true, () => false);
    }, { timeoutMs: TIMEOUT });
    await eventually("the request gone from pane.needs", async () => {
      const { needs } = await fx.client.call("pane.needs", {});
      return !needs.some((n: Need) => n.pane === pane && n.held);
    }, { timeoutMs: TIMEOUT });
    await Deno.stat(join(fx.dir, "weft-held-tty.txt"));
  });
});

Deno.test({
  name: "needs: a held request nobody answers in time goes back to the dialog, answered by keys",
  ignore: claudeUnavailable() !== undefined,
  ...E2E,
}, async () => {
  await withServer(async (fx) => {
    await using api = await mockAnthropic([
      toolUse("Bash", { command: "touch weft-held-late.txt", description: "Touch a file" }),
      text("Done."),
    ]);
    const pane = await startHookedClaude(fx, api.url, "run it");
    // The hold (2 s here) ends with no answer: Claude Code's dialog alone asks now.
    const need = await eventually("the dialog listed without the hold", async () => {
      const { needs } = await fx.client.call("pane.needs", {});
      return needs.find((n: Need) => n.pane === pane && !n.held && n.choices.length >= 2);
    }, { timeoutMs: TIMEOUT });
    strictEqual(api.toolResults().length, 0);
    const approved = await weftInProcess(
      fx.dir,
      "approve",
      pane,
      "--fingerprint",
      need.fingerprint!,
      "--json",
    );
    strictEqual(approved.code, 0, approved.err);
    strictEqual(JSON.parse(approved.out).via, "keys", approved.out);
    await eventually("the tool result at the mock", () => api.toolResults().length > 0, {
      timeoutMs: TIMEOUT,
    });
    await Deno.stat(join(fx.dir, "weft-held-late.txt"));
  }, { socket: { permissionHoldMs: 2000 } });
});

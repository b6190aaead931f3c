// A real Claude Code pane (pinned npm build, against the mock Messages API, with weft's hooks
// installed) restored after a kill -9 of the server resumes its conversation: the pane comes
// back as `claude --resume <session_id>` with its flags, and the first request the mock sees
// after the restart carries the messages from before. Claude Code clears the terminal when it
// starts, so its own redraw of the conversation takes the place of weft's dimmed old screen.
//
// It needs the session id that weft's Claude Code hooks put on the pane (`weft hooks`, agent
// awareness): until that is in this checkout the test does not run.
import { deepStrictEqual as assertEquals, ok as assert, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { claudeBinary, claudeEnv, claudeUnavailable } from "./helpers/claude_code.ts";
import { type MessagesRequest, mockAnthropic, text } from "./helpers/mock_anthropic.ts";
import { E2E } from "./helpers/server.ts";
import { eventually } from "./helpers/poll.ts";
import { killHard, serveChild, tempProject } from "./helpers/serve_child.ts";
import type { WeftClient } from "../plugins/client/mod.ts";
import { SUBCOMMANDS, weft } from "../main.ts";

const TIMEOUT = 60_000;

/** Every user prompt a request carries, as text. */
function prompts(request: MessagesRequest): string[] {
  return request.messages.filter((m) => m.role === "user").flatMap((m) =>
    typeof m.content === "string"
      ? [m.content]
      : m.content.flatMap((b) => (b.type === "text" ? [String(b.text)] : []))
  );
}

/** Waits until the pane's screen shows `text` at least `times` times (the old screen counts). */
async function shows(client: WeftClient, pane: string, text: string, times = 1): Promise<void> {
  const read = () =>
    client.call<{ text: string }>("pane.read", { pane, mode: "history", joinWrapped: true });
  try {
    await eventually(
      `"${text}" on the screen`,
      async () => (await read()).text.split(text).length - 1 >= times,
      { timeoutMs: TIMEOUT },
    );
  } catch (err) {
    throw new Error(
      `${(err as Error).message}: "${text}" x${times}; the pane shows:\n${(await read()).text}`,
    );
  }
}

Deno.test({
  name: "a Claude Code pane restored after kill -9 resumes its conversation",
  ignore: claudeUnavailable() !== undefined || !Object.hasOwn(SUBCOMMANDS, "hooks"),
  ...E2E,
}, async () => {
  await using api = await mockAnthropic([
    text("Noted: kiwi."),
    (request) => text(prompts(request).some((p) => p.includes("kiwi")) ? "It was kiwi." : "?"),
  ]);
  const dir = await tempProject();
  try {
    const out: string[] = [];
    const io = { out: (t: string) => out.push(t), err: (t: string) => out.push(t), cwd: dir };
    const code = await weft(["hooks", "install", "--dir", dir], {
      ...io,
      env: (name) => Deno.env.get(name),
    });
    strictEqual(code, 0, out.join(""));
    const env = await claudeEnv({ baseUrl: api.url, trust: [dir] });
    const bin = await claudeBinary();

    const first = await serveChild(dir);
    const { id: pane } = await first.client.call<{ id: string }>("pane.create", {
      split: "p1",
      argv: [bin, "--permission-mode", "default"],
      env,
      cwd: dir,
    });
    await shows(first.client, pane, "for shortcuts");
    await first.client.call("pane.write", { pane, text: "remember the word kiwi", submit: true });
    await shows(first.client, pane, "Noted: kiwi.");
    const session = await eventually("the pane's agent session", async () => {
      const s = await first.client.call<{ agentSession: { id: string } | null }>("pane.status", {
        pane,
      });
      return s.agentSession?.id;
    }, { timeoutMs: TIMEOUT });
    // The store has it before the kill (a pane's change is written within 100 ms).
    await eventually("the store to hold the session id", () => {
      const db = new DatabaseSync(join(dir, ".weft", "weft.db"), { readOnly: true });
      try {
        return String(db.prepare("SELECT data FROM panes WHERE id = ?").get(pane)?.data)
          .includes(session);
      } finally {
        db.close();
      }
    });
    const before = api.conversation().length;
    await killHard(first);

    const second = await serveChild(dir);
    try {
      const status = await second.client.call<{ argv: string[] }>("pane.status", { pane });
      assertEquals(status.argv, [bin, "--resume", session, "--permission-mode", "default"]);
      // Claude Code says how it started (its SessionStart hook): resumed, the same session.
      await eventually("Claude Code to say it resumed", async () => {
        const s = await second.client.call<{ agentSession: { id: string; source: string } | null }>(
          "pane.status",
          { pane },
        );
        return s.agentSession?.source === "resume" && s.agentSession.id === session;
      }, { timeoutMs: TIMEOUT });
      await shows(second.client, pane, "for shortcuts");
      await second.client.call("pane.write", { pane, text: "which word was it?", submit: true });
      await shows(second.client, pane, "It was kiwi.");
      const after = api.conversation()[before]!;
      const seen = prompts(after);
      assert(seen.some((p) => p.includes("remember the word kiwi")), seen.join(" | "));
      assert(seen.some((p) => p.includes("which word was it?")), seen.join(" | "));
    } finally {
      await killHard(second);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

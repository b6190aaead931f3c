// A real Gemini CLI pane (pinned npm 0.61.0, against the mock Gemini API, weft's hooks in its
// settings) restored after a kill -9 of the server resumes its conversation: the session id
// comes from the CLI's own SessionStart hook, the pane comes back as `gemini --resume <id>`
// with its flags (not `latest`), the CLI says it resumed that session, and the first request the
// mock sees after the restart carries the prompt from before.
import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { geminiCommand, geminiEnv, geminiUnavailable } from "./helpers/gemini.ts";
import { hookSettings, submitPrompt, untilPrompt } from "./helpers/gemini_pane.ts";
import { mockGemini, text } from "./helpers/mock_gemini.ts";
import { E2E } from "./helpers/server.ts";
import { eventually } from "./helpers/poll.ts";
import { killHard, type ServeChild, serveChild, tempProject } from "./helpers/serve_child.ts";
import type { WeftClient } from "../plugins/client/mod.ts";

const TIMEOUT = 60_000;

interface Status {
  argv: string[];
  agent: string;
  state: string;
  stateSource: string;
  agentSession: { id: string; source: string | null } | null;
  current: { pid: number } | null;
}

async function shows(client: WeftClient, pane: string, text: string): Promise<void> {
  const read = () => client.call<{ text: string }>("pane.read", { pane, mode: "history" });
  await eventually(`"${text}" on the screen`, async () => (await read()).text.includes(text), {
    timeoutMs: TIMEOUT,
    detail: async () => (await read()).text,
  });
}

/**
 * Kills what may be left of the pane's CLI (a PTY's hang-up ends it; this makes sure), only
 * while that pid still runs the CLI (a pid may since be another process's).
 */
function killPid(pid: number, script: string) {
  try {
    const cmdline = Deno.readTextFileSync(`/proc/${pid}/cmdline`);
    if (cmdline.includes(script)) Deno.kill(pid, "SIGKILL");
  } catch { /* gone already */ }
}

Deno.test({
  name: "gemini: a pane restored after kill -9 resumes its conversation by the CLI's session id",
  ignore: geminiUnavailable() !== undefined,
  ...E2E,
}, async () => {
  await using api = await mockGemini([
    text("Noted: kiwi."),
    (request) => text(api.prompts(request).some((p) => p.includes("kiwi")) ? "It was kiwi." : "?"),
  ]);
  const dir = await tempProject();
  const pids: number[] = [];
  let first: ServeChild | undefined;
  let second: ServeChild | undefined;
  try {
    const env = await geminiEnv({
      home: join(dir, ".home"),
      baseUrl: api.url,
      trust: [dir],
      settings: hookSettings(),
    });
    const argv = await geminiCommand();
    first = await serveChild(dir);
    const { id: pane } = await first.client.call<{ id: string }>("pane.create", {
      split: "p1",
      argv: [...argv, "--approval-mode", "default"],
      env,
      cwd: dir,
    });
    const session = await untilPrompt(first.client, pane, true);
    ok(session);
    await submitPrompt(first.client, pane, "remember the word kiwi");
    await shows(first.client, pane, "Noted: kiwi.");
    const before = await eventually("the turn's end (AfterAgent)", async () => {
      const s = await first!.client.call<Status>("pane.status", { pane });
      return s.state === "idle" && s.stateSource === "hook" ? s : undefined;
    }, { timeoutMs: TIMEOUT });
    if (before.current?.pid) pids.push(before.current.pid);
    // The store has the session id before the kill (a pane's change is written within 100 ms).
    await eventually("the store to hold the session id", () => {
      const db = new DatabaseSync(join(dir, ".weft", "weft.db"), { readOnly: true });
      try {
        return String(db.prepare("SELECT data FROM panes WHERE id = ?").get(pane)?.data)
          .includes(session);
      } finally {
        db.close();
      }
    });
    const asked = api.conversation().length;
    await killHard(first);
    first = undefined;

    second = await serveChild(dir);
    const status = await second.client.call<Status>("pane.status", { pane });
    deepStrictEqual(status.argv, [...argv, "--resume", session, "--approval-mode", "default"]);
    strictEqual(status.agent, "gemini");
    // The CLI says how it started (its SessionStart hook): resumed, the same session.
    await eventually("the CLI to say it resumed", async () => {
      const s = await second!.client.call<Status>("pane.status", { pane });
      if (s.current?.pid && !pids.includes(s.current.pid)) pids.push(s.current.pid);
      return s.agentSession?.source === "resume" && s.agentSession.id === session;
    }, {
      timeoutMs: TIMEOUT,
      detail: async () => JSON.stringify(await second!.client.call("pane.status", { pane })),
    });
    await untilPrompt(second.client, pane, true);
    await submitPrompt(second.client, pane, "say which word it was");
    await shows(second.client, pane, "It was kiwi.");
    const after = api.conversation()[asked]!;
    const seen = api.prompts(after);
    ok(seen.some((p) => p.includes("remember the word kiwi")), seen.join(" | "));
    ok(seen.some((p) => p.includes("say which word it was")), seen.join(" | "));
  } finally {
    if (first) await killHard(first);
    if (second) await killHard(second);
    const script = (await geminiCommand()).at(-1)!;
    for (const pid of pids) killPid(pid, script);
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
});

// End-to-end, without Claude Code: a program's OSC 7501 status reports become its pane's state
// (the probe answered as a supporting terminal would), an OSC 7501 report never runs a sideband
// command while weft's own form works under OSC 9338, and hook events posted to the HTTP door
// by weft's own hook command become the pane's state and session, whatever garbage they carry.
import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { OSC_NUMBER } from "../protocols/sideband/mod.ts";
import { HOOK_COMMAND } from "../protocols/hooks/mod.ts";
import { E2E, type ServerFixture, withServer } from "./helpers/server.ts";
import { eventually } from "./helpers/poll.ts";

interface Status {
  state: string;
  stateSource: string;
  stateMessage: string | null;
  stateKind: string | null;
  stateProgress: number | null;
  stateSince: string;
  tasks: { id: string; state: string; title: string | null }[];
  agentSession: { id: string; transcriptPath: string | null; source: string | null } | null;
}

const status = (fx: ServerFixture, pane: string) => fx.client.call<Status>("pane.status", { pane });

/** Waits (on the server: pane.wait) until the pane is in `state`, then returns its status. */
async function stateOf(fx: ServerFixture, pane: string, state: string): Promise<Status> {
  await fx.client.call("pane.wait", { pane, state, timeout: 15_000 });
  return await status(fx, pane);
}

const b64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

/** A shell pane; `run` types a line into it. */
async function shell(fx: ServerFixture, tags: string[] = []) {
  const { pane } = await fx.client.call<{ pane: string }>("session.create", {
    argv: ["bash", "--norc", "--noprofile"],
    tags,
  });
  const run = (line: string) => fx.client.call("pane.write", { pane, text: line, submit: true });
  return { pane, run };
}

Deno.test({
  name: "status protocol: the probe is answered and reports become the pane's state",
  ...E2E,
}, async () => {
  await withServer(async (fx) => {
    // A program that asks, reads the terminal's answer from its input and shows it.
    const probe = "Deno.stdin.setRaw(true);" +
      "await Deno.stdout.write(new TextEncoder().encode('\\x1b]7501;?\\x07'));" +
      "const b = new Uint8Array(64); const n = await Deno.stdin.read(b);" +
      "Deno.stdin.setRaw(false);" +
      "console.log('ANSWER', JSON.stringify(new TextDecoder().decode(b.subarray(0, n ?? 0))));";
    const { pane } = await fx.client.call<{ pane: string }>("session.create", {
      argv: [Deno.execPath(), "eval", probe],
    });
    const answered = await fx.client.call<{ line: string }>("pane.wait", {
      pane,
      match: "ANSWER",
      timeout: 15_000,
    });
    strictEqual(answered.line, 'ANSWER "\\u001b]7501;?\\u001b\\\\"');

    const sh = await shell(fx);
    await sh.run(`printf '\\e]7501;state=working:app=t:progress=40:msg=${b64("Compiling ✓")}\\a'`);
    // A new pane is "working" (its process started): wait for the report itself.
    let s = await eventually("the status report", async () => {
      const now = await status(fx, sh.pane);
      return now.stateSource === "status" ? now : undefined;
    });
    deepStrictEqual([s.stateSource, s.stateProgress, s.stateMessage], [
      "status",
      40,
      "Compiling ✓",
    ]);
    await sh.run(`printf '\\e]7501;state=working:id=t1:title=${b64("tests")}\\e\\\\'`);
    s = await eventually("the background task", async () => {
      const now = await status(fx, sh.pane);
      return now.tasks.length ? now : undefined;
    });
    deepStrictEqual(s.tasks.map((t) => [t.id, t.state, t.title]), [["t1", "working", "tests"]]);
    // A self-report does not replace what the program itself says.
    await fx.client.call("pane.set", { pane: sh.pane, state: "done" });
    strictEqual((await status(fx, sh.pane)).state, "working");
    await sh.run(
      `printf '\\e]7501;state=blocked:kind=permission:msg=${b64("approve Bash: ls")}\\a'`,
    );
    s = await stateOf(fx, sh.pane, "blocked");
    deepStrictEqual([s.stateSource, s.stateKind, s.stateMessage], [
      "status",
      "permission",
      "approve Bash: ls",
    ]);
    await sh.run(`printf '\\e]7501;state=clear\\a'`);
    s = await eventually("the status cleared", async () => {
      const now = await status(fx, sh.pane);
      return now.stateSource !== "status" ? now : undefined;
    });
    deepStrictEqual(s.tasks, []);
    ok(["idle", "working"].includes(s.state) && s.stateSource === "output", JSON.stringify(s));
  });
});

Deno.test({
  name: "an OSC 7501 report never runs a sideband command; weft's form works under OSC 9338",
  ...E2E,
}, async () => {
  await withServer(async (fx) => {
    const sh = await shell(fx, ["sideband:stream"]);
    const target = join(fx.dir, "made-by-7501");
    // weft's old form under 7501, with the pane's own key: read as a (bad) status report only.
    await sh.run(
      `printf '\\e]7501;spawn;key=%s;cmd=touch%%20${target}\\a' "$WEFT_SIDEBAND_KEY"; echo sent-1`,
    );
    await sh.run(
      `printf '\\e]${OSC_NUMBER};status;key=%s;state=blocked;msg=needs%%20a%%20key\\a' ` +
        `"$WEFT_SIDEBAND_KEY"`,
    );
    const s = await stateOf(fx, sh.pane, "blocked");
    deepStrictEqual([s.stateSource, s.stateMessage], ["self", "needs a key"]);
    // The log records a command's outcome once its bus call has answered, which can be a
    // moment after the state it set is seen.
    const entries = await eventually("the status command in the sideband log", async () => {
      const log = await fx.client.call<{ entries: { tag?: string; outcome: string }[] }>(
        "sideband.log",
        { pane: sh.pane },
      );
      return log.entries.length > 0 && log.entries;
    });
    deepStrictEqual(entries.map((e) => [e.outcome, e.tag]), [["ran", "status"]]);
    const { panes } = await fx.client.call<{ panes: unknown[] }>("pane.list", {});
    strictEqual(panes.length, 1);
    ok(!(await Deno.stat(target).then(() => true, () => false)), "no command ran");
  }, { weft: { plugins: { sideband: { options: { holdMs: 200 } } } } });
});

/**
 * Runs weft's hook command as Claude Code would: the event's JSON on its input, under bash
 * (bash's /dev/tcp) or sh (curl).
 */
async function hook(env: Record<string, string>, body: string | Uint8Array, shell = "bash") {
  const child = new Deno.Command(shell, {
    args: ["-c", HOOK_COMMAND],
    env: { PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin", LANG: "C.UTF-8", ...env },
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const started = performance.now();
  const writer = child.stdin.getWriter();
  await writer.write(typeof body === "string" ? new TextEncoder().encode(body) : body)
    .catch(() => {});
  await writer.close().catch(() => {});
  const out = await child.output();
  return {
    code: out.code,
    output: new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr),
    ms: performance.now() - started,
  };
}

/** The variables a hook in `pane` sees: read from the pane itself (its key is only there). */
async function paneEnv(fx: ServerFixture, pane: string, run: (line: string) => Promise<unknown>) {
  await run(`printf 'ENV<%s|%s|%s>\\n' "$WEFT_PANE" "$WEFT_HTTP" "$WEFT_SIDEBAND_KEY"`);
  const { matched } = await fx.client.call<{ matched: string }>("pane.wait", {
    pane,
    match: "ENV<(p\\d+)\\|([0-9.:]+)\\|([0-9a-f]+)>",
    regex: true,
    timeout: 15_000,
  });
  const [, id, http, key] = /ENV<(.*)\|(.*)\|(.*)>/.exec(matched)!;
  return { WEFT_PANE: id!, WEFT_HTTP: http!, WEFT_SIDEBAND_KEY: key! };
}

Deno.test({
  name: "hooks: weft's hook command posts Claude Code's events; bad input changes nothing",
  ...E2E,
}, async () => {
  await withServer(async (fx) => {
    const sh = await shell(fx);
    const env = await paneEnv(fx, sh.pane, sh.run);
    const event = (o: Record<string, unknown>) =>
      JSON.stringify({ session_id: "sess-1", transcript_path: "/t/sess-1.jsonl", ...o });
    deepStrictEqual(
      await hook(env, event({ hook_event_name: "SessionStart", source: "startup" }))
        .then((r) => [r.code, r.output]),
      [0, ""],
    );
    let s = await eventually("the session recorded", async () => {
      const now = await status(fx, sh.pane);
      return now.agentSession ? now : undefined;
    });
    deepStrictEqual(s.agentSession, {
      id: "sess-1",
      transcriptPath: "/t/sess-1.jsonl",
      source: "startup",
    });
    // The same through curl, under a shell that is not bash.
    await hook(env, event({ hook_event_name: "UserPromptSubmit", prompt: "go" }), "sh");
    s = await stateOf(fx, sh.pane, "working");
    strictEqual(s.stateSource, "hook");
    await hook(
      env,
      event({
        hook_event_name: "PermissionRequest",
        tool_name: "Bash",
        tool_input: { command: "rm -rf build-é ✓" },
      }),
    );
    s = await stateOf(fx, sh.pane, "blocked");
    deepStrictEqual([s.stateSource, s.stateKind, s.stateMessage], [
      "hook",
      "permission",
      "Bash: rm -rf build-é ✓",
    ]);
    // Garbage, empty, not an event, huge (over the 4 MiB cap), another pane or a wrong key,
    // outside a weft pane, no server: each exits 0 at once and changes nothing.
    const huge = event({
      hook_event_name: "Stop",
      junk: "x".repeat(5 * 1024 * 1024),
    });
    for (
      const [why, e, body] of [
        ["garbage", env, "{not json"],
        ["empty", env, ""],
        ["not an event", env, '{"hello":1}'],
        ["an array", env, "[1,2]"],
        ["huge", env, huge],
        ["no such pane", { ...env, WEFT_PANE: "p999" }, event({ hook_event_name: "Stop" })],
        [
          "wrong key",
          { ...env, WEFT_SIDEBAND_KEY: "0".repeat(32) },
          event({ hook_event_name: "Stop" }),
        ],
        ["outside weft", {}, event({ hook_event_name: "Stop" })],
        ["no server", { ...env, WEFT_HTTP: "127.0.0.1:1" }, event({ hook_event_name: "Stop" })],
        ["no server, sh", { ...env, WEFT_HTTP: "127.0.0.1:1" }, event({ hook_event_name: "Stop" })],
      ] as const
    ) {
      const r = await hook(e, body, why.endsWith(", sh") ? "sh" : "bash");
      deepStrictEqual([r.code, r.output], [0, ""], why);
      strictEqual((await status(fx, sh.pane)).state, "blocked", why);
    }
    await hook(env, event({ hook_event_name: "Stop" }));
    s = await stateOf(fx, sh.pane, "idle");
    strictEqual(s.stateSource, "hook");
    await hook(env, event({ hook_event_name: "SessionEnd", reason: "prompt_input_exit" }));
    s = await stateOf(fx, sh.pane, "exited");
    // The session is over: the state is anyone's again.
    await fx.client.call("pane.set", { pane: sh.pane, state: "done" });
    strictEqual((await status(fx, sh.pane)).stateSource, "self");
  });
});

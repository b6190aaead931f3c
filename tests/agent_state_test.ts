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
import type { PaneState } from "../protocols/bus/records.ts";

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
async function stateOf(fx: ServerFixture, pane: string, state: PaneState): Promise<Status> {
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

/**
 * A stand-in for an agent that speaks the status protocol, as a file named `name`: it says
 * `ASKING`, asks
 * (OSC 7501 probe), shows the terminal's answer (`ANSWER "…"`, or what it read instead), then
 * writes each line it reads as an OSC 7501 payload. Named `claude`, weft sees Claude Code in
 * front (`deno run …/claude`), the one agent kind it takes reports from.
 */
async function statusProgram(dir: string, name: string): Promise<string> {
  const file = join(dir, name);
  await Deno.writeTextFile(
    file,
    "#!/usr/bin/env -S deno run --allow-all\n" +
      "const enc = new TextEncoder();\n" +
      "console.log('ASKING');\n" +
      "Deno.stdin.setRaw(true);\n" +
      "await Deno.stdout.write(enc.encode('\\x1b]7501;?\\x07'));\n" +
      "const b = new Uint8Array(64); const n = await Deno.stdin.read(b);\n" +
      "Deno.stdin.setRaw(false);\n" +
      "console.log('ANSWER', JSON.stringify(new TextDecoder().decode(b.subarray(0, n ?? 0))));\n" +
      "for await (const line of Deno.stdin.readable.pipeThrough(new TextDecoderStream())) {\n" +
      "  for (const l of line.split('\\n')) if (l) await Deno.stdout.write(enc.encode(`\\x1b]7501;${l}\\x07`));\n" +
      "}\n",
  );
  await Deno.chmod(file, 0o755);
  return file;
}

Deno.test({
  name: "status protocol: the probe is answered and reports become the pane's state",
  ...E2E,
}, async () => {
  await withServer(async (fx) => {
    const claude = await statusProgram(fx.dir, "claude");
    const { pane } = await fx.client.call<{ pane: string }>("session.create", { argv: [claude] });
    const answered = await fx.client.call<{ line: string }>("pane.wait", {
      pane,
      match: "ANSWER",
      timeout: 15_000,
    });
    strictEqual(answered.line, 'ANSWER "\\u001b]7501;?\\u001b\\\\"');
    const report = (payload: string) =>
      fx.client.call("pane.write", { pane, text: payload, submit: true });

    await report(`state=working:app=t:progress=40:msg=${b64("Compiling ✓")}`);
    // A new pane is "working" (its process started): wait for the report itself.
    let s = await eventually("the status report", async () => {
      const now = await status(fx, pane);
      return now.stateSource === "status" ? now : undefined;
    });
    deepStrictEqual([s.stateSource, s.stateProgress, s.stateMessage], [
      "status",
      40,
      "Compiling ✓",
    ]);
    await report(`state=working:id=t1:title=${b64("tests")}`);
    s = await eventually("the background task", async () => {
      const now = await status(fx, pane);
      return now.tasks.length ? now : undefined;
    });
    deepStrictEqual(s.tasks.map((t) => [t.id, t.state, t.title]), [["t1", "working", "tests"]]);
    // A self-report does not replace what the program itself says.
    await fx.client.call("pane.set", { pane, state: "done" });
    strictEqual((await status(fx, pane)).state, "working");
    await report(`state=blocked:kind=permission:msg=${b64("approve Bash: ls")}`);
    s = await stateOf(fx, pane, "blocked");
    deepStrictEqual([s.stateSource, s.stateKind, s.stateMessage], [
      "status",
      "permission",
      "approve Bash: ls",
    ]);
    await report("state=clear");
    s = await eventually("the status cleared", async () => {
      const now = await status(fx, pane);
      return now.stateSource !== "status" ? now : undefined;
    });
    deepStrictEqual(s.tasks, []);
    ok(["idle", "working"].includes(s.state) && s.stateSource === "output", JSON.stringify(s));
  });
});

Deno.test({
  name:
    "status protocol: reports in displayed bytes (a cat of a file) or from others are not taken",
  ...E2E,
}, async () => {
  await withServer(async (fx) => {
    // A file that asks for the protocol and then claims the most trusted state.
    const file = join(fx.dir, "notes.txt");
    await Deno.writeTextFile(
      file,
      "\x1b]7501;?\x07" +
        `\x1b]7501;state=blocked:kind=permission:msg=${b64("approve: rm -rf ~")}\x07` +
        `\x1b]7501;state=working:id=t9:title=${b64("fake")}\x07done\n`,
    );
    const sh = await shell(fx);
    await sh.run(`cat ${file}; echo cat-$((1 + 1))`);
    await fx.client.call("pane.wait", { pane: sh.pane, match: "cat-2", timeout: 15_000 });
    let s = await status(fx, sh.pane);
    ok(s.stateSource !== "status" && s.state !== "blocked", JSON.stringify(s));
    deepStrictEqual(s.tasks, []);
    // The same from printf in the shell itself: a shell does not speak the protocol.
    await sh.run(`printf '\\e]7501;state=blocked:kind=auth\\a'; echo printf-$((1 + 2))`);
    await fx.client.call("pane.wait", { pane: sh.pane, match: "printf-3", timeout: 15_000 });
    s = await status(fx, sh.pane);
    ok(s.stateSource !== "status" && s.state !== "blocked", JSON.stringify(s));

    // A program that asks but is not an agent that speaks the protocol gets no answer: it reads
    // the line typed next instead.
    const other = await statusProgram(fx.dir, "notclaude");
    const { pane } = await fx.client.call<{ pane: string }>("session.create", { argv: [other] });
    await fx.client.call("pane.wait", { pane, match: "ASKING", timeout: 15_000 });
    await fx.client.call("pane.write", { pane, text: "typed" });
    const answered = await fx.client.call<{ line: string }>("pane.wait", {
      pane,
      match: "ANSWER",
      timeout: 15_000,
    });
    // (The echo of "typed" may come first: it can arrive before the program's raw mode.)
    ok(answered.line.endsWith('ANSWER "typed"'), answered.line);
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

import assert from "node:assert/strict";
import { z } from "zod";
import { Bus, defineCommand } from "../bus/mod.ts";
import { serveHttpDoor } from "./http_door.ts";
import { HOOK_COMMAND } from "../../protocols/hooks/mod.ts";
import type { Capability } from "../../protocols/bus/capabilities.ts";

/** A bus with a stand-in `pane.report` and one command that answers hooks. */
function busWith(
  answer: (input: { point: string }) => Promise<{ text?: string }>,
  grants: "all" | ReadonlySet<Capability> = "all",
) {
  const bus = new Bus();
  const reports: Record<string, unknown>[] = [];
  bus.register("core", [
    defineCommand({
      name: "pane.report",
      title: "Report",
      description: "Stand-in.",
      capabilities: ["pane:control"],
      input: z.object({}).passthrough(),
      handler: ({ input }) => (reports.push(input), {}),
    }),
  ]);
  bus.register("demo", [
    defineCommand({
      name: "demo.answer",
      title: "Answer",
      description: "Answers hooks.",
      capabilities: ["message:read"],
      answersHooks: true,
      input: z.object({ pane: z.string(), agent: z.string(), point: z.string() }).passthrough(),
      handler: ({ input }) => answer(input),
    }),
  ], grants);
  return { bus, reports };
}

/**
 * Runs weft's real hook command with `event` on its input; its stdout. Under bash it speaks
 * HTTP itself (`/dev/tcp`); under sh it uses curl.
 */
async function hook(
  address: string,
  event: Record<string, unknown>,
  shell = "bash",
): Promise<string> {
  const child = new Deno.Command(shell, {
    args: ["-c", HOOK_COMMAND],
    env: {
      PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
      WEFT_HTTP: address,
      WEFT_PANE: "p1",
      WEFT_SIDEBAND_KEY: "k1",
    },
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
  }).spawn();
  const w = child.stdin.getWriter();
  await w.write(new TextEncoder().encode(JSON.stringify(event)));
  await w.close();
  const out = await child.output();
  assert.equal(out.code, 0);
  return new TextDecoder().decode(out.stdout);
}

Deno.test("hook door: a message an answerer gives comes out of weft's hook as Claude Code's answer", async () => {
  const { bus, reports } = busWith(({ point }) =>
    Promise.resolve(point === "prompt" ? {} : { text: `[message from ada] at ${point}` })
  );
  const door = await serveHttpDoor({ bus, checkKey: (p, k) => p === "p1" && k === "k1" });
  try {
    const tool = await hook(door.address, { hook_event_name: "PostToolUse", tool_name: "Bash" });
    assert.deepEqual(JSON.parse(tool), {
      hookSpecificOutput: {
        hookEventName: "PostToolUse",
        additionalContext: "[message from ada] at tool",
      },
    });
    const stop = await hook(door.address, { hook_event_name: "Stop" });
    assert.deepEqual(JSON.parse(stop), { decision: "block", reason: "[message from ada] at stop" });
    // The loop guard: a stop already continued gets nothing; so do events that carry nothing.
    assert.equal(await hook(door.address, { hook_event_name: "Stop", stop_hook_active: true }), "");
    assert.equal(await hook(door.address, { hook_event_name: "PreToolUse" }), "");
    const curl = await hook(door.address, { hook_event_name: "PostToolUse" }, "sh");
    assert.equal(
      JSON.parse(curl).hookSpecificOutput.additionalContext,
      "[message from ada] at tool",
    );
    // Every event is still reported; the stop the answer continued as going on.
    assert.deepEqual(reports.map((r) => r.continues ?? false), [false, true, false, false, false]);
  } finally {
    await door.close();
  }
});

Deno.test("hook door: an answerer that never answers does not hold the agent", async () => {
  let release!: () => void;
  const never = new Promise<{ text?: string }>((r) => (release = () => r({ text: "late" })));
  const { bus, reports } = busWith(() => never);
  const door = await serveHttpDoor({ bus, checkKey: () => true });
  try {
    // Returns, with nothing, while the answerer is still pending (the door's deadline).
    assert.equal(await hook(door.address, { hook_event_name: "PostToolUse" }), "");
    assert.equal(reports.length, 1);
  } finally {
    release();
    await door.close();
  }
});

Deno.test("hook door: a hook that does not say it prints answers (an older weft's) gets none", async () => {
  let asked = 0;
  const { bus, reports } = busWith(() => (asked++, Promise.resolve({ text: "lost?" })));
  const door = await serveHttpDoor({ bus, checkKey: () => true });
  try {
    const body = JSON.stringify({ hook_event_name: "PostToolUse" });
    const conn = await Deno.connect({
      hostname: "127.0.0.1",
      port: Number(door.address.split(":")[1]),
    });
    await conn.write(new TextEncoder().encode(
      `POST /hooks/claude-code HTTP/1.1\r\nHost: weft\r\nX-Weft-Pane: p1\r\nX-Weft-Key: k1\r\n` +
        `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    ));
    const reply = new TextDecoder().decode(await new Response(conn.readable).arrayBuffer());
    assert.match(reply, /^HTTP\/1\.1 204/);
    assert.equal(asked, 0, "the message stays for another rung");
    assert.equal(reports.length, 1);
  } finally {
    await door.close();
  }
});

Deno.test("hook door: a plugin not granted pane:write is never asked (its answer would reach the agent)", async () => {
  let asked = 0;
  const grants = new Set<Capability>(["message:read"]);
  const { bus } = busWith(() => (asked++, Promise.resolve({ text: "injected" })), grants);
  const door = await serveHttpDoor({ bus, checkKey: () => true });
  try {
    assert.equal(await hook(door.address, { hook_event_name: "PostToolUse" }), "");
    assert.equal(
      await hook(door.address, { hook_event_name: "UserPromptSubmit", prompt: "x" }),
      "",
    );
    assert.equal(asked, 0);
  } finally {
    await door.close();
  }
});

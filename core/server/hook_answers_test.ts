import assert from "node:assert/strict";
import { z } from "zod";
import { Bus, defineCommand } from "../bus/mod.ts";
import { serveHttpDoor } from "./http_door.ts";
import { HOOK_COMMAND } from "../../protocols/hooks/mod.ts";

/** A bus with a stand-in `pane.report` and one command that answers hooks. */
function busWith(answer: (input: { point: string }) => Promise<{ text?: string }>) {
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
  ]);
  return { bus, reports };
}

/** Runs weft's real hook command under bash with `event` on its input; its stdout. */
async function hook(address: string, event: Record<string, unknown>): Promise<string> {
  const child = new Deno.Command("bash", {
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
    // Every event is still reported; the stop the answer continued as going on.
    assert.deepEqual(reports.map((r) => r.continues ?? false), [false, true, false, false]);
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

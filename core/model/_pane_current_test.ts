import { deepStrictEqual as assertEquals } from "node:assert/strict";
import type { ForegroundProcess } from "../pty/mod.ts";
import { withCore } from "../../tests/helpers/core.ts";
import type { PaneInfo } from "./mod.ts";

function proc(pid: number, argv: string[], exe = `/usr/bin/${argv[0]}`): ForegroundProcess {
  return { pid, program: argv[0]!, argv, cwd: "/project", exe, comm: argv[0]! };
}

const BASH = proc(100, ["bash"]);
const CLAUDE = proc(101, ["claude", "--resume"], "/home/u/.local/share/claude/versions/2.1.30");

Deno.test("a pane's current follows its foreground; its agent kind follows an agent in front", async () => {
  await withCore(async (core) => {
    const { pane } = await core.call<{ pane: string }>("session.create", { command: "bash" });
    const pty = core.pty(pane);
    const about = (topic: string) =>
      core.events.filter((e) => e.topic === topic && e.pane === pane).map((e) => e.data);
    pty.foreground = BASH;
    pty.output("$ ");
    await core.clock.advance(250);
    assertEquals(about("pane.current"), [{
      pane,
      current: { pid: 100, program: "bash", argv: ["bash"], cwd: "/project" },
    }]);
    // Input alone is activity: the next tick looks.
    pty.foreground = CLAUDE;
    await core.call("pane.write", { pane, text: "claude --resume", keys: ["Enter"] });
    await core.clock.advance(250);
    assertEquals(about("pane.changed"), [{ pane, agent: "claude" }]);
    const info = await core.call<PaneInfo>("pane.status", { pane });
    assertEquals([info.agent, info.current?.program], ["claude", "claude"]);
    pty.foreground = BASH;
    pty.output("$ ");
    await core.clock.advance(250);
    assertEquals(about("pane.changed").at(-1), { pane, agent: "shell" });
    pty.exit(0);
    await core.clock.advance(0);
    assertEquals(about("pane.current").at(-1), { pane, current: null });
    assertEquals((await core.call<PaneInfo>("pane.status", { pane })).current, null);
  });
});

Deno.test("a quiet pane is not looked at, and a kind given stays whatever runs", async () => {
  await withCore(async (core) => {
    const { pane } = await core.call<{ pane: string }>("session.create", { command: "bash" });
    const pty = core.pty(pane);
    pty.foreground = BASH;
    await core.clock.advance(1_000);
    await core.call("pane.set", { pane, agent: "shell" });
    const before = core.model.foregroundStats()!.looks;
    pty.foreground = CLAUDE; // no output, no input: nobody looks
    await core.clock.advance(5_000);
    assertEquals(core.model.foregroundStats()!.looks, before);
    pty.output("claude starts");
    await core.clock.advance(250);
    const info = await core.call<PaneInfo>("pane.status", { pane });
    assertEquals([info.agent, info.current?.program], ["shell", "claude"]);
  });
});

Deno.test("foregroundMs 0 turns the tracking off", async () => {
  await withCore(async (core) => {
    const { pane } = await core.call<{ pane: string }>("session.create", { command: "bash" });
    core.pty(pane).foreground = CLAUDE;
    core.pty(pane).output("x");
    await core.clock.advance(1_000);
    assertEquals(core.model.foregroundStats(), null);
    assertEquals((await core.call<PaneInfo>("pane.status", { pane })).current, null);
  }, { weft: { foregroundMs: 0 } });
});

import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { startCore } from "../../tests/helpers/core.ts";
import { eventually } from "../../tests/helpers/poll.ts";
import type { ScreenChange } from "./db.ts";
import { ScreenKeeper } from "./_screens.ts";

Deno.test("ScreenKeeper reads changed screens a slice per task and only changed ones", async () => {
  const core = startCore();
  const { pane } = await core.call<{ pane: string }>("session.create", {});
  for (let i = 0; i < 3; i++) await core.call("pane.create", { split: pane });
  const slices: ScreenChange[][] = [];
  // A slice of 0 ms reads one screen and yields.
  const keeper = new ScreenKeeper({ model: core.model, write: (s) => slices.push(s), sliceMs: 0 });
  for (const id of core.model.panes.keys()) keeper.watch(id);
  keeper.pass();
  assertEquals(slices.length, 1, "the rest waits for later tasks");
  // The later slices come in later tasks; under load those can be later than any fixed sleep.
  await eventually("the other three slices", () => slices.length >= 4, { intervalMs: 1 });
  assertEquals(slices.map((s) => s.map((c) => c.pane)), [["p1"], ["p2"], ["p3"], ["p4"]]);

  slices.length = 0;
  keeper.pass();
  assertEquals(slices.length, 0, "nothing changed since");
  core.pty("p3").output("hello\r\n");
  await core.model.pane("p3").screen.flush();
  keeper.pass();
  assertEquals(slices.map((s) => s.map((c) => c.pane)), [["p3"]]);
  assert(slices[0]![0]!.screen!.ansi.startsWith("hello"));

  keeper.unwatch("p2");
  assertEquals(keeper.all().map((c) => c.pane), ["p1", "p3", "p4"]);
  keeper.stop();
  await core.dispose();
});

import { deepStrictEqual } from "node:assert/strict";
import { onPaneExited, remains } from "./_remain.ts";

Deno.test("remains() follows tmux's remain-on-exit: off, on, failed", () => {
  const ok = { code: 0, signal: null };
  const failed = { code: 2, signal: null };
  const killed = { code: null, signal: "SIGKILL" };
  deepStrictEqual([remains(undefined, ok), remains("off", failed)], [false, false]);
  deepStrictEqual([remains("on", ok), remains("on", failed)], [true, true]);
  deepStrictEqual([remains("failed", ok), remains("failed", failed), remains("failed", killed)], [
    false,
    true,
    true,
  ]);
});

Deno.test("onPaneExited() closes only the shim's panes that do not remain", async () => {
  const closed: string[] = [];
  const panes: Record<string, { tags: string[]; meta: Record<string, string> }> = {
    p1: { tags: [], meta: {} },
    p2: { tags: ["tmux"], meta: {} },
    p3: { tags: ["tmux"], meta: { "tmux.remain-on-exit": "on" } },
  };
  const call = <T>(name: string, input: unknown): Promise<T> => {
    const pane = (input as { pane: string }).pane;
    if (name === "pane.close") closed.push(pane);
    return Promise.resolve(panes[pane] as T);
  };
  for (const pane of ["p1", "p2", "p3"]) {
    await onPaneExited({ call, log: () => {} }, { pane, code: 0, signal: null });
  }
  deepStrictEqual(closed, ["p2"]);
});

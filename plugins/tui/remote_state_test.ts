import { deepStrictEqual as assertEquals, throws } from "node:assert/strict";
import { hostOf, qualifyLayout } from "./remote_state.ts";
import type { LayoutInfo } from "../../protocols/bus/records.ts";

Deno.test("hostOf() names the host of HOST/SESSION, none for a plain one, refuses a bad one", () => {
  assertEquals(hostOf("buildbox/main"), "buildbox");
  assertEquals(hostOf("main"), undefined);
  assertEquals(hostOf(undefined), undefined);
  throws(() => hostOf("a/b/c"), /HOST\/ID/);
});

Deno.test("qualifyLayout() qualifies the tree's panes as the record's ids, once", () => {
  const info: LayoutInfo = {
    window: "buildbox/w1",
    cols: 80,
    rows: 24,
    focused: "buildbox/p1",
    zoomed: null,
    panes: [{ pane: "buildbox/p1", x: 0, y: 0, cols: 40, rows: 24 }],
    layout: {
      type: "split",
      direction: "horizontal",
      children: [
        { ratio: 0.5, node: { type: "pane", pane: "p1" } },
        { ratio: 0.5, node: { type: "pane", pane: "buildbox/p2" } },
      ],
    },
  };
  const tree = {
    type: "split",
    direction: "horizontal",
    children: [
      { ratio: 0.5, node: { type: "pane", pane: "buildbox/p1" } },
      { ratio: 0.5, node: { type: "pane", pane: "buildbox/p2" } },
    ],
  };
  assertEquals(qualifyLayout(info).layout, tree);
  assertEquals(qualifyLayout(qualifyLayout(info)).layout, tree);
  // A local window (a call to this host's own name comes back plain) is left alone.
  const local = { ...info, window: "w1" };
  assertEquals(qualifyLayout(local), local);
});

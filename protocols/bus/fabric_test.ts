import { deepStrictEqual } from "node:assert/strict";
import { qualifyIds } from "./fabric.ts";

Deno.test("qualifyIds() qualifies a remote value's ids and leaves the rest alone", () => {
  deepStrictEqual(
    qualifyIds("vm", {
      id: "p3",
      window: "w1",
      command: "p3",
      panes: ["p3", { id: "p4", session: "s1", title: "w9" }],
      text: "hello",
    }),
    {
      id: "vm/p3",
      window: "vm/w1",
      command: "p3",
      panes: ["vm/p3", { id: "vm/p4", session: "vm/s1", title: "w9" }],
      text: "hello",
    },
  );
  deepStrictEqual(qualifyIds("vm", { pane: "other/p2", n: 1 }), { pane: "other/p2", n: 1 });
  deepStrictEqual(qualifyIds("vm", [1, 2]), [1, 2]);
});

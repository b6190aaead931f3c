import { deepStrictEqual, strictEqual, throws } from "node:assert/strict";
import { ReservedNames } from "./_reserved_names.ts";

Deno.test("ReservedNames.set() replaces an owner's list; another owner's names stay its own", () => {
  const names = new ReservedNames();
  deepStrictEqual(names.set("message", ["human", "worker"]), { held: [] });
  deepStrictEqual(names.set("other", ["worker", "x"]), {
    held: [{ name: "worker", owner: "message" }],
  });
  throws(() => names.check("worker", "a pane"), /Cannot name a pane "worker": it is reserved/);
  names.set("message", ["human"]);
  strictEqual(names.owner("worker"), undefined);
  strictEqual(names.owner("x"), "other");
  names.check("worker", "a pane");
});

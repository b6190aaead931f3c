import { deepStrictEqual, strictEqual } from "node:assert/strict";
import { z } from "zod";
import { strayKey, toJsonSchema } from "./schema.ts";

const SCHEMA = toJsonSchema(z.object({
  text: z.string().optional(),
  layout: z.object({ pane: z.object({ command: z.string() }).optional() }).optional(),
  panes: z.array(z.object({ name: z.string() })).optional(),
  env: z.record(z.string(), z.string()).optional(),
  target: z.union([z.object({ pane: z.string() }), z.object({ window: z.string() })]).optional(),
  loose: z.object({ a: z.string() }).passthrough().optional(),
}));

Deno.test("strayKey() finds an unknown key at any depth the schema closes", () => {
  strictEqual(
    strayKey(SCHEMA, { text: "x", env: { ANY: "1" }, loose: { a: "", b: 1 } }),
    undefined,
  );
  deepStrictEqual(strayKey(SCHEMA, { txt: "x" })?.path, "txt");
  deepStrictEqual(strayKey(SCHEMA, { layout: { pane: { comand: "vim" } } }), {
    path: "layout.pane.comand",
    key: "comand",
    known: ["command"],
  });
  strictEqual(strayKey(SCHEMA, { panes: [{ name: "a" }, { nmae: "b" }] })?.path, "panes.1.nmae");
});

Deno.test("strayKey() takes the keys of every object branch of a union", () => {
  strictEqual(strayKey(SCHEMA, { target: { window: "w1" } }), undefined);
  deepStrictEqual(strayKey(SCHEMA, { target: { session: "s1" } })?.known, ["pane", "window"]);
});

import { deepStrictEqual } from "node:assert/strict";
import { PasteBuffers } from "./_shared.ts";

Deno.test("PasteBuffers names automatic buffers, lists newest first and replaces by name", () => {
  const b = new PasteBuffers(() => 7);
  deepStrictEqual([b.set(undefined, "a"), b.set("mine", "m"), b.set(undefined, "c")], [
    "buffer0",
    "mine",
    "buffer1",
  ]);
  b.set("mine", "m2");
  deepStrictEqual(b.list().map((x) => `${x.name}=${x.data}`), [
    "mine=m2",
    "buffer1=c",
    "buffer0=a",
  ]);
  deepStrictEqual(b.get()?.name, "mine");
  deepStrictEqual([b.delete("nope"), b.delete(), b.get()?.name], [false, true, "buffer1"]);
});

Deno.test("PasteBuffers keeps at most 50 automatic buffers and every named one", () => {
  const b = new PasteBuffers();
  b.set("keep", "k");
  for (let i = 0; i < 60; i++) b.set(undefined, String(i));
  deepStrictEqual(b.list().length, 51);
  deepStrictEqual(b.get("buffer9"), undefined);
  deepStrictEqual(b.get("buffer10")?.data, "10");
  deepStrictEqual(b.get("keep")?.data, "k");
});

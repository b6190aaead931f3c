import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { unparsedTail } from "./_snapshot_tail.ts";

const out = (data: string) => ({ topic: "pane.output", pane: "p1", data: { pane: "p1", data } });

Deno.test("unparsedTail() keeps only the output the snapshot had not parsed, and other events", () => {
  const held = [out("abc"), { topic: "pane.state", pane: "p1", data: {} }, out("def"), out("gh")];
  assertEquals(unparsedTail(held, 0), [held[1]]);
  assertEquals(unparsedTail(held, 2), [held[1], out("gh")]);
  assertEquals(unparsedTail(held, 4), [held[1], out("ef"), out("gh")]);
  assertEquals(unparsedTail(held, 100), held);
});

Deno.test("unparsedTail() counts UTF-8 bytes, as the screen does", () => {
  assertEquals(unparsedTail([out("aé€")], 5), [out("é€")]);
});

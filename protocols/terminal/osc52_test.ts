import { strictEqual } from "node:assert/strict";
import { osc52, osc52Text } from "./osc52.ts";

Deno.test("osc52() encodes UTF-8 text as base64, large texts included", () => {
  strictEqual(osc52("hi"), "\x1b]52;c;aGk=\x07");
  strictEqual(osc52("é"), "\x1b]52;c;w6k=\x07");
  const big = "x".repeat(200_000);
  strictEqual(atob(osc52(big).slice(7, -1)), big);
});

Deno.test("osc52Text() reads what osc52() writes, and refuses reads, junk and oversize", () => {
  strictEqual(osc52Text(osc52("copied é").slice(5, -1)), "copied é");
  strictEqual(osc52Text("c;?"), undefined);
  strictEqual(osc52Text("c;"), undefined);
  strictEqual(osc52Text("c;***"), undefined);
  strictEqual(osc52Text("nothing"), undefined);
  strictEqual(osc52Text("c;" + "A".repeat(2 * 1024 * 1024)), undefined);
});

import { ok, strictEqual } from "node:assert/strict";
import { ulidFactory } from "./_ulid.ts";

Deno.test("ulidFactory() makes 26-character ids that increase within one millisecond", () => {
  const make = ulidFactory(() => 1_700_000_000_000, (b) => b.fill(7));
  const ids = Array.from({ length: 1000 }, make);
  ok(ids.every((id) => /^[0-9A-HJKMNP-TV-Z]{26}$/.test(id)), ids[0]);
  ok(ids.every((id, i) => i === 0 || id > ids[i - 1]!));
  strictEqual(new Set(ids).size, 1000);
});

Deno.test("ulidFactory() puts the time first, so later ids sort after earlier ones", () => {
  let t = 1;
  const make = ulidFactory(() => t, (b) => b.fill(255));
  const a = make();
  t = 2;
  ok(make() > a);
});

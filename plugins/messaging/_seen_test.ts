import { deepStrictEqual, strictEqual } from "node:assert/strict";
import { MessageStore } from "./_store.ts";

Deno.test("OutsideNames.see() remembers a name, and writes its time again only once stale", () => {
  let t = 0;
  const s = new MessageStore(":memory:", { now: () => t });
  s.outside.see("bot");
  t = 59_000;
  s.outside.see("bot");
  deepStrictEqual(s.outside.recent(10), [{ name: "bot", at: 0 }]);
  t = 61_000;
  s.outside.see("bot");
  s.outside.see("cli");
  deepStrictEqual(s.outside.recent(10), [{ name: "bot", at: 61_000 }, { name: "cli", at: 61_000 }]);
});

Deno.test("OutsideNames.see() drops names unseen past their time, and the oldest past the most kept", () => {
  let t = 0;
  const s = new MessageStore(":memory:", { now: () => t, seen: { max: 3, ttlMs: 10_000 } });
  for (const name of ["a", "b", "c", "d", "e"]) s.outside.see(name), t += 100;
  deepStrictEqual(s.outside.recent(10).map((x) => x.name), ["e", "d", "c"]);
  strictEqual(s.outside.at("a"), undefined);
  t = 20_000;
  // Expired names are gone to lookups at once, and from the file at the next new name.
  strictEqual(s.outside.at("e"), undefined);
  deepStrictEqual(s.outside.recent(10), []);
  s.outside.see("f");
  deepStrictEqual(s.outside.recent(10), [{ name: "f", at: 20_000 }]);
});

Deno.test("MessageStore opened on a file with more outside names than it keeps cuts them back at once", async () => {
  const dir = await Deno.makeTempDir({ prefix: "weft-seen-" });
  try {
    let t = 0;
    const first = new MessageStore(`${dir}/m.db`, { now: () => t++ });
    for (let i = 0; i < 50; i++) first.outside.see(`n${i}`);
    first.close();
    const second = new MessageStore(`${dir}/m.db`, { now: () => t, seen: { max: 3 } });
    deepStrictEqual(second.outside.recent(100).map((x) => x.name), ["n49", "n48", "n47"]);
    second.close();
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

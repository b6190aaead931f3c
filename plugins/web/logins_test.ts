import assert from "node:assert/strict";
import { Logins } from "./logins.ts";

Deno.test("Logins.redeem() opens a session once per code, never for a wrong code", () => {
  const logins = new Logins();
  const code = logins.issue({ readOnly: true });
  assert.equal(logins.redeem("nope"), undefined);
  const sid = logins.redeem(code);
  assert.ok(sid);
  assert.deepEqual(logins.session(sid), { readOnly: true });
  assert.equal(logins.redeem(code), undefined);
  assert.equal(logins.session("made-up"), undefined);
  assert.equal(logins.session(undefined), undefined);
});

Deno.test("Logins.redeem() refuses a code past its time", () => {
  let now = 1000;
  const logins = new Logins({ codeTtlMs: 50, now: () => now });
  const code = logins.issue({ readOnly: false });
  now += 50;
  assert.equal(logins.redeem(code), undefined);
});

Deno.test("Logins.session() ends a session left unused past its idle time", () => {
  let now = 1000;
  const logins = new Logins({ idleTtlMs: 100, maxTtlMs: 10_000, now: () => now });
  const sid = logins.redeem(logins.issue({ readOnly: false }))!;
  now += 99;
  assert.ok(logins.session(sid), "used in time");
  now += 99;
  assert.ok(logins.session(sid), "each use counts");
  now += 100;
  assert.equal(logins.session(sid), undefined);
  now -= 50;
  assert.equal(logins.session(sid), undefined, "an ended session stays ended");
});

Deno.test("Logins.session() ends a session at its absolute lifetime, however busy", () => {
  let now = 0;
  const logins = new Logins({ idleTtlMs: 100, maxTtlMs: 250, now: () => now });
  const sid = logins.redeem(logins.issue({ readOnly: true }))!;
  for (; now < 250; now += 50) assert.ok(logins.session(sid), `alive at ${now}`);
  assert.equal(logins.session(sid), undefined);
});

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

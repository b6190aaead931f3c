import { deepStrictEqual, strictEqual } from "node:assert/strict";
import {
  encodeOsc,
  encodeOscReply,
  OSC_OPEN,
  parseOscPayload,
  percentDecode,
  percentEncode,
} from "./osc.ts";

Deno.test("parseOscPayload() reads a name and percent-encoded KEY=VALUE fields", () => {
  deepStrictEqual(parseOscPayload("spawn;cmd=make%20test;cwd=/tmp;;name=t=1"), {
    ok: true,
    name: "spawn",
    attrs: { cmd: "make test", cwd: "/tmp", name: "t=1" },
  });
  deepStrictEqual(parseOscPayload("list"), { ok: true, name: "list", attrs: {} });
});

Deno.test("parseOscPayload() refuses bad names, fields without = and repeated keys", () => {
  strictEqual(parseOscPayload("Spawn").ok, false);
  strictEqual(parseOscPayload("").ok, false);
  strictEqual(parseOscPayload("spawn;cmd").ok, false);
  strictEqual(parseOscPayload("spawn;1x=2").ok, false);
  strictEqual(parseOscPayload("spawn;a=1;a=2").ok, false);
});

Deno.test("parseOscPayload() keeps __proto__ as an ordinary key", () => {
  const parsed = parseOscPayload("x;__proto__=1");
  strictEqual(parsed.ok && Object.hasOwn(parsed.attrs, "__proto__"), true);
});

Deno.test("percentEncode() and percentDecode() round-trip any text", () => {
  const text = "a;b=c%d\x07\x1b\u009c é 日本 😀\n";
  strictEqual(percentDecode(percentEncode(text)), text);
  // deno-lint-ignore no-control-regex
  strictEqual(/[\x00-\x1f;=]/.test(percentEncode(text)), false);
  strictEqual(percentDecode("%E2%82"), "\ufffd");
});

Deno.test("encodeOscReply() answers a query with its id, a value or an error", () => {
  const ok = encodeOscReply({ tag: "read", id: "q1", ok: true, value: { text: "a;b" } });
  strictEqual(ok, `${OSC_OPEN}result;id=q1;tag=read;ok=true;value={"text":"a%3Bb"}\x07`);
  const failed = encodeOscReply({ tag: "read", ok: false, code: "DENIED", message: "no" });
  deepStrictEqual(parseOscPayload(failed.slice(7, -1)), {
    ok: true,
    name: "result",
    attrs: { tag: "read", ok: "false", code: "DENIED", message: "no" },
  });
  strictEqual(encodeOsc("list"), `${OSC_OPEN}list\x07`);
});

import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import fc from "fast-check";
import { MAX_STATUS_PAYLOAD, parseStatus } from "./parse_status.ts";
import { StatusRecords } from "./status_records.ts";

const b64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

Deno.test("parseStatus() reads what Claude Code 2.1.330 sends", () => {
  deepStrictEqual(parseStatus("state=idle:app=claude-code"), {
    type: "report",
    record: { state: "idle", app: "claude-code" },
  });
  deepStrictEqual(
    parseStatus(
      "state=blocked:app=claude-code:kind=permission:msg=YXBwcm92ZSBCYXNoOiB0b3VjaCB3ZWZ0LXBlcm0tdGVzdC50eHQ=",
    ),
    {
      type: "report",
      record: {
        state: "blocked",
        app: "claude-code",
        kind: "permission",
        msg: "approve Bash: touch weft-perm-test.txt",
      },
    },
  );
  deepStrictEqual(parseStatus("state=clear"), { type: "clear" });
  deepStrictEqual(parseStatus("?"), { type: "query", data: "" });
});

Deno.test("parseStatus() reads every field, in any order, with UTF-8 titles and messages", () => {
  deepStrictEqual(
    parseStatus(`progress=40:title=${b64("Tests — ünïcode ✓")}:state=working:id=agent_1.a:app=x`),
    {
      type: "report",
      record: {
        state: "working",
        id: "agent_1.a",
        app: "x",
        progress: 40,
        title: "Tests — ünïcode ✓",
      },
    },
  );
  deepStrictEqual(parseStatus("state=clear:id=agent-7"), { type: "clear", id: "agent-7" });
  // The example of the termstate crate's documentation.
  deepStrictEqual(parseStatus("state=done:app=brew:msg=VXBncmFkZWQgMTIgcGFja2FnZXM="), {
    type: "report",
    record: { state: "done", app: "brew", msg: "Upgraded 12 packages" },
  });
});

Deno.test("parseStatus() keeps kind only for blocked and progress only for working/blocked", () => {
  deepStrictEqual(parseStatus("state=idle:kind=permission:progress=50"), {
    type: "report",
    record: { state: "idle" },
  });
  deepStrictEqual(parseStatus("state=blocked:kind=question:progress=100"), {
    type: "report",
    record: { state: "blocked", kind: "question", progress: 100 },
  });
});

Deno.test("parseStatus() ignores unknown keys and rejects what is malformed", () => {
  deepStrictEqual(parseStatus("state=done:future=1"), {
    type: "report",
    record: { state: "done" },
  });
  for (
    const bad of [
      "",
      "state",
      "state=sleeping",
      "app=x",
      "state=done:state=idle",
      "state=working:progress=101",
      "state=working:progress=-1",
      "state=working:progress=4.5",
      "state=done:msg=not base64!",
      "state=done:msg=a",
      "state=done:id=has space",
      "state=done::app=x",
      `state=done:msg=${"A".repeat(MAX_STATUS_PAYLOAD)}`,
    ]
  ) {
    strictEqual(parseStatus(bad).type, "invalid", bad.slice(0, 40));
  }
});

Deno.test("parseStatus() turns control characters in text into spaces and cuts long text", () => {
  const m = parseStatus(
    `state=done:msg=${b64("a\x1b[31mb\x07c\nd")}:title=${b64("t".repeat(999))}`,
  );
  ok(m.type === "report");
  strictEqual(m.record.msg, "a [31mb c\nd");
  strictEqual(m.record.title?.length, 256);
});

Deno.test("parseStatus() never throws, whatever the payload", () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 200 }), (s) => {
      const m = parseStatus(s);
      ok(["query", "report", "clear", "invalid"].includes(m.type));
    }),
  );
  fc.assert(
    fc.property(
      fc.array(
        fc.tuple(fc.constantFrom("state", "id", "msg", "title", "progress", "kind"), fc.string()),
        {
          maxLength: 8,
        },
      ),
      (pairs) => {
        parseStatus(pairs.map(([k, v]) => `${k}=${v}`).join(":"));
      },
    ),
  );
});

Deno.test("StatusRecords: reports replace records whole, clear removes one child or all", () => {
  const records = new StatusRecords();
  ok(records.apply(parseStatus(`state=blocked:kind=permission:msg=${b64("approve?")}`)));
  ok(!records.apply(parseStatus(`state=blocked:kind=permission:msg=${b64("approve?")}`)));
  ok(records.apply(parseStatus("state=blocked")));
  deepStrictEqual(records.root, { state: "blocked" });
  records.apply(parseStatus("state=working:id=a"));
  records.apply(parseStatus("state=working:id=b:progress=10"));
  deepStrictEqual(records.children.map((c) => c.id), ["a", "b"]);
  ok(records.apply(parseStatus("state=clear:id=a")));
  ok(!records.apply(parseStatus("state=clear:id=a")));
  deepStrictEqual(records.children.map((c) => c.id), ["b"]);
  ok(!records.apply(parseStatus("?")));
  ok(!records.apply(parseStatus("state=bogus")));
  ok(records.apply(parseStatus("state=clear")));
  strictEqual(records.live, false);
  ok(!records.apply(parseStatus("state=clear")));
});

Deno.test("StatusRecords keeps at most 64 children", () => {
  const records = new StatusRecords();
  for (let i = 0; i < 100; i++) records.apply(parseStatus(`state=working:id=t${i}`));
  strictEqual(records.children.length, 64);
});

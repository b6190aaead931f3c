import { strictEqual } from "node:assert/strict";
import { NeedNotices, NOTIFY_EVERY_MS } from "./need_notices.ts";

Deno.test("NeedNotices: one notice when a pane starts waiting, at most one per pane a while", () => {
  let now = 0;
  const notices = new NeedNotices(() => now);
  const p = { id: "p3", name: "fix", agent: "claude", state: "working" };
  strictEqual(
    notices.seen(p, { state: "blocked", message: "Allow\x1b]0;x\x07 rm?" }),
    "\x1b]9;weft: fix claude: Allow]0;x rm?\x07",
  );
  strictEqual(notices.seen({ ...p, state: "blocked" }, { state: "blocked" }), undefined);
  strictEqual(notices.seen(p, { state: "working" }), undefined);
  now += NOTIFY_EVERY_MS - 1;
  strictEqual(notices.seen(p, { state: "blocked" }), undefined, "too soon for the same pane");
  const other = { ...p, id: "p4", name: null };
  strictEqual(notices.seen(other, { state: "blocked" }), "\x1b]9;weft: p4 claude: needs you\x07");
  now += 1;
  strictEqual(notices.seen(p, { state: "blocked" }), "\x1b]9;weft: fix claude: needs you\x07");
  strictEqual(notices.seen(undefined, { state: "blocked" }), undefined, "a pane it does not know");
});

Deno.test("NeedNotices: none for a muted pane", () => {
  const notices = new NeedNotices(() => 0);
  const p = { id: "p3", name: null, agent: "claude", state: "working", meta: { notify: "off" } };
  strictEqual(notices.seen(p, { state: "blocked" }), undefined);
  strictEqual(
    notices.seen({ ...p, meta: {} }, { state: "blocked" }),
    "\x1b]9;weft: p3 claude: needs you\x07",
  );
});

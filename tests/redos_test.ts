import { deepStrictEqual as assertEquals, ok as assert, rejects } from "node:assert/strict";
import { WeftError } from "../protocols/bus/errors.ts";
import { E2E } from "./helpers/server.ts";
import { withChildServer } from "./helpers/child_server.ts";

const HOSTILE = `${"a".repeat(27)}!`; // (a+)+$ on this line: ~12 s in a backtracking engine

/** Rejects if `promise` has not settled after `ms`: a frozen server, not a slow one. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

Deno.test(
  "a catastrophic regex in pane.wait never freezes the server (ReDoS)",
  E2E,
  async () => {
    // A server in its own process: a frozen event loop there cannot freeze this test's clock.
    await withChildServer(async ({ connect }) => {
      const agent = await connect();
      const other = await connect();
      // The hostile line 300 times among 3,000 others: ~200 KB of history to search.
      const p = await agent.call<{ id: string }>("pane.create", {
        command: `for i in $(seq 3000); do echo "line $i"; ` +
          `[ $((i % 10)) = 0 ] && echo '${HOSTILE}'; done; echo all-printed; sleep 600`,
      });
      await agent.call("pane.wait", { pane: p.id, match: "all-printed", timeout: 30_000 });

      const wait = agent.call("pane.wait", {
        pane: p.id,
        match: "(a+)+$",
        regex: true,
        since: 0, // the whole history, not just the screen
        timeout: 3_000,
      }).then(() => "matched", (err) => err as WeftError);
      let waitOver = false;
      wait.finally(() => (waitOver = true));

      // Another client is answered while the wait searches and waits.
      const asked = performance.now();
      const status = await within(other.call<{ pid: number }>("server.status"), 20_000, "status");
      const roundTripMs = performance.now() - asked;
      assert(status.pid > 0);
      assert(!waitOver, "the status call was answered while the regex wait was still running");
      console.log(
        `server.status round trip during a hostile regex wait: ${roundTripMs.toFixed(1)} ms`,
      );

      const ended = await within(wait, 20_000, "the regex wait");
      assert(ended instanceof WeftError, `the wait ended with ${String(ended)}`);
      assertEquals(ended.code, "TIMEOUT");

      // The same engine finds what is there, anchored at line ends.
      const hit = await agent.call<{ matched: string; line: string }>("pane.wait", {
        pane: p.id,
        match: "^a{27}!$",
        regex: true,
        since: 0,
        timeout: 5_000,
      });
      assertEquals(hit.matched, HOSTILE);

      // What RE2 cannot do in linear time is refused up front, with the reason.
      await rejects(
        agent.call("pane.wait", { pane: p.id, match: "(a)\\1", regex: true }),
        (err: WeftError) =>
          err.code === "INVALID_INPUT" && /backreference \\1 is not supported/.test(err.message),
      );
      await rejects(
        agent.call("pane.wait", { pane: p.id, match: "a(?=b)", regex: true }),
        (err: WeftError) => err.code === "INVALID_INPUT" && /lookahead/.test(err.message),
      );
    });
  },
);

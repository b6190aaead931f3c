// waitFor's re-checks, with a screen whose parsing the test controls: what brings no event
// must still be looked at once it is parsed.
import { strictEqual } from "node:assert/strict";
import { EventHub } from "../bus/mod.ts";
import type { Pane } from "../model/mod.ts";
import { waitFor } from "./_wait.ts";

/** A pane whose screen parses when the test says: `parse()` settles the pending flushes. */
function fakePane(pendingBytes: number) {
  const flushes: (() => void)[] = [];
  const screen = {
    pendingBytes,
    flush: () => new Promise<void>((resolve) => flushes.push(resolve)),
  };
  const parse = () => {
    screen.pendingBytes = 0;
    for (const resolve of flushes.splice(0)) resolve();
  };
  return { pane: { id: "p1", screen } as unknown as Pane, parse, flushes };
}

/** Resolves with `promise`'s value, or "still waiting" after `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | "still waiting"> {
  return Promise.race([
    promise,
    new Promise<"still waiting">((r) => setTimeout(r, ms, "still waiting")),
  ]);
}

const tick = () => new Promise((r) => setTimeout(r, 0));

/** A wait for "done" on `pane`'s screen (as `show` sets it), with a poll too slow to matter. */
function waitForDone(pane: Pane) {
  let shown = "";
  const events = new EventHub();
  const wait = waitFor(pane, () => shown.includes("done") ? shown : undefined, {
    events,
    signal: new AbortController().signal,
    pollMs: 60_000,
    what: "done",
  });
  return { wait, events, show: (text: string) => void (shown = text) };
}

Deno.test("waitFor looks again once output that came before the wait is parsed", async () => {
  // The text is on its way (written, not parsed) when the wait begins: parsing it publishes
  // nothing, so only this re-check (not the 60 s poll) can see it.
  const { pane, parse } = fakePane(4096);
  const { wait, show } = waitForDone(pane);
  await tick();
  show("done");
  parse();
  strictEqual(await within(wait, 2_000), "done");
});

Deno.test("waitFor looks again after output that came while it waited for a parse", async () => {
  const { pane, parse, flushes } = fakePane(0);
  const { wait, show, events } = waitForDone(pane);
  events.publish("pane.output", { pane: "p1", data: "a" }, "p1"); // a flush for "a" begins
  await tick();
  strictEqual(flushes.length, 1);
  events.publish("pane.output", { pane: "p1", data: "done" }, "p1"); // while that flush is pending
  parse(); // "a" parsed; "done" not yet on the screen when the check runs
  await tick();
  show("done"); // now parsed, with no event of its own
  parse();
  await tick();
  parse();
  strictEqual(await within(wait, 2_000), "done");
});

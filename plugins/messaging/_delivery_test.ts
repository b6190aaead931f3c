import { deepStrictEqual, strictEqual } from "node:assert/strict";
import { WeftError } from "@weft/weft/plugin";
import type { PaneEntry } from "./_directory.ts";
import { frame, PaneDelivery } from "./_delivery.ts";
import type { DeliveryReport } from "./_typed.ts";
import { MessageStore } from "./_store.ts";
import { eventually } from "../../tests/helpers/poll.ts";

const RULE = "─".repeat(40);

/**
 * An agent pane played by the test: its state, its prompt, what was typed into it. On Enter
 * the agent takes the prompt and reports working (`quiet`: takes it and reports nothing, a
 * turn too short to be seen; `works: false`: ignores it).
 */
function setup(
  options: {
    source?: string;
    busyHuman?: boolean;
    works?: boolean;
    quiet?: boolean;
    humanAfter?: string;
    history?: string;
    /** The agent's transcript (JSON lines); none: it has none weft may read. */
    transcript?: string;
    /** The pane's process. */
    pid?: number;
  } = {},
  store = new MessageStore(":memory:"),
) {
  let transcript = options.transcript;
  let pane: PaneEntry = {
    id: "p1",
    name: "bob",
    agent: "claude",
    state: "working",
    stateSource: options.source ?? "status",
    exited: false,
    tags: [],
    meta: {},
    ...(options.pid ? { pid: options.pid } : {}),
  };
  let prompt = "";
  let above = "";
  const writes: Record<string, unknown>[] = [];
  const reports: DeliveryReport[] = [];
  const delivery: PaneDelivery = new PaneDelivery({
    store,
    pane: () => pane,
    call: <T>(name: string, input: unknown) => {
      if (name === "pane.transcript") {
        if (transcript === undefined) return Promise.resolve({ available: false } as T);
        const { find, after } = input as { find?: string; after?: number };
        const tail = new TextDecoder().decode(
          new TextEncoder().encode(transcript).subarray(after ?? 0),
        );
        const found = find ? tail.split(JSON.stringify(find).slice(1, -1)).length - 1 : 0;
        const size = new TextEncoder().encode(transcript).length;
        return Promise.resolve({ available: true, size, found } as T);
      }
      if (name === "pane.read") {
        const history = (input as { mode?: string }).mode === "history" ? options.history : above;
        return Promise.resolve(
          { text: [history ?? "", RULE, `❯ ${prompt}`, RULE].join("\n") } as T,
        );
      }
      const w = input as Record<string, unknown>;
      if (options.busyHuman) return Promise.reject(new WeftError("BUSY_HUMAN", "typing"));
      writes.push(w);
      if (w.text) prompt = String(w.text);
      // The fake prompt as Claude Code's: Ctrl-U erases the row the cursor is on.
      const keys = (w.keys ?? []) as string[];
      for (const k of keys) if (k === "C-u") prompt = prompt.split("\n").slice(0, -1).join("\n");
      if (keys.includes("Enter") && options.humanAfter) prompt = options.humanAfter;
      if (keys.includes("Enter") && options.works !== false) {
        prompt = "";
        if (!options.quiet) queueMicrotask(() => set("working"));
      }
      return Promise.resolve({} as T);
    },
    deliver: "auto",
    confirmMs: 200,
    stallMs: 80,
    pauseMs: 1,
    pollMs: 5,
    laterMs: 20,
    turnGraceMs: 150,
    log: () => {},
    report: (r) => reports.push(r),
  });
  const set = (state: string, source?: string) => {
    pane = { ...pane, state, ...(source ? { stateSource: source } : {}) };
    delivery.state(pane);
  };
  const send = (content: string) => {
    const [m] = store.insert({
      from: "alice",
      toSpec: "bob",
      recipients: ["bob"],
      content,
      priority: "high",
    });
    delivery.arrived(m!, pane);
    return m!;
  };
  const setPrompt = (text?: string) => (text === undefined ? prompt : (prompt = text));
  const setAbove = (text: string) => (above = text);
  const write = (line: unknown) => (transcript += `${JSON.stringify(line)}\n`);
  const setHistory = (text: string) => (options.history = text);
  return {
    store,
    writes,
    reports,
    set,
    send,
    delivery,
    prompt: setPrompt,
    above: setAbove,
    history: setHistory,
    write,
  };
}

/** Whether a delivery column says given up on (undelivered, with or without a mark). */
function given(delivery: string | null | undefined): boolean {
  return /^undelivered\b/.test(delivery ?? "");
}

/** What was written, keys or the word text. */
function written(t: { writes: Record<string, unknown>[] }) {
  return t.writes.map((w) => w.keys ?? "text");
}

Deno.test("PaneDelivery types nothing into a working agent, then everything queued in one turn", async () => {
  const t = setup();
  const a = t.send("one");
  const b = t.send("two");
  await new Promise((r) => setTimeout(r, 30)); // proves nothing is typed while it works
  strictEqual(t.writes.length, 0);
  t.set("idle");
  await eventually("the delivery", () => t.store.unreadCount("bob") === 0);
  deepStrictEqual(t.writes, [
    { pane: "p1", text: frame([a, b]), yieldToHuman: true },
    { pane: "p1", keys: ["Enter"], yieldToHuman: true },
  ]);
  strictEqual(t.writes[0]!.text, "[message from alice, high] one\n[message from alice, high] two");
  deepStrictEqual(t.store.get(a.id, "bob")?.delivery, "typed");
  t.delivery.close();
});

Deno.test("PaneDelivery counts a prompt emptied by Enter as delivered, with no working report (typed once)", async () => {
  // A turn so short that no working report comes (done → done): the old code waited 15 s,
  // then typed the whole message again into the empty prompt.
  const t = setup({ quiet: true });
  t.set("idle");
  t.send("one");
  await eventually("the delivery", () => t.store.unreadCount("bob") === 0);
  await new Promise((r) => setTimeout(r, 250)); // proves nothing more is typed
  deepStrictEqual(written(t), ["text", ["Enter"]]);
  strictEqual(
    t.store.log({ limit: 1 })[0] && t.store.get(t.store.log({ limit: 1 })[0]!.id, "bob")?.delivery,
    "typed",
  );
  t.delivery.close();
});

Deno.test("PaneDelivery resolves an intent a crash left by looking: shown in the history, nothing typed", async () => {
  const t = setup({ history: "❯ [message from alice, high] one\n● Got it." });
  const m = t.send("one");
  t.store.markDelivery("bob", [m.id], "typing");
  t.set("idle");
  await eventually("the resolution", () => t.store.unreadCount("bob") === 0);
  deepStrictEqual(written(t), []);
  strictEqual(t.store.get(m.id, "bob")?.delivery, "typed");
  t.delivery.close();
});

Deno.test("PaneDelivery resolves an intent a crash left by looking: still in the prompt, Enter only", async () => {
  const t = setup();
  const m = t.send("one");
  t.store.markDelivery("bob", [m.id], "typing");
  t.prompt(frame([m]));
  t.set("idle");
  await eventually("the delivery", () => t.store.unreadCount("bob") === 0);
  deepStrictEqual(written(t), [["Enter"]]);
  t.delivery.close();
});

Deno.test("PaneDelivery.handover() gives a working agent's messages to its hook once, marked hook", async () => {
  const t = setup({ source: "hook" });
  const a = t.send("one");
  strictEqual(await t.delivery.handover("p1", { point: "tool" }), frame([a]));
  strictEqual(await t.delivery.handover("p1", { point: "stop" }), undefined);
  strictEqual(t.store.get(a.id, "bob")?.delivery, "hook");
  strictEqual(t.store.unreadCount("bob"), 0);
  deepStrictEqual(t.writes, []);
  t.delivery.close();
});

Deno.test("PaneDelivery.handover() with a transcript: read hook only once the transcript shows it", async () => {
  const t = setup({ source: "hook", transcript: '{"type":"user"}\n' });
  const a = t.send("one");
  strictEqual(await t.delivery.handover("p1", { point: "tool" }), frame([a]));
  strictEqual(t.store.get(a.id, "bob")?.delivery, `handing@16`);
  strictEqual(await t.delivery.handover("p1", { point: "tool" }), undefined, "under way");
  t.write({ type: "attachment", attachment: { content: [frame([a])] } });
  await eventually("read once shown", () => t.store.unreadCount("bob") === 0);
  strictEqual(t.store.get(a.id, "bob")?.delivery, "hook");
  t.delivery.close();
});

Deno.test("PaneDelivery: a hand-over the transcript shows late is read hook; one it never shows is reported, never typed", async () => {
  const t = setup({ source: "hook", transcript: '{"type":"user"}\n', pid: 7 });
  const late = t.send("late");
  strictEqual(await t.delivery.handover("p1", { point: "stop" }), frame([late]));
  t.set("idle", "hook"); // the turn it continued ended before the transcript was written
  await new Promise((r) => setTimeout(r, 50));
  strictEqual(t.store.get(late.id, "bob")?.delivery, "handing@16:7", "not released at once");
  t.write({ type: "user", message: { content: `Stop hook feedback:\n${frame([late])}` } });
  await eventually("read hook", () => t.store.get(late.id, "bob")?.delivery === "hook");
  deepStrictEqual(t.writes, []);
  t.set("working", "hook");
  // Taken, but written to the transcript later than the grace (a loaded machine): the old code
  // released it at the end of the grace and typed it: the agent had it twice.
  const unsure = t.send("unsure");
  strictEqual(await t.delivery.handover("p1", { point: "tool" }), frame([unsure]));
  t.set("idle", "hook");
  await eventually("reported", () => given(t.store.get(unsure.id, "bob")?.delivery));
  const report = t.reports.find((r) => r.ids.includes(unsure.id));
  strictEqual(report?.status, "undelivered");
  strictEqual(/not typed again/.test(report?.reason ?? ""), true, report?.reason);
  await new Promise((r) => setTimeout(r, 100)); // proves nothing is typed
  deepStrictEqual(t.writes, []);
  strictEqual(t.store.unreadCount("bob"), 1, "left unread for the agent to read");
  // The transcript shows it after all (later than the grace): read hook, the sender told.
  t.write({ type: "attachment", attachment: { content: [frame([unsure])] } });
  t.set("working", "hook");
  t.set("idle", "hook"); // looked for again once the next turn is over
  await eventually("read hook at last", () => t.store.get(unsure.id, "bob")?.delivery === "hook");
  deepStrictEqual(t.reports.at(-1), { pane: "p1", to: "bob", ids: [unsure.id], status: "hook" });
  t.delivery.close();
});

Deno.test("PaneDelivery: a hand-over the transcript passed for good (a later one shown, not it) is typed after the turn", async () => {
  const t = setup({ source: "hook", transcript: '{"type":"user"}\n', pid: 7 });
  // Its hook's answer never reached the agent (a hook that timed out): not in the transcript.
  const lost = t.send("lost");
  strictEqual(await t.delivery.handover("p1", { point: "tool" }), frame([lost]));
  t.write({ type: "assistant", message: { content: "the turn goes on" } });
  const later = t.send("later");
  strictEqual(await t.delivery.handover("p1", { point: "stop" }), frame([later]));
  t.write({ type: "user", message: { content: `Stop hook feedback:\n${frame([later])}` } });
  await eventually("the later one read hook", () => {
    return t.store.get(later.id, "bob")?.delivery === "hook";
  });
  strictEqual(t.store.get(lost.id, "bob")?.delivery, "handing@16:7", "under way in the turn");
  t.set("idle", "hook");
  // The transcript went past it: it can no longer be taken, so it is typed (the old rule
  // reported it undelivered and left it, unread, for good).
  await eventually("typed", () => t.store.get(lost.id, "bob")?.delivery === "typed");
  deepStrictEqual(written(t), ["text", ["Enter"]]);
  t.delivery.close();
});

Deno.test("PaneDelivery: a hand-over the transcript does not show but the screen does is read hook at the turn's end", async () => {
  const t = setup({ source: "hook", transcript: '{"type":"user"}\n' });
  const m = t.send("on screen");
  strictEqual(await t.delivery.handover("p1", { point: "stop" }), frame([m]));
  t.history(`⏺ Stop hook feedback:\n  ${frame([m])}`);
  t.set("idle", "hook");
  await eventually("read hook", () => t.store.get(m.id, "bob")?.delivery === "hook");
  deepStrictEqual(t.writes, []);
  t.delivery.close();
});

Deno.test("PaneDelivery: after a restart of the plugin alone, a hand-over to the same agent waits for its transcript, not handed again", async () => {
  const store = new MessageStore(":memory:");
  const first = setup({ source: "hook", transcript: '{"type":"user"}\n', pid: 4242 }, store);
  const m = first.send("in flight");
  strictEqual(await first.delivery.handover("p1", { point: "tool" }), frame([m]));
  const handing = store.get(m.id, "bob")?.delivery;
  strictEqual(handing?.startsWith("handing@16"), true, handing ?? "null");
  first.delivery.close();
  // The plugin restarted; the agent (pid 4242) lives on and its hook's answer is on its way.
  const second = setup({ source: "hook", transcript: '{"type":"user"}\n', pid: 4242 }, store);
  second.set("working", "hook");
  await new Promise((r) => setTimeout(r, 60)); // proves it is not released
  strictEqual(store.get(m.id, "bob")?.delivery, handing, "not released");
  strictEqual(await second.delivery.handover("p1", { point: "stop" }), undefined, "not again");
  // The agent took it: its transcript shows it a moment later (watched, no event needed).
  second.write({ type: "attachment", attachment: { content: [frame([m])] } });
  await eventually("read hook", () => store.get(m.id, "bob")?.delivery === "hook", {
    timeoutMs: 5000,
  });
  deepStrictEqual(second.writes, []);
  second.delivery.close();
  // The same restart while the agent is idle already: given up on after the grace, not typed.
  const third = setup({ source: "hook", transcript: '{"type":"user"}\n', pid: 4242 }, store);
  third.set("working", "hook");
  const n = third.send("in flight too");
  strictEqual(await third.delivery.handover("p1", { point: "stop" }), frame([n]));
  third.delivery.close();
  const fourth = setup({ source: "hook", transcript: '{"type":"user"}\n', pid: 4242 }, store);
  fourth.set("idle", "hook");
  await eventually("reported", () => given(store.get(n.id, "bob")?.delivery));
  deepStrictEqual(fourth.writes, []);
  fourth.delivery.close();
});

Deno.test("PaneDelivery: a hand-over a crash cut short is handed over again, unless the transcript shows it", async () => {
  const store = new MessageStore(":memory:");
  const first = setup({ source: "hook", transcript: '{"type":"user"}\n', pid: 100 }, store);
  const lost = first.send("lost one");
  strictEqual(await first.delivery.handover("p1", { point: "tool" }), frame([lost]));
  first.delivery.close();
  // The server died before the agent took it: a new agent process (the pane restored), the
  // same store and transcript.
  const second = setup({ source: "hook", transcript: '{"type":"user"}\n', pid: 200 }, store);
  second.set("working", "hook");
  await eventually("released", () => store.get(lost.id, "bob")?.delivery === null);
  strictEqual(await second.delivery.handover("p1", { point: "stop" }), frame([lost]));
  // This time the agent took it, then the server died: read, not handed over a third time.
  second.delivery.close();
  const third = setup({ source: "hook", transcript: '{"type":"user"}\n', pid: 300 }, store);
  third.write({ type: "user", message: { content: `Stop hook feedback:\n${frame([lost])}` } });
  third.set("working", "hook");
  await eventually("read", () => store.unreadCount("bob") === 0);
  strictEqual(store.get(lost.id, "bob")?.delivery, "hook");
  strictEqual(await third.delivery.handover("p1", { point: "stop" }), undefined);
  third.delivery.close();
});

Deno.test("PaneDelivery does not trust an idle the screen heuristics guessed", async () => {
  const t = setup({ source: "screen" });
  t.send("one");
  t.set("idle");
  await new Promise((r) => setTimeout(r, 60)); // proves nothing is typed
  strictEqual(t.writes.length, 0);
  strictEqual(t.store.unreadCount("bob"), 1);
  t.delivery.close();
});

Deno.test("PaneDelivery waits for a human's draft and for a typing human", async () => {
  const t = setup();
  t.prompt("my own words");
  t.set("idle");
  t.send("one");
  await new Promise((r) => setTimeout(r, 60)); // proves nothing is typed over the draft
  strictEqual(t.writes.length, 0);
  t.prompt("");
  await eventually("the delivery", () => t.store.unreadCount("bob") === 0);
  t.delivery.close();
  const busy = setup({ busyHuman: true });
  busy.set("idle");
  busy.send("one");
  await new Promise((r) => setTimeout(r, 60));
  deepStrictEqual([busy.store.unreadCount("bob"), busy.store.unread("bob")[0]?.delivery], [
    1,
    null,
  ]);
  busy.delivery.close();
});

Deno.test("PaneDelivery presses Enter once more (never the text), then takes its text back and leaves the message undelivered", async () => {
  const t = setup({ works: false });
  t.set("idle");
  t.send("one");
  t.send("two");
  await eventually("the give-up", () => t.store.unread("bob")[0]?.delivery === "undelivered");
  deepStrictEqual(written(t), [
    "text",
    ["Enter"],
    ["Enter"],
    ["C-u", "Backspace", "C-u", "Backspace"],
  ]);
  strictEqual(t.prompt(), "");
  deepStrictEqual(t.store.unread("bob").map((m) => m.delivery), ["undelivered", "undelivered"]);
  t.delivery.close();
});

Deno.test("PaneDelivery gives up without erasing a prompt that holds more than its text", async () => {
  const t = setup({ works: false, humanAfter: "[message from alice, high] one and mine" });
  t.set("idle");
  t.send("one");
  await eventually("the give-up", () => t.store.unread("bob")[0]?.delivery === "undelivered");
  deepStrictEqual(written(t), ["text", ["Enter"]]);
  strictEqual(t.prompt(), "[message from alice, high] one and mine");
  t.delivery.close();
});

Deno.test("PaneDelivery.mode() follows a pane's deliver meta over the project's default", () => {
  const t = setup();
  const pane = (meta: Record<string, string>) => ({
    id: "p1",
    name: "x",
    agent: "claude",
    state: "idle",
    stateSource: "hook",
    exited: false,
    tags: [],
    meta,
  });
  strictEqual(t.delivery.mode(pane({})), "auto");
  strictEqual(t.delivery.mode(pane({ deliver: "inbox" })), "inbox");
  strictEqual(t.delivery.ready(pane({ deliver: "inbox" })), false);
  strictEqual(t.delivery.ready(pane({})), true);
  strictEqual(t.delivery.ready({ ...pane({}), agent: "shell" }), false);
  t.delivery.close();
});

Deno.test("PaneDelivery types nothing while a dialog is up, even with an idle report", async () => {
  const t = setup();
  // What a Claude Code permission dialog shows, above its (empty) prompt.
  t.above([
    " Bash command",
    "   rm -rf build",
    " Do you want to proceed?",
    " ❯ 1. Yes",
    "   2. No",
    " Esc to cancel",
  ].join("\n"));
  t.set("idle");
  t.send("one");
  await new Promise((r) => setTimeout(r, 60)); // proves nothing is typed
  strictEqual(t.writes.length, 0);
  t.above("");
  t.set("idle");
  await eventually("the delivery once the dialog is gone", () => t.store.unreadCount("bob") === 0);
  t.delivery.close();
});

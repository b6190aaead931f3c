import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { PaneInput } from "./pane_input.ts";

Deno.test("PaneInput sends in order, one write at a time per pane, batching what queued meanwhile", async () => {
  const sent: [string, Record<string, unknown>][] = [];
  let release!: () => void;
  const input = new PaneInput(async (pane, params) => {
    sent.push([pane, params]);
    if (sent.length === 1) await new Promise<void>((r) => (release = r));
  });
  input.send("p1", { text: "a" });
  input.send("p1", { text: "b" });
  input.send("p1", { text: "c" });
  input.send("p1", { keys: ["Up"] });
  input.send("p1", { keys: ["Up"] });
  input.send("p1", { paste: "x\ny" });
  input.send("p2", { text: "z" });
  await new Promise((r) => setTimeout(r, 0));
  release();
  await input.idle();
  assertEquals(sent, [
    ["p1", { text: "a", paste: false }],
    ["p2", { text: "z", paste: false }],
    ["p1", { text: "bc", paste: false }],
    ["p1", { keys: ["Up", "Up"] }],
    ["p1", { text: "x\ny", paste: true }],
  ]);
});

Deno.test("PaneInput reports a failed write and goes on", async () => {
  const errors: unknown[] = [];
  const sent: unknown[] = [];
  const input = new PaneInput((_pane, params) => {
    if (params.text === "bad") return Promise.reject(new Error("nope"));
    sent.push(params.text);
    return Promise.resolve();
  }, (err) => errors.push(err));
  input.send("p1", { text: "bad" });
  await input.idle();
  input.send("p1", { text: "good" });
  await input.idle();
  assertEquals([errors.length, sent], [1, ["good"]]);
});

Deno.test("PaneInput sends raw bytes (an X10 mouse report past column 95) as base64, unmerged", async () => {
  const sent: Record<string, unknown>[] = [];
  const input = new PaneInput((_pane, params) => (sent.push(params), Promise.resolve()));
  input.send("p1", { bytes: "\x1b[M \xa1!" });
  input.send("p1", { bytes: "\x1b[M#\xa1!" });
  await input.idle();
  assertEquals(sent, [{ bytes: btoa("\x1b[M \xa1!") }, { bytes: btoa("\x1b[M#\xa1!") }]);
});

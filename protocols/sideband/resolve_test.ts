import { deepStrictEqual, strictEqual } from "node:assert/strict";
import { resolveTag } from "./resolve.ts";
import { TAGS, type TagTable } from "./tags.ts";

const ok = (name: string, attrs: Record<string, string>, content?: string, self = "p1") => {
  const r = resolveTag({ name, attrs, ...(content === undefined ? {} : { content }) }, TAGS, self);
  if (!r.ok) throw new Error(r.reason);
  return r;
};
const reason = (name: string, attrs: Record<string, string>, content?: string) => {
  const r = resolveTag({ name, attrs, ...(content === undefined ? {} : { content }) }, TAGS, "p1");
  if (r.ok) throw new Error(`resolved: ${JSON.stringify(r.input)}`);
  return r.reason;
};

Deno.test("resolveTag() passes a host-qualified target on to the bus's routing step", () => {
  strictEqual(ok("read", { target: "buildbox/p3" }).input.pane, "buildbox/p3");
  strictEqual(reason("read", { target: "a/b/p3" }), "target must be a pane id or name");
  strictEqual(reason("read", { target: "/p3" }), "target must be a pane id or name");
});

Deno.test("resolveTag() maps spawn to pane.create, splitting the writer's pane", () => {
  const r = ok("spawn", {
    cmd: "npm test",
    cwd: "./pkg",
    name: "tests",
    direction: "vertical",
    ratio: "0.35",
    focus: "false",
  });
  strictEqual(r.command, "pane.create");
  deepStrictEqual(r.input, {
    command: "npm test",
    cwd: "./pkg",
    name: "tests",
    direction: "vertical",
    ratio: 0.35,
    focus: false,
    split: "p1",
  });
});

Deno.test("resolveTag() fills input's text from its content, keys from words", () => {
  const r = ok("input", { target: "tests", submit: "true", keys: "C-c  Enter" }, "a\nb");
  deepStrictEqual(r.input, { pane: "tests", submit: true, keys: ["C-c", "Enter"], text: "a\nb" });
  strictEqual(
    reason("input", { target: "t", text: "x" }, "y"),
    "give text as an attribute or as content, not both",
  );
});

Deno.test("resolveTag() picks a control variant by its action", () => {
  deepStrictEqual(ok("control", { action: "close", target: "p3" }).input, { pane: "p3" });
  strictEqual(ok("control", { action: "close", target: "p3" }).tag, "control:close");
  deepStrictEqual(ok("control", { action: "resize", target: "p3", dx: "-4" }).input, {
    pane: "p3",
    dx: -4,
  });
  deepStrictEqual(ok("control", { action: "rename", name: "me" }).input, {
    name: "me",
    pane: "p1",
  });
  strictEqual(ok("control", { action: "zoom" }).command, "layout.zoom");
  strictEqual(
    reason("control", { action: "explode" }),
    'action must be one of close, resize, rename, zoom, got "explode"',
  );
  strictEqual(reason("control", {}), "action must be one of close, resize, rename, zoom, got none");
});

Deno.test("resolveTag() reports the writer's own state and keeps an id", () => {
  const r = ok("status", { state: "blocked", msg: "needs a password", id: "s1" });
  deepStrictEqual(r.input, { state: "blocked", message: "needs a password", pane: "p1" });
  strictEqual(r.id, "s1");
  deepStrictEqual(ok("read", { target: "p2", lines: "10" }).input, {
    mode: "recent",
    lines: 10,
    pane: "p2",
  });
  deepStrictEqual(ok("read", { target: "p2" }).input, { mode: "recent", lines: 50, pane: "p2" });
});

Deno.test("resolveTag() refuses every bad value before anything runs", () => {
  strictEqual(reason("nope", {}), 'unknown tag "nope"');
  strictEqual(reason("spawn", {}), "cmd is required");
  strictEqual(
    reason("spawn", { cmd: "x", ratio: "1.5" }),
    "ratio must be a number between 0 and 1, like 0.4",
  );
  strictEqual(
    reason("spawn", { cmd: "x", direction: "up" }),
    "direction must be one of horizontal, vertical",
  );
  strictEqual(reason("spawn", { cmd: "x\x1b[2J" }), "cmd holds control characters");
  strictEqual(
    reason("spawn", { cmd: "x", shell: "zsh" }).startsWith('unknown attribute "shell"'),
    true,
  );
  const proto = Object.fromEntries([["cmd", "x"], ["__proto__", "y"]]);
  strictEqual(reason("spawn", proto).startsWith('unknown attribute "__proto__"'), true);
  strictEqual(reason("input", { target: "p 2" }), "target must be a pane id or name");
  strictEqual(reason("input", { target: "p2", submit: "yes" }), "submit must be true or false");
  strictEqual(
    reason("status", { state: "sleeping" }),
    "state must be one of idle, working, blocked, done, error",
  );
  strictEqual(reason("read", { target: "p2", lines: "0" }), "lines must be a whole number ≥ 1");
  strictEqual(reason("list", {}, "text"), "<list> takes no content");
  strictEqual(reason("list", { id: "a b" }), "id must be 1-64 letters, digits or _.:@+-");
});

Deno.test("resolveTag() reads a table given by a later plugin", () => {
  const table: TagTable = {
    canvas: {
      command: "canvas.draw",
      summary: "draw",
      content: "text",
      attrs: { kind: { kind: ["md", "diff"] }, text: { kind: "string" } },
    },
  };
  const r = resolveTag({ name: "canvas", attrs: { kind: "md" }, content: "# hi" }, table);
  deepStrictEqual(r.ok && r.input, { kind: "md", text: "# hi" });
});

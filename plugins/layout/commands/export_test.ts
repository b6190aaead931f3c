import { deepStrictEqual } from "node:assert/strict";
import { paneSpecOf } from "./export.ts";

const base = { name: "", command: "", cwd: "/p", meta: {} };

Deno.test("paneSpecOf() gives a shell line as its command and a program as its argv", () => {
  deepStrictEqual(
    paneSpecOf({ ...base, command: "npm test", argv: ["bash", "-c", "npm test"] }, "/p"),
    { command: "npm test", cwd: "." },
  );
  deepStrictEqual(paneSpecOf({ ...base, argv: ["top"] }, "/p"), { argv: ["top"], cwd: "." });
});

Deno.test("paneSpecOf() saves a pane with no process (a canvas) as a shell in its place", () => {
  deepStrictEqual(paneSpecOf({ ...base, name: "cfg", argv: [] }, "/p"), { name: "cfg", cwd: "." });
});

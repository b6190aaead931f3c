import { deepStrictEqual as assertEquals, ok as assert, throws } from "node:assert/strict";
import { WeftError } from "../bus/errors.ts";
import { bracketPaste, encodeKeys } from "./keys.ts";

const NORMAL = { applicationCursor: false };
const APP = { applicationCursor: true };

Deno.test("encodeKeys() sends the plain editing keys as xterm does", () => {
  assertEquals(
    encodeKeys(["Enter", "Tab", "Escape", "Backspace", "Space"], NORMAL),
    "\r\t\x1b\x7f ",
  );
  assertEquals(
    encodeKeys(["Insert", "Delete", "PageUp", "PgUp", "PageDown", "PgDn"], NORMAL),
    [
      "\x1b[2~",
      "\x1b[3~",
      "\x1b[5~",
      "\x1b[5~",
      "\x1b[6~",
      "\x1b[6~",
    ].join(""),
  );
});

Deno.test("encodeKeys() follows application cursor mode for arrows, Home and End", () => {
  assertEquals(
    encodeKeys(["Up", "Down", "Right", "Left", "Home", "End"], NORMAL),
    [
      "\x1b[A",
      "\x1b[B",
      "\x1b[C",
      "\x1b[D",
      "\x1b[H",
      "\x1b[F",
    ].join(""),
  );
  assertEquals(
    encodeKeys(["Up", "Down", "Right", "Left", "Home", "End"], APP),
    [
      "\x1bOA",
      "\x1bOB",
      "\x1bOC",
      "\x1bOD",
      "\x1bOH",
      "\x1bOF",
    ].join(""),
  );
});

Deno.test("encodeKeys() sends F1–F12", () => {
  const expected = [
    "\x1bOP",
    "\x1bOQ",
    "\x1bOR",
    "\x1bOS",
    "\x1b[15~",
    "\x1b[17~",
    "\x1b[18~",
    "\x1b[19~",
    "\x1b[20~",
    "\x1b[21~",
    "\x1b[23~",
    "\x1b[24~",
  ];
  for (let i = 0; i < 12; i++) assertEquals(encodeKeys([`F${i + 1}`], NORMAL), expected[i]);
});

Deno.test("encodeKeys() sends control characters for C-<key>", () => {
  assertEquals(encodeKeys(["C-a", "C-c", "C-z", "C-A"], NORMAL), "\x01\x03\x1a\x01");
  assertEquals(
    encodeKeys(["C-@", "C-[", "C-\\", "C-]", "C-^", "C-_", "C-Space"], NORMAL),
    [
      "\x00",
      "\x1b",
      "\x1c",
      "\x1d",
      "\x1e",
      "\x1f",
      "\x00",
    ].join(""),
  );
});

Deno.test("encodeKeys() prefixes ESC for M-<key> and sends CSI Z for S-Tab", () => {
  assertEquals(encodeKeys(["M-x", "M-Enter", "M-C-a"], NORMAL), "\x1bx\x1b\r\x1b\x01");
  assertEquals(encodeKeys(["S-Tab"], NORMAL), "\x1b[Z");
});

Deno.test("encodeKeys() uses xterm's CSI 1;<mod> form for modified cursor and function keys", () => {
  assertEquals(encodeKeys(["C-Left"], APP), "\x1b[1;5D");
  assertEquals(encodeKeys(["S-Up"], NORMAL), "\x1b[1;2A");
  assertEquals(encodeKeys(["M-Right"], NORMAL), "\x1b[1;3C");
  assertEquals(encodeKeys(["C-S-Left"], NORMAL), "\x1b[1;6D");
  assertEquals(encodeKeys(["C-End", "S-Home"], NORMAL), "\x1b[1;5F\x1b[1;2H");
  assertEquals(encodeKeys(["C-F1", "S-F5", "C-Delete"], NORMAL), "\x1b[1;5P\x1b[15;2~\x1b[3;5~");
});

Deno.test("encodeKeys() passes single characters through", () => {
  assertEquals(encodeKeys(["q", "é", "S-a"], NORMAL), "qéA");
});

Deno.test("encodeKeys() rejects an unknown key name with a suggestion", () => {
  throws(() => encodeKeys(["Entr"], NORMAL), (err: unknown) => {
    assert(err instanceof WeftError);
    assertEquals(err.code, "INVALID_INPUT");
    assert(err.message.startsWith('Cannot encode key "Entr"; did you mean "Enter"'), err.message);
    return true;
  });
  throws(() => encodeKeys(["C-Lfet"], NORMAL), /did you mean "C-Left"\?/);
  throws(() => encodeKeys(["Zzzzzzzzzz"], NORMAL), /Cannot encode key "Zzzzzzzzzz": no such key/);
});

Deno.test("bracketPaste() wraps text and strips end markers inside it", () => {
  assertEquals(bracketPaste("echo hi\n", true), "\x1b[200~echo hi\n\x1b[201~");
  assertEquals(bracketPaste("a\x1b[201~b", true), "\x1b[200~ab\x1b[201~");
  assertEquals(bracketPaste("x\x1b[20\x1b[201~1~y", true), "\x1b[200~xy\x1b[201~");
  assertEquals(bracketPaste("plain", false), "plain");
});

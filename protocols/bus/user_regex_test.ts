import { deepStrictEqual as assertEquals, ok as assert, throws } from "node:assert/strict";
import { compileUserRegex, loadUserRegex } from "./user_regex.ts";
import { WeftError } from "./errors.ts";

await loadUserRegex();

function refusal(source: string): string {
  try {
    compileUserRegex(source);
  } catch (err) {
    assert(err instanceof WeftError);
    assertEquals(err.code, "INVALID_INPUT");
    return err.message;
  }
  throw new Error(`compileUserRegex(${JSON.stringify(source)}) did not throw`);
}

Deno.test("compileUserRegex() matches (a+)+$ against a hostile line without backtracking", () => {
  const re = compileUserRegex("(a+)+$", "m");
  const hostile = `${"a".repeat(27)}!\n`.repeat(2000); // a backtracking engine: hours
  assertEquals(re.exec(hostile), null);
  assertEquals(re.exec(`x\n${"a".repeat(5)}\ny`), { index: 2, text: "aaaaa" });
});

Deno.test("compileUserRegex() speaks JavaScript's dialect where RE2 can", () => {
  assertEquals(compileUserRegex("\\u001b\\[(?<n>\\d+)m").exec("a\x1b[31mb")?.text, "\x1b[31m");
  assertEquals(compileUserRegex("^done$", "m").exec("x\ndone\ny")?.index, 2);
  assertEquals(compileUserRegex("^done$").exec("x\ndone\ny"), null);
  assertEquals(compileUserRegex("DONE", "i").exec("all done")?.text, "done");
  assertEquals(compileUserRegex("a.b", "s").exec("a\nb")?.text, "a\nb");
  // UTF-16 indices, as RegExp reports them.
  assertEquals(compileUserRegex("x").exec("é😀x")?.index, 3);
});

Deno.test("compileUserRegex() refuses backreferences and lookaround with a clear reason", () => {
  assert(refusal("(a)\\1").includes("backreference \\1"));
  assert(refusal("(?<q>a)\\k<q>").includes("backreference \\k<…>"));
  assert(refusal("foo(?=bar)").includes("lookahead (?="));
  assert(refusal("foo(?!bar)").includes("lookahead (?!"));
  assert(refusal("(?<=a)b").includes("lookbehind (?<="));
  assert(refusal("(?<!a)b").includes("lookbehind (?<!"));
  assert(refusal("(?<!a)b").includes("linear time"));
  // Inside a class or escaped, the same characters are plain.
  assertEquals(compileUserRegex("[(?=]\\(\\?=").exec("=(?=")?.text, "=(?=");
});

Deno.test("compileUserRegex() reports bad syntax as INVALID_INPUT", () => {
  assert(refusal("[a-").includes("missing closing ]"));
  assert(refusal("a{1001}").includes("repeat"));
  throws(() => compileUserRegex("a", "g"), TypeError);
});

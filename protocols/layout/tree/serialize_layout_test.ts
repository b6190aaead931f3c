import { deepStrictEqual, ok, strictEqual, throws } from "node:assert/strict";
import { WeftError } from "../../bus/errors.ts";
import { h, p, v } from "./_testing.ts";
import { parseLayout, parseLayoutValue, serializeLayout } from "./serialize_layout.ts";

const invalid = (text: string, path: string, message: string) =>
  throws(() => parseLayout(text), (err) => {
    ok(err instanceof WeftError);
    strictEqual(err.code, "INVALID_INPUT");
    strictEqual(err.message, message);
    deepStrictEqual(err.data, { path });
    return true;
  });

Deno.test("serializeLayout() and parseLayout() round-trip a tree", () => {
  const tree = h([0.3, p("a")], [0.7, v([0.25, p("b")], [0.75, p("c")])]);
  deepStrictEqual(parseLayout(serializeLayout(tree)), tree);
});

Deno.test("parseLayout() normalises ratios that do not sum to 1", () => {
  deepStrictEqual(
    parseLayout(serializeLayout(v([2, p("a")], [2, p("b")]))),
    v([0.5, p("a")], [0.5, p("b")]),
  );
});

Deno.test("parseLayout() names the path of a bad ratio", () => {
  const text = serializeLayout(h([0.5, p("a")], [0.5, v([0, p("b")], [1, p("c")])]));
  invalid(
    text,
    "children[1].node.children[0].ratio",
    "Cannot parse layout: children[1].node.children[0].ratio must be a finite number > 0, not 0",
  );
});

Deno.test("parseLayout() refuses malformed nodes with their path", () => {
  invalid("[]", "", "Cannot parse layout: the root must be an object");
  invalid('{"type":"tab"}', "type", 'Cannot parse layout: type must be "pane" or "split"');
  invalid(
    '{"type":"pane","pane":""}',
    "pane",
    "Cannot parse layout: pane must be a non-empty string",
  );
  invalid(
    '{"type":"split","direction":"up","children":[]}',
    "direction",
    'Cannot parse layout: direction must be "horizontal" or "vertical"',
  );
  invalid(
    '{"type":"split","direction":"vertical","children":[{"ratio":"1"}]}',
    "children[0].ratio",
    "Cannot parse layout: children[0].ratio must be a number",
  );
  invalid(
    serializeLayout(h([0.5, p("a")], [0.5, p("a")])),
    "children[1].node.pane",
    'Cannot parse layout: children[1].node.pane names pane "a" a second time',
  );
});

Deno.test("parseLayout() refuses text that is not JSON", () => {
  throws(() => parseLayout("{"), (err) => err instanceof WeftError && err.code === "INVALID_INPUT");
});

Deno.test("parseLayout() refuses layouts nested too deep instead of overflowing the stack", () => {
  let text = '{"type":"pane","pane":"x"}';
  for (let i = 0; i < 100_000; i++) {
    text = `{"type":"split","direction":"vertical","children":[{"ratio":1,"node":${text}}]}`;
  }
  throws(
    () => parseLayout(text),
    (err) => err instanceof WeftError && err.code === "INVALID_INPUT",
  );
});

Deno.test("parseLayoutValue() checks a value that is already parsed", () => {
  deepStrictEqual(parseLayoutValue(h([1, p("a")], [1, p("b")])), h([0.5, p("a")], [0.5, p("b")]));
  throws(
    () => parseLayoutValue({ type: "split", direction: "vertical", children: [{ ratio: 1 }] }),
    (err) =>
      err instanceof WeftError &&
      err.message === "Cannot parse layout: children[0].node must be an object",
  );
});

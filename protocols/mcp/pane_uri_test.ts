import assert from "node:assert/strict";
import { paneUri, parsePaneUri } from "./pane_uri.ts";

Deno.test("paneUri() and parsePaneUri() round-trip pane ids and names", () => {
  for (const id of ["p1", "p42", "build logs", "ü"]) assert.equal(parsePaneUri(paneUri(id)), id);
});

Deno.test("parsePaneUri() refuses other URIs", () => {
  for (const uri of ["weft://pane/", "weft://window/w1", "weft://pane/a%2Fb", "weft://pane/%E0"]) {
    assert.equal(parsePaneUri(uri), undefined, uri);
  }
});

Deno.test("paneUri() does not throw for a name holding a lone surrogate (found by fuzzing)", () => {
  assert.equal(paneUri("a\ud800"), "weft://pane/a%EF%BF%BD");
  assert.equal(parsePaneUri("weft://pane/\ud800"), "\ud800");
});

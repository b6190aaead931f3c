import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { didYouMean, editDistance, suggest } from "./suggest.ts";

Deno.test("editDistance() counts single-character edits", () => {
  assertEquals(editDistance("kitten", "sitting"), 3);
  assertEquals(editDistance("", "abc"), 3);
});

Deno.test("suggest() puts prefix matches and near misses first", () => {
  assertEquals(suggest("pane.craete", ["pane.create", "pane.close", "session.list"]), [
    "pane.create",
  ]);
  assertEquals(suggest("pane.", ["pane.create", "window.list"]), ["pane.create"]);
});

Deno.test("didYouMean() is empty when nothing is close", () => {
  assertEquals(didYouMean("zzzzzz", ["pane.create"]), "");
});

Deno.test("didYouMean() falls back to the names that share an owner", () => {
  assertEquals(
    didYouMean("hello.nope", ["hello.greet", "hello.shout", "pane.create"]),
    '; did you mean "hello.greet" or "hello.shout"?',
  );
});

import { deepStrictEqual, equal, throws } from "node:assert/strict";
import { parseOptions, ruleFor } from "./_policy.ts";

Deno.test("the teammates option: off by default, one rule or a list, first match wins", () => {
  deepStrictEqual(parseOptions(undefined), { teammates: [] });
  deepStrictEqual(parseOptions({ teammates: { host: "buildbox" } }), {
    teammates: [{ agent: "*", host: "buildbox", fallback: "local" }],
  });
  const { teammates } = parseOptions({
    teammates: [
      { agent: "rev?ewer", host: "a", cwd: "/srv/p" },
      { agent: "*.x", host: "b", fallback: "fail" },
      { host: "c" },
    ],
  });
  equal(ruleFor(teammates, "reviewer")?.host, "a");
  equal(ruleFor(teammates, "reviewer")?.cwd, "/srv/p");
  // Only * and ? are special: the dot is a dot.
  equal(ruleFor(teammates, "y.x")?.host, "b");
  equal(ruleFor(teammates, "yax")?.host, "c");
});

Deno.test("the teammates option names what is wrong", () => {
  throws(
    () => parseOptions({ teammates: { host: "no/such" } }),
    /weft\.plugins\.tmux\.options\.teammates\.0\.host: is not a host name/,
  );
  throws(
    () => parseOptions({ teammates: [{ host: "a", cwd: "rel" }] }),
    /teammates\.0\.cwd: write an absolute path/,
  );
  throws(() => parseOptions({ teammate: {} }), /unknown key "teammate"/);
  throws(
    () => parseOptions({ teammates: { host: "a", fallback: "maybe" } }),
    /teammates\.0\.fallback: /,
  );
});

import assert from "node:assert/strict";
import { describeFlags, fieldFlags, parseFlags } from "./flags.ts";
import { UsageError } from "./io.ts";

/** The shapes the core's commands use, as `server.commands` gives them. */
const SPEC = {
  inputSchema: {
    type: "object",
    properties: {
      pane: { type: "string" },
      name: { type: "string", description: "A unique name." },
      ratio: { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1 },
      lines: { type: "integer", minimum: 1 },
      focus: { type: "boolean" },
      joinWrapped: { type: "boolean" },
      agent: { type: "string", enum: ["claude", "shell"] },
      tags: { type: "array", items: { type: "string" } },
      env: { type: "object", additionalProperties: { type: "string" } },
      state: {
        anyOf: [
          { type: "string", enum: ["idle", "done"] },
          { type: "array", items: { type: "string" } },
        ],
      },
      layout: { type: "object", properties: { type: { type: "string" } } },
    },
  },
};

Deno.test("fieldFlags() gives every field a flaggable shape in kebab case, past omitted and renamed ones", () => {
  const flags = fieldFlags(SPEC.inputSchema, { omit: ["pane"], rename: { joinWrapped: "join" } });
  assert.deepEqual(flags.map((f) => [f.flag, f.kind]), [
    ["name", "string"],
    ["ratio", "number"],
    ["lines", "integer"],
    ["focus", "boolean"],
    ["join", "boolean"],
    ["agent", "string"],
    ["tags", "list"],
    ["env", "map"],
    ["state", "string"],
  ]);
});

Deno.test("parseFlags() turns flags into the command's input, with the subcommand's own flags apart", () => {
  const parsed = parseFlags(
    [
      "p1",
      "--name",
      "web",
      "--ratio",
      "0.3",
      "--lines=20",
      "--no-focus",
      "--join-wrapped",
      "--tags",
      "a, b",
      "--tags",
      "c",
      "--env",
      "A=1",
      "--env",
      "B=x=y",
      "--state",
      "idle",
      "--json",
    ],
    SPEC,
    { omit: ["pane"], own: { json: { type: "boolean" } }, positionals: true },
  );
  assert.deepEqual(parsed.input, {
    name: "web",
    ratio: 0.3,
    lines: 20,
    focus: false,
    joinWrapped: true,
    tags: ["a", "b", "c"],
    env: { A: "1", B: "x=y" },
    state: "idle",
  });
  assert.deepEqual(parsed.own, { json: true });
  assert.deepEqual(parsed.positionals, ["p1"]);
  assert.equal(parsed.flagOf("joinWrapped"), "join-wrapped");
});

Deno.test("parseFlags() refuses values a flag cannot read as usage errors naming the flag", () => {
  const cases: [string[], RegExp][] = [
    [["--ratio", "1.5"], /--ratio must be a number above 0 and below 1, got "1.5"/],
    [["--ratio", "wide"], /--ratio must be a number/],
    [["--lines=-3"], /--lines must be a whole number, got "-3"/],
    [["--lines", "2.5"], /--lines must be a whole number/],
    [["--env", "NOEQUALS"], /--env takes KEY=VALUE, got "NOEQUALS"/],
  ];
  for (const [args, message] of cases) {
    assert.throws(() => parseFlags(args, SPEC), (err: Error) => {
      assert.ok(err instanceof UsageError, String(err));
      assert.match(err.message, message);
      return true;
    });
  }
});

Deno.test("parseFlags() refuses an unknown flag, an omitted field's flag and, unless allowed, positionals", () => {
  for (const args of [["--bogus"], ["--pane", "p1"], ["p1"], ["--layout", "x"]]) {
    assert.throws(
      () => parseFlags(args, SPEC, { omit: ["pane"] }),
      (err) => err instanceof UsageError && !/positional/.test(err.message),
      args.join(" "),
    );
  }
});

Deno.test("describeFlags() lists each flag with its value form and the field's description", () => {
  const text = describeFlags(SPEC, { omit: ["pane"], rename: { joinWrapped: "join" } });
  assert.match(text, /^flags:\n/);
  assert.match(text, /^ {2}--name TEXT +A unique name\.\n/m);
  assert.match(text, /^ {2}--agent claude\|shell\n/m);
  assert.match(text, /^ {2}--state idle\|done\n/m);
  assert.match(text, /^ {2}--tags A,B…\n/m);
  assert.match(text, /^ {2}--env KEY=VALUE…\n/m);
  assert.match(text, /^ {2}--\[no-\]join\n/m);
  assert.doesNotMatch(text, /--pane|--layout/);
});

Deno.test("parseFlags() names the flag meant for a mistyped one", () => {
  assert.throws(
    () => parseFlags(["--tgas", "a"], SPEC),
    (err) =>
      err instanceof UsageError && err.message === "unknown flag --tgas; did you mean --tags?",
  );
});

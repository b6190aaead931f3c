import { deepStrictEqual, ok, strictEqual, throws } from "node:assert/strict";
import { WeftError } from "../bus/errors.ts";
import { checkSpec } from "./check_spec.ts";

function pathOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    ok(err instanceof WeftError, `expected a WeftError, got ${err}`);
    strictEqual(err.code, "INVALID_INPUT");
    const path = (err.data as { path: string }).path;
    ok(err.message.includes(path), `message "${err.message}" names ${path}`);
    return path;
  }
  throw new Error("expected an error");
}

const leaf = { pane: {} };
const nested = (ratio: unknown) => ({
  direction: "horizontal",
  splits: [
    { ratio: 1, layout: leaf },
    { ratio: 1, layout: { direction: "vertical", splits: [{ ratio, layout: leaf }] } },
  ],
});

Deno.test("checkSpec() normalises ratios that do not sum to 1", () => {
  const spec = checkSpec({
    direction: "vertical",
    splits: [{ ratio: 1, layout: leaf }, { ratio: 3, layout: leaf }],
  });
  ok("splits" in spec);
  deepStrictEqual(spec.splits.map((s) => s.ratio), [0.25, 0.75]);
});

Deno.test("checkSpec() keeps ratios that already sum to 1 exactly", () => {
  const spec = checkSpec({
    direction: "vertical",
    splits: [{ ratio: 0.1, layout: leaf }, { ratio: 0.2, layout: leaf }, {
      ratio: 0.7,
      layout: leaf,
    }],
  });
  ok("splits" in spec);
  deepStrictEqual(spec.splits.map((s) => s.ratio), [0.1, 0.2, 0.7]);
});

Deno.test("checkSpec() names the path of a zero, negative, NaN or missing ratio", () => {
  for (const bad of [0, -1, NaN, Infinity, undefined, "0.5"]) {
    strictEqual(pathOf(() => checkSpec(nested(bad))), "splits[1].layout.splits[0].ratio");
  }
});

Deno.test("checkSpec() refuses empty splits and unknown directions", () => {
  strictEqual(pathOf(() => checkSpec({ direction: "vertical", splits: [] })), "splits");
  strictEqual(
    pathOf(() => checkSpec({ direction: "diagonal", splits: [{ ratio: 1, layout: leaf }] })),
    "direction",
  );
});

Deno.test("checkSpec() refuses nesting deeper than 16 levels", () => {
  let spec: unknown = leaf;
  for (let i = 0; i < 20; i++) {
    spec = { direction: i % 2 ? "vertical" : "horizontal", splits: [{ ratio: 1, layout: spec }] };
  }
  const path = pathOf(() => checkSpec(spec));
  strictEqual(path, "splits[0].layout".repeat(17).replace(/layout(?=splits)/g, "layout."));
});

Deno.test("checkSpec() refuses unknown keys with a suggestion", () => {
  throws(
    () => checkSpec({ pane: { comand: "vim" } }),
    /pane\.comand is not a known key; did you mean "command"\?/,
  );
  strictEqual(pathOf(() => checkSpec({ pane: {}, splits: [] })), "");
});

Deno.test("checkSpec() refuses a pane name used twice and command with argv", () => {
  const twice = {
    direction: "horizontal",
    splits: [{ ratio: 1, pane: { name: "a" } }, { ratio: 1, pane: { name: "a" } }],
  };
  strictEqual(pathOf(() => checkSpec(twice)), "splits[1].pane.name");
  strictEqual(pathOf(() => checkSpec({ pane: { command: "x", argv: ["x"] } })), "pane");
  strictEqual(pathOf(() => checkSpec({ pane: { env: { "1X": "y" } } })), "pane.env.1X");
  strictEqual(pathOf(() => checkSpec({ pane: { argv: [""] } })), "pane.argv[0]");
});

Deno.test("checkSpec() turns the shorthand children into {ratio, layout}", () => {
  const spec = checkSpec({
    direction: "horizontal",
    splits: [
      { ratio: 1, pane: { command: "vim" } },
      { ratio: 1, direction: "vertical", splits: [{ ratio: 1, pane: {} }] },
      { ratio: 2, preset: "tiled", pane_commands: ["a", { command: "b", cwd: "src" }] },
    ],
  });
  deepStrictEqual(spec, {
    direction: "horizontal",
    splits: [
      { ratio: 0.25, layout: { pane: { command: "vim" } } },
      {
        ratio: 0.25,
        layout: { direction: "vertical", splits: [{ ratio: 1, layout: { pane: {} } }] },
      },
      {
        ratio: 0.5,
        layout: { preset: "tiled", panes: [{ command: "a" }, { command: "b", cwd: "src" }] },
      },
    ],
  });
});

Deno.test("checkSpec() resolves preset names and reports a bad one at its path", () => {
  const resolvePreset = (name: string) => {
    if (name === "ti") return "tiled";
    throw new Error(`is not a preset`);
  };
  const spec = checkSpec({ preset: "ti", pane_commands: ["a"], main_ratio: 0.7 }, {
    resolvePreset,
  });
  deepStrictEqual(spec, { preset: "tiled", panes: [{ command: "a" }], main_ratio: 0.7 });
  strictEqual(
    pathOf(() =>
      checkSpec({ direction: "vertical", splits: [{ ratio: 1, preset: "x", panes: [{}] }] }, {
        resolvePreset,
      })
    ),
    "splits[0].preset",
  );
  strictEqual(pathOf(() => checkSpec({ preset: "tiled", panes: [] })), "panes");
  strictEqual(
    pathOf(() => checkSpec({ preset: "tiled", panes: [{}], main_ratio: 1 })),
    "main_ratio",
  );
});

Deno.test("checkSpec() refuses more than 64 panes", () => {
  const panes = Array.from({ length: 65 }, () => ({}));
  strictEqual(pathOf(() => checkSpec({ preset: "tiled", panes })), "panes[64]");
});

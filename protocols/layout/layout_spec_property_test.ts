import { deepStrictEqual, ok } from "node:assert/strict";
import fc from "fast-check";
import { checkSpec } from "./check_spec.ts";
import { parseLayoutFile } from "./parse_layout_file.ts";
import { stringifyLayoutFile } from "./stringify_layout_file.ts";
import type { LayoutFile, LayoutSpec } from "./types.ts";

const text = fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 });
const paneSpec = fc.record({
  command: text,
  cwd: text,
  env: fc.dictionary(
    fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,6}$/),
    fc.string({ maxLength: 8 }),
  ),
}, { requiredKeys: [] });

const ratio = fc.double({ min: 1e-3, max: 1e3, noNaN: true, noDefaultInfinity: true });

const { spec } = fc.letrec<{ spec: unknown; split: unknown }>((tie) => ({
  spec: fc.oneof(
    { maxDepth: 4, depthIdentifier: "spec" },
    fc.record({ pane: paneSpec }),
    tie("split"),
    fc.record({
      preset: fc.constantFrom("tiled", "main_vertical"),
      panes: fc.array(paneSpec, { minLength: 1, maxLength: 4 }),
      main_ratio: fc.double({ min: 0.05, max: 0.95, noNaN: true }),
    }, { requiredKeys: ["preset", "panes"] }),
  ),
  split: fc.record({
    direction: fc.constantFrom("horizontal", "vertical"),
    splits: fc.array(fc.record({ ratio, layout: tie("spec") }), { minLength: 1, maxLength: 4 }),
  }),
}));

function ratiosOf(node: unknown): number[][] {
  const n = node as { splits?: { ratio: number; layout: unknown }[] };
  if (!n.splits) return [];
  return [n.splits.map((s) => s.ratio), ...n.splits.flatMap((s) => ratiosOf(s.layout))];
}

Deno.test("checkSpec() normalisation keeps proportions and sums each split to 1", () => {
  fc.assert(fc.property(spec, (raw) => {
    const before = ratiosOf(raw);
    const after = ratiosOf(checkSpec(raw));
    before.forEach((rs, i) => {
      const sum = rs.reduce((a, b) => a + b, 0);
      const got = after[i]!;
      ok(Math.abs(got.reduce((a, b) => a + b, 0) - 1) < 1e-9);
      rs.forEach((r, j) => ok(Math.abs(got[j]! - r / sum) < 1e-9, `${got[j]} vs ${r / sum}`));
    });
  }));
});

Deno.test("checkSpec() is idempotent: a checked spec checks to itself", () => {
  fc.assert(fc.property(spec, (raw) => {
    const once = checkSpec(raw);
    deepStrictEqual(checkSpec(once), once);
  }));
});

Deno.test("stringifyLayoutFile() then parseLayoutFile() round-trips any checked file", () => {
  const file = fc.record({
    description: text,
    session: text,
    windows: fc.array(fc.record({ name: text, layout: spec }, { requiredKeys: ["layout"] }), {
      minLength: 1,
      maxLength: 3,
    }),
  }, { requiredKeys: ["windows"] });
  fc.assert(
    fc.property(file, (raw) => {
      const names = new Set<string>();
      const windows = raw.windows.filter((w) =>
        !w.name || (!names.has(w.name) && names.add(w.name))
      );
      let checked: LayoutFile | undefined;
      try {
        checked = { ...raw, windows: windows.map((w) => ({ ...w, layout: checkSpec(w.layout) })) };
      } catch {
        checked = undefined; // a generated pane name used twice, say: not a valid file at all
      }
      fc.pre(checked !== undefined);
      const toml = stringifyLayoutFile(checked);
      deepStrictEqual(parseLayoutFile(toml), checked, toml);
    }),
    { numRuns: 300 },
  );
});

Deno.test("stringifyLayoutFile() writes strings TOML can read back byte for byte", () => {
  fc.assert(fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), (s) => {
    const layout: LayoutSpec = { pane: s ? { command: s } : {} };
    const file: LayoutFile = { windows: [{ layout }] };
    deepStrictEqual(parseLayoutFile(stringifyLayoutFile(file)), file);
  }));
});

// The layout plugin in its Worker, over the real core commands and model with fake PTYs
// (tests/helpers/core.ts): the commands' behaviour without processes. tests/layout_e2e_test.ts
// runs it against the real server.
import { deepStrictEqual, match, ok, strictEqual } from "node:assert/strict";
import type { Reply } from "../core/bus/mod.ts";
import { type LayoutNode, panesOf } from "../protocols/layout/tree/mod.ts";
import type { WindowRecord } from "../core/model/records.ts";
import { PluginHost } from "../core/plugin/mod.ts";
import type { SpawnOptions } from "../core/pty/mod.ts";
import { OWNER, startCore, type TestCore } from "./helpers/core.ts";
import type { FakePty } from "./helpers/fake_pty.ts";

const LAYOUT = new URL("../plugins/layout/mod.ts", import.meta.url).href;

interface Harness {
  model: TestCore["model"];
  sessions: TestCore["model"]["sessions"];
  /** The model's windows (a window's layout is null only while it is torn down). */
  windows: ReadonlyMap<string, WindowRecord & { layout: LayoutNode }>;
  panes: TestCore["model"]["panes"];
  /** Every PTY started, in order (killed ones too). */
  spawned: FakePty[];
  call: <T = Record<string, unknown>>(name: string, input: unknown) => Promise<T>;
  reply: (name: string, input: unknown) => Promise<Reply>;
}

/** A program named `cannot-start` (as argv or as a shell command) fails like a missing one. */
function refuse(options: SpawnOptions): string | undefined {
  const program = options.argv[0] === "cannot-start" || options.argv.at(-1) === "cannot-start";
  return program ? "no such program" : undefined;
}

async function withLayout(
  body: (h: Harness) => Promise<void>,
  options: Record<string, unknown> = {},
): Promise<void> {
  const core = startCore({ refuse });
  const host = new PluginHost({ bus: core.bus, projectDir: Deno.cwd(), log: () => {} });
  try {
    const [status] = await host.start([{
      name: "layout",
      from: LAYOUT,
      grant: ["layout:write", "pane:spawn", "pane:read", "pane:control", "session:admin"],
      options,
    }]);
    strictEqual(status?.state, "running", JSON.stringify(status));
    const { model } = core;
    await body({
      model,
      sessions: model.sessions,
      windows: model.windows as Harness["windows"],
      panes: model.panes,
      spawned: core.ptys.started,
      reply: (name, input) => core.reply(name, input, OWNER),
      call: (name, input) => core.call(name, input, OWNER),
    });
  } finally {
    await host.stop();
    await core.dispose();
  }
}

const THREE = {
  direction: "horizontal",
  splits: [
    { ratio: 3, layout: { pane: { command: "vim .", name: "editor", cwd: "src" } } },
    {
      ratio: 2,
      layout: {
        direction: "vertical",
        splits: [
          { ratio: 1, layout: { pane: { command: "deno test --watch", env: { CI: "1" } } } },
          { ratio: 1, layout: { pane: { argv: ["tail", "-f", "log"] } } },
        ],
      },
    },
  ],
};

Deno.test("layout.create builds a nested spec with its ratios and returns panes in spec order", async () => {
  await withLayout(async (h) => {
    const made = await h.call<
      {
        session: string;
        window: string;
        panes: { pane: string; name: string | null; command: string }[];
      }
    >(
      "layout.create",
      { layout: THREE, window: "dev" },
    );
    deepStrictEqual(made.panes.map((p) => [p.name, p.command]), [
      ["editor", "vim ."],
      [null, "deno test --watch"],
      [null, "tail -f log"],
    ]);
    const w = h.windows.get(made.window)!;
    strictEqual(w.name, "dev");
    const [a, b, c] = made.panes.map((p) => p.pane);
    deepStrictEqual(w.layout, {
      type: "split",
      direction: "horizontal",
      children: [
        { ratio: 0.6, node: { type: "pane", pane: a } },
        {
          ratio: 0.4,
          node: {
            type: "split",
            direction: "vertical",
            children: [{ ratio: 0.5, node: { type: "pane", pane: b } }, {
              ratio: 0.5,
              node: { type: "pane", pane: c },
            }],
          },
        },
      ],
    });
    strictEqual(h.panes.get(a!)!.launch.cwd, "/project/src");
    strictEqual(h.panes.get(b!)!.meta["layout.env"], '{"CI":"1"}');
    strictEqual(w.focused, a, "the first pane keeps the focus");
  });
});

Deno.test("layout.create is atomic: a pane that cannot start leaves no pane, window or session", async () => {
  await withLayout(async (h) => {
    const spec = {
      direction: "vertical",
      splits: [
        { ratio: 1, layout: { pane: { command: "htop" } } },
        { ratio: 1, layout: { pane: { command: "sleep 100" } } },
        { ratio: 1, layout: { pane: { argv: ["cannot-start"] } } },
      ],
    };
    const reply = await h.reply("layout.create", { layout: spec, session: "fresh" });
    ok(!reply.ok);
    strictEqual(reply.error.code, "SPAWN_FAILED");
    match(reply.error.message, /pane splits\[2\]\.layout\.pane \(argv \["cannot-start"\]\) failed/);
    strictEqual((reply.error.data as { path: string }).path, "splits[2].layout.pane");
    ok(h.spawned.length >= 2, "some panes had started");
    strictEqual(h.panes.size, 0);
    strictEqual(h.windows.size, 0);
    strictEqual(h.sessions.size, 0);
  });
});

Deno.test("layout.create into an existing session keeps the session on failure", async () => {
  await withLayout(async (h) => {
    await h.call("session.create", { session: "main" });
    const before = [...h.panes.keys()];
    const reply = await h.reply("layout.create", {
      layout: { preset: "tiled", pane_commands: ["a", "b", "cannot-start", "d"] },
    });
    ok(!reply.ok);
    deepStrictEqual([...h.panes.keys()], before);
    strictEqual(h.sessions.size, 1);
    strictEqual(h.windows.size, 1);
  });
});

Deno.test("layout.create refuses bad specs with the path of the bad node, before starting anything", async () => {
  await withLayout(async (h) => {
    const bad = structuredClone(THREE);
    bad.splits[1]!.layout.splits![0]!.ratio = 0;
    const reply = await h.reply("layout.create", { layout: bad });
    ok(!reply.ok);
    strictEqual(reply.error.code, "INVALID_INPUT");
    strictEqual((reply.error.data as { path: string }).path, "splits[1].layout.splits[0].ratio");
    const preset = await h.reply("layout.create", {
      layout: { preset: "tield", pane_commands: ["x"] },
    });
    ok(!preset.ok);
    match(preset.error.message, /preset "tield" is not a known preset; did you mean "tiled"\?/);
    strictEqual(h.spawned.length, 0);
  });
});

Deno.test("layout.create with a preset and pane_commands, and replace", async () => {
  await withLayout(async (h) => {
    const first = await h.call<{ window: string; panes: { pane: string }[] }>("layout.create", {
      window: "agents",
      layout: { preset: "main_vertical", pane_commands: ["claude", "claude", "claude", "claude"] },
    });
    const tree = h.windows.get(first.window)!.layout;
    ok(tree.type === "split" && tree.direction === "horizontal" && tree.children.length === 2);
    const again = await h.reply("layout.create", { window: "agents", layout: { pane: {} } });
    ok(!again.ok);
    strictEqual(again.error.code, "CONFLICT");
    const replaced = await h.call<{ window: string }>("layout.create", {
      window: "agents",
      replace: true,
      layout: { pane: {} },
    });
    ok(!h.windows.has(first.window));
    strictEqual(h.windows.get(replaced.window)!.name, "agents");
  });
});

Deno.test("layout.apply_preset and layout.cycle rearrange a window's panes", async () => {
  await withLayout(async (h) => {
    const made = await h.call<{ window: string }>("layout.create", {
      layout: { preset: "even_vertical", pane_commands: ["a", "b", "c", "d"] },
    });
    const w = () => h.windows.get(made.window)!;
    const order = panesOf(w().layout);
    const tiled = await h.call<{ preset: string }>("layout.apply_preset", {
      window: made.window,
      preset: "ti",
    });
    strictEqual(tiled.preset, "tiled");
    deepStrictEqual(panesOf(w().layout), order, "reading order is kept");
    const grid = w().layout;
    ok(grid.type === "split" && grid.direction === "vertical");
    const seen: string[] = [];
    for (let i = 0; i < 12; i++) {
      seen.push((await h.call<{ preset: string }>("layout.cycle", { window: made.window })).preset);
    }
    // Four panes tiled are a 2×2 grid: the same shape as grid_2x2, so the next one is main_left.
    strictEqual(seen[0], "main_left");
    ok(seen.includes("single"), "the cycle goes around");
    strictEqual(w().zoomed, seen.at(-1) === "single" ? w().focused : null);
    ok(!seen.includes("even_horizontal"), "a shape already seen (split_horizontal) is skipped");
    ok(seen.includes("main_left") && seen.includes("grid_2x2"));
    const single = await h.call<{ zoomed: string }>("layout.apply_preset", {
      window: made.window,
      preset: "single",
    });
    strictEqual(single.zoomed, w().focused);
    const ambiguous = await h.reply("layout.apply_preset", { window: made.window, preset: "main" });
    ok(!ambiguous.ok);
    match(
      ambiguous.error.message,
      /could be "main_left", "main_top", "main_horizontal", "main_vertical"/,
    );
  });
});

Deno.test("layout.split, resize, swap, zoom and get", async () => {
  await withLayout(async (h) => {
    const made = await h.call<{ window: string; panes: { pane: string }[] }>("layout.create", {
      layout: { pane: { command: "vim" } },
    });
    const a = made.panes[0]!.pane;
    const split = await h.call<{ pane: { id: string } }>("layout.split", {
      pane: a,
      direction: "horizontal",
      ratio: 0.25,
      command: "htop",
      name: "top",
    });
    const b = split.pane.id;
    const w = () => h.windows.get(made.window)!;
    const ratios = () =>
      (w().layout as { children: { ratio: number }[] }).children.map((c) => c.ratio);
    deepStrictEqual(ratios(), [0.75, 0.25]);
    await h.call("layout.resize", { pane: "top", ratio: 0.5 });
    deepStrictEqual(ratios(), [0.5, 0.5]);
    await h.call("layout.resize", { pane: b, delta: 0.1 });
    ok(Math.abs(ratios()[1]! - 0.6) < 1e-9);
    type Rects = { panes: { pane: string; cols: number }[] };
    const colsOf = (l: Rects) => l.panes.find((p) => p.pane === a)!.cols;
    const before = colsOf(await h.call<Rects>("window.layout", { window: made.window }));
    const cells = await h.call<Rects>("layout.resize", { pane: a, cells: 4 });
    strictEqual(colsOf(cells), before + 4);
    const none = await h.reply("layout.resize", { pane: a });
    ok(!none.ok);
    await h.call("layout.swap", { a, b: "top" });
    deepStrictEqual(panesOf(w().layout), [b, a]);
    const zoomed = await h.call<{ zoomed: string | null }>("layout.zoom", { pane: a });
    strictEqual(zoomed.zoomed, a);
    const unzoomed = await h.call<{ zoomed: string | null }>("layout.zoom", { pane: a });
    strictEqual(unzoomed.zoomed, null);
    const got = await h.call<
      {
        layout: Record<string, unknown> & {
          children: { ratio: number; node: Record<string, unknown> }[];
        };
      }
    >(
      "layout.get",
      { window: made.window },
    );
    strictEqual(got.layout.type, "split");
    deepStrictEqual([got.layout.x, got.layout.y, got.layout.cols, got.layout.rows], [
      0,
      0,
      120,
      40,
    ]);
    deepStrictEqual(got.layout.children[0]!.node.name, "top");
    deepStrictEqual(got.layout.children[0]!.node.command, "htop");
  });
});

Deno.test("layout.export describes a window so that layout.create rebuilds the same tree", async () => {
  await withLayout(async (h) => {
    const made = await h.call<{ window: string }>("layout.create", {
      layout: THREE,
      window: "dev",
    });
    const spec = await h.call<{ name: string; layout: unknown }>("layout.export", {
      window: made.window,
    });
    strictEqual(spec.name, "dev");
    deepStrictEqual(spec.layout, {
      direction: "horizontal",
      splits: [
        { ratio: 0.6, layout: { pane: { name: "editor", command: "vim .", cwd: "src" } } },
        {
          ratio: 0.4,
          layout: {
            direction: "vertical",
            splits: [
              {
                ratio: 0.5,
                layout: { pane: { command: "deno test --watch", cwd: ".", env: { CI: "1" } } },
              },
              { ratio: 0.5, layout: { pane: { argv: ["tail", "-f", "log"], cwd: "." } } },
            ],
          },
        },
      ],
    });
  });
});

Deno.test("presets from the plugin's options fill slots and a rest leaf", async () => {
  await withLayout(async (h) => {
    const { presets } = await h.call<{ presets: { name: string }[] }>("layout.presets", {});
    strictEqual(presets.at(-1)!.name, "ide");
    const made = await h.call<{ window: string }>("layout.create", {
      layout: { preset: "ide", pane_commands: ["vim", "a", "b", "c"] },
    });
    const tree = h.windows.get(made.window)!.layout;
    ok(tree.type === "split" && tree.direction === "horizontal");
    strictEqual(tree.children[0]!.ratio, 0.7);
    const right = tree.children[1]!.node;
    ok(right.type === "split" && right.direction === "vertical" && right.children.length === 3);
  }, {
    presets: {
      ide: {
        description: "Editor left, the rest stacked right",
        layout: {
          direction: "horizontal",
          splits: [{ ratio: 0.7, pane: {} }, { ratio: 0.3, rest: "vertical" }],
        },
      },
    },
  });
});

Deno.test("layout.define_preset adds a preset at run time; built-in names stay", async () => {
  await withLayout(async (h) => {
    const spiral = {
      direction: "horizontal",
      splits: [{ ratio: 1, pane: {} }, {
        ratio: 1,
        direction: "vertical",
        splits: [{ ratio: 1, pane: {} }, { ratio: 1, rest: "horizontal" }],
      }],
    };
    await h.call("layout.define_preset", {
      name: "spiral",
      description: "A spiral",
      layout: spiral,
    });
    const made = await h.call<{ window: string }>("layout.create", {
      layout: { preset: "spir", pane_commands: ["a", "b", "c", "d"] },
    });
    const tree = h.windows.get(made.window)!.layout;
    ok(tree.type === "split" && tree.children.length === 2);
    const right = tree.children[1]!.node;
    ok(right.type === "split" && right.direction === "vertical");
    const rest = right.children[1]!.node;
    ok(rest.type === "split" && rest.direction === "horizontal" && rest.children.length === 2);
    const taken = await h.reply("layout.define_preset", { name: "tiled", layout: spiral });
    ok(!taken.ok);
    strictEqual(taken.error.code, "CONFLICT");
    const bad = await h.reply("layout.define_preset", {
      name: "x",
      layout: { direction: "up", splits: [] },
    });
    ok(!bad.ok);
    strictEqual(bad.error.code, "INVALID_INPUT");
  });
});

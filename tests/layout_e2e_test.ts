// The layout plugin end to end: a real server (PTYs, plugin Worker, socket), driven through the
// socket client, through the CLI (`weft layout apply|save|list`), and through MCP.
import { deepStrictEqual, match, ok, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import type { WeftClient } from "../plugins/client/mod.ts";
import { type LayoutNode, panesOf } from "../protocols/layout/tree/mod.ts";
import { weftInProcess } from "./helpers/cli.ts";
import { E2E, withServer } from "./helpers/server.ts";
import { httpClient, textOf } from "./helpers/mcp.ts";

interface Layout {
  window: string;
  cols: number;
  rows: number;
  zoomed: string | null;
  layout: LayoutNode;
  panes: { pane: string; cols: number; rows: number }[];
}

interface Created {
  session: string;
  window: string;
  panes: { pane: string; name: string | null; command: string }[];
}

async function counts(client: WeftClient): Promise<[number, number, number]> {
  const s = await client.call<{ sessions: unknown[] }>("session.list", {});
  const w = await client.call<{ windows: unknown[] }>("window.list", {});
  const p = await client.call<{ panes: unknown[] }>("pane.list", {});
  return [s.sessions.length, w.windows.length, p.panes.length];
}

/** A tree's shape without pane ids: directions and ratios. */
function shape(node: LayoutNode): unknown {
  if (node.type === "pane") return "pane";
  return [node.direction, node.children.map((c) => [Number(c.ratio.toFixed(9)), shape(c.node)])];
}

const SPEC = {
  direction: "horizontal",
  splits: [
    { ratio: 3, layout: { pane: { command: "sleep 600", name: "editor" } } },
    {
      ratio: 2,
      layout: {
        direction: "vertical",
        splits: [
          { ratio: 1, layout: { pane: { command: "sleep 601", env: { LAYOUT_TEST: "1" } } } },
          { ratio: 1, layout: { pane: { argv: ["sleep", "602"], cwd: "sub" } } },
        ],
      },
    },
  ],
};

Deno.test("layout.create spawns real panes in one window with the spec's ratios", E2E, async () => {
  await withServer(async ({ client, dir }) => {
    const made = await client.call<Created>("layout.create", { layout: SPEC, window: "dev" });
    deepStrictEqual(made.panes.map((p) => [p.name, p.command]), [
      ["editor", "sleep 600"],
      [null, "sleep 601"],
      [null, "sleep 602"],
    ]);
    const layout = await client.call<Layout>("window.layout", { window: "dev" });
    deepStrictEqual(shape(layout.layout), ["horizontal", [[0.6, "pane"], [0.4, ["vertical", [[
      0.5,
      "pane",
    ], [0.5, "pane"]]]]]]);
    deepStrictEqual(panesOf(layout.layout), made.panes.map((p) => p.pane));
    const sub = await client.call<{ cwd: string }>("pane.status", { pane: made.panes[2]!.pane });
    strictEqual(sub.cwd, join(dir, "sub"));
    const editor = layout.panes.find((p) => p.pane === made.panes[0]!.pane)!;
    strictEqual(editor.cols, Math.round((layout.cols - 1) * 0.6), "the PTY has its final size");
  }, { files: { "sub/.keep": "" } });
});

Deno.test("layout.create rolls back when a pane's program cannot start", E2E, async () => {
  await withServer(async ({ client }) => {
    await client.call("session.create", { session: "main", command: "sleep 600" });
    const before = await counts(client);
    const spec = {
      direction: "vertical",
      splits: [
        { ratio: 1, layout: { pane: { command: "sleep 600" } } },
        { ratio: 1, layout: { pane: { command: "sleep 601" } } },
        { ratio: 1, layout: { pane: { argv: ["/nonexistent/weft-no-such-program"] } } },
      ],
    };
    const bad = await client.call("layout.create", { layout: spec }).catch((e) => e);
    ok(bad instanceof Error, "layout.create failed");
    match(bad.message, /splits\[2\]\.layout\.pane/);
    deepStrictEqual(await counts(client), before, "no pane or window is left behind");
    const fresh = await client.call("layout.create", { layout: spec, session: "fresh" }).catch((
      e,
    ) => e);
    ok(fresh instanceof Error);
    deepStrictEqual(await counts(client), before, "nor the session made for the layout");
  });
});

Deno.test(
  "weft layout apply, save and list: a saved window applies back to the same tree",
  E2E,
  async () => {
    await withServer(async ({ client, dir }) => {
      await Deno.writeTextFile(
        join(dir, "work.toml"),
        `description = "two windows"
session = "work"

[[window]]
name = "code"
direction = "horizontal"

[[window.splits]]
ratio = 0.7
pane = { name = "ed", command = "sleep 600" }

[[window.splits]]
ratio = 0.3
preset = "even_vertical"
pane_commands = ["sleep 601", "sleep 602"]

[[window]]
name = "grid"
preset = "tiled"
pane_commands = ["sleep 603", "sleep 604", "sleep 605", "sleep 606"]
`,
      );
      const applied = await weftInProcess(dir, "layout", "apply", "work.toml", "--json");
      strictEqual(applied.code, 0, applied.err);
      const { windows } = JSON.parse(applied.out) as { windows: Created[] };
      strictEqual(windows.length, 2);
      const code = await client.call<Layout>("window.layout", { window: "code" });
      deepStrictEqual(shape(code.layout), ["horizontal", [[0.7, "pane"], [0.3, ["vertical", [[
        0.5,
        "pane",
      ], [0.5, "pane"]]]]]]);

      const saved = await weftInProcess(dir, "layout", "save", "mine", "--window", "code");
      strictEqual(saved.code, 0, saved.err);
      const toml = await Deno.readTextFile(join(dir, ".weft", "layouts", "mine.toml"));
      match(toml, /name = "ed", command = "sleep 600", cwd = "\."/);
      strictEqual(
        (await weftInProcess(dir, "layout", "save", "mine", "--window", "code")).code,
        1,
        "no overwrite without --force",
      );

      const list = await weftInProcess(dir, "layout", "list");
      strictEqual(list.code, 0, list.err);
      match(list.out, /mine {2}1 window/);
      match(list.out, /tiled/);

      await client.call("window.kill", { window: "code" });
      const again = await weftInProcess(dir, "layout", "apply", "mine", "--json");
      strictEqual(again.code, 0, again.err);
      const back = await client.call<Layout>("window.layout", { window: "code" });
      deepStrictEqual(shape(back.layout), shape(code.layout), "save → apply round-trips the tree");
      const replaced = await weftInProcess(dir, "layout", "apply", "mine", "--replace");
      strictEqual(replaced.code, 0, replaced.err);
      const ed = await client.call<{ window: string }>("pane.status", { pane: "ed" });
      const after = await client.call<{ windows: { id: string; name: string }[] }>(
        "window.list",
        {},
      );
      strictEqual(after.windows.find((w) => w.name === "code")?.id, ed.window, "names move along");
    });
  },
);

Deno.test(
  "weft layout apply reports a bad file's line and column, and starts nothing",
  E2E,
  async () => {
    await withServer(async ({ client, dir }) => {
      await Deno.writeTextFile(
        join(dir, "bad.toml"),
        `[[window]]\ndirection = "horizontal"\n\n[[window.splits]]\nratio = -1\npane = {}\n`,
      );
      const bad = await weftInProcess(dir, "layout", "apply", "bad.toml");
      strictEqual(bad.code, 1);
      match(
        bad.err,
        /bad\.toml at line 5, column 9: window\[0\]\.splits\[0\]\.ratio must be a number > 0/,
      );
      await Deno.writeTextFile(join(dir, "syntax.toml"), `[[window]]\npane = { command = "x" \n`);
      const syntax = await weftInProcess(dir, "layout", "apply", "syntax.toml");
      strictEqual(syntax.code, 1);
      // smol-toml notices the unclosed table where the next line starts.
      match(syntax.err, /syntax\.toml at line 3, column 1: .*\(TOML syntax\)/);
      deepStrictEqual(await counts(client), [0, 0, 0]);
    });
  },
);

Deno.test(
  "weft layout save refuses a window that apply and list could not read back",
  E2E,
  async () => {
    await withServer(async ({ client, dir }) => {
      // 20 arguments of 60 KiB: a pane that runs, whose layout file would pass the 1 MiB limit.
      const filler = Array.from({ length: 20 }, () => "x".repeat(60 * 1024));
      await client.call("session.create", {
        window: "big",
        argv: ["bash", "-c", "sleep 600", ...filler],
      });
      const saved = await weftInProcess(dir, "layout", "save", "big", "--window", "big");
      strictEqual(saved.code, 1);
      match(
        saved.err,
        /Cannot save layout "big": it would be \d+ characters, over the 1048576 a layout file may have/,
      );
      const list = await weftInProcess(dir, "layout", "list", "--json");
      deepStrictEqual(JSON.parse(list.out).files, [], "nothing was written");
    });
  },
);

Deno.test("apply_preset, cycle, resize, swap and zoom on real panes", E2E, async () => {
  await withServer(async ({ client }) => {
    const made = await client.call<Created>("layout.create", {
      layout: { preset: "even_horizontal", pane_commands: ["sleep 600", "sleep 601", "sleep 602"] },
    });
    const [a, b] = made.panes.map((p) => p.pane);
    const left = await client.call<Layout & { preset: string }>("layout.apply_preset", {
      window: made.window,
      preset: "main_l",
      main_ratio: 0.3,
    });
    strictEqual(left.preset, "main_left");
    ok(left.layout.type === "split" && left.layout.children[0]!.ratio === 0.3);
    const main = await client.call<{ preset: string }>("layout.apply_preset", {
      window: made.window,
      preset: "main_v",
    });
    strictEqual(main.preset, "main_vertical");
    // Three panes tiled look like grid_2x2, seen earlier in the cycle: so the cycle wraps.
    const cycled = await client.call<{ preset: string }>("layout.cycle", { window: made.window });
    strictEqual(cycled.preset, "single");
    strictEqual((await client.call<Layout>("window.layout", { window: made.window })).zoomed, a);
    const even = await client.call<Layout>("layout.apply_preset", {
      window: made.window,
      preset: "even_h",
    });
    strictEqual(even.zoomed, null, "a preset without zoom ends the zoom");
    const resized = await client.call<Layout>("layout.resize", {
      pane: a!,
      direction: "horizontal",
      cells: 3,
    });
    ok(resized.panes.find((p) => p.pane === a)!.cols > 0);
    await client.call("layout.swap", { a: a!, b: b! });
    const swapped = await client.call<Layout>("window.layout", { window: made.window });
    deepStrictEqual(panesOf(swapped.layout).slice(0, 2), [b, a]);
    const zoomed = await client.call<Layout>("layout.zoom", { pane: a! });
    strictEqual(zoomed.zoomed, a);
    const info = await client.call<{ cols: number; rows: number }>("pane.status", { pane: a! });
    deepStrictEqual(
      [info.cols, info.rows],
      [zoomed.cols, zoomed.rows],
      "the zoomed PTY fills the window",
    );
    strictEqual((await client.call<Layout>("layout.zoom", { pane: a! })).zoomed, null);
  });
});

Deno.test("MCP: create_layout and apply_preset", E2E, async () => {
  await withServer(async ({ client, dir }) => {
    const mcp = await httpClient(dir);
    try {
      const { tools } = await mcp.listTools();
      const names = tools.map((t) => t.name);
      for (const n of ["create_layout", "apply_preset", "split_pane", "resize_pane"]) {
        ok(names.includes(n), `${n} in ${names.join(", ")}`);
      }
      const created = await mcp.callTool({
        name: "create_layout",
        arguments: {
          window: "mcp",
          layout: { preset: "main_left", pane_commands: ["sleep 600", "sleep 601", "sleep 602"] },
        },
      });
      ok(!created.isError, textOf(created));
      const layout = await client.call<Layout>("window.layout", { window: "mcp" });
      strictEqual(panesOf(layout.layout).length, 3);
      const applied = await mcp.callTool({
        name: "apply_preset",
        arguments: { window: "mcp", preset: "tiled" },
      });
      ok(!applied.isError, textOf(applied));
      // A bad spec is the caller's mistake: an isError result naming the node, so the model can
      // correct itself (SEP-1303), not a protocol error.
      const bad = await mcp.callTool({
        name: "create_layout",
        arguments: {
          layout: { direction: "vertical", splits: [{ ratio: 0, layout: { pane: {} } }] },
        },
      });
      ok(bad.isError, textOf(bad));
      match(textOf(bad), /splits\[0\]\.ratio must be a number > 0/);
      const failed = await mcp.callTool({
        name: "create_layout",
        arguments: {
          layout: { preset: "tiled", pane_commands: ["sleep 600", { argv: ["/nonexistent/x"] }] },
        },
      });
      ok(failed.isError, "a pane that cannot start is a tool error the model reads");
      match(textOf(failed), /pane_commands\[1\]|panes\[1\]/);
    } finally {
      await mcp.close();
    }
  }, { weft: { plugins: { mcp: { enabled: true, options: { tools: "all" } } } } });
});

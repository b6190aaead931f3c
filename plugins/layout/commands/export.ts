import { z } from "zod";
import { defineCommand, type PaneInfo } from "@weft/weft/plugin";
import type { LayoutNode } from "../../../protocols/layout/tree/mod.ts";
import type { LayoutSpec, PaneSpec, WindowSpec } from "../../../protocols/layout/mod.ts";
import { getLayout } from "../_window.ts";

/** What {@link paneSpecOf} reads of a pane. */
type PaneFacts = Pick<PaneInfo, "name" | "command" | "argv" | "cwd" | "meta">;

/** What a running pane would be started with again; cwds inside the project become relative. */
export function paneSpecOf(info: PaneFacts, project: string): PaneSpec {
  const spec: PaneSpec = {};
  if (info.name) spec.name = info.name;
  // A shell command line runs as [shell…, "-c", line] (the shell may carry options).
  const n = info.argv.length;
  const shellLine = n >= 3 && info.argv[n - 2] === "-c" && info.argv[n - 1] === info.command;
  if (shellLine) spec.command = info.command;
  else spec.argv = [...info.argv];
  const root = project.replace(/\/$/, "");
  if (info.cwd === root) spec.cwd = ".";
  else if (info.cwd.startsWith(`${root}/`)) spec.cwd = info.cwd.slice(root.length + 1);
  else spec.cwd = info.cwd;
  const env = info.meta["layout.env"];
  if (env) {
    try {
      spec.env = JSON.parse(env);
    } catch { /* not ours to fix: leave env out */ }
  }
  return spec;
}

function specOf(node: LayoutNode, panes: Map<string, PaneSpec>): LayoutSpec {
  if (node.type === "pane") return { pane: panes.get(node.pane) ?? {} };
  return {
    direction: node.direction,
    splits: node.children.map((c) => ({ ratio: c.ratio, layout: specOf(c.node, panes) })),
  };
}

/** `layout.export`: a window as a declarative spec that `layout.create` can build again. */
export const exportLayout = defineCommand({
  name: "layout.export",
  title: "Export a window's layout",
  description:
    "Describe a window as a declarative layout spec (the input of layout.create): its tree " +
    "with ratios and directions and, for each pane, its command (or argv), cwd (relative to " +
    "the project when inside it), name and the env a layout gave it. `weft layout save` " +
    "writes this to .weft/layouts/NAME.toml.",
  capabilities: ["pane:read"],
  mcp: { name: "export_layout", readOnly: true },
  targets: [{ kind: "window", field: "window", fallback: "caller" }],
  input: z.object({
    window: z.string().optional().describe("Window id or name. Default: the caller's window."),
  }),
  handler: async ({ targets: { window }, call }): Promise<WindowSpec & { window: string }> => {
    const w = await getLayout(call, window);
    const project = (await call("server.status", {})).projectDir;
    const { panes } = await call("pane.list", { window });
    const { windows } = await call(
      "window.list",
      {},
    );
    const specs = new Map(panes.map((p) => [p.id, paneSpecOf(p, project)]));
    const name = windows.find((x) => x.id === window)?.name;
    return { window, ...(name ? { name } : {}), layout: specOf(w.layout, specs) };
  },
});

// Atomic creation of a declarative layout: a new window, every pane spawned, then the exact
// tree installed; if anything fails, the window (and a session made for it) is killed.
import type { LayoutNode, Size } from "../../protocols/layout/tree/mod.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import type { LayoutSpec, PaneSpec } from "../../protocols/layout/mod.ts";
import { type Call, type WindowLayout, withTree } from "./_window.ts";
import { type Plan, planLayout, type PlannedPane, type PresetBuilder } from "./plan.ts";
import type { PaneInfo } from "@weft/weft/plugin";

/** Where the new window goes. */
export interface Placement {
  /** A session id or name; a name no session has yet makes a new session. */
  session?: string;
  /** The caller's pane, whose session is the default. */
  callerPane?: string;
  /** The new window's name. */
  name?: string;
  /** Replace a window of that name (closed once the new one stands). */
  replace?: boolean;
}

/** How to build a layout: where it goes, and the presets its spec may name. */
export interface BuildOptions extends Placement {
  /** Builds a named preset (the plugin's catalog). */
  presets: PresetBuilder;
}

/** One created pane, in spec order. */
export interface CreatedPane {
  pane: string;
  name: string | null;
  command: string;
  /** Where it is in the spec. */
  path: string;
}

/** What `layout.create` returns. */
export interface Created {
  session: string;
  window: string;
  panes: CreatedPane[];
  layout: WindowLayout;
}

/** Builds `spec` in a new window; all or nothing. */
export async function createLayout(
  call: Call,
  spec: LayoutSpec,
  where: BuildOptions,
): Promise<Created> {
  const project = (await call("server.status", {})).projectDir;
  const { old, deferred } = await precheck(call, spec, where);
  // Names the replaced window's panes hold are given once that window is gone.
  const start = (p: PaneSpec) => {
    const { name, ...rest } = p;
    return launch(name !== undefined && deferred.has(name) ? rest : p, project);
  };
  const first = paneSpecs(spec)[0]!;
  const made = await openWindow(call, where, old ? undefined : where.name, start(first.spec))
    .catch((err) => {
      throw failed(first, err);
    });
  try {
    const { plan, ids, layout } = await fillWindow(call, spec, made, {
      start,
      presets: where.presets,
    });
    if (old) await replaceWindow(call, { old, window: made.window, where, plan, ids, deferred });
    const panes = await describePanes(call, plan, ids);
    return { session: made.session, window: made.window, panes, layout };
  } catch (err) {
    await rollback(call, made);
    throw err;
  }
}

/** Starts every pane of the plan in the new window, then installs the exact tree. */
async function fillWindow(
  call: Call,
  spec: LayoutSpec,
  made: { window: string; pane: string },
  { start, presets }: {
    start: (p: PaneSpec) => Record<string, unknown>;
    presets: PresetBuilder;
  },
): Promise<{ plan: Plan; ids: Map<string, string>; layout: WindowLayout }> {
  const size = await call("window.layout", { window: made.window });
  const plan = planLayout(spec, size, presets);
  const ids = new Map([[plan.panes[0]!.slot, made.pane]]);
  await spawnRest(call, plan, ids, { window: made.window, start, size });
  const tree = renamed(plan.tree, ids);
  const layout = await call("window.set_layout", {
    window: made.window,
    layout: tree,
  });
  for (const p of plan.panes) {
    if (p.spec.env) {
      await call("pane.set", {
        pane: ids.get(p.slot)!,
        meta: { "layout.env": JSON.stringify(p.spec.env) },
      });
    }
  }
  return { plan, ids, layout: withTree(layout) };
}

/** Closes the replaced window and gives its name, and its panes' names, to the new one. */
async function replaceWindow(
  call: Call,
  r: {
    old: string;
    window: string;
    where: Placement;
    plan: Plan;
    ids: Map<string, string>;
    deferred: Set<string>;
  },
): Promise<void> {
  await call("window.kill", { window: r.old });
  await call("window.rename", { window: r.window, name: r.where.name ?? null });
  for (const p of r.plan.panes) {
    if (p.spec.name && r.deferred.has(p.spec.name)) {
      await call("pane.rename", { pane: r.ids.get(p.slot)!, name: p.spec.name });
    }
  }
}

/** Every created pane in spec order, as it is now (names settled). */
async function describePanes(
  call: Call,
  plan: Plan,
  ids: Map<string, string>,
): Promise<CreatedPane[]> {
  const infos = new Map<string, PaneInfo>();
  for (const id of ids.values()) infos.set(id, await call("pane.status", { pane: id }));
  return plan.panes.map((p) => {
    const info = infos.get(ids.get(p.slot)!)!;
    return { pane: info.id, name: info.name, command: info.command, path: p.path };
  });
}

/**
 * Refuses before anything starts: a taken window name without replace, a pane name taken
 * outside the window being replaced. Returns that window and the pane names it holds.
 */
async function precheck(
  call: Call,
  spec: LayoutSpec,
  where: Placement,
): Promise<{ old?: string; deferred: Set<string> }> {
  const old = where.name ? await windowNamed(call, where.name) : undefined;
  if (old && !where.replace) {
    throw new WeftError(
      "CONFLICT",
      `Cannot create layout: window "${where.name}" exists (${old}); pass replace: true to replace it`,
      { window: old },
    );
  }
  const { panes } = await call("pane.list", {});
  const named = (list: PaneInfo[]) => new Set(list.flatMap((p) => (p.name ? [p.name] : [])));
  const deferred = named(panes.filter((p) => p.window === old));
  const taken = named(panes.filter((p) => p.window !== old));
  for (const p of paneSpecs(spec)) {
    if (p.spec.name && taken.has(p.spec.name)) {
      throw new WeftError(
        "CONFLICT",
        `Cannot create layout: ${p.path}.name "${p.spec.name}" is already a pane's name`,
        { path: `${p.path}.name` },
      );
    }
  }
  return old ? { old, deferred } : { deferred: new Set() };
}

async function windowNamed(call: Call, name: string): Promise<string | undefined> {
  const { windows } = await call(
    "window.list",
    {},
  );
  return windows.find((w) => w.name === name)?.id;
}

async function openWindow(
  call: Call,
  where: Placement,
  name: string | undefined,
  first: Record<string, unknown>,
): Promise<{ session: string; window: string; pane: string; newSession: boolean }> {
  const session = await sessionFor(call, where);
  const named = name ? { window: name } : {};
  if (session.id) {
    const w = await call("window.create", {
      session: session.id,
      ...named,
      ...first,
    });
    return { session: session.id, window: w.window, pane: w.pane, newSession: false };
  }
  const s = await call("session.create", {
    ...(session.name ? { session: session.name } : {}),
    ...named,
    ...first,
  });
  return { ...s, newSession: true };
}

/** The session to use: `{id}` of an existing one, or `{name?}` of one to create. */
async function sessionFor(call: Call, where: Placement): Promise<{ id?: string; name?: string }> {
  const { sessions } = await call("session.list", {});
  if (where.session) {
    const found = sessions.find((s) => s.id === where.session || s.name === where.session);
    if (found) return { id: found.id };
    if (/^s\d+$/.test(where.session)) {
      throw new WeftError("TARGET_NOT_FOUND", `Cannot find session "${where.session}"`);
    }
    return { name: where.session };
  }
  if (where.callerPane) {
    const mine = await call("pane.status", { pane: where.callerPane }).catch(() => undefined);
    if (mine) return { id: mine.session };
  }
  const current = sessions.find((s) => s.current) ?? sessions.at(-1);
  return current ? { id: current.id } : {};
}

/**
 * Spawns every pane after the first, splitting so each one starts near its final size: a
 * split's children are carved off its first pane, last share first, then each child is filled
 * the same way. `window.set_layout` then installs the exact tree.
 */
async function spawnRest(
  call: Call,
  plan: Plan,
  ids: Map<string, string>,
  ctx: { window: string; start: (p: PaneSpec) => Record<string, unknown>; size: Size },
): Promise<void> {
  const bySlot = new Map(plan.panes.map((p) => [p.slot, p]));
  const fill = async (node: LayoutNode): Promise<void> => {
    if (node.type === "pane") return;
    const firsts = node.children.map((c) => firstSlot(c.node));
    let remaining = 1;
    for (let i = 1; i < node.children.length; i++) {
      const share = node.children.slice(i).reduce((s, c) => s + c.ratio, 0);
      const planned = bySlot.get(firsts[i]!)!;
      const info = await spawn(call, planned, {
        window: ctx.window,
        split: ids.get(firsts[i - 1]!)!,
        direction: node.direction,
        ratio: clamp(share / remaining),
      }, ctx.start);
      remaining = share;
      ids.set(planned.slot, info.id);
    }
    for (const c of node.children) await fill(c.node);
  };
  await fill(plan.tree);
}

async function spawn(
  call: Call,
  planned: PlannedPane,
  placement: Record<string, unknown>,
  start: (p: PaneSpec) => Record<string, unknown>,
): Promise<PaneInfo> {
  try {
    return await call("pane.create", {
      ...placement,
      focus: false,
      ...start(planned.spec),
    });
  } catch (err) {
    throw failed(planned, err);
  }
}

/** The error of a pane that failed to start, naming it by its place in the spec. */
function failed(planned: { spec: PaneSpec; path: string }, err: unknown): WeftError {
  const cause = err instanceof WeftError ? err : new WeftError("INTERNAL", String(err));
  return new WeftError(
    cause.code,
    `Cannot create layout: pane ${planned.path} (${
      describePane(planned.spec)
    }) failed: ${cause.message}`,
    { path: planned.path, cause: cause.toBody() },
  );
}

async function rollback(
  call: Call,
  made: { session: string; window: string; newSession: boolean },
): Promise<void> {
  await call("window.kill", { window: made.window }).catch(() => {});
  if (made.newSession) await call("session.kill", { session: made.session }).catch(() => {});
}

/**
 * The pane.create/window.create fields for a pane spec; relative cwds start at the project
 * (no cwd: the core's default, the caller's pane's directory or the project).
 */
export function launch(spec: PaneSpec, project: string): Record<string, unknown> {
  const { cwd, ...rest } = spec;
  if (cwd === undefined) return rest;
  return { cwd: cwd.startsWith("/") ? cwd : `${project.replace(/\/$/, "")}/${cwd}`, ...rest };
}

function describePane(spec: PaneSpec): string {
  if (spec.command) return `command ${JSON.stringify(spec.command)}`;
  if (spec.argv) return `argv ${JSON.stringify(spec.argv)}`;
  return "a shell";
}

function paneSpecs(spec: LayoutSpec, path = ""): { spec: PaneSpec; path: string }[] {
  const at = (k: string) => (path ? `${path}.${k}` : k);
  if ("pane" in spec) return [{ spec: spec.pane, path: at("pane") }];
  if ("panes" in spec) return spec.panes.map((p, i) => ({ spec: p, path: `${at("panes")}[${i}]` }));
  return spec.splits.flatMap((c, i) => paneSpecs(c.layout, `${at("splits")}[${i}].layout`));
}

function firstSlot(node: LayoutNode): string {
  return node.type === "pane" ? node.pane : firstSlot(node.children[0]!.node);
}

function renamed(node: LayoutNode, ids: Map<string, string>): LayoutNode {
  if (node.type === "pane") return { type: "pane", pane: ids.get(node.pane)! };
  return {
    ...node,
    children: node.children.map((c) => ({ ratio: c.ratio, node: renamed(c.node, ids) })),
  };
}

function clamp(ratio: number): number {
  return Math.min(0.99, Math.max(0.01, ratio));
}

/**
 * The plugin's state: every canvas it draws, by pane. Opening one makes a canvas pane
 * (`pane.canvas`), reads its source, renders it with its kind and draws it (`pane.draw`);
 * file changes, resizes and keys typed into the pane draw it again. Work that outlives the
 * command that started it (watchers, events) runs as the plugin's own (`ctx.detached`).
 *
 * @module
 */

import { type PluginContext, WeftError, type WeftEvent } from "@weft/weft/plugin";
import { KINDS, LIVE_KINDS } from "./kinds/mod.ts";
import { didYouMean } from "../../protocols/bus/suggest.ts";
import { type Canvas, renderCanvas, type Source, titleOf } from "./_canvas.ts";
import { filePair, loadSource } from "./_load.ts";
import { checkRange, gitRange } from "./_git.ts";
import { watchFile } from "./_watch.ts";
import { keysOf } from "./_keys.ts";
import { newView, press, screenOf } from "./_view.ts";
import { type FarHost, farRows, type PaneFacts } from "./_agents.ts";
import type { Options } from "./options.ts";

/** Where a new canvas goes and what it is called: as `pane.canvas` takes them. */
export interface Placement {
  window?: string | undefined;
  split?: string | undefined;
  direction?: "horizontal" | "vertical" | undefined;
  name?: string | undefined;
  focus?: boolean | undefined;
}

/** What `canvas.open` and `canvas.update` return. */
export interface CanvasReport {
  pane: string;
  kind: string;
  title: string;
  path: string | null;
  lines: number;
  cols: number;
  rows: number;
}

/** The plugin's canvases. */
export class Canvases {
  #ctx: PluginContext<Options>;
  #projectDir: string;
  #canvases = new Map<string, Canvas>();
  /** Every canvas pane (any owner's): their own changes never redraw an agents board. */
  #canvasPanes = new Set<string>();
  #agentsTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(ctx: PluginContext<Options>, projectDir: string) {
    this.#ctx = ctx;
    this.#projectDir = projectDir;
  }

  /** Listens to the events canvases follow and takes back canvases a restore brought back. */
  async start(): Promise<void> {
    const ctx = this.#ctx;
    ctx.subscribe({
      topics: ["pane.canvas.input", "pane.canvas.resized", "pane.closed", "pane.created"],
    }, (event) => this.#event(event));
    ctx.subscribe(
      { topics: ["pane.state", "pane.changed", "pane.created", "pane.closed"] },
      (event) => this.#agentsMaybe(event),
    );
    // Another host's agents changed (the fabric's presence): boards that span hosts draw again.
    ctx.subscribe({ topics: ["fabric.agents_changed"] }, (event) => this.#agentsMaybe(event));
    if (ctx.options.agentsTickMs > 0) {
      setInterval(() => this.#refreshLive(), ctx.options.agentsTickMs);
    }
    const { panes } = await ctx.call("pane.list", {});
    for (const p of panes) if (p.canvas) this.#canvasPanes.add(p.id);
    for (const p of panes.filter((p) => p.canvas === ctx.name)) await this.#adopt(p);
  }

  /** The canvas shown in `pane`; `NOT_FOUND` when this plugin draws no canvas there. */
  get(pane: string): Canvas {
    const c = this.#canvases.get(pane);
    if (!c) throw new WeftError("NOT_FOUND", `Cannot find canvas "${pane}": it is not a canvas`);
    return c;
  }

  /** Opens a canvas: a new pane showing `source`; a source that fails closes it and throws. */
  async open(source: Source, placement: Placement): Promise<CanvasReport> {
    checkSource(source);
    const info = await this.#ctx.call(
      "pane.canvas",
      { ...defined(placement), meta: metaOf(source) },
    );
    const c: Canvas = {
      ...source,
      pane: info.id,
      cols: info.cols,
      rows: info.rows,
      view: newView(source.kind === "log"),
      lines: [],
      chain: Promise.resolve(),
    };
    this.#canvases.set(c.pane, c);
    this.#canvasPanes.add(c.pane);
    try {
      await this.#refresh(c);
    } catch (err) {
      // A canvas that cannot show its source is not kept: each failed open (an agent's tag in
      // a loop) would leave a pane behind.
      this.forget(c.pane);
      await this.#ctx.call("pane.close", { pane: c.pane }).catch(() => {});
      if (!(err instanceof WeftError)) throw err;
      const { pane: _, ...data } = (err.data ?? {}) as Record<string, unknown>;
      throw new WeftError(err.code, err.message, data);
    }
    this.#watch(c);
    return this.#report(c);
  }

  /** Changes what a canvas shows and draws it again. */
  async update(pane: string, changes: Partial<Source>): Promise<CanvasReport> {
    const c = this.get(pane);
    const next: Source = { ...sourceOf(c), ...changes };
    if (changes.content !== undefined) delete next.path;
    if (changes.path !== undefined) delete next.content;
    checkSource(next);
    c.unwatch?.();
    delete c.unwatch;
    delete c.files;
    delete c.path;
    delete c.content;
    if (next.kind !== c.kind) c.view = newView(next.kind === "log");
    Object.assign(c, next);
    await this.#ctx.call("pane.set", { pane, meta: metaOf(next) }).catch(() => {});
    await this.#refresh(c);
    this.#watch(c);
    return this.#report(c);
  }

  /** Stops drawing a canvas and forgets it (its pane is being closed). */
  forget(pane: string): void {
    const c = this.#canvases.get(pane);
    c?.unwatch?.();
    this.#canvases.delete(pane);
  }

  /** Every canvas's report. */
  list(): CanvasReport[] {
    return [...this.#canvases.values()].map((c) => this.#report(c));
  }

  /** Reads the source again (a file, the agent list), renders and draws; throws its error. */
  async #refresh(c: Canvas): Promise<void> {
    delete c.error;
    delete c.note;
    try {
      await loadSource(c, {
        projectDir: this.#projectDir,
        options: this.#ctx.options,
        panes: async () => (await this.#ctx.call("pane.list", {})).panes,
        farAgents: async () => {
          try {
            return farRows((await this.#ctx.call<{ hosts: FarHost[] }>("fabric.agents", {})).hosts);
          } catch {
            return []; // in no fabric
          }
        },
      });
    } catch (err) {
      c.error = err instanceof WeftError ? err : new WeftError("INTERNAL", String(err));
    }
    renderCanvas(c);
    await this.#draw(c);
    if (c.error) {
      throw new WeftError(c.error.code, c.error.message, {
        ...(c.error.data as object | undefined),
        pane: c.pane,
      });
    }
  }

  /** Draws the canvas's lines as its view shows them, behind any draw still running. */
  #draw(c: Canvas): Promise<void> {
    const run = async () => {
      if (!this.#canvases.has(c.pane)) return;
      const lines = screenOf(c.lines, c.view, { width: c.cols, height: c.rows });
      await this.#ctx.call("pane.draw", { pane: c.pane, lines, title: titleOf(c) });
    };
    const next = c.chain.then(run, run);
    c.chain = next.catch((err) => this.#ctx.log(`Cannot draw canvas "${c.pane}": ${err}`));
    return next;
  }

  /** Watches the files a canvas reads: each change reads, renders and draws it again. */
  #watch(c: Canvas): void {
    if (!c.files?.length || c.unwatch) return;
    const files = c.files;
    this.#ctx.detached(() => {
      const stops = files.map((abs) =>
        watchFile(abs, () => void this.#refresh(c).catch(() => {}), {
          debounceMs: this.#ctx.options.debounceMs,
          onError: (err) => this.#ctx.log(`Cannot watch "${abs}": ${err}`),
        })
      );
      c.unwatch = () => stops.forEach((stop) => stop());
    });
  }

  #event(event: WeftEvent): void {
    const data = event.data as Record<string, unknown>;
    if (event.topic === "pane.created") {
      if (data.canvas) this.#canvasPanes.add(String(data.id));
      return;
    }
    const c = this.#canvases.get(String(data.pane));
    if (event.topic === "pane.closed") {
      this.#canvasPanes.delete(String(data.pane));
      if (c) this.forget(c.pane);
      return;
    }
    if (!c || data.owner !== this.#ctx.name) return;
    if (event.topic === "pane.canvas.resized") {
      c.cols = Number(data.cols);
      c.rows = Number(data.rows);
      renderCanvas(c);
      void this.#draw(c).catch(() => {});
    } else this.#keys(c, String(data.data));
  }

  #keys(c: Canvas, data: string): void {
    for (const key of keysOf(data)) {
      const { view, close } = press(c.view, key, { lines: c.lines, height: c.rows });
      if (close) {
        void this.#ctx.call("pane.close", { pane: c.pane }).catch((err) =>
          this.#ctx.log(`Cannot close canvas "${c.pane}": ${err}`)
        );
        return;
      }
      c.view = view;
    }
    void this.#draw(c).catch(() => {});
  }

  /** An agent pane changed: agents boards draw again soon (never for a canvas's own changes). */
  #agentsMaybe(event: WeftEvent): void {
    const pane = event.pane ?? String((event.data as Record<string, unknown>).pane ?? "");
    if (this.#canvasPanes.has(pane) || (event.data as { canvas?: unknown }).canvas) return;
    if (this.#agentsTimer !== undefined) return;
    this.#agentsTimer = setTimeout(() => {
      this.#agentsTimer = undefined;
      this.#refreshLive();
    }, 50);
  }

  #refreshLive(): void {
    for (const c of this.#canvases.values()) {
      if (LIVE_KINDS.has(c.kind)) void this.#refresh(c).catch(() => {});
    }
  }

  /** Takes back a canvas of this plugin that a restore brought back, or closes it. */
  async #adopt(p: PaneFacts): Promise<void> {
    const kind = p.meta["canvas.kind"];
    const path = p.meta["canvas.path"];
    let options: Record<string, unknown> | undefined;
    try {
      options = p.meta["canvas.options"] ? JSON.parse(p.meta["canvas.options"]) : undefined;
    } catch {
      options = undefined;
    }
    const rebuildable = path || LIVE_KINDS.has(kind ?? "") ||
      filePair({ kind: kind ?? "", options }) || gitRange({ kind: kind ?? "", options });
    if (!kind || !rebuildable) {
      // Its content was not kept: nothing can draw it again.
      await this.#ctx.call("pane.close", { pane: p.id }).catch(() => {});
      return;
    }
    const title = p.meta["canvas.title"];
    const c: Canvas = {
      kind,
      ...(path ? { path } : {}),
      ...(title ? { title } : {}),
      ...(options ? { options } : {}),
      pane: p.id,
      cols: p.cols,
      rows: p.rows,
      view: newView(kind === "log"),
      lines: [],
      chain: Promise.resolve(),
    };
    this.#canvases.set(c.pane, c);
    await this.#refresh(c).catch(() => {});
    this.#watch(c);
  }

  #report(c: Canvas): CanvasReport {
    return {
      pane: c.pane,
      kind: c.kind,
      title: titleOf(c),
      path: c.path ?? null,
      lines: c.lines.length,
      cols: c.cols,
      rows: c.rows,
    };
  }
}

function checkSource(source: Source): void {
  if (!Object.hasOwn(KINDS, source.kind)) {
    const known = Object.keys(KINDS).sort();
    throw new WeftError(
      "INVALID_INPUT",
      `Cannot open a canvas of kind "${source.kind}": the kinds are ${known.join(", ")}` +
        didYouMean(source.kind, known),
    );
  }
  const range = gitRange(source);
  if (range !== undefined) checkRange(range);
  const live = LIVE_KINDS.has(source.kind) || filePair(source) !== undefined ||
    range !== undefined;
  const given = (source.path !== undefined ? 1 : 0) + (source.content !== undefined ? 1 : 0);
  if (live ? given !== 0 : given !== 1) {
    throw new WeftError(
      "INVALID_INPUT",
      live
        ? `Cannot open a ${source.kind} canvas with a path or content: it reads its own source`
        : `Cannot open a ${source.kind} canvas: give path or content (one of them)`,
    );
  }
}

function sourceOf(c: Canvas): Source {
  const { kind, path, content, title, options } = c;
  return defined({ kind, path, content, title, options }) as Source;
}

/** What a canvas's pane keeps of its source, so the plugin can draw it again after a restart. */
function metaOf(source: Source): Record<string, string> {
  const meta: Record<string, string> = { "canvas.kind": source.kind };
  if (source.path !== undefined) meta["canvas.path"] = source.path;
  if (source.title !== undefined) meta["canvas.title"] = source.title.slice(0, 1000);
  const options = source.options ? JSON.stringify(source.options) : "";
  if (options && options.length <= 4096) meta["canvas.options"] = options;
  return meta;
}

function defined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

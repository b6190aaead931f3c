/**
 * The mouse in the attach client: a click focuses a pane, the wheel scrolls its history (or
 * goes to its program when it asked for the mouse), a drag selects within the pane it started
 * in and copies on release, a drag on a border resizes the pane before it.
 *
 * @module
 */

import type { Rect } from "../../protocols/layout/tree/mod.ts";
import { windowRects } from "./chrome.ts";
import { copyBuffer } from "./compose.ts";
import type { CopyMode } from "./copy_mode.ts";
import type { MouseEvent } from "./input.ts";
import type { HandlerHost, Mode } from "./input_handler.ts";
import { mouseBytes } from "./mouse.ts";

const WHEEL_LINES = 3;

/** What the mouse handling needs of the input handler. */
export interface MouseInput {
  readonly host: HandlerHost;
  readonly mode: Mode;
  copy: CopyMode | undefined;
  startCopy(pane: string): void;
  endCopy(): void;
  run(work: Promise<unknown> | unknown): void;
}

/** Mouse reports, turned into focus, scrolling, selections and resizes. */
export class MouseHandler {
  /** A mouse selection under way: its pane and rectangle, where it started. */
  #drag: { pane: string; rect: Rect; x: number; y: number } | undefined;
  /** A border being dragged: the pane before it, which way it moves, where the mouse is. */
  #border = {
    edge: undefined as { pane: string; horizontal: boolean; at: number } | undefined,
    pending: 0,
    busy: false,
  };
  #input: MouseInput;

  constructor(input: MouseInput) {
    this.#input = input;
  }

  /** Forgets a selection under way (copy mode ended). */
  cancel(): void {
    this.#drag = undefined;
  }

  /** Handles one mouse report. */
  handle(event: MouseEvent): void {
    const view = this.#input.host.view;
    if (!view) return;
    if (this.#drag && (event.action === "drag" || event.action === "release")) {
      return this.#dragSelect(event);
    }
    if (this.#border.edge && (event.action === "drag" || event.action === "release")) {
      return this.#dragBorder(event);
    }
    const rects = windowRects(view);
    const hit = paneAt(rects, event.x, event.y - 1);
    if (!hit) {
      const edge = event.action === "press" && !view.zoomed
        ? edgeAt(rects, event.x, event.y - 1)
        : undefined;
      if (edge) this.#border.edge = { ...edge, at: edge.horizontal ? event.x : event.y };
      return;
    }
    const [pane, rect] = hit;
    const mirror = this.#input.host.mirrors.get(pane);
    const tracking = mirror && mirror.term.modes.mouseTrackingMode !== "none" &&
      this.#input.mode.kind === "normal";
    if (event.action === "wheel-up" || event.action === "wheel-down") {
      if (tracking && pane === view.focused) return this.#forwardMouse(pane, rect, event);
      return this.#wheel(pane, event.action === "wheel-up" ? WHEEL_LINES : -WHEEL_LINES);
    }
    if (tracking && pane === view.focused) return this.#forwardMouse(pane, rect, event);
    if (event.action === "press" && event.button === 0 && !tracking) {
      // A drag that starts here selects within this pane only (tmux's MouseDrag1Pane).
      this.#drag = { pane, rect, x: event.x - rect.x, y: event.y - 1 - rect.y };
      if (this.#input.copy?.pane === pane) this.#input.copy.anchor = undefined;
    }
    if (event.action === "press" && pane !== view.focused) {
      this.#input.run(this.#input.host.client.call("pane.focus", { pane }));
    }
  }

  /** Moves a border being dragged: resizes the pane before it by what the mouse moved. */
  #dragBorder(event: MouseEvent): void {
    const b = this.#border;
    const edge = b.edge!;
    const to = edge.horizontal ? event.x : event.y;
    b.pending += to - edge.at;
    edge.at = to;
    if (event.action === "release") b.edge = undefined;
    const flush = () => {
      if (b.busy || !b.pending) return;
      const cells = b.pending;
      b.pending = 0;
      b.busy = true;
      this.#input.host.client.call("pane.resize", {
        pane: edge.pane,
        [edge.horizontal ? "dx" : "dy"]: cells,
      }).catch((err) => this.#input.host.notice((err as Error).message, true)).finally(() => {
        b.busy = false;
        flush();
      });
    };
    flush();
  }

  /** Extends a mouse selection; on release copies it and leaves copy mode. */
  #dragSelect(event: MouseEvent): void {
    const { pane, rect, ...from } = this.#drag!;
    const mirror = this.#input.host.mirrors.get(pane);
    if (!mirror) return void (this.#drag = undefined);
    if (!this.#input.copy || this.#input.copy.pane !== pane) this.#input.startCopy(pane);
    const copy = this.#input.copy!;
    const buffer = copyBuffer(mirror);
    const x = Math.max(0, Math.min(rect.cols - 1, event.x - rect.x));
    const y = Math.max(0, Math.min(rect.rows - 1, event.y - 1 - rect.y));
    const top = copy.top(buffer);
    const point = { line: top + y, col: x };
    if (event.action === "drag") {
      copy.anchor ??= { line: top + from.y, col: from.x };
      copy.cursor = point;
      return this.#input.host.schedule();
    }
    this.#drag = undefined;
    if (!copy.anchor) return;
    copy.cursor = point;
    const text = copy.selectedText(buffer);
    if (text) this.#input.host.copy(text);
    this.#input.endCopy();
  }

  #forwardMouse(pane: string, rect: Rect, event: MouseEvent): void {
    const mirror = this.#input.host.mirrors.get(pane)!;
    const bytes = mouseBytes(event, { x: event.x - rect.x, y: event.y - 1 - rect.y }, {
      mode: mirror.term.modes.mouseTrackingMode,
      sgr: mirror.modes.mouseSgr,
    });
    if (!bytes) return;
    // Past column 95 an X10 report holds bytes over 127, which are not characters.
    const ascii = [...bytes].every((c) => c.charCodeAt(0) < 0x80);
    this.#input.host.input.send(pane, ascii ? { text: bytes } : { bytes });
  }

  #wheel(pane: string, lines: number): void {
    if (!this.#input.copy || this.#input.copy.pane !== pane) {
      if (lines < 0) return;
      if (pane !== this.#input.host.focused) {
        this.#input.run(this.#input.host.client.call("pane.focus", { pane }));
      }
      this.#input.startCopy(pane);
    }
    const mirror = this.#input.host.mirrors.get(pane);
    if (!this.#input.copy || !mirror) return;
    if (
      this.#input.copy.scroll(lines, copyBuffer(mirror)) === 0 && lines < 0 &&
      !this.#input.copy.anchor
    ) {
      this.#input.endCopy();
    }
    this.#input.host.schedule();
  }
}

function paneAt(rects: Map<string, Rect>, x: number, y: number): [string, Rect] | undefined {
  for (const [id, r] of rects) {
    if (x >= r.x && x < r.x + r.cols && y >= r.y && y < r.y + r.rows) return [id, r];
  }
  return undefined;
}

/**
 * The border at window cell (x, y), as the pane left of it (a column: `horizontal` moves) or
 * above it (a row).
 */
function edgeAt(
  rects: Map<string, Rect>,
  x: number,
  y: number,
): { pane: string; horizontal: boolean } | undefined {
  for (const [id, r] of rects) {
    if (r.x + r.cols === x && y >= r.y && y < r.y + r.rows) return { pane: id, horizontal: true };
  }
  for (const [id, r] of rects) {
    if (r.y + r.rows === y && x >= r.x && x < r.x + r.cols) return { pane: id, horizontal: false };
  }
  return undefined;
}

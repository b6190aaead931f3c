/**
 * The tree chooser's keys and what choosing does: move, preview the row's pane (read from the
 * server: panes of other windows have no mirror), go there (another session too), kill.
 *
 * @module
 */

import type { WeftClient } from "../client/mod.ts";
import type { KeyEvent } from "./input.ts";
import type { AttachState } from "./session_state.ts";
import { type TreeItem, treeItems } from "./tree.ts";

/** What the chooser needs from the client. */
export interface TreeHost {
  readonly client: WeftClient;
  readonly state: AttachState;
  /** Follows another session. */
  switchSession(session: string): Promise<void>;
  schedule(): void;
  notice(text: string, error?: boolean): void;
}

const KILL: Record<TreeItem["kind"], [string, string]> = {
  session: ["session.kill", "session"],
  window: ["window.kill", "window"],
  pane: ["pane.close", "pane"],
};

/**
 * One open tree.
 *
 * @example
 * ```ts ignore
 * const tree = await TreeChooser.open(host, { sessionsOnly: false });
 * if (!tree.key(event)) closeTree();
 * ```
 */
export class TreeChooser {
  items: TreeItem[] = [];
  index = 0;
  preview: string[] = [];
  /** The row `x` asked about, until y or n. */
  asking: TreeItem | undefined;
  #host: TreeHost;
  #sessionsOnly: boolean;
  #previewed: string | null = null;

  private constructor(host: TreeHost, sessionsOnly: boolean) {
    this.#host = host;
    this.#sessionsOnly = sessionsOnly;
  }

  /** Reads sessions and windows and opens on the current row. */
  static async open(host: TreeHost, options: { sessionsOnly: boolean }): Promise<TreeChooser> {
    const tree = new TreeChooser(host, options.sessionsOnly);
    await tree.load();
    return tree;
  }

  /** (Re)reads the tree, keeping the chosen row where it can. */
  async load(): Promise<void> {
    const client = this.#host.client;
    const [{ sessions }, { windows }] = await Promise.all([
      client.call("session.list"),
      client.call("window.list", {}),
    ]);
    const { state } = this.#host;
    const chosen = this.items[this.index]?.id;
    this.items = treeItems({ sessions, windows, panes: state.panes }, {
      sessionsOnly: this.#sessionsOnly,
      current: { session: state.session.id, window: state.layout?.window ?? null },
    });
    const at = chosen
      ? this.items.findIndex((i) => i.id === chosen)
      : this.items.findLastIndex((i) => i.current && i.kind !== "pane");
    this.index = Math.max(0, at);
    this.#previewed = null;
    void this.#preview();
  }

  /** The prompt line while `x` waits for an answer. */
  get question(): string | undefined {
    const a = this.asking;
    return a ? ` kill ${a.kind} ${a.text}? (y/n) ` : undefined;
  }

  /** Handles a key; false when the tree closes. */
  key(event: KeyEvent): boolean {
    if (this.asking) {
      const item = this.asking;
      this.asking = undefined;
      if (event.key === "y" || event.key === "Y") void this.#kill(item);
      return true;
    }
    const step = { Up: -1, k: -1, "C-p": -1, Down: 1, j: 1, "C-n": 1, PPage: -10, NPage: 10 }[
      event.key
    ];
    if (step !== undefined) {
      this.index = Math.max(0, Math.min(this.items.length - 1, this.index + step));
      void this.#preview();
      return true;
    }
    const item = this.items[this.index];
    if (event.key === "x" && item) {
      this.asking = item;
      return true;
    }
    if (event.key === "Enter" && item) {
      void this.#choose(item).catch((err) => this.#host.notice((err as Error).message, true));
      return false;
    }
    return !["q", "Escape", "C-c", "C-g"].includes(event.key);
  }

  async #choose(item: TreeItem): Promise<void> {
    const { client, state } = this.#host;
    if (item.session !== state.session.id) await this.#host.switchSession(item.session);
    if (item.kind !== "session" && item.window) {
      await client.call("window.select", { window: item.window });
    }
    if (item.kind === "pane") await client.call("pane.focus", { pane: item.id });
  }

  async #kill(item: TreeItem): Promise<void> {
    const [command, field] = KILL[item.kind];
    try {
      await this.#host.client.call(command, { [field]: item.id });
      await this.load();
    } catch (err) {
      this.#host.notice((err as Error).message, true);
    }
    this.#host.schedule();
  }

  /** Reads the chosen row's pane for the preview (once per pane). */
  async #preview(): Promise<void> {
    const pane = this.items[this.index]?.pane ?? null;
    this.#host.schedule();
    if (pane === this.#previewed) return;
    this.#previewed = pane;
    if (!pane) return void (this.preview = []);
    try {
      const read = await this.#host.client.call("pane.read", {
        pane,
        mode: "visible",
      });
      if (this.#previewed === pane) this.preview = read.text.split("\n");
    } catch {
      if (this.#previewed === pane) this.preview = [];
    }
    this.#host.schedule();
  }
}

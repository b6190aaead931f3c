/**
 * What sideband has spawned: each pane's depth (a pane spawned by sideband from a pane spawned
 * by sideband …) and how many panes each session has had spawned. Spawned panes carry a tag
 * `sideband-depth=N`, so a restarted plugin learns the depths again from `pane.list`.
 *
 * @module
 */

/** The tag that marks a pane sideband spawned, with its depth. */
export const DEPTH_TAG = "sideband-depth=";

/** Depths and per-session counts. */
export class Spawns {
  #depth = new Map<string, number>();
  #perSession = new Map<string, number>();

  /** A pane's depth: 0 unless sideband spawned it. */
  depth(pane: string): number {
    return this.#depth.get(pane) ?? 0;
  }

  /** How many panes sideband has spawned in a session. */
  count(session: string): number {
    return this.#perSession.get(session) ?? 0;
  }

  /** Records a pane sideband spawned. */
  add(pane: string, session: string, depth: number): void {
    if (this.#depth.has(pane)) return;
    this.#depth.set(pane, depth);
    this.#perSession.set(session, this.count(session) + 1);
  }

  /** Learns a pane's depth from its tags (after a restart); true when it has one. */
  learn(pane: { id: string; session: string; tags: readonly string[] }): boolean {
    const tag = pane.tags.find((t) => t.startsWith(DEPTH_TAG));
    const depth = tag === undefined ? NaN : Number(tag.slice(DEPTH_TAG.length));
    if (!Number.isInteger(depth)) return false;
    this.add(pane.id, pane.session, depth);
    return true;
  }
}

/**
 * What the tmux shim keeps in the server between calls, as tmux's server does: paste buffers and
 * global (`-g`/`-s`) option values. It lives in the tmux plugin's state.
 *
 * @module
 */

import type { RemotePanes } from "./_remote.ts";

/** One paste buffer. */
export interface PasteBuffer {
  name: string;
  data: string;
  /** Seconds since the epoch, for `#{buffer_created}`. */
  created: number;
}

/** tmux's `buffer-limit` default: automatic buffers past this many are dropped, oldest first. */
const BUFFER_LIMIT = 50;

/** Paste buffers, newest first, with tmux's automatic names (`buffer0`, `buffer1`, …). */
export class PasteBuffers {
  #list: PasteBuffer[] = [];
  #next = 0;
  #now: () => number;

  constructor(now: () => number = () => Math.floor(Date.now() / 1000)) {
    this.#now = now;
  }

  /** Newest first, as `list-buffers` prints them. */
  list(): readonly PasteBuffer[] {
    return this.#list;
  }

  /** The named buffer, or the newest when no name is given. */
  get(name?: string): PasteBuffer | undefined {
    return name === undefined ? this.#list[0] : this.#list.find((b) => b.name === name);
  }

  /** Sets (or replaces) a buffer and makes it the newest; returns its name. */
  set(name: string | undefined, data: string): string {
    const auto = name === undefined;
    const key = name ?? `buffer${this.#next++}`;
    this.#list = this.#list.filter((b) => b.name !== key);
    this.#list.unshift({ name: key, data, created: this.#now() });
    if (auto) {
      const autos = this.#list.filter((b) => /^buffer\d+$/.test(b.name));
      const drop = new Set(autos.slice(BUFFER_LIMIT).map((b) => b.name));
      this.#list = this.#list.filter((b) => !drop.has(b.name));
    }
    return key;
  }

  /** Deletes a buffer (the newest when no name is given); false when there is none. */
  delete(name?: string): boolean {
    const b = this.get(name);
    if (!b) return false;
    this.#list = this.#list.filter((x) => x !== b);
    return true;
  }
}

/** The shim's server-side state. */
export interface TmuxShared {
  buffers: PasteBuffers;
  /** Global and server option values set with `set-option -g|-s`. */
  options: Map<string, string>;
  /** Teammates opened on other hosts, by the `%N` (local id) the lead knows them by. */
  remote: RemotePanes;
}

/** A fresh state, as a new tmux server has. */
export function tmuxShared(): TmuxShared {
  // weft forwards focus reports to the panes that ask (as tmux with focus-events on does), so
  // programs that check (Claude Code) hear "on", not tmux's default.
  return {
    buffers: new PasteBuffers(),
    options: new Map([["focus-events", "on"]]),
    remote: new Map(),
  };
}

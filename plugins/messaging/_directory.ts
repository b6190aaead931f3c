/**
 * Who can send and receive: every pane (by its name, else its id, with a role from its
 * `role` meta or a `role=X` tag), identities plugins registered (a bridge's headless agents),
 * and names that spoke from outside panes (`human`, `--as NAME`).
 *
 * @module
 */

import type { PaneInfo } from "@weft/weft/plugin";
import type { MessageStore, Registered } from "./_store.ts";

/** What the directory keeps of a pane (from `pane.list` and `pane.*` events). */
export interface PaneEntry {
  id: string;
  name: string | null;
  agent: string;
  state: string;
  stateSource: string;
  exited: boolean;
  tags: readonly string[];
  meta: Readonly<Record<string, string>>;
  /** The pane's process (a new one after a restore or a respawn); none when not known. */
  pid?: number;
}

/** One identity. */
export interface Identity {
  name: string;
  kind: "pane" | "registered" | "outside";
  role: string | null;
  /** The pane it is, for pane identities. */
  pane?: PaneEntry;
  /** The plugin that owns it, for registered identities. */
  owner?: string;
  description?: string | null;
}

/**
 * The name a pane speaks and is addressed by: its name, else its id. A pane called `human`
 * (the core refuses that name now; an older store may hold one) is its id: it is not the human.
 */
export function paneName(pane: Pick<PaneEntry, "id" | "name">): string {
  return pane.name && pane.name !== HUMAN ? pane.name : pane.id;
}

/** The identity of whoever calls from outside panes without a name. */
export const HUMAN = "human";

/** A pane's role: its `role` meta, else a `role=X` tag, else null. */
export function paneRole(pane: Pick<PaneEntry, "tags" | "meta">): string | null {
  if (pane.meta.role) return pane.meta.role;
  const tag = pane.tags.find((t) => t.startsWith("role="));
  return tag ? tag.slice(5) : null;
}

/** How many names seen from outside panes `all` lists (the most recent). */
export const LISTED_OUTSIDE = 200;

/** Identities, looked up by name (each lookup by key: no scan of every name ever seen). */
export class Directory {
  #store: MessageStore;
  #panes = new Map<string, PaneEntry>();
  #named = new Map<string, PaneEntry>();
  #meanwhile: Map<string, { state: string; source: string }> | undefined;

  constructor(store: MessageStore) {
    this.#store = store;
  }

  /** Replaces what is known of panes. */
  setPanes(panes: readonly PaneEntry[]): void {
    this.#panes = new Map(panes.map((p) => [p.id, p]));
    this.#named = new Map(panes.flatMap((p) => (paneName(p) !== p.id ? [[p.name!, p]] : [])));
  }

  /**
   * Replaces what is known of panes with the list `read` gives; states reported while it was
   * on its way are newer than it and kept over it (a pane listed working before its idle event
   * stayed working, and its messages were never typed).
   */
  async reload(read: () => Promise<readonly PaneEntry[]>): Promise<void> {
    const meanwhile = new Map<string, { state: string; source: string }>();
    this.#meanwhile = meanwhile;
    try {
      this.setPanes(await read());
      for (const [id, d] of meanwhile) this.setState(id, d.state, d.source);
    } finally {
      if (this.#meanwhile === meanwhile) this.#meanwhile = undefined;
    }
  }

  /** Updates one pane's state (from a `pane.state` event); false for an unknown pane. */
  setState(id: string, state: string, source: string): boolean {
    this.#meanwhile?.set(id, { state, source });
    const pane = this.#panes.get(id);
    if (!pane) return false;
    this.#put({ ...pane, state, stateSource: source });
    return true;
  }

  /** Records a pane's new name (from a `pane.changed` event); false for an unknown pane. */
  rename(id: string, name: string | null): boolean {
    const pane = this.#panes.get(id);
    if (!pane) return false;
    if (pane.name) this.#named.delete(pane.name);
    this.#put({ ...pane, name });
    return true;
  }

  /** True while {@link reload} waits for its list: an event now may be older than it. */
  get reloading(): boolean {
    return this.#meanwhile !== undefined;
  }

  /** Adds a pane (from a `pane.created` event). */
  add(pane: PaneEntry): void {
    this.#put(pane);
  }

  /** Changes what is known of a pane other than its name; false for an unknown pane. */
  update(id: string, change: Partial<Omit<PaneEntry, "id" | "name">>): boolean {
    const pane = this.#panes.get(id);
    if (!pane) return false;
    this.#put({ ...pane, ...change });
    return true;
  }

  /** Forgets a closed pane. */
  remove(id: string): void {
    const pane = this.#panes.get(id);
    this.#panes.delete(id);
    if (pane?.name && this.#named.get(pane.name) === pane) this.#named.delete(pane.name);
  }

  #put(pane: PaneEntry): void {
    this.#panes.set(pane.id, pane);
    if (paneName(pane) !== pane.id) this.#named.set(pane.name!, pane);
  }

  /** A pane by id. */
  pane(id: string): PaneEntry | undefined {
    return this.#panes.get(id);
  }

  /** Every live pane's identity. */
  panes(): PaneEntry[] {
    return [...this.#panes.values()];
  }

  /** The identity called `name` (a pane's name or id, a registered or seen name), if any. */
  find(name: string): Identity | undefined {
    const pane = this.#panes.get(name) ?? this.#named.get(name);
    if (pane) return { name: paneName(pane), kind: "pane", role: paneRole(pane), pane };
    const reg = this.#store.registeredByName(name);
    if (reg) return registeredIdentity(reg);
    if (name === "human" || this.#store.outside.at(name) !== undefined) {
      return { name, kind: "outside", role: null };
    }
    return undefined;
  }

  /** Panes and registered identities: the agents (`@everyone` and roles reach them). */
  agents(): Identity[] {
    const out: Identity[] = this.panes().map((pane) => ({
      name: paneName(pane),
      kind: "pane",
      role: paneRole(pane),
      pane,
    }));
    const taken = new Set(out.map((i) => i.name));
    for (const reg of this.#store.registered()) {
      if (!taken.has(reg.name)) out.push(registeredIdentity(reg)), taken.add(reg.name);
    }
    return out;
  }

  /** Every agent, then `human` and the {@link LISTED_OUTSIDE} names seen most recently. */
  all(): Identity[] {
    const out = this.agents();
    const taken = new Set(out.map((i) => i.name));
    for (const s of [{ name: "human" }, ...this.#store.outside.recent(LISTED_OUTSIDE)]) {
      if (!taken.has(s.name)) out.push({ name: s.name, kind: "outside", role: null });
      taken.add(s.name);
    }
    return out;
  }

  /** Every name a caller may address, for suggestions. */
  names(): string[] {
    return this.all().flatMap((i) => i.pane && i.pane.name ? [i.name, i.pane.id] : [i.name]);
  }
}

function registeredIdentity(reg: Registered): Identity {
  return {
    name: reg.name,
    kind: "registered",
    role: reg.role,
    owner: reg.owner,
    description: reg.description,
  };
}

/** What the directory keeps of a pane `pane.list` gave. */
export function entryOf(p: PaneInfo): PaneEntry {
  return {
    id: p.id,
    name: p.name,
    agent: p.agent,
    state: p.state,
    stateSource: p.stateSource,
    exited: p.exit !== null,
    tags: p.tags,
    meta: p.meta,
    pid: p.pid,
  };
}

/**
 * This host's agents in the fabric's presence: the list its messaging gives (`message.agents`:
 * name, pane, agent kind, state, role), or its agent panes when messaging is off, put into
 * this host's presence record (`presence.ts`) for the hosts it grants `message` to list. The
 * list is read again when a pane's state, name or agent changes (and at each beat, for names
 * messaging learned meanwhile), and put at once when it differs: another host sees a state
 * change without waiting for the next heartbeat.
 *
 * @module
 */

import type { PluginContext } from "@weft/weft/plugin";
import type { Options } from "./options.ts";
import type { Presence } from "./presence.ts";

/** One agent as a host publishes it. */
export interface FabricAgent {
  name: string;
  /** Its pane on that host (`p3`), or null for a name with no pane. */
  pane: string | null;
  /** The agent kind running there (`claude`, `shell`, `headless`, …). */
  agent: string;
  /** The pane's state (`working`, `idle`, `blocked`, …), or null. */
  state: string | null;
  /** Its roles, as messaging knows them ("" for none). */
  role: string;
  /** `pane`, `registered` or `seen`, as messaging says. */
  kind: string;
  /** `active` or `offline` on its own host. */
  status: string;
}

/** The most agents one host publishes (a presence record stays well under NATS's 1 MiB). */
export const MAX_AGENTS = 500;

/** Events after which the list is read again. */
const TOPICS = ["pane.state", "pane.changed", "pane.created", "pane.closed", "pane.exited"];

/** How long a burst of events is let settle before the list is read once. */
const SETTLE_MS = 20;

type Row = Record<string, unknown>;

const str = (v: unknown, or: string) => (typeof v === "string" ? v.slice(0, 256) : or);
const strOrNull = (v: unknown) => (typeof v === "string" ? v.slice(0, 256) : null);

/** One row of `message.agents` as published. */
export function fromMessaging(a: Row): FabricAgent {
  return {
    name: str(a.name, "?"),
    pane: strOrNull(a.pane),
    agent: str(a.agent, "?"),
    state: strOrNull(a.state),
    role: str(a.role, ""),
    kind: str(a.kind, "pane"),
    status: str(a.status, "active"),
  };
}

/** One pane of `pane.list` as published (messaging off: panes running an agent). */
function fromPane(p: Row): FabricAgent {
  return {
    name: str(p.name, str(p.id, "?")),
    pane: strOrNull(p.id),
    agent: str(p.agent, "?"),
    state: strOrNull(p.state),
    role: "",
    kind: "pane",
    status: p.state === "exited" ? "offline" : "active",
  };
}

/** This host's agents, kept in its presence record. */
export class Roster {
  #ctx: PluginContext<Options>;
  #presence: Presence | undefined;
  #agents: FabricAgent[] = [];
  #text = "[]";
  #timer: ReturnType<typeof setTimeout> | undefined;
  #beat: ReturnType<typeof setInterval> | undefined;
  #reading = false;
  #again = false;
  #closed = false;

  constructor(ctx: PluginContext<Options>) {
    this.#ctx = ctx;
  }

  /** The agents read last. */
  agents(): FabricAgent[] {
    return this.#agents;
  }

  /** Starts following this host's panes; puts into `presence` when the list changes. */
  start(presence: Presence, everyMs: number): void {
    this.#presence = presence;
    this.#ctx.subscribe({ topics: TOPICS }, () => this.#soon());
    this.#beat = setInterval(() => this.#soon(), everyMs);
    this.#soon();
  }

  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
    clearInterval(this.#beat);
  }

  #soon(): void {
    if (this.#closed || this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.#read();
    }, SETTLE_MS);
  }

  async #read(): Promise<void> {
    if (this.#reading) return void (this.#again = true);
    this.#reading = true;
    try {
      const agents = (await this.#list()).slice(0, MAX_AGENTS);
      const text = JSON.stringify(agents);
      if (text !== this.#text) {
        this.#agents = agents;
        this.#text = text;
        this.#presence?.publish();
      }
    } catch (err) {
      this.#ctx.log(`cannot list this host's agents: ${(err as Error).message}`);
    } finally {
      this.#reading = false;
    }
    if (this.#again) {
      this.#again = false;
      this.#soon();
    }
  }

  async #list(): Promise<FabricAgent[]> {
    const ctx = this.#ctx;
    try {
      const { agents } = await ctx.detached(() =>
        ctx.call<{ agents: Row[] }>("message.agents", {})
      );
      return agents.map(fromMessaging);
    } catch {
      // No messaging here: the panes running an agent.
      const { panes } = await ctx.detached(() => ctx.call<{ panes: Row[] }>("pane.list", {}));
      return panes.filter((p) => !["shell", "program"].includes(String(p.agent))).map(fromPane);
    }
  }
}

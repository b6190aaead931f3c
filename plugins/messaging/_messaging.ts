/**
 * The plugin's state: the store, the directory of identities kept in step with the panes, the
 * waiters, the rate limit and the delivery into agent panes; and the operations the commands
 * share (send, check, wait).
 *
 * @module
 */

import { type Caller, type PluginContext, RateLimiter, WeftError } from "@weft/weft/plugin";
import { recipientsOf } from "./_address.ts";
import { Directory, entryOf, HUMAN, type PaneEntry } from "./_directory.ts";
import { followPane, PANE_TOPICS } from "./_follow.ts";
import { checkName, selfOf } from "./_self.ts";
import { setImmediate } from "node:timers";
import type { MessageStore, NewMessage, Priority, StoredMessage } from "./_store.ts";
import { checkContent, eventOf, rateKeyOf } from "./_info.ts";
import { PRIORITY_FILTERS, Waiters } from "./_waiters.ts";
import type { Options } from "./options.ts";
import type { HookAt } from "./_delivery.ts";

/** What `message.send` takes once validated. */
export interface SendInput {
  to: string;
  content: string;
  priority?: Priority | undefined;
  reply_to?: string | undefined;
  metadata?: Record<string, unknown> | undefined;
  /** Recipients already chosen (a broadcast's), instead of resolving `to`. */
  recipients?: readonly string[];
}

/** What delivery into agent panes needs to be told. */
export interface Deliverer {
  /** A message for a pane identity arrived and no waiter took it. */
  arrived(message: StoredMessage, pane: PaneEntry): void;
  /** A pane's state changed. */
  state(pane: PaneEntry): void;
  /** A hook of a pane's agent fired at `at`: the text its answer hands over (until `before`). */
  handover(pane: string, at: HookAt, before?: number): Promise<string | undefined>;
  /** The rung a message for `pane` can expect now, or why it waits in the inbox. */
  expect(pane: PaneEntry): { via: string; reason?: string };
  close(): void;
}

/** Everything the commands use. */
export class Messaging {
  readonly store: MessageStore;
  readonly options: Options;
  readonly directory: Directory;
  readonly waiters = new Waiters();
  deliverer: Deliverer | undefined;
  #ctx: PluginContext<unknown>;
  #rate: RateLimiter;
  #dirty = true;
  #refreshing: Promise<void> | undefined;
  #off: (() => void) | undefined;
  #batch: {
    message: NewMessage;
    resolve: (stored: StoredMessage[]) => void;
    reject: (err: unknown) => void;
  }[] = [];

  constructor(ctx: PluginContext<unknown>, options: Options, store: MessageStore) {
    this.#ctx = ctx;
    this.options = options;
    this.store = store;
    this.directory = new Directory(store);
    this.#rate = new RateLimiter({ perSecond: options.sendsPerSecond, burst: options.sendBurst });
    // The TUI's status bar shows the focused agent's unread count from these.
    store.onUnread = (names) => {
      for (const name of names) {
        const pane = this.directory.find(name)?.pane;
        if (!pane) continue;
        const unread = store.unreadCount(name);
        ctx.publish("message.unread", { pane: pane.id, name, unread }, pane.id);
      }
    };
  }

  /** Follows the panes (`_follow.ts`). */
  async start(): Promise<void> {
    const followed = {
      directory: this.directory,
      store: this.store,
      stale: () => void (this.#dirty = true),
      state: (pane: PaneEntry) => this.deliverer?.state(pane),
    };
    this.#off = this.#ctx.subscribe({ topics: PANE_TOPICS }, (e) => followPane(e, followed));
    await this.panes();
    await this.#reserve();
    // Mail of panes that closed while the plugin was not running is nobody's (their ids).
    const live = new Set(this.directory.panes().map((p) => p.id));
    for (const id of this.store.paneRecipients()) if (!live.has(id)) this.store.retire(id, id);
    // Messages that waited for an agent while the server was down go in once it is idle.
    for (const pane of this.directory.panes()) this.deliverer?.state(pane);
  }

  /**
   * Keeps `human` and every registered name from being a pane's name (the core refuses such a
   * rename); the names a pane holds already come back in `taken`.
   */
  async #reserve(): Promise<{ taken: { name: string }[] }> {
    const names = ["human", ...this.store.registered().map((r) => r.name)];
    try {
      return await this.#ctx.detached(() => this.#ctx.call("pane.reserve_names", { names }));
    } catch (err) {
      this.#ctx.log(`cannot reserve identity names: ${err}`);
      return { taken: [] };
    }
  }

  /** Stops following, ends delivery, closes the file. */
  close(): void {
    this.#off?.();
    this.deliverer?.close();
    this.store.close();
  }

  /** The directory with fresh panes (re-read after a pane came, went or changed). */
  async panes(): Promise<Directory> {
    while (this.#dirty) {
      this.#refreshing ??= this.#refresh().finally(() => (this.#refreshing = undefined));
      await this.#refreshing;
    }
    return this.directory;
  }

  async #refresh(): Promise<void> {
    this.#dirty = false;
    // The directory is the plugin's own, whoever's call needs it.
    await this.directory.reload(async () => {
      const { panes } = await this.#ctx.detached(() => this.#ctx.call("pane.list", {}));
      return panes.map(entryOf);
    });
  }

  /**
   * Runs `fn` on the directory; when it fails with `NOT_FOUND` (a pane made a moment ago, whose
   * event has not arrived yet), once more on panes read again.
   */
  async #fresh<T>(fn: () => T): Promise<T> {
    await this.panes();
    try {
      return fn();
    } catch (err) {
      if (!(err instanceof WeftError) || err.code !== "NOT_FOUND") throw err;
      this.#dirty = true;
      await this.panes();
      return fn();
    }
  }

  /**
   * Who `caller` speaks as (see `_self.ts`). An outside name that sends or waits (`answerable`)
   * is remembered so it can be answered; one that only reads is not (reading writes nothing).
   */
  async self(
    caller: Caller,
    as: string | undefined,
    options: { answerable?: boolean } = {},
  ): Promise<string> {
    if (caller.pane && !(await this.panes()).pane(caller.pane)) this.#dirty = true;
    const name = selfOf(caller, as, await this.panes());
    if (!options.answerable || name === "human") return name;
    const found = this.directory.find(name);
    if (!found || found.kind === "outside") this.store.outside.see(name);
    return name;
  }

  /**
   * Stores a message durably, then tells subscribers, waiters and delivery. The rate limit is
   * `caller`'s (see {@link rateKeyOf}), whatever name it sends as.
   */
  async send(from: string, input: SendInput, caller: Caller): Promise<StoredMessage[]> {
    checkContent(input, this.options.maxContentBytes, this.store);
    const recipients = input.recipients ?? await this.resolve(input.to, from);
    this.takeRate(caller, from);
    return await this.receive({
      from,
      toSpec: input.to,
      recipients,
      content: input.content,
      priority: input.priority ?? "normal",
      replyTo: input.reply_to,
      metadata: input.metadata,
    });
  }

  /** Who `to` names for sender `from` here (`NOT_FOUND`, `TOO_LARGE` when none or too many). */
  async resolve(to: string, from: string): Promise<string[]> {
    const recipients = await this.#fresh(() =>
      recipientsOf(to, from, { directory: this.directory, store: this.store })
    );
    if (!recipients.length) {
      throw new WeftError("NOT_FOUND", `Cannot send to "${to}": it names nobody but you`);
    }
    if (recipients.length > this.options.maxRecipients) {
      throw new WeftError(
        "TOO_LARGE",
        `Cannot send to "${to}": it names ${recipients.length} recipients, more than ` +
          `${this.options.maxRecipients}`,
      );
    }
    return recipients;
  }

  /** Takes one send from `caller`'s rate, or throws `RATE_LIMITED`. */
  takeRate(caller: Caller, from: string): void {
    const key = rateKeyOf(caller);
    if (!this.#rate.take(key)) {
      throw new WeftError(
        "RATE_LIMITED",
        `Cannot send as "${from}": more than ${this.options.sendsPerSecond} messages a second ` +
          `from ${key.replace(":", " ")}; slow down and try again`,
        { retryAfterMs: Math.ceil(1000 / this.options.sendsPerSecond) },
      );
    }
  }

  /** Stores a message (another host's once by id: `_remote.ts`), tells who waits; [] if had. */
  async receive(message: NewMessage): Promise<StoredMessage[]> {
    const stored = await this.#commit(message);
    for (const m of stored) this.#arrived(m);
    return stored;
  }

  /** Calls a command as the plugin itself (the fabric's, for a message to another host). */
  callOwn<T>(name: string, input: unknown): Promise<T> {
    return this.#ctx.detached(() => this.#ctx.call<T>(name, input));
  }

  /**
   * Stores a message together with the others that arrive in the same turn of the event loop:
   * one transaction, one commit (what makes `sync: "full"` affordable). Resolves once stored.
   */
  #commit(message: NewMessage): Promise<StoredMessage[]> {
    return new Promise((resolve, reject) => {
      this.#batch.push({ message, resolve, reject });
      if (this.#batch.length === 1) setImmediate(() => this.#flush());
    });
  }

  #flush(): void {
    const batch = this.#batch;
    this.#batch = [];
    try {
      const stored = this.store.insertMany(batch.map((b) => b.message));
      batch.forEach((b, i) => b.resolve(stored[i]!));
    } catch (err) {
      for (const b of batch) b.reject(err);
    }
  }

  #arrived(message: StoredMessage): void {
    const pane = this.directory.find(message.to)?.pane;
    this.#ctx.publish("message.received", eventOf(message), pane?.id);
    if (this.waiters.offer(message)) return;
    if (pane) this.deliverer?.arrived(message, pane);
  }

  /** Unread messages of `self` (only `ids` when given), marked read. */
  check(self: string, options: { limit?: number; ids?: readonly string[] }) {
    const unread = this.store.unread(self, options);
    this.store.markRead(self, unread.map((m) => m.id), "check");
    const at = Date.now();
    const messages = unread.map((m) => ({ ...m, readAt: at, delivery: "check" }));
    return { messages, remaining: this.store.unreadCount(self) };
  }

  /**
   * The next unread message of `self` that passes `filter`, marked read: at once when there is
   * one, else the first to arrive within `seconds`; undefined on time-out.
   */
  wait(
    self: string,
    options: { seconds: number; filter: string; signal: AbortSignal },
  ): Promise<StoredMessage | undefined> {
    const priorities = PRIORITY_FILTERS[options.filter];
    const [ready] = this.store.unread(self, { limit: 1, ...(priorities ? { priorities } : {}) });
    if (ready) {
      this.store.markRead(self, [ready.id], "wait");
      return Promise.resolve(ready);
    }
    return new Promise((resolve, reject) => {
      const done = () => (clearTimeout(timer), off(), signal.removeEventListener("abort", abort));
      const off = this.waiters.add(self, priorities, (m) => {
        done();
        this.store.markRead(self, [m.id], "wait");
        resolve(m);
      });
      const timer = setTimeout(() => (done(), resolve(undefined)), options.seconds * 1000);
      const { signal } = options;
      const abort = () => (done(), reject(signal.reason));
      if (signal.aborted) abort();
      else signal.addEventListener("abort", abort, { once: true });
    });
  }

  /**
   * For each recipient that is a pane: how its copy is expected to reach the agent, or why it
   * waits in the inbox (what a sender is told). Empty for others.
   */
  expectations(recipients: readonly string[]) {
    const delivery: { to: string; via: string; reason?: string }[] = [];
    for (const to of recipients) {
      const pane = this.directory.find(to)?.pane;
      if (pane && this.deliverer) delivery.push({ to, ...this.deliverer.expect(pane) });
    }
    return delivery.length ? { delivery } : {};
  }

  /** `active` (a live pane, a registered identity) or `offline`. */
  statusOf(name: string): "active" | "offline" {
    const found = this.directory.find(name);
    if (found?.kind === "registered") return "active";
    return found?.pane && !found.pane.exited ? "active" : "offline";
  }

  /** Registers a non-pane identity owned by plugin `owner`. */
  async register(
    owner: string,
    input: { name: string; role?: string | undefined; description?: string | undefined },
  ) {
    checkName(input.name);
    if (input.name === HUMAN || /^p\d+$/.test(input.name)) {
      throw new WeftError(
        "CONFLICT",
        `Cannot register "${input.name}": it is ` +
          (input.name === HUMAN ? "the human's identity" : "a pane's id"),
      );
    }
    const found = (await this.panes()).find(input.name);
    if (found?.kind === "pane") {
      throw new WeftError(
        "CONFLICT",
        `Cannot register "${input.name}": pane ${found.pane!.id} has that name`,
      );
    }
    if (found?.kind === "registered" && found.owner !== owner) {
      throw new WeftError(
        "CONFLICT",
        `Cannot register "${input.name}": plugin "${found.owner}" owns it`,
      );
    }
    this.store.register({
      name: input.name,
      owner,
      role: input.role ?? null,
      description: input.description ?? null,
    });
    // A pane named so meanwhile: the name stays the pane's.
    const { taken } = await this.#reserve();
    if (taken.some((t) => t.name === input.name)) {
      this.store.unregister(input.name);
      throw new WeftError("CONFLICT", `Cannot register "${input.name}": a pane has that name`);
    }
    return { name: input.name, owner, unread: this.store.unreadCount(input.name) };
  }

  /** Removes an identity plugin `owner` registered. */
  unregister(owner: string, name: string) {
    const found = this.directory.find(name);
    if (found?.kind !== "registered") {
      throw new WeftError("NOT_FOUND", `Cannot unregister "${name}": it is not registered`);
    }
    if (found.owner !== owner) {
      throw new WeftError("DENIED", `Cannot unregister "${name}": plugin "${found.owner}" owns it`);
    }
    this.store.unregister(name);
    void this.#reserve();
    return { name, unregistered: true };
  }
}

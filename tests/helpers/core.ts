/**
 * The real core without processes: a real Bus with the built-in commands registered over a
 * real Model whose panes run on fake PTYs, with a clock the test moves. For unit tests of the
 * model and the commands, and plugin tests that need the core's commands.
 *
 * @module
 */

import { PermissionHolds } from "../../core/model/permission_holds.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import { Bus, type Caller, type Command, type Reply } from "../../core/bus/mod.ts";
import { coreCommands } from "../../core/commands/mod.ts";
import { parseConfig, type WeftConfig } from "../../core/config/mod.ts";
import { Model, targetResolver } from "../../core/model/mod.ts";
import { FakeClock } from "./fake_clock.ts";
import { type FakePty, FakePtys, type FakePtysOptions } from "./fake_pty.ts";
import type { CoreTopic } from "../../protocols/bus/core_events.ts";

/** A caller with every right, as the CLI of the project's owner. */
export const OWNER: Caller = { kind: "cli", id: "test", grants: "all" };

/** Options of {@link startCore}. */
export interface CoreOptions extends FakePtysOptions {
  /** The project directory commands see (nothing is read or written there). */
  projectDir?: string;
  /** The project's `"weft"` section (default: shell `bash`, idle after 300 ms). */
  weft?: Record<string, unknown>;
  /**
   * Give the model a `checkSpawn`, so a restore may start its panes' programs later (as the
   * server does); their PTYs are then `DeferredPty`s, not `FakePty`s.
   */
  deferRestore?: boolean;
  /** Which built-in commands to register, or wrapped how (default: all, as they are). */
  commands?: (all: Command[]) => Command[];
}

/** A running test core. */
export interface TestCore {
  bus: Bus;
  model: Model;
  config: WeftConfig;
  ptys: FakePtys;
  clock: FakeClock;
  /** Times `server.stop` was called. */
  stops: number;
  /** Every event published, in order. */
  events: { topic: string; data: unknown; pane?: string }[];
  /** Calls a command as {@link OWNER} (or `caller`) and returns its reply. */
  reply: <T = unknown>(name: string, input: unknown, caller?: Caller) => Promise<Reply<T>>;
  /** Calls a command as {@link OWNER} (or `caller`); throws its error. */
  call: <T = Record<string, unknown>>(name: string, input: unknown, caller?: Caller) => Promise<T>;
  /** The fake PTY of a pane (id or name). */
  pty: (pane: string) => FakePty;
  /** Kills every pane and stops the clock's tickers; resolves when every pane has exited. */
  dispose: () => Promise<void>;
}

/**
 * Starts a test core.
 *
 * @example
 * ```ts
 * import { startCore } from "./core.ts";
 * const core = startCore();
 * const { pane } = await core.call<{ pane: string }>("session.create", { command: "vim" });
 * core.pty(pane).output("hello");
 * await core.dispose();
 * ```
 */
export function startCore(options: CoreOptions = {}): TestCore {
  const projectDir = options.projectDir ?? "/project";
  const config = parseConfig(
    { shell: "bash", idleMs: 300, ...(options.weft ?? {}) },
    { projectDir, file: "(test)" },
  );
  const bus = new Bus();
  const clock = new FakeClock();
  const ptys = new FakePtys(options);
  const events: TestCore["events"] = [];
  const model = new Model({
    publish: (topic, data, pane) => {
      events.push({ topic, data, ...(pane ? { pane } : {}) });
      bus.events.publish<CoreTopic>(topic, data, pane);
    },
    wants: (topic, pane) => bus.events.wants(topic, pane),
    size: config.size,
    historyBytes: config.historyBytes,
    idleMs: config.idleMs,
    baseEnv: () => ({ PATH: "/usr/bin:/bin" }),
    socketPath: () => `${projectDir}/.weft/weft.sock`,
    spawn: ptys.spawn,
    ...(options.deferRestore ? { checkSpawn: ptys.check } : {}),
    processes: ptys.processes,
    clock,
    // What runs in front is what the test sets on the pane's fake PTY.
    foreground: { intervalMs: config.foregroundMs, read: (pane) => FakePtys.of(pane).foreground },
  });
  bus.setResolver(targetResolver(model));
  const core: TestCore = {
    bus,
    model,
    config,
    ptys,
    clock,
    stops: 0,
    events,
    reply: (name, input, caller = OWNER) => bus.call(name, input, { caller }),
    call: (name, input, caller = OWNER) => bus.invoke(name, input, { caller }),
    pty: (pane) => FakePtys.of(model.pane(model.resolve("pane", pane))),
    dispose: () => model.dispose(),
  };
  const server = {
    status: () => ({
      pid: Deno.pid,
      projectDir,
      version: "test",
      socket: `${projectDir}/.weft/weft.sock`,
      startedAt: new Date(0).toISOString(),
      uptimeMs: 0,
      plugins: [],
    }),
    stop: () => void core.stops++,
    startPlugin: (name: string) =>
      Promise.reject(new WeftError("NOT_FOUND", `Cannot start plugin "${name}": no plugins here`)),
    reloadPlugin: (name: string) =>
      Promise.reject(new WeftError("NOT_FOUND", `Cannot reload plugin "${name}": no plugins here`)),
    allow: () => Promise.resolve([]),
    held: () => [],
    view: () => Promise.resolve(null),
  };
  const commands = coreCommands({ model, bus, config, server, holds: new PermissionHolds() });
  bus.register("core", options.commands ? options.commands(commands) : commands);
  return core;
}

/** Runs `fn` with a fresh test core and disposes of it afterwards. */
export async function withCore(
  fn: (core: TestCore) => Promise<void> | void,
  options: CoreOptions = {},
): Promise<void> {
  const core = startCore(options);
  try {
    await fn(core);
  } finally {
    await core.dispose();
  }
}

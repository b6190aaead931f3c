/**
 * `weft serve`: wires the bus, the session model, the built-in commands, the plugin host and
 * the control socket for one project, and tears them down again.
 *
 * @module
 */

import { dirname } from "node:path";
import { Bus } from "../bus/mod.ts";
import { coreCommands } from "../commands/mod.ts";
import type { WeftConfig } from "../config/mod.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import { isHostName } from "../../protocols/bus/host_id.ts";
import { Model, type ModelOptions, targetResolver } from "../model/mod.ts";
import { ProcessGroups, Pty, shellArgv } from "../pty/mod.ts";
import { PluginHost } from "../plugin/mod.ts";
import { manifestCaches, reloadPlugin, startDormant, wakeOwners } from "./_server_plugins.ts";
import { type ProjectStore, startStore } from "../store/mod.ts";
import { VERSION } from "../version.ts";
import { AttachedSizes } from "./attached_sizes.ts";
import type { Connection } from "./connection.ts";
import { acceptLoop } from "./_accept.ts";
import { type HttpDoor, serveHttpDoor } from "./http_door.ts";
import { permissionHolds } from "./permission_holds.ts";
import { keysEqual, SIDEBAND_KEY_ENV } from "../../protocols/sideband/key.ts";
import type { FlowLimits } from "./_outbox.ts";
import { claimStateDir, ensureSocketDir, type ServerPaths, serverPaths } from "./paths.ts";
import { readServerInfo } from "./info.ts";
import { publishServer, withdrawServer } from "./registry.ts";
import { tmuxShim } from "./tmux_shim.ts";
import { paneScreenOf } from "./_pane_screen.ts";
import type { CoreTopic } from "../../protocols/bus/core_events.ts";

/** Options of {@link startServer}. */
export interface ServerOptions {
  /** Skip the startup session (tests). */
  noStartupSession?: boolean;
  /** Largest request line accepted on the socket. */
  maxLineBytes?: number;
  /**
   * Reads the project's config again, as `weft serve` read it (with the built-in plugins):
   * `server.plugin_reload` follows it. Without it the config the server started with is used.
   */
  reloadConfig?: () => Promise<WeftConfig>;
  /** Keep the previous store as a dated file and start empty (`weft serve --fresh`). */
  fresh?: boolean;
  /** Limits on a socket client's unread replies (tests shrink them). */
  flow?: Partial<FlowLimits>;
  /** Most control-socket clients at once (default 1024); one past it is closed at once. */
  maxClients?: number;
  /** A client that sends no request this long after connecting is closed (default 10 s). */
  firstRequestMs?: number;
  /**
   * Variables every pane gets on top of the server's own environment, read at each start
   * (tests: an in-process server's panes get their own HOME without changing the test
   * process's, which every other test's children would inherit meanwhile).
   */
  paneEnv?: Record<string, string>;
  /** The longest an agent's permission request is held for an answer (default 110 s). */
  permissionHoldMs?: number;
}

/** A running server. */
export interface RunningServer {
  bus: Bus;
  model: Model;
  host: PluginHost;
  paths: ServerPaths;
  /** The store (`.weft/weft.db`): what was restored, and `flush()`. */
  store: ProjectStore;
  /** Stops everything; resolves when done. */
  stop: () => Promise<void>;
  /** Resolves when the server has stopped (by `server.stop`, a signal, or {@link stop}). */
  finished: Promise<void>;
  /**
   * Resolves when every configured plugin has started (or failed to). The socket answers
   * before that; a call to a starting plugin's command waits for it (`Bus.expect`).
   */
  pluginsStarted: Promise<void>;
}

/** Starts a server for the configured project; fails if one already runs there. */
export async function startServer(
  config: WeftConfig,
  options: ServerOptions = {},
): Promise<RunningServer> {
  const started = performance.now();
  const { paths, processes } = await claimProject(config);
  const bus = new Bus({ ...ownHost() });
  const paneEnv = config.tmuxShim ? await tmuxShim(paths.dir, paths.socket) : undefined;
  const model = newModel(config, {
    bus,
    processes,
    socketPath: paths.socket,
    httpAddress: () => http.address,
    ...(paneEnv ? { paneEnv } : {}),
    extraEnv: options.paneEnv,
  });
  // Before the store restores panes: their environment names the HTTP door (WEFT_HTTP).
  const paneKey = paneKeyCheck(model);
  const holds = permissionHolds(bus);
  const http = await serveHttpDoor({
    bus,
    checkKey: paneKey,
    holds,
    ...(options.permissionHoldMs ? { holdMs: options.permissionHoldMs } : {}),
  });
  const store = await openProjectStore(config, { model, bus, paths, fresh: options.fresh });
  bus.setResolver(targetResolver(model));
  const host = new PluginHost({
    bus,
    projectDir: config.projectDir,
    stateDir: paths.dir,
    manifests: manifestCaches(paths.manifests),
    paneScreen: paneScreenOf(model),
  });
  const sizes = new AttachedSizes({ bus, model });
  const connections = new Set<Connection>();
  const listener = Deno.listen({ transport: "unix", path: paths.socket });
  await Deno.chmod(paths.socket, 0o600);
  const info = serverInfo(config, paths, http.address);
  const parts = { store, listener, http, sizes, host, model, processes, connections, paths };
  const { stop, finished } = stopper(parts);
  const status = () => ({
    ...info,
    uptimeMs: Math.round(performance.now() - started),
    plugins: host.status(),
  });
  bus.register(
    "core",
    coreCommands({
      model,
      bus,
      config,
      holds,
      server: {
        status,
        stop: () => setTimeout(stop, 10),
        startPlugin: (name) => startDormant(host, config, name),
        reloadPlugin: async (name, o) =>
          reloadPlugin(host, await (options.reloadConfig?.() ?? config), name, {
            ...o,
            stateDir: paths.dir,
          }),
        allow: (panes) => store.allow(panes),
        held: () => store.held(),
        view: (id, request, caller) =>
          sizes.set(id, request && { ...request, viewer: true }, caller),
      },
    }),
  );
  await publishServer(paths, info);
  const maxLineBytes = options.maxLineBytes ?? 16 * 1024 * 1024;
  const flow = options.flow;
  acceptLoop(listener, connections, {
    bus,
    model,
    sizes,
    maxLineBytes,
    info,
    flow,
    paneKey,
    maxClients: options.maxClients ?? 1024,
    firstRequestMs: options.firstRequestMs ?? 10_000,
  });
  // The restored tree is whole and answered from now on; its programs start meanwhile.
  void store.startPanes();
  if (!options.noStartupSession && model.sessions.size === 0) startupSession(model, config);
  const pluginsStarted = host.start(config.plugins).then(
    () => wakeOwners(host, model, config),
    (err) => console.error("weft: plugins failed to start:", err),
  );
  return { bus, model, host, paths, store, stop, finished, pluginsStarted };
}

/**
 * Makes the project's folders, claims its socket (refused while a live server owns it) and
 * ends the processes a server that did not stop cleanly left running.
 */
async function claimProject(
  config: WeftConfig,
): Promise<{ paths: ServerPaths; processes: ProcessGroups }> {
  const state = await claimStateDir(config.projectDir);
  if (state.moved) console.error(state.moved);
  const paths = serverPaths(config.projectDir, state.dir);
  if (!paths.socket.startsWith(paths.dir)) {
    await ensureSocketDir(dirname(paths.socket), config.projectDir);
  }
  await claimSocket(paths);
  // No live server owns this project now: what a killed one left running ends here.
  const processes = new ProcessGroups({ file: paths.pids, graceMs: config.killGraceMs });
  const leftovers = await processes.adoptLeftovers();
  if (leftovers) {
    console.error(
      `weft: ending the processes of ${leftovers} pane(s) left by a server that did not stop cleanly`,
    );
  }
  return { paths, processes };
}

/** The session model of a server: its events go to the bus, its panes are real PTYs. */
function newModel(
  config: WeftConfig,
  deps: {
    bus: Bus;
    processes: ProcessGroups;
    socketPath: string;
    httpAddress: () => string;
    paneEnv?: ModelOptions["paneEnv"];
    extraEnv: Record<string, string> | undefined;
  },
): Model {
  const { bus } = deps;
  return new Model({
    publish: (topic, data, pane) => bus.events.publish<CoreTopic>(topic, data, pane),
    wants: (topic, pane) => bus.events.wants(topic, pane),
    size: config.size,
    historyBytes: config.historyBytes,
    idleMs: config.idleMs,
    statusProtocol: config.statusProtocol,
    clipboard: config.clipboard,
    foreground: { intervalMs: config.foregroundMs },
    baseEnv: () => ({ ...Deno.env.toObject(), ...deps.extraEnv }),
    socketPath: () => deps.socketPath,
    httpAddress: deps.httpAddress,
    ...(deps.paneEnv ? { paneEnv: deps.paneEnv } : {}),
    spawn: Pty.spawn,
    checkSpawn: Pty.check,
    processes: deps.processes,
    declaredTags: () => bus.declaredTags(),
  });
}

/**
 * Whether `key` is pane `id`'s key: it proves a caller runs in the pane (the hooks door's
 * posts, socket clients' hellos).
 */
function paneKeyCheck(model: Model): (id: string, key: string) => boolean {
  return (id, key) => {
    const expected = model.panes.get(id)?.launch.env[SIDEBAND_KEY_ENV];
    return expected !== undefined && keysEqual(expected, key);
  };
}

/** What `server.json` and `server.status` say about this server. */
function serverInfo(config: WeftConfig, paths: ServerPaths, http: string) {
  return {
    pid: Deno.pid,
    version: VERSION,
    socket: paths.socket,
    http,
    projectDir: config.projectDir,
    stateDir: paths.dir,
    startedAt: new Date().toISOString(),
  };
}

/** The stop of a server (once, however often asked) and the promise it keeps. */
function stopper(parts: {
  store: ProjectStore;
  listener: Deno.Listener;
  http: HttpDoor;
  sizes: AttachedSizes;
  host: PluginHost;
  model: Model;
  processes: ProcessGroups;
  connections: Set<Connection>;
  paths: ServerPaths;
}): { stop: () => Promise<void>; finished: Promise<void> } {
  const { store, listener, http, sizes, host, model, processes, connections, paths } = parts;
  let resolveFinished!: () => void;
  const finished = new Promise<void>((r) => (resolveFinished = r));
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      // What clients saw last is what comes back: nothing the stop itself does is saved.
      store.close();
      listener.close();
      await http.close();
      sizes.dispose();
      await host.stop();
      // Clients stay connected until every pane's processes are gone: `weft stop` waits for that.
      await model.dispose();
      await processes.close();
      for (const c of connections) c.close();
      await removeQuietly(paths.socket);
      await withdrawServer(paths);
      resolveFinished();
    })();
    return stopping;
  };
  return { stop, finished };
}

/** The session a server starts with when it restored none: the configured shell or command. */
function startupSession(model: Model, config: WeftConfig): void {
  const argv = shellArgv(config.shell, config.startup.command);
  model.createSession(
    { argv, command: config.startup.command ?? config.shell.join(" "), cwd: config.projectDir },
    { session: config.startup.session },
  );
}

/** Opens the store, restores what it holds into the empty model, and makes replies durable. */
async function openProjectStore(
  config: WeftConfig,
  deps: { model: Model; bus: Bus; paths: ServerPaths; fresh: boolean | undefined },
): Promise<ProjectStore> {
  const store = await startStore({
    file: deps.paths.db,
    model: deps.model,
    events: deps.bus.events,
    restore: config.restore,
    shell: config.shell,
    projectDir: config.projectDir,
    fresh: deps.fresh ?? false,
    deferStart: true,
  });
  deps.bus.setBarrier(() => store.flush());
  return store;
}

/** Refuses when a live server owns the socket; removes a stale socket left by a dead one. */
async function claimSocket(paths: ServerPaths): Promise<void> {
  try {
    const conn = await Deno.connect({ transport: "unix", path: paths.socket });
    conn.close();
    const info = await readServerInfo(paths.info);
    throw new WeftError(
      "CONFLICT",
      `Cannot start weft: a server is already running for this project (pid ${
        info?.pid ?? "?"
      }, socket ${paths.socket})`,
      { pid: info?.pid, socket: paths.socket },
    );
  } catch (err) {
    if (err instanceof WeftError) throw err;
    await removeQuietly(paths.socket);
  }
}

async function removeQuietly(path: string): Promise<void> {
  try {
    await Deno.remove(path);
  } catch { /* already gone */ }
}

/** This machine's host name, as `<host>/p3` names a pane here; none if it is not a usable one. */
function ownHost(): { host?: string } {
  try {
    const host = Deno.hostname();
    return isHostName(host) ? { host } : {};
  } catch {
    return {};
  }
}

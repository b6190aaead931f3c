/**
 * Test helpers: a real weft server in a temporary project, and a connected client.
 *
 * @module
 */

import { join } from "node:path";
import { WeftClient } from "../../plugins/client/mod.ts";
import { loadConfig } from "../../core/config/mod.ts";
import { type RunningServer, type ServerOptions, startServer } from "../../core/server/server.ts";
import { BUILTIN_PLUGINS } from "../../plugins/builtin.ts";
import type { EventFilter } from "../../protocols/bus/events.ts";
import { SIDEBAND_KEY_ENV } from "../../protocols/sideband/key.ts";

/** What a test gets. */
export interface ServerFixture {
  dir: string;
  server: RunningServer;
  client: WeftClient;
  /** Another client connection. */
  connect: () => Promise<WeftClient>;
  /**
   * A client that runs in `pane` as far as the server can tell: it says hello with the pane's
   * own key, as the CLI in the pane does with its environment.
   */
  asPane: (pane: string) => Promise<WeftClient>;
}

/** Options: the project's `"weft"` section and whether to start the default session. */
export interface FixtureOptions {
  weft?: Record<string, unknown>;
  startupSession?: boolean;
  /** Files to write into the project before start (path → content). */
  files?: Record<string, string>;
  /**
   * Variables the server's panes get on top of this process's (read at each pane's start, so
   * the test may fill the object in later). Never set them in `Deno.env`: other test files
   * run meanwhile in this process, and every child they start would inherit them.
   */
  paneEnv?: Record<string, string>;
  /** Limits of the control socket (tests shrink them). */
  socket?: Pick<ServerOptions, "maxClients" | "firstRequestMs" | "permissionHoldMs">;
}

/** Starts a server in a fresh temporary project, runs `fn`, and tears everything down. */
export async function withServer(
  fn: (fx: ServerFixture) => Promise<void>,
  options: FixtureOptions = {},
): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "weft-test-" });
  const clients: WeftClient[] = [];
  let server: RunningServer | undefined;
  try {
    // No rc files: a test must not depend on (or wait for) the machine's ~/.bashrc.
    const weft = { shell: ["bash", "--norc", "--noprofile"], idleMs: 300, ...(options.weft ?? {}) };
    await Deno.writeTextFile(join(dir, "deno.json"), JSON.stringify({ weft }));
    for (const [path, content] of Object.entries(options.files ?? {})) {
      await Deno.mkdir(join(dir, path, ".."), { recursive: true });
      await Deno.writeTextFile(join(dir, path), content);
    }
    server = await startServer(await loadConfig(dir, { builtins: BUILTIN_PLUGINS }), {
      noStartupSession: !options.startupSession,
      ...(options.paneEnv ? { paneEnv: options.paneEnv } : {}),
      ...options.socket,
    });
    await server.pluginsStarted;
    const connect = async () => {
      const c = await WeftClient.connect(server!.paths.socket, { client: "test" });
      clients.push(c);
      return c;
    };
    const asPane = async (pane: string) => {
      const key = server!.model.panes.get(pane)?.launch.env[SIDEBAND_KEY_ENV];
      const c = await WeftClient.connect(server!.paths.socket, {
        client: "cli",
        pane,
        ...(key ? { key } : {}),
      });
      clients.push(c);
      return c;
    };
    const client = await connect();
    await fn({ dir, server, client, connect, asPane });
  } finally {
    for (const c of clients) c.close();
    await server?.stop();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

/** Test options for end-to-end tests that own PTYs, sockets and Workers. */
export const E2E = { sanitizeOps: false, sanitizeResources: false } as const;

/**
 * The `on` of `untilEvent` (./poll.ts) for a socket client: wakes it on every event of `filter`.
 *
 * @example
 * ```ts ignore
 * await untilEvent("the window at 90 columns", {
 *   on: onEvents(client, { topics: ["layout.changed"] }),
 *   check: async () => (await client.call<{ cols: number }>("window.layout")).cols === 90,
 * });
 * ```
 */
export function onEvents(
  client: WeftClient,
  filter: EventFilter,
): (wake: () => void) => Promise<() => Promise<void>> {
  return (wake) => client.subscribe(filter, () => wake());
}

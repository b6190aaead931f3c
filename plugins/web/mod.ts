/**
 * `web`: weft in a browser. A page on 127.0.0.1 shows the sessions and windows as tabs and the
 * current window's server-owned layout with every pane live in xterm.js; a human clicks a pane
 * to focus it, types into it, splits and closes from a toolbar. Access is by a one-time login
 * code (`weft web` prints a URL with one) that becomes an HttpOnly, SameSite=Strict cookie.
 *
 * Enable it in the project's `deno.json`: `"weft": {"plugins": {"web": true}}`, or with
 * options: `{"web": {"options": {"port": 8080, "readOnly": true}}}` (see `./options.ts`).
 *
 * @example
 * ```ts
 * import web from "./mod.ts";
 * console.assert(web.manifest.commands.some((c) => c.name === "web.login"));
 * ```
 *
 * @module
 */

import { join } from "node:path";
import { definePlugin, type PluginContext, WeftError, withState, z } from "@weft/weft/plugin";
import { READ_ONLY } from "../../protocols/bus/capabilities.ts";
import { publishedPort, publishHttp } from "@weft/weft/plugin";
import { OWN_DIR, readAsset, UNICODE11_DIR, WEBGL_DIR, XTERM_DIR } from "./assets.ts";
import { serveWeb, type WebHttpOptions, type WebServer } from "./http.ts";
import { Logins } from "./logins.ts";
import { type Options, parseOptions } from "./options.ts";
import { linkPage, type PageHost } from "./page_link.ts";

export { defaults, parseOptions } from "./options.ts";
export type { Options } from "./options.ts";

/** What the plugin asks for: the rights a page uses, loopback net, its files, `.weft/`. */
export const WEB_CAPABILITIES = [
  "pane:read",
  "pane:write",
  "pane:spawn",
  "pane:control",
  "pane:answer",
  "layout:write",
  "net:127.0.0.1",
  `read:${OWN_DIR}`,
  `read:${XTERM_DIR}`,
  `read:${WEBGL_DIR}`,
  `read:${UNICODE11_DIR}`,
  "read:.weft",
  "write:.weft",
] as const;

interface Running {
  server: WebServer;
  logins: Logins;
  readOnly: boolean;
  allowedHosts: string[];
}

const { defineCommand } = withState<Running>();

const login = defineCommand({
  name: "web.login",
  title: "Web login URL",
  description: "A one-time login URL for the web page (good for one use, five minutes).",
  capabilities: ["session:admin"],
  mcp: { expose: false },
  input: z.object({
    readOnly: z.boolean().optional().describe("A view that cannot type."),
    host: z.string().max(253).optional().describe(
      "One of the allowed hosts (a reverse proxy's name): the URL is https:// on it.",
    ),
  }),
  handler: ({ input, state: { server, logins, readOnly, allowedHosts } }) => {
    if (input.host !== undefined && !allowedHosts.includes(input.host)) {
      throw new WeftError(
        "INVALID_INPUT",
        `Cannot make a login URL on "${input.host}": it is not one of the web plugin's ` +
          `allowedHosts (${allowedHosts.join(", ") || "none"})`,
      );
    }
    const code = logins.issue({ readOnly: readOnly || input.readOnly === true });
    const origin = input.host ? `https://${input.host}` : server.origin;
    return { url: `${origin}/login?code=${code}`, port: server.port };
  },
});

const status = defineCommand({
  name: "web.status",
  title: "Web door status",
  description: "The web page's address (origin, port) and whether it is read-only.",
  capabilities: [],
  mcp: { expose: false, readOnly: true },
  input: z.object({}),
  handler: ({ state: { server, readOnly } }) => ({
    running: true,
    origin: server.origin,
    port: server.port,
    readOnly,
  }),
});

async function setup(ctx: PluginContext<Options>): Promise<Running> {
  const { options } = ctx;
  const { projectDir, stateDir } = await ctx.call("server.status", {});
  const logins = new Logins({ idleTtlMs: options.sessionIdleMs, maxTtlMs: options.sessionMaxMs });
  let pages = 0;
  const infoFile = join(stateDir ?? join(projectDir, ".weft"), "server.json");
  // A restarted plugin serves where it did in this server run (open pages reconnect there),
  // and a restarted server where the project's page was last served (bookmarks keep working).
  const portFile = join(stateDir ?? join(projectDir, ".weft"), "web.port");
  const before = options.port === 0
    ? await publishedPort(infoFile, "web") ?? await lastPort(portFile)
    : undefined;
  const server = await listen(ctx, before, {
    port: options.port,
    allowedHosts: options.allowedHosts,
    logins,
    asset: readAsset,
    connect: (socket, session) => {
      const readOnly = options.readOnly || session.readOnly;
      linkPage(socket, pageHost(ctx, `page${++pages}`, readOnly), {
        readOnly,
        maxBufferedBytes: options.maxBufferedBytes,
      });
    },
  });
  await publishHttp(infoFile, { port: server.port }, "web");
  await Deno.writeTextFile(portFile, `${server.port}\n`).catch(() => {});
  ctx.log(`serving the web page at ${server.origin}${options.readOnly ? " (read-only)" : ""}`);
  return { server, logins, readOnly: options.readOnly, allowedHosts: options.allowedHosts };
}

/** The port the project's page was served on last, if it was recorded. */
async function lastPort(file: string): Promise<number | undefined> {
  const text = await Deno.readTextFile(file).catch(() => "");
  const port = Number(text.trim());
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : undefined;
}

/** Serves on `before` (the port of this server run) when given and free, else as configured. */
async function listen(
  ctx: PluginContext<Options>,
  before: number | undefined,
  options: WebHttpOptions,
): Promise<WebServer> {
  if (before === undefined) return await serveWeb(options);
  try {
    return await serveWeb({ ...options, port: before });
  } catch (err) {
    if (!(err instanceof Deno.errors.AddrInUse)) throw err;
    ctx.log(`port ${before}, where the page was served before, is taken; serving on another one`);
    return await serveWeb(options);
  }
}

/** weft as one page may use it: calls attributed to the page, narrowed to {@link READ_ONLY} when read-only. */
function pageHost(ctx: PluginContext<Options>, id: string, readOnly: boolean): PageHost {
  const onBehalf = {
    kind: "web" as const,
    id,
    ...(readOnly ? { grants: [...READ_ONLY] } : {}),
  };
  return {
    call: <T>(name: string, input?: unknown) => ctx.call<T>(name, input, { onBehalf }),
    subscribe: (filter, listener, options) => ctx.subscribe(filter, listener, options),
    subscribeFrom: (read, filter, listener, options) =>
      ctx.subscribeFrom(read, filter, listener, options),
    log: (...args) => ctx.log(...args),
  };
}

export default definePlugin({
  name: "web",
  version: "0.1.0",
  description: "weft in a browser: live panes in the server's layout, over one WebSocket.",
  capabilities: [...WEB_CAPABILITIES],
  commands: [login, status],
  options: parseOptions,
  setup,
});

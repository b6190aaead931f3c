/**
 * Test helpers for the MCP door: SDK clients over HTTP (with the project's token) and over
 * stdio (`weft mcp` as a child process), and a waiter for notifications.
 *
 * @module
 */

import { join } from "node:path";
import {
  Client,
  StdioClientTransport,
  StreamableHTTPClientTransport,
} from "../../plugins/mcp/sdk_client.ts";
import { weftArgs } from "./cli.ts";
import { untilEvent, wakeups } from "./poll.ts";

/** The HTTP endpoint and token the mcp plugin published for a project. */
export async function httpEndpoint(projectDir: string): Promise<{ url: URL; token: string }> {
  const info = JSON.parse(await Deno.readTextFile(join(projectDir, ".weft", "server.json")));
  if (!info.http) throw new Error(`no http entry in ${projectDir}/.weft/server.json`);
  const token = (await Deno.readTextFile(info.http.tokenFile)).trim();
  return { url: new URL(`http://127.0.0.1:${info.http.port}/mcp`), token };
}

/** Options of {@link httpClient}. */
export interface HttpClientOptions {
  /** The client's name (default `test`). */
  name?: string;
  /**
   * Told once the standalone SSE stream is open: the GET the SDK sends after initializing,
   * which carries the server's notifications (list_changed) from then on.
   */
  onStreamOpen?: () => void;
}

/** An SDK client connected over HTTP with the bearer token. */
export async function httpClient(
  projectDir: string,
  options: HttpClientOptions = {},
): Promise<Client> {
  const { url, token } = await httpEndpoint(projectDir);
  const client = new Client({ name: options.name ?? "test", version: "1.0.0" });
  const watched = async (input: string | URL, init?: RequestInit) => {
    const response = await fetch(input, init);
    const stream = response.headers.get("content-type")?.includes("text/event-stream");
    if ((init?.method ?? "GET") === "GET" && response.ok && stream) options.onStreamOpen?.();
    return response;
  };
  await client.connect(
    new StreamableHTTPClientTransport(url, {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
      ...(options.onStreamOpen ? { fetch: watched } : {}),
    }),
  );
  return client;
}

/**
 * An HTTP client as a real one behaves when its session is gone (the server answers 404 to
 * a request that names it, MCP 2025-06-18 "Session Management"): it initializes a new
 * session and sends the request again.
 */
export interface McpSession {
  /** The client of the current session. */
  readonly client: Client;
  /** How many sessions were opened (1 until the first one was lost). */
  readonly opened: number;
  /** Runs `use` with the client; on a 404 initializes a new session and runs it again, once. */
  run<T>(use: (client: Client) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Opens an {@link McpSession} over HTTP (the endpoint is read again for every new session). */
export async function httpSession(
  projectDir: string,
  options: HttpClientOptions = {},
): Promise<McpSession> {
  let client = await httpClient(projectDir, options);
  let opened = 1;
  return {
    get client() {
      return client;
    },
    get opened() {
      return opened;
    },
    async run(use) {
      try {
        return await use(client);
      } catch (err) {
        if ((err as { code?: unknown }).code !== 404) throw err;
        void client.close().catch(() => {});
        client = await httpClient(projectDir, options);
        opened++;
        return await use(client);
      }
    },
    close: () => client.close(),
  };
}

export { weftArgs };

/** An SDK client talking to `weft mcp` over stdio, started in `cwd` with `env`. */
export async function stdioClient(
  cwd: string,
  options: { env?: Record<string, string>; args?: string[] } = {},
): Promise<Client> {
  const client = new Client({ name: "test-stdio", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: Deno.execPath(),
      args: weftArgs("mcp", ...(options.args ?? [])),
      cwd,
      env: { PATH: Deno.env.get("PATH") ?? "", HOME: Deno.env.get("HOME") ?? "", ...options.env },
      stderr: "pipe",
    }),
  );
  return client;
}

/** The notifications of one kind a client gets from now on. */
export interface Notifications {
  /** Every one so far, in order. */
  seen: unknown[];
  /** Resolves once `n` have come (at once if they have); names `what` on a time-out. */
  atLeast: (n: number, what: string) => Promise<void>;
  /** Resolves once `check` holds, trying it now and after each notification. */
  until: (what: string, check: () => boolean | Promise<boolean>) => Promise<void>;
}

/**
 * Collects a client's notifications of the kind `schema` names (it replaces any handler set
 * for that kind), and waits for them as they come, without polling.
 *
 * @example
 * ```ts ignore
 * const changes = notifications(client, ToolListChangedNotificationSchema);
 * bus.register("demo", commands);
 * await changes.atLeast(1, "tools/list_changed after the register");
 * ```
 */
export function notifications(
  client: Client,
  schema: Parameters<Client["setNotificationHandler"]>[0],
): Notifications {
  const seen: unknown[] = [];
  const arrived = wakeups();
  client.setNotificationHandler(schema, (n) => {
    seen.push(n);
    arrived.wake();
  });
  const until = async (what: string, check: () => boolean | Promise<boolean>) => {
    await untilEvent(what, { on: arrived.on, check });
  };
  return { seen, until, atLeast: (n, what) => until(what, () => seen.length >= n) };
}

/** The text of a tool result's first content block. */
export function textOf(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content.find((c) => c.type === "text")?.text ?? "";
}

/** What a finished child process printed. */
export interface ToolRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs an npm package's CLI under Deno (`deno run npm:SPEC ARGS`), outside any project config,
 * in `cwd` (default: a new temporary directory), killed after `timeoutMs`.
 */
export async function runNpmTool(
  spec: string,
  args: string[],
  options: { cwd?: string; timeoutMs?: number } = {},
): Promise<ToolRun> {
  const cwd = options.cwd ?? (await Deno.makeTempDir({ prefix: "weft-npm-tool-" }));
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", "--no-config", "--no-lock", `npm:${spec}`, ...args],
    cwd,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    signal: AbortSignal.timeout(options.timeoutMs ?? 120_000),
  }).output();
  const text = new TextDecoder();
  return { code: out.code, stdout: text.decode(out.stdout), stderr: text.decode(out.stderr) };
}

/**
 * Deno's cache directory, for children given another HOME (a `weft mcp` started by Claude
 * Code in a temporary HOME must not fetch every npm package again).
 */
export async function denoDir(): Promise<string> {
  const out = await new Deno.Command(Deno.execPath(), { args: ["info", "--json"], stdout: "piped" })
    .output();
  return JSON.parse(new TextDecoder().decode(out.stdout)).denoDir;
}

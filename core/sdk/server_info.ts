/**
 * Writes the HTTP endpoint into `.weft/server.json`, where `weft mcp config --http` and other
 * clients find it.
 *
 * @module
 */

/**
 * Adds `http: {port, tokenFile}` to the server's `server.json` (written atomically); a door
 * other than MCP passes its own `key` (the web door writes `web: {port}`).
 *
 * @example
 * ```ts ignore
 * await publishHttp("/proj/.weft/server.json", { port: 8931, tokenFile: "/proj/.weft/mcp.token" });
 * ```
 */
export async function publishHttp(
  file: string,
  http: { port: number; tokenFile?: string },
  key = "http",
): Promise<void> {
  // Two doors (mcp, web) may publish at once from their own processes; each read-modify-write
  // is checked afterwards and done again when the other one's write replaced it.
  const want = JSON.stringify(http);
  for (let attempt = 0; attempt < 10; attempt++) {
    const info = JSON.parse(await Deno.readTextFile(file)) as Record<string, unknown>;
    const temp = `${file}.${key}-${crypto.randomUUID().slice(0, 8)}`;
    await Deno.writeTextFile(temp, JSON.stringify({ ...info, [key]: http }, null, 2) + "\n", {
      mode: 0o600,
    });
    await Deno.rename(temp, file);
    await new Promise((r) => setTimeout(r, 5 + Math.random() * 20));
    const now = JSON.parse(await Deno.readTextFile(file)) as Record<string, unknown>;
    if (JSON.stringify(now[key]) === want) return;
  }
}

/**
 * The port a door published in `server.json` under `key`, if any: the server writes the file
 * afresh as it starts, so this is a port of the same server run (a door restarting).
 *
 * @example
 * ```ts ignore
 * const port = await publishedPort("/proj/.weft/server.json"); // 8931, or undefined
 * ```
 */
export async function publishedPort(file: string, key = "http"): Promise<number | undefined> {
  try {
    const info = JSON.parse(await Deno.readTextFile(file)) as Record<string, unknown>;
    const port = (info[key] as { port?: unknown } | undefined)?.port;
    return typeof port === "number" && Number.isInteger(port) && port > 0 ? port : undefined;
  } catch {
    return undefined;
  }
}

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
  const info = JSON.parse(await Deno.readTextFile(file)) as Record<string, unknown>;
  const temp = `${file}.${key}-${crypto.randomUUID().slice(0, 8)}`;
  await Deno.writeTextFile(temp, JSON.stringify({ ...info, [key]: http }, null, 2) + "\n", {
    mode: 0o600,
  });
  await Deno.rename(temp, file);
}

/**
 * Writes the HTTP endpoint into `.weft/server.json`, where `weft mcp config --http` and other
 * clients find it.
 *
 * @module
 */

/**
 * Adds `http: {port, tokenFile}` to the server's `server.json` (written atomically).
 *
 * @example
 * ```ts ignore
 * await publishHttp("/proj/.weft/server.json", { port: 8931, tokenFile: "/proj/.weft/mcp.token" });
 * ```
 */
export async function publishHttp(
  file: string,
  http: { port: number; tokenFile: string },
): Promise<void> {
  const info = JSON.parse(await Deno.readTextFile(file)) as Record<string, unknown>;
  const temp = `${file}.mcp-${crypto.randomUUID().slice(0, 8)}`;
  await Deno.writeTextFile(temp, JSON.stringify({ ...info, http }, null, 2) + "\n", {
    mode: 0o600,
  });
  await Deno.rename(temp, file);
}

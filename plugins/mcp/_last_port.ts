/**
 * The port the HTTP door served on last, kept in `.weft/mcp.port` across server runs, so a
 * client configured with the URL (`weft mcp config --http`) finds the door again after a
 * restart of the server.
 *
 * @module
 */

/** The port in `file`, or undefined when there is none that could be a port. */
export async function lastPort(file: string): Promise<number | undefined> {
  try {
    const port = Number((await Deno.readTextFile(file)).trim());
    return Number.isInteger(port) && port > 0 && port < 65536 ? port : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps `port` in `file` (0600); a failure only means the next run picks a new port. */
export async function keepPort(file: string, port: number): Promise<void> {
  try {
    await Deno.writeTextFile(file, `${port}\n`, { mode: 0o600 });
  } catch { /* the next run serves on a free port */ }
}

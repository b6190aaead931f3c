/**
 * The bearer token of the HTTP transport: made on first start, kept in `.weft/mcp.token`
 * (mode 0600) so clients configured once keep working across restarts.
 *
 * @module
 */

/** Shortest token accepted from the file; a shorter one is replaced. */
const MIN_LENGTH = 32;

/**
 * The token in `file`, or a new random one written there (0600).
 *
 * @example
 * ```ts ignore
 * const token = await ensureToken("/proj/.weft/mcp.token");
 * ```
 */
export async function ensureToken(file: string): Promise<string> {
  try {
    const token = (await Deno.readTextFile(file)).trim();
    if (token.length >= MIN_LENGTH && /^[A-Za-z0-9_-]+$/.test(token)) {
      await Deno.chmod(file, 0o600);
      return token;
    }
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const token = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_")
    .replace(/=+$/, "");
  await Deno.writeTextFile(file, token + "\n", { mode: 0o600 });
  await Deno.chmod(file, 0o600);
  return token;
}

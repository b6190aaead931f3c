/**
 * What this user's weft recorded on this machine, told apart from what it did not: each pane
 * the store keeps carries a seal, an HMAC of its stored form under a key kept outside every
 * project (`$XDG_STATE_HOME/weft/seal.key`, else `~/.local/state/weft/seal.key`, 0600). A store
 * shipped inside a cloned repository, written by another user or on another machine, has no
 * valid seal: its panes are restored without starting their programs (see `restore.ts`) until
 * the user allows them, so a stored argv cannot run behind a made-up label.
 *
 * @module
 */

import { createHmac, timingSafeEqual } from "node:crypto";
import { dirname, join } from "node:path";
import type { SavedPane } from "./saved.ts";

/** Most panes whose last seal is remembered. */
const MAX_REMEMBERED = 4096;

/** The default key file, or undefined without a home. */
export function sealKeyFile(): string | undefined {
  const xdg = Deno.env.get("XDG_STATE_HOME");
  if (xdg) return join(xdg, "weft", "seal.key");
  const home = Deno.env.get("HOME");
  return home ? join(home, ".local", "state", "weft", "seal.key") : undefined;
}

/**
 * Seals and checks stored panes.
 *
 * @example
 * ```ts
 * import { Sealer } from "./seal.ts";
 * const sealer = Sealer.withKey(new Uint8Array(32).fill(7));
 * const doc = sealer.seal({ id: "p1", argv: ["bash"] } as never);
 * console.assert(sealer.verify(doc) && !Sealer.withKey(new Uint8Array(32)).verify(doc));
 * ```
 */
export class Sealer {
  readonly #key: Uint8Array | undefined;
  /** The last text sealed for each pane, and its seal. */
  #last = new Map<string, { text: string; seal: string }>();
  /** Why there is no key, when there is none (every pane is then unsealed). */
  readonly problem: string | undefined;

  private constructor(key: Uint8Array | undefined, problem?: string) {
    this.#key = key;
    this.problem = problem;
  }

  /** A sealer with this key (tests). */
  static withKey(key: Uint8Array): Sealer {
    return new Sealer(key);
  }

  /**
   * Reads the user's key from `file`, making it on first use. Never throws: without a key
   * nothing is sealed (so everything restored is held) and {@link problem} says why.
   */
  static async load(file: string | undefined = sealKeyFile()): Promise<Sealer> {
    if (!file) return new Sealer(undefined, "no HOME or XDG_STATE_HOME to keep the key in");
    try {
      return new Sealer(await readOrMakeKey(file));
    } catch (err) {
      return new Sealer(undefined, `cannot use the key ${file}: ${(err as Error).message}`);
    }
  }

  /** `doc` with its seal last (undefined: without a key it stays unsealed). */
  seal(doc: SavedPane): SavedPane {
    const { seal: _, ...rest } = doc;
    if (!this.#key) return rest;
    // The writer seals a pane each time it looks at it, mostly unchanged: an HMAC costs tens of
    // microseconds, a comparison of the text next to nothing.
    const text = JSON.stringify(rest);
    const last = this.#last.get(rest.id);
    if (last?.text === text) return { ...rest, seal: last.seal };
    const seal = this.#mac(text);
    if (this.#last.size >= MAX_REMEMBERED) this.#last.clear();
    this.#last.set(rest.id, { text, seal });
    return { ...rest, seal };
  }

  /** Whether `doc` carries this user's seal over exactly what it holds. */
  verify(doc: SavedPane): boolean {
    const { seal, ...rest } = doc;
    if (!this.#key || typeof seal !== "string") return false;
    const want = new TextEncoder().encode(this.#mac(JSON.stringify(rest)));
    const got = new TextEncoder().encode(seal);
    return got.length === want.length && timingSafeEqual(got, want);
  }

  #mac(text: string): string {
    return createHmac("sha256", this.#key!).update(`weft-pane\0${text}`).digest("base64url");
  }
}

/** 32 random bytes, hex; made atomically (a link cannot replace another process's key). */
async function readOrMakeKey(file: string): Promise<Uint8Array> {
  const existing = await readKey(file);
  if (existing) return existing;
  const dir = dirname(file);
  await Deno.mkdir(dir, { recursive: true, mode: 0o700 });
  const info = await Deno.lstat(dir);
  if (info.isSymlink || !info.isDirectory) throw new Error(`${dir} is not a folder`);
  if (Deno.uid() !== null && info.uid !== Deno.uid()) {
    throw new Error(`${dir} belongs to uid ${info.uid}`);
  }
  await Deno.chmod(dir, 0o700);
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const temp = `${file}.${crypto.randomUUID()}`;
  await Deno.writeTextFile(temp, toHex(bytes) + "\n", { createNew: true, mode: 0o600 });
  try {
    await Deno.link(temp, file);
  } catch (err) {
    if (!(err instanceof Deno.errors.AlreadyExists)) throw err;
  } finally {
    await Deno.remove(temp);
  }
  const key = await readKey(file);
  if (!key) throw new Error("it was made but cannot be read back");
  return key;
}

async function readKey(file: string): Promise<Uint8Array | undefined> {
  try {
    await checkOwn(file);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return undefined;
    throw err;
  }
  const text = (await Deno.readTextFile(file)).trim();
  if (!/^[0-9a-f]{64}$/.test(text)) throw new Error("it does not hold a key (64 hex digits)");
  return Uint8Array.from(text.match(/../g)!, (h) => parseInt(h, 16));
}

/** A real file of this user that nobody else may read or write. */
async function checkOwn(path: string): Promise<void> {
  const info = await Deno.lstat(path);
  const uid = Deno.uid();
  if (info.isSymlink) throw new Error(`${path} is a symbolic link`);
  if (!info.isFile) throw new Error(`${path} is not a file`);
  if (uid !== null && info.uid !== uid) throw new Error(`${path} belongs to uid ${info.uid}`);
  if (((info.mode ?? 0) & 0o077) !== 0) throw new Error(`others may read ${path}`);
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

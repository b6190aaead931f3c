/**
 * Message ids: ULIDs (48 bits of milliseconds, 80 random bits, Crockford base32), so ids made on
 * different hosts never collide and sort by time. Within one millisecond they increase.
 *
 * @module
 */

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A source of ids; `now` and `random` are injected so tests can pin them. */
export function ulidFactory(
  now: () => number = Date.now,
  random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b),
): () => string {
  let lastTime = -1;
  let last: Uint8Array = new Uint8Array(10);
  return () => {
    let time = now();
    if (time <= lastTime) {
      time = lastTime;
      last = increment(last);
    } else {
      lastTime = time;
      last = random(new Uint8Array(10));
    }
    return encodeTime(time) + encodeRandom(last);
  };
}

/**
 * A new id, e.g. `01JD3Q8Z5X7P2M4N6R8T0V2W4Y`.
 *
 * @example
 * ```ts
 * import { ulid } from "./_ulid.ts";
 * const a = ulid(), b = ulid();
 * console.assert(a.length === 26 && a < b);
 * ```
 */
export const ulid: () => string = ulidFactory();

function encodeTime(time: number): string {
  let out = "";
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[time % 32] + out;
    time = Math.floor(time / 32);
  }
  return out;
}

function encodeRandom(bytes: Uint8Array): string {
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let out = "";
  for (let i = 0; i < 16; i++) {
    out = ALPHABET[Number(bits & 31n)] + out;
    bits >>= 5n;
  }
  return out;
}

function increment(bytes: Uint8Array): Uint8Array {
  const next = new Uint8Array(bytes);
  for (let i = next.length - 1; i >= 0; i--) {
    if (next[i]! < 255) {
      next[i]!++;
      return next;
    }
    next[i] = 0;
  }
  return next;
}

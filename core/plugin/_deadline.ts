/**
 * Waiting with a limit, without leaving a timer behind.
 *
 * @module
 */

/**
 * Resolves when `promise` settles or `ms` pass, whichever comes first; never rejects.
 *
 * @example
 * ```ts
 * import { settleWithin } from "./_deadline.ts";
 * const done = await settleWithin(new Promise(() => {}), 10);
 * console.assert(done === false);
 * ```
 */
export async function settleWithin(
  promise: Promise<unknown>,
  ms: number,
): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((
    resolve,
  ) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([promise.then(() => true, () => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

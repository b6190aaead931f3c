/**
 * The door kit: a stopped server's store, read by `weft saved` in its own process (what would
 * come back on the next start). Only for CLI doors (tests/imports_test.ts).
 *
 * @example
 * ```ts ignore
 * import { planAll, StoreDb } from "../../core/sdk/store.ts";
 * ```
 *
 * @module
 */

export { planAll, type SavedState, Sealer, StoreDb } from "../store/mod.ts";

/**
 * The store: what weft remembers of a project's sessions across restarts and crashes, in
 * `.weft/weft.db` (SQLite through `node:sqlite`, WAL). The core writes through on every change
 * that matters, off the output path; `weft serve` brings it back.
 *
 * @module
 */

export { startStore } from "./start_store.ts";
export type { ProjectStore, StartStoreOptions } from "./start_store.ts";
export { openStore } from "./open.ts";
export type { OpenedStore, OpenStoreOptions } from "./open.ts";
export { StoreDb } from "./db.ts";
export { Sealer, sealKeyFile } from "./seal.ts";
export { planAll, restoreSaved } from "./restore.ts";
export type { RestoreReport } from "./restore.ts";
export { RESTORE_MODES } from "./plan.ts";
export type { PanePlan, RestoreMode } from "./plan.ts";
export { resumeArgv } from "./resume.ts";
export type { ResumeTarget } from "./resume.ts";
export { replay } from "./replay.ts";
export { SCHEMA_VERSION } from "./schema.ts";
export type { SavedPane, SavedScreen, SavedSession, SavedState, SavedWindow } from "./saved.ts";

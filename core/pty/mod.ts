/**
 * The PTY host: node-pty forks the process, one reader Worker reads every PTY with libc
 * `poll`/`read` (FFI), and writes go straight to the master fd; `/proc` tells what runs in front.
 *
 * @module
 */

export { Pty, shellArgv } from "./pty.ts";
export type { ExitInfo, SpawnOptions } from "./pty.ts";
export { ansiCQuote, shellQuote, shellWords } from "../../protocols/terminal/shell_words.ts";
export { ProcessGroups } from "./process_groups.ts";
export type { PaneProcesses, ProcessGroupsOptions } from "./process_groups.ts";
export { programName, readForeground, readProcess } from "./foreground.ts";
export type { ForegroundProcess } from "./foreground.ts";

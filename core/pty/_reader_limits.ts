/**
 * Limits shared by the PTY reader thread and its main-thread side.
 *
 * @module
 */

/** The reader stops reading a pane while this many bytes are posted and not yet received. */
export const INFLIGHT_CAP = 1 << 20;

/**
 * Defaults of the top-level settings: data, not branches. (The built-in plugins and their
 * default grants are the composition root's: `plugins/builtin.ts`.)
 *
 * @module
 */

/** Defaults of the top-level settings. */
export const DEFAULTS = {
  shell: "bash",
  historyBytes: 8 * 1024 * 1024,
  idleMs: 1500,
  foregroundMs: 250,
  killGraceMs: 2000,
  /** Answer OSC 7501 status probes and take the reports as pane states. */
  statusProtocol: true,
  /** A pane program's OSC 52 copy reaches attached terminals and the paste buffers. */
  clipboard: "on" as const,
  size: { cols: 120, rows: 40 },
  startup: { session: "main" },
  humanInput: { quietMs: 3000, waitMs: 1500 },
  attach: { prefix: "C-b", scrollback: 2000, modeKeys: "vi" as const },
  /** Each plugin's V8 heap cap; past it only that plugin is ended (`weft.plugins.X.memoryMiB`). */
  pluginMemoryMiB: 256,
  /** Panes get `TMUX`, `TMUX_PANE` and a `tmux` on `PATH` that drives weft. */
  tmuxShim: true,
  restore: "all",
} as const;

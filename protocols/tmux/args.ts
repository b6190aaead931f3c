/**
 * tmux's command line: global flags (`-L`, `-S`, `-V`, …), command names and their aliases and
 * unambiguous prefixes, and each command's flags in tmux's getopt letters, with tmux's error texts.
 *
 * @module
 */

/** A command's flags in tmux's getopt form (`t:` takes a value) and its argument count. */
interface CommandDef {
  alias?: string;
  flags: string;
  maxArgs: number;
}

/** The commands the shim knows, by tmux name, flags copied from tmux 3.3's cmd-*.c. */
export const TMUX_COMMANDS: Readonly<Record<string, CommandDef>> = {
  "break-pane": { alias: "breakp", flags: "abdPF:n:s:t:", maxArgs: 0 },
  "capture-pane": { alias: "capturep", flags: "ab:CeE:JNpPqS:t:", maxArgs: 0 },
  "delete-buffer": { alias: "deleteb", flags: "b:", maxArgs: 0 },
  "display-message": { alias: "display", flags: "aCc:d:lINpt:F:v", maxArgs: 1 },
  "has-session": { alias: "has", flags: "t:", maxArgs: 0 },
  "join-pane": { alias: "joinp", flags: "bdfhvp:l:s:t:", maxArgs: 0 },
  "kill-pane": { alias: "killp", flags: "at:", maxArgs: 0 },
  "kill-server": { flags: "", maxArgs: 0 },
  "kill-session": { flags: "aCt:", maxArgs: 0 },
  "kill-window": { alias: "killw", flags: "at:", maxArgs: 0 },
  "list-buffers": { alias: "lsb", flags: "F:f:", maxArgs: 0 },
  "list-panes": { alias: "lsp", flags: "asF:f:t:", maxArgs: 0 },
  "list-sessions": { alias: "ls", flags: "F:f:", maxArgs: 0 },
  "list-windows": { alias: "lsw", flags: "aF:f:t:", maxArgs: 0 },
  "load-buffer": { alias: "loadb", flags: "b:t:w", maxArgs: 1 },
  "move-pane": { alias: "movep", flags: "bdfhvp:l:s:t:", maxArgs: 0 },
  "new-session": { alias: "new", flags: "Ac:dDe:EF:f:n:Ps:t:x:Xy:", maxArgs: -1 },
  "new-window": { alias: "neww", flags: "abc:de:F:kn:PSt:", maxArgs: -1 },
  "paste-buffer": { alias: "pasteb", flags: "db:prs:t:", maxArgs: 0 },
  "pipe-pane": { alias: "pipep", flags: "IOot:", maxArgs: 1 },
  "rename-session": { alias: "rename", flags: "t:", maxArgs: 1 },
  "rename-window": { alias: "renamew", flags: "t:", maxArgs: 1 },
  "respawn-pane": { alias: "respawnp", flags: "c:e:kt:", maxArgs: -1 },
  "resize-pane": { alias: "resizep", flags: "DLMRTt:Ux:y:Z", maxArgs: 1 },
  "save-buffer": { alias: "saveb", flags: "ab:", maxArgs: 1 },
  "select-layout": { alias: "selectl", flags: "Enopt:", maxArgs: 1 },
  "select-pane": { alias: "selectp", flags: "DdegLlMmP:RT:t:UZ", maxArgs: 0 },
  "select-window": { alias: "selectw", flags: "lnpTt:", maxArgs: 0 },
  "send-keys": { alias: "send", flags: "c:FHKlMN:Rt:X", maxArgs: -1 },
  "set-buffer": { alias: "setb", flags: "ab:t:n:w", maxArgs: 1 },
  "set-option": { alias: "set", flags: "aFgopqst:uUw", maxArgs: 2 },
  "show-buffer": { alias: "showb", flags: "b:", maxArgs: 0 },
  "show-options": { alias: "show", flags: "AgHpqst:vw", maxArgs: 1 },
  "show-window-options": { alias: "showw", flags: "gvt:", maxArgs: 1 },
  "split-window": { alias: "splitw", flags: "bc:de:fF:hIl:p:Pt:vZ", maxArgs: -1 },
};

/** One parsed tmux command: its full name, flags (last value wins; booleans `true`) and args. */
export interface TmuxCommand {
  name: string;
  flags: Record<string, string | true>;
  /** Repeated value flags (`-e A=1 -e B=2`), in order. */
  lists: Record<string, string[]>;
  args: string[];
}

/** A tmux invocation: global flags, then the command (null for `tmux -V` or bare `tmux`). */
export interface TmuxInvocation {
  socketName: string | null;
  socketPath: string | null;
  version: boolean;
  command: TmuxCommand | null;
}

/** A usage error, with the text tmux prints on stderr (exit 1). */
export class TmuxUsageError extends Error {
  override name = "TmuxUsageError";
}

/** Finds a command by full name, alias or unambiguous prefix, as tmux's cmd_find does. */
export function findCommand(name: string): string {
  // Own names only: `toString` (an Object.prototype name) is no command.
  if (Object.hasOwn(TMUX_COMMANDS, name)) return name;
  for (const [full, def] of Object.entries(TMUX_COMMANDS)) if (def.alias === name) return full;
  const hits = Object.keys(TMUX_COMMANDS).filter((n) => n.startsWith(name));
  if (hits.length === 1) return hits[0]!;
  if (hits.length > 1) {
    throw new TmuxUsageError(`ambiguous command: ${name}, could be: ${hits.join(", ")}`);
  }
  throw new TmuxUsageError(`unknown command: ${name}`);
}

function valued(spec: string): Map<string, boolean> {
  const m = new Map<string, boolean>();
  for (let i = 0; i < spec.length; i++) m.set(spec[i]!, spec[i + 1] === ":" ? (i++, true) : false);
  return m;
}

/** Parses one command's words (name first) with tmux's getopt rules: options stop at `--` or the first argument. */
export function parseCommand(words: readonly string[]): TmuxCommand {
  const name = findCommand(words[0] ?? "");
  const def = TMUX_COMMANDS[name]!;
  const spec = valued(def.flags);
  const cmd: TmuxCommand = { name, flags: {}, lists: {}, args: [] };
  let i = 1;
  for (; i < words.length; i++) {
    const w = words[i]!;
    if (w === "--") {
      i++;
      break;
    }
    if (!w.startsWith("-") || w === "-") break;
    for (let j = 1; j < w.length; j++) {
      const f = w[j]!;
      const takes = spec.get(f);
      if (takes === undefined) throw new TmuxUsageError(`command ${name}: unknown flag -${f}`);
      if (!takes) {
        cmd.flags[f] = true;
        continue;
      }
      const value = j + 1 < w.length ? w.slice(j + 1) : words[++i];
      if (value === undefined) {
        throw new TmuxUsageError(`command ${name}: -${f} expects an argument`);
      }
      cmd.flags[f] = value;
      (cmd.lists[f] ??= []).push(value);
      break;
    }
  }
  cmd.args = words.slice(i);
  if (def.maxArgs >= 0 && cmd.args.length > def.maxArgs) {
    throw new TmuxUsageError(`command ${name}: too many arguments (need at most ${def.maxArgs})`);
  }
  return cmd;
}

/**
 * Parses `tmux [global flags] command [flags] [args]`.
 *
 * @example
 * ```ts
 * import { parseTmuxArgs } from "./args.ts";
 * parseTmuxArgs(["-L", "x", "splitw", "-dh", "-t", "%1"]).command?.flags; // { d: true, h: true, t: "%1" }
 * ```
 */
export function parseTmuxArgs(argv: readonly string[]): TmuxInvocation {
  const inv: TmuxInvocation = { socketName: null, socketPath: null, version: false, command: null };
  let i = 0;
  for (; i < argv.length; i++) {
    const w = argv[i]!;
    if (w === "--") {
      i++;
      break;
    }
    if (!w.startsWith("-") || w === "-") break;
    for (let j = 1; j < w.length; j++) {
      const f = w[j]!;
      if ("2CDluvNV".includes(f)) {
        if (f === "V") inv.version = true;
        continue;
      }
      if (!"cfLST".includes(f)) throw new TmuxUsageError(`unknown option -- ${f}`);
      const value = j + 1 < w.length ? w.slice(j + 1) : argv[++i];
      if (value === undefined) throw new TmuxUsageError(`option requires an argument -- ${f}`);
      if (f === "L") inv.socketName = value;
      if (f === "S") inv.socketPath = value;
      break;
    }
  }
  if (!inv.version && i < argv.length) inv.command = parseCommand(argv.slice(i));
  return inv;
}

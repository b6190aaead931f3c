/**
 * `weft saved`: what the next `weft serve` in this project would bring back, read from the
 * store without a server (and without changing the file).
 *
 * @module
 */

import { parseArgs } from "./args.ts";
import { loadConfig } from "../../core/sdk/config.ts";
import { panesOf } from "../../protocols/layout/tree/mod.ts";
import { serverPaths } from "../../core/sdk/project.ts";
import { planAll, type SavedState, Sealer, StoreDb } from "../../core/sdk/store.ts";
import { BUILTIN_PLUGINS } from "../builtin.ts";
import { print, type Subcommand } from "./io.ts";

/** `weft saved [--json]` */
export const saved: Subcommand = {
  usage: "weft saved [--json] [--project DIR]",
  summary: "List the sessions, windows and panes the next weft serve would restore",
  run: async (args, io) => {
    const { values } = parseArgs({
      args,
      options: { json: { type: "boolean" }, project: { type: "string" } },
      strict: true,
    });
    const config = await loadConfig(values.project ?? io.cwd, { builtins: BUILTIN_PLUGINS });
    const file = serverPaths(config.projectDir).db;
    const state = await readSaved(file);
    if (typeof state === "string") {
      print(io, !!values.json, { mode: config.restore, file, error: state }, () => `${state}\n`);
      return state.startsWith("nothing") ? 0 : 1;
    }
    const mode = config.restore;
    const sealer = await Sealer.load();
    const held = new Set([...state.panes].filter(([, p]) => !sealer.verify(p)).map(([id]) => id));
    const plans = mode === "off" ? new Map() : planAll(state, {
      mode,
      shell: config.shell,
      projectDir: config.projectDir,
      held,
    });
    const panes = [...state.panes.values()].map((p) => {
      const plan = plans.get(p.id);
      return {
        ...p,
        ...(plan
          ? { restore: { note: plan.note, held: plan.held ?? false, ...plan.launches[0]! } }
          : {}),
      };
    });
    const value = {
      mode,
      file,
      savedAt: new Date(state.savedAt).toISOString(),
      current: state.current,
      sessions: state.sessions,
      windows: [...state.windows.values()],
      panes,
    };
    print(io, !!values.json, value, () => formatSaved(state, mode, plans));
    return 0;
  },
};

/** The saved state, or a sentence saying why there is none. */
async function readSaved(file: string): Promise<SavedState | string> {
  try {
    await Deno.lstat(file);
  } catch {
    return `nothing saved: ${file} does not exist`;
  }
  let db: StoreDb | undefined;
  try {
    db = StoreDb.open(file, { readOnly: true });
    const state = db.loadLogged();
    return state.sessions.length ? state : `nothing saved: ${file} holds no session`;
  } catch (err) {
    return `Cannot read the store ${file}: ${(err as Error).message}`;
  } finally {
    db?.close();
  }
}

function formatSaved(
  state: SavedState,
  mode: string,
  plans: Map<string, { note: string }>,
): string {
  const when = new Date(state.savedAt).toISOString().slice(0, 19) + "Z";
  const lines = [
    mode === "off"
      ? `restore is "off": weft serve starts empty (the store holds this, saved ${when})`
      : `weft serve restores (restore "${mode}", saved ${when}):`,
  ];
  for (const s of state.sessions) {
    const current = s.id === state.current ? " (current)" : "";
    lines.push(`${s.id}${s.name ? ` ${s.name}` : ""}${current}`);
    for (const wid of s.windows) {
      const w = state.windows.get(wid);
      if (!w) continue;
      const cur = s.currentWindow === w.id ? " (current)" : "";
      const zoom = w.zoomed ? ` zoomed ${w.zoomed}` : "";
      lines.push(
        `  ${w.id}${w.name ? ` ${w.name}` : ""}  ${w.size.cols}x${w.size.rows}${cur}${zoom}`,
      );
      for (const id of panesOf(w.layout)) {
        const p = state.panes.get(id);
        if (!p) continue;
        const tags = p.tags.length ? `  [${p.tags.join(", ")}]` : "";
        const plan = plans.get(id)?.note ?? p.command;
        lines.push(
          `    ${w.focused === id ? "*" : " "}${id}${p.name ? ` ${p.name}` : ""}  ${plan}${tags}`,
        );
      }
    }
  }
  return lines.join("\n") + "\n";
}

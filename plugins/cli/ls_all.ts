/**
 * `weft ls --all-projects`: every weft server of this user, from the user's list of running
 * servers (`core/server/registry.ts`), each asked for its sessions, windows and panes at once.
 * An entry whose server does not answer is reported with what it left behind, never fatal.
 *
 * @module
 */

import { listServers, type ServerEntry } from "../../core/sdk/project.ts";
import type { PaneInfo } from "../../protocols/bus/records.ts";
import { WeftClient } from "../client/mod.ts";
import { type CliIo, print } from "./io.ts";

/** How long one server may take to answer before it counts as not answering. */
const ANSWER_MS = 3000;

/** One project in `weft ls --all-projects`. */
export interface ProjectRow {
  projectDir: string;
  pid: number;
  running: boolean;
  sessions?: number;
  windows?: number;
  panes?: number;
  /** Panes whose agent waits for someone (a permission, a question: state `blocked`). */
  waiting?: string[];
  /** Why it counts as not running. */
  error?: string;
  /** Files a server that is gone left: its list entry, socket and `server.json`. */
  leftovers?: string[];
}

/** Lists every server; returns the exit code. */
export async function lsAllProjects(io: CliIo, json: boolean): Promise<number> {
  const asked = await Promise.all((await listServers()).map(({ file, entry }) => ask(file, entry)));
  // A server that is gone with its project folder left nothing to report but its entry in the
  // list (temporary projects): the entry goes, and a count says so.
  const gone = asked.filter((r) => !r.running && !r.projectExists);
  await Promise.all(gone.map((r) => Deno.remove(r.entry).catch(() => {})));
  const rows = asked.filter((r) => !gone.includes(r)).map((
    { entry: _e, projectExists: _p, ...row },
  ) => row);
  if (gone.length) {
    io.err(`weft: forgot ${gone.length} stopped servers whose project folders are gone\n`);
  }
  print(io, json, { projects: rows }, () => rows.length ? rows.map(line).join("") : "no servers\n");
  return 0;
}

function line(r: ProjectRow): string {
  if (!r.running) {
    return `${r.projectDir}  not running (pid ${r.pid}: ${r.error}); left behind: ${
      r.leftovers?.join(", ") || "nothing"
    }\n`;
  }
  const waiting = r.waiting?.length
    ? `, ${r.waiting.length} waiting (${r.waiting.join(", ")})`
    : "";
  return `${r.projectDir}  pid ${r.pid}  ${r.sessions} sessions, ${r.windows} windows, ` +
    `${r.panes} panes${waiting}\n`;
}

/** A row, with the list entry it came from and whether its project folder is still there. */
type Asked = ProjectRow & { entry: string; projectExists: boolean };

async function ask(file: string, entry: ServerEntry): Promise<Asked> {
  const base = { projectDir: entry.projectDir, pid: entry.pid, entry: file, projectExists: true };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let client: WeftClient | undefined;
  try {
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ANSWER_MS} ms`)), ANSWER_MS);
    });
    const answer = (async () => {
      client = await WeftClient.connect(entry.socket, { client: "cli" });
      return await Promise.all([
        client.call("session.list"),
        client.call("window.list"),
        client.call("pane.list"),
      ]);
    })();
    const [{ sessions }, { windows }, { panes }] = await Promise.race([answer, late]);
    return {
      ...base,
      running: true,
      sessions: sessions.length,
      windows: windows.length,
      panes: panes.length,
      waiting: panes.filter((p: PaneInfo) => p.state === "blocked").map((p) => p.id),
    };
  } catch (err) {
    const left = [file, entry.socket, entry.info];
    const exists = await Promise.all(left.map((f) => Deno.lstat(f).then(() => true, () => false)));
    const projectExists = await Deno.stat(entry.projectDir).then(() => true, () => false);
    return {
      ...base,
      projectExists,
      running: false,
      error: err instanceof Deno.errors.NotFound || /os error 2\)/.test(String(err))
        ? "its socket is gone"
        : /refused|os error 111/i.test(String(err))
        ? "nothing answers on its socket"
        : (err as Error).message.replace(/^Cannot connect to weft at \S+: /, ""),
      leftovers: left.filter((_, i) => exists[i]),
    };
  } finally {
    clearTimeout(timer);
    (client as WeftClient | undefined)?.close();
  }
}

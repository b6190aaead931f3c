/**
 * How a canvas's source becomes text for its kind: inline content as it is; a file of the
 * project (its head, a log's tail); two files of the project diffed (`diff` with `options.old`
 * and `options.new`), or a git range of the project (`diff` with `options.range`); the agent
 * panes for a live board. Every file read is recorded in
 * `c.files`, so the plugin watches them, a missing one included.
 *
 * @module
 */

import { relative, resolve } from "node:path";
import type { WeftError } from "@weft/weft/plugin";
import { LIVE_KINDS } from "./kinds/mod.ts";
import { diffTexts } from "./kinds/diff.ts";
import type { Canvas } from "./_canvas.ts";
import { insideProject, readSource, type SourceText } from "./_source.ts";
import { gitDiff, gitRange } from "./_git.ts";
import { agentPanes, type PaneFacts } from "./_agents.ts";
import type { AgentRow } from "./kinds/agents.ts";
import type { Options } from "./options.ts";

/** What loading needs. */
export interface LoadDeps {
  projectDir: string;
  options: Options;
  /** Lists the panes (`pane.list`). */
  panes: () => Promise<PaneFacts[]>;
  /** The agents of the fabric's other hosts (none when this server is in no fabric). */
  farAgents?: () => Promise<AgentRow[]>;
}

/** The two files a `diff` canvas compares, when it compares files. */
export function filePair(
  c: { kind: string; options?: Record<string, unknown> | undefined },
): [string, string] | undefined {
  const { old, new: next } = c.options ?? {};
  return c.kind === "diff" && typeof old === "string" && typeof next === "string"
    ? [old, next]
    : undefined;
}

/** Sets `c.text` (and `c.note` when a file was cut) from the canvas's source. */
export async function loadSource(c: Canvas, deps: LoadDeps): Promise<void> {
  if (LIVE_KINDS.has(c.kind)) {
    const here = agentPanes(await deps.panes(), c.options);
    const far = c.options?.all_hosts === true && deps.farAgents ? await deps.farAgents() : [];
    c.text = JSON.stringify([...here, ...far]);
    c.options = { ...c.options, now: Date.now() };
    return;
  }
  if (c.content !== undefined) {
    c.text = c.content;
    return;
  }
  const range = gitRange(c);
  if (range !== undefined) {
    const { maxBytes, gitTimeoutMs: timeoutMs } = deps.options;
    const diff = await gitDiff(deps.projectDir, range, { maxBytes, timeoutMs });
    c.text = diff.text;
    if (diff.truncated) c.note = `first ${size(maxBytes)}`;
    return;
  }
  const pair = filePair(c);
  if (pair) {
    const [a, b] = await Promise.all(pair.map((p) => readFile(c, p, deps, false)));
    c.text = diffTexts(a!.text, b!.text, { oldName: pair[0], newName: pair[1] });
    if (a!.truncated || b!.truncated) c.note = `first ${size(deps.options.maxBytes)} of each`;
    return;
  }
  const tail = c.kind === "log";
  const read = await readFile(c, c.path!, deps, tail);
  c.text = read.text;
  if (read.truncated) {
    const max = tail ? deps.options.tailBytes : deps.options.maxBytes;
    c.note = `${tail ? "last" : "first"} ${size(max)} of ${size(read.size)}`;
  }
}

async function readFile(
  c: Canvas,
  path: string,
  deps: LoadDeps,
  tail: boolean,
): Promise<SourceText> {
  const files = (c.files ??= []);
  const abs = await insideProject(deps.projectDir, path).catch((err: WeftError) => {
    // A missing file inside the project is watched: it is drawn once it appears.
    const candidate = resolve(deps.projectDir, path);
    const inside = !relative(deps.projectDir, candidate).startsWith("..");
    if (err.code === "NOT_FOUND" && inside && !files.includes(candidate)) files.push(candidate);
    throw err;
  });
  if (!files.includes(abs)) files.push(abs);
  return await readSource(abs, {
    maxBytes: tail ? deps.options.tailBytes : deps.options.maxBytes,
    tail,
    shown: path,
  });
}

/** A byte count for people: `256 KiB`, `50 MiB`. */
export function size(bytes: number): string {
  if (bytes >= 1 << 20) return `${(bytes / (1 << 20)).toFixed(bytes >= 10 << 20 ? 0 : 1)} MiB`;
  if (bytes >= 1 << 10) return `${Math.round(bytes / (1 << 10))} KiB`;
  return `${bytes} B`;
}

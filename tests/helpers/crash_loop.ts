/**
 * Crash safety of the store: a loop of layout changes and pane creations against a real
 * `weft serve`, killed with SIGKILL at random moments. After each restart the restored state
 * must equal the last state a client got a reply for (or that state plus the one change that
 * was in flight when the server died), and the file must pass `PRAGMA integrity_check`.
 *
 * The expected states come from an oracle: the real core on fake PTYs (tests/helpers/core.ts),
 * restored from a copy of the same store file and given the same commands. The model is
 * deterministic, so the oracle's picture after each command is the server's.
 *
 * @module
 */

import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { startCore, type TestCore } from "./core.ts";
import { type Picture, picture } from "./picture.ts";
import { killHard, serveChild, tempProject } from "./serve_child.ts";
import { startStore } from "../../core/store/mod.ts";
import type { LayoutNode } from "../../protocols/layout/tree/mod.ts";

/** Options of {@link crashLoop}. */
export interface CrashLoopOptions {
  /** How many times the server is killed. */
  kills: number;
  /** Seed of the random choices (ops, ratios, kill times). */
  seed: number;
  /** Longest time between a start and its kill, ms (default 1500). */
  maxRunMs?: number;
  log?: (line: string) => void;
}

/** What happened. */
export interface CrashLoopResult {
  kills: number;
  /** Commands answered, over all runs. */
  replied: number;
  /** Restarts that found the command in flight already applied (written, not yet answered). */
  inFlightKept: number;
  /** A problem, when one was found: the loop stops at the first. */
  failure?: string;
}

type Op = { name: string; input: Record<string, unknown> };

/** Runs the loop; never throws for a mismatch, returns it as `failure`. */
export async function crashLoop(options: CrashLoopOptions): Promise<CrashLoopResult> {
  const random = mulberry32(options.seed);
  const dir = await tempProject();
  const file = join(dir, ".weft", "weft.db");
  const result: CrashLoopResult = { kills: 0, replied: 0, inFlightKept: 0 };
  let expected: Picture[] | undefined;
  try {
    for (let run = 0; run <= options.kills; run++) {
      const oracle = await startOracle(dir, file, run === 0);
      const server = await serveChild(dir);
      const real = await picture(server.client.call.bind(server.client));
      const mine = await picture(oracle.call);
      if (expected && !expected.some((e) => same(e, real))) {
        result.failure = `run ${run}: the restored state is not the last answered one:\n` +
          `got ${JSON.stringify(real)}\nwanted one of ${JSON.stringify(expected)}`;
      } else if (!same(mine, real)) {
        result.failure = `run ${run}: the oracle disagrees with the server after the restore:\n` +
          `server ${JSON.stringify(real)}\noracle ${JSON.stringify(mine)}`;
      }
      if (expected && expected.length === 2 && same(expected[1]!, real)) result.inFlightKept++;
      if (result.failure || run === options.kills) {
        await killHard(server);
        await oracle.dispose();
        break;
      }
      const deadline = 100 + random() * ((options.maxRunMs ?? 1500) - 100);
      let killed = false;
      const timer = setTimeout(() => {
        killed = true;
        try {
          server.server.child.kill("SIGKILL");
        } catch { /* gone */ }
      }, deadline);
      let before = real;
      while (true) {
        const op = nextOp(oracle, random);
        await oracle.reply(op.name, op.input);
        const after = await picture(oracle.call);
        const reply = await server.client.call(op.name, op.input).then(() => true, () => false);
        if (!reply && killed) {
          expected = [before, after];
          break;
        }
        // A refused command changes nothing on either side; the pictures say so.
        result.replied++;
        before = after;
        if (killed) {
          expected = [after];
          break;
        }
      }
      clearTimeout(timer);
      await killHard(server);
      await oracle.dispose();
      result.kills++;
      const check = integrity(file);
      if (check !== "ok") {
        result.failure = `run ${run}: PRAGMA integrity_check says ${check}`;
        break;
      }
      options.log?.(`kill ${result.kills}: after ${result.replied} answered commands`);
    }
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
  return result;
}

/** The oracle: the core on fake PTYs, restored from a copy of the store as it is now. */
async function startOracle(dir: string, file: string, first: boolean) {
  const core = startCore({ projectDir: dir });
  const copy = await Deno.makeTempDir({ prefix: "weft-oracle-" });
  for (const suffix of ["", "-wal", "-shm", "-log"]) {
    await Deno.copyFile(file + suffix, join(copy, "weft.db" + suffix)).catch(() => {});
  }
  const store = await startStore({
    file: join(copy, "weft.db"),
    model: core.model,
    events: core.bus.events,
    restore: "all",
    shell: core.config.shell,
    projectDir: dir,
    log: () => {},
  });
  if (first) {
    // What `weft serve` starts in an empty project.
    core.model.createSession({ argv: ["bash"], command: "bash", cwd: dir }, { session: "main" });
  }
  const dispose = async () => {
    store.close();
    await core.dispose();
    await Deno.remove(copy, { recursive: true });
  };
  return { ...core, dispose } as TestCore & { dispose: () => Promise<void> };
}

/** A random layout change or pane creation that fits the oracle's state. */
function nextOp(core: TestCore, random: () => number): Op {
  const panes = [...core.model.panes.keys()];
  const windows = [...core.model.windows.keys()];
  const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)]!;
  const r = random();
  if (r < 0.3 && panes.length < 8) {
    return {
      name: "pane.create",
      input: {
        split: pick(panes),
        direction: random() < 0.5 ? "horizontal" : "vertical",
        ratio: Math.round((0.15 + random() * 0.7) * 100) / 100,
        argv: ["cat"],
      },
    };
  }
  if (r < 0.45 && panes.length > 2) return { name: "pane.close", input: { pane: pick(panes) } };
  if (r < 0.65) {
    const window = pick(windows);
    const layout = core.model.window(window).layout!;
    return { name: "window.set_layout", input: { window, layout: reratio(layout, random) } };
  }
  if (r < 0.75) return { name: "pane.focus", input: { pane: pick(panes) } };
  if (r < 0.82) {
    return { name: "window.zoom", input: { pane: pick(panes), zoomed: random() < 0.6 } };
  }
  if (r < 0.88 && windows.length < 4) return { name: "window.create", input: { argv: ["cat"] } };
  if (r < 0.94) {
    const name = random() < 0.3 ? null : `n${Math.floor(random() * 1000)}`;
    return { name: "pane.rename", input: { pane: pick(panes), name } };
  }
  return { name: "pane.set", input: { pane: pick(panes), tags: [`t${Math.floor(random() * 9)}`] } };
}

/** The same tree with new random ratios. */
function reratio(node: LayoutNode, random: () => number): LayoutNode {
  if (node.type === "pane") return node;
  const weights = node.children.map(() => 1 + Math.floor(random() * 9));
  const sum = weights.reduce((a, b) => a + b, 0);
  return {
    ...node,
    children: node.children.map((c, i) => ({
      ratio: weights[i]! / sum,
      node: reratio(c.node, random),
    })),
  };
}

function integrity(file: string): string {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return String(db.prepare("PRAGMA integrity_check").get()?.integrity_check);
  } finally {
    db.close();
  }
}

function same(a: Picture, b: Picture): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A small seeded generator, so a failing run can be repeated. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

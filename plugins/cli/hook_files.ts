/**
 * What each agent vendor's settings files hold of weft's hooks, read for `weft hooks` (which
 * also writes them: plugins/hooks/cli.ts) and `weft doctor`. The vendors and their files come
 * from the vendor table (`protocols/agents/`); no vendor is named here.
 *
 * @example
 * ```ts ignore
 * const files = await hookFiles(Deno.cwd(), io); // [{agent: "claude", scope, file, state}, …]
 * ```
 *
 * @module
 */

import { join } from "node:path";
import { parse as parseToml } from "smol-toml";
import type { CliIo } from "./io.ts";
import { UsageError } from "./io.ts";
import { VENDORS } from "../../protocols/agents/table.ts";
import {
  HookFileError,
  type HookSettings,
  type HookState,
  useTomlParser,
} from "../../protocols/hooks/mod.ts";

// A vendor's settings may be TOML: the vendor table checks them with this parser (given here, by
// the door that writes them, so other CLI calls load no TOML code).
useTomlParser(parseToml);

/** The vendors whose hooks weft installs, by kind. */
export const HOOKED = VENDORS.flatMap((v) =>
  v.hooks?.settings ? [{ kind: v.kind, title: v.title, settings: v.hooks.settings }] : []
);
/** A vendor whose hooks weft installs. */
export type Hooked = (typeof HOOKED)[number];

const KINDS = HOOKED.map((v) => v.kind).join("|");

/** The vendors `--agent` names (none: every one); a kind not in the table is a usage error. */
export function chosen(agent: string | undefined): Hooked[] {
  if (agent === undefined) return HOOKED;
  const one = HOOKED.filter((v) => v.kind === agent);
  if (!one.length) throw new UsageError(`--agent must be one of ${KINDS}, got "${agent}"`);
  return one;
}

/** The files of `settings`: its project ones (most specific first) then the user's. */
export function filesOf(settings: HookSettings, project: string, io: CliIo) {
  return [
    ...(settings.project ?? []).map((file) => ({ scope: "project", file: join(project, file) })),
    { scope: "user", file: settings.user(io.env) },
  ];
}

/** One settings file of a vendor and what it holds of weft's hooks. */
export interface HookFileState {
  agent: string;
  /** The vendor's product name. */
  title: string;
  scope: string;
  file: string;
  state: HookState | "unreadable";
  error?: string;
}

/**
 * Every settings file of every vendor whose hooks weft installs (or of `agent` only), in the
 * project at `project` and the user's, and what each holds of weft's hooks (`weft hooks
 * status`, `weft doctor`).
 */
export async function hookFiles(
  project: string,
  io: CliIo,
  agent?: string,
): Promise<HookFileState[]> {
  return await Promise.all(
    chosen(agent).flatMap((v) =>
      filesOf(v.settings, project, io).map(async ({ scope, file }) => {
        let state: HookState | "unreadable";
        let error: string | undefined;
        try {
          state = await readable(file, async () => v.settings.status(await readText(file)));
        } catch (err) {
          state = "unreadable";
          error = (err as Error).message;
        }
        return { agent: v.kind, title: v.title, scope, file, state, ...(error ? { error } : {}) };
      })
    ),
  );
}

/** Runs `read`, turning a file the vendor cannot read into a usage error naming the file. */
export function readable<T>(file: string, read: () => T): T {
  const fail = (err: unknown): never => {
    if (!(err instanceof HookFileError)) throw err;
    throw new UsageError(`${file}: ${err.message}; fix or move it, weft will not change it`);
  };
  try {
    const out = read();
    return out instanceof Promise ? out.catch(fail) as T : out;
  } catch (err) {
    return fail(err);
  }
}

/** The text of `path`, undefined when there is no file. */
export async function readText(path: string): Promise<string | undefined> {
  try {
    return await Deno.readTextFile(path);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return undefined;
    throw err;
  }
}

/**
 * Loads the `"weft"` section of the nearest `deno.json`: validated, with defaults, plugin
 * modules resolved. Unknown keys and bad grants are errors that name the key.
 *
 * @module
 */

import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { loadToml } from "./_toml.ts";
import { z } from "zod";
import { WeftError } from "../../protocols/bus/errors.ts";
import { parseCapability } from "../../protocols/bus/capabilities.ts";
import type { JsonSchema } from "../../protocols/bus/command_spec.ts";
import { toJsonSchema } from "../../protocols/bus/schema.ts";
import { didYouMean } from "../../protocols/bus/suggest.ts";
import { DEFAULTS } from "./defaults.ts";
import { reservedReason } from "./reserved.ts";
import { readUserSection, underProject, userConfigFile } from "./user.ts";
import type { BuiltinPlugin, PluginConfig, WeftConfig } from "./types.ts";

/** Options of {@link loadConfig} and {@link parseConfig}. */
export interface ConfigOptions {
  /** The built-in plugins the composition root offers (`plugins/builtin.ts`); none by default. */
  builtins?: Readonly<Record<string, BuiltinPlugin>>;
  /**
   * The user's config file whose keys lie under the project's (`core/config/user.ts`); by
   * default `$XDG_CONFIG_HOME/weft/config.toml`, `null` for none.
   */
  userFile?: string | null;
}

// `"hello": false` is short for `{"enabled": false}`.
const PluginEntry = z.preprocess(
  (v) => (typeof v === "boolean" ? { enabled: v } : v),
  z.strictObject({
    from: z.string().min(1).optional(),
    enabled: z.boolean().optional(),
    grant: z.array(z.string()).optional(),
    options: z.record(z.string(), z.unknown()).optional(),
    memoryMiB: z.number().int().min(32).max(16_384).optional(),
  }),
);

const Section = z.strictObject({
  shell: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).optional(),
  historyBytes: z.number().int().min(64 * 1024).max(2 ** 31).optional(),
  idleMs: z.number().int().min(50).max(600_000).optional(),
  foregroundMs: z.union([z.literal(0), z.number().int().min(50).max(60_000)]).optional(),
  killGraceMs: z.number().int().min(0).max(60_000).optional(),
  statusProtocol: z.boolean().optional(),
  clipboard: z.enum(["on", "external", "off"]).optional(),
  size: z.strictObject({
    cols: z.number().int().min(10).max(1000),
    rows: z.number().int().min(3).max(500),
  }).optional(),
  attach: z.strictObject({
    prefix: z.string().regex(/^(M-)?(C-)?[!-~]$|^C-Space$/).optional(),
    scrollback: z.number().int().min(0).max(1_000_000).optional(),
    modeKeys: z.enum(["vi", "emacs"]).optional(),
  }).optional(),
  humanInput: z.strictObject({
    quietMs: z.number().int().min(0).max(600_000).optional(),
    waitMs: z.number().int().min(0).max(600_000).optional(),
  }).optional(),
  startup: z.strictObject({
    session: z.string().min(1).optional(),
    command: z.string().min(1).optional(),
  }).optional(),
  tmuxShim: z.boolean().optional(),
  plugins: z.record(z.string().regex(/^[a-z][a-z0-9_]*$/), PluginEntry).optional(),
  restore: z.enum(["all", "layout", "off"]).optional(),
});

/** The files that hold a project's settings, first found first: `weft.toml` is all weft's. */
const CONFIG_FILES = ["weft.toml", "deno.json", "deno.jsonc"];

/**
 * The `weft.toml` or `deno.json` nearest to `start`, going up; undefined when there is none.
 * A project that is not a Deno project keeps weft's settings in a `weft.toml` (`weft init`).
 */
export async function findConfigFile(start: string): Promise<string | undefined> {
  let dir = resolve(start);
  while (true) {
    for (const name of CONFIG_FILES) {
      const file = join(dir, name);
      try {
        if ((await Deno.stat(file)).isFile) return file;
      } catch { /* keep looking */ }
    }
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

/**
 * Reads and validates the configuration for the project around `start`.
 *
 * @example
 * ```ts
 * import { loadConfig } from "./load.ts";
 * const config = await loadConfig(Deno.cwd());
 * console.assert(config.historyBytes > 0);
 * ```
 */
export async function loadConfig(
  start: string,
  options: ConfigOptions = {},
): Promise<WeftConfig> {
  const file = await findConfigFile(start);
  const userFile = options.userFile === undefined
    ? userConfigFile()
    : options.userFile ?? undefined;
  const user = await readUserSection(userFile);
  // The user's file alone first, so a mistake in it is named as its own.
  if (Object.keys(user).length) {
    parseConfig(user, { projectDir: resolve(start), file: userFile!, ...options });
  }
  if (!file) {
    return parseConfig(user, { projectDir: resolve(start), file: "(defaults)", ...options });
  }
  const toml = file.endsWith(".toml");
  let json: unknown;
  try {
    const text = await Deno.readTextFile(file);
    json = toml ? (await loadToml()).parse(text) : JSON.parse(stripJsonComments(text));
  } catch (err) {
    throw new WeftError("INVALID_INPUT", `Cannot load config ${file}: ${(err as Error).message}`);
  }
  const section = toml ? json : (json as Record<string, unknown> | null)?.weft ?? {};
  return parseConfig(underProject(user, section), { projectDir: dirname(file), file, ...options });
}

/** Validates a `"weft"` section (already parsed JSON). */
export function parseConfig(
  section: unknown,
  where: { projectDir: string; file: string } & ConfigOptions,
): WeftConfig {
  const { rest, shorthand } = splitShorthand(section, where);
  const parsed = Section.safeParse(rest);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const keys = issue.code === "unrecognized_keys"
      ? `: unknown key ${issue.keys.map((k) => `"${k}"`).join(", ")}${
        didYouMean(issue.keys[0] ?? "", knownKeysAt(issue.path, where.builtins ?? {}))
      }`
      : "";
    const path = ["weft", ...issue.path.map(String)].join(".");
    throw new WeftError(
      "INVALID_INPUT",
      `Cannot load config ${where.file}: ${path}${keys || `: ${issue.message}`}`,
    );
  }
  const s = parsed.data;
  return {
    projectDir: where.projectDir,
    shell: toArgv(s.shell ?? Deno.env.get("WEFT_SHELL") ?? DEFAULTS.shell),
    historyBytes: s.historyBytes ?? DEFAULTS.historyBytes,
    idleMs: s.idleMs ?? DEFAULTS.idleMs,
    foregroundMs: s.foregroundMs ?? DEFAULTS.foregroundMs,
    killGraceMs: s.killGraceMs ?? DEFAULTS.killGraceMs,
    statusProtocol: s.statusProtocol ?? DEFAULTS.statusProtocol,
    clipboard: s.clipboard ?? DEFAULTS.clipboard,
    size: s.size ?? { ...DEFAULTS.size },
    attach: {
      prefix: s.attach?.prefix ?? DEFAULTS.attach.prefix,
      scrollback: s.attach?.scrollback ?? DEFAULTS.attach.scrollback,
      modeKeys: s.attach?.modeKeys ?? DEFAULTS.attach.modeKeys,
    },
    humanInput: {
      quietMs: s.humanInput?.quietMs ?? DEFAULTS.humanInput.quietMs,
      waitMs: s.humanInput?.waitMs ?? DEFAULTS.humanInput.waitMs,
    },
    startup: {
      session: s.startup?.session ?? DEFAULTS.startup.session,
      ...(s.startup?.command ? { command: s.startup.command } : {}),
    },
    restore: s.restore ?? DEFAULTS.restore,
    tmuxShim: s.tmuxShim ?? DEFAULTS.tmuxShim,
    ...resolvePlugins(s.plugins ?? {}, { ...where, shorthand }),
  };
}

/**
 * `"weft": {"bridge": {…}}` is short for `"weft": {"plugins": {"bridge": {"options": {…}}}}`
 * for a built-in plugin's name: its options, without switching it on or off. Splits those keys
 * off the section.
 */
function splitShorthand(
  section: unknown,
  where: { file: string } & ConfigOptions,
): { rest: unknown; shorthand: Record<string, Record<string, unknown>> } {
  const builtins = where.builtins ?? {};
  if (typeof section !== "object" || section === null || Array.isArray(section)) {
    return { rest: section, shorthand: {} };
  }
  const rest: Record<string, unknown> = {};
  const shorthand: Record<string, Record<string, unknown>> = {};
  for (const [key, value] of Object.entries(section)) {
    // A setting of weft's own keeps its key even if a built-in plugin shares the name.
    if (!Object.hasOwn(builtins, key) || Object.hasOwn(Section.shape, key)) {
      rest[key] = value;
      continue;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      throw new WeftError(
        "INVALID_INPUT",
        `Cannot load config ${where.file}: weft.${key}: must be an object of the ${key} plugin's options`,
      );
    }
    shorthand[key] = value as Record<string, unknown>;
  }
  return { rest, shorthand };
}

function resolvePlugins(
  entries: Record<string, z.infer<typeof PluginEntry>>,
  where:
    & { projectDir: string; file: string; shorthand: Record<string, Record<string, unknown>> }
    & ConfigOptions,
): { plugins: PluginConfig[]; dormant: PluginConfig[] } {
  const builtins = where.builtins ?? {};
  const names = new Set([...Object.keys(builtins), ...Object.keys(entries)]);
  const out: PluginConfig[] = [];
  const dormant: PluginConfig[] = [];
  for (const name of names) {
    const builtin = Object.hasOwn(builtins, name) ? builtins[name] : undefined;
    const raw = entries[name];
    const entry = raw ?? {};
    const enabled = entry.enabled ?? (raw !== undefined || !!builtin?.enabled);
    // A built-in that is off by default and that the project does not mention may be started
    // later (`weft web`); one the project switched off itself stays off.
    const into = enabled ? out : raw === undefined && builtin ? dormant : undefined;
    const from = entry.from ? resolveSpecifier(entry.from, where.projectDir) : builtin?.from;
    const reserved = raw || into ? reservedReason(name, from ?? "", builtin?.from) : undefined;
    if (reserved) {
      throw new WeftError(
        "INVALID_INPUT",
        `Cannot load config ${where.file}: weft.plugins.${name}: ${reserved}`,
      );
    }
    // A name that is no built-in and has no module is a typo even when switched off.
    if (from === undefined) throw notBuiltin(name, where.file, builtins);
    if (!into) continue;
    // A built-in's default grant holds for its own module only, never for one put in its place.
    const grant = entry.grant
      ? entry.grant.map((g, i) => {
        try {
          return parseCapability(g);
        } catch (err) {
          throw new WeftError(
            "INVALID_INPUT",
            `Cannot load config ${where.file}: weft.plugins.${name}.grant[${i}]: ${
              (err as Error).message
            }`,
          );
        }
      })
      : entry.from
      ? []
      : builtin?.grant ?? [];
    into.push({
      name,
      from,
      grant,
      options: {
        ...(builtin?.options ?? {}),
        ...(where.shorthand[name] ?? {}),
        ...(entry.options ?? {}),
      },
      memoryMiB: entry.memoryMiB ?? DEFAULTS.pluginMemoryMiB,
      // Only the built-in's own module, as shipped: one put in its place, or one the project
      // gives options (agents for the bridge), starts with the server as any other does.
      ...(builtin?.lazy && !entry.from && !entry.options && !where.shorthand[name]
        ? { lazy: true, ...(builtin.wakeOn ? { wakeOn: builtin.wakeOn } : {}) }
        : {}),
    });
  }
  return { plugins: out, dormant };
}

/** A plugin entry that names no built-in and no module: the built-in meant, or "from". */
function notBuiltin(name: string, file: string, builtins: Readonly<Record<string, unknown>>) {
  const meant = didYouMean(name, Object.keys(builtins));
  return new WeftError(
    "INVALID_INPUT",
    `Cannot load config ${file}: weft.plugins.${name}: not a built-in plugin${meant}${
      meant ? "; a plugin of your own" : ", so it"
    } needs "from"`,
  );
}

/** The keys the section takes at `path` (`[]`, `["attach"]`, `["plugins", "x"]`). */
function knownKeysAt(path: readonly PropertyKey[], builtins: Readonly<Record<string, unknown>>) {
  let schema: JsonSchema | undefined = toJsonSchema(Section);
  for (const key of path) {
    const props = schema?.properties as Record<string, JsonSchema> | undefined;
    schema = props?.[String(key)] ?? (schema?.additionalProperties as JsonSchema | undefined);
  }
  const keys = Object.keys((schema?.properties ?? {}) as object);
  return path.length ? keys : [...keys, ...Object.keys(builtins)];
}

/** `"bash --norc"` or `["bash", "--norc"]` → argv. */
function toArgv(shell: string | string[]): string[] {
  return typeof shell === "string" ? shell.trim().split(/\s+/) : shell;
}

function resolveSpecifier(from: string, base: string): string {
  if (/^(https?|npm|jsr|file):/.test(from)) return from;
  return pathToFileURL(resolve(base, from)).href;
}

function stripJsonComments(text: string): string {
  return text.replace(/("(?:[^"\\]|\\.)*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (_m, str) => str ?? "");
}

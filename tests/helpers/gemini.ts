/**
 * The real Gemini CLI for tests, run with no network: the pinned npm package (one JavaScript
 * bundle, fetched into Deno's npm cache by `deno cache`) run by Node.js (its `engines` asks for
 * node >= 20), a temporary HOME whose `~/.gemini/settings.json` picks API-key auth, turns off
 * telemetry, updates and usage statistics, and trusts the given folders, and an environment that
 * points it at a local mock of the Gemini API ({@link ./mock_gemini.ts}) through
 * `GOOGLE_GEMINI_BASE_URL`.
 *
 * Read from 0.61.0: with `GOOGLE_GEMINI_BASE_URL` alone it picks the "gateway" auth type, which
 * its own check refuses ("Invalid auth method selected."), so the settings name
 * `gemini-api-key`; that type takes the base URL from the same variable. A folder not trusted in
 * `~/.gemini/trustedFolders.json` stops a headless run and asks in the TUI.
 *
 * @example
 * ```ts ignore
 * import { geminiCommand, geminiEnv } from "./gemini.ts";
 * const env = await geminiEnv({ baseUrl: api.url, trust: [projectDir] });
 * const [cmd, ...args] = await geminiCommand();
 * new Deno.Command(cmd!, { args: [...args, "-p", "hi"], env, clearEnv: true, cwd: projectDir });
 * ```
 *
 * @module
 */

import { join } from "node:path";
import { npmPackage } from "./claude_code.ts";

/** The pinned Gemini CLI version. */
export const GEMINI_CLI_VERSION = "0.61.0";

/** The model the settings pick (an explicit model: no routing classifier call first). */
export const GEMINI_MODEL = "gemini-2.5-flash";

const PACKAGE = "@google/gemini-cli";

/** The Node.js to run it with, or undefined when there is none on PATH. */
function nodePath(): string | undefined {
  for (const dir of (Deno.env.get("PATH") ?? "/usr/bin:/bin").split(":")) {
    try {
      const path = join(dir, "node");
      if (Deno.statSync(path).isFile) return path;
    } catch { /* not here */ }
  }
  return undefined;
}

/** Why the Gemini CLI cannot run here, or undefined when it can (for `ignore` in tests). */
export function geminiUnavailable(): string | undefined {
  const node = nodePath();
  if (!node) return "no node on PATH (the Gemini CLI runs on Node.js >= 20)";
  const out = new Deno.Command(node, { args: ["--version"], stdout: "piped" }).outputSync();
  const major = Number(/^v(\d+)/.exec(new TextDecoder().decode(out.stdout))?.[1] ?? 0);
  return major >= 20 ? undefined : `node ${major} is too old for the Gemini CLI (>= 20)`;
}

/**
 * The path of the pinned CLI's entry point (`bundle/gemini.js`, which starts with
 * `#!/usr/bin/env node`), fetched into Deno's npm cache on first use. Throws with the command's
 * output when the registry cannot be reached.
 */
export async function geminiScript(): Promise<string> {
  return join(await npmPackage(PACKAGE, GEMINI_CLI_VERSION), "bundle", "gemini.js");
}

/** The argv that runs the pinned CLI: `node …/@google/gemini-cli/0.61.0/bundle/gemini.js`. */
export async function geminiCommand(): Promise<string[]> {
  const node = nodePath();
  if (!node) throw new Error(geminiUnavailable());
  return [node, await geminiScript()];
}

/**
 * A folder holding a `gemini` program (a link to the pinned entry point), to put first on a
 * shell's PATH so that typing `gemini` runs it. Removed with the HOME by the caller.
 */
export async function geminiBinDir(home: string): Promise<string> {
  const bin = join(home, "bin");
  await Deno.mkdir(bin, { recursive: true });
  const script = await geminiScript();
  await Deno.chmod(script, 0o755).catch(() => {});
  await Deno.symlink(script, join(bin, "gemini"));
  return bin;
}

/** Options of {@link geminiEnv}. */
export interface GeminiEnvOptions {
  /** The mock's URL (`GOOGLE_GEMINI_BASE_URL`). */
  baseUrl: string;
  /** Folders trusted in `~/.gemini/trustedFolders.json`. */
  trust?: string[];
  /** An existing HOME to seed; default: a new temporary directory. */
  home?: string;
  /** More settings, merged over the defaults at the top level (`hooks`, `hooksConfig`, …). */
  settings?: Record<string, unknown>;
  /** Extra variables. */
  extra?: Record<string, string>;
}

/**
 * A complete environment for running the Gemini CLI against a mock (use with `clearEnv: true`,
 * or as a pane's environment): HOME seeded with settings and trusted folders.
 */
export async function geminiEnv(options: GeminiEnvOptions): Promise<Record<string, string>> {
  const home = options.home ?? (await Deno.makeTempDir({ prefix: "weft-gemini-home-" }));
  const dir = join(home, ".gemini");
  await Deno.mkdir(dir, { recursive: true });
  const settings = {
    security: { auth: { selectedType: "gemini-api-key" } },
    model: { name: GEMINI_MODEL },
    general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
    ui: { hideTips: true },
    ...(options.settings ?? {}),
  };
  await Deno.writeTextFile(join(dir, "settings.json"), JSON.stringify(settings, null, 2));
  const trusted = Object.fromEntries((options.trust ?? []).map((d) => [d, "TRUST_FOLDER"]));
  await Deno.writeTextFile(join(dir, "trustedFolders.json"), JSON.stringify(trusted));
  return {
    HOME: home,
    PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
    TERM: "xterm-256color",
    LANG: "C.UTF-8",
    GEMINI_API_KEY: "weft-test-key",
    GOOGLE_GEMINI_BASE_URL: options.baseUrl,
    // It relaunches itself with more heap; one process is easier to follow and to end.
    GEMINI_CLI_NO_RELAUNCH: "true",
    // On GitHub Actions (GITHUB_SHA set) it strips every variable not on its list from its
    // hooks' environment, weft's pane key among them: the tests' panes are not in CI's.
    GITHUB_SHA: "",
    SURFACE: "",
    // Under CI=true (the gate's, and CI's own) it never starts its interactive UI: the is-in-ci
    // package its UI uses sees CI, CONTINUOUS_INTEGRATION or any CI_* variable; CI=false wins
    // over all of them. Every gemini test failed in the gate without it, none alone.
    CI: "false",
    ...(options.extra ?? {}),
  };
}

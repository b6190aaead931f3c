/**
 * The real Claude Code CLI for tests, run with no network: the pinned npm package's native
 * binary (fetched into Deno's npm cache by `deno cache`), a temporary HOME seeded so it skips
 * onboarding and trust prompts, and an environment that points it at a local mock of the
 * Messages API ({@link ./mock_anthropic.ts}) with telemetry, updates and other traffic off.
 *
 * @example
 * ```ts ignore
 * import { claudeBinary, claudeEnv } from "./claude_code.ts";
 * const bin = await claudeBinary();
 * const env = await claudeEnv({ baseUrl: api.url, trust: [projectDir] });
 * new Deno.Command(bin, { args: ["-p", "hi"], env, clearEnv: true });
 * ```
 *
 * @module
 */

import { join } from "node:path";

/** The pinned Claude Code version (its native package has the same version). */
export const CLAUDE_CODE_VERSION = "2.1.330";

/** The npm package holding the native binary for this platform, or undefined when none. */
function platformPackage(): string | undefined {
  const arch = { x86_64: "x64", aarch64: "arm64" }[Deno.build.arch as string];
  if (!arch || (Deno.build.os !== "linux" && Deno.build.os !== "darwin")) return undefined;
  return `@anthropic-ai/claude-code-${Deno.build.os}-${arch}`;
}

/** Why Claude Code cannot run here, or undefined when it can (for `ignore` in tests). */
export function claudeUnavailable(): string | undefined {
  return platformPackage()
    ? undefined
    : `no Claude Code build for ${Deno.build.os}/${Deno.build.arch}`;
}

/**
 * The path of the pinned Claude Code binary, fetched into Deno's npm cache on first use.
 * Throws with the command's output when the registry cannot be reached.
 */
export async function claudeBinary(): Promise<string> {
  const pkg = platformPackage();
  if (!pkg) throw new Error(claudeUnavailable());
  const bin = join(await npmPackage(pkg, CLAUDE_CODE_VERSION), "claude");
  await Deno.chmod(bin, 0o755).catch(() => {});
  return bin;
}

/**
 * The folder of npm package `pkg` at `version`, fetched into Deno's npm cache by `deno cache`
 * on first use (the tests' way of installing an agent CLI). Throws with the command's output
 * when the registry cannot be reached.
 */
export async function npmPackage(pkg: string, version: string): Promise<string> {
  const spec = `npm:${pkg}@${version}`;
  const cache = await new Deno.Command(Deno.execPath(), {
    args: ["cache", "--no-lock", "--quiet", spec],
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!cache.success) {
    throw new Error(`Cannot fetch ${spec}: ${new TextDecoder().decode(cache.stderr)}`);
  }
  const info = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json"],
    stdout: "piped",
  })
    .output();
  const { npmCache } = JSON.parse(new TextDecoder().decode(info.stdout)) as { npmCache: string };
  return join(npmCache, "registry.npmjs.org", pkg, version);
}

/** Options of {@link claudeEnv}. */
export interface ClaudeEnvOptions {
  /** The mock's URL (`ANTHROPIC_BASE_URL`). */
  baseUrl: string;
  /** Directories whose trust prompt counts as accepted (for the interactive TUI). */
  trust?: string[];
  /** An existing HOME to seed; default: a new temporary directory. */
  home?: string;
  /** Extra variables (e.g. `WEFT_PANE`). */
  extra?: Record<string, string>;
}

/** A fake key; the TUI asks once about a custom key unless its tail is pre-approved. */
const API_KEY = "sk-ant-api03-weft-test-key-0000000000000000000000000000";

/**
 * A complete environment for running Claude Code against a mock (use with `clearEnv: true`):
 * HOME seeded with a finished onboarding, the key approved, the given folders trusted.
 */
export async function claudeEnv(options: ClaudeEnvOptions): Promise<Record<string, string>> {
  const home = options.home ?? (await Deno.makeTempDir({ prefix: "weft-claude-home-" }));
  const projects = Object.fromEntries(
    (options.trust ?? []).map((dir) => [dir, { hasTrustDialogAccepted: true, allowedTools: [] }]),
  );
  await Deno.writeTextFile(
    join(home, ".claude.json"),
    JSON.stringify({
      hasCompletedOnboarding: true,
      lastOnboardingVersion: CLAUDE_CODE_VERSION,
      theme: "dark",
      bypassPermissionsModeAccepted: true,
      customApiKeyResponses: { approved: [API_KEY.slice(-20)], rejected: [] },
      projects,
    }),
  );
  await Deno.mkdir(join(home, ".claude"), { recursive: true });
  return {
    HOME: home,
    PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
    TERM: "xterm-256color",
    LANG: "C.UTF-8",
    ANTHROPIC_API_KEY: API_KEY,
    ANTHROPIC_BASE_URL: options.baseUrl,
    ANTHROPIC_MODEL: "claude-sonnet-4-5",
    ANTHROPIC_SMALL_FAST_MODEL: "claude-haiku-4-5",
    DISABLE_TELEMETRY: "1",
    DISABLE_AUTOUPDATER: "1",
    DISABLE_ERROR_REPORTING: "1",
    DISABLE_BUG_COMMAND: "1",
    DISABLE_NON_ESSENTIAL_MODEL_CALLS: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    // Also keeps Claude Code from probing for the status protocol (OSC 7501): tests that want
    // its status reports remove it.
    CLAUDE_CODE_DISABLE_TERMINAL_TITLE: "1",
    CLAUDE_CODE_IDE_SKIP_AUTO_INSTALL: "1",
    ...(options.extra ?? {}),
  };
}

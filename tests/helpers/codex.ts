/**
 * The real Codex CLI for tests, run with no network: the pinned npm package's native binary
 * (fetched into Deno's npm cache by `deno cache`), a temporary CODEX_HOME whose `config.toml`
 * points it at a local mock of the Responses API ({@link ./mock_openai.ts}) with updates,
 * analytics and feedback off and the project trusted.
 *
 * `@openai/codex` itself is a small Node launcher; its native build is an optional dependency
 * published as the same package with a platform version (`@openai/codex@0.171.0-linux-x64`),
 * holding `vendor/<target triple>/bin/codex` and `codex-path/rg` (which the launcher puts on
 * PATH; so does {@link codexEnv}).
 *
 * @example
 * ```ts ignore
 * import { codexBinary, codexEnv } from "./codex.ts";
 * const bin = await codexBinary();
 * const env = await codexEnv({ baseUrl: api.url, trust: [projectDir] });
 * new Deno.Command(bin, { args: ["exec", "hi"], env, clearEnv: true });
 * ```
 *
 * @module
 */

import { dirname, join } from "node:path";
import { npmPackage } from "./claude_code.ts";

/** The pinned Codex CLI version. */
export const CODEX_VERSION = "0.171.0";

/** The platform package's version suffix and Rust target, or undefined when none. */
function platform(): { suffix: string; triple: string } | undefined {
  if (Deno.build.os !== "linux" && Deno.build.os !== "darwin") return undefined;
  const arch = { x86_64: "x64", aarch64: "arm64" }[Deno.build.arch as string];
  if (!arch) return undefined;
  const triple = Deno.build.os === "linux"
    ? `${Deno.build.arch}-unknown-linux-musl`
    : `${Deno.build.arch}-apple-darwin`;
  return { suffix: `${Deno.build.os}-${arch}`, triple };
}

/** Why Codex cannot run here, or undefined when it can (for `ignore` in tests). */
export function codexUnavailable(): string | undefined {
  return platform() ? undefined : `no Codex CLI build for ${Deno.build.os}/${Deno.build.arch}`;
}

/**
 * The path of the pinned Codex binary, fetched into Deno's npm cache on first use. Throws with
 * the command's output when the registry cannot be reached.
 */
export function codexBinary(): Promise<string> {
  return binary ??= fetchBinary();
}

let binary: Promise<string> | undefined;

async function fetchBinary(): Promise<string> {
  const p = platform();
  if (!p) throw new Error(codexUnavailable());
  const version = `${CODEX_VERSION}-${p.suffix}`;
  const bin = join(await npmPackage("@openai/codex", version), "vendor", p.triple);
  await Deno.chmod(join(bin, "bin", "codex"), 0o755).catch(() => {});
  return join(bin, "bin", "codex");
}

/** Options of {@link codexEnv}. */
export interface CodexEnvOptions {
  /** The mock's URL with its `/v1` (the provider's `base_url`). */
  baseUrl: string;
  /** Directories Codex trusts (no trust prompt in them). */
  trust?: string[];
  /** `approval_policy`; default `on-request` (Codex asks when a command wants out of the sandbox). */
  approval?: "on-request" | "never" | "untrusted";
  /** More of `config.toml`, appended as it is (hooks, `notify`, …). */
  config?: string;
  /** Extra variables (e.g. `WEFT_PANE`). */
  extra?: Record<string, string>;
}

/** A TOML basic string. */
export function tomlString(value: string): string {
  return JSON.stringify(value);
}

/**
 * A complete environment for running Codex against a mock (use with `clearEnv: true`): a new
 * HOME and CODEX_HOME (`$HOME/.codex`) whose `config.toml` names the mock as the model provider.
 */
export async function codexEnv(options: CodexEnvOptions): Promise<Record<string, string>> {
  const home = await Deno.makeTempDir({ prefix: "weft-codex-home-" });
  const codexHome = join(home, ".codex");
  await Deno.mkdir(codexHome, { recursive: true });
  const projects = (options.trust ?? []).map((dir) =>
    `[projects.${tomlString(dir)}]\ntrust_level = "trusted"\n`
  );
  await Deno.writeTextFile(
    join(codexHome, "config.toml"),
    [
      `model = "gpt-5.1-codex"`,
      `model_provider = "mock"`,
      `approval_policy = ${tomlString(options.approval ?? "on-request")}`,
      `sandbox_mode = "read-only"`,
      `check_for_update_on_startup = false`,
      options.config ?? "",
      `[model_providers.mock]`,
      `name = "mock"`,
      `base_url = ${tomlString(options.baseUrl)}`,
      `wire_api = "responses"`,
      `env_key = "MOCK_OPENAI_API_KEY"`,
      `request_max_retries = 0`,
      `stream_max_retries = 0`,
      `supports_websockets = false`,
      `[analytics]`,
      `enabled = false`,
      `[feedback]`,
      `enabled = false`,
      ...projects,
    ].join("\n") + "\n",
  );
  const bin = await codexBinary();
  return {
    HOME: home,
    CODEX_HOME: codexHome,
    PATH: `${join(dirname(dirname(bin)), "codex-path")}:${Deno.env.get("PATH") ?? "/usr/bin:/bin"}`,
    TERM: "xterm-256color",
    LANG: "C.UTF-8",
    MOCK_OPENAI_API_KEY: "sk-weft-test-key",
    ...(options.extra ?? {}),
  };
}

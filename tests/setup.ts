/**
 * What the tests need from the machine, installed before `deno task ok` runs anything: Debian
 * packages through apt-get when run as root (an `apt-get update` first only when the install
 * fails), otherwise one message naming each missing package, what needs it, and the command that
 * installs them all. `deno task setup` runs it alone.
 *
 * @module
 */

/** A program the tests run, the Debian package that brings it, and what needs it. */
export interface Need {
  program: string;
  pkg: string;
  why: string;
}

/** Every program the tests need beyond Deno, by the Debian package that has it. */
export const NEEDS: readonly Need[] = [
  { program: "tmux", pkg: "tmux", why: "the attach tests drive `weft attach` inside tmux" },
  { program: "chromium", pkg: "chromium", why: "the web door's tests drive Chromium over CDP" },
  { program: "nats-server", pkg: "nats-server", why: "the fabric's tests run a NATS server" },
  { program: "git", pkg: "git", why: "the canvas tests diff a git repository" },
  { program: "ps", pkg: "procps", why: "the process tests read process states with ps" },
];

/** What {@link setup} touches, so a test can pass its own. */
export interface SetupDeps {
  /** True when the program is on PATH or in a system bin folder. */
  has: (program: string) => boolean;
  /** True when running as root. */
  root: boolean;
  /** Runs a program (apt-get), its output passed through; returns its exit code. */
  run: (program: string, args: string[]) => Promise<number>;
  /** Prints one line for the person running the tests. */
  say: (line: string) => void;
}

/**
 * Installs what is missing of `needs`; returns 0 when everything is there afterwards, else 1
 * (having said what is missing and how to install it).
 *
 * @example
 * ```ts
 * import { setup } from "./setup.ts";
 * const code = await setup({ has: () => true, root: false, run: () => Promise.resolve(0),
 *   say: () => {} });
 * console.assert(code === 0);
 * ```
 */
export async function setup(deps: SetupDeps, needs: readonly Need[] = NEEDS): Promise<number> {
  let missing = needs.filter((n) => !deps.has(n.program));
  if (!missing.length) return 0;
  const pkgs = () => [...new Set(missing.map((n) => n.pkg))];
  if (deps.root && deps.has("apt-get")) {
    deps.say(`setup: installing ${pkgs().join(", ")} (apt-get)`);
    const install = ["install", "-y", "-q", ...pkgs()];
    if (await deps.run("apt-get", install) !== 0) {
      deps.say("setup: apt-get install failed; updating the package lists and trying again");
      await deps.run("apt-get", ["update", "-q"]);
      await deps.run("apt-get", install);
    }
    missing = missing.filter((n) => !deps.has(n.program));
    if (!missing.length) return 0;
  }
  deps.say("setup: the tests need programs this machine has not got:");
  for (const n of missing) deps.say(`  ${n.program} (Debian package ${n.pkg}): ${n.why}`);
  const sudo = deps.root ? "" : "sudo ";
  deps.say(`install them with: ${sudo}apt-get install -y ${pkgs().join(" ")}`);
  deps.say("then run the tests again.");
  return 1;
}

/** Where programs are looked for: PATH, and the system folders a user's PATH may lack. */
function has(program: string): boolean {
  const path = (Deno.env.get("PATH") ?? "").split(":").filter(Boolean);
  const dirs = [...path, "/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin"];
  return dirs.some((dir) => {
    try {
      const info = Deno.statSync(`${dir}/${program}`);
      return info.isFile && ((info.mode ?? 0o111) & 0o111) !== 0;
    } catch {
      return false;
    }
  });
}

async function run(program: string, args: string[]): Promise<number> {
  const child = new Deno.Command(program, {
    args,
    env: { DEBIAN_FRONTEND: "noninteractive" },
    stdin: "null",
    stdout: "inherit",
    stderr: "inherit",
  }).spawn();
  return (await child.status).code;
}

if (import.meta.main) {
  Deno.exit(
    await setup({ has, root: Deno.uid() === 0, run, say: (line) => console.error(line) }),
  );
}

import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { Pty } from "./pty.ts";
import { type ForegroundProcess, programName, readForeground } from "./foreground.ts";
import { eventually } from "../../tests/helpers/poll.ts";

const ENV = { PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin", LANG: "C.UTF-8", PS1: "$ " };
const linux = Deno.build.os === "linux";

/** Polls what runs in front of `pty` until `want` holds. */
function until(pty: Pty, want: (p: ForegroundProcess | null) => boolean) {
  let last: ForegroundProcess | null = null;
  // What runs in front is read from /proc: nothing tells when it changes.
  return eventually("the wanted foreground", () => {
    last = readForeground(pty.pid, { group: pty.foregroundGroup(), last });
    return want(last) && last;
  });
}

function bash(cwd = "/"): Pty {
  return Pty.spawn({ argv: ["bash", "--norc", "--noprofile"], cwd, env: ENV, cols: 80, rows: 24 });
}

function exists(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}

async function close(pty: Pty): Promise<void> {
  const exited = new Promise((r) => pty.onExit(r));
  pty.kill("SIGKILL");
  await exited;
}

Deno.test({
  name: "readForeground() follows a shell's foreground job: program, argv, cwd",
  ignore: !linux,
  fn: async () => {
    const dir = await Deno.realPath(await Deno.makeTempDir());
    const pty = bash(dir);
    try {
      const shell = await until(pty, (p) => p?.program === "bash");
      assertEquals(shell.pid, pty.pid);
      assertEquals(shell.cwd, dir);
      assertEquals(shell.argv, ["bash", "--norc", "--noprofile"]);
      // Unchanged: the very same answer comes back (the cheap path).
      const again = readForeground(pty.pid, { group: pty.foregroundGroup(), last: shell });
      assert(again === shell);
      // Asked not to read the cwd, an unchanged leader keeps the last one.
      const stale = { ...shell, cwd: "/elsewhere" };
      assert(
        readForeground(pty.pid, { group: pty.foregroundGroup(), last: stale, cwd: false }) ===
          stale,
      );
      assertEquals(
        readForeground(pty.pid, { group: pty.foregroundGroup(), last: stale })?.cwd,
        dir,
      );
      pty.write("cd / && sleep 30\r");
      const sleep = await until(pty, (p) => p?.program === "sleep");
      assertEquals(sleep.argv, ["sleep", "30"]);
      assertEquals(sleep.cwd, "/");
      assert(sleep.pid !== pty.pid);
      assert(sleep.exe?.endsWith("/sleep"));
      // Without the PTY's group, the session leader's /proc/PID/stat gives it.
      assertEquals(readForeground(pty.pid)?.pid, sleep.pid);
      pty.write("\x03");
      const back = await until(pty, (p) => p?.program === "bash");
      assertEquals(back.cwd, "/");
    } finally {
      await close(pty);
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "readForeground() answers with the shell when the group's leader is gone",
  ignore: !linux,
  fn: async () => {
    const pty = bash();
    try {
      await until(pty, (p) => p?.program === "bash");
      // `true` leads the pipeline's group and exits at once; sleep keeps the group in front.
      pty.write("true | sleep 30\r");
      const group = await eventually("the pipeline in front", () => {
        const g = pty.foregroundGroup();
        return g !== pty.pid && g;
      });
      // Once bash has reaped `true`, the group has no leader to read.
      await eventually("the leader's end", () => !exists(`/proc/${group}`));
      const now = readForeground(pty.pid, { group });
      assertEquals(now?.pid, pty.pid);
      assertEquals(now?.program, "bash");
      assertEquals(pty.foregroundGroup(), group, "the group is still in front");
    } finally {
      await close(pty);
    }
  },
});

/** Whether `node` runs here (it renames itself through process.title, as npm's npx does). */
function hasNode(): boolean {
  try {
    return new Deno.Command("node", { args: ["--version"], stdout: "null" }).outputSync().success;
  } catch {
    return false;
  }
}

Deno.test({
  name: "readForeground() reads a leader again once it renamed itself (npx's process.title)",
  ignore: !linux || !hasNode(),
  fn: async () => {
    const pty = bash();
    try {
      await until(pty, (p) => p?.program === "bash");
      // As npx does: `npm` at once, `npm exec @openai/codex` later (here: at a key).
      pty.write(
        `node -e 'process.title="npm"; process.stdin.once("data", () => ` +
          `{ process.title = "npm exec @openai/codex" }); setInterval(() => {}, 1000)'\r`,
      );
      let last: ForegroundProcess | null = null;
      await eventually("npm in front", () => {
        last = readForeground(pty.pid, { group: pty.foregroundGroup(), last });
        return last?.argv[0] === "npm";
      });
      pty.write("\r");
      // The old cheap path kept the first answer (same pid, same executable) for good.
      await eventually("its new name", () => {
        last = readForeground(pty.pid, { group: pty.foregroundGroup(), last });
        return last?.argv.join(" ").trim() === "npm exec @openai/codex";
      });
    } finally {
      await close(pty);
    }
  },
});

Deno.test("readForeground() is null for a closed terminal or a process that is gone", async () => {
  const pty = Pty.spawn({ argv: ["true"], cwd: "/", env: ENV, cols: 80, rows: 24 });
  await new Promise((r) => pty.onExit(r));
  assertEquals(pty.foregroundGroup(), undefined);
  assertEquals(readForeground(2 ** 22 + 7, {}), null);
});

Deno.test("programName() names argv[0], a login shell, a #! script and a self-set title", () => {
  assertEquals(programName(["/usr/bin/sleep", "30"], "sleep"), "sleep");
  assertEquals(programName(["-bash"], "bash"), "bash");
  assertEquals(programName(["/bin/sh", "/tmp/bin/claude", "--x"], "claude"), "claude");
  assertEquals(programName(["python3", "build.py"], "python3"), "python3");
  assertEquals(programName(["claude", "--resume"], "2.1.30"), "claude");
  assertEquals(programName(["npm exec @anthropic-ai/claude-code"], "npm exec @anth"), "npm");
  assertEquals(programName([], "kworker/0:1"), "kworker/0:1");
  const long = "a-very-long-script-name";
  assertEquals(programName(["/bin/sh", `/x/${long}`], long.slice(0, 15)), long);
});

import { deepStrictEqual, ok, strictEqual, throws } from "node:assert/strict";
import {
  HOOK_COMMAND,
  HOOK_EVENTS,
  HOOK_MARKER,
  hookStatus,
  installHooks,
  uninstallHooks,
} from "./claude_settings.ts";
import { PERMISSION_HOOK_COMMAND } from "./claude_permission.ts";

const user = {
  model: "opus",
  permissions: { allow: ["Bash(npm test)"] },
  hooks: {
    PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./lint.sh" }] }],
    Stop: [{ hooks: [{ type: "command", command: "notify-send done" }] }],
    Custom: "left alone",
  },
};

Deno.test("installHooks() adds weft's hook to every event and keeps the user's own", () => {
  const out = installHooks(user) as { hooks: Record<string, { hooks: { command: string }[] }[]> };
  for (const event of HOOK_EVENTS) {
    const commands = out.hooks[event]!.flatMap((g) => g.hooks.map((h) => h.command));
    // A permission request waits for an answer through weft (claude_permission.ts).
    const want = event === "PermissionRequest"
      ? `${PERMISSION_HOOK_COMMAND} ${HOOK_MARKER}`
      : HOOK_COMMAND;
    strictEqual(commands.filter((c) => c === want).length, 1, event);
  }
  deepStrictEqual(out.hooks.PreToolUse![0], user.hooks.PreToolUse[0]);
  deepStrictEqual(out.hooks.Stop![0], user.hooks.Stop[0]);
  strictEqual((out.hooks as Record<string, unknown>).Custom, "left alone");
  strictEqual((out as unknown as typeof user).model, "opus");
  deepStrictEqual(user.hooks.Stop.length, 1, "the input is not changed");
});

Deno.test("installHooks() twice is once; an older weft entry is replaced", () => {
  const once = installHooks(user);
  deepStrictEqual(installHooks(once), once);
  const old = structuredClone(once) as { hooks: { Stop: { hooks: { command: string }[] }[] } };
  old.hooks.Stop[1]!.hooks[0]!.command = `curl old ${HOOK_MARKER}`;
  strictEqual(hookStatus(old).current, false);
  deepStrictEqual(installHooks(old), once);
  ok(hookStatus(once).current);
});

Deno.test("uninstallHooks() removes exactly weft's entries and gives back the file", () => {
  deepStrictEqual(uninstallHooks(installHooks(user)), {
    settings: user,
    removed: HOOK_EVENTS.length,
  });
  deepStrictEqual(uninstallHooks(installHooks({})), { settings: {}, removed: HOOK_EVENTS.length });
  deepStrictEqual(uninstallHooks(user), { settings: user, removed: 0 });
  // A user hook added next to weft's in the same group stays.
  const mixed = installHooks({}) as { hooks: { Stop: { hooks: unknown[] }[] } };
  mixed.hooks.Stop[0]!.hooks.push({ type: "command", command: "mine" });
  const back = uninstallHooks(mixed).settings as { hooks: unknown };
  deepStrictEqual(back.hooks, { Stop: [{ hooks: [{ type: "command", command: "mine" }] }] });
});

Deno.test("hookStatus() says which events carry weft's hook", () => {
  deepStrictEqual(hookStatus(user), { installed: [], current: false });
  const status = hookStatus(installHooks(user));
  deepStrictEqual(status.installed.toSorted(), [...HOOK_EVENTS].sort());
  ok(status.current);
  deepStrictEqual(hookStatus(null), { installed: [], current: false });
});

Deno.test("installHooks() refuses a file it cannot read as settings", () => {
  throws(() => installHooks([1, 2]), TypeError);
  throws(() => installHooks({ hooks: [] }), TypeError);
  throws(() => uninstallHooks("x"), TypeError);
});

Deno.test("the hook command ends with weft's marker and exits 0 outside a weft pane", async () => {
  ok(HOOK_COMMAND.endsWith(HOOK_MARKER));
  const run = await new Deno.Command("bash", {
    args: ["-c", HOOK_COMMAND],
    env: { PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin" },
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const w = run.stdin.getWriter();
  await w.write(new TextEncoder().encode('{"hook_event_name":"Stop"}')).catch(() => {});
  await w.close().catch(() => {});
  const out = await run.output();
  deepStrictEqual([out.code, out.stdout.length, out.stderr.length], [0, 0, 0]);
});

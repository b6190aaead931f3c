// session.* through a real Bus, the built-in commands and a real Model on fake PTYs.
import { deepStrictEqual, match, ok, strictEqual } from "node:assert/strict";
import type { Caller } from "../bus/mod.ts";
import { withCore } from "../../tests/helpers/core.ts";

type Created = { session: string; window: string; pane: string };
type SessionInfo = { id: string; name: string | null; windows: string[]; current: boolean };

Deno.test("session.create starts the configured shell, or a command, in the project directory", async () => {
  await withCore(async (core) => {
    const made = await core.call<Created>("session.create", { session: "main", window: "code" });
    deepStrictEqual(made, { session: "s1", window: "w1", pane: "p1" });
    const shell = core.pty("p1").options;
    deepStrictEqual([shell.argv, shell.cwd], [["bash"], "/project"]);
    await core.call("session.create", { command: "htop", cwd: "/tmp", env: { A: "1" } });
    const htop = core.pty("p2").options;
    deepStrictEqual([htop.argv, htop.cwd, htop.env.A], [["bash", "-c", "htop"], "/tmp", "1"]);
    await core.call("session.create", { argv: ["vim", "x.ts"] });
    deepStrictEqual(core.pty("p3").options.argv, ["vim", "x.ts"]);
    strictEqual(core.model.pane("p3").launch.command, "vim x.ts");
    strictEqual(core.model.pane("p3").createdBy, "cli:test");
    const both = await core.reply("session.create", { command: "a", argv: ["b"] });
    ok(!both.ok);
    strictEqual(both.error.code, "INVALID_INPUT");
    strictEqual(core.model.sessions.size, 3);
  });
});

Deno.test("session.create refuses a taken name and reports a program that cannot start", async () => {
  await withCore(async (core) => {
    await core.call("session.create", { session: "main" });
    const taken = await core.reply("session.create", { session: "main" });
    ok(!taken.ok);
    strictEqual(taken.error.code, "CONFLICT");
    const failed = await core.reply("session.create", { argv: ["missing"] });
    ok(!failed.ok);
    strictEqual(failed.error.code, "SPAWN_FAILED");
    match(failed.error.message, /Cannot spawn "missing"/);
    strictEqual(core.model.sessions.size, 1);
  }, { refuse: (o) => (o.argv[0] === "missing" ? "no such program" : undefined) });
});

Deno.test("session.list, session.rename and session.kill", async () => {
  await withCore(async (core) => {
    await core.call("session.create", { session: "one" });
    await core.call("session.create", {});
    await core.call("window.create", { session: "one" });
    const { sessions } = await core.call<{ sessions: SessionInfo[] }>("session.list", {});
    deepStrictEqual(
      sessions.map((s) => [s.id, s.name, s.windows, s.current]),
      [["s1", "one", ["w1", "w3"], false], ["s2", null, ["w2"], true]],
    );
    const renamed = await core.call<SessionInfo>("session.rename", { session: "one", name: "uno" });
    strictEqual(renamed.name, "uno");
    const cleared = await core.call<SessionInfo>("session.rename", { name: null });
    deepStrictEqual([cleared.id, cleared.name], ["s2", null], "the current session by default");
    const gone = await core.reply("session.rename", { session: "one", name: "x" });
    ok(!gone.ok);
    strictEqual(gone.error.code, "TARGET_NOT_FOUND");
    const p1 = core.pty("p1");
    deepStrictEqual(await core.call("session.kill", { session: "uno" }), { killed: "s1" });
    deepStrictEqual(p1.signals, ["SIGHUP"]);
    deepStrictEqual([...core.model.sessions.keys()], ["s2"]);
    deepStrictEqual([...core.model.panes.keys()], ["p2"]);
    const noTarget = await core.reply("session.kill", {});
    ok(!noTarget.ok);
    strictEqual(noTarget.error.code, "INVALID_INPUT");
  });
});

Deno.test("session commands need their capabilities", async () => {
  await withCore(async (core) => {
    const reader: Caller = { kind: "mcp", id: "m1", grants: new Set(["pane:read"]) };
    const denied = await core.reply("session.create", {}, reader);
    ok(!denied.ok);
    strictEqual(denied.error.code, "DENIED");
    deepStrictEqual(core.ptys.started, []);
    const listed = await core.reply("session.list", {}, reader);
    ok(listed.ok);
  });
});

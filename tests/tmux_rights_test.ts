// The tmux shim's commands each need the rights of what they do: a caller that may only read
// (pane:read, all tmux.exec asks for) cannot fill the paste buffers, write the attached
// terminals' clipboards or set global options. And a script meant for a real tmux (`-L`, `-S`
// another socket) never acts on weft: the shim hands it to the real tmux, or says it cannot.
import { deepStrictEqual as assertEquals, match as assertMatch } from "node:assert/strict";
import { join } from "node:path";
import { WeftClient } from "../plugins/client/mod.ts";
import { runTmux } from "../plugins/tmux/cli.ts";
import { E2E, withServer } from "./helpers/server.ts";

type Exec = { code: number; out: string; err: string };

Deno.test({
  name: "tmux.exec: a read-only caller reads, but writes no buffer, clipboard or global option",
  ...E2E,
  fn: async () => {
    await withServer(async ({ server, client }) => {
      const reader = await WeftClient.connect(server.paths.socket, {
        client: "test",
        grants: ["pane:read"],
      });
      try {
        const clipboard: unknown[] = [];
        await client.subscribe({ topics: ["tmux.clipboard"] }, (e) => void clipboard.push(e));
        const exec = (who: WeftClient, argv: string[], stdin?: string) =>
          who.call<Exec>("tmux.exec", { argv, ...(stdin === undefined ? {} : { stdin }) });
        assertEquals((await exec(reader, ["list-sessions", "-F", "#{session_name}"])).code, 0);
        const copy = await exec(reader, ["load-buffer", "-w", "-"], "secret\n");
        assertEquals(copy.code, 1);
        assertMatch(copy.err, /tmux load-buffer needs pane:write, session:admin/);
        assertEquals((await exec(reader, ["set-buffer", "x"])).code, 1);
        const set = await exec(reader, ["set-option", "-g", "default-shell", "/tmp/evil"]);
        assertMatch(set.err, /tmux set-option needs session:admin/);
        // Nothing changed: no buffer, the option as it was, no clipboard event.
        assertEquals((await exec(client, ["list-buffers"])).out, "");
        const shell = await exec(client, ["show-options", "-gv", "default-shell"]);
        assertEquals(shell.out.includes("/tmp/evil"), false);
        // The same calls with the rights go through (and reach the clipboard).
        assertEquals((await exec(client, ["load-buffer", "-w", "-"], "mine\n")).code, 0);
        assertEquals((await exec(client, ["show-buffer"])).out, "mine\n");
        await client.call("server.status", {});
        assertEquals(clipboard.length, 1);
      } finally {
        reader.close();
      }
    });
  },
});

Deno.test({
  name: "tmux.exec refuses -L: another tmux server's name never acts on weft's panes",
  ...E2E,
  fn: async () => {
    await withServer(async ({ client }) => {
      const r = await client.call<Exec>("tmux.exec", {
        argv: ["-L", "other", "new-session", "-d", "-s", "theirs"],
      });
      assertEquals(r.code, 1);
      assertMatch(r.err, /-L other names another server/);
      const { sessions } = await client.call<{ sessions: { name: string }[] }>("session.list");
      assertEquals(sessions.some((s) => s.name === "theirs"), false);
    });
  },
});

Deno.test({
  name: "the tmux shim hands -L and a foreign -S to the real tmux, or says there is none",
  ...E2E,
  fn: async () => {
    await withServer(async ({ dir, client }) => {
      const name = `weft-shim-L-${Deno.pid}`;
      const { pane } = await client.call<{ pane: string }>("session.create", {
        argv: ["bash", "--norc", "--noprofile"],
      });
      // A PATH with perl but no real tmux, for the second half.
      const perlOnly = join(dir, "perl-only");
      await Deno.mkdir(perlOnly);
      await Deno.symlink("/usr/bin/perl", join(perlOnly, "perl"));
      const line = `tmux -L ${name} new-session -d -s theirs; ` +
        `tmux -L ${name} list-sessions -F 'real:#{session_name}'; ` +
        `PATH="$(dirname "$(command -v tmux)"):${perlOnly}" tmux -L x ls; echo "done-$?"`;
      try {
        await client.call("pane.write", { pane, text: line, submit: true });
        const { line: done } = await client.call<{ line: string }>("pane.wait", {
          pane,
          match: "done-\\d",
          regex: true,
          timeout: 20_000,
        });
        assertEquals(done.trim().endsWith("done-1"), true, done);
        const text = (await client.call<{ text: string }>("pane.read", { pane })).text;
        assertMatch(text, /^real:theirs$/m);
        assertMatch(text, /-L x names another tmux server, and no real tmux is on PATH/);
        const { sessions } = await client.call<{ sessions: { name: string }[] }>("session.list");
        assertEquals(sessions.some((s) => s.name === "theirs"), false);
      } finally {
        await new Deno.Command("tmux", { args: ["-L", name, "kill-server"] }).output();
      }
    });
  },
});

Deno.test({
  name: "weft tmux hands -L to the real tmux, or says there is none",
  ...E2E,
  fn: async () => {
    const name = `weft-cli-L-${Deno.pid}`;
    const run = async (args: string[], path: string | undefined) => {
      let out = "";
      let err = "";
      const env: Record<string, string | undefined> = { PATH: path, HOME: Deno.env.get("HOME") };
      const code = await runTmux(args, {
        out: (t) => void (out += t),
        err: (t) => void (err += t),
        cwd: "/",
        env: (n) => env[n],
      });
      return { code, out, err };
    };
    try {
      const path = Deno.env.get("PATH");
      assertEquals((await run(["-L", name, "new-session", "-d", "-s", "real"], path)).code, 0);
      const listed = await run(["-L", name, "list-sessions", "-F", "#{session_name}"], path);
      assertEquals([listed.code, listed.out], [0, "real\n"]);
      const none = await run(["-L", name, "ls"], "/nonexistent");
      assertEquals(none.code, 1);
      assertMatch(none.err, new RegExp(`-L ${name} names another tmux server`));
    } finally {
      await new Deno.Command("tmux", { args: ["-L", name, "kill-server"] }).output();
    }
  },
});

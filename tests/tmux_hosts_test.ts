/**
 * Claude Code's teammates on another host (issue 22): a hub and two weft servers (real
 * nats-server processes); the lead's pane on `laptop` drives the real in-pane tmux shim
 * (`.weft/bin/tmux`) with the command sequence Claude Code 2.1 sends for each teammate. The tmux
 * plugin's `teammates` option sends `far-*` to `buildbox`: the teammate runs there (as argv, no
 * shell), its `%N` stays the lead's for capture-pane, send-keys, list-panes, display-message,
 * kill-pane; a host that cannot be reached, a line that is not a plain start, and a host that
 * did not grant `spawn` leave the teammate here (fallback `local`), or fail it (fallback `fail`).
 */

import { deepStrictEqual, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { eventually } from "./helpers/poll.ts";
import { waitForText } from "./helpers/panes.ts";
import {
  endHost,
  endHub,
  FABRIC,
  joinHost,
  startHub,
  type TestHost,
  type TestHub,
  untilUp,
} from "./helpers/fabric.ts";

interface Row {
  id: string;
  argv: string[];
  command: string;
  tags: string[];
  meta: Record<string, string>;
}

type Shim = (...args: string[]) => Promise<{ code: number; out: string; err: string }>;

/** The in-pane shim of `host`, run as pane `pane` runs it. */
async function shimOf(host: TestHost, pane: string): Promise<Shim> {
  const info = JSON.parse(await Deno.readTextFile(join(host.dir, ".weft", "server.json")));
  return async (...args) => {
    const r = await new Deno.Command(join(host.dir, ".weft", "bin", "tmux"), {
      args,
      env: { WEFT_SOCKET: info.socket, TMUX_PANE: `%${pane.slice(1)}`, PATH: "/usr/bin:/bin" },
      clearEnv: true,
      stdin: "null",
    }).output();
    const text = (b: Uint8Array) => new TextDecoder().decode(b);
    return { code: r.code, out: text(r.stdout), err: text(r.stderr) };
  };
}

async function ok0(shim: Shim, ...args: string[]): Promise<string> {
  const r = await shim(...args);
  deepStrictEqual([r.code, r.err], [0, ""], `tmux ${args.join(" ")}`);
  return r.out;
}

/** What Claude Code 2.1's TmuxBackend sends to open a teammate beside its lead, up to respawn. */
async function placeholder(shim: Shim, lead: string, name: string): Promise<string> {
  const window = (await ok0(shim, "display-message", "-t", lead, "-p", "#{window_id}")).trim();
  const ids = (await ok0(shim, "list-panes", "-t", window, "-F", "#{pane_id}")).trim().split("\n");
  const mates = ids.slice(1);
  const at = mates[Math.floor((mates.length - 1) / 2)] ?? mates.at(-1);
  const made = ids.length === 1
    ? await ok0(
      shim,
      "split-window",
      "-d",
      "-t",
      lead,
      "-h",
      "-l",
      "70%",
      "-P",
      "-F",
      "#{pane_id}",
      "--",
      "cat",
    )
    : await ok0(
      shim,
      "split-window",
      "-d",
      "-t",
      at!,
      mates.length % 2 ? "-v" : "-h",
      "-P",
      "-F",
      "#{pane_id}",
      "--",
      "cat",
    );
  const pane = made.trim();
  match(pane, /^%\d+$/);
  for (const o of ["window-style", "pane-border-style", "pane-active-border-style"]) {
    await ok0(
      shim,
      "set-option",
      "-p",
      "-t",
      pane,
      o,
      o === "window-style" ? "bg=default,fg=blue" : "fg=blue",
    );
  }
  await ok0(shim, "select-pane", "-t", pane, "-T", name);
  await ok0(
    shim,
    "set-option",
    "-p",
    "-t",
    pane,
    "pane-border-format",
    "#[fg=blue,bold] #{pane_title} #[default]",
  );
  const all = (await ok0(shim, "list-panes", "-t", window, "-F", "#{pane_id}")).trim().split("\n");
  if (all.length > 2) {
    await ok0(shim, "select-layout", "-t", window, "main-vertical");
    await ok0(shim, "resize-pane", "-t", all[0]!, "-x", "30%");
  }
  if (ids.length === 1) {
    await ok0(shim, "set-option", "-w", "-t", window, "pane-border-status", "top");
  }
  await ok0(shim, "set-option", "-p", "-t", pane, "remain-on-exit", "failed");
  return pane;
}

/** Claude Code's teammate line (`cd DIR && env … PROGRAM --agent-id … --agent-name NAME …`). */
function line(dir: string, name: string, extra = ""): string {
  return `cd '${dir}' && env CLAUDECODE=1 CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS=1 ` +
    `MATE_MARK='mark of ${name}' /bin/sh '${join(dir, "mate.sh")}' --agent-id '${name}@team' ` +
    `--agent-name ${name} --team-name team --parent-session-id '$(touch ${dir}/pwned)'${extra}`;
}

async function panes(host: TestHost): Promise<Row[]> {
  return (await host.server.client.call<{ panes: Row[] }>("pane.list", {})).panes;
}

Deno.test(
  "tmux shim: a Claude Code teammate opens on another host by policy; its %N stays the lead's",
  FABRIC,
  async (t) => {
    let hub: TestHub | undefined;
    const hosts: TestHost[] = [];
    try {
      hub = await startHub(["laptop", "buildbox", "ghost"]);
      const buildbox = await joinHost(hub, "buildbox", {
        grants: { laptop: ["read", "write", "spawn", "control"] },
        // buildbox's own teammates would go to laptop, which lets it only read.
        weft: {
          plugins: { tmux: { options: { teammates: { agent: "near-*", host: "laptop" } } } },
        },
      });
      hosts.push(buildbox);
      const laptop = await joinHost(hub, "laptop", {
        grants: { buildbox: ["read"], ghost: ["read"] },
        weft: {
          plugins: {
            tmux: {
              options: {
                teammates: [
                  { agent: "far-*", host: "buildbox" },
                  { agent: "ghost-*", host: "ghost" },
                  { agent: "strict-*", host: "ghost", fallback: "fail" },
                ],
              },
            },
          },
        },
      });
      hosts.push(laptop);
      for (const h of hosts) {
        await Deno.writeTextFile(
          join(h.dir, "mate.sh"),
          'echo "mate $MATE_MARK up with $# args"\nexec bash --norc --noprofile\n',
        );
      }
      await untilUp(laptop, ["buildbox"]);
      await untilUp(buildbox, ["laptop"]);
      await buildbox.server.client.call("session.create", { name: "work" });
      const lead = await laptop.server.client.call<{ pane: string; window: string }>(
        "session.create",
        { name: "lead" },
      );
      const shim = await shimOf(laptop, lead.pane);
      const leadId = `%${lead.pane.slice(1)}`;
      const window = `@${lead.window.slice(1)}`;
      const listed = async () =>
        (await ok0(shim, "list-panes", "-t", window, "-F", "#{pane_id} #{pane_title}")).trim();
      let far = "";

      await t.step("far-one opens on buildbox, as argv; the lead keeps its %N", async () => {
        far = await placeholder(shim, leadId, "far-one");
        await ok0(shim, "respawn-pane", "-k", "-t", far, "--", line(laptop.dir, "far-one"));
        // Its pane is on buildbox, running the program itself (no shell line), with its options.
        const there = await eventually(
          "far-one on buildbox",
          async () => (await panes(buildbox)).find((p) => p.argv.includes("far-one")),
          { detail: async () => JSON.stringify([await panes(buildbox), await panes(laptop)]) },
        );
        deepStrictEqual(there.argv.slice(0, 2), ["/bin/sh", join(laptop.dir, "mate.sh")]);
        equal(there.argv.at(-1), `$(touch ${laptop.dir}/pwned)`);
        ok(there.tags.includes("tmux"), JSON.stringify(there.tags));
        equal(there.meta["tmux.title"], "far-one");
        equal(there.meta["tmux.remain-on-exit"], "failed");
        // The placeholder here is gone; the lead's window still lists the teammate by its %N.
        ok(!(await panes(laptop)).some((p) => p.id === `p${far.slice(1)}`));
        const rows = (await listed()).split("\n");
        deepStrictEqual([rows.length, rows[0]!.split(" ")[0], rows[1]], [
          2,
          leadId,
          `${far} far-one`,
        ]);
        const text = await eventually("far-one's screen through capture-pane", async () => {
          const r = await shim("capture-pane", "-p", "-t", far);
          return r.out.includes("mate mark of far-one up with 8 args") ? r.out : undefined;
        });
        ok(text.includes("far-one"));
        equal(
          (await ok0(shim, "display-message", "-p", "-t", far, "#{pane_id} #{pane_title}")).trim(),
          `${far} far-one`,
        );
        // Typed into from the lead, seen on buildbox.
        await ok0(shim, "send-keys", "-t", far, "echo typed-$((6*7))", "Enter");
        await waitForText(buildbox.server.client, { pane: there.id, match: "typed-42" });
        await eventually(
          "typed-42 through capture-pane",
          async () => (await shim("capture-pane", "-p", "-t", far)).out.includes("typed-42"),
        );
        // The quoted argument stayed an argument: nothing ran it.
        equal(await Deno.stat(join(laptop.dir, "pwned")).then(() => true, () => false), false);
        // Titles and pane options reach it there, and read back from there.
        await ok0(shim, "select-pane", "-t", far, "-T", "far-one*");
        await ok0(shim, "set-option", "-p", "-t", far, "@mark", "m1");
        const meta = (await panes(buildbox)).find((p) => p.id === there.id)!.meta;
        deepStrictEqual([meta["tmux.title"], meta["tmux.@mark"]], ["far-one*", "m1"]);
        equal(await ok0(shim, "show-options", "-pv", "-t", far, "remain-on-exit"), "failed\n");
        // Its size is that host's business; its output is not piped to a command here.
        await ok0(shim, "resize-pane", "-t", far, "-x", "10");
        const piped = await shim("pipe-pane", "-t", far, "cat > /dev/null");
        equal(piped.code, 1);
        match(piped.err, /on another host/);
      });

      let two = "";
      await t.step(
        "far-two is split beside far-one (a remote %N) and opens there too",
        async () => {
          two = await placeholder(shim, leadId, "far-two");
          ok(two !== far);
          // As Claude Code sends a line with characters it quotes oddly: SHELL -c LINE.
          const argv = ["/bin/bash", "-c", line(laptop.dir, "far-two")];
          await ok0(shim, "respawn-pane", "-k", "-t", two, "--", ...argv);
          await eventually(
            "far-two on buildbox",
            async () => (await panes(buildbox)).some((p) => p.argv.includes("far-two")),
          );
          const ids = (await listed()).split("\n").map((l) => l.split(" ")[0]);
          deepStrictEqual(ids, [leadId, far, two]);
          const here = (await panes(laptop)).map((p) => p.id);
          ok(![far, two].some((n) => here.includes(`p${n.slice(1)}`)), here.join());
          // Respawned there with a program, never a shell line.
          const line2 = await shim("respawn-pane", "-k", "-t", two, "--", "echo x; sh");
          equal(line2.code, 1);
          match(line2.err, /is on host buildbox, where weft runs no shell line/);
          await ok0(shim, "respawn-pane", "-k", "-t", two, "--", line(laptop.dir, "far-two", " x"));
          await eventually(
            "far-two respawned there",
            async () =>
              (await shim("capture-pane", "-p", "-t", two)).out.includes("far-two up with 9 args"),
          );
        },
      );

      await t.step("kill-pane ends far-one there; a teammate that exits leaves too", async () => {
        await ok0(shim, "kill-pane", "-t", far);
        ok(!(await panes(buildbox)).some((p) => p.argv.includes("far-one")));
        const gone = await shim("capture-pane", "-p", "-t", far);
        equal(gone.code, 1);
        match(gone.err, /can't find pane/);
        // far-two exits 0: buildbox closes it (remain-on-exit failed); the lead stops listing it.
        await ok0(shim, "send-keys", "-t", two, "exit", "Enter");
        await eventually(
          "far-two to leave the lead's list",
          async () => (await listed()).split("\n").length === 1,
        );
        ok(!(await panes(buildbox)).some((p) => p.argv.includes("far-two")));
      });

      await t.step("an unreachable host: the teammate starts here (fallback local)", async () => {
        const g = await placeholder(shim, leadId, "ghost-one");
        await ok0(shim, "respawn-pane", "-k", "-t", g, "--", line(laptop.dir, "ghost-one"));
        await waitForText(laptop.server.client, {
          pane: `p${g.slice(1)}`,
          match: "mate mark of ghost-one up",
        });
        // A line that is not a plain program start never goes elsewhere: here, as tmux would.
        const odd = await placeholder(shim, leadId, "far-odd");
        await ok0(
          shim,
          "respawn-pane",
          "-k",
          "-t",
          odd,
          "--",
          `${line(laptop.dir, "far-odd")}; true`,
        );
        await waitForText(laptop.server.client, {
          pane: `p${odd.slice(1)}`,
          match: "mate mark of far-odd up",
        });
        ok(!(await panes(buildbox)).some((p) => p.argv.includes("far-odd")));
        await ok0(shim, "kill-pane", "-t", g);
        await ok0(shim, "kill-pane", "-t", odd);
      });

      await t.step("fallback fail: respawn-pane fails with the host's error", async () => {
        const s = await placeholder(shim, leadId, "strict-one");
        const r = await shim("respawn-pane", "-k", "-t", s, "--", line(laptop.dir, "strict-one"));
        equal(r.code, 1);
        match(r.err, /teammate strict-one: cannot open on host ghost: .*(reach|unreachable)/i);
        ok((await panes(laptop)).some((p) => p.id === `p${s.slice(1)}`), "the placeholder stays");
        await ok0(shim, "kill-pane", "-t", s);
      });

      await t.step("a host that did not grant spawn: DENIED there, the teammate here", async () => {
        const home = await buildbox.server.client.call<{ pane: string }>("session.create", {
          name: "b",
        });
        const near = await shimOf(buildbox, home.pane);
        const n = await placeholder(near, `%${home.pane.slice(1)}`, "near-one");
        await ok0(near, "respawn-pane", "-k", "-t", n, "--", line(buildbox.dir, "near-one"));
        await waitForText(buildbox.server.client, {
          pane: `p${n.slice(1)}`,
          match: "mate mark of near-one up",
        });
        ok(!(await panes(laptop)).some((p) => p.argv.includes("near-one")));
        const why = /teammate near-one: cannot open on host laptop: .*(DENIED|lacks pane:spawn)/;
        await eventually("buildbox's log to say why", () => why.test(buildbox.server.stderr()));
      });
    } finally {
      for (const h of hosts) await endHost(h);
      if (hub) await endHub(hub);
    }
  },
);

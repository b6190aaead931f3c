import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { join } from "node:path";
import type { WeftClient } from "../plugins/client/mod.ts";
import type { WeftEvent } from "../core/bus/mod.ts";
import type { PaneInfo } from "../core/model/mod.ts";
import { eventually, untilEvent, wakeups } from "./helpers/poll.ts";
import { E2E, onEvents, withServer } from "./helpers/server.ts";

const SHELL = ["bash", "--norc", "--noprofile"];

/** Events of some topics about one pane, and a way to wait for one that matches. */
async function watch(client: WeftClient, pane: string, topics: string[]) {
  const seen: WeftEvent[] = [];
  const arrived = wakeups();
  await client.subscribe({ topics, panes: [pane] }, (event) => {
    seen.push(event);
    arrived.wake();
  });
  return {
    seen,
    /** The first event (from the start) that `match` accepts; fails after 10 s. */
    next: (match: (e: WeftEvent) => boolean, what: string): Promise<WeftEvent> =>
      untilEvent(what, {
        on: arrived.on,
        check: () => seen.find(match),
        detail: () => `saw ${JSON.stringify(seen)}`,
      }),
  };
}

/** Waits until the pane's status says `program` runs in front (its first look may be over). */
async function inFront(client: WeftClient, pane: string, program: string): Promise<void> {
  await untilEvent(`${program} in front in ${pane}`, {
    on: onEvents(client, { topics: ["pane.current"], panes: [pane] }),
    check: async () =>
      (await client.call<PaneInfo>("pane.status", { pane })).current?.program === program,
  });
}

type CurrentData = { pane: string; current: PaneInfo["current"] };
type ChangedData = { pane: string; agent?: string };

const running = (program: string) => (e: WeftEvent) =>
  e.topic === "pane.current" && (e.data as CurrentData).current?.program === program;
const becomes = (agent: string) => (e: WeftEvent) =>
  e.topic === "pane.changed" && (e.data as ChangedData).agent === agent;

/** A folder holding a fake `claude`: a script that prints a prompt and waits for a line. */
async function fakeAgent(dir: string): Promise<Record<string, string>> {
  const bin = join(dir, "bin");
  await Deno.mkdir(bin);
  const script = join(bin, "claude");
  await Deno.writeTextFile(script, "#!/bin/sh\nprintf 'fake claude> '\nread line\n");
  await Deno.chmod(script, 0o755);
  return { PATH: `${bin}:${Deno.env.get("PATH") ?? "/usr/bin:/bin"}` };
}

Deno.test(
  "a shell pane shows what runs in front: the program typed, its argv and cwd",
  E2E,
  async () => {
    await withServer(async ({ client, dir }) => {
      const s = await client.call<{ pane: string }>("session.create", { argv: SHELL });
      const events = await watch(client, s.pane, ["pane.current"]);
      await inFront(client, s.pane, "bash");
      const work = await Deno.realPath(await Deno.makeTempDir({ dir, prefix: "work-" }));
      await client.call("pane.write", {
        pane: s.pane,
        text: `cd ${work} && sleep 30`,
        keys: ["Enter"],
      });
      const event = await events.next(running("sleep"), "sleep in front");
      const current = (event.data as CurrentData).current!;
      assertEquals(current.argv, ["sleep", "30"]);
      assertEquals(current.cwd, work);
      const status = await client.call<PaneInfo>("pane.status", { pane: s.pane });
      assertEquals(status.current?.program, "sleep");
      assertEquals(status.current?.cwd, work);
      assert(status.current!.pid !== status.pid, "sleep is not the shell");
      assertEquals(status.agent, "shell");
      const { panes } = await client.call<{ panes: PaneInfo[] }>("pane.list", {});
      assertEquals(panes[0]?.current?.program, "sleep");
    });
  },
);

Deno.test(
  "typing claude into a shell pane makes it a claude pane until the program exits",
  E2E,
  async () => {
    await withServer(async ({ client, dir }) => {
      const env = await fakeAgent(dir);
      const s = await client.call<{ pane: string }>("session.create", { argv: SHELL, env });
      const events = await watch(client, s.pane, ["pane.current", "pane.changed"]);
      await inFront(client, s.pane, "bash");
      await client.call("pane.write", { pane: s.pane, text: "claude", keys: ["Enter"] });
      await events.next(becomes("claude"), "the pane becoming claude");
      const status = await client.call<PaneInfo>("pane.status", { pane: s.pane });
      assertEquals(status.agent, "claude");
      assertEquals(status.current?.program, "claude");
      // The sideband follows: a claude pane is read on its screen.
      const mode = () =>
        client.call<{ panes: { pane: string; mode: string }[] }>("sideband.status", {})
          .then((r) => r.panes.find((p) => p.pane === s.pane)?.mode);
      // (A loaded machine may start the plugin's Worker late: it is restarted until it runs.)
      await eventually(
        "the sideband to read the claude pane's screen",
        async () => (await mode()) === "screen",
        { timeoutMs: 60_000 },
      );
      await client.call("pane.write", { pane: s.pane, text: "bye", keys: ["Enter"] });
      await events.next(becomes("shell"), "the pane becoming a shell again");
      assertEquals((await client.call<PaneInfo>("pane.status", { pane: s.pane })).agent, "shell");
      await eventually(
        "the sideband to stop reading the shell pane",
        async () => (await mode()) === "off",
      );
    });
  },
);

Deno.test("the launch guess sees past env assignments whose value holds a slash", E2E, async () => {
  await withServer(async ({ client, dir }) => {
    const env = await fakeAgent(dir);
    const s = await client.call<PaneInfo & { pane: string }>("session.create", {
      argv: ["env", "A=/x/y", "HOME=/x/home", "claude"],
      env,
    });
    assertEquals((await client.call<PaneInfo>("pane.status", { pane: s.pane })).agent, "claude");
  });
});

Deno.test(
  "an agent kind given at launch or by pane.set does not follow the program",
  E2E,
  async () => {
    await withServer(async ({ client, dir }) => {
      const env = await fakeAgent(dir);
      const given = await client.call<{ pane: string }>("session.create", {
        argv: SHELL,
        env,
        agent: "program",
      });
      const set = await client.call<PaneInfo>("pane.create", {
        split: given.pane,
        argv: SHELL,
        env,
      });
      await client.call("pane.set", { pane: set.id, agent: "shell" });
      for (const [pane, agent] of [[given.pane, "program"], [set.id, "shell"]]) {
        const events = await watch(client, pane!, ["pane.current", "pane.changed"]);
        await inFront(client, pane!, "bash");
        await client.call("pane.write", { pane: pane!, text: "claude", keys: ["Enter"] });
        await events.next(running("claude"), "claude in front");
        const status = await client.call<PaneInfo>("pane.status", { pane });
        assertEquals(status.agent, agent);
        assertEquals(events.seen.filter((e) => e.topic === "pane.changed"), []);
      }
    });
  },
);

/**
 * Two weft servers and a hub (real nats-server processes) on this machine: a pane on host
 * `buildbox` read, typed into, waited on and created from host `laptop` by its qualified id,
 * through the CLI and MCP; each host's rights enforced (deny by default); a host that tries to
 * speak as another refused by the hub; a host the project never granted refused.
 */

import { deepStrictEqual, equal, match, ok, rejects } from "node:assert/strict";
import { connect } from "@nats-io/transport-node";
import { readCreds } from "../plugins/fabric/hub.ts";
import { startNode } from "../plugins/fabric/node.ts";
import { jetstream } from "@nats-io/jetstream";
import { Kvm } from "@nats-io/kv";
import { HUB_DOMAIN, PRESENCE_BUCKET, rpcSubject } from "../plugins/fabric/nats_conf.ts";
import { eventually } from "./helpers/poll.ts";
import type { FabricHost } from "../protocols/bus/fabric.ts";
import { WeftError } from "../protocols/bus/errors.ts";
import { weftProcess } from "./helpers/cli.ts";
import { httpClient, textOf } from "./helpers/mcp.ts";
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

type Reply = { ok: boolean; error?: { code: string; message: string } };

Deno.test(
  "fabric: laptop drives buildbox's panes by HOST/ID; rights and names are enforced",
  FABRIC,
  async (t) => {
    let hub: TestHub | undefined;
    const hosts: TestHost[] = [];
    try {
      hub = await startHub(["laptop", "buildbox", "stranger"]);
      // buildbox lets laptop read, type and spawn; laptop lets buildbox only read. "ci" is granted
      // reads on buildbox but runs nowhere: only impersonation could speak as it.
      const buildbox = await joinHost(hub, "buildbox", {
        grants: { laptop: ["read", "write", "spawn"], ci: ["read"] },
      });
      hosts.push(buildbox);
      const laptop = await joinHost(hub, "laptop", {
        grants: { buildbox: ["read"] },
        weft: { plugins: { mcp: { options: { tools: ["agent", "fabric"] } } } },
      });
      hosts.push(laptop);
      await untilUp(laptop, ["buildbox"]);
      await untilUp(buildbox, ["laptop"]);
      const far = await buildbox.server.client.call<{ pane: string }>("session.create", {
        name: "work",
        command: "bash --norc --noprofile",
      });
      const near = await laptop.server.client.call<{ pane: string }>("session.create", {
        name: "home",
        command: "bash --norc --noprofile",
      });
      const remote = `buildbox/${far.pane}`;

      await t.step("the CLI types into, waits on and reads a remote pane", async () => {
        const sent = await weftProcess(
          laptop.dir,
          "send",
          remote,
          "echo remote-$((6*7))",
          "--enter",
        );
        equal(sent.code, 0, sent.err);
        const waited = await weftProcess(laptop.dir, "wait", remote, "--match", "remote-42");
        equal(waited.code, 0, waited.err);
        const read = await weftProcess(laptop.dir, "read", remote);
        equal(read.code, 0, read.err);
        match(read.out, /remote-42/);
        // The same pane, read on its own host: the typing happened there.
        await waitForText(buildbox.server.client, { pane: far.pane, match: "remote-42" });
      });

      await t.step(
        "the CLI makes a pane and runs a command on the remote host (--host); ls --all lists both",
        async () => {
          const made = await weftProcess(
            laptop.dir,
            "new",
            "--host",
            "buildbox",
            "--json",
            "--",
            "bash",
            "-c",
            "echo made-far; sleep 60",
          );
          equal(made.code, 0, made.err);
          const { id } = JSON.parse(made.out) as { id: string };
          match(id, /^buildbox\/p\d+$/, "a remote pane's id comes back qualified");
          const pane = id.slice("buildbox/".length);
          await waitForText(buildbox.server.client, { pane, match: "made-far" });
          // weft run --host: a command run in a new pane there, its output and exit code here.
          const ran = await weftProcess(
            laptop.dir,
            "run",
            "--host",
            "buildbox",
            "--",
            "echo ran-far; exit 3",
          );
          equal(ran.code, 3, ran.err);
          match(ran.out, /ran-far/);
          const ls = await weftProcess(laptop.dir, "ls", "--all", "--json");
          equal(ls.code, 0, ls.err);
          const listed = (JSON.parse(ls.out) as { hosts: FabricHost[] }).hosts;
          deepStrictEqual(listed.map((h) => [h.host, h.state]), [
            ["laptop", "self"],
            ["buildbox", "up"],
          ]);
          const panes = listed[1]!.panes!.map((p) => p.id);
          ok(panes.includes(remote) && panes.includes(`buildbox/${pane}`), panes.join());
          ok(listed[0]!.panes!.some((p) => p.id === `laptop/${near.pane}`));
        },
      );

      await t.step("MCP tools take qualified ids", async () => {
        const mcp = await httpClient(laptop.dir);
        try {
          const read = await mcp.callTool({ name: "read_pane", arguments: { pane: remote } });
          equal(read.isError, undefined, textOf(read));
          match(textOf(read), /remote-42/);
          const sent = await mcp.callTool({
            name: "send_input",
            arguments: { pane: remote, text: "echo via-mcp", submit: true },
          });
          equal(sent.isError, undefined, textOf(sent));
          await waitForText(buildbox.server.client, { pane: far.pane, match: "via-mcp" });
          // The fabric profile's tools are listed; every host's panes in one of them.
          const listed = (await mcp.listTools()).tools.map((tool) => tool.name);
          ok(listed.includes("list_all_panes") && listed.includes("fabric_hosts"), listed.join());
          const all = await mcp.callTool({ name: "list_all_panes", arguments: {} });
          equal(all.isError, undefined, textOf(all));
          const { hosts: seen } = all.structuredContent as { hosts: FabricHost[] };
          ok(seen.find((h) => h.host === "buildbox")!.panes!.some((p) => p.id === remote));
        } finally {
          await mcp.close();
        }
      });

      await t.step(
        "rights are per host: buildbox may read laptop's pane, not type into it",
        async () => {
          const read = await weftProcess(buildbox.dir, "read", `laptop/${near.pane}`);
          equal(read.code, 0, read.err);
          const sent = await weftProcess(buildbox.dir, "send", `laptop/${near.pane}`, "rm -rf ~");
          equal(sent.code, 1);
          match(sent.err, /DENIED/);
          match(sent.err, /lacks pane:write/);
        },
      );

      await t.step(
        "the hub refuses a host that speaks as another, and one never granted",
        async () => {
          // stranger's own node of the fabric (its leaf, its credentials), with a NATS client on it.
          const creds = await readCreds(hub!.creds("stranger"));
          const dir = await Deno.makeTempDir({ prefix: "weft-stranger-" });
          const node = await startNode({
            dir,
            host: "stranger",
            hub: hub!.url,
            password: creds.password,
          });
          const nc = await connect({
            servers: node.url,
            user: node.user,
            pass: node.password,
            inboxPrefix: "_INBOX.stranger",
          });
          try {
            const ask = (from: string) =>
              nc.request(
                rpcSubject(from, "buildbox", "pane.read"),
                JSON.stringify({
                  input: { pane: far.pane },
                  requestId: "x",
                  caller: { kind: "socket", id: "x" },
                }),
                { timeout: 1500 },
              );
            // stranger's node links to the hub in its own time: its presence bucket opens then.
            const kv = await eventually(
              "stranger's link to the hub",
              () => new Kvm(jetstream(nc, { domain: HUB_DOMAIN })).open(PRESENCE_BUCKET),
              {
                timeoutMs: 20_000,
              },
            );
            // As itself, while buildbox has not heard of it: no one listens for it there.
            const unheard = await ask("stranger").then(() => "answered", (e: Error) => e.message);
            match(unheard, /no responders/i);
            // Once it says it is present (its own key only), buildbox answers and refuses it: its
            // project granted stranger nothing.
            await kv.put("stranger", JSON.stringify({ host: "stranger", at: Date.now(), pid: 0 }));
            const refused = await eventually("buildbox to answer stranger", async () => {
              const reply = await ask("stranger").then((m) => m.json<Reply>(), () => undefined);
              return reply;
            });
            deepStrictEqual([refused.ok, refused.error?.code], [false, "DENIED"]);
            match(refused.error!.message, /grants host "stranger" nothing/);
            // Now that stranger's calls do reach buildbox: speaking as "ci" (granted reads) or
            // as laptop, the hub drops what stranger may not publish, so no one ever answers.
            for (const as of ["ci", "laptop"]) {
              const answer = await ask(as).then(() => "answered", (e: Error) => e.message);
              match(answer, /permissions violation|no responders|timeout/i, `as ${as}: ${answer}`);
            }
          } finally {
            await nc.close();
          }
        },
      );

      await t.step(
        "an answer too large for the wire is TOO_LARGE, not an unreachable host",
        async () => {
          const big = await buildbox.server.client.call<{ pane: string }>("session.create", {
            command: "bash --norc --noprofile -c 'seq 1 250000; echo seq-done; sleep 600'",
          });
          await waitForText(buildbox.server.client, { pane: big.pane, match: "seq-done" });
          await rejects(
            laptop.server.client.call("pane.read", {
              pane: `buildbox/${big.pane}`,
              mode: "history",
            }),
            (e: unknown) => e instanceof WeftError && e.code === "TOO_LARGE",
          );
        },
      );

      await t.step("a host no one knows is UNKNOWN_HOST, as before", async () => {
        await rejects(
          laptop.server.client.call("pane.read", { pane: "nowhere/p1" }),
          (e: unknown) => e instanceof WeftError && e.code === "UNKNOWN_HOST",
        );
      });
    } finally {
      for (const h of hosts) await endHost(h);
      if (hub) await endHub(hub);
    }
  },
);

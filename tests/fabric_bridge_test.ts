/**
 * A bridge agent on one host is an identity of the fabric: a message from laptop to
 * `A@buildbox` becomes a headless Claude Code turn on buildbox (the real CLI against the mock
 * Messages API), and its reply comes back to laptop as a message from `A@buildbox`, an answer
 * to the one sent. A hub and two weft servers, real nats-server processes.
 */

import { deepStrictEqual, ok } from "node:assert/strict";
import { mockAnthropic, text } from "./helpers/mock_anthropic.ts";
import { bridgeAgents, messageTexts } from "./helpers/bridge.ts";
import { claudeUnavailable } from "./helpers/claude_code.ts";
import { eventually } from "./helpers/poll.ts";
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

interface Info {
  message_id: string;
  from: string;
  content: string;
  reply_to: string | null;
}

Deno.test({
  name: "fabric bridge: a bridge agent on buildbox answers a message from laptop",
  ...FABRIC,
  ignore: FABRIC.ignore || claudeUnavailable() !== undefined,
  fn: async () => {
    await using api = await mockAnthropic([], {
      after: (req) => text(`A heard: ${messageTexts(req.messages).at(-1)}`),
    });
    const agents = await bridgeAgents(api.url, { A: { description: "answers questions" } });
    let hub: TestHub | undefined;
    const hosts: TestHost[] = [];
    try {
      hub = await startHub(["laptop", "buildbox"]);
      const buildbox = await joinHost(hub, "buildbox", {
        grants: { laptop: ["message"] },
        weft: { plugins: { bridge: { options: { agents, backoffMs: 200 } } } },
      });
      hosts.push(buildbox);
      const laptop = await joinHost(hub, "laptop", { grants: { buildbox: ["message"] } });
      hosts.push(laptop);
      await untilUp(laptop, ["buildbox"]);
      await untilUp(buildbox, ["laptop"]);
      // The bridge's agent is listed among buildbox's agents, from laptop.
      await eventually("A@buildbox in laptop's list", async () => {
        const { agents: listed } = await laptop.server.client.call<
          { agents: { name: string }[] }
        >("message.agents", { all_hosts: true });
        return listed.some((a) => a.name === "A@buildbox");
      }, { timeoutMs: 20_000 });

      const sent = await laptop.server.client.call<{ message_id: string; recipients: string[] }>(
        "message.send",
        { to: "A@buildbox", content: "what is 2+2?", as: "alice" },
      );
      deepStrictEqual(sent.recipients, ["A@buildbox"]);
      const { message } = await laptop.server.client.call<{ message: Info }>("message.wait", {
        as: "alice",
        timeout: 120,
      });
      deepStrictEqual(
        [message.from, message.content, message.reply_to],
        ["A@buildbox", "A heard: what is 2+2?", sent.message_id],
      );
      // The turn ran on buildbox, once.
      const { turns } = await buildbox.server.client.call<{ turns: { text: string }[] }>(
        "bridge.tail",
        { agent: "A" },
      );
      deepStrictEqual(turns.map((t) => t.text), ["what is 2+2?"]);
      ok(
        api.requests.some((r) => JSON.stringify(r.body).includes("what is 2+2?")),
        "the mock saw the message",
      );
    } finally {
      for (const host of hosts) await endHost(host);
      if (hub) await endHub(hub);
    }
  },
});

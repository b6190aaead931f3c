import { z } from "@weft/weft/plugin";
import { defineCommand } from "../_state.ts";
import { describeAgents } from "../_agents.ts";
import { row } from "../_db.ts";

/** `bridge.list`: the agents, their sessions, queues and last results. */
export const list = defineCommand({
  name: "bridge.list",
  title: "List bridge agents",
  description: "Every bridge agent: session id, turn count, queue depth, dead letters, state " +
    "(running, waiting, retrying, idle) and its last turn's result; and replies waiting to go " +
    "out as messages.",
  capabilities: ["message:read"],
  input: z.object({}),
  handler: ({ state }) => {
    const outbox = row<{ pending: number; undelivered: number }>(
      state.db,
      `SELECT SUM(state = 'pending') AS pending, SUM(state = 'undelivered') AS undelivered
        FROM outbox`,
    )!;
    return {
      agents: describeAgents(state.db, state.broker.running),
      running: state.broker.running.size,
      concurrency: state.options.concurrency,
      replies: {
        pending: Number(outbox.pending ?? 0),
        undelivered: Number(outbox.undelivered ?? 0),
      },
    };
  },
});

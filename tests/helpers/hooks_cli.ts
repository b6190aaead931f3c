/**
 * `weft hooks …` run in-process for the tests that install hooks into a real agent CLI
 * (`tests/*_hooks_install_test.ts`), and the wait for the hooks' first report.
 *
 * @module
 */

import { weft } from "../../main.ts";
import { eventually } from "./poll.ts";
import type { ServerFixture } from "./server.ts";

/** `weft hooks …` in-process, in `dir`, with the agent's environment. */
export async function hooksCli(dir: string, env: Record<string, string>, ...args: string[]) {
  let out = "";
  let err = "";
  const code = await weft(["hooks", ...args], {
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    cwd: dir,
    env: (name) => env[name],
  });
  return { code, out, err };
}

interface Status {
  state: string;
  stateSource: string;
  agentSession: { id: string } | null;
}

/** Waits until the pane is idle by its hooks with a session id; shows the screen if not. */
export function idleByHooks(fx: ServerFixture, pane: string) {
  return eventually("idle from the hooks, with the session", async () => {
    const s = await fx.client.call<Status>("pane.status", { pane });
    return s.state === "idle" && s.stateSource === "hook" && s.agentSession !== null && s;
  }, {
    timeoutMs: 60_000,
    detail: async () =>
      JSON.stringify(await fx.client.call("pane.status", { pane })) + "\n" +
      (await fx.client.call<{ text: string }>("pane.read", { pane })).text,
  });
}

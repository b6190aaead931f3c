// End-to-end with the real Claude Code TUI (pinned npm build) in a weft pane, talking to a mock
// Messages API: a <weft:canvas …/> tag in its reply, read off its screen, opens a canvas beside
// it, attributed to its pane. (Exactly-once across redraws is sideband_claude_test's subject.)
import { deepStrictEqual, match, strictEqual } from "node:assert/strict";
import { claudeUnavailable } from "./helpers/claude_code.ts";
import { startClaude } from "./helpers/claude_pane.ts";
import { mockAnthropic, text } from "./helpers/mock_anthropic.ts";
import { paneList, paneText, sidebandLog, waitForText } from "./helpers/panes.ts";
import { E2E, withServer } from "./helpers/server.ts";

interface Entry {
  outcome: string;
  tag?: string;
  source: string;
  command?: string;
}
interface Pane {
  id: string;
  name: string | null;
  canvas: string | null;
  createdBy: string | null;
}

const TIMEOUT = 60_000;

const MESSAGE = "Here is the config beside you:\n\n" +
  '<weft:canvas kind="json" path="data/config.json" name="cfg" title="the config"/>\n\nDone.';

Deno.test(
  {
    name: "canvas: a <weft:canvas/> tag on Claude Code's screen opens a canvas beside it",
    ignore: claudeUnavailable() !== undefined,
    ...E2E,
  },
  async () => {
    await using api = await mockAnthropic([text(MESSAGE)]);
    await withServer(async (fx) => {
      const agent = await startClaude(fx, { baseUrl: api.url, prompt: "show me the config" });
      const [entry] = await sidebandLog<Entry>(fx.client, agent, {
        atLeast: 1,
        timeoutMs: TIMEOUT,
      });
      deepStrictEqual([entry?.outcome, entry?.tag, entry?.source, entry?.command], [
        "ran",
        "canvas",
        "screen",
        "canvas.open",
      ]);
      const canvases = (await paneList<Pane>(fx.client)).filter((p) => p.canvas === "canvas");
      deepStrictEqual(canvases.map((p) => [p.name, p.createdBy]), [["cfg", agent]]);
      await waitForText(fx.client, { pane: "cfg", match: '"name": "weft"', timeout: TIMEOUT });
      match(await paneText(fx.client, { pane: "cfg" }), /the config/);
      await waitForText(fx.client, { pane: agent, match: "Done\\.", regex: true });
      strictEqual((await paneList<Pane>(fx.client)).filter((p) => p.canvas).length, 1);
    }, {
      weft: { size: { cols: 120, rows: 40 } },
      files: { "data/config.json": JSON.stringify({ name: "weft", list: [1, 2, 3] }) },
    });
  },
);

// End-to-end: `weft attach` sees a canvas like any pane: the TUI's pane mirror shows what the
// canvas shows, and follows when the canvas is drawn again.
import { untilEvent, wakeups } from "./helpers/poll.ts";
import { E2E, withServer } from "./helpers/server.ts";
import { PaneMirror } from "../plugins/tui/pane_mirror.ts";

Deno.test("the TUI's mirror of a canvas pane shows it and follows its redraws", E2E, async () => {
  await withServer(async ({ client, connect }) => {
    const { pane, cols, rows } = await client.call<{ pane: string; cols: number; rows: number }>(
      "canvas.open",
      { kind: "table", content: "name,age\nAda,36\n", title: "people" },
    );
    const changed = wakeups();
    const mirror = new PaneMirror(await connect(), pane, { cols, rows }, {
      scrollback: 1000,
      onChange: () => changed.wake(),
    });
    try {
      await mirror.ready;
      const screen = () => {
        const buffer = mirror.term.buffer.active;
        const out: string[] = [];
        for (let i = 0; i < rows; i++) {
          out.push(buffer.getLine(buffer.baseY + i)?.translateToString(true) ?? "");
        }
        return out.join("\n");
      };
      await untilEvent("the table in the mirror", {
        on: changed.on,
        check: () => /^people/.test(screen()) && /Ada\s+│\s+36/.test(screen()),
      });
      await client.call("canvas.update", { pane, content: "name,age\nAlan,41\n" });
      await untilEvent("the redrawn table in the mirror", {
        on: changed.on,
        check: () => /Alan\s+│\s+41/.test(screen()) && !screen().includes("Ada"),
      });
    } finally {
      mirror.dispose();
    }
  }, { startupSession: true });
});

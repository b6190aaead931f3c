// End-to-end: after `weft stop` and `weft serve`, a canvas of a file (or of a git range) comes
// back as a canvas drawn again by the canvas plugin (and still watched); one whose content was only given
// inline is closed, since nothing kept its content.
import { deepStrictEqual, match, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { weftInProcess } from "./helpers/cli.ts";
import { E2E } from "./helpers/server.ts";
import { eventually } from "./helpers/poll.ts";
import { twoCommits } from "./helpers/git_repo.ts";
import { killHard, serveChild, tempProject } from "./helpers/serve_child.ts";

interface Pane {
  id: string;
  name: string | null;
  canvas: string | null;
}

Deno.test(
  "a file canvas comes back after a restart, drawn and watched; an inline one is closed",
  E2E,
  async () => {
    const dir = await tempProject();
    try {
      await Deno.writeTextFile(join(dir, "notes.log"), "before the restart\n");
      await twoCommits(dir);
      const first = await serveChild(dir);
      await first.client.call("canvas.open", { kind: "log", path: "notes.log", name: "notes" });
      await first.client.call("canvas.open", { kind: "json", content: "{}", name: "inline" });
      await first.client.call("canvas.open", {
        kind: "diff",
        options: { range: "HEAD~1..HEAD" },
        name: "range",
      });
      first.client.close();
      strictEqual((await weftInProcess(dir, "stop")).code, 0);
      await first.server.stderr;

      const second = await serveChild(dir);
      try {
        const client = second.client;
        const canvases = async () =>
          (await client.call<{ panes: Pane[] }>("pane.list", {})).panes.filter((p) => p.canvas);
        // The plugin closes what it cannot draw again once it has started.
        const left = await eventually("the inline canvas closed", async () => {
          const list = await canvases();
          return list.length === 2 && list;
        });
        deepStrictEqual(left.map((p) => [p.name, p.canvas]), [["notes", "canvas"], [
          "range",
          "canvas",
        ]]);
        const range = await client.call<{ text: string }>("pane.read", { pane: "range" });
        match(range.text, /TWO/);
        await Deno.writeTextFile(join(dir, "notes.log"), "after the restart\n", { append: true });
        await eventually("the new line drawn on the restored canvas", async () => {
          const { text } = await client.call<{ text: string }>("pane.read", { pane: "notes" });
          return text.includes("after the restart") && text;
        }).then((text) => match(text, /before the restart/));
      } finally {
        await killHard(second);
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
);

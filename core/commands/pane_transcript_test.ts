// pane.transcript reads only the transcript the pane's own agent named through its hooks, when
// it looks like its vendor's (a Claude Code pane: `…/projects/<project>/<session>.jsonl`), a
// regular file; it counts a text from a byte on, as a JSON line holds it.
import { deepStrictEqual } from "node:assert/strict";
import { join } from "node:path";
import { withCore } from "../../tests/helpers/core.ts";

Deno.test("pane.transcript counts a text in the transcript the pane's agent reported, and reads no other file", async () => {
  const home = await Deno.makeTempDir({ prefix: "weft-transcript-" });
  try {
    const folder = join(home, ".claude", "projects", "-tmp-p");
    await Deno.mkdir(folder, { recursive: true });
    const file = join(folder, "s-1.jsonl");
    const first = `${JSON.stringify({ type: "user", message: { content: 'say "hi"\nnow' } })}\n`;
    // The same text in a record of the last prompt is not the agent taking it again.
    const last = `${JSON.stringify({ type: "last-prompt", lastPrompt: 'say "hi"\nnow' })}\n`;
    await Deno.writeTextFile(file, first + first + last);
    await Deno.writeTextFile(join(home, "secret.txt"), 'say "hi"');
    await Deno.symlink(file, join(folder, "link.jsonl"));
    await withCore(async (core) => {
      await core.call("session.create", {});
      await core.call("pane.set", { pane: "p1", agent: "claude" });
      const look = (transcript: string, after?: number) =>
        core.call("pane.report", {
          pane: "p1",
          event: { hook_event_name: "Stop", session_id: "s-1", transcript_path: transcript },
        }).then(() => core.call("pane.transcript", { pane: "p1", find: 'say "hi"\nnow', after }));
      const line = new TextEncoder().encode(first).length;
      const size = 2 * line + new TextEncoder().encode(last).length;
      deepStrictEqual(await look(file), { pane: "p1", available: true, size, found: 2 });
      deepStrictEqual(await look(file, line), { pane: "p1", available: true, size, found: 1 });
      const none = { pane: "p1", available: false, size: 0, found: 0 };
      for (
        const other of [
          join(home, "secret.txt"), // not a transcript's path
          join(folder, "link.jsonl"), // a link
          `${folder}/../-tmp-p/s-1.jsonl`, // not normalised
          "projects/-tmp-p/s-1.jsonl", // relative
          join(folder, "gone.jsonl"),
        ]
      ) deepStrictEqual(await look(other), none, other);
      // A pane whose agent kind declares no transcript.
      await core.call("pane.report", {
        pane: "p1",
        event: { hook_event_name: "Stop", session_id: "s-1", transcript_path: file },
      });
      await core.call("pane.set", { pane: "p1", agent: "shell" });
      deepStrictEqual(await core.call("pane.transcript", { pane: "p1", find: "say" }), none);
    });
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});

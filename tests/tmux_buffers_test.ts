// The tmux shim's paste buffers and global options against Debian's tmux: Claude Code copies to
// the clipboard inside tmux with `tmux load-buffer -w -` (text on stdin), and scripts read and
// paste buffers and set global options; both sides give the same output and exit codes.
import { match } from "node:assert/strict";
import { E2E, withServer } from "./helpers/server.ts";
import { eventually } from "./helpers/poll.ts";
import { waitForText } from "./helpers/panes.ts";
import { realSide, same, weftSide } from "./helpers/tmux_sides.ts";

Deno.test(
  "weft tmux: paste buffers and global options are kept as real tmux keeps them",
  E2E,
  async () => {
    await withServer(async ({ dir, server }) => {
      const socket = `weft-buffers-${Deno.pid}`;
      const sides = [weftSide(dir, server.paths.socket), realSide(socket)];
      try {
        const bash = "bash --norc --noprofile";
        await same(sides, ["new-session", "-d", "-s", "b", "-x", "100", "-y", "30", "--", bash]);
        const made = await Promise.all(sides.map((s) => s.run(["list-panes", "-F", "#{pane_id}"])));
        sides.forEach((s, i) => s.ids.leader = made[i]!.out.trim());
        await same(sides, ["show-buffer"]);
        await same(sides, ["save-buffer", "-"]);
        await same(sides, ["delete-buffer"]);
        await same(sides, ["paste-buffer", "-t", "{leader}"]);
        await same(sides, ["load-buffer"]);
        // Claude Code's copy: the text on stdin, -w to also set the clipboard.
        await same(sides, ["load-buffer", "-w", "-"], undefined, "copied\ttext é\n");
        await same(sides, ["list-buffers"]);
        await same(sides, ["show-buffer"]);
        await same(sides, ["save-buffer", "-"]);
        await same(sides, ["loadb", "-b", "mine", "-"], undefined, "two");
        await same(sides, ["load-buffer", "-"], undefined, "");
        await same(sides, ["set-buffer", "-a", "-b", "mine", "+more"]);
        await same(sides, ["lsb", "-F", "#{buffer_name} #{buffer_size} #{buffer_sample}"]);
        await same(sides, ["show-buffer", "-b", "nope"]);
        await same(sides, ["delete-buffer", "-b", "mine"]);
        await same(sides, ["delete-buffer", "-b", "mine"]);
        await same(sides, ["list-buffers"]);
        // paste-buffer types the text into the pane, each newline as Enter.
        await same(sides, ["load-buffer", "-"], undefined, "echo pasted-$((6*7))\n");
        await same(sides, ["paste-buffer", "-d", "-t", "{leader}"]);
        for (const s of sides) {
          await eventually(
            `pasted-42 in ${s.ids.leader}`,
            async () =>
              /^pasted-42$/m.test((await s.run(["capture-pane", "-p", "-t", s.ids.leader!])).out),
          );
        }
        await same(sides, ["list-buffers", "-F", "#{buffer_name}"]);
        // Global options: set, read back, appended, unset; user options; unknown ones.
        await same(sides, ["set-option", "-g", "@team", "blue"]);
        await same(sides, ["show-options", "-g", "@team"]);
        await same(sides, ["show", "-gv", "@team"]);
        const head = (out: string) => out.split("\n")[0]!;
        await same(sides, ["show-options", "-g"], head);
        await same(sides, ["set", "-g", "status-position", "top"]);
        await same(sides, ["show-options", "-g", "status-position"]);
        await same(sides, ["set", "-g", "history-limit", "5000"]);
        await same(sides, ["show", "-gv", "history-limit"]);
        await same(sides, ["set", "-ga", "@team", "-green"]);
        await same(sides, ["show", "-gv", "@team"]);
        await same(sides, ["set", "-s", "escape-time", "10"]);
        await same(sides, ["show", "-sv", "escape-time"]);
        await same(sides, [
          "display-message",
          "-p",
          "#{status-position} #{history-limit} #{@team} #{escape-time}",
        ]);
        await same(sides, ["set", "-gu", "status-position"]);
        await same(sides, ["show", "-g", "status-position"]);
        await same(sides, ["set", "-g", "nosuch", "x"]);
        // default-shell is the server's $SHELL, as in tmux.
        await same(sides, ["show", "-gv", "default-shell"]);
      } finally {
        await realSide(socket).run(["kill-server"]);
      }
    });
  },
);

Deno.test(
  "the in-pane tmux shim passes stdin to load-buffer and reports $SHELL as default-shell",
  E2E,
  async () => {
    await withServer(async ({ client }) => {
      const made = await client.call<{ pane: string }>("session.create", { session: "clip" });
      const line = `printf 'clip-%s' ok | tmux load-buffer -w - && tmux save-buffer - && echo; ` +
        `echo "sh=$(tmux show -gv default-shell) want=$SHELL"; ` +
        // With no $SHELL exported (bash leaves it unexported when it set it), tmux takes the
        // login shell from /etc/passwd, as CI's container runs it.
        `echo "nosh=$(env -u SHELL tmux show -gv default-shell) pw=$(getent passwd $(id -u) | cut -d: -f7)"; ` +
        `echo end-$((6*7))`;
      await client.call("pane.write", { pane: made.pane, text: line, keys: ["Enter"] });
      await waitForText(client, { pane: made.pane, match: "^end-42$", regex: true });
      const r = await client.call<{ text: string }>("pane.read", {
        pane: made.pane,
        mode: "history",
        joinWrapped: true,
      });
      match(r.text, /^clip-ok$/m);
      match(r.text, /^sh=(\/\S+) want=\1$/m);
      match(r.text, /^nosh=(\/\S+) pw=\1$/m);
    });
  },
);

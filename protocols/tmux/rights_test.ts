import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { parseTmuxArgs, TMUX_COMMANDS } from "./args.ts";
import { tmuxRights } from "./rights.ts";

const rights = (...argv: string[]) => tmuxRights(parseTmuxArgs(argv).command!);

Deno.test("tmuxRights() asks for pane:read only for what reads", () => {
  assertEquals(rights("list-panes", "-F", "#{pane_id}"), ["pane:read"]);
  assertEquals(rights("capture-pane", "-p"), ["pane:read"]);
  assertEquals(rights("show-buffer"), ["pane:read"]);
});

Deno.test("tmuxRights() asks for more for what writes buffers, clipboards and options", () => {
  assertEquals(rights("load-buffer", "-"), ["pane:write"]);
  assertEquals(rights("load-buffer", "-w", "-"), ["pane:write", "session:admin"]);
  assertEquals(rights("set-buffer", "x"), ["pane:write"]);
  assertEquals(rights("set-option", "-g", "remain-on-exit", "on"), ["session:admin"]);
  assertEquals(rights("set-option", "-p", "remain-on-exit", "on"), ["pane:control"]);
  assertEquals(rights("set-option", "default-shell", "/bin/sh"), ["session:admin"]);
  assertEquals(rights("send-keys", "-t", "%1", "ls"), ["pane:write"]);
  assertEquals(rights("split-window", "-h"), ["pane:spawn"]);
});

Deno.test("tmuxRights() has an entry for every command the shim knows", () => {
  const missing = Object.keys(TMUX_COMMANDS).filter((name) => {
    const cmd = { name, flags: {}, lists: {}, args: [] };
    return tmuxRights(cmd).join() === "session:admin" &&
      !["new-session", "rename-session", "set-option"].includes(name);
  });
  assertEquals(missing, []);
});

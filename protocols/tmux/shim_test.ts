import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { TMUX_SHIM_FILES, tmuxPaneEnv } from "./shim.ts";

Deno.test("tmuxPaneEnv() gives TMUX, TMUX_PANE and the shim first on PATH", () => {
  const env = tmuxPaneEnv({
    binDir: "/p/.weft/bin",
    socket: "/p/.weft/weft.sock",
    pid: 7,
    pane: "p3",
    session: "s12",
    path: "/usr/bin:/bin",
  });
  assertEquals(env, {
    TMUX: "/p/.weft/weft.sock,7,12",
    TMUX_PANE: "%3",
    PATH: "/p/.weft/bin:/usr/bin:/bin",
  });
  assertEquals(
    tmuxPaneEnv({
      ...{ binDir: "/b", socket: "/s", pid: 1, pane: "p1", session: "s1" },
      path: undefined,
    }).PATH,
    "/b",
  );
});

Deno.test("TMUX_SHIM_FILES: the sh entry runs the Perl client next to it", () => {
  ok(TMUX_SHIM_FILES.tmux!.startsWith("#!/bin/sh\n"));
  ok(TMUX_SHIM_FILES.tmux!.includes('exec perl "${0%/*}/tmux-client.pl" "$@"'));
  ok(TMUX_SHIM_FILES["tmux-client.pl"]!.includes(String.raw`\"method\":\"tmux.exec\"`));
});

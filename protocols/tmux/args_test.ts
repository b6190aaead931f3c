import { deepStrictEqual as assertEquals, throws } from "node:assert/strict";
import { findCommand, parseTmuxArgs } from "./args.ts";

Deno.test("parseTmuxArgs() reads global flags and -V", () => {
  const inv = parseTmuxArgs(["-L", "claude", "-S/tmp/x", "-V"]);
  assertEquals([inv.socketName, inv.socketPath, inv.version, inv.command], [
    "claude",
    "/tmp/x",
    true,
    null,
  ]);
});

Deno.test("parseTmuxArgs() parses Claude Code's split-window and send-keys", () => {
  const split = parseTmuxArgs([
    "split-window",
    "-d",
    "-t",
    "%1",
    "-h",
    "-l",
    "70%",
    "-P",
    "-F",
    "#{pane_id}",
    "--",
    "sh",
  ]).command!;
  assertEquals(split.flags, { d: true, t: "%1", h: true, l: "70%", P: true, F: "#{pane_id}" });
  assertEquals(split.args, ["sh"]);
  const send = parseTmuxArgs(["send", "-t", "%2", "cd /x && env A=1 claude", "Enter"]).command!;
  assertEquals([send.name, send.flags, send.args], ["send-keys", { t: "%2" }, [
    "cd /x && env A=1 claude",
    "Enter",
  ]]);
});

Deno.test("parseTmuxArgs() joins bundled flags and attached values", () => {
  const c = parseTmuxArgs(["splitw", "-dPhF#{pane_id}", "-t%1", "-e", "A=1", "-e", "B=2"]).command!;
  assertEquals(c.flags, { d: true, P: true, h: true, F: "#{pane_id}", t: "%1", e: "B=2" });
  assertEquals(c.lists.e, ["A=1", "B=2"]);
});

Deno.test("findCommand() takes aliases and unambiguous prefixes", () => {
  assertEquals(findCommand("lsp"), "list-panes");
  assertEquals(findCommand("display"), "display-message");
  assertEquals(findCommand("kill-p"), "kill-pane");
  throws(() => findCommand("frobnicate"), { message: "unknown command: frobnicate" });
  throws(
    () => findCommand("kill-s"),
    /ambiguous command: kill-s, could be: kill-server, kill-session/,
  );
});

Deno.test("parseTmuxArgs() fails with tmux's own texts", () => {
  throws(() => parseTmuxArgs(["split-window", "-z"]), {
    message: "command split-window: unknown flag -z",
  });
  throws(() => parseTmuxArgs(["has-session", "-t", "a", "extra"]), {
    message: "command has-session: too many arguments (need at most 0)",
  });
});

Deno.test("parseTmuxArgs() says unknown command for Object.prototype names (found by fuzzing)", () => {
  for (const name of ["toString", "constructor", "__proto__", "hasOwnProperty"]) {
    throws(() => parseTmuxArgs([name]), {
      name: "TmuxUsageError",
      message: `unknown command: ${name}`,
    });
  }
});

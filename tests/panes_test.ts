import {
  deepStrictEqual as assertEquals,
  match as assertMatch,
  ok as assert,
  rejects,
} from "node:assert/strict";
import { E2E, withServer } from "./helpers/server.ts";
import { waitForText } from "./helpers/panes.ts";

type Pane = {
  id: string;
  state: string;
  exit: { code: number | null; signal: string | null } | null;
};

Deno.test("pane.create runs a program whose output pane.read returns", E2E, async () => {
  await withServer(async ({ client }) => {
    const s = await client.call<{ pane: string }>("session.create", {
      argv: ["bash", "--norc", "--noprofile"],
    });
    const p = await client.call<Pane>("pane.create", {
      split: s.pane,
      command: "printf 'hello\\nworld\\n'; sleep 30",
    });
    await client.call("pane.wait", { pane: p.id, match: "world", timeout: 10_000 });
    const read = await client.call<{ text: string; revision: number }>("pane.read", { pane: p.id });
    assertMatch(read.text, /^hello\nworld$/m);
    assert(read.revision > 0);
  });
});

Deno.test("pane.write types text and keys; pane.wait sees the echo", E2E, async () => {
  await withServer(async ({ client }) => {
    const s = await client.call<{ pane: string }>("session.create", { argv: ["cat"] });
    await client.call("pane.write", { pane: s.pane, text: "typed by weft", keys: ["Enter"] });
    const w = await client.call<{ line: string }>("pane.wait", {
      pane: s.pane,
      match: "typed by weft",
      timeout: 10_000,
    });
    assertMatch(w.line, /typed by weft/);
  });
});

Deno.test(
  "pane.run returns exit codes and output, in a new pane and in a shell pane",
  E2E,
  async () => {
    await withServer(async ({ client }) => {
      const s = await client.call<{ pane: string }>("session.create", {
        argv: ["bash", "--norc", "--noprofile"],
      });
      const fresh = await client.call<{ exitCode: number; output: string }>("pane.run", {
        command: "echo out; exit 7",
      });
      assertEquals(fresh.exitCode, 7);
      assertEquals(fresh.output, "out");
      const first = await client.call<{ exitCode: number; output: string }>("pane.run", {
        pane: s.pane,
        command: "echo one; echo two",
      });
      const second = await client.call<{ exitCode: number; output: string }>("pane.run", {
        pane: s.pane,
        command: "echo three; false",
      });
      assertEquals(first, { ...first, exitCode: 0, output: "one\ntwo" });
      assertEquals(second, { ...second, exitCode: 1, output: "three" });
    });
  },
);

Deno.test("a pane's exit code and killing signal are reported", E2E, async () => {
  await withServer(async ({ client }) => {
    const s = await client.call<{ pane: string }>("session.create", { command: "exit 3" });
    await client.call("pane.wait", { pane: s.pane, exit: true, timeout: 10_000 });
    const st = await client.call<Pane>("pane.status", { pane: s.pane });
    assertEquals(st.exit, { code: 3, signal: null });
    assertEquals(st.state, "exited");
    const k = await client.call<Pane>("pane.create", { argv: ["sleep", "60"] });
    const info = await client.call<{ pid: number }>("pane.status", { pane: k.id });
    Deno.kill(info.pid, "SIGTERM");
    await client.call("pane.wait", { pane: k.id, exit: true, timeout: 10_000 });
    const killed = await client.call<Pane>("pane.status", { pane: k.id });
    assertEquals(killed.exit?.signal, "SIGTERM");
  });
});

Deno.test("a window resize reaches the program (stty size) and the layout", E2E, async () => {
  await withServer(async ({ client }) => {
    const s = await client.call<{ pane: string; window: string }>("session.create", {
      argv: ["bash", "--norc", "--noprofile"],
    });
    await client.call("window.resize", { window: s.window, cols: 100, rows: 30 });
    const run = await client.call<{ output: string }>("pane.run", {
      pane: s.pane,
      command: "stty size",
    });
    assertEquals(run.output, "30 100");
    const p2 = await client.call<{ id: string }>("pane.create", {
      split: s.pane,
      direction: "horizontal",
      argv: ["bash", "--norc"],
    });
    const layout = await client.call<
      { panes: { pane: string; cols: number; rows: number; x: number }[] }
    >(
      "window.layout",
      { window: s.window },
    );
    const cols = layout.panes.map((p) => p.cols);
    assertEquals(cols.reduce((a, b) => a + b, 0) + 1, 100);
    const again = await client.call<{ output: string }>("pane.run", {
      pane: s.pane,
      command: "stty size",
    });
    const mine = layout.panes.find((p) => p.pane === s.pane)!;
    assertEquals(again.output, `30 ${mine.cols}`);
    assert(layout.panes.some((p) => p.pane === p2.id && p.x > 0));
  });
});

Deno.test("pane.wait times out with TIMEOUT carrying what was last seen", E2E, async () => {
  await withServer(async ({ client }) => {
    const s = await client.call<{ pane: string }>("session.create", {
      command: "echo still-here; sleep 30",
    });
    await client.call("pane.wait", { pane: s.pane, match: "still-here", timeout: 10_000 });
    const err = await client.call("pane.wait", {
      pane: s.pane,
      match: "never-printed",
      timeout: 300,
    }).then(
      () => undefined,
      (e) => e as { code: string; message: string; data: { lastSeen: string } },
    );
    assertEquals(err?.code, "TIMEOUT");
    assertMatch(err!.message, /text "never-printed" did not happen within 300 ms$/);
    assertMatch(err!.data.lastSeen, /still-here/);
  });
});

Deno.test("unknown panes and bad arguments get clear errors", E2E, async () => {
  await withServer(async ({ client }) => {
    await client.call("session.create", { session: "work", name: "editor", argv: ["cat"] });
    await rejects(
      client.call("pane.read", { pane: "editr" }),
      /Cannot find pane "editr"; did you mean "editor"/,
    );
    await rejects(
      client.call("pane.read", { pane: "editor", lines: -1 }),
      (e: { code: string }) => e.code === "INVALID_INPUT",
    );
    await rejects(client.call("pane.craete", {}), /did you mean "pane.create"/);
    const read = await client.call<{ pane: string }>("pane.read", { pane: "editor" });
    assertMatch(read.pane, /^p\d+$/);
  });
});

Deno.test("ids are never reused and names are unique", E2E, async () => {
  await withServer(async ({ client }) => {
    const a = await client.call<{ pane: string }>("session.create", { argv: ["cat"] });
    await client.call("pane.close", { pane: a.pane });
    const b = await client.call<{ pane: string; session: string }>("session.create", {
      argv: ["cat"],
      name: "n1",
    });
    assert(a.pane !== b.pane);
    await rejects(
      client.call("pane.create", { argv: ["cat"], name: "n1" }),
      (e: { code: string }) => e.code === "CONFLICT",
    );
    const panes = await client.call<{ panes: Pane[] }>("pane.list");
    assertEquals(panes.panes.length, 1);
  });
});

Deno.test(
  "a bad name says whose name it is: the session's, its window's or its pane's",
  E2E,
  async () => {
    await withServer(async ({ client }) => {
      const refused = async (input: Record<string, unknown>, message: RegExp) =>
        await rejects(client.call("session.create", { argv: ["cat"], ...input }), message);
      await refused(
        { session: "my project" },
        /^WeftError: Cannot name a session "my project": use 1–64 letters.*not an id like s3$/,
      );
      await refused({ session: "s12" }, /Cannot name a session "s12": .*not an id like s3$/);
      await refused({ window: "a b" }, /Cannot name the new session's window "a b": use 1–64/);
      await refused({ name: "my project" }, /Cannot name the new session's pane "my project": use/);
      const s = await client.call<{ session: string }>("session.create", {
        argv: ["cat"],
        name: "taken",
      });
      await refused({ name: "taken" }, /Cannot name the new session's pane "taken": p\d+ has that/);
      await rejects(
        client.call("window.create", { session: s.session, argv: ["cat"], name: "a b" }),
        /Cannot name the new window's pane "a b"/,
      );
      assertEquals((await client.call<{ sessions: unknown[] }>("session.list")).sessions.length, 1);
    });
  },
);

Deno.test("closing the last pane closes its window and session", E2E, async () => {
  await withServer(async ({ client }) => {
    const s = await client.call<{ pane: string; session: string }>("session.create", {
      argv: ["cat"],
    });
    await client.call("pane.close", { pane: s.pane });
    const sessions = await client.call<{ sessions: unknown[] }>("session.list");
    assertEquals(sessions.sessions.length, 0);
    // pane.close takes the pane out of the model before it answers: no wait needed.
    assertEquals((await client.call<{ panes: unknown[] }>("pane.list")).panes.length, 0);
  });
});

Deno.test("pane.create with focus false leaves the window's focus where it was", E2E, async () => {
  await withServer(async ({ client }) => {
    const s = await client.call<{ pane: string; window: string }>("session.create", {
      argv: ["cat"],
    });
    const quiet = await client.call<{ id: string; focused: boolean }>("pane.create", {
      argv: ["cat"],
      focus: false,
    });
    assertEquals(quiet.focused, false);
    const loud = await client.call<{ id: string; focused: boolean }>("pane.create", {
      argv: ["cat"],
    });
    assertEquals(loud.focused, true);
    const w = await client.call<{ windows: { focused: string }[] }>("window.list");
    assertEquals(w.windows[0]!.focused, loud.id);
    assert(s.pane !== quiet.id);
  });
});

Deno.test(
  "pane.create with no target splits the caller's own pane, not the focused one",
  E2E,
  async () => {
    await withServer(async ({ client, asPane }) => {
      const s = await client.call<{ pane: string; window: string }>("session.create", {
        argv: ["cat"],
      });
      const other = await client.call<{ id: string }>("pane.create", {
        split: s.pane,
        direction: "horizontal",
        argv: ["cat"],
      });
      const agent = await asPane(s.pane);
      try {
        const mine = await agent.call<{ id: string }>("pane.create", {
          argv: ["cat"],
          direction: "vertical",
        });
        const layout = await client.call<{ panes: { pane: string; x: number; y: number }[] }>(
          "window.layout",
          {
            window: s.window,
          },
        );
        const rect = layout.panes.find((p) => p.pane === mine.id)!;
        assertEquals(rect.x, 0, "below the caller's pane, on the left");
        assert(rect.y > 0);
        assert(layout.panes.find((p) => p.pane === other.id)!.x > 0);
      } finally {
        agent.close();
      }
    });
  },
);

Deno.test(
  "pane.set and pane.rename publish pane.changed with the new values, and nothing when unchanged",
  E2E,
  async () => {
    await withServer(async ({ client }) => {
      const { pane } = await client.call<{ pane: string }>("session.create", { argv: ["cat"] });
      const seen: unknown[] = [];
      await client.subscribe({ topics: ["pane.changed"], panes: [pane] }, (e) => seen.push(e.data));
      await client.call("pane.set", { pane, tags: ["build"], meta: { job: "7", gone: null } });
      await client.call("pane.set", { pane, tags: ["build"], meta: { job: "7" } }); // no change
      await client.call("pane.set", { pane, agent: "shell", meta: { job: null } });
      await client.call("pane.rename", { pane, name: "builder" });
      // A connection gets a command's events before its reply: all are in by now.
      assertEquals(seen, [
        { pane, tags: ["build"], meta: { job: "7" } },
        { pane, agent: "shell", meta: {} },
        { pane, name: "builder" },
      ]);
    });
  },
);

Deno.test(
  "pane.create, pane.list and window.list resolve their window, pane and session targets",
  E2E,
  async () => {
    await withServer(async ({ client }) => {
      const a = await client.call<{ session: string; window: string; pane: string }>(
        "session.create",
        { session: "alpha", window: "main", argv: ["cat"] },
      );
      const b = await client.call<{ session: string; window: string }>("session.create", {
        session: "beta",
        argv: ["cat"],
      });
      // `window` alone: its focused pane is split, although another session is current.
      const split = await client.call<{ id: string; window: string }>("pane.create", {
        window: "main",
        argv: ["cat"],
        focus: false,
      });
      assertEquals(split.window, a.window);
      await rejects(
        client.call("pane.create", { window: b.window, split: a.pane, argv: ["cat"] }),
        new RegExp(`Cannot split pane "${a.pane}": it is not in window "${b.window}"`),
      );
      const inMain = await client.call<{ panes: { id: string }[] }>("pane.list", {
        window: "main",
      });
      assertEquals(inMain.panes.map((p) => p.id).sort(), [a.pane, split.id].sort());
      const ofBeta = await client.call<{ windows: { id: string }[] }>("window.list", {
        session: "beta",
      });
      assertEquals(ofBeta.windows.map((w) => w.id), [b.window]);
      await rejects(client.call("pane.list", { session: "gamma" }), /Cannot find session "gamma"/);
    });
  },
);

Deno.test(
  "pane.write bytes reach the program as they are; text past 127 is UTF-8",
  E2E,
  async () => {
    await withServer(async ({ client }) => {
      // The program reads 12 bytes raw and prints them in hex: a mouse report in the X10
      // encoding at column 129 (byte 0xa1), then the same characters sent as text.
      const s = await client.call<{ pane: string }>("session.create", {
        argv: [
          "bash",
          "--norc",
          "--noprofile",
          "-c",
          "stty raw -echo; echo ready; head -c 12 | od -An -tx1; sleep 30",
        ],
      });
      await waitForText(client, { pane: s.pane, match: "ready" });
      const report = "\x1b[M \xa1\x21";
      const wrote = await client.call<{ bytes: number }>("pane.write", {
        pane: s.pane,
        bytes: btoa(report),
      });
      assertEquals(wrote.bytes, 6);
      await client.call("pane.write", { pane: s.pane, text: "\xa1\x21" }); // 3 bytes as UTF-8
      await client.call("pane.write", { pane: s.pane, text: "end" });
      const hex = await waitForText(client, { pane: s.pane, match: "1b 5b 4d", timeout: 10_000 });
      assertEquals(hex.trim(), "1b 5b 4d 20 a1 21 c2 a1 21 65 6e 64");
      await rejects(
        client.call("pane.write", { pane: s.pane, bytes: "not base64!" }),
        /bytes: must be base64|INVALID_INPUT/,
      );
      await rejects(
        client.call("pane.write", { pane: s.pane, bytes: "abcde" }),
        /not valid base64/,
      );
    });
  },
);

// End-to-end: the sideband plugin in a real server reads plain programs' byte streams (XML and
// OSC), runs commands as the pane that wrote them, answers queries, and holds its limits.
import { deepStrictEqual, match, ok, strictEqual } from "node:assert/strict";
import { OSC_NUMBER, OSC_OPEN } from "../protocols/sideband/mod.ts";
import { weftInProcess } from "./helpers/cli.ts";
import {
  paneList,
  paneText,
  sidebandLog,
  sidebandReading,
  UNTIL_GO,
  waitForText,
} from "./helpers/panes.ts";
import { eventually, untilEvent } from "./helpers/poll.ts";
import { E2E, onEvents, type ServerFixture, withServer } from "./helpers/server.ts";

/** `printf`'s spelling of the opening of weft's OSC form. */
const OSC = `\\033]${OSC_NUMBER};`;

interface Entry {
  seq: number;
  outcome: string;
  tag?: string;
  reason?: string;
  command?: string;
  input?: Record<string, unknown>;
  value?: unknown;
}
interface PaneInfo {
  id: string;
  name: string | null;
  createdBy: string | null;
  cwd: string;
  state: string;
  stateSource: string;
  stateMessage: string | null;
  tags: string[];
}

/** The sideband section of a project config. */
const sideband = (options: Record<string, unknown> = {}) => ({
  plugins: { sideband: { options: { holdMs: 200, ...options } } },
});

/** The pane's first `atLeast` sideband log entries, once they are there. */
const logOf = (fx: ServerFixture, pane: string, atLeast: number) =>
  sidebandLog<Entry>(fx.client, pane, { atLeast });

const panes = (fx: ServerFixture) => paneList<PaneInfo>(fx.client);

/**
 * A pane whose output is read as a byte stream, running `script` once the sideband reads it
 * (its reader starts on `pane.created`, after the program did; what comes before is not read).
 */
async function streamPane(fx: ServerFixture, script: string): Promise<string> {
  const s = await fx.client.call<{ pane: string }>("session.create", {
    command: `${UNTIL_GO}; ${script}`,
    tags: ["sideband:stream"],
  });
  await sidebandReading(fx.client, s.pane);
  return s.pane;
}

const TAGS =
  `<weft:spawn cmd="echo 'child says &quot;hi&quot;' &amp;&amp; cat" name="child" cwd="sub" direction="vertical" ratio="0.3"/>
<weft:input target="child" submit="true">line one
line &lt;two&gt;</weft:input> <weft:status state="blocked" msg="needs a key"/>
`;

Deno.test(
  "sideband: a program's tags run as its pane, with exactly the values written",
  E2E,
  async () => {
    await withServer(async (fx) => {
      const writer = await streamPane(fx, "cat tags.txt; sleep 30");
      const entries = await logOf(fx, writer, 3);
      deepStrictEqual(entries.map((e) => [e.outcome, e.tag]), [["ran", "spawn"], ["ran", "input"], [
        "ran",
        "status",
      ]]);
      const child = (await panes(fx)).find((p) => p.name === "child")!;
      strictEqual(child.createdBy, writer);
      strictEqual(child.cwd, `${fx.dir}/sub`);
      deepStrictEqual(child.tags, ["sideband-depth=1"]);
      await waitForText(fx.client, {
        pane: child.id,
        match: 'child says "hi"',
        timeout: 10_000,
      });
      deepStrictEqual(entries[1]!.input, {
        pane: "child",
        submit: true,
        text: "line one\nline <two>",
      });
      await waitForText(fx.client, {
        pane: child.id,
        match: "^line <two>$",
        regex: true,
        timeout: 10_000,
      });
      const status = await fx.client.call<PaneInfo>("pane.status", { pane: writer });
      deepStrictEqual([status.state, status.stateSource, status.stateMessage], [
        "blocked",
        "self",
        "needs a key",
      ]);
    }, { weft: sideband(), files: { "sub/.keep": "", "tags.txt": TAGS } });
  },
);

Deno.test(
  "sideband: the OSC form runs anywhere parsing is on and answers queries on stdin",
  E2E,
  async () => {
    await withServer(async (fx) => {
      const script = [
        UNTIL_GO,
        // Like a program reading a terminal's answer: raw mode, up to the BEL.
        "stty -icanon -echo",
        `printf '${OSC}status;key=%s;state=done;msg=all%%20good%%3B\\a' "$WEFT_SIDEBAND_KEY"`,
        `printf '${OSC}read;id=q1;key=%s;target=%s;lines=5\\033\\\\' "$WEFT_SIDEBAND_KEY" "$WEFT_PANE"`,
        "IFS= read -r -d $'\\a' answer",
        `printf '%s' "$answer" > answer.txt`,
        "sleep 30",
      ].join("; ");
      const s = await fx.client.call<{ pane: string }>("session.create", {
        command: script,
        tags: ["sideband:osc"],
      });
      await sidebandReading(fx.client, s.pane);
      const entries = await logOf(fx, s.pane, 2);
      deepStrictEqual(entries.map((e) => [e.outcome, e.tag]), [["ran", "status"], ["ran", "read"]]);
      const status = await fx.client.call<PaneInfo>("pane.status", { pane: s.pane });
      strictEqual(status.stateMessage, "all good;");
      const answer = await eventually(
        "the program to write answer.txt",
        () => Deno.readTextFile(`${fx.dir}/answer.txt`).catch(() => undefined),
      );
      // deno-lint-ignore no-control-regex
      const reply = /^\x1b\]\d+;result;id=q1;tag=read;ok=true;value=\{.*"pane":"p1".*\}$/;
      match(answer, reply);
      strictEqual(answer.slice(2, answer.indexOf(";")), String(OSC_NUMBER));
    }, { weft: sideband() });
  },
);

Deno.test(
  "sideband: an XML query is logged, and typed back only when the project opts in",
  E2E,
  async () => {
    for (const replyQueries of [false, true]) {
      await withServer(async (fx) => {
        const script =
          `printf '<weft:list />\\n'; IFS= read -r line; echo "typed: $line" > typed.txt; sleep 30`;
        const pane = await streamPane(fx, script);
        const [entry] = await logOf(fx, pane, 1);
        strictEqual(entry!.outcome, "ran");
        ok(Array.isArray((entry!.value as { panes: unknown[] }).panes));
        const event = await fx.client.call<{ entries: Entry[] }>("sideband.log", {
          pane,
          since: entry!.seq,
        });
        deepStrictEqual(event.entries, []);
        if (replyQueries) {
          const typed = await eventually(
            "the program to write typed.txt",
            () => Deno.readTextFile(`${fx.dir}/typed.txt`).catch(() => undefined),
          );
          match(typed, /^typed: weft list: \{"panes":\[.*\]\}\n$/);
        } else {
          // An answer would be typed as soon as the entry was logged, before anything typed
          // from here: the program's first line is ours, so weft typed nothing.
          await fx.client.call("pane.write", { pane, text: "from the test", submit: true });
          const typed = await eventually(
            "the program to write typed.txt",
            () => Deno.readTextFile(`${fx.dir}/typed.txt`).catch(() => undefined),
          );
          strictEqual(typed, "typed: from the test\n");
        }
      }, { weft: sideband({ replyQueries }) });
    }
  },
);

Deno.test(
  "sideband: bad values, switched-off tags and malformed tags are refused and logged",
  E2E,
  async () => {
    await withServer(async (fx) => {
      const script = [
        `printf '<weft:spawn cmd="x" ratio="2"/>\\n'`,
        `printf '<weft:spawn cmd="x" shell="zsh"/>\\n'`,
        `printf '<weft:focus target="p1"/>\\n'`,
        `printf '<weft:input target="nope">x</weft:input>\\n'`,
        `printf '<weft:spawn cmd=unquoted/>\\n'`,
        "sleep 30",
      ].join("; ");
      const pane = await streamPane(fx, script);
      const entries = await logOf(fx, pane, 5);
      deepStrictEqual(entries.map((e) => [e.outcome, e.tag ?? null]), [
        ["refused", "spawn"],
        ["refused", "spawn"],
        ["refused", "focus"],
        ["failed", "input"],
        ["invalid", null],
      ]);
      match(entries[0]!.reason!, /ratio must be a number between 0 and 1/);
      match(entries[1]!.reason!, /unknown attribute "shell"/);
      match(entries[2]!.reason!, /turned off in the config \(commands\.focus\)/);
      match(entries[3]!.reason!, /Cannot find pane "nope"/);
      match(entries[4]!.reason!, /must be quoted/);
      strictEqual((await panes(fx)).length, 1);
    }, { weft: sideband({ commands: { focus: false } }) });
  },
);

Deno.test("sideband: spawn depth stops a pane that spawns itself at 5 levels", E2E, async () => {
  await withServer(async (fx) => {
    // Every pane runs spawn.sh, which writes its tag once let go, and is let go once the
    // sideband reads it (its reader starts on pane.created; what comes before is not read).
    const { pane } = await fx.client.call<{ pane: string }>("session.create", {
      command: "bash spawn.sh",
      tags: ["sideband:stream"],
    });
    await sidebandReading(fx.client, pane);
    let deepest = pane;
    for (let depth = 1; depth <= 5; depth++) {
      const spawned = await untilEvent(`a pane at spawn depth ${depth}`, {
        on: onEvents(fx.client, { topics: ["pane.created", "pane.changed"] }),
        check: async () =>
          (await panes(fx)).find((p) => p.tags.includes(`sideband-depth=${depth}`)),
        timeoutMs: 20_000,
      });
      await sidebandReading(fx.client, spawned.id);
      deepest = spawned.id;
    }
    const [entry] = await logOf(fx, deepest, 1);
    strictEqual(entry!.outcome, "refused");
    match(entry!.reason!, /spawn depth 6 is more than 5/);
    strictEqual((await panes(fx)).length, 6);
    strictEqual((await logOf(fx, pane, 1))[0]!.outcome, "ran");
  }, {
    weft: { ...sideband({ kinds: { shell: "stream" } }), size: { cols: 200, rows: 60 } },
    files: { "spawn.sh": `${UNTIL_GO}; printf '<weft:spawn cmd="bash spawn.sh"/>\\n'; sleep 60\n` },
  });
});

Deno.test("sideband: at most maxSpawned panes per session", E2E, async () => {
  await withServer(async (fx) => {
    const spawns = Array.from({ length: 5 }, (_, i) => `<weft:spawn cmd="sleep 30" name="k${i}"/>`)
      .join("");
    const pane = await streamPane(fx, `printf '%s\\n' '${spawns}'; sleep 30`);
    const entries = await logOf(fx, pane, 5);
    deepStrictEqual(entries.map((e) => e.outcome), ["ran", "ran", "ran", "refused", "refused"]);
    match(entries[3]!.reason!, /already has 3 panes spawned by sideband/);
    strictEqual((await panes(fx)).length, 4);
  }, { weft: sideband({ maxSpawned: 3 }) });
});

Deno.test("sideband: a rate limit per pane", E2E, async () => {
  await withServer(async (fx) => {
    const statuses = Array.from({ length: 6 }, () => `<weft:status state="working"/>`).join("");
    const fast = await streamPane(fx, `printf '%s\\n' '${statuses}'; sleep 30`);
    const limited = await logOf(fx, fast, 6);
    deepStrictEqual(limited.map((e) => e.outcome), [
      "ran",
      "ran",
      "refused",
      "refused",
      "refused",
      "refused",
    ]);
    match(limited[2]!.reason!, /more than 1 commands a second \(burst 2\)/);
  }, { weft: sideband({ rate: { perSecond: 1, burst: 2 } }) });
});

Deno.test("sideband: panes are not read unless they are agents or set so", E2E, async () => {
  await withServer(async (fx) => {
    const osc = `printf '${OSC}status;key=%s;state=%s\\a\\n' "$WEFT_SIDEBAND_KEY"`;
    // Commands while the pane is not read; then, once it is read (lines typed until it is, as
    // the sideband starts reading after sideband.set returns), one more.
    const script =
      `sleep 0.3; printf '<weft:spawn cmd="sleep 30"/>\\n'; ${osc} error; ${UNTIL_GO}; ${osc} done; sleep 30`;
    const s = await fx.client.call<{ pane: string }>("session.create", { command: script });
    await waitForText(fx.client, { pane: s.pane, match: "weft:spawn", timeout: 10_000 });
    const set = await fx.client.call<{ mode: string }>("sideband.set", {
      pane: s.pane,
      mode: "osc",
    });
    strictEqual(set.mode, "osc");
    await sidebandReading(fx.client, s.pane);
    // Read in order: had the first two commands been read, they would be logged before this.
    const entries = await logOf(fx, s.pane, 1);
    deepStrictEqual(entries.map((e) => [e.outcome, e.tag, e.input?.state]), [
      ["ran", "status", "done"],
    ]);
    strictEqual((await panes(fx)).length, 1);
    const status = await fx.client.call<{ panes: { pane: string; mode: string }[] }>(
      "sideband.status",
      {},
    );
    deepStrictEqual(status.panes, [{ pane: s.pane, mode: "osc", agent: "program" }]);
  }, { weft: sideband() });
});

Deno.test(
  "sideband: weft sideband log PANE prints what ran and what was refused, with reasons",
  E2E,
  async () => {
    await withServer(async (fx) => {
      const script = `printf '<weft:status state="done"/><weft:focus target="p1"/>\\n'; sleep 30`;
      const pane = await streamPane(fx, script);
      await logOf(fx, pane, 2);
      const log = await weftInProcess(fx.dir, "sideband", "log", pane);
      strictEqual(log.code, 0);
      strictEqual(log.err, "");
      match(log.out, /^pane p1 \(read: stream\), 2 entries\n/);
      match(
        log.out,
        /#\d+ \S+ ran +status \(stream\/xml\) → pane\.set \{"state":"done","pane":"p1"\}/,
      );
      match(
        log.out,
        /refused +focus \(stream\/xml\): turned off in the config \(commands\.focus\)/,
      );
      const status = await weftInProcess(fx.dir, "sideband", "status");
      strictEqual(status.code, 0);
      strictEqual(status.err, "");
      match(status.out, /^sideband on, namespace weft\n {2}p1 +program +stream\n$/);
      strictEqual((await weftInProcess(fx.dir, "sideband", "nope")).code, 2);
    }, { weft: sideband({ commands: { focus: false } }) });
  },
);

Deno.test(
  "sideband: a plain-stream pane's screen shows its output without the commands it ran",
  E2E,
  async () => {
    await withServer(async (fx) => {
      const pane = await streamPane(
        fx,
        `printf 'before <weft:status state="done" msg="shown?"/>after\\n'; sleep 30`,
      );
      await waitForText(fx.client, { pane, match: "before after", timeout: 15_000 });
      const text = await paneText(fx.client, { pane });
      ok(!text.includes("weft:status"), text);
      const info = await untilEvent(`${pane} to be done`, {
        on: onEvents(fx.client, { topics: ["pane.state"], panes: [pane] }),
        check: async () => {
          const p = (await panes(fx)).find((p) => p.id === pane);
          return p?.state === "done" ? p : undefined;
        },
      });
      strictEqual(info.stateMessage, "shown?");
      // Respawned (tmux's respawn-pane -k): the new program's screen hides its commands too.
      await fx.client.call("pane.respawn", {
        pane,
        command:
          `${UNTIL_GO}; printf 'again <weft:status state="blocked" msg="new"/>here\\n'; sleep 30`,
      });
      await sidebandReading(fx.client, pane);
      await waitForText(fx.client, { pane, match: "again here", timeout: 15_000 });
      const again = await paneText(fx.client, { pane });
      ok(!again.includes("weft:status"), again);
      await untilEvent(`${pane} to be blocked`, {
        on: onEvents(fx.client, { topics: ["pane.state"], panes: [pane] }),
        check: async () => (await panes(fx)).find((p) => p.id === pane)?.state === "blocked",
      });
    }, { weft: sideband() });
  },
);

Deno.test(
  "sideband: each pane's key is in its environment only, and pane.check_key only says yes or no",
  E2E,
  async () => {
    await withServer(async (fx) => {
      const keys: string[] = [];
      const ids: string[] = [];
      for (const n of [1, 2]) {
        const s = await fx.client.call<{ pane: string }>("session.create", {
          // A caller's env cannot choose the key.
          command: `printf '%s' "$WEFT_SIDEBAND_KEY" > key${n}.txt; sleep 30`,
          env: { WEFT_SIDEBAND_KEY: "chosen-by-the-caller" },
        });
        ids.push(s.pane);
        keys.push(
          await eventually(
            `the program to write key${n}.txt`,
            () => Deno.readTextFile(`${fx.dir}/key${n}.txt`).catch(() => undefined),
          ),
        );
      }
      for (const key of keys) match(key, /^[0-9a-f]{32}$/);
      ok(keys[0] !== keys[1]);
      const check = async (pane: string, key: string) =>
        (await fx.client.call<{ valid: boolean }>("pane.check_key", { pane, key })).valid;
      deepStrictEqual(
        [
          await check(ids[0]!, keys[0]!),
          await check(ids[0]!, keys[1]!),
          await check(ids[0]!, keys[0]!.slice(0, 31)),
          await check(ids[0]!, "chosen-by-the-caller"),
        ],
        [true, false, false, false],
      );
      const shown = JSON.stringify([
        await fx.client.call("pane.list", {}),
        await fx.client.call("pane.status", { pane: ids[0] }),
        await fx.client.call("pane.read", { pane: ids[0], mode: "history", ansi: true }),
        await fx.client.call("server.status", {}),
        await fx.client.call("sideband.status", {}),
      ]);
      for (const key of keys) ok(!shown.includes(key), "a key shows in an output");
    }, { weft: sideband() });
  },
);

/** A file that holds OSC-form commands, as a download or a log might. */
const OSC_DECOY = [
  "Some log lines, then commands without the pane's key:",
  `${OSC_OPEN}spawn;cmd=touch%20pwned-no-key;name=evil\x07`,
  `${OSC_OPEN}input;key=00000000000000000000000000000000;target=p1;submit=true;text=touch%20pwned-wrong-key\x07`,
  `${OSC_OPEN}read;key=;target=p1\x07`,
  "",
].join("\n");

Deno.test(
  "sideband: a file cat in a pane runs no OSC command: no key, a wrong key or another pane's key",
  E2E,
  async () => {
    await withServer(async (fx) => {
      // Another pane whose key the reader learns (a process of its own could; a file cannot).
      const other = await fx.client.call<{ pane: string }>("session.create", {
        command: `printf '%s' "$WEFT_SIDEBAND_KEY" > other.key; sleep 30`,
      });
      await eventually(
        "the program to write other.key",
        () => Deno.readTextFile(`${fx.dir}/other.key`).catch(() => undefined),
      );
      const script = [
        UNTIL_GO,
        "cat decoy.txt",
        `printf '${OSC}spawn;key=%s;cmd=touch%%20pwned-other-key\\a' "$(cat other.key)"`,
        // The program's own command, with its own key: it runs, after the others were decided.
        `printf '${OSC}status;key=%s;state=done\\a' "$WEFT_SIDEBAND_KEY"`,
        `printf '%s' "$WEFT_SIDEBAND_KEY" > own.key`,
        "sleep 30",
      ].join("; ");
      const s = await fx.client.call<{ pane: string }>("session.create", {
        command: script,
        tags: ["sideband:osc"],
      });
      await sidebandReading(fx.client, s.pane);
      const entries = await logOf(fx, s.pane, 5);
      deepStrictEqual(entries.map((e) => [e.outcome, e.tag]), [
        ["refused", "spawn"],
        ["refused", "input"],
        ["refused", "read"],
        ["refused", "spawn"],
        ["ran", "status"],
      ]);
      for (
        const [i, why] of [[0, /^no key/], [1, /^wrong key/], [2, /^wrong key/], [
          3,
          /^wrong key/,
        ]] as const
      ) {
        match(entries[i]!.reason!, why);
      }
      deepStrictEqual((await panes(fx)).map((p) => p.id), [other.pane, s.pane]);
      for (const file of ["pwned-no-key", "pwned-wrong-key", "pwned-other-key"]) {
        strictEqual(await Deno.stat(`${fx.dir}/${file}`).then(() => true, () => false), false);
      }
      // Neither key reaches the log, which other callers read.
      const own = await eventually(
        "the program to write own.key",
        () => Deno.readTextFile(`${fx.dir}/own.key`).catch(() => undefined),
      );
      const otherKey = await Deno.readTextFile(`${fx.dir}/other.key`);
      const log = JSON.stringify(entries);
      ok(!log.includes(own) && !log.includes(otherKey), log);
      ok(log.includes("key=…"), log);
    }, { weft: sideband(), files: { "decoy.txt": OSC_DECOY } });
  },
);

Deno.test(
  "sideband: inputs into other panes are capped per session, in both forms",
  E2E,
  async () => {
    await withServer(async (fx) => {
      const input = (text: string) =>
        `<weft:input target="child" submit="true">${text}</weft:input>`;
      const script = [
        `printf '%s\\n' '<weft:spawn cmd="cat" name="child"/>'`,
        // Into the writer itself: not counted.
        `printf '<weft:input target="%s">self</weft:input>\\n' "$WEFT_PANE"`,
        `printf '%s\\n' '${input("one")}'`,
        `printf '${OSC}input;key=%s;target=child;submit=true;text=two\\a' "$WEFT_SIDEBAND_KEY"`,
        `printf '%s\\n' '${input("three")}'`,
        "sleep 30",
      ].join("; ");
      const pane = await streamPane(fx, script);
      const entries = await logOf(fx, pane, 5);
      deepStrictEqual(entries.map((e) => [e.outcome, e.tag]), [
        ["ran", "spawn"],
        ["ran", "input"],
        ["ran", "input"],
        ["ran", "input"],
        ["refused", "input"],
      ]);
      match(entries[4]!.reason!, /session s1 already had 2 inputs into other panes by sideband/);
      const child = (await panes(fx)).find((p) => p.name === "child")!;
      await waitForText(fx.client, { pane: child.id, match: "^two$", regex: true });
      const text = await paneText(fx.client, { pane: child.id });
      ok(!text.includes("three"), text);
    }, { weft: sideband({ maxInputs: 2 }) });
  },
);

import { deepStrictEqual, match, ok, strictEqual } from "node:assert/strict";
import { OSC_OPEN, SidebandStream, TAGS, type TagTable } from "../../protocols/sideband/mod.ts";
import { SidebandLog } from "./_log.ts";
import { RateLimiter } from "@weft/weft/plugin";
import { type Found, Runner } from "./_runner.ts";
import { Spawns } from "./_spawns.ts";
import { parseOptions } from "./options.ts";

/** A runner over fake bus calls: panes p1 (the writer) and p2 ("child") in session s1. */
function setup(raw: Record<string, unknown> = {}) {
  const options = parseOptions(raw);
  const called: { pane: string; name: string; input: Record<string, unknown> }[] = [];
  const written: unknown[] = [];
  const keysChecked: string[] = [];
  const ids: Record<string, string> = { p1: "p1", p2: "p2", child: "p2" };
  const log = new SidebandLog(100);
  const runner = new Runner({
    options,
    table: { ...TAGS, ...(options.tags as TagTable) },
    log,
    spawns: new Spawns(),
    rate: new RateLimiter(options.rate),
    callAs: <T>(pane: string, name: string, input: unknown) => {
      called.push({ pane, name, input: input as Record<string, unknown> });
      const value = name === "pane.create" ? { id: "p3" } : { pane: "p2" };
      return Promise.resolve(value as T);
    },
    call: <T>(name: string, input: unknown) => {
      if (name === "pane.write") written.push(input);
      const ref = String((input as { pane?: unknown }).pane);
      const value = { id: ids[ref] ?? ref, session: "s1", cwd: "/w" };
      return Promise.resolve(value as T);
    },
    checkKey: (pane, key) => {
      keysChecked.push(key);
      return Promise.resolve(key === `key-of-${pane}`);
    },
    publish: () => {},
  });
  const run = (text: string, pane = "p1") => {
    const found = new SidebandStream().push(text).commands;
    return Promise.all(
      found.map((command) => runner.run({ pane, source: "stream", command } satisfies Found)),
    );
  };
  return { run, called, written, keysChecked, log };
}

Deno.test("Runner refuses an OSC command without the pane's key, and answers nothing", async () => {
  const { run, called, written, keysChecked } = setup();
  const entries = await run(
    `${OSC_OPEN}spawn;cmd=touch%20x\x07${OSC_OPEN}read;id=q;target=p2\x07` +
      `${OSC_OPEN}spawn;key=key-of-p2;cmd=touch%20y\x07${OSC_OPEN}status;key=;state=done\x07`,
  );
  deepStrictEqual(entries.map((e) => [e.outcome, e.tag]), [
    ["refused", "spawn"],
    ["refused", "read"],
    ["refused", "spawn"],
    ["refused", "status"],
  ]);
  match(entries[0]!.reason!, /^no key: the OSC form needs key=\$WEFT_SIDEBAND_KEY/);
  match(entries[1]!.reason!, /^no key/);
  match(entries[2]!.reason!, /^wrong key/);
  match(entries[3]!.reason!, /^wrong key/);
  deepStrictEqual(keysChecked, ["key-of-p2", ""]);
  deepStrictEqual([called, written], [[], []]);
});

Deno.test("Runner runs an OSC command with the pane's key, without the key in input or log", async () => {
  const { run, called, log } = setup();
  const [entry] = await run(`${OSC_OPEN}status;key=key-of-p1;state=done\x07`);
  strictEqual(entry!.outcome, "ran");
  deepStrictEqual(called, [{ pane: "p1", name: "pane.set", input: { state: "done", pane: "p1" } }]);
  const logged = JSON.stringify(log.entries("p1"));
  ok(!logged.includes("key-of-p1") && logged.includes("key=…"), logged);
});

Deno.test("Runner counts inputs into other panes per session, in either form; not into the writer", async () => {
  const { run, called } = setup({ maxInputs: 2 });
  const entries = await run(
    '<weft:input target="p1">self</weft:input><weft:input target="child">a</weft:input>' +
      `${OSC_OPEN}input;key=key-of-p1;target=p2;text=b\x07<weft:input target="p2">c</weft:input>`,
  );
  deepStrictEqual(entries.map((e) => e.outcome), ["ran", "ran", "ran", "refused"]);
  match(entries[3]!.reason!, /session s1 already had 2 inputs into other panes by sideband/);
  deepStrictEqual(called.map((c) => c.input.text), ["self", "a", "b"]);
});

Deno.test("Runner holds a tag added in the config to the limits of the command it calls", async () => {
  const { run, called } = setup({
    maxSpawned: 1,
    tags: { job: { command: "pane.create", attrs: { run: { kind: "string", field: "command" } } } },
  });
  const entries = await run('<weft:job run="a"/><weft:job run="b"/>');
  deepStrictEqual(entries.map((e) => e.outcome), ["ran", "refused"]);
  match(entries[1]!.reason!, /already has 1 panes spawned by sideband/);
  deepStrictEqual(called[0]!.input, { command: "a", cwd: "/w", tags: ["sideband-depth=1"] });
});

/**
 * The pane subcommands' flags come from the server's command specs: fields no CLI code names
 * (pane.create's `tags`, `agent`, `env`) reach `weft new`, and `weft help new` lists them.
 */

import { deepStrictEqual as assertEquals, match as assertMatch } from "node:assert/strict";
import { AGENT_KINDS } from "../protocols/agents/kind.ts";
import { weftProcess } from "./helpers/cli.ts";
import { E2E, withServer } from "./helpers/server.ts";

/** No layout or sideband Workers: these tests need only the core's commands. */
const CORE_ONLY = { weft: { plugins: { layout: false, sideband: false } } };

Deno.test(
  "weft new takes every pane.create field as a flag, derived from the spec",
  E2E,
  async () => {
    await withServer(async ({ dir, client }) => {
      const made = await weftProcess(
        dir,
        "new",
        "--session-new",
        "--name",
        "tagged",
        "--tags",
        "a,b",
        "--agent",
        "shell",
        "--env",
        "GREETING=hi there",
        "--",
        "bash --norc --noprofile",
      );
      assertEquals(made.code, 0, made.err);
      const status = await client.call<{ tags: string[]; agent: string }>("pane.status", {
        pane: "tagged",
      });
      assertEquals(status.tags, ["a", "b"]);
      assertEquals(status.agent, "shell");
      const split = await weftProcess(
        dir,
        "split",
        "tagged",
        "-v",
        "--no-focus",
        "--tags",
        "c",
        "--json",
      );
      assertEquals(split.code, 0, split.err);
      assertEquals(JSON.parse(split.out).tags, ["c"]);
      assertEquals(JSON.parse(split.out).focused, false, "--no-focus");
    }, CORE_ONLY);
  },
);

Deno.test("weft new refuses flags that do not fit as usage mistakes (exit 2)", E2E, async () => {
  await withServer(async ({ dir }) => {
    const stray = await weftProcess(dir, "new", "--session-new", "--split", "p1");
    assertEquals(stray.code, 2);
    assertMatch(stray.err, /--split does not go with --session-new/);
    const ratio = await weftProcess(dir, "split", "p1", "-h", "--ratio", "1.5");
    assertEquals(ratio.code, 2);
    assertMatch(ratio.err, /--ratio must be a number above 0 and below 1/);
    assertEquals((await weftProcess(dir, "new", "--bogus")).code, 2);
  }, CORE_ONLY);
});

Deno.test(
  "weft help NAME lists a subcommand's flags with the fields' descriptions",
  E2E,
  async () => {
    await withServer(async ({ dir }) => {
      const help = await weftProcess(dir, "help", "new");
      assertEquals(help.code, 0, help.err);
      assertMatch(help.out, /^usage: weft new /);
      assertMatch(help.out, /^ {2}--tags A,B… +Free-form tags\.$/m);
      assertMatch(help.out, new RegExp(`^ {2}--agent ${AGENT_KINDS.join("\\|")} `, "m"));
      const read = await weftProcess(dir, "help", "read");
      assertMatch(read.out, /^ {2}--\[no-\]join +Join lines/m);
    }, CORE_ONLY);
  },
);

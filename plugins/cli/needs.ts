/**
 * `weft needs`: every agent waiting for a human (`pane.needs`), with its question and choices.
 *
 * @module
 */

import { parseArgs } from "./args.ts";
import type { Need } from "../../protocols/bus/records.ts";
import { print, type Subcommand, UsageError, withClient } from "./io.ts";

/** `weft needs [--wait] [--timeout MS] [--json]` */
export const needs: Subcommand = {
  usage: "weft needs [--wait] [--timeout MS] [--json]",
  summary: "List every agent waiting for you (blocked on a permission, a question, an error): " +
    "its question and choices; --wait until one does",
  run: async (args, io) => {
    const { values } = parseArgs({
      args,
      options: {
        wait: { type: "boolean" },
        timeout: { type: "string" },
        json: { type: "boolean" },
      },
      strict: true,
    });
    return await withClient(io, async (client) => {
      const result = await client.call("pane.needs", {
        ...(values.wait ? { wait: true } : {}),
        ...(values.timeout ? { timeout: Number(values.timeout) } : {}),
      });
      print(io, !!values.json, result, () => describe(result.needs));
      return 0;
    });
  },
};

/** One block per agent: `p3 claude blocked (permission) 12s`, the question, the choices. */
function describe(needs: Need[]): string {
  if (!needs.length) return "nothing needs you\n";
  return needs.map((n) => {
    const head = `${n.name ? `${n.pane} (${n.name})` : n.pane} ${n.agent} ${n.state}` +
      `${n.kind ? ` (${n.kind})` : ""} ${Math.round(n.waitedMs / 1000)}s`;
    const choices = n.choices.map((c) => `  ${c.n}. ${c.label}\n`).join("");
    // Held: weft approve/deny answer through the agent's hook, not by keys.
    const held = n.held ? "  (held: weft approve / weft deny answer through its hook)\n" : "";
    return `${head}\n${n.question ? `  ${n.question}\n` : ""}${choices}${held}`;
  }).join("");
}

/** `weft approve|deny|answer PANE [N] [--fingerprint F] [--json]`: one `pane.answer` call. */
function answering(
  verb: "approve" | "deny" | "answer",
  summary: string,
): Subcommand {
  const n = verb === "answer" ? " N" : "";
  return {
    usage: `weft ${verb} PANE${n}${
      verb === "deny" ? " [--message TEXT]" : ""
    } [--fingerprint F] [--json]`,
    summary,
    run: async (args, io) => {
      const { values, positionals } = parseArgs({
        args,
        options: {
          fingerprint: { type: "string" },
          message: { type: "string" },
          json: { type: "boolean" },
        },
        allowPositionals: true,
        strict: true,
      });
      const [pane, choice] = positionals;
      const count = verb === "answer" ? 2 : 1;
      if (!pane || positionals.length !== count || (choice && !/^[1-9]$/.test(choice))) {
        throw new UsageError(`weft ${verb} takes PANE${n}`);
      }
      return await withClient(io, async (client) => {
        const result = await client.call("pane.answer", {
          pane,
          ...(verb === "answer" ? { choice: Number(choice) } : { [verb]: true }),
          ...(values.fingerprint ? { fingerprint: values.fingerprint } : {}),
          ...(values.message !== undefined ? { message: values.message } : {}),
        });
        print(
          io,
          !!values.json,
          result,
          () => `${result.pane}: ${result.n}. ${result.label} (${result.via})\n`,
        );
        return 0;
      });
    },
  };
}

/** `weft approve PANE` */
export const approve = answering(
  "approve",
  "Approve what an agent asks (its dialog's first choice), if its dialog is still there",
);
/** `weft deny PANE` */
export const deny = answering("deny", "Deny what an agent asks (its dialog's 'No' choice)");
/** `weft answer PANE N` */
export const answer = answering("answer", "Choose N in an agent's dialog (see weft needs)");

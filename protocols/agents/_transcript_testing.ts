/**
 * Test helpers for the vendors' transcript readers: how often a text occurs in what the lines of
 * a trimmed real transcript (testdata/) say the agent took, as `pane.transcript` counts. Each
 * vendor's transcript test (codex_transcript_test.ts, gemini_transcript_test.ts) uses them.
 *
 * @module
 */
import { ok } from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { vendorOf } from "./mod.ts";
import type { TranscriptFormat } from "./vendor.ts";

/** The hand-overs and the typed message of the runs the testdata files were read from. */
export const TOOL = "[message from human] please also look at b.ts";
export const STOP = `[message from human] one more <thing> & "c.ts" it's`;
export const TYPED = "[message from human] a third note: d.ts";
export const PROMPT = "run the steps";

/** The transcript format `kind` declares (fails when it declares none). */
export function format(kind: string): TranscriptFormat {
  const f = vendorOf(kind)?.hooks?.transcript;
  ok(f, `${kind} declares its transcript`);
  return f;
}

/** A testdata file's text. */
export function testdata(file: string): Promise<string> {
  return Deno.readTextFile(fileURLToPath(new URL(`testdata/${file}`, import.meta.url)));
}

/** How often `text` occurs in what the lines of `file` say the agent took. */
export async function found(kind: string, file: string, text: string): Promise<number> {
  const lines = (await testdata(file)).split("\n").filter((l) => l.startsWith("{"));
  const taken = lines.flatMap((l) => format(kind).taken(JSON.parse(l)));
  return taken.reduce((n, t) => n + t.split(text).length - 1, 0);
}

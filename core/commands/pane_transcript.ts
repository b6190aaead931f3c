import { isAbsolute, normalize } from "node:path";
import { implement } from "./_define.ts";
import { vendorOf } from "../../protocols/agents/mod.ts";
import type { CoreDeps } from "./deps.ts";

/** Most bytes of a transcript read in one call. */
export const MAX_TRANSCRIPT_READ = 16 * 1024 * 1024;

/**
 * `pane.transcript`: how often a text occurs in the transcript of the pane's agent, from a byte
 * on, and the transcript's size: whether the agent really took a message delivered to it
 * (the messaging plugin's ladder; plugins cannot read files). Guarded: the only file read is
 * the one the pane's own agent named through its hooks (`transcript_path`, proven by the pane's
 * key at the hook door), only when it looks like its vendor's transcripts
 * (`hooks.transcript.file` in `protocols/agents/`), is an absolute, normalised path to a
 * regular file (not a link) of the server's user, and at most {@link MAX_TRANSCRIPT_READ} bytes
 * of it. Only what its lines say the agent took counts (`taken`: a prompt, a hook's answer;
 * not the same text in a record of a request). Nothing of the file is returned but the size
 * and the count.
 */
export function paneTranscript(deps: CoreDeps) {
  return implement("pane.transcript", async ({ input, targets: { pane } }) => {
    const none = { pane: pane.id, available: false, size: 0, found: 0 };
    const info = deps.model.paneInfo(pane.id);
    const format = vendorOf(info.agent)?.hooks?.transcript;
    const file = transcriptFile(format?.file, info.agentSession?.transcriptPath ?? null);
    if (!format || !file) return none;
    let stat: Deno.FileInfo;
    try {
      stat = await Deno.lstat(file);
    } catch {
      return none;
    }
    if (!stat.isFile || stat.isSymlink) return none;
    const uid = Deno.uid();
    if (uid !== null && stat.uid !== null && stat.uid !== uid) return none;
    const size = stat.size;
    const after = Math.min(input.after ?? 0, size);
    if (!input.find) return { pane: pane.id, available: true, size, found: 0 };
    const text = await readRange(file, after, Math.min(size - after, MAX_TRANSCRIPT_READ));
    if (text === undefined) return none;
    let found = 0;
    for (const line of text.split("\n")) {
      const entry = parse(line);
      if (entry) { for (const t of format.taken(entry)) found += count(t, input.find); }
    }
    return { pane: pane.id, available: true, size, found };
  });
}

/** The transcript path, when the pane's agent kind declares transcripts and `path` is one. */
function transcriptFile(pattern: RegExp | undefined, path: string | null): string | undefined {
  if (!pattern || !path || !isAbsolute(path) || normalize(path) !== path) return undefined;
  return pattern.test(path) ? path : undefined;
}

async function readRange(file: string, from: number, length: number) {
  let f: Deno.FsFile | undefined;
  try {
    f = await Deno.open(file, { read: true });
    await f.seek(from, Deno.SeekMode.Start);
    const buf = new Uint8Array(length);
    let got = 0;
    while (got < length) {
      const n = await f.read(buf.subarray(got));
      if (n === null) break;
      got += n;
    }
    return new TextDecoder().decode(buf.subarray(0, got));
  } catch {
    return undefined;
  } finally {
    f?.close();
  }
}

/** A line's JSON object, or undefined (a line cut at the start of the range, or not JSON). */
function parse(line: string): Record<string, unknown> | undefined {
  if (!line.startsWith("{")) return undefined;
  try {
    const v = JSON.parse(line);
    return typeof v === "object" && v !== null && !Array.isArray(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

function count(haystack: string, needle: string): number {
  let n = 0;
  for (
    let i = haystack.indexOf(needle);
    i !== -1;
    i = haystack.indexOf(needle, i + needle.length)
  ) {
    n++;
  }
  return n;
}

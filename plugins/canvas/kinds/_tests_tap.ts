/**
 * TAP (13 and 14, as Node's and Deno's runners print it: YAML or JSON diagnostics, indented
 * subtests) into a test report.
 *
 * @module
 */

import { locationIn, type Status, type TestCase, type TestReport } from "./_tests_model.ts";

const RESULT = /^(\s*)(not ok|ok)\b(?: +\d+)?(?: +-)? *(.*)$/;

interface Pending {
  indent: number;
  cases: TestCase[];
  /** Finished subtests one level deeper, waiting for their parent's line to name them. */
  orphans: TestCase[];
}

/** `name # SKIP why` → name, directive, reason. */
function directive(rest: string): [string, string | undefined, string | undefined] {
  const at = rest.search(/ # (SKIP|TODO)\b/i);
  if (at < 0) return [rest.trim(), undefined, undefined];
  const tail = rest.slice(at + 3);
  const word = tail.slice(0, 4).toUpperCase();
  const why = tail.slice(4).trim();
  return [rest.slice(0, at).trim(), word, why || undefined];
}

/** Reads a YAML (Node) or JSON (Deno) diagnostics block into the case. */
function diagnose(c: TestCase, block: string[]): void {
  const body = block.join("\n").trim();
  if (body.startsWith("{")) {
    try {
      const json = JSON.parse(body) as { message?: string; at?: { file?: string; line?: number } };
      if (json.message) setMessage(c, json.message);
      if (json.at?.file) c.location = `${json.at.file}${json.at.line ? `:${json.at.line}` : ""}`;
      return;
    } catch { /* not JSON after all: read as YAML */ }
  }
  const fields: Record<string, string> = {};
  let key = "";
  const base = /^\s*/.exec(block[0] ?? "")![0].length;
  for (const line of block) {
    const m = /^\s*([\w-]+):\s?(.*)$/.exec(line);
    if (m && /^\s*/.exec(line)![0].length === base) {
      key = m[1]!;
      fields[key] = /^[|>]-?$/.test(m[2]!) ? "" : m[2]!.replace(/^'(.*)'$/, "$1");
    } else if (key) fields[key] += (fields[key] ? "\n" : "") + line.trim();
  }
  if (fields.duration_ms) c.ms = Number(fields.duration_ms);
  if (fields.error || fields.message) setMessage(c, fields.error || fields.message!);
  if (fields.stack) c.details = fields.stack;
  const where = fields.location ?? (fields.stack ? locationIn(fields.stack) : undefined);
  if (where) c.location = where;
}

function setMessage(c: TestCase, text: string): void {
  const lines = text.trim().split("\n");
  c.message = lines.slice(0, 6).join("\n");
  if (lines.length > 6) c.details = text.trim();
  if (!c.location) {
    const where = locationIn(text);
    if (where) c.location = where;
  }
}

/**
 * Parses TAP text: results become cases (subtests named after their parent), `# pass N`-style
 * comments become the runner's totals.
 *
 * @example
 * ```ts
 * import { parseTap } from "./_tests_tap.ts";
 * const r = parseTap("TAP version 14\nok 1 - a\nnot ok 2 - b\n1..2\n");
 * console.assert(r.cases[1]!.status === "failed");
 * ```
 */
export function parseTap(text: string): TestReport {
  const lines = text.split("\n");
  const stack: Pending[] = [{ indent: 0, cases: [], orphans: [] }];
  const counts: Record<string, number> = {};
  let last: TestCase | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/\r$/, "").slice(0, 2000);
    const m = RESULT.exec(line);
    if (m) {
      const indent = m[1]!.length;
      while (stack.length > 1 && stack[stack.length - 1]!.indent > indent) {
        const done = stack.pop()!;
        stack[stack.length - 1]!.orphans.push(...done.cases, ...done.orphans);
      }
      if (stack[stack.length - 1]!.indent < indent) stack.push({ indent, cases: [], orphans: [] });
      const [name, dir, why] = directive(m[3]!);
      const status: Status = dir === "SKIP"
        ? "skipped"
        : dir === "TODO"
        ? "todo"
        : m[2] === "ok"
        ? "passed"
        : "failed";
      const level = stack[stack.length - 1]!;
      // Subtests are reported before their parent's line: they take its name now.
      for (const c of level.orphans.splice(0)) {
        level.cases.push({ ...c, name: `${name} › ${c.name}` });
      }
      last = { name: name || "(unnamed)", status };
      if (why) last.message = why;
      level.cases.push(last);
      continue;
    }
    const yaml = /^(\s*)---\s*$/.exec(line);
    if (yaml && last) {
      const block: string[] = [];
      for (i++; i < lines.length && !/^\s*\.\.\.\s*$/.test(lines[i]!); i++) {
        if (block.length < 500) block.push(lines[i]!.slice(0, 2000));
      }
      diagnose(last, block);
      continue;
    }
    const comment = /^#\s*(tests|pass|fail|skipped|todo|cancelled|duration_ms)\s+([\d.]+)\s*$/.exec(
      line,
    );
    if (comment) counts[comment[1]!] = Number(comment[2]);
  }
  const cases = stack.flatMap((s) => [...s.cases, ...s.orphans]);
  const report: TestReport = { format: "tap", cases };
  if (counts.pass !== undefined) {
    const { pass, fail = 0, skipped = 0, todo = 0 } = counts;
    report.counts = { passed: pass, failed: fail, skipped, todo };
  }
  if (counts.duration_ms !== undefined) report.ms = counts.duration_ms;
  return report;
}

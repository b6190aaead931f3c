/**
 * The text reporters of Deno's runner (`pretty`, the default, and `dot`) and of Node's
 * (`spec`, the default, and `dot`) into test reports. Colours in the text are ignored.
 *
 * @module
 */

import {
  locationIn,
  parseDuration,
  type Status,
  type TestCase,
  type TestReport,
} from "./_tests_model.ts";

const DENO_RESULT = /^(ok|FAILED|ignored)(?: \(due to [^)]*\))? \(([^)]*)\)$/;
const DENO_SUMMARY =
  /^(?:ok|FAILED) \| (\d+) passed(?: \((\d+) steps?\))? \| (\d+) failed(?: \((\d+) steps?\))?(?: \| (\d+) ignored(?: \((\d+) steps?\))?)?.*\(([^)]*)\)$/;
const DENO_ERROR = / => (\S+:\d+:\d+)$/;

function message(c: TestCase, body: string[]): void {
  const lines = body.map((l) => l.replace(/\s+$/, ""));
  while (lines.length && !lines[lines.length - 1]) lines.pop();
  if (!lines.length) return;
  const head = lines.findIndex((l, i) => i > 0 && /^\s+at /.test(l));
  const text = (head > 0 ? lines.slice(0, head) : lines).slice(0, 6).join("\n");
  c.message = text.trim();
  if (lines.length > 6 || head > 0) c.details = lines.join("\n");
}

/**
 * Parses Deno's `pretty` or `dot` output.
 *
 * @example
 * ```ts
 * import { parseDenoText } from "./_tests_text.ts";
 * const r = parseDenoText(["a ... ok (1ms)", "", "ok | 1 passed | 0 failed (3ms)"]);
 * console.assert(r.cases[0]!.ms === 1 && r.counts!.passed === 1);
 * ```
 */
export function parseDenoText(lines: string[]): TestReport {
  const cases: TestCase[] = [];
  const parents: string[] = [];
  const report: TestReport = { format: "deno", cases };
  let section = "";
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^ (ERRORS|FAILURES) $/.test(line)) section = line.trim();
    const sum = DENO_SUMMARY.exec(line);
    if (sum) {
      const n = (k: number) => Number(sum[k] ?? 0);
      report.counts = { passed: n(1) + n(2), failed: n(3) + n(4), skipped: n(5) + n(6) };
      const ms = parseDuration(sum[7]!);
      if (ms !== undefined) report.ms = ms;
      continue;
    }
    if (section === "ERRORS") {
      const err = DENO_ERROR.exec(line);
      if (!err) continue;
      const name = line.slice(0, err.index).split(" ... ").join(" › ");
      let c = cases.find((x) => x.name === name && x.status === "failed");
      if (!c) cases.push(c = { name, status: "failed" });
      c.location = err[1]!;
      const body: string[] = [];
      for (
        i++;
        i < lines.length && !DENO_ERROR.test(lines[i]!) && !/^ FAILURES $/.test(lines[i]!);
        i++
      ) {
        body.push(lines[i]!);
      }
      i--;
      if (body[0]?.startsWith("error: ")) body[0] = body[0].slice(7);
      message(c, body);
      continue;
    }
    if (section) continue;
    const indent = /^ */.exec(line)![0].length;
    const depth = indent >> 1;
    const cut = line.lastIndexOf(" ...");
    if (cut < 0) continue;
    const name = line.slice(indent, cut);
    const rest = line.slice(cut + 4).trim();
    if (rest === "") {
      parents.length = depth;
      parents[depth] = name;
      continue;
    }
    const res = DENO_RESULT.exec(rest);
    if (!res) continue;
    const status: Status = res[1] === "ok" ? "passed" : res[1] === "FAILED" ? "failed" : "skipped";
    const c: TestCase = { name: [...parents.slice(0, depth), name].join(" › "), status };
    const ms = parseDuration(res[2]!);
    if (ms !== undefined) c.ms = ms;
    cases.push(c);
  }
  return report;
}

/**
 * Parses Node's `spec` or `dot` output.
 *
 * @example
 * ```ts
 * import { parseNodeText } from "./_tests_text.ts";
 * const r = parseNodeText(["✔ a (1.5ms)", "ℹ pass 1"]);
 * console.assert(r.cases[0]!.ms === 1.5 && r.counts!.passed === 1);
 * ```
 */
export function parseNodeText(lines: string[]): TestReport {
  const cases: TestCase[] = [];
  const report: TestReport = { format: "node", cases };
  const suites: string[] = [];
  const counts: Record<string, number> = {};
  let failingSection = false, nextLocation: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const info = /^ℹ (\w+) ([\d.]+)$/.exec(line);
    if (info) {
      counts[info[1]!] = Number(info[2]);
      continue;
    }
    if (/^[.X]+$/.test(line)) {
      counts.dotPass = (line.match(/\./g) ?? []).length;
      counts.dotFail = (line.match(/X/g) ?? []).length;
      continue;
    }
    if (/^✖ failing tests:$|^Failed tests:$/.test(line)) {
      failingSection = true;
      continue;
    }
    const at = /^test at (.+)$/.exec(line);
    if (at) nextLocation = at[1];
    const m = /^(\s*)(✔|✖|﹣|▶) (.*)$/.exec(line);
    if (!m) continue;
    const indent = m[1]!.length, depth = indent >> 1;
    let rest = m[3]!;
    if (m[2] === "▶") {
      suites.length = depth;
      suites[depth] = rest;
      continue;
    }
    let why: string | undefined;
    const hash = rest.lastIndexOf(" # ");
    if (hash >= 0) [rest, why] = [rest.slice(0, hash), rest.slice(hash + 3)];
    const dur = /^(.*) \(([\d.]+ms)\)$/.exec(rest);
    const name = dur ? dur[1]! : rest;
    if (suites[depth] === name) continue; // a suite's closing line
    const body: string[] = [];
    for (
      i++;
      i < lines.length && (lines[i] === "" || /^\s*/.exec(lines[i]!)![0].length > indent);
      i++
    ) {
      body.push(lines[i]!.slice(indent + 2));
    }
    i--;
    const full = [...suites.slice(0, depth), name].join(" › ");
    if (failingSection) {
      const known = cases.find((c) =>
        c.status === "failed" && (c.name === full || c.name.endsWith(` › ${name}`))
      );
      if (known) {
        if (nextLocation) known.location = nextLocation;
        nextLocation = undefined;
        continue;
      }
    }
    const status: Status = m[2] === "✔"
      ? (why === "TODO" ? "todo" : "passed")
      : m[2] === "﹣"
      ? "skipped"
      : "failed";
    const c: TestCase = { name: failingSection ? name : full, status };
    if (dur) c.ms = parseDuration(dur[2]!)!;
    if (why && why !== "TODO") c.message = why;
    if (status === "failed") {
      message(c, body);
      const where = nextLocation ?? locationIn(body.join("\n"));
      if (where) c.location = where;
      nextLocation = undefined;
    }
    cases.push(c);
  }
  if (counts.pass !== undefined) {
    report.counts = {
      passed: counts.pass,
      failed: counts.fail ?? 0,
      skipped: counts.skipped ?? 0,
      todo: counts.todo ?? 0,
    };
  } else if (counts.dotPass !== undefined) {
    report.counts = { passed: counts.dotPass, failed: counts.dotFail ?? 0 };
  }
  if (counts.duration_ms !== undefined) report.ms = counts.duration_ms;
  return report;
}

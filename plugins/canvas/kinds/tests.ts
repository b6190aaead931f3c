/**
 * The `tests` canvas kind: a test report (JUnit XML, TAP, the text of Deno's or Node's runner)
 * drawn as a summary bar, the failures first with message and location, then every test with
 * its duration.
 *
 * @module
 */

import { WeftError } from "../../../protocols/bus/errors.ts";
import type { Renderer, RenderInput, RenderOutput } from "./types.ts";
import { parseJunit } from "./_tests_junit.ts";
import { parseTap } from "./_tests_tap.ts";
import { parseDenoText, parseNodeText } from "./_tests_text.ts";
import { type Status, stripCsi, type TestCase, type TestReport } from "./_tests_model.ts";
import { Row } from "./_row.ts";
import { type Span, wrapSpans } from "./_wrap.ts";

/** Text reports: lines read at most, and the characters of a line looked at. */
const MAX_LINES = 200_000;
const MAX_LINE = 2_000;
/** Tests listed at most; the rest are counted. */
const MAX_CASES = 5_000;
/** Lines of a failure's details shown. */
const DETAIL_LINES = 8;

const MARK: Record<Status, [string, string]> = {
  failed: ["✖", "31"],
  passed: ["✔", "32"],
  skipped: ["↷", "33"],
  todo: ["☐", "36"],
};

/** Format name → parser, and how each is recognised. */
const FORMATS: Record<string, (text: string) => TestReport> = {
  junit: parseJunit,
  tap: parseTap,
  deno: (text) => parseDenoText(textLines(text)),
  node: (text) => parseNodeText(textLines(text)),
};

function textLines(text: string): string[] {
  return stripCsi(text.slice(0, MAX_LINES * 200)).split("\n", MAX_LINES).map((l) =>
    l.replace(/\r$/, "").slice(0, MAX_LINE)
  );
}

function detect(text: string): string {
  const head = stripCsi(text.slice(0, 64 * 1024)).trimStart();
  if (head.startsWith("<")) return "junit";
  if (/^TAP version \d+|^(not )?ok \d+ /m.test(head)) return "tap";
  if (/^running \d+ tests? from |^ ERRORS $|^(ok|FAILED) \| \d+ passed/m.test(head)) return "deno";
  if (/^\s*[✔✖﹣▶] |^ℹ tests \d+|^[.X]+$/m.test(head)) return "node";
  // Deno's dot reporter prints one mark a line before any name.
  if (/^[.!,]$/m.test(head)) return "deno";
  throw new WeftError(
    "INVALID_INPUT",
    "Cannot parse test report: it is not JUnit XML, TAP, or the output of Deno's or Node's test runner",
  );
}

function duration(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return "";
  if (ms < 1) return "<1 ms";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return ms < 60_000
    ? `${(ms / 1000).toFixed(2)} s`
    : `${Math.floor(ms / 60_000)} m ${Math.round((ms % 60_000) / 1000)} s`;
}

function totals(report: TestReport): Record<Status, number> {
  const n: Record<Status, number> = { passed: 0, failed: 0, skipped: 0, todo: 0 };
  for (const c of report.cases) n[c.status]++;
  return { ...n, ...report.counts };
}

function summary(report: TestReport, width: number): string[] {
  const n = totals(report);
  const failed = n.failed > 0;
  const spans: Span[] = [
    {
      text: failed ? "\ue000FAILED\ue000" : "\ue000PASSED\ue000",
      sgr: failed ? "1;97;41" : "1;97;42",
    },
    { text: " ", sgr: "" },
  ];
  const parts: [number, string, string][] = [
    [n.failed, "failed", "1;31"],
    [n.passed, "passed", "32"],
    [n.skipped, "skipped", "33"],
    [n.todo, "todo", "36"],
  ];
  for (const [count, label, sgr] of parts) {
    if (!count && label !== "passed" && label !== "failed") continue;
    if (spans.length > 2) spans.push({ text: " · ", sgr: "2" });
    spans.push({ text: `${count}\ue000${label}`, sgr: count ? sgr : "2" });
  }
  if (report.ms !== undefined) {
    spans.push({ text: `  ${duration(report.ms).replace(" ", "\ue000")}`, sgr: "2" });
  }
  // Narrow panes wrap the counts rather than cut them (U+E000 keeps a count with its label).
  const rows = wrapSpans(spans, width).map((line) => {
    const row = new Row(width);
    for (const s of line) row.add(s.text.replaceAll("\ue000", " "), s.sgr);
    return row.toString();
  });
  const total = n.failed + n.passed + n.skipped + n.todo;
  const bar = new Row(width);
  if (total > 0) {
    let used = 0;
    for (const [count, , sgr] of parts) {
      const cells = Math.round(((used + count) / total) * width) -
        Math.round((used / total) * width);
      bar.add("█".repeat(cells), sgr.replace("1;", ""));
      used += count;
    }
  }
  return [...rows, bar.toString()];
}

/** A test's line: mark, name (and a skip reason), and its duration at the right edge. */
function caseRow(c: TestCase, width: number): string {
  const [mark, sgr] = MARK[c.status];
  const time = duration(c.ms);
  // Durations line up at the right edge, but no further than 100 columns from the name.
  const edge = Math.min(width, 100);
  const room = time && edge >= time.length + 8 ? edge - time.length - 1 : width;
  const row = new Row(room).add(`${mark} `, sgr).add(c.name, c.status === "failed" ? "1" : "");
  if (c.status !== "failed" && c.status !== "passed" && c.message) row.add(`  ${c.message}`, "2");
  if (room === width) return row.toString();
  const timeSgr = c.ms !== undefined && c.ms >= 1000 ? "33" : "2";
  return `${row}${" ".repeat(edge - time.length - row.used)}\x1b[${timeSgr}m${time}\x1b[0m`;
}

/** Blank lines and stack frames inside the runtime: nothing to read in a failure. */
function noise(line: string): boolean {
  return !line.trim() || /node:internal|\(ext:|node:async_hooks/.test(line);
}

function failure(c: TestCase, width: number): string[] {
  const out = [caseRow(c, width)];
  const indent = "  ";
  const inner = Math.max(1, width - indent.length);
  if (c.location) out.push(new Row(width).add(indent).add(c.location, "36").toString());
  const wrap = (text: string, sgr: string, max: number) => {
    let shown = 0;
    for (const line of text.split("\n")) {
      for (const spans of wrapSpans([{ text: line, sgr }], inner)) {
        if (shown++ === max) return;
        const row = new Row(width).add(indent);
        for (const s of spans) row.add(s.text, s.sgr);
        out.push(row.toString());
      }
    }
  };
  const message = (c.message ?? "").split("\n").filter((l) => !noise(l));
  if (message.length) wrap(message.join("\n"), "31", 12);
  if (c.details) {
    const said = message.join("\n");
    const lines = c.details.split("\n").filter((l) =>
      !noise(l) && !said.includes(l.trim().replace(/\.$/, ""))
    );
    if (lines.length) wrap(lines.slice(0, DETAIL_LINES).join("\n"), "2", DETAIL_LINES);
    if (lines.length > DETAIL_LINES) {
      out.push(
        new Row(width).add(`${indent}… ${lines.length - DETAIL_LINES} more lines`, "2").toString(),
      );
    }
  }
  return out;
}

/**
 * Renders a test report. `options.format` (`junit`, `tap`, `deno`, `node`) skips detection.
 *
 * @example
 * ```ts
 * import { render } from "./tests.ts";
 * const { lines } = render({ content: "TAP version 14\nok 1 - a\n1..1\n", width: 40, height: 10 });
 * console.assert(lines[0]!.includes("PASSED"));
 * ```
 */
export const render: Renderer = (input: RenderInput): RenderOutput => {
  const width = Math.max(1, Math.floor(input.width));
  const asked = input.options?.format;
  const format = typeof asked === "string" && asked in FORMATS ? asked : detect(input.content);
  const report = FORMATS[format]!(input.content);
  const lines: string[] = [];
  if (input.title) lines.push(new Row(width).add(input.title, "1").toString());
  lines.push(...summary(report, width));
  const failed = report.cases.filter((c) => c.status === "failed");
  if (failed.length) {
    lines.push("", new Row(width).add(`Failures (${failed.length})`, "1;31").toString());
    for (const c of failed.slice(0, MAX_CASES)) lines.push(...failure(c, width));
  }
  const rest = report.cases.filter((c) => c.status !== "failed");
  if (rest.length) {
    lines.push("", new Row(width).add(`Tests (${report.cases.length})`, "1").toString());
    for (const c of rest.slice(0, MAX_CASES)) lines.push(caseRow(c, width));
  }
  const hidden = Math.max(0, failed.length - MAX_CASES) + Math.max(0, rest.length - MAX_CASES);
  if (hidden) lines.push(new Row(width).add(`… ${hidden} more tests`, "2").toString());
  return { lines };
};

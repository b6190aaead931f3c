/**
 * JUnit XML (as `deno test --reporter=junit`, `node --test --test-reporter=junit`, pytest,
 * Surefire and most CI tools write it) into a test report.
 *
 * @module
 */

import { XMLParser, XMLValidator } from "fast-xml-parser";
import { WeftError } from "../../../protocols/bus/errors.ts";
import { locationIn, type TestCase, type TestReport } from "./_tests_model.ts";

/** XML past this size is refused: it is parsed whole. */
const MAX_XML = 16 * 1024 * 1024;

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  textNodeName: "#text",
  commentPropName: "#comment",
  isArray: (name) =>
    ["testsuite", "testcase", "failure", "error", "skipped", "#comment"].includes(name),
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: false,
});

function text(value: unknown): string {
  if (typeof value === "string") return value;
  if (value && typeof value === "object") return String((value as Node)["#text"] ?? "");
  return "";
}

function attr(node: Node, name: string): string | undefined {
  const v = node[`@${name}`];
  return typeof v === "string" ? v : undefined;
}

function seconds(value: string | undefined): number | undefined {
  const n = value === undefined ? NaN : Number(value);
  return Number.isFinite(n) ? n * 1000 : undefined;
}

function toCase(node: Node, suite: string | undefined): TestCase {
  const name = attr(node, "name") ?? "(unnamed)";
  const problem = ((node.failure ?? node.error) as unknown[] | undefined)?.[0];
  const skipped = (node.skipped as unknown[] | undefined)?.[0];
  const ms = seconds(attr(node, "time"));
  const c: TestCase = { name: suite ? `${suite} › ${name}` : name, status: "passed" };
  if (ms !== undefined) c.ms = ms;
  const file = attr(node, "file") ?? attr(node, "classname");
  const line = attr(node, "line");
  if (problem !== undefined || attr(node, "failure") !== undefined) {
    const body = text(problem).trim();
    const own = problem && typeof problem === "object"
      ? attr(problem as Node, "message")
      : undefined;
    const message = own ?? attr(node, "failure");
    c.status = "failed";
    c.message = message?.trim() || body.split("\n")[0] || "failed";
    if (body && body !== c.message) c.details = body;
    const at = line && file
      ? `${file}:${line}${attr(node, "col") ? `:${attr(node, "col")}` : ""}`
      : undefined;
    const where = at ?? locationIn(body);
    if (where) c.location = where;
  } else if (skipped !== undefined) {
    const type = skipped && typeof skipped === "object" ? attr(skipped as Node, "type") : undefined;
    c.status = type === "todo" ? "todo" : "skipped";
    const why = skipped && typeof skipped === "object"
      ? attr(skipped as Node, "message")
      : undefined;
    if (why && why !== "true") c.message = why;
  }
  return c;
}

/** Walks suites (nested or not) in document order, collecting their cases. */
function walk(node: Node, suite: string | undefined, out: TestCase[]): void {
  for (const c of (node.testcase as Node[] | undefined) ?? []) out.push(toCase(c, suite));
  for (const s of (node.testsuite as Node[] | undefined) ?? []) {
    const name = attr(s, "name");
    // A suite named after its file adds nothing to each name but noise when it is the only one.
    walk(s, name && !/^\.?\.?\//.test(name) ? (suite ? `${suite} › ${name}` : name) : suite, out);
  }
}

/** Totals that Node writes as comments (`<!-- pass 4 -->`), by name. */
function commentCounts(root: Node): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const c of (root["#comment"] as unknown[] | undefined) ?? []) {
    const m = /^\s*(\w+) ([\d.]+)\s*$/.exec(text(c));
    if (m) counts[m[1]!] = Number(m[2]);
  }
  return counts;
}

/**
 * Parses JUnit XML into a report; throws `INVALID_INPUT` (with the line) on malformed XML.
 *
 * @example
 * ```ts
 * import { parseJunit } from "./_tests_junit.ts";
 * const r = parseJunit('<testsuite><testcase name="a" time="0.5"/></testsuite>');
 * console.assert(r.cases[0]!.ms === 500);
 * ```
 */
export function parseJunit(xml: string): TestReport {
  if (xml.length > MAX_XML) {
    throw new WeftError(
      "TOO_LARGE",
      `Cannot render JUnit XML of ${xml.length} bytes: the limit is ${MAX_XML}`,
    );
  }
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    const { msg, line } = valid.err;
    throw new WeftError("INVALID_INPUT", `Cannot parse JUnit XML: line ${line}: ${msg}`, { line });
  }
  const doc = parser.parse(xml) as Node;
  const root = (doc.testsuites ?? doc) as Node;
  if (!doc.testsuites && !doc.testsuite) {
    throw new WeftError(
      "INVALID_INPUT",
      "Cannot parse JUnit XML: no <testsuites> or <testsuite> element",
    );
  }
  const cases: TestCase[] = [];
  walk(typeof root === "object" ? root : {}, undefined, cases);
  const report: TestReport = { format: "junit", cases };
  const node = Array.isArray(doc.testsuites) ? undefined : doc.testsuites as Node | undefined;
  const ms = node && typeof node === "object" ? seconds(attr(node, "time")) : undefined;
  if (ms !== undefined) report.ms = ms;
  const counts = node && typeof node === "object" ? commentCounts(node) : {};
  if (counts.pass !== undefined) {
    const { pass, fail = 0, skipped = 0, todo = 0 } = counts;
    report.counts = { passed: pass, failed: fail, skipped, todo };
  }
  if (counts.duration_ms !== undefined) report.ms = counts.duration_ms;
  return report;
}

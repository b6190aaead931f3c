/**
 * What the `tests` kind draws, whatever the report's format: test cases and the runner's totals.
 *
 * @module
 */

/** A test's outcome. */
export type Status = "passed" | "failed" | "skipped" | "todo";

/** One test (or step, or subtest: its name joins its parents' with " › "). */
export interface TestCase {
  name: string;
  status: Status;
  ms?: number;
  /** The failure's message: its first lines. */
  message?: string;
  /** More of the failure: the stack or the body of a JUnit `<failure>`. */
  details?: string;
  /** `file:line:col`, when the report says where. */
  location?: string;
}

/** A parsed report. `counts` are the runner's own totals when it prints them. */
export interface TestReport {
  format: string;
  cases: TestCase[];
  counts?: Partial<Record<Status, number>>;
  ms?: number;
}

const FRAME = /(?:file:\/\/)?((?:\/|\.\/|[A-Za-z]:\\)[^\s():]+):(\d+)(?::(\d+))?/;

/**
 * The first `path:line:col` in text that is not inside the runtime (`node:internal`, `ext:`):
 * where a failure happened, read from its stack. Scans at most 64 lines of at most 2,000 chars.
 *
 * @example
 * ```ts
 * import { locationIn } from "./_tests_model.ts";
 * console.assert(locationIn("at f (file:///a/b.ts:4:38)") === "/a/b.ts:4:38");
 * ```
 */
export function locationIn(text: string): string | undefined {
  for (const line of text.split("\n", 64)) {
    if (/node:internal|\bext:|node_modules/.test(line)) continue;
    const m = FRAME.exec(line.slice(0, 2000));
    if (m) return m[3] ? `${m[1]}:${m[2]}:${m[3]}` : `${m[1]}:${m[2]}`;
  }
  return undefined;
}

/** Removes CSI sequences (colours a runner printed) so text formats parse the same. */
export function stripCsi(text: string): string {
  // deno-lint-ignore no-control-regex
  return text.replace(/\x1b\[[0-9;?]*[ -/]*[@-~]/g, "");
}

/** Reads a duration such as `732µs`, `2ms`, `1.5s`, `1m2s` into milliseconds. */
export function parseDuration(text: string): number | undefined {
  const m = /^(?:(\d+)m)?(\d+(?:\.\d+)?)(µs|us|ms|s)?$/.exec(text.trim());
  if (!m) return undefined;
  const n = Number(m[2]);
  const unit = m[3] === "s" ? 1000 : m[3] === "µs" || m[3] === "us" ? 0.001 : 1;
  return Number(m[1] ?? 0) * 60_000 + n * unit;
}

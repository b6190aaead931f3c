import { implement } from "./_define.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import type { Pane } from "../model/mod.ts";
import type { CoreDeps } from "./deps.ts";
import type { CoreParsed } from "../../protocols/bus/contract/mod.ts";
import { type Check, waitFor } from "./_wait.ts";
import { searchText } from "./_search.ts";
import { compileUserRegex, loadUserRegex, type UserRegex } from "../../protocols/bus/user_regex.ts";

/** `pane.wait`: until output matches, the process exits, the pane goes idle, or a state. */
export function paneWait(deps: CoreDeps) {
  return implement("pane.wait", async ({ input, targets: { pane }, signal }) => {
    const conditions = [input.match, input.exit, input.idle, input.state].filter((c) =>
      c !== undefined
    );
    if (conditions.length !== 1) {
      throw new WeftError(
        "INVALID_INPUT",
        `Cannot wait for pane "${pane.id}": give exactly one of match, exit, idle, state`,
      );
    }
    const started = performance.now();
    if (input.match !== undefined && input.regex) await loadUserRegex();
    const check = buildCheck(pane, input, () => deps.model.clock.now());
    return waitFor(pane, check, {
      events: deps.bus.events,
      signal,
      pollMs: input.idle ? Math.max(20, Math.min(250, input.idle / 4)) : 1000,
      what: describe(input),
    }).then((result) => ({
      pane: pane.id,
      ...result,
      state: pane.state,
      exit: pane.exit,
      revision: pane.screen.revision,
      waitedMs: Math.round(performance.now() - started),
    }));
  });
}

type WaitResult = { matched?: string; line?: string };

function buildCheck(
  pane: Pane,
  input: CoreParsed<"pane.wait">,
  now: () => number,
): Check<WaitResult> {
  if (input.exit) return () => (pane.exit ? {} : undefined);
  if (input.idle !== undefined) {
    const idle = input.idle;
    return () => (now() - pane.lastOutputAt >= idle && pane.screen.pendingBytes === 0
      ? {}
      : undefined);
  }
  if (input.state !== undefined) {
    const states = Array.isArray(input.state) ? input.state : [input.state];
    return () => (states.includes(pane.state) ? {} : undefined);
  }
  const find = matcher(input.match!, input.regex ?? false, pane.id);
  let since = input.since;
  let firstCheck = since === undefined;
  const startRevision = pane.screen.revision;
  return async (over) => {
    const read = firstCheck
      ? pane.screen.read({ mode: "visible", joinWrapped: true })
      : pane.screen.read({ mode: "history", since: since ?? startRevision, joinWrapped: true });
    firstCheck = false;
    since ??= startRevision;
    const m = await find(read.text, over);
    if (!m) return undefined;
    const lineStart = read.text.lastIndexOf("\n", m.index) + 1;
    const lineEnd = read.text.indexOf("\n", m.index + m.text.length);
    return { matched: m.text, line: read.text.slice(lineStart, lineEnd < 0 ? undefined : lineEnd) };
  };
}

type Find = (text: string, over: AbortSignal) => Promise<{ index: number; text: string } | null>;

/** Plain text is found with indexOf; a regex only through RE2, never a backtracking RegExp. */
function matcher(match: string, regex: boolean, pane: string): Find {
  if (!regex) {
    return (text) => {
      const index = text.indexOf(match);
      return Promise.resolve(index < 0 ? null : { index, text: match });
    };
  }
  let pattern: UserRegex;
  try {
    pattern = compileUserRegex(match, "m");
  } catch (err) {
    const reason = (err as Error).message.replace(/^Cannot use regex /, "");
    throw new WeftError("INVALID_INPUT", `Cannot wait for pane "${pane}": bad regex ${reason}`);
  }
  return (text, over) => searchText(pattern, text, over);
}

function describe(input: CoreParsed<"pane.wait">): string {
  if (input.exit) return "exit";
  if (input.idle !== undefined) return `${input.idle} ms of quiet`;
  if (input.state !== undefined) return `state ${[input.state].flat().join("|")}`;
  return `${input.regex ? "regex" : "text"} ${JSON.stringify(input.match)}`;
}

/**
 * The kinds a canvas can show: kind name → renderer, looked up by exact name. Each renderer is
 * a pure function (see `types.ts`); the canvas plugin reads sources and draws what they return.
 *
 * @module
 */
import type { Renderer } from "./types.ts";
import { renderAgents } from "./agents.ts";
import { render as renderDiff } from "./diff.ts";
import { render as renderMarkdown } from "./markdown.ts";
import { render as renderTests } from "./tests.ts";
import { renderJson } from "./json.ts";
import { renderLog } from "./log.ts";
import { renderTable } from "./table.ts";

export type { Renderer, RenderInput, RenderOutput } from "./types.ts";

/** Every kind the canvas plugin renders, by name. */
export const KINDS: Readonly<Record<string, Renderer>> = {
  json: renderJson,
  log: renderLog,
  table: renderTable,
  agents: renderAgents,
  diff: renderDiff,
  tests: renderTests,
  markdown: renderMarkdown,
};

/** What each kind shows and its options, for `canvas.kinds` and help (optional per kind). */
export const KIND_SUMMARIES: Readonly<Record<string, string>> = {
  json: "JSON pretty-printed and coloured; deep levels folded (options.fold), options.at " +
    "shows the value at a path such as a.b[0]",
  log: "a log that follows its file: levels coloured, options.highlight and options.filter " +
    "are regexes (RE2), options.ignoreCase",
  table: "CSV, TSV or a JSON array of objects, columns fitted to the width " +
    "(options.format: csv, tsv, json)",
  agents: "a live board of every agent pane: name, kind, state, its message, since when " +
    "(no path or content)",
  diff: "a unified diff (path or content), or two files (options.old and options.new, " +
    "paths in the project), or a git range of the project (options.range, e.g. HEAD~1..HEAD): colours, line numbers, word marks, side by side from 160 columns " +
    "(options.sideBySide)",
  tests: "test results (JUnit XML, TAP, Deno/Node reporters): summary, failures first",
  markdown: "Markdown: headings, emphasis, lists, quotes, tables, links, fenced code",
};

/** Kinds that read no source: the plugin gathers what they show. */
export const LIVE_KINDS: ReadonlySet<string> = new Set(["agents"]);

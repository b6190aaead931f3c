/**
 * Input fields the canvas commands share.
 *
 * @module
 */

import { z } from "@weft/weft/plugin";

/** The kind to render. */
export const kindField = z.string().min(1).max(32).describe(
  "What to show: json, log, table, agents, diff, tests, markdown (see canvas.kinds).",
);

/** Where the text comes from and how to show it. */
export const sourceFields = {
  path: z.string().min(1).max(4096).optional().describe(
    "A file inside the project (relative to it, or absolute); watched and drawn again on change.",
  ),
  content: z.string().max(4 * 1024 * 1024).optional().describe(
    "The text to show, instead of path.",
  ),
  title: z.string().max(256).optional().describe("Title (default: the path, else the kind)."),
  options: z.record(z.string(), z.unknown()).optional().describe(
    "Kind options, e.g. log {highlight, filter, ignoreCase}, json {fold, at}, table {format}, " +
      "diff {range: a git range of the project such as HEAD~1..HEAD, or old and new: two files}.",
  ),
};

/**
 * weft: a terminal multiplexer server for AI coding agents. The CLI entry point: it parses
 * the subcommand and hands over to `core/cli`.
 *
 * @module
 */

import { runCli } from "./core/cli/mod.ts";

if (import.meta.main) Deno.exit(await runCli(Deno.args));

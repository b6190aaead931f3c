/**
 * `weft web`: turns the web page on in the running server if it is off, prints a one-time
 * login URL and exits; `--open` also opens it in a browser (`$BROWSER`, else `xdg-open`),
 * `--qr` prints it as a QR code too (for a phone's camera), `--host NAME` makes it an
 * `https://NAME/` URL for one of the plugin's `allowedHosts` (your own reverse proxy).
 *
 * @module
 */

import { resolve } from "node:path";
import { parseArgs } from "../cli/args.ts";
import { WeftClient } from "../client/mod.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import type { CliIo, Subcommand } from "../cli/io.ts";
import { qrLines } from "./qr.ts";

const USAGE = "weft web [--open] [--read-only] [--qr] [--host NAME] [--project DIR]";

/** The `web` subcommand. */
export const web: Subcommand = {
  usage: USAGE,
  summary: "Print a one-time login URL for the web page (live panes in a browser)",
  run: async (args, io) => {
    const { values } = parseArgs({
      args,
      options: {
        project: { type: "string" },
        "read-only": { type: "boolean" },
        open: { type: "boolean" },
        qr: { type: "boolean" },
        host: { type: "string" },
      },
    });
    const start = values.project ? resolve(io.cwd, values.project) : io.cwd;
    const client = await WeftClient.find(start, { client: "cli" });
    try {
      const running = await client.call(
        "server.status",
      );
      const web = running.plugins.find((p) => p.name === "web");
      if (web?.state !== "running") {
        const started = await client.call(
          "server.plugin_start",
          { name: "web" },
        );
        if (started.state !== "running") {
          throw new WeftError(
            "UNAVAILABLE",
            `Cannot print a login URL: the web plugin is ${started.state}` +
              (started.lastError ? `: ${started.lastError.message}` : ""),
          );
        }
      }
      const { url } = await client.call<{ url: string }>("web.login", {
        readOnly: values["read-only"] === true,
        ...(values.host ? { host: values.host } : {}),
      });
      io.out(url + "\n");
      // For a phone: its camera opens the URL (good for one use, five minutes).
      if (values.qr) io.out(qrLines(url).join("\n") + "\n");
      return values.open ? await openBrowser(url, io) : 0;
    } finally {
      client.close();
    }
  },
};

/** How long `--open` waits for a launcher (xdg-open returns at once; a bare browser does not). */
const LAUNCH_WAIT_MS = 3000;

/**
 * Opens `url` with `$BROWSER` (its first `:`-separated entry, as `sensible-browser` reads it)
 * or `xdg-open`. A launcher that fails is reported; a browser that keeps running is left to
 * run. Returns the exit code.
 */
async function openBrowser(url: string, io: CliIo): Promise<number> {
  const program = io.env("BROWSER")?.split(":")[0]?.trim() || "xdg-open";
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command(program, {
      args: [url],
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).spawn();
  } catch (err) {
    io.err(`Cannot open a browser with "${program}": ${(err as Error).message}\n`);
    return 1;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = await Promise.race([
    child.status,
    new Promise<undefined>((r) => {
      timer = setTimeout(() => r(undefined), LAUNCH_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
  if (!waited) {
    child.unref();
    return 0;
  }
  if (waited.success) return 0;
  io.err(`Cannot open a browser: "${program}" exited with ${waited.code}\n`);
  return 1;
}

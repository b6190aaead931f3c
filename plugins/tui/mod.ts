/**
 * `weft attach`: a full-screen terminal client for a running weft server, tmux-style. It keeps
 * a headless screen per shown pane, fed by a snapshot and then the pane's output, and draws
 * their cells into the real terminal with damage tracking.
 *
 * @example
 * ```ts ignore
 * import { attach } from "./mod.ts";
 * const exit = await attach({ cwd: Deno.cwd(), session: "main" });
 * console.log(exit.message);
 * ```
 *
 * @module
 */

import { parseArgs } from "../cli/args.ts";
import { WeftClient } from "../client/mod.ts";
import { loadConfig } from "../../core/sdk/config.ts";
import type { Subcommand } from "../cli/io.ts";
import { UsageError } from "../cli/io.ts";
import { ATTACH_DEFAULTS, AttachApp, type AttachExit, type AttachOptions } from "./app.ts";
import { namedKeyBytes } from "./key_names.ts";
import { processTerminal, type TerminalIo } from "./terminal.ts";
import { BUILTIN_PLUGINS } from "../builtin.ts";
import { userConfigPath } from "./user_config.ts";

export { AttachApp, type AttachExit, type AttachOptions } from "./app.ts";
export type { TerminalIo } from "./terminal.ts";

/** What {@link attach} needs: where the project is, and optional overrides. */
export interface AttachRequest extends Partial<AttachOptions> {
  cwd: string;
  /** The terminal to draw on; default: this process's. */
  terminal?: TerminalIo;
}

/**
 * Attaches to the server of the project around `cwd` until detach (or the server or session
 * going away). Options not given come from the project's `weft.attach` config.
 */
export async function attach(request: AttachRequest): Promise<AttachExit> {
  const config = await loadConfig(request.cwd, { builtins: BUILTIN_PLUGINS }).catch(() =>
    undefined
  );
  const options: AttachOptions = {
    ...ATTACH_DEFAULTS,
    ...(config
      ? {
        prefix: config.attach.prefix,
        scrollback: config.attach.scrollback,
        modeKeys: config.attach.modeKeys,
      }
      : {}),
    ...withoutUndefined(request),
  };
  if (!namedKeyBytes(options.prefix)) {
    throw new UsageError(
      `the prefix "${options.prefix}" is not a key name such as C-b, C-a or M-x`,
    );
  }
  const userConfig = userConfigPath((name) => Deno.env.get(name));
  const connect = () => WeftClient.find(request.cwd, { client: "tui" });
  const client = await connect();
  const app = new AttachApp(client, request.terminal ?? processTerminal(), {
    reconnect: connect,
    ...(userConfig ? { userConfig } : {}),
    ...options,
  });
  const signals = ["SIGTERM", "SIGHUP"] as const;
  const stop = () => app.finish({ reason: "error", message: "terminated by a signal" });
  // Whatever goes wrong, the terminal gets its modes back before the process ends.
  const crash = (event: ErrorEvent | PromiseRejectionEvent) => {
    event.preventDefault();
    const err = "reason" in event ? event.reason : event.error;
    app.finish({ reason: "error", message: `internal error: ${(err as Error)?.stack ?? err}` });
  };
  for (const s of signals) Deno.addSignalListener(s, stop);
  globalThis.addEventListener("error", crash);
  globalThis.addEventListener("unhandledrejection", crash);
  try {
    return await app.run();
  } finally {
    for (const s of signals) Deno.removeSignalListener(s, stop);
    globalThis.removeEventListener("error", crash);
    globalThis.removeEventListener("unhandledrejection", crash);
    app.client.close();
  }
}

/** The `weft attach` subcommand. */
export const attachCommand: Subcommand = {
  usage: "weft attach [SESSION | HOST/SESSION] [--prefix KEY]",
  summary: "Attach a full-screen terminal client to a session (prefix C-b, ? for help)",
  run: async (args, io) => {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { prefix: { type: "string" } },
    });
    if (positionals.length > 1) throw new UsageError("give at most one session");
    if (!Deno.stdin.isTerminal() || !Deno.stdout.isTerminal()) {
      io.err("weft attach: needs a terminal (stdin and stdout must be a TTY)\n");
      return 1;
    }
    const exit = await attach({
      cwd: io.cwd,
      ...(positionals[0] ? { session: positionals[0] } : {}),
      ...(values.prefix ? { prefix: values.prefix } : {}),
    });
    (exit.reason === "server-gone" || exit.reason === "error" ? io.err : io.out)(
      `[${exit.message}]\n`,
    );
    return exit.reason === "server-gone" || exit.reason === "error" ? 1 : 0;
  },
};

function withoutUndefined<T extends object>(value: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(value)) {
    if (v !== undefined && k !== "cwd" && k !== "terminal") (out as Record<string, unknown>)[k] = v;
  }
  return out;
}

/**
 * A plugin in a Deno Worker inside the server's process: the cheapest transport, but it can
 * neither cap a plugin's memory nor stop a busy one (`Worker.terminate()` leaves a spinning
 * isolate running, and a Worker's heap exhaustion kills the whole process). Kept for trusted
 * plugins and comparisons; {@link processTransport} is the default.
 *
 * @module
 */

import { WORKER_NAME_PREFIX } from "../../protocols/plugin/mod.ts";
import { workerPermissions } from "./_permissions.ts";
import type { Transport, TransportEvents, TransportOptions } from "./_transport.ts";

/**
 * Starts a plugin in a Worker named `weft-plugin:<name>` with exactly the Deno rights of its
 * grant.
 */
export function workerTransport(options: TransportOptions, events: TransportEvents): Transport {
  let closed = false;
  const worker = new Worker(options.url, {
    type: "module",
    name: WORKER_NAME_PREFIX + options.plugin,
    deno: { permissions: workerPermissions(options.grant, options.projectDir, options.stateDir) },
  });
  const down = (reason: string) => {
    if (closed) return;
    closed = true;
    worker.terminate();
    events.down(reason);
  };
  worker.onmessage = (event) => {
    if (!closed) events.message(event.data);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    down(cleanWorkerError(event.message));
  };
  worker.onmessageerror = () => down("it sent a message that cannot be read");
  return {
    send: (message) => {
      if (!closed) worker.postMessage(message);
    },
    kill: () => {
      closed = true;
      worker.terminate();
    },
    // A Worker holds no pipe; once terminated there is nothing to wait for.
    exited: Promise.resolve(),
  };
}

/**
 * A Worker error as one readable line: no colours, no stack, no "Uncaught" prefix.
 *
 * @example
 * ```ts
 * import { cleanWorkerError } from "./_worker_transport.ts";
 * console.assert(cleanWorkerError("Uncaught (in promise) Error: boom") === "Error: boom");
 * ```
 */
export function cleanWorkerError(message: string): string {
  // deno-lint-ignore no-control-regex
  const plain = message.replace(/\x1b\[[0-9;]*m/g, "");
  const line = plain.split("\n")[0] ?? "";
  return line.replace(/^Uncaught (\(in promise\) )?/, "").trim() || "it failed";
}

/**
 * The routing step: where a call goes once its targets are read. A target may name a host
 * (`buildbox/p3`); a plain one, or one naming this server's own host, is local and runs here.
 * A call for another host goes to the first {@link Route} that reaches it: none does today, so
 * it fails with `UNKNOWN_HOST`. The fabric adds a route (a wire), not a second bus.
 *
 * @module
 */

import { WeftError } from "../../protocols/bus/errors.ts";
import { isHostName, parseHostRef, sameHost } from "../../protocols/bus/host_id.ts";
import type { Caller, CommandSpec } from "../../protocols/bus/command_spec.ts";
import type { WeftEvent } from "../../protocols/bus/events.ts";

/** One call as a route carries it to another host. */
export interface RoutedCall {
  /** The host the call's targets name. */
  host: string;
  name: string;
  /** The validated input, its target fields holding references as `host` knows them. */
  input: unknown;
  caller: Caller;
  requestId: string;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** A way to other hosts' buses (the fabric's wire): asked in the order routes were added. */
export interface Route {
  /** Whether this route reaches `host` now. */
  reaches(host: string): boolean;
  /** Runs the call on its host and returns its value, or throws a `WeftError`. */
  call(call: RoutedCall): Promise<unknown>;
  /**
   * Follows the output of `pane` on `host` (as that host names it) for one subscriber until
   * the returned function is called; `emit` gets its events, their `pane` as that host names
   * it. With `replay`, the output that host keeps for the pane comes first.
   */
  follow?(follow: RoutedFollow, emit: (event: WeftEvent) => void): () => void;
}

/** What a route follows for one subscriber: another host's pane. */
export interface RoutedFollow {
  host: string;
  pane: string;
  replay: boolean;
}

/** Where a call's targets are: `host` undefined is here; `input` has its own host stripped. */
export interface Destination {
  host: string | undefined;
  input: unknown;
}

/**
 * The host a call's target fields name (undefined: this host) and the input with references
 * to this host made plain. Throws `INVALID_INPUT` for targets on more than one host.
 *
 * @example
 * ```ts
 * import { destinationOf } from "./route.ts";
 * const spec = { name: "pane.read", targets: [{ kind: "pane", field: "pane" }] as const };
 * console.assert(destinationOf(spec, { pane: "far/p3" }, "near").host === "far");
 * const here = destinationOf(spec, { pane: "near/p3" }, "near");
 * console.assert(here.host === undefined && (here.input as { pane: string }).pane === "p3");
 * ```
 */
export function destinationOf(
  command: Pick<CommandSpec, "name" | "targets">,
  input: unknown,
  ownHost: string | undefined,
): Destination {
  const specs = command.targets ?? [];
  if (!specs.length || typeof input !== "object" || input === null) {
    return { host: undefined, input };
  }
  const fields = input as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  const hosts = new Map<string, string>();
  for (const { field } of specs) {
    const value = fields[field];
    if (typeof value !== "string") continue;
    const { host, ref } = splitRef(value);
    const local = host === undefined || (ownHost !== undefined && sameHost(host, ownHost));
    hosts.set(field, local ? "" : host);
    if (host !== undefined && local) setRef(out ??= { ...fields }, field, ref);
  }
  const remote = [...new Set(hosts.values())];
  if (remote.length > 1) {
    const named = [...hosts].map(([f, h]) => `${f} on ${h || "this host"}`).join(", ");
    throw new WeftError(
      "INVALID_INPUT",
      `Cannot call "${command.name}": its targets are on different hosts (${named})`,
    );
  }
  const host = remote[0] || undefined;
  if (host === undefined) return { host, input: out ?? input };
  const stripped = { ...fields };
  for (const [field] of hosts) setRef(stripped, field, splitRef(fields[field] as string).ref);
  return { host, input: stripped };
}

/**
 * A reference split at its host; `HOST/` alone names that host and leaves the target to it
 * (its own default: the focused window, a new pane): `weft new --host buildbox`.
 */
function splitRef(value: string): { host: string | undefined; ref: string } {
  const host = value.slice(0, -1);
  if (value.endsWith("/") && isHostName(host)) return { host, ref: "" };
  return parseHostRef(value);
}

/** Sets a target field to `ref`, or leaves it out for `HOST/` (the host's own default). */
function setRef(input: Record<string, unknown>, field: string, ref: string): void {
  if (ref === "") delete input[field];
  else input[field] = ref;
}

/** The `UNKNOWN_HOST` error for a call no route reaches. */
export function unknownHost(name: string, host: string, ownHost: string | undefined): WeftError {
  const here = ownHost ? ` (this server is host "${ownHost}")` : "";
  return new WeftError(
    "UNKNOWN_HOST",
    `Cannot call "${name}" on host "${host}": weft reaches no such host${here}`,
    { host },
  );
}

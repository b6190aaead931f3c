/**
 * Which command handler a piece of plugin code runs for. The runtime runs each handler inside
 * its scope (an `AsyncLocalStorage`), and the scope follows everything the handler awaits or
 * schedules, so a bus call made on the handler's behalf is bounded by its caller chain whichever
 * `call` function made it.
 *
 * @module
 */

import { AsyncLocalStorage } from "node:async_hooks";

/** One handler's call, as its nested calls see it. */
export interface HandlerScope {
  /** The host's id of the call being handled: nested calls name it as their parent. */
  readonly id: string;
  /** The command handled. */
  readonly name: string;
  /** Set once the handler has returned: calls from work it left behind are refused. */
  done: boolean;
}

const scopes = new AsyncLocalStorage<HandlerScope | undefined>();

/** Runs a handler inside its scope. */
export function inHandler<T>(scope: HandlerScope, fn: () => T): T {
  return scopes.run(scope, fn);
}

/** The scope of the handler this code runs for, if any. */
export function currentHandler(): HandlerScope | undefined {
  return scopes.getStore();
}

/** Runs `fn`, and whatever it schedules, outside every handler's scope. */
export function outsideHandlers<T>(fn: () => T): T {
  // Not `scopes.exit(fn)`: in Deno 2.9 what `fn` schedules would still see the handler's scope.
  return scopes.run(undefined, fn);
}

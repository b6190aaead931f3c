/**
 * How the bus's targets resolve against the model: a reference (id or unique name) becomes a
 * canonical id; with none, the caller's own pane (or its window, session) where the command
 * allows it, else the current one.
 *
 * @module
 */

import type { TargetResolver } from "../bus/mod.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import type { Model } from "./model.ts";

/**
 * The target resolver for the built-in commands over `model`.
 *
 * @example
 * ```ts
 * import { Bus } from "../bus/mod.ts";
 * import { Model } from "./model.ts";
 * import { targetResolver } from "./target_resolver.ts";
 * const model = new Model({
 *   publish: () => {}, wants: () => false, size: { cols: 80, rows: 24 }, historyBytes: 1 << 20,
 *   idleMs: 1000, baseEnv: () => ({}), socketPath: () => "/tmp/weft.sock",
 *   spawn: () => { throw new Error("this example starts no process"); },
 *   processes: { track() {}, end: async () => {}, settled: async () => {} },
 * });
 * new Bus().setResolver(targetResolver(model));
 * await model.dispose();
 * ```
 */
export function targetResolver(model: Model): TargetResolver {
  return (spec, ref, caller) => {
    if (ref === undefined && spec.fallback === "required") {
      throw new WeftError("INVALID_INPUT", `Cannot find the ${spec.kind}: give "${spec.field}"`);
    }
    return model.resolve(spec.kind, ref, caller.pane, spec.fallback === "caller");
  };
}

/**
 * How the bus turns a command's target reference into a canonical id: through the model's
 * names and current objects, with the caller's own pane as the default where the command
 * allows it.
 *
 * @module
 */

import type { TargetResolver } from "../bus/mod.ts";
import type { Model } from "../model/mod.ts";
import { WeftError } from "../../protocols/bus/errors.ts";

/**
 * The target resolver for the built-in commands over `model`.
 *
 * @example
 * ```ts
 * import { Bus } from "../bus/mod.ts";
 * import { Model } from "../model/mod.ts";
 * import { targetResolver } from "./resolver.ts";
 * const model = new Model({
 *   publish: () => {}, wants: () => false, size: { cols: 80, rows: 24 }, historyBytes: 1 << 20,
 *   idleMs: 1000, baseEnv: () => ({}), socketPath: () => "/tmp/weft.sock",
 *   spawn: () => { throw new Error("this example starts no process"); },
 * });
 * new Bus().setResolver(targetResolver(model));
 * model.dispose();
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

/**
 * The core's `defineCommand`: handlers are handed the model's objects (a `Pane`, a window or
 * session record) for their declared targets, as the resolver `core/server` installs returns.
 *
 * @module
 */

import { commandFactory } from "../bus/mod.ts";
import type { ModelTargets } from "../model/mod.ts";

/** Defines a built-in command whose targets arrive as the model's objects. */
export const defineCommand = commandFactory<ModelTargets>();

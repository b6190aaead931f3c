/**
 * The kinds a canvas can show: kind name → renderer. Kinds are looked up by exact name.
 *
 * @module
 */
import type { Renderer } from "./types.ts";

export type { Renderer, RenderInput, RenderOutput } from "./types.ts";

/** Every kind the canvas plugin renders, by name. */
export const KINDS: Readonly<Record<string, Renderer>> = {};

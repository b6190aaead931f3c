/**
 * Moved: the layout tree's pure math is on the ground floor now, in `protocols/layout/tree/`.
 * This re-export only keeps branches written before the move compiling; import from there.
 *
 * @deprecated Import `protocols/layout/tree/mod.ts`.
 * @module
 */

export * from "../../protocols/layout/tree/mod.ts";

/**
 * The contract every canvas kind renderer follows: a pure function from source text and a pane
 * size to ANSI lines. Renderers do no I/O; the canvas plugin reads files, watches them and draws.
 *
 * @module
 */

/** What a renderer is given: the source text and the cells it may fill. */
export interface RenderInput {
  content: string;
  width: number;
  height: number;
  title?: string;
  path?: string;
  options?: Record<string, unknown>;
}

/** What a renderer returns. */
export interface RenderOutput {
  lines: string[];
} // each line ANSI (SGR only), at most `width` cells wide (use protocols/terminal widths)

/** A kind's renderer; throws WeftError("INVALID_INPUT", ...) on content it cannot parse. */
export type Renderer = (input: RenderInput) => RenderOutput;

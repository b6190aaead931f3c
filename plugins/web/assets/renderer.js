// How the page draws: the font, the size of a character cell, and WebGL or the DOM.

/** The terminals' font. */
export const FONT = { fontFamily: "monospace", fontSize: 14 };

/** Rows of the page above the layout: each pane's title sits in the row above it (the top
 * row of the page or the border row between two panes), never on the pane's own top row. */
export const TITLE_ROWS = 1;

/** Pixels (CSS) a row gets above the font's own height: room for what is drawn at its edges. */
const LEADING = 2;

/**
 * The size of one character cell in pixels, and the `lineHeight` that makes xterm.js draw its
 * rows exactly that tall. xterm.js measures a character as the font's ascent plus descent
 * (canvas metrics) and clips each row to `lineHeight` times that; at `lineHeight: 1` an
 * underscore (drawn at the very bottom of the descent) falls outside its row at device pixel
 * ratio 1 and vanishes. The page gives each row {@link LEADING} more pixels, and lays panes out
 * with the same height xterm.js draws (it used to guess its own, a pixel off per row).
 */
export function measureCell() {
  const ctx = document.createElement("canvas").getContext("2d");
  ctx.font = `${FONT.fontSize}px ${FONT.fontFamily}`;
  const m = ctx.measureText("W");
  const dpr = devicePixelRatio || 1;
  // As xterm.js sizes a cell (its DOM and WebGL renderers alike), in device pixels.
  const char = Math.ceil((m.fontBoundingBoxAscent + m.fontBoundingBoxDescent) * dpr);
  const row = char + Math.ceil(LEADING * dpr);
  // A hair over row / char: xterm.js rounds row = floor(char * lineHeight) down.
  return { w: m.width, h: row / dpr, lineHeight: (row + 0.01) / char };
}

// xterm.js draws with WebGL where a GPU does it (much less work per frame than the DOM for a
// busy pane); a software GL (SwiftShader, llvmpipe: a headless or GPU-less browser) is slower
// than the DOM, so there the DOM stays. `?renderer=webgl` or `?renderer=dom` decides instead.
export function webglHelps() {
  const asked = new URLSearchParams(location.search).get("renderer");
  if (asked) return asked === "webgl";
  if (!globalThis.WebglAddon) return false;
  try {
    const gl = document.createElement("canvas").getContext("webgl2");
    if (!gl) return false;
    const info = gl.getExtension("WEBGL_debug_renderer_info");
    const name = info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : "";
    gl.getExtension("WEBGL_lose_context")?.loseContext();
    return !/swiftshader|llvmpipe|softpipe|software/i.test(name);
  } catch {
    return false;
  }
}

// A pane drawn with WebGL; back to the DOM if that fails or the browser takes the context
// back (it keeps only so many at once).
export function useWebgl(entry, gpu) {
  if (!gpu || !globalThis.WebglAddon) return;
  try {
    const addon = new WebglAddon.WebglAddon();
    addon.onContextLoss(() => {
      addon.dispose();
      entry.el.dataset.renderer = "dom";
    });
    entry.term.loadAddon(addon);
    entry.el.dataset.renderer = "webgl";
  } catch (err) {
    console.warn("weft: WebGL renderer unavailable, drawing with the DOM:", err);
    entry.el.dataset.renderer = "dom";
  }
}

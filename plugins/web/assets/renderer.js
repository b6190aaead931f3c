// How the page draws: the font, the size of a character cell, and WebGL or the DOM.

/** The terminals' font. */
export const FONT = { fontFamily: "monospace", fontSize: 14 };

/** The size of one character cell in pixels, measured on the page. */
export function measureCell() {
  const probe = document.createElement("span");
  probe.style.cssText = `font:${FONT.fontSize}px ${FONT.fontFamily};position:absolute;` +
    "visibility:hidden;white-space:pre";
  probe.textContent = "X".repeat(100);
  document.body.appendChild(probe);
  const r = probe.getBoundingClientRect();
  probe.remove();
  return { w: r.width / 100, h: Math.ceil(r.height) + 1 };
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

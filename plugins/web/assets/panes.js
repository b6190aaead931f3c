// The shown window's panes: one xterm.js each, placed where the server's layout puts them,
// titled with what runs and its state; typing, mouse reports and clicks go to the server.

import { drawBorders } from "./borders.js";
import { FONT, TITLE_ROWS, useWebgl } from "./renderer.js";

/** Draws the shown window's layout from `page.state`: panes gone are dropped, new ones made. */
export function drawLayout(page) {
  const { state, terms, cell } = page;
  const layout = state.layout;
  const shown = new Set(layout ? layout.panes.map((p) => p.pane) : []);
  for (const [id, entry] of terms) {
    if (shown.has(id)) continue;
    entry.term.dispose();
    entry.el.remove();
    terms.delete(id);
  }
  drawBorders(page);
  if (!layout) return;
  fit(page, layout);
  const info = new Map(state.panes.map((p) => [p.id, p]));
  for (const rect of layout.panes) {
    const entry = terms.get(rect.pane) ?? openPane(page, rect.pane);
    const el = entry.el;
    el.style.left = `${rect.x * cell.w}px`;
    el.style.top = `${(rect.y + TITLE_ROWS) * cell.h}px`;
    el.style.width = `${rect.cols * cell.w}px`;
    el.style.height = `${rect.rows * cell.h}px`;
    // The title in the row above the pane (see TITLE_ROWS).
    entry.title.style.top = `${-TITLE_ROWS * cell.h}px`;
    entry.title.style.height = entry.title.style.lineHeight = `${cell.h}px`;
    if (entry.term.options.lineHeight !== cell.lineHeight) {
      entry.term.options.lineHeight = cell.lineHeight;
    }
    el.classList.toggle("focused", page.focused() === rect.pane);
    if (entry.term.cols !== rect.cols || entry.term.rows !== rect.rows) {
      entry.term.resize(rect.cols, rect.rows);
    }
    // The size the page draws the pane at (the server's layout, once the page has caught up).
    el.dataset.cols = String(rect.cols);
    el.dataset.rows = String(rect.rows);
    drawTitle(entry, rect.pane, info.get(rect.pane));
  }
}

// The page draws the server's size, scaled down to fit when it is larger than the page (a
// terminal attached elsewhere sizes the session; a page never shrinks what others see).
function fit(page, layout) {
  const { main, cell } = page;
  // Another host's window keeps that host's size (a page sizes only this host's sessions):
  // drawn at full size, the page scrolls to it rather than shrinking it past reading on a phone.
  const remote = page.state.host !== null;
  main.dataset.remote = String(remote);
  page.scale = remote ? 1 : Math.min(
    1,
    main.clientWidth / (layout.cols * cell.w),
    main.clientHeight / ((layout.rows + TITLE_ROWS) * cell.h),
  );
  main.style.transformOrigin = "0 0";
  main.style.transform = page.scale < 1 ? `scale(${page.scale})` : "";
  main.dataset.scale = page.scale.toFixed(3);
}

function drawTitle(entry, pane, p) {
  entry.title.replaceChildren(`${pane} ${p ? p.title || p.command : ""}`);
  if (!p) return;
  const badge = document.createElement("span");
  badge.className = `badge ${p.state}`;
  badge.textContent = p.agent && p.agent !== "shell" ? `${p.agent} ${p.state}` : p.state;
  badge.title = `${p.state} (from ${p.stateSource})${p.stateMessage ? `: ${p.stateMessage}` : ""}`;
  entry.el.dataset.state = p.state;
  entry.title.appendChild(badge);
}

function openPane(page, pane) {
  const el = document.createElement("div");
  el.className = "pane";
  el.dataset.pane = pane;
  const title = document.createElement("div");
  title.className = "title";
  el.appendChild(title);
  page.main.appendChild(el);
  const term = new Terminal({
    ...FONT,
    scrollback: 1000,
    lineHeight: page.cell.lineHeight,
    allowProposedApi: true,
  });
  // The server's screens give emoji two cells (Unicode 11), as tmux does: so must the page,
  // or every character after one on a line would be drawn a cell to the left.
  term.loadAddon(new Unicode11Addon.Unicode11Addon());
  term.unicode.activeVersion = "11";
  term.open(el);
  const entry = { term, el, title, writes: 0 };
  el.dataset.renderer = "dom";
  useWebgl(entry, page.gpu);
  const writable = () => page.state && !page.state.readOnly;
  term.onData((data) => {
    // The server's own screen answers a program's queries; the page's answers would repeat them.
    // deno-lint-ignore no-control-regex
    if (entry.writes > 0 && /^\x1b(\[[?>]?[\d;]*[cRn]|\][^\x07]*\x07)$/.test(data)) return;
    if (!writable()) return;
    page.send({ t: "input", pane, data });
  });
  // Mouse reports in the default (X10) encoding: one character per byte, sent as bytes (past
  // column 95 they are not UTF-8).
  term.onBinary((data) => writable() && page.send({ t: "bytes", pane, data: btoa(data) }));
  el.addEventListener("mousedown", () => {
    if (!writable() || !page.state.layout || page.focused() === pane) return;
    page.clicked = pane;
    // Another host's focus is its own: the page only marks the pane it types into.
    if (page.state.host !== null) {
      for (const [id, e] of page.terms) e.el.classList.toggle("focused", id === pane);
      return;
    }
    page.send({ t: "focus", pane });
  });
  page.terms.set(pane, entry);
  return entry;
}

// Borders between panes: drag one to move it (the server owns the layout and sets the ratios).
// A border keeps its element while the layout changes, so a drag under way keeps its pointer.

import { TITLE_ROWS } from "./renderer.js";

/** Draws the shown window's borders from `page.state` (none on a read-only page). */
export function drawBorders(page) {
  const { state, main, cell } = page;
  const wanted = new Map();
  if (!state.readOnly) {
    for (const b of state.borders ?? []) {
      wanted.set(`${b.direction}:${b.path.join(".")}/${b.index}`, b);
    }
  }
  for (const el of main.querySelectorAll(".border")) {
    if (!wanted.has(el.dataset.border)) el.remove();
  }
  for (const [key, b] of wanted) {
    let el = main.querySelector(`.border[data-border="${key}"]`);
    if (!el) {
      el = document.createElement("div");
      el.className = `border ${b.direction}`;
      el.dataset.border = key;
      el.addEventListener("pointerdown", (e) => startDrag(page, e, el));
      main.appendChild(el);
    }
    el.border = b;
    el.style.left = `${b.x * cell.w}px`;
    el.style.top = `${(b.y + TITLE_ROWS) * cell.h}px`;
    el.style.width = `${b.cols * cell.w}px`;
    el.style.height = `${b.rows * cell.h}px`;
  }
}

function startDrag(page, e, el) {
  e.preventDefault();
  el.setPointerCapture(e.pointerId);
  const border = el.border;
  const horizontal = border.direction === "horizontal";
  let last = horizontal ? border.x : border.y;
  const move = (ev) => {
    const box = page.main.getBoundingClientRect();
    const at = horizontal
      ? Math.floor((ev.clientX - box.left) / (page.cell.w * page.scale))
      : Math.floor((ev.clientY - box.top) / (page.cell.h * page.scale)) - TITLE_ROWS;
    if (at === last) return;
    last = at;
    page.send({ t: "drag", path: border.path, index: border.index, at });
  };
  const end = () => {
    el.removeEventListener("pointermove", move);
    el.removeEventListener("pointerup", end);
    el.removeEventListener("pointercancel", end);
  };
  el.addEventListener("pointermove", move);
  el.addEventListener("pointerup", end);
  el.addEventListener("pointercancel", end);
}

// weft's web page: tabs, the server's layout of the shown window, one xterm.js per pane, fed
// over one WebSocket (JSON text frames for the view, binary frames for pane bytes). This
// module wires the others together: the feed (feed.js), the tabs (tabs.js), the panes
// (panes.js, borders.js) and how they are drawn (renderer.js).

import { announceNeeds } from "./alerts.js";
import { connectFeed } from "./feed.js";
import { drawHosts } from "./hosts.js";
import { drawNeeds } from "./needs.js";
import { drawLayout } from "./panes.js";
import { measureCell, TITLE_ROWS, webglHelps } from "./renderer.js";
import { drawTabs } from "./tabs.js";

/** What the modules share: the view the server sent last and the page's own parts. */
const page = {
  main: document.getElementById("window"),
  terms: new Map(), // pane id -> { term, el, title, writes }
  state: null,
  clicked: null, // see focused()
  cell: measureCell(),
  scale: 1, // the server's size drawn in the page's (see panes.js fit)
  gpu: webglHelps(),
  send: () => {},
  // The pane clicked last, until the server's layout says it is focused: the toolbar acts on
  // what the human sees as focused, not on a view that has not caught up yet.
  focused: () =>
    page.clicked ?? (page.state && page.state.layout ? page.state.layout.focused : null),
};
document.body.dataset.renderer = page.gpu ? "webgl" : "dom";

function onJson(m) {
  if (m.t === "error") {
    // Said where a phone shows it too (an answer refused as STALE, a read-only page).
    document.getElementById("notice").textContent = m.message;
    return console.warn("weft:", m.message);
  }
  if (m.t === "flooding") {
    // The pane's output is too fast to follow: the page shows copies of its screen meanwhile.
    const entry = page.terms.get(m.pane);
    if (entry) entry.el.dataset.flooding = String(m.on);
    return;
  }
  if (m.t !== "state") return;
  const switched = page.state !== null && page.state.window !== m.window;
  page.state = m;
  if (switched || !m.layout || m.layout.focused === page.clicked) page.clicked = null;
  if (switched) sendSize(); // the newly shown window takes the page's size too
  document.body.dataset.readOnly = String(m.readOnly);
  document.getElementById("mode").textContent = m.readOnly ? "read-only" : "";
  for (const b of document.querySelectorAll("#toolbar button")) b.disabled = m.readOnly;
  // Another host that cannot be shown says why (unreachable, or it lets this host read nothing).
  document.getElementById("notice").textContent = m.hostError ?? "";
  drawHosts(page);
  drawTabs(page);
  drawNeeds(page);
  announceNeeds(page);
  drawLayout(page);
}

function sendSize() {
  page.cell = measureCell();
  const cols = Math.max(2, Math.floor(page.main.clientWidth / page.cell.w));
  const rows = Math.max(2, Math.floor(page.main.clientHeight / page.cell.h) - TITLE_ROWS);
  page.send({ t: "size", cols, rows });
}

function onToolbar(id, message) {
  document.getElementById(id).onclick = () => {
    const pane = page.focused();
    if (pane) page.send(message(pane));
  };
}

let resizing;
addEventListener("resize", () => {
  clearTimeout(resizing);
  resizing = setTimeout(sendSize, 100);
});
onToolbar("split-h", (pane) => ({ t: "split", pane, direction: "horizontal" }));
onToolbar("split-v", (pane) => ({ t: "split", pane, direction: "vertical" }));
onToolbar("zoom", (pane) => ({ t: "zoom", pane, zoomed: !page.state.layout.zoomed }));
onToolbar("close", (pane) => ({ t: "close", pane }));
page.send = connectFeed(page, { onJson, onOpen: sendSize });

// weft's web page: tabs, the server's layout of the shown window, one xterm.js per pane, fed
// over one WebSocket (JSON text frames for the view, binary frames for pane bytes).
"use strict";
(() => {
  const FONT = { fontFamily: "monospace", fontSize: 14 };
  const main = document.getElementById("window");
  const tabs = document.getElementById("tabs");
  const terms = new Map(); // pane id -> { term, el, title, writes }
  const decoder = new TextDecoder();
  let state = null;
  let clicked = null; // see focused()
  let cell = measureCell();
  let ws;
  const drawn = new Map(); // pane id -> bytes drawn and not yet acknowledged
  let undrawnTotal = 0;
  let acking;
  const gpu = webglHelps();
  document.body.dataset.renderer = gpu ? "webgl" : "dom";

  // xterm.js draws with WebGL where a GPU does it (much less work per frame than the DOM for a
  // busy pane); a software GL (SwiftShader, llvmpipe: a headless or GPU-less browser) is slower
  // than the DOM, so there the DOM stays. `?renderer=webgl` or `?renderer=dom` decides instead.
  function webglHelps() {
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
  function useWebgl(entry) {
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

  function measureCell() {
    const probe = document.createElement("span");
    probe.style.cssText = `font:${FONT.fontSize}px ${FONT.fontFamily};position:absolute;` +
      "visibility:hidden;white-space:pre";
    probe.textContent = "X".repeat(100);
    document.body.appendChild(probe);
    const r = probe.getBoundingClientRect();
    probe.remove();
    return { w: r.width / 100, h: Math.ceil(r.height) + 1 };
  }

  function send(message) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  }

  function connect() {
    ws = new WebSocket(`ws://${location.host}/ws`);
    ws.binaryType = "arraybuffer";
    ws.onopen = () => sendSize();
    ws.onmessage = (e) => typeof e.data === "string" ? onJson(JSON.parse(e.data)) : onBytes(e.data);
    ws.onclose = () => {
      document.getElementById("mode").textContent = "disconnected";
      document.body.dataset.connected = "false";
    };
  }

  function onBytes(buffer) {
    const bytes = new Uint8Array(buffer);
    const kind = bytes[0];
    const idLength = bytes[1];
    const pane = decoder.decode(bytes.subarray(2, 2 + idLength));
    const entry = terms.get(pane);
    if (!entry) return ack(pane, bytes.length);
    // A snapshot starts with a full reset (RIS) written in turn, after what is still queued.
    if (kind === 0) entry.term.write("\x1bc");
    entry.writes++;
    entry.term.write(bytes.subarray(2 + idLength), () => {
      entry.writes--;
      if (kind === 0) entry.el.dataset.ready = "true";
      ack(pane, bytes.length);
    });
  }

  // The server sends more of a pane's output only as the page draws it (a slow pane is resynced).
  function ack(pane, n) {
    drawn.set(pane, (drawn.get(pane) ?? 0) + n);
    undrawnTotal += n;
    if (undrawnTotal >= 32768) return flushAck();
    acking ??= setTimeout(flushAck, 5);
  }

  function flushAck() {
    clearTimeout(acking);
    acking = undefined;
    if (drawn.size) send({ t: "ack", panes: Object.fromEntries(drawn) });
    drawn.clear();
    undrawnTotal = 0;
  }

  function onJson(m) {
    if (m.t === "error") return console.warn("weft:", m.message);
    if (m.t === "flooding") {
      // The pane's output is too fast to follow: the page shows copies of its screen meanwhile.
      const entry = terms.get(m.pane);
      if (entry) entry.el.dataset.flooding = String(m.on);
      return;
    }
    if (m.t !== "state") return;
    const switched = state !== null && state.window !== m.window;
    state = m;
    if (switched || !m.layout || m.layout.focused === clicked) clicked = null;
    if (switched) sendSize(); // the newly shown window takes the page's size too
    document.body.dataset.readOnly = String(m.readOnly);
    document.getElementById("mode").textContent = m.readOnly ? "read-only" : "";
    for (const b of document.querySelectorAll("#toolbar button")) b.disabled = m.readOnly;
    drawTabs();
    drawLayout();
  }

  function drawTabs() {
    const blocked = state.blocked ?? [];
    tabs.replaceChildren();
    for (const s of state.sessions) {
      for (const w of state.windows.filter((w) => w.session === s.id)) {
        const b = document.createElement("button");
        b.textContent = `${s.name ?? s.id}:${w.name ?? w.id}`;
        b.className = w.id === state.window ? "current" : "";
        const waiting = blocked.filter((x) => x.window === w.id).length;
        if (waiting) {
          const mark = document.createElement("span");
          mark.className = "badge blocked";
          mark.textContent = String(waiting);
          mark.title = `${waiting} agent(s) waiting for you`;
          b.appendChild(mark);
        }
        b.onclick = () => send({ t: "view", window: w.id });
        tabs.appendChild(b);
      }
    }
    // Agents blocked on a human, in any window; a click shows the first one's window.
    const count = document.getElementById("blocked");
    count.textContent = blocked.length ? `${blocked.length} blocked` : "";
    count.title = blocked.map((x) => `${x.pane} ${x.agent}: ${x.message ?? "waiting"}`).join("\n");
    count.onclick = () => blocked.length && send({ t: "view", window: blocked[0].window });
  }

  function drawLayout() {
    const layout = state.layout;
    const shown = new Set(layout ? layout.panes.map((p) => p.pane) : []);
    for (const [id, entry] of terms) {
      if (shown.has(id)) continue;
      entry.term.dispose();
      entry.el.remove();
      terms.delete(id);
    }
    drawBorders();
    if (!layout) return;
    const info = new Map(state.panes.map((p) => [p.id, p]));
    for (const rect of layout.panes) {
      const entry = terms.get(rect.pane) ?? open(rect.pane);
      const el = entry.el;
      el.style.left = `${rect.x * cell.w}px`;
      el.style.top = `${rect.y * cell.h}px`;
      el.style.width = `${rect.cols * cell.w}px`;
      el.style.height = `${rect.rows * cell.h}px`;
      el.classList.toggle("focused", layout.focused === rect.pane);
      if (entry.term.cols !== rect.cols || entry.term.rows !== rect.rows) {
        entry.term.resize(rect.cols, rect.rows);
      }
      // The size the page draws the pane at (the server's layout, once the page has caught up).
      el.dataset.cols = String(rect.cols);
      el.dataset.rows = String(rect.rows);
      const p = info.get(rect.pane);
      entry.title.replaceChildren(`${rect.pane} ${p ? p.title || p.command : ""}`);
      if (p) {
        const badge = document.createElement("span");
        badge.className = `badge ${p.state}`;
        badge.textContent = p.agent && p.agent !== "shell" ? `${p.agent} ${p.state}` : p.state;
        badge.title = `${p.state} (from ${p.stateSource})${
          p.stateMessage ? `: ${p.stateMessage}` : ""
        }`;
        entry.el.dataset.state = p.state;
        entry.title.appendChild(badge);
      }
    }
  }

  // Borders between panes: drag one to move it (the server owns the layout and sets the ratios).
  // A border keeps its element while the layout changes, so a drag under way keeps its pointer.
  function drawBorders() {
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
        el.addEventListener("pointerdown", (e) => startDrag(e, el));
        main.appendChild(el);
      }
      el.border = b;
      el.style.left = `${b.x * cell.w}px`;
      el.style.top = `${b.y * cell.h}px`;
      el.style.width = `${b.cols * cell.w}px`;
      el.style.height = `${b.rows * cell.h}px`;
    }
  }

  function startDrag(e, el) {
    e.preventDefault();
    el.setPointerCapture(e.pointerId);
    const border = el.border;
    const horizontal = border.direction === "horizontal";
    let last = horizontal ? border.x : border.y;
    const move = (ev) => {
      const box = main.getBoundingClientRect();
      const at = horizontal
        ? Math.floor((ev.clientX - box.left) / cell.w)
        : Math.floor((ev.clientY - box.top) / cell.h);
      if (at === last) return;
      last = at;
      send({ t: "drag", path: border.path, index: border.index, at });
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

  function open(pane) {
    const el = document.createElement("div");
    el.className = "pane";
    el.dataset.pane = pane;
    const title = document.createElement("div");
    title.className = "title";
    el.appendChild(title);
    main.appendChild(el);
    const term = new Terminal({ ...FONT, scrollback: 1000, lineHeight: 1, allowProposedApi: true });
    // The server's screens give emoji two cells (Unicode 11), as tmux does: so must the page,
    // or every character after one on a line would be drawn a cell to the left.
    term.loadAddon(new Unicode11Addon.Unicode11Addon());
    term.unicode.activeVersion = "11";
    term.open(el);
    const entry = { term, el, title, writes: 0 };
    el.dataset.renderer = "dom";
    useWebgl(entry);
    term.onData((data) => {
      // The server's own screen answers a program's queries; the page's answers would repeat them.
      // deno-lint-ignore no-control-regex
      if (entry.writes > 0 && /^\x1b(\[[?>]?[\d;]*[cRn]|\][^\x07]*\x07)$/.test(data)) return;
      if (!state || state.readOnly) return;
      send({ t: "input", pane, data });
    });
    // Mouse reports in the default (X10) encoding: one character per byte, sent as bytes (past
    // column 95 they are not UTF-8).
    term.onBinary((data) =>
      state && !state.readOnly && send({ t: "bytes", pane, data: btoa(data) })
    );
    el.addEventListener("mousedown", () => {
      if (!state || state.readOnly || !state.layout || focused() === pane) return;
      clicked = pane;
      send({ t: "focus", pane });
    });
    terms.set(pane, entry);
    return entry;
  }

  // The pane clicked last, until the server's layout says it is focused: the toolbar acts on
  // what the human sees as focused, not on a view that has not caught up yet.
  function focused() {
    return clicked ?? (state && state.layout ? state.layout.focused : null);
  }

  function sendSize() {
    cell = measureCell();
    const cols = Math.max(2, Math.floor(main.clientWidth / cell.w));
    const rows = Math.max(2, Math.floor(main.clientHeight / cell.h));
    send({ t: "size", cols, rows });
  }

  let resizing;
  addEventListener("resize", () => {
    clearTimeout(resizing);
    resizing = setTimeout(sendSize, 100);
  });
  document.getElementById("split-h").onclick = () =>
    focused() && send({ t: "split", pane: focused(), direction: "horizontal" });
  document.getElementById("split-v").onclick = () =>
    focused() && send({ t: "split", pane: focused(), direction: "vertical" });
  document.getElementById("zoom").onclick = () =>
    focused() && send({ t: "zoom", pane: focused(), zoomed: !state.layout.zoomed });
  document.getElementById("close").onclick = () =>
    focused() && send({ t: "close", pane: focused() });
  connect();
})();

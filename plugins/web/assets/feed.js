// The page's one WebSocket: JSON text frames for the view, binary frames for pane bytes, and
// acknowledgements of what the page has drawn (the server sends more of a pane's output only
// as the page draws it; a slow pane is resynced).

const decoder = new TextDecoder();

/**
 * Connects to the server; `onJson(message)` gets each view message, `onOpen()` runs once the
 * socket is open. Returns `send(message)`, which drops a message while the socket is not open.
 */
export function connectFeed(page, { onJson, onOpen }) {
  const ws = new WebSocket(`ws://${location.host}/ws`);
  ws.binaryType = "arraybuffer";
  const send = (message) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  };
  const acks = acknowledger(send);
  ws.onopen = () => onOpen();
  ws.onmessage = (e) =>
    typeof e.data === "string" ? onJson(JSON.parse(e.data)) : onBytes(page, e.data, acks);
  ws.onclose = () => {
    document.getElementById("mode").textContent = "disconnected";
    document.body.dataset.connected = "false";
  };
  return send;
}

function onBytes(page, buffer, ack) {
  const bytes = new Uint8Array(buffer);
  const kind = bytes[0];
  const idLength = bytes[1];
  const pane = decoder.decode(bytes.subarray(2, 2 + idLength));
  const entry = page.terms.get(pane);
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

// Bytes drawn are acknowledged in one message per 5 ms, or at once past 32 KiB.
function acknowledger(send) {
  const drawn = new Map(); // pane id -> bytes drawn and not yet acknowledged
  let undrawnTotal = 0;
  let acking;
  const flush = () => {
    clearTimeout(acking);
    acking = undefined;
    if (drawn.size) send({ t: "ack", panes: Object.fromEntries(drawn) });
    drawn.clear();
    undrawnTotal = 0;
  };
  return (pane, n) => {
    drawn.set(pane, (drawn.get(pane) ?? 0) + n);
    undrawnTotal += n;
    if (undrawnTotal >= 32768) return flush();
    acking ??= setTimeout(flush, 5);
  };
}

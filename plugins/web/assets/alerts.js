// Telling the human that an agent started waiting: a browser notification when the page may
// show them (the 🔔 button asks, on a tap: browsers ask only on a gesture), else a banner at
// the top of the page; either way the tab's title counts the waiting agents ("(2) weft").
// Each new wait is told once (a pane's wait is new when its `since` changes), and at most once
// per pane every 10 s; agents already waiting when the page opens are listed, not announced.

const QUIET_MS = 10_000;
const told = new Map(); // pane -> { since, at }
let first = true;

/** Announces the needs in `page.state` that were not there before. */
export function announceNeeds(page) {
  const needs = page.state.needs ?? [];
  document.title = needs.length ? `(${needs.length}) weft` : "weft";
  drawBell();
  const banner = document.getElementById("alert");
  if (!needs.some((n) => n.pane === banner.dataset.pane)) banner.hidden = true;
  const now = Date.now();
  const fresh = needs.filter((n) => {
    const last = told.get(n.pane);
    if (last && last.since === n.since) return false;
    const quiet = last && now - last.at < QUIET_MS;
    if (!quiet) told.set(n.pane, { since: n.since, at: now });
    return !quiet;
  });
  for (const pane of told.keys()) if (!needs.some((n) => n.pane === pane)) told.delete(pane);
  if (first) return void (first = false);
  for (const need of fresh) tell(page, need);
}

function tell(page, need) {
  const title = `${need.name ?? need.pane} · ${need.agent} needs you`;
  const body = need.question ?? "waiting for you";
  const show = () => page.send({ t: "view", window: need.window });
  if (globalThis.Notification?.permission === "granted") {
    const n = new Notification(title, { body, tag: `weft-${need.pane}` });
    n.onclick = () => (focus(), show(), n.close());
    return;
  }
  const banner = document.getElementById("alert");
  banner.textContent = `${title}: ${body}`;
  banner.dataset.pane = need.pane;
  banner.hidden = false;
  banner.onclick = () => (banner.hidden = true, show());
}

// The 🔔 button: shown while the browser has not been asked yet.
function drawBell() {
  const bell = document.getElementById("bell");
  const can = typeof globalThis.Notification === "function" && isSecureContext;
  bell.hidden = !can || Notification.permission !== "default";
  bell.onclick = () => Notification.requestPermission().then(drawBell);
}

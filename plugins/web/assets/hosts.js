// The host switcher, once this server has joined a fabric: this host and every other one the
// fabric knows; a click shows that host's sessions, windows and panes (its panes stream live
// and take keys like this host's). An unreachable host is marked and cannot be picked.

/** Draws the switcher from `page.state` (hidden when the server joined no fabric). */
export function drawHosts(page) {
  const { state, send } = page;
  const nav = document.getElementById("hosts");
  nav.hidden = !state.hosts;
  nav.replaceChildren();
  if (!state.hosts) return;
  for (const h of state.hosts) {
    const b = document.createElement("button");
    const shown = h.state === "self" ? state.host === null : state.host === h.host;
    b.textContent = h.state === "self" ? `${h.host} (here)` : h.host;
    b.dataset.host = h.host;
    b.dataset.state = h.state;
    b.className = shown ? "current" : "";
    b.disabled = h.state === "unreachable";
    b.title = h.state === "unreachable" ? `${h.host} is unreachable now` : `Show ${h.host}'s panes`;
    b.onclick = () => send({ t: "host", host: h.state === "self" ? null : h.host });
    nav.appendChild(b);
  }
}

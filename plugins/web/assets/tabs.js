// The tabs: one per window of every session, with how many of its agents wait for a human;
// and the count of blocked agents in any window.

/** Draws the tabs and the blocked count from `page.state`. */
export function drawTabs(page) {
  const { state, send } = page;
  const blocked = state.needs ?? [];
  const tabs = document.getElementById("tabs");
  tabs.replaceChildren();
  for (const s of state.sessions) {
    for (const w of state.windows.filter((w) => w.session === s.id)) {
      const b = document.createElement("button");
      // Another host's ids carry its name (`buildbox/w1`): the switcher already says which.
      const own = (id) => (state.host === null ? id : id.slice(id.indexOf("/") + 1));
      b.textContent = `${s.name ?? own(s.id)}:${w.name ?? own(w.id)}`;
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
  count.title = blocked.map((x) => `${x.pane} ${x.agent}: ${x.question ?? "waiting"}`).join("\n");
  count.onclick = () => blocked.length && send({ t: "view", window: blocked[0].window });
}

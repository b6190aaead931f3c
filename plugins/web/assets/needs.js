// The agents waiting for you, in every window: each with its question and one big button per
// choice its dialog shows (Approve for the first, Deny for its "No"). A tap sends the choice
// with the fingerprint of the dialog the page showed: the server types it only into that very
// dialog (else the page is told STALE). On a phone this list is the top of the page.

/** Draws `page.state.needs` into the #needs section. */
export function drawNeeds(page) {
  const { state, send } = page;
  const needs = state.needs ?? [];
  const box = document.getElementById("needs");
  // The list is read again every 2 s while it is not empty: when only the times changed, the
  // cards stay (a button is never swapped out under a finger) and only their heads are written.
  const key = JSON.stringify([state.readOnly, needs.map((n) => ({ ...n, waitedMs: 0 }))]);
  if (box.dataset.key === key) {
    for (const need of needs) {
      const head = box.querySelector(`.need[data-pane="${CSS.escape(need.pane)}"] .need-head`);
      if (head) head.textContent = headText(need);
    }
    return;
  }
  box.dataset.key = key;
  box.replaceChildren();
  box.hidden = needs.length === 0;
  for (const need of needs) {
    const card = document.createElement("article");
    card.className = "need";
    card.dataset.pane = need.pane;
    const head = document.createElement("button");
    head.className = "need-head";
    head.textContent = headText(need);
    head.onclick = () => send({ t: "view", window: need.window });
    const question = document.createElement("p");
    question.textContent = need.question ?? "waiting for you";
    // The browser times the list's first paint (Element Timing: the phone page's useful paint).
    question.setAttribute("elementtiming", "need");
    card.append(head, question);
    const row = document.createElement("div");
    row.className = "choices";
    // A permission request held by the agent's hook, its dialog not on screen (yet): the
    // hook takes approve or deny.
    if (need.held && need.choices.length === 0) {
      for (const [verb, label] of [["approve", "Approve"], ["deny", "Deny"]]) {
        const b = document.createElement("button");
        b.className = verb;
        b.textContent = label;
        b.disabled = state.readOnly;
        keepFocusAway(b);
        b.onclick = () =>
          send({ t: "answer", pane: need.pane, [verb]: true, fingerprint: need.fingerprint });
        row.appendChild(b);
      }
    }
    for (const choice of need.choices) {
      const b = document.createElement("button");
      const no = /^No\b/i.test(choice.label);
      b.className = choice.n === 1 ? "approve" : no ? "deny" : "";
      b.textContent = choice.n === 1
        ? `Approve · ${choice.label}`
        : no
        ? `Deny · ${choice.label}`
        : `${choice.n}. ${choice.label}`;
      b.dataset.choice = String(choice.n);
      b.disabled = state.readOnly || !need.fingerprint;
      keepFocusAway(b);
      b.onclick = () =>
        send({ t: "answer", pane: need.pane, choice: choice.n, fingerprint: need.fingerprint });
      row.appendChild(b);
    }
    card.append(row, muteButton(page, need));
    box.appendChild(card);
  }
}

function headText(need) {
  return `${need.name ?? need.pane} · ${need.agent} · ${need.kind ?? need.state} · ` +
    `${Math.round(need.waitedMs / 1000)}s`;
}

// 🔕 mutes the pane's notifications (its next waits are listed, not announced); 🔔 again.
function muteButton(page, need) {
  const b = document.createElement("button");
  b.className = "mute";
  b.textContent = need.muted ? "🔔 Unmute" : "🔕 Mute";
  b.title = need.muted ? "Notify again when this pane waits" : "No notifications for this pane";
  b.disabled = page.state.readOnly;
  keepFocusAway(b);
  b.onclick = () => page.send({ t: "mute", pane: need.pane, muted: !need.muted });
  return b;
}

// A tapped button never takes the keyboard focus (the panes' keys must keep going to them).
function keepFocusAway(button) {
  button.tabIndex = -1;
  button.addEventListener("mousedown", (e) => e.preventDefault());
}

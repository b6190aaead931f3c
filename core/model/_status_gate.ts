/**
 * Whose OSC 7501 status reports a pane takes: only the program in front that asked for them.
 * The protocol's bytes carry no proof of who wrote them, and a report is the most trusted state
 * source (`agent_state.ts`): a `cat` of a file holding `ESC ] 7501 ; state=blocked …` would set
 * and hold any pane's state. So weft answers the probe only when the foreground process is an
 * agent known to speak the protocol, remembers that process, and takes a report only while that
 * same process is still in front. A clear is always taken: it only lets a state go. Which
 * agents speak it is their vendor's fact (`statusProtocol` in `protocols/agents/`).
 *
 * @module
 */

import { readForeground } from "../pty/mod.ts";
import { processAgentKind, vendorOf } from "../../protocols/agents/mod.ts";
import type { Pane } from "./pane.ts";

/** The process whose probe each pane answered. */
const speakers = new WeakMap<Pane, number>();

/**
 * A probe arrived: answer it (and take that process's reports from now on) when the process in
 * front is an agent that speaks the protocol.
 */
export function acceptProbe(pane: Pane): boolean {
  const group = pane.pty.foregroundGroup();
  const front = group === undefined
    ? null
    : readForeground(pane.pty.pid, { group, last: pane.current, cwd: false });
  if (!front || !vendorOf(processAgentKind(front))?.statusProtocol) {
    speakers.delete(pane);
    return false;
  }
  speakers.set(pane, front.pid);
  return true;
}

/** Whether a report may be taken: the process that asked is still the one in front. */
export function fromSpeaker(pane: Pane): boolean {
  const speaker = speakers.get(pane);
  return speaker !== undefined && pane.pty.foregroundGroup() === speaker;
}

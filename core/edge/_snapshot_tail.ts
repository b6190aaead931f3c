// What a snapshot subscription sends after its snapshot. While the snapshot was taken its
// events were held back; the screen had parsed all output but its last `pending` bytes, so of
// the held output only that tail is new to the client. Other events pass through in order.
// Another host's pane is drawn by its replay instead: its snapshot is a blank picture.
import type { WeftEvent } from "../bus/mod.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The held events the client still needs: every non-output event, and the output's tail. */
export function unparsedTail(held: readonly WeftEvent[], pending: number): WeftEvent[] {
  const keep: WeftEvent[] = [];
  let budget = Math.max(0, pending);
  for (let i = held.length - 1; i >= 0; i--) {
    const event = held[i]!;
    if (event.topic !== "pane.output") {
      keep.push(event);
      continue;
    }
    if (budget <= 0) continue;
    const data = event.data as { pane: string; data: string };
    const bytes = encoder.encode(data.data);
    if (bytes.length <= budget) keep.push(event);
    else {keep.push({
        ...event,
        data: { ...data, data: decoder.decode(bytes.subarray(bytes.length - budget)) },
      });}
    budget -= bytes.length;
  }
  return keep.reverse();
}

/**
 * Another host's read with its picture taken out: the replay that follows draws it (from a
 * clear screen), so a mirror fed both would draw it twice. `replayed` says so.
 */
export function blankPicture(read: unknown): unknown {
  const value = read as Record<string, unknown>;
  return {
    ...value,
    text: "",
    firstLine: 0,
    cursor: { x: 0, y: 0, visible: true },
    replayed: true,
  };
}

// What a snapshot subscription sends after its snapshot. While the snapshot was taken its
// events were held back; the screen had parsed all output but its last `pending` bytes, so of
// the held output only that tail is new to the client. Other events pass through in order.
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

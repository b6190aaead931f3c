/**
 * Clients of the control socket.
 *
 * @module
 */

export { WeftClient } from "./client.ts";
export { paneHello, paneRefused } from "./pane_hello.ts";
export type { HelloOptions, SubscribeOptions } from "./client.ts";

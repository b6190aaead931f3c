/**
 * Clients of the control socket.
 *
 * @module
 */

export { WeftClient } from "./client.ts";
export type { HelloOptions, SubscribeOptions } from "./client.ts";

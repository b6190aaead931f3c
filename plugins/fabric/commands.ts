/**
 * The `fabric` plugin's commands: which hosts there are (`fabric.hosts`) and every host's
 * sessions, windows and panes at once (`fabric.ls`, what `weft ls --all` prints).
 *
 * @module
 */

import { withState, z } from "@weft/weft/plugin";
import { toErrorBody } from "../../protocols/bus/errors.ts";
import { type FabricHost, type HostTree, qualifyTree } from "../../protocols/bus/fabric.ts";
import type { State } from "./state.ts";

const { defineCommand } = withState<State>();

const hosts = defineCommand({
  name: "fabric.hosts",
  title: "Fabric hosts",
  description:
    "Every host of the fabric as this server sees it: this one (self), those alive (up) and " +
    "those known but not answering now (unreachable), with when each was last heard of.",
  capabilities: ["pane:read"],
  mcp: { readOnly: true },
  input: z.object({}),
  handler: ({ state }) => ({ hub: state.hub, hosts: state.presence.hosts() }),
});

const ls = defineCommand({
  name: "fabric.ls",
  title: "List panes on every host",
  description:
    "Sessions, windows and panes (agent kind and state) of every host of the fabric, ids " +
    "qualified as HOST/ID; a host that does not answer is listed as unreachable, not dropped.",
  capabilities: ["pane:read"],
  // list_panes across the fabric, for an agent on any host.
  mcp: { name: "list_all_panes", readOnly: true },
  input: z.object({
    host: z.string().max(253).optional().describe("Only this host (a page showing one host)."),
  }),
  handler: async ({ input, state, call, caller, requestId }) => {
    const local = async (): Promise<HostTree> => {
      const [{ sessions }, { windows }, { panes }] = await Promise.all([
        call<{ sessions: HostTree["sessions"] }>("session.list", {}),
        call<{ windows: HostTree["windows"] }>("window.list", {}),
        call<{ panes: HostTree["panes"] }>("pane.list", {}),
      ]);
      return { sessions, windows, panes };
    };
    const remote = async (host: string): Promise<HostTree> => {
      const one = <T>(name: string) =>
        state.link.call(host, name, { input: {}, requestId, caller }) as Promise<T>;
      const [{ sessions }, { windows }, { panes }] = await Promise.all([
        one<{ sessions: HostTree["sessions"] }>("session.list"),
        one<{ windows: HostTree["windows"] }>("window.list"),
        one<{ panes: HostTree["panes"] }>("pane.list"),
      ]);
      return { sessions, windows, panes };
    };
    const listed = state.presence.hosts().filter((h) => !input.host || h.host === input.host);
    const all = await Promise.all(
      listed.map(async (h): Promise<FabricHost> => {
        try {
          const tree = h.state === "self" ? await local() : await remote(h.host);
          return { ...h, ...qualifyTree(h.host, tree) };
        } catch (err) {
          const { code, message } = toErrorBody(err);
          return {
            ...h,
            ...(code === "HOST_UNREACHABLE" ? { state: "unreachable" } : {}),
            error: { code, message },
          };
        }
      }),
    );
    return { hosts: all };
  },
});

/** Every command of the plugin. */
export const FABRIC_COMMANDS = [hosts, ls];

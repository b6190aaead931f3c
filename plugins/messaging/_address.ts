/**
 * Who a `to` reaches: an identity by name (a pane's name or id too), `@group`, `@role`, or
 * `@everyone` (every pane and registered identity). Group, role and everyone leave the sender
 * out; an unknown name fails with the closest known ones.
 *
 * @module
 */

import { WeftError } from "@weft/weft/plugin";
import { suggest } from "../../protocols/bus/suggest.ts";
import type { Directory, Identity } from "./_directory.ts";
import type { Member, MessageStore } from "./_store.ts";

/** The group every identity is in; it cannot be deleted. */
export const EVERYONE = "everyone";

/** Resolves `to` for sender `self` to recipient names (deduplicated, in order). */
export function recipientsOf(
  to: string,
  self: string,
  deps: { directory: Directory; store: MessageStore },
): string[] {
  const { directory, store } = deps;
  if (!to.startsWith("@")) {
    const found = directory.find(to);
    if (!found) {
      throw new WeftError(
        "NOT_FOUND",
        `Cannot send to "${to}": no agent, pane or registered name is called that` +
          hint(to, directory.names()),
        { to, suggestions: suggest(to, directory.names()) },
      );
    }
    return [found.name];
  }
  const name = to.slice(1);
  if (name === EVERYONE) return others(agents(directory), self);
  if (store.group(name)) return others(expandGroup(name, deps), self);
  const byRole = agents(directory).filter((i) => i.role === name);
  if (byRole.length) return others(byRole, self);
  const known = [
    ...store.groups().map((g) => `@${g.name}`),
    ...new Set(agents(directory).flatMap((i) => (i.role ? [`@${i.role}`] : []))),
    `@${EVERYONE}`,
  ];
  throw new WeftError(
    "NOT_FOUND",
    `Cannot send to "${to}": no group or role is called "${name}"` + hint(to, known),
    { to, suggestions: suggest(to, known) },
  );
}

/** The identities a group's members stand for. */
export function expandGroup(
  group: string,
  deps: { directory: Directory; store: MessageStore },
): Identity[] {
  if (group === EVERYONE) return agents(deps.directory);
  return expandMembers(deps.store.members(group), deps.directory);
}

function expandMembers(members: readonly Member[], directory: Directory): Identity[] {
  const all = agents(directory);
  return members.flatMap((m) =>
    m.type === "role"
      ? all.filter((i) => i.role === m.id)
      : [directory.find(m.id) ?? { name: m.id, kind: "outside" as const, role: null }]
  );
}

/** Panes (live) and registered identities: who `@everyone` and roles reach. */
export function agents(directory: Directory): Identity[] {
  return directory.agents().filter((i) => i.kind === "registered" || !i.pane!.exited);
}

function others(identities: readonly Identity[], self: string): string[] {
  return [...new Set(identities.map((i) => i.name))].filter((n) => n !== self);
}

function hint(name: string, known: readonly string[]): string {
  const s = suggest(name, known);
  return s.length ? `; did you mean ${s.map((x) => `"${x}"`).join(" or ")}?` : "";
}

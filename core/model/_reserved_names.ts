/**
 * Names kept for identities that are not panes (messaging's `human`, a bridge's agents): no
 * pane may be named so, by creation, rename or sideband tag. Each owner (a plugin) sets its
 * whole list at once; what it no longer lists is free again.
 *
 * @module
 */

import { WeftError } from "../../protocols/bus/errors.ts";

/** Reserved names by owner. */
export class ReservedNames {
  #owners = new Map<string, ReadonlySet<string>>();
  #byName = new Map<string, string>();

  /**
   * Sets everything `owner` reserves; names another owner holds stay that owner's and come back
   * in `held`.
   */
  set(owner: string, names: readonly string[]): { held: { name: string; owner: string }[] } {
    for (const name of this.#owners.get(owner) ?? []) this.#byName.delete(name);
    const mine = new Set<string>();
    const held: { name: string; owner: string }[] = [];
    for (const name of names) {
      const other = this.#byName.get(name);
      if (other !== undefined && other !== owner) held.push({ name, owner: other });
      else mine.add(name), this.#byName.set(name, owner);
    }
    this.#owners.set(owner, mine);
    return { held };
  }

  /** Who reserved `name`, if anyone. */
  owner(name: string): string | undefined {
    return this.#byName.get(name);
  }

  /** Throws `CONFLICT` when `name` is reserved (`what`: what it would name, for the message). */
  check(name: string, what: string): void {
    const owner = this.#byName.get(name);
    if (owner === undefined) return;
    throw new WeftError(
      "CONFLICT",
      `Cannot name ${what} "${name}": it is reserved for an identity of plugin "${owner}" ` +
        "(messages to it are not a pane's); pick another name",
      { name, owner },
    );
  }
}

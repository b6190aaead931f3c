/**
 * Loading a plugin with exactly the Deno rights its grant earns, and remembering the manifest
 * that earned them.
 *
 * @module
 */

import type { PluginConfig } from "../config/types.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import type { Capability } from "../../protocols/bus/capabilities.ts";
import type { Manifest } from "../../protocols/plugin/mod.ts";
import { denoPart, effectiveGrant } from "./_grant.ts";
import type { ManifestCache } from "./manifest_cache.ts";
import { cannotLoad } from "./_exit_reason.ts";
import { fatalError } from "./_load.ts";

/** One plugin's loads across its runs. */
export class ManifestLoader {
  #config: PluginConfig;
  #manifests: ManifestCache | undefined;
  #launch: (grant: ReadonlySet<Capability>) => Promise<Manifest>;
  #retire: () => void;
  /** The manifest of the last good load: a restart goes straight to the rights it earns. */
  #known: Manifest | undefined;

  /**
   * `launch` starts a run with `grant`'s Deno rights and resolves with the manifest it shows;
   * `retire` ends the run just launched.
   */
  constructor(
    config: PluginConfig,
    manifests: ManifestCache | undefined,
    launch: (grant: ReadonlySet<Capability>) => Promise<Manifest>,
    retire: () => void,
  ) {
    this.#config = config;
    this.#manifests = manifests;
    this.#launch = launch;
    this.#retire = retire;
  }

  /**
   * Loads the plugin with exactly the Deno rights its grant earns. Without a manifest known
   * (from an earlier run of this server or the project's cache) the first load runs with none
   * and only says what it asks for; then it is loaded again with the rights that earns. With
   * one known, it goes straight to those rights: a restart must show the same manifest; a
   * manifest from the cache that changed is replaced (and the plugin loaded again when its
   * rights differ).
   */
  async load(current: () => boolean): Promise<{ manifest: Manifest; grant: Set<Capability> }> {
    const grantOf = (m: Manifest) => effectiveGrant(m.capabilities, this.#config.grant);
    const { name, from } = this.#config;
    const known = this.#known ?? this.#manifests?.get(name, from);
    const direct = known && denoPart(grantOf(known)).length > 0 ? known : undefined;
    let manifest = await this.#launch(direct ? grantOf(direct) : new Set()).catch((err) => {
      // A module that cannot load (a syntax error, a missing file) fails for good: no retries.
      const message = (err as Error).message;
      throw cannotLoad(message) ? fatalError("INVALID_INPUT", message) : err;
    });
    if (direct && this.#known) this.#sameManifest(direct, manifest);
    const grant = grantOf(manifest);
    const launchedWith = direct ? denoPart(grantOf(direct)) : [];
    if (launchedWith.join() !== denoPart(grant).join() && current()) {
      this.#retire();
      const again = await this.#launch(grant);
      this.#sameManifest(manifest, again);
      manifest = again;
    }
    this.#known = manifest;
    this.#manifests?.set(name, from, manifest);
    return { manifest, grant };
  }

  #sameManifest(before: Manifest, after: Manifest): void {
    if (JSON.stringify(before) === JSON.stringify(after)) return;
    this.#known = undefined;
    throw new WeftError("PLUGIN_CRASHED", "its manifest changed between two loads");
  }
}

import { WeftError } from "@weft/weft/plugin";
import { suggest } from "../../../protocols/bus/suggest.ts";
import { EVERYONE } from "../_address.ts";
import type { MessageStore } from "../_store.ts";

/** `NOT_FOUND` for a group nobody made, naming close ones. */
export function unknownGroup(name: string, store: MessageStore): WeftError {
  const known = [EVERYONE, ...store.groups().map((g) => g.name)];
  const close = suggest(name, known);
  return new WeftError(
    "NOT_FOUND",
    `Cannot find group "${name}"` +
      (close.length ? `; did you mean ${close.map((c) => `"${c}"`).join(" or ")}?` : ""),
    { group: name, suggestions: close },
  );
}

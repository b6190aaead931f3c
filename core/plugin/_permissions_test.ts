import { deepStrictEqual, throws } from "node:assert/strict";
import type { Capability } from "../../protocols/bus/capabilities.ts";
import { permissionFlags, withDataFolder, workerPermissions } from "./_permissions.ts";

Deno.test("permissionFlags() gives a grant-less plugin no right at all", () => {
  deepStrictEqual(permissionFlags(new Set(), "/p"), ["--deny-import"]);
  deepStrictEqual(permissionFlags(new Set(["pane:read", "pane:spawn"]), "/p"), ["--deny-import"]);
});

Deno.test("permissionFlags() says what workerPermissions() says, as flags", () => {
  const grant = new Set<Capability>([
    "read:.weft",
    "write:/tmp/x",
    "net:127.0.0.1",
    "run:git",
    "env:HOME",
  ]);
  deepStrictEqual(workerPermissions(grant, "/p").read, ["/p/.weft"]);
  deepStrictEqual(permissionFlags(grant, "/p"), [
    "--allow-read=/p/.weft",
    "--allow-write=/tmp/x",
    "--allow-net=127.0.0.1",
    "--allow-run=git",
    "--allow-env=HOME",
    "--deny-import",
  ]);
});

Deno.test("permissionFlags() refuses a path with a comma, which Deno would split into two", () => {
  throws(
    () => permissionFlags(new Set<Capability>(["read:/home/a,b"]), "/p"),
    /Cannot grant read:\/home\/a,b: it holds a comma/,
  );
});

Deno.test("withDataFolder() turns data into read and write of the plugin's own folder only", () => {
  const grant = withDataFolder(new Set<Capability>(["data", "pane:read"]), "notes");
  deepStrictEqual([...grant], ["pane:read", "read:.weft/data/notes", "write:.weft/data/notes"]);
  deepStrictEqual(permissionFlags(grant, "/p"), [
    "--allow-read=/p/.weft/data/notes",
    "--allow-write=/p/.weft/data/notes",
    "--deny-import",
  ]);
  const without = new Set<Capability>(["pane:read"]);
  deepStrictEqual(withDataFolder(without, "notes"), without);
});

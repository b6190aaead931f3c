import { deepStrictEqual, throws } from "node:assert/strict";
import type { Capability } from "../../protocols/bus/capabilities.ts";
import { permissionFlags, workerPermissions } from "./_permissions.ts";

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

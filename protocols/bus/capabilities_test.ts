import { deepStrictEqual, strictEqual, throws } from "node:assert/strict";
import { BUS_CAPABILITIES, hostGrant, parseCapability, READ_ONLY } from "./capabilities.ts";

Deno.test("parseCapability() knows data, the plugin's own folder, and nothing like it", () => {
  strictEqual(parseCapability("data"), "data");
  for (const bad of ["data:/etc", "datum", "Data"]) {
    throws(
      () => parseCapability(bad),
      /Cannot use capability .*: it is not one of .*data, route, or net:/,
    );
  }
});

Deno.test("parseCapability() knows route, carrying calls for other hosts", () => {
  strictEqual(parseCapability("route"), "route");
  throws(() => parseCapability("route:far"), /Cannot use capability "route:far"/);
});

Deno.test("hostGrant() turns a host's right words into bus capabilities, deny by default", () => {
  deepStrictEqual(hostGrant([]), []);
  deepStrictEqual(hostGrant(["read", "spawn"]), ["pane:read", "pane:spawn"]);
  throws(() => hostGrant(["admin"]), /Cannot grant a host "admin": write read, write, spawn/);
});

Deno.test("read-only is every reading right and nothing else", () => {
  const reads = BUS_CAPABILITIES.filter((c) => c.endsWith(":read"));
  deepStrictEqual([...READ_ONLY].sort(), [...reads].sort());
});

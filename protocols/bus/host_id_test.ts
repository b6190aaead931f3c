import { deepStrictEqual as assertEquals, throws } from "node:assert/strict";
import { isHostName, parseHostRef, qualifyRef, sameHost } from "./host_id.ts";
import { WeftError } from "./errors.ts";

Deno.test("parseHostRef() reads a plain id or name as local", () => {
  assertEquals(parseHostRef("p3"), { host: undefined, ref: "p3" });
  assertEquals(parseHostRef("build.log"), { host: undefined, ref: "build.log" });
});

Deno.test("parseHostRef() splits HOST/ID and HOST/NAME at the slash", () => {
  assertEquals(parseHostRef("buildbox/p3"), { host: "buildbox", ref: "p3" });
  assertEquals(parseHostRef("ip-10-0-0-1.ec2/editor"), { host: "ip-10-0-0-1.ec2", ref: "editor" });
});

Deno.test("parseHostRef() refuses an empty or malformed host or id with INVALID_INPUT", () => {
  for (const ref of ["/p3", "buildbox/", "a/b/p3", "-x/p3", "bad host/p3"]) {
    throws(
      () => parseHostRef(ref),
      (e: unknown) => e instanceof WeftError && e.code === "INVALID_INPUT",
      ref,
    );
  }
});

Deno.test("qualifyRef() names a reference on a host, once", () => {
  assertEquals(qualifyRef("buildbox", "p3"), "buildbox/p3");
  assertEquals(qualifyRef("buildbox", "far/p3"), "far/p3");
  assertEquals(parseHostRef(qualifyRef("vm", "w2")), { host: "vm", ref: "w2" });
  throws(() => qualifyRef("no host", "p3"), TypeError);
});

Deno.test("isHostName() and sameHost() follow host name rules (case-insensitive)", () => {
  assertEquals(isHostName("vm"), true);
  assertEquals(isHostName(""), false);
  assertEquals(isHostName("a/b"), false);
  assertEquals(sameHost("BuildBox", "buildbox"), true);
  assertEquals(sameHost("buildbox", "buildbox2"), false);
});

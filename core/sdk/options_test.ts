import { deepStrictEqual, throws } from "node:assert/strict";
import { z } from "zod";
import { optionsParser } from "./options.ts";

interface Options {
  port: number;
  tags: readonly string[];
}
const defaults: Options = { port: 0, tags: ["a"] };
const parseOptions = optionsParser<Options>("demo", {
  schema: z.strictObject({
    port: z.number().int().min(0).optional(),
    tags: z.array(z.string()).optional(),
  }),
  defaults,
});

Deno.test("optionsParser() fills in the defaults key by key", () => {
  deepStrictEqual(parseOptions(undefined), defaults);
  deepStrictEqual(parseOptions({}), defaults);
  deepStrictEqual(parseOptions({ port: 8 }), { port: 8, tags: ["a"] });
  deepStrictEqual(parseOptions({ tags: [] }), { port: 0, tags: [] });
});

Deno.test("optionsParser() names an unknown key and a bad value with the config path", () => {
  throws(
    () => parseOptions({ prot: 1 }),
    /^WeftError: Cannot start plugin "demo": weft\.plugins\.demo\.options: unknown key "prot"$/,
  );
  throws(() => parseOptions({ port: -1 }), /weft\.plugins\.demo\.options\.port: /);
  throws(() => parseOptions({ tags: [1] }), /weft\.plugins\.demo\.options\.tags\.0: /);
});

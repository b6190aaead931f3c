/** weft's version, kept in step with deno.json. */
export const VERSION = "0.1.0";

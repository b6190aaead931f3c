import { deepStrictEqual, strictEqual } from "node:assert/strict";
import { ERROR_CODES, type ErrorBody } from "../bus/errors.ts";
import { errorToRpc, RPC_ERRORS, rpcToError } from "./rpc_errors.ts";

Deno.test("errorToRpc() maps an unknown command to METHOD_NOT_FOUND", () => {
  deepStrictEqual(
    errorToRpc({ code: "NOT_FOUND", message: 'Cannot find command "x"', data: { name: "x" } }),
    {
      code: RPC_ERRORS.METHOD_NOT_FOUND,
      message: 'Cannot find command "x"',
      data: { code: "NOT_FOUND", data: { name: "x" } },
    },
  );
  strictEqual(errorToRpc({ code: "NOT_FOUND", message: "m" }).code, RPC_ERRORS.NOT_FOUND);
});

Deno.test("errorToRpc() maps INVALID_INPUT to INVALID_PARAMS and INTERNAL to INTERNAL_ERROR", () => {
  strictEqual(errorToRpc({ code: "INVALID_INPUT", message: "m" }).code, RPC_ERRORS.INVALID_PARAMS);
  strictEqual(errorToRpc({ code: "INTERNAL", message: "m" }).code, RPC_ERRORS.INTERNAL_ERROR);
});

Deno.test("errorToRpc() gives every other weft code its own number in -32000..-32099", () => {
  const others = ERROR_CODES.filter((c) => c !== "INVALID_INPUT" && c !== "INTERNAL");
  const numbers = others.map((code) => errorToRpc({ code, message: "m" }).code);
  strictEqual(new Set(numbers).size, others.length);
  for (const n of numbers) strictEqual(n <= -32000 && n >= -32099, true);
});

Deno.test("rpcToError() inverts errorToRpc() for every weft code", () => {
  for (const code of ERROR_CODES) {
    for (const body of [{ code, message: "m" }, { code, message: "m", data: { name: "n" } }]) {
      deepStrictEqual(rpcToError(errorToRpc(body as ErrorBody)), body);
    }
  }
});

Deno.test("rpcToError() falls back on the number for a foreign error", () => {
  deepStrictEqual(rpcToError({ code: -32601, message: "Method not found" }), {
    code: "NOT_FOUND",
    message: "Method not found",
  });
  deepStrictEqual(rpcToError({ code: -32602, message: "bad", data: [1] }), {
    code: "INVALID_INPUT",
    message: "bad",
    data: [1],
  });
  strictEqual(rpcToError({ code: 42, message: "?" }).code, "INTERNAL");
  strictEqual(
    rpcToError({ code: -32004, message: "late", data: { code: "NOPE" } }).code,
    "TIMEOUT",
  );
});

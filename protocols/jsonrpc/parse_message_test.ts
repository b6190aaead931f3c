import { deepStrictEqual, strictEqual } from "node:assert/strict";
import { parseMessage } from "./parse_message.ts";
import { RPC_ERRORS } from "./rpc_errors.ts";

const failure = (line: string) => {
  const parsed = parseMessage(line);
  if (!("error" in parsed)) throw new Error(`expected an error for ${line}`);
  return parsed.error;
};

Deno.test("parseMessage() reads a request, a notification and both kinds of reply", () => {
  deepStrictEqual(parseMessage('{"jsonrpc":"2.0","id":"a","method":"m","params":[1]}'), {
    message: { jsonrpc: "2.0", id: "a", method: "m", params: [1] },
  });
  deepStrictEqual(parseMessage('{"jsonrpc":"2.0","method":"m"}'), {
    message: { jsonrpc: "2.0", method: "m" },
  });
  deepStrictEqual(parseMessage('{"jsonrpc":"2.0","id":null,"result":null}'), {
    message: { jsonrpc: "2.0", id: null, result: null },
  });
  deepStrictEqual(
    parseMessage('{"jsonrpc":"2.0","id":3,"error":{"code":-32001,"message":"no","data":{"x":1}}}'),
    { message: { jsonrpc: "2.0", id: 3, error: { code: -32001, message: "no", data: { x: 1 } } } },
  );
});

Deno.test("parseMessage() answers bad JSON with a parse error and id null", () => {
  const error = failure('{"jsonrpc":');
  strictEqual(error.id, null);
  strictEqual(error.error.code, RPC_ERRORS.PARSE_ERROR);
  strictEqual(error.error.message.startsWith("Cannot parse message: it is not valid JSON"), true);
  deepStrictEqual(error.error.data, { code: "INVALID_INPUT" });
});

Deno.test("parseMessage() refuses batches with a clear message", () => {
  const error = failure('[{"jsonrpc":"2.0","method":"m"}]');
  strictEqual(error.error.code, RPC_ERRORS.INVALID_REQUEST);
  strictEqual(error.error.message, "Cannot handle message: batches are not supported");
});

Deno.test("parseMessage() refuses invalid requests, echoing the id it could read", () => {
  const cases: [string, string | number | null, string][] = [
    ['"hi"', null, "it must be a JSON object"],
    ['{"id":1,"method":"m"}', 1, 'jsonrpc must be "2.0"'],
    ['{"jsonrpc":"1.0","id":"x","method":"m"}', "x", 'jsonrpc must be "2.0"'],
    ['{"jsonrpc":"2.0","id":{},"method":"m"}', null, "id must be a string, a number or null"],
    ['{"jsonrpc":"2.0","id":2,"method":""}', 2, "method must be a non-empty string"],
    ['{"jsonrpc":"2.0","id":2,"method":"m","params":3}', 2, "params must be an object or an array"],
    [
      '{"jsonrpc":"2.0","id":2,"method":"m","result":1}',
      2,
      "a request cannot have a result or error",
    ],
    ['{"jsonrpc":"2.0","result":1}', null, "a response must have an id"],
    ['{"jsonrpc":"2.0","id":4,"result":1,"error":{}}', 4, "it has both result and error"],
    [
      '{"jsonrpc":"2.0","id":4,"error":{"code":"x","message":"m"}}',
      4,
      "error must be an object with an integer code and a string message",
    ],
    ['{"jsonrpc":"2.0","id":5}', 5, "it has no method, result or error"],
  ];
  for (const [line, id, problem] of cases) {
    const error = failure(line);
    strictEqual(error.id, id, line);
    strictEqual(error.error.code, RPC_ERRORS.INVALID_REQUEST, line);
    strictEqual(error.error.message, `Cannot handle message: ${problem}`, line);
  }
});

Deno.test("parseMessage() keeps only the members JSON-RPC defines", () => {
  deepStrictEqual(parseMessage('{"jsonrpc":"2.0","method":"m","__proto__":{"x":1},"extra":2}'), {
    message: { jsonrpc: "2.0", method: "m" },
  });
});

import { strictEqual } from "node:assert/strict";
import { encodeMessage } from "./encode_message.ts";

Deno.test("encodeMessage() writes one line of JSON ending in a newline", () => {
  const line = encodeMessage({ jsonrpc: "2.0", id: 1, result: { text: "a\nb\r\n" } });
  strictEqual(line, '{"jsonrpc":"2.0","id":1,"result":{"text":"a\\nb\\r\\n"}}\n');
  strictEqual(line.indexOf("\n"), line.length - 1);
});

Deno.test("encodeMessage() sends an undefined result as null", () => {
  strictEqual(
    encodeMessage({ jsonrpc: "2.0", id: 1, result: undefined }),
    '{"jsonrpc":"2.0","id":1,"result":null}\n',
  );
});

Deno.test("encodeMessage() leaves out an absent id, so a notification stays one", () => {
  strictEqual(encodeMessage({ jsonrpc: "2.0", method: "m" }), '{"jsonrpc":"2.0","method":"m"}\n');
});

// aider (aider.ts): recognised only, by its program and its PyPI package.
import { strictEqual } from "node:assert/strict";
import { guessAgentKind, screenState, vendorOf } from "./mod.ts";

Deno.test("aider: recognised as typed, as python runs it and from its pipx venv; nothing else read", () => {
  for (
    const line of [
      "aider --model x",
      "python3 -m aider",
      "/home/u/.local/pipx/venvs/aider-chat/bin/python /home/u/.local/bin/aider",
    ]
  ) strictEqual(guessAgentKind(line.split(" ")), "aider", line);
  const v = vendorOf("aider")!;
  strictEqual([v.state, v.prompt, v.resume, v.hooks].every((x) => x === undefined), true);
  strictEqual(screenState("aider", ["> "]), undefined);
});

import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { csiKey, keyBytes, namedKeyBytes, ss3Key } from "./key_names.ts";

Deno.test("csiKey() reads xterm modifier parameters", () => {
  assertEquals(
    ["1;2A", "1;3B", "1;4C", "1;5D", "1;8H", "5;5~", "24~"].map((p) =>
      csiKey(p.slice(0, -1), p.at(-1)!)
    ),
    ["S-Up", "M-Down", "M-S-Right", "C-Left", "C-M-S-Home", "C-PPage", "F12"],
  );
  assertEquals(csiKey("99", "~"), undefined);
  assertEquals(csiKey("?1", "h"), undefined);
  assertEquals(ss3Key("H"), "Home");
});

Deno.test("keyBytes() re-encodes only unmodified cursor keys for DECCKM", () => {
  assertEquals(keyBytes({ key: "Left", raw: "\x1bOD" }, false), "\x1b[D");
  assertEquals(keyBytes({ key: "Home", raw: "\x1b[H" }, true), "\x1bOH");
  assertEquals(keyBytes({ key: "C-Left", raw: "\x1b[1;5D" }, true), "\x1b[1;5D");
});

Deno.test("namedKeyBytes() encodes names the way a terminal sends them", () => {
  assertEquals(
    ["C-b", "C-a", "C-]", "M-x", "M-C-c", "Enter", "Up", "PPage", "F5", "%", "Nope"].map(
      namedKeyBytes,
    ),
    [
      "\x02",
      "\x01",
      "\x1d",
      "\x1bx",
      "\x1b\x03",
      "\r",
      "\x1b[A",
      "\x1b[5~",
      "\x1b[15~",
      "%",
      undefined,
    ],
  );
});

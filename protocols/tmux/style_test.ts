import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { styleForeground } from "./style.ts";

Deno.test("styleForeground() reads tmux's colour forms", () => {
  assertEquals(styleForeground("bg=default,fg=blue"), { palette: 4 });
  assertEquals(styleForeground("fg=brightred"), { palette: 9 });
  assertEquals(styleForeground("fg=colour33"), { palette: 33 });
  assertEquals(styleForeground("fg=color200,bold"), { palette: 200 });
  assertEquals(styleForeground("fg=#FF8800"), { rgb: 0xff8800 });
  assertEquals(styleForeground("fg=default"), null);
  assertEquals(styleForeground("bg=red"), null);
  assertEquals(styleForeground("fg=nonsense"), null);
});

import { strictEqual } from "node:assert/strict";
import decodeQR from "qr/decode.js";
import { qrLines } from "./qr.ts";

/** The printed rows back to an RGB image, `scale` pixels a module, as a camera would see it. */
function pixels(lines: string[], scale = 4) {
  // deno-lint-ignore no-control-regex
  const rows = lines.map((l) => [...l.replace(/\x1b\[[\d;]*m/g, "")]);
  const width = rows[0]!.length * scale;
  const height = rows.length * 2 * scale;
  const data = new Uint8Array(width * height * 3);
  rows.forEach((chars, r) =>
    chars.forEach((ch, x) => {
      // The foreground (white) is the top half for ▀, the bottom for ▄, both for █.
      const halves = [ch === "█" || ch === "▀", ch === "█" || ch === "▄"];
      halves.forEach((white, half) => {
        for (let dy = 0; dy < scale; dy++) {
          for (let dx = 0; dx < scale; dx++) {
            const at = (((2 * r + half) * scale + dy) * width + x * scale + dx) * 3;
            data.fill(white ? 255 : 0, at, at + 3);
          }
        }
      });
    })
  );
  return { width, height, data };
}

Deno.test("qrLines() draws a code a camera reads back as the login URL", () => {
  const url = "http://127.0.0.1:41234/login?code=Zk3_4fQe9pL2mN8xVb7cTa";
  strictEqual(decodeQR(pixels(qrLines(url))), url);
  const long = `https://my-box.tail1234.ts.net/login?code=${"a".repeat(64)}`;
  strictEqual(decodeQR(pixels(qrLines(long))), long);
});

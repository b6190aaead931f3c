/**
 * A QR code of a text for the terminal: the code from the `qr` package (zero dependencies),
 * drawn two modules a character with half blocks, in explicit colours (black on white, with the
 * quiet zone the standard asks for), so a phone's camera reads it in a dark or light terminal.
 *
 * @module
 */

import encodeQR from "qr";

/** Modules of white around the code (the standard's quiet zone is 4; 2 reads fine on screens). */
const QUIET = 2;
const WHITE_ON_BLACK = "\x1b[97;40m";
const RESET = "\x1b[0m";

/**
 * `text` as QR code rows for a terminal. Each character holds two module rows: the top one in
 * the foreground (`▀` when only it is light), the bottom one in the background.
 *
 * @example
 * ```ts
 * import { qrLines } from "./qr.ts";
 * const lines = qrLines("http://127.0.0.1:8080/login?code=x");
 * console.assert(lines.length > 10 && lines[0]!.includes("█"));
 * ```
 */
export function qrLines(text: string): string[] {
  const dark = encodeQR(text, "raw", { ecc: "low" });
  const size = dark.length + 2 * QUIET;
  const light = (y: number, x: number) => {
    const row = dark[y - QUIET];
    return !(row?.[x - QUIET] ?? false);
  };
  const lines: string[] = [];
  for (let y = 0; y < size; y += 2) {
    let line = "";
    for (let x = 0; x < size; x++) {
      const top = light(y, x);
      const bottom = y + 1 < size ? light(y + 1, x) : true;
      line += top && bottom ? "█" : top ? "▀" : bottom ? "▄" : " ";
    }
    lines.push(WHITE_ON_BLACK + line + RESET);
  }
  return lines;
}

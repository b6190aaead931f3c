/**
 * A small RFC 4180 reader: fields split by a delimiter, double quotes around fields that hold
 * it, `""` for a quote inside one, CRLF or LF between records.
 *
 * @module
 */

/**
 * The records of delimited text; throws `SyntaxError` at an unclosed quote.
 *
 * @example
 * ```ts
 * import { parseDelimited } from "./_csv.ts";
 * const rows = parseDelimited('a,"b,c"\n1,"say ""hi"""\n', ",");
 * console.assert(rows[0]![1] === "b,c" && rows[1]![1] === 'say "hi"');
 * ```
 */
export function parseDelimited(text: string, delimiter: string, maxRows = Infinity): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let i = 0;
  let line = 1;
  while (i < text.length && rows.length < maxRows) {
    const ch = text[i]!;
    if (ch === '"' && field === "") {
      const start = line;
      i++;
      for (;;) {
        if (i >= text.length) {
          throw new SyntaxError(`a quote opened on line ${start} is not closed`);
        }
        const c = text[i]!;
        if (c === '"' && text[i + 1] === '"') (field += '"'), (i += 2);
        else if (c === '"') {
          i++;
          break;
        } else {
          if (c === "\n") line++;
          field += c;
          i++;
        }
      }
      continue;
    }
    if (ch === delimiter) {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      line++;
    } else field += ch;
    i++;
  }
  if ((field !== "" || row.length) && rows.length < maxRows) rows.push([...row, field]);
  return rows;
}

// Where a value sits in a TOML text. smol-toml gives positions only for syntax errors; a file
// that parses but holds a bad value (a zero ratio) should still point at its line and column.
// The text has already parsed, so this scanner can be lenient: it records the position of
// every table header, key and array element under its path (`window[0].layout.splits[1]`).

/** A 1-based line and column. */
export interface Position {
  line: number;
  column: number;
}

/**
 * Every path in a valid TOML text with the position of its value (a key's value, an array
 * element, or a table header).
 */
export function positions(text: string): Map<string, Position> {
  return new Scanner(text).run();
}

/**
 * The position of `path`, or of its nearest recorded ancestor (a missing key is reported where
 * its table starts).
 */
export function locate(text: string, path: string): Position | undefined {
  const map = positions(text);
  let p = path;
  while (p) {
    const at = map.get(p);
    if (at) return at;
    p = p.replace(/(\[\d+\]|\.?[^.[\]]+)$/, "");
  }
  return undefined;
}

const BARE = /[A-Za-z0-9_-]/;

class Scanner {
  #s: string;
  #i = 0;
  #out = new Map<string, Position>();
  #lineStarts: number[];
  #arrays = new Map<string, number>();
  #table = "";

  constructor(text: string) {
    this.#s = text;
    this.#lineStarts = [0];
    for (let i = 0; i < text.length; i++) if (text[i] === "\n") this.#lineStarts.push(i + 1);
  }

  run(): Map<string, Position> {
    while (this.#i < this.#s.length) {
      this.#skipSpace(true);
      const c = this.#s[this.#i];
      if (c === undefined) break;
      if (c === "#") this.#skipComment();
      else if (c === "[") this.#header();
      else this.#keyValue(this.#table);
    }
    return this.#out;
  }

  #header(): void {
    const at = this.#pos();
    const double = this.#s.startsWith("[[", this.#i);
    this.#i += double ? 2 : 1;
    const keys = this.#keys();
    this.#i += double ? 2 : 1;
    let cur = "";
    keys.forEach((key, n) => {
      cur = join(cur, key);
      const count = this.#arrays.get(cur);
      if (double && n === keys.length - 1) {
        this.#arrays.set(cur, (count ?? 0) + 1);
        cur = `${cur}[${count ?? 0}]`;
      } else if (count !== undefined) cur = `${cur}[${count - 1}]`;
    });
    this.#table = cur;
    this.#record(cur, at);
  }

  #keyValue(table: string): void {
    const keys = this.#keys();
    if (!keys.length) return void this.#i++;
    this.#skipSpace(false);
    if (this.#s[this.#i] === "=") this.#i++;
    this.#skipSpace(false);
    const path = keys.reduce(join, table);
    this.#value(path);
  }

  #value(path: string): void {
    this.#record(path, this.#pos());
    const c = this.#s[this.#i];
    if (c === "{") return this.#inline(path);
    if (c === "[") return this.#array(path);
    if (c === '"' || c === "'") return void this.#string();
    while (this.#i < this.#s.length && !/[,\]}\n#]/.test(this.#s[this.#i]!)) this.#i++;
  }

  #inline(path: string): void {
    this.#i++;
    while (this.#i < this.#s.length) {
      this.#skipSpace(true);
      const c = this.#s[this.#i];
      if (c === "}") return void this.#i++;
      if (c === ",") this.#i++;
      else this.#keyValue(path);
    }
  }

  #array(path: string): void {
    this.#i++;
    let n = 0;
    while (this.#i < this.#s.length) {
      this.#skipSpace(true);
      const c = this.#s[this.#i];
      if (c === "]") return void this.#i++;
      if (c === "#") this.#skipComment();
      else if (c === ",") this.#i++;
      else this.#value(`${path}[${n++}]`);
    }
  }

  #keys(): string[] {
    const keys: string[] = [];
    while (this.#i < this.#s.length) {
      this.#skipSpace(false);
      const c = this.#s[this.#i]!;
      if (c === '"' || c === "'") keys.push(this.#string());
      else if (BARE.test(c)) {
        const start = this.#i;
        while (BARE.test(this.#s[this.#i] ?? "")) this.#i++;
        keys.push(this.#s.slice(start, this.#i));
      } else break;
      this.#skipSpace(false);
      if (this.#s[this.#i] !== ".") break;
      this.#i++;
    }
    return keys;
  }

  /** Skips a string (any of the four kinds) and returns its raw contents. */
  #string(): string {
    const q = this.#s[this.#i]!;
    const triple = this.#s.startsWith(q.repeat(3), this.#i);
    const close = triple ? q.repeat(3) : q;
    this.#i += close.length;
    const start = this.#i;
    while (this.#i < this.#s.length && !this.#s.startsWith(close, this.#i)) {
      this.#i += q === '"' && this.#s[this.#i] === "\\" ? 2 : 1;
    }
    const body = this.#s.slice(start, this.#i);
    this.#i += close.length;
    while (triple && this.#s[this.#i] === q) this.#i++;
    return body;
  }

  #skipSpace(newlines: boolean): void {
    const space = newlines ? /[ \t\r\n]/ : /[ \t]/;
    while (space.test(this.#s[this.#i] ?? "")) this.#i++;
  }

  #skipComment(): void {
    while (this.#i < this.#s.length && this.#s[this.#i] !== "\n") this.#i++;
  }

  #record(path: string, at: Position): void {
    if (!this.#out.has(path)) this.#out.set(path, at);
  }

  #pos(): Position {
    let lo = 0;
    let hi = this.#lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.#lineStarts[mid]! <= this.#i) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: this.#i - this.#lineStarts[lo]! + 1 };
  }
}

// The same joining as the validators', so their error paths are found here.
function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

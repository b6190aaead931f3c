/**
 * The POSIX path functions the client side of the server's files uses (`node:path`'s `join`,
 * `resolve`, `dirname`, `basename`), written out: every `weft` command finds its server through
 * this folder, and loading any `node:` module starts Deno's Node compatibility layer, ~20 ms of
 * CPU for a short CLI call (issue 23). `_path_test.ts` checks them against `node:path`.
 *
 * @module
 */

/** `node:path`'s `join`: the parts joined with `/` and normalised (`.`, `..`, `//`). */
export function join(...parts: string[]): string {
  const joined = parts.filter((p) => p.length > 0).join("/");
  return joined.length ? normalise(joined) : ".";
}

/** `node:path`'s `resolve`: from the cwd, each absolute part starting again. */
export function resolve(...parts: string[]): string {
  let path = "";
  for (let i = parts.length - 1; i >= -1 && !path.startsWith("/"); i--) {
    const part = i >= 0 ? parts[i]! : Deno.cwd();
    if (part.length) path = path ? `${part}/${path}` : part;
  }
  const normal = normalise(path);
  return normal.length > 1 && normal.endsWith("/") ? normal.slice(0, -1) : normal;
}

/** `node:path`'s `dirname`. */
export function dirname(path: string): string {
  if (!path.length) return ".";
  const root = path[0] === "/";
  let end = -1;
  let slashes = true; // still in the trailing slashes
  for (let i = path.length - 1; i >= 1; i--) {
    if (path[i] !== "/") slashes = false;
    else if (!slashes) {
      end = i;
      break;
    }
  }
  if (end === -1) return root ? "/" : ".";
  if (root && end === 1) return "//";
  return path.slice(0, end);
}

/** `node:path`'s `basename` (without the suffix argument). */
export function basename(path: string): string {
  const trimmed = path.replace(/\/+$/, "");
  return trimmed.slice(trimmed.lastIndexOf("/") + 1);
}

function normalise(path: string): string {
  const absolute = path.startsWith("/");
  const out: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (out.length && out.at(-1) !== "..") out.pop();
      else if (!absolute) out.push("..");
    } else out.push(part);
  }
  const body = out.join("/");
  const trailing = path.endsWith("/");
  if (!body.length) return absolute ? "/" : trailing ? "./" : ".";
  return `${absolute ? "/" : ""}${body}${trailing ? "/" : ""}`;
}

/**
 * The buffer commands of the shim: load-buffer, set-buffer, show-buffer, save-buffer,
 * list-buffers, delete-buffer, paste-buffer. Buffers live in the tmux plugin's state
 * (`_shared.ts`). Claude Code copies to the clipboard inside tmux with `tmux load-buffer -w -`,
 * the text on stdin; `-w` also hands it to attached clients (the `tmux.clipboard` event, which
 * `weft attach` writes to its terminal as OSC 52). Files are not read or written: the plugin has no file rights, so only
 * `-` (the client's stdin or stdout) is a path here.
 *
 * @module
 */

import { expandFormat } from "../../protocols/tmux/mod.ts";
import { type Ctx, find, type Handler, str, TmuxFailure } from "./_context.ts";
import type { PasteBuffer } from "./_shared.ts";

/** The path argument: only `-` (stdin or stdout) is served. */
function dash(ctx: Ctx): void {
  const path = ctx.cmd.args[0];
  if (path === undefined) {
    throw new TmuxFailure(`command ${ctx.cmd.name}: too few arguments (need at least 1)`);
  }
  if (path !== "-") throw new TmuxFailure(`${path}: weft's tmux reads and writes only - (stdio)`);
}

/** The buffer `-b` names (or the newest), or tmux's failure text. */
function buffer(ctx: Ctx, none: string): PasteBuffer {
  const name = str(ctx, "b");
  const b = ctx.shared.buffers.get(name);
  if (!b) throw new TmuxFailure(name === undefined ? none : `no buffer ${name}`);
  return b;
}

/** Sets a buffer (appending with `-a`); an empty text makes none, as in tmux. */
function keep(ctx: Ctx, text: string): void {
  const name = str(ctx, "b");
  const had = ctx.cmd.flags.a && name !== undefined ? ctx.shared.buffers.get(name)?.data : "";
  if (text === "" && !had) return;
  ctx.shared.buffers.set(name, (had ?? "") + text);
}

const loadBuffer: Handler = (ctx) => {
  dash(ctx);
  keep(ctx, ctx.stdin ?? "");
  if (ctx.cmd.flags.w && ctx.stdin) ctx.clipboard?.(ctx.stdin);
  return Promise.resolve(0);
};

const setBuffer: Handler = (ctx) => {
  const rename = str(ctx, "n");
  if (rename !== undefined) {
    const b = buffer(ctx, "no buffer");
    ctx.shared.buffers.delete(b.name);
    ctx.shared.buffers.set(rename, b.data);
    return Promise.resolve(0);
  }
  const text = ctx.cmd.args[0];
  if (text === undefined) throw new TmuxFailure("no data specified");
  keep(ctx, text);
  return Promise.resolve(0);
};

const showBuffer: Handler = (ctx) => {
  ctx.out(buffer(ctx, "no buffers").data);
  return Promise.resolve(0);
};

const saveBuffer: Handler = (ctx) => {
  const b = buffer(ctx, "no buffers");
  dash(ctx);
  ctx.out(b.data);
  return Promise.resolve(0);
};

/** tmux's `buffer_sample`: C-style escapes, cut at 200 characters. */
function sample(data: string): string {
  const esc = data.replace(
    // deno-lint-ignore no-control-regex -- control characters are what this escapes
    /[\\\x00-\x1f\x7f]/g,
    (c) =>
      ({ "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r" })[c] ??
        `\\${c.charCodeAt(0).toString(8).padStart(3, "0")}`,
  );
  return esc.length > 200 ? `${esc.slice(0, 200)}...` : esc;
}

const listBuffers: Handler = (ctx) => {
  const format = str(ctx, "F") ?? '#{buffer_name}: #{buffer_size} bytes: "#{buffer_sample}"';
  for (const b of ctx.shared.buffers.list()) {
    const vars = {
      buffer_name: b.name,
      buffer_size: String(new TextEncoder().encode(b.data).length),
      buffer_sample: sample(b.data),
      buffer_created: String(b.created),
    };
    ctx.out(`${expandFormat(format, vars)}\n`);
  }
  return Promise.resolve(0);
};

const deleteBuffer: Handler = (ctx) => {
  const name = str(ctx, "b");
  if (!ctx.shared.buffers.delete(name)) {
    throw new TmuxFailure(name === undefined ? "no buffer" : `unknown buffer: ${name}`);
  }
  return Promise.resolve(0);
};

/** paste-buffer: types the buffer into the pane, each newline as `-s` (default CR) unless `-r`. */
const pasteBuffer: Handler = async (ctx) => {
  const t = find(ctx, "pane");
  const name = str(ctx, "b");
  const b = ctx.shared.buffers.get(name);
  if (!b) {
    if (name !== undefined) throw new TmuxFailure(`no buffer ${name}`);
    return 0;
  }
  const text = ctx.cmd.flags.r ? b.data : b.data.replaceAll("\n", str(ctx, "s") ?? "\r");
  // -p: bracketed paste when the program asked for it (pane.write's default); else plain keys.
  await ctx.call("pane.write", {
    pane: t.pane,
    text,
    ...(ctx.cmd.flags.p ? {} : { paste: false }),
  });
  if (ctx.cmd.flags.d) ctx.shared.buffers.delete(b.name);
  return 0;
};

/** The buffer commands by tmux name. */
export const BUFFER_COMMANDS: Record<string, Handler> = {
  "load-buffer": loadBuffer,
  "set-buffer": setBuffer,
  "show-buffer": showBuffer,
  "save-buffer": saveBuffer,
  "list-buffers": listBuffers,
  "delete-buffer": deleteBuffer,
  "paste-buffer": pasteBuffer,
};

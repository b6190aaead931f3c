/**
 * The attach client: follows one session of a weft server and shows its current window in the
 * terminal, every pane live; turns keys and the mouse into bus commands or pane input.
 *
 * @module
 */

import type { WeftEvent } from "../../protocols/bus/events.ts";
import type { WeftClient } from "../client/mod.ts";
import { actionContextOf } from "./actions.ts";
import type { CellGrid } from "./cells.ts";
import type { WindowView } from "./chrome.ts";
import { paneLabels, statusInfo, textNotice } from "./frame_info.ts";
import { windowRects } from "./chrome.ts";
import { CHROME_ROWS, composeFrame } from "./compose.ts";
import { InputHandler, type Mode } from "./input_handler.ts";
import { PaneInput } from "./pane_input.ts";
import { mirrorConnection, PaneMirror } from "./pane_mirror.ts";
import { MirrorSet } from "./mirror_set.ts";
import { Renderer } from "./renderer.ts";
import { FrameLoop } from "./frame_loop.ts";
import {
  applyEvent,
  type AttachState,
  copiedText,
  loadState,
  windowView,
} from "./session_state.ts";
import { reconnect, reconnectedNotice } from "./reconnect.ts";
import type { StatusInfo } from "./status_bar.ts";
import type { TerminalIo } from "./terminal.ts";
import { osc52 } from "../../protocols/terminal/osc52.ts";
import { NeedNotices } from "./need_notices.ts";
import { COPY_TABLES, type CopyCommand } from "./copy_keys.ts";
import { emptyUserConfig, followUserConfig, type UserConfig } from "./user_config.ts";
import { Timers } from "./timers.ts";
import { loadUnread } from "./unread.ts";
import {
  type AttachExit,
  type AttachOptions,
  sessionClosed,
  STRUCTURE_TOPICS,
} from "./attach_options.ts";
import { FocusReports } from "./focus_reports.ts";
import { isRemote, REMOTE_REFRESH_MS, RemoteFit } from "./remote_state.ts";

export { ATTACH_DEFAULTS, type AttachExit, type AttachOptions } from "./attach_options.ts";

/**
 * One attached client.
 *
 * @example
 * ```ts ignore
 * const client = await WeftClient.find(Deno.cwd(), { client: "tui" });
 * const exit = await new AttachApp(client, processTerminal(), ATTACH_DEFAULTS).run();
 * console.log(exit.message);
 * ```
 */
export class AttachApp {
  #client: WeftClient;
  readonly terminal: TerminalIo;
  readonly options: AttachOptions;
  readonly mirrors = new MirrorSet((id, size) =>
    new PaneMirror(() => mirrorConnection(this.client), id, size, {
      scrollback: this.options.scrollback,
      onChange: () => this.schedule(),
      onError: () => void this.#reload(),
    })
  );
  readonly input: PaneInput;
  state!: AttachState;
  /** Called after each frame is written, with what was drawn (benchmarks measure with it). */
  onFrame: ((output: string, grid: CellGrid) => void) | undefined;
  #renderer: Renderer;
  #handler: InputHandler;
  #notice: { text: string; error: boolean; until: number } | undefined;
  #frames: FrameLoop;
  #refresh = { running: false, again: false };
  #unread = new Map<string, number>();
  #needNotices = new NeedNotices();
  #timers = new Timers();
  #fit = new RemoteFit();
  #finish!: (exit: AttachExit) => void;
  #done = new Promise<AttachExit>((resolve) => (this.#finish = resolve));
  #finished = false;
  #last: { window: string | undefined; pane: string | undefined } = {
    window: undefined,
    pane: undefined,
  };
  /** Shown in the status bar while the server is away. */
  #away: string | undefined;
  #focus = new FocusReports(
    (pane) => this.mirrors.get(pane),
    (pane, text) => this.input.send(pane, { text }),
  );

  constructor(client: WeftClient, terminal: TerminalIo, options: AttachOptions) {
    this.#client = client;
    this.terminal = terminal;
    this.options = options;
    const { cols, rows } = terminal.size();
    this.#renderer = new Renderer(cols, rows);
    this.#frames = new FrameLoop(options.frameMs, () => this.#draw());
    this.input = new PaneInput(
      (pane, params) => this.client.call("pane.write", { pane, ...params }),
      (err) => this.notice((err as Error).message, true),
    );
    const last = () => ({ ...this.#last });
    this.#handler = new InputHandler(this, actionContextOf(this, () => this.#handler, last));
  }

  /** Runs until detach, the server going away, or the session closing. */
  async run(): Promise<AttachExit> {
    this.state = await loadState(this.client, this.options.session);
    await this.#follow(this.client);
    this.terminal.start();
    const unwatch = followUserConfig(this.options.userConfig, {
      apply: (config) => (this.user = config),
      notice: (text, error) => this.notice(text, error),
      redraw: () => this.redraw(),
    });
    try {
      this.terminal.onInput((bytes) => this.#handler.push(bytes));
      this.terminal.onResize(() => this.#resized());
      this.terminal.onEnd?.(() =>
        this.finish({ reason: "detached", message: "the terminal went away" })
      );
      await this.#sendSize();
      await this.#reload();
      this.#timers.everyMinute(() => this.schedule());
      // Another host's structure events do not come here: its session is read again instead.
      this.#timers.every(REMOTE_REFRESH_MS, () => void (isRemote(this.state) && this.#reload()));
      return await this.#done;
    } finally {
      unwatch();
      this.#finished = true;
      this.#timers.clear();
      this.#frames.stop();
      this.mirrors.disposeAll();
      await this.terminal.close();
    }
  }

  /** The connection to the server (a new one after a reconnect). */
  get client(): WeftClient {
    return this.#client;
  }

  /** Listens to a connection: its events, its drops, its end. */
  async #follow(client: WeftClient): Promise<void> {
    client.onClose(() => void this.#lost(client));
    client.onDropped(() => {
      // We read too slowly (a flood): what we know is stale; start again from snapshots.
      this.mirrors.resyncAll();
      void this.#reload();
    });
    await client.subscribe({ topics: STRUCTURE_TOPICS }, (event) => this.#onEvent(event));
    void loadUnread(client, this.#unread).then((any) => any && this.schedule());
  }

  /** The server went away: end, or (with `reconnect`) wait for it and come back. */
  async #lost(client: WeftClient): Promise<void> {
    if (this.#finished || client !== this.#client) return;
    const connect = this.options.reconnect;
    if (!connect) {
      return this.finish({ reason: "server-gone", message: "the weft server went away" });
    }
    this.#away = "the weft server went away: reconnecting…";
    this.schedule();
    const { id, name } = this.state.session;
    const back = await reconnect({ connect, session: { id, name }, alive: () => !this.#finished });
    if (!back || this.#finished) return back?.client.close();
    this.#client = back.client;
    this.state = back.state;
    this.mirrors.disposeAll();
    this.#away = undefined;
    try {
      await this.#follow(back.client);
      await this.#sendSize();
      await this.#reload();
    } catch { /* gone again: its onClose starts over */ }
    this.notice(reconnectedNotice(back, { id, name }), !back.same);
  }

  /** An action's call ended: another host's session (no events from there) is read again. */
  acted = (): void => void (isRemote(this.state) && this.#reload());

  /** Ends the client (once). */
  finish(exit: AttachExit): void {
    if (this.#finished) return;
    this.#finished = true;
    this.#finish(exit);
  }

  /** The focused pane of the current window. */
  get focused(): string | undefined {
    return this.state.layout?.focused ?? undefined;
  }

  /** The current window as drawn. */
  get view(): WindowView | undefined {
    return windowView(this.state);
  }

  /** The user's keys and looks (empty until read). */
  user: UserConfig = emptyUserConfig();

  /** The copy-mode key table in use: the built-in one with the user's keys over it. */
  get copyKeys(): Readonly<Record<string, CopyCommand>> {
    const table = this.options.modeKeys === "emacs" ? "copy-mode" : "copy-mode-vi";
    return { ...COPY_TABLES[table], ...this.user.bind[table] };
  }

  /** The user's own bindings after the prefix and without it. */
  get userKeys(): UserConfig["bind"] {
    return this.user.bind;
  }

  /**
   * Copies `text`: onto this terminal's clipboard (OSC 52) and into weft's paste buffers (the
   * tmux shim's, so `tmux paste-buffer` in a pane pastes it).
   */
  copy(text: string): void {
    this.terminal.write(osc52(text)).catch(() => {});
    this.client.call("tmux.exec", { argv: ["load-buffer", "-"], stdin: text }).then(
      () => this.notice(`copied ${text.length} characters`),
      (err) => this.notice(`copied to the clipboard only: ${(err as Error).message}`, true),
    );
  }

  /** Shows a message in the status bar for a few seconds. */
  notice(text: string, error = false, ms = 4000): void {
    this.#notice = { text, error, until: performance.now() + ms };
    this.#timers.later(() => this.schedule(), ms + 100);
    this.schedule();
  }

  /** Asks for a frame; frames are at most one per `frameMs`, never two writes at once. */
  schedule(): void {
    if (!this.#finished) this.#frames.schedule();
  }

  /** Forgets what the terminal shows; the next frame repaints everything. */
  redraw(): void {
    const { cols, rows } = this.terminal.size();
    this.#renderer.invalidate(cols, rows);
    this.schedule();
  }

  async #draw(): Promise<void> {
    if (this.#finished) return;
    const { cols, rows } = this.terminal.size();
    const mode = this.#handler.mode;
    const { grid, cursor, helpOverflow } = composeFrame({
      cols,
      rows,
      window: this.view,
      labels: paneLabels(this.state),
      mirrors: this.mirrors,
      status: this.#status(mode),
      theme: this.user.theme,
      copy: this.#handler.copy,
      tree: mode.kind === "tree" ? mode.tree : undefined,
      prompt: this.#handler.promptLine(),
      help: mode.kind === "help"
        ? { prefix: this.options.prefix, offset: mode.offset, copyKeys: this.copyKeys }
        : undefined,
    });
    if (mode.kind === "help") mode.overflow = helpOverflow;
    const out = this.#renderer.frame(grid, cursor);
    if (out) {
      await this.terminal.write(out);
      this.onFrame?.(out, grid);
    }
  }

  #status(mode: Mode): StatusInfo {
    const notice = this.#away
      ? { text: this.#away, error: true }
      : this.#notice && this.#notice.until > performance.now()
      ? this.#notice
      : textNotice(this.#handler.modeText(mode));
    return statusInfo(this.state, { unread: this.#unread, notice, now: new Date() });
  }

  #onEvent(event: WeftEvent): void {
    if (event.topic === "pane.clipboard" || event.topic === "tmux.clipboard") {
      const text = copiedText(this.state, event);
      if (text !== undefined) void this.terminal.write(osc52(text)).catch(() => {});
      return;
    }
    if (event.topic === "message.unread") {
      const data = event.data as { pane: string; unread: number };
      this.#unread.set(data.pane, data.unread);
      return this.schedule();
    }
    if (event.topic === "pane.created") {
      // A pane created again under a known id was respawned (a new program, a new screen).
      this.mirrors.get((event.data as { id: string }).id)?.resync();
    }
    if (event.topic === "pane.state") {
      const data = event.data as { pane: string; state: string; message: string | null };
      const notice = this.#needNotices.seen(this.state.panes.get(data.pane), data);
      if (notice) this.terminal.write(notice).catch(() => {}); // a desktop notification
    }
    const next = applyEvent(this.state, event);
    if (next === "closed") {
      return this.finish(sessionClosed(this.state));
    }
    if (next === "reload") return void this.#reload();
    this.schedule();
  }

  /** Takes a new state, remembering the window and pane focused before (`l`, `;`). */
  #setState(next: AttachState): void {
    const was = this.state?.layout;
    const now = next.layout;
    if (was && now && was.window !== now.window) this.#last.window = was.window;
    else if (was?.focused && now && was.focused !== now.focused) this.#last.pane = was.focused;
    this.state = next;
    if (was?.focused !== now?.focused) this.#focus.moved(was?.focused, now?.focused);
  }

  /** The outer terminal's focus (DECSET 1004 reports): the focused pane hears of it. */
  terminalFocus(focused: boolean): void {
    this.#focus.terminal(focused, this.focused);
  }

  /** Follows another session of the server (chosen in the tree). */
  async switchSession(session: string): Promise<void> {
    if (session === this.state.session.id) return;
    this.state = await loadState(this.client, session);
    this.#last = { window: undefined, pane: undefined };
    await this.#sendSize();
    await this.#reload();
  }

  /** Re-reads the session's state (coalesced) and follows it. */
  async #reload(): Promise<void> {
    const r = this.#refresh;
    if (r.running) return void (r.again = true);
    r.running = true;
    try {
      do {
        r.again = false;
        try {
          const id = this.state.session.id;
          const next = await loadState(this.client, id, this.state.session);
          // The client switched sessions meanwhile: this read is of the one it left.
          if (id !== this.state.session.id) {
            r.again = true;
            continue;
          }
          this.#setState(next);
        } catch (err) {
          if (this.client.closed) return;
          const code = (err as { code?: string }).code;
          if (code === "TARGET_NOT_FOUND") {
            return this.finish(sessionClosed(this.state));
          }
          this.notice((err as Error).message, true);
        }
        this.#followLayout();
        this.schedule();
      } while (r.again && !this.#finished);
    } finally {
      r.running = false;
    }
  }

  /** Follows the current window: its panes' mirrors, and copy mode ends with its pane. */
  #followLayout(): void {
    const view = this.view;
    const rects = view ? windowRects(view) : new Map();
    this.mirrors.follow(rects);
    this.#fit.fit(this.client, this.state, this.terminal.size());
    this.#handler.layoutChanged(rects, view?.tree);
  }

  async #sendSize(): Promise<void> {
    if (isRemote(this.state)) return; // another host's windows: RemoteFit
    const { cols, rows } = this.terminal.size();
    try {
      await this.client.call("attach", {
        session: this.state.session.id,
        cols: Math.max(2, cols),
        rows: Math.max(2, rows - CHROME_ROWS),
      });
    } catch (err) {
      this.notice(`Cannot resize the window: ${(err as Error).message}`, true);
    }
  }

  #resized(): void {
    this.redraw();
    void this.#sendSize();
  }
}

/**
 * Where each input event goes, by mode: to the focused pane, to a bound action after the
 * prefix, to the prompt's line editor, to copy mode, or to the mouse handling.
 *
 * @module
 */

import type { WeftClient } from "../client/mod.ts";
import type { LayoutNode } from "../../protocols/layout/tree/mod.ts";
import { type ActionContext, ACTIONS } from "./actions.ts";
import { prefixBinding } from "./bindings.ts";
import type { WindowView } from "./chrome.ts";
import { copyBuffer } from "./compose.ts";
import type { CopyCommand } from "./copy_keys.ts";
import { CopyMode } from "./copy_mode.ts";
import { InputDecoder, type InputEvent, type KeyEvent } from "./input.ts";
import { namedKeyBytes } from "./key_names.ts";
import { MouseHandler } from "./mouse_handler.ts";
import type { PaneInput } from "./pane_input.ts";
import type { PaneMirror } from "./pane_mirror.ts";
import { LineEditor } from "./prompt.ts";
import { commandNames, complete, runCommandLine } from "./command_line.ts";
import type { AttachState } from "./session_state.ts";
import { TreeChooser } from "./tree_mode.ts";

/** What a prompt is for. */
export type PromptPurpose =
  | "command"
  | "search-forward"
  | "search-backward"
  | "rename-window"
  | "rename-session";

const PROMPT_LABELS: Record<PromptPurpose, string> = {
  command: ":",
  "search-forward": "search down: ",
  "search-backward": "search up: ",
  "rename-window": "rename window: ",
  "rename-session": "rename session: ",
};

/** The client's input mode. */
export type Mode =
  | { kind: "normal" }
  | { kind: "prefix" }
  | { kind: "prompt"; purpose: PromptPurpose; editor: LineEditor }
  | { kind: "tree"; tree: TreeChooser }
  | { kind: "confirm"; pane: string }
  | { kind: "help"; offset: number; overflow: number }
  | { kind: "copy" };

/** What the handler needs from the client. */
export interface HandlerHost {
  readonly client: WeftClient;
  readonly options: { prefix: string; escapeMs: number };
  /** The copy-mode key table in use. */
  readonly copyKeys: Readonly<Record<string, CopyCommand>>;
  /** The user's own bindings (command lines) after the prefix and without it. */
  readonly userKeys: {
    prefix: Readonly<Record<string, string>>;
    root: Readonly<Record<string, string>>;
  };
  readonly mirrors: ReadonlyMap<string, PaneMirror>;
  readonly input: PaneInput;
  readonly state: AttachState;
  readonly focused: string | undefined;
  readonly view: WindowView | undefined;
  schedule(): void;
  notice(text: string, error?: boolean): void;
  /** Puts copied text on the terminal's clipboard and in weft's paste buffers. */
  copy(text: string): void;
  /** Follows another session. */
  switchSession(session: string): Promise<void>;
  /** The outer terminal gained or lost focus. */
  terminalFocus(focused: boolean): void;
  /** An action's call ended well (a session whose events do not come here is read again). */
  acted?(): void;
}

/** Keys whose bytes depend on the pane's cursor-key mode: the server encodes them. */
const MODAL_KEYS = new Set(["Up", "Down", "Left", "Right", "Home", "End"]);

/** Routes decoded input by mode. */
export class InputHandler {
  mode: Mode = { kind: "normal" };
  copy: CopyMode | undefined;
  #mouse: MouseHandler;
  #decoder = new InputDecoder();
  /** Command names for completion, read once. */
  #commands: Promise<string[]> | undefined;
  #escape: ReturnType<typeof setTimeout> | undefined;
  #host: HandlerHost;
  #actions: ActionContext;

  constructor(host: HandlerHost, actions: ActionContext) {
    this.#host = host;
    this.#mouse = new MouseHandler(this);
    this.#actions = actions;
  }

  /** The client the handler serves. */
  get host(): HandlerHost {
    return this.#host;
  }

  /** Decodes a chunk of terminal input and handles its events. */
  push(bytes: Uint8Array): void {
    clearTimeout(this.#escape);
    for (const event of this.#decoder.push(bytes)) this.#handle(event);
    if (this.#decoder.pending) {
      this.#escape = setTimeout(() => {
        for (const event of this.#decoder.flush()) this.#handle(event);
      }, this.#host.options.escapeMs);
    }
  }

  /** Opens a mode (from an action). */
  enter(mode: "copy" | "prompt" | "help" | "confirm-close"): void {
    const focused = this.#host.focused;
    if (mode === "prompt") {
      this.mode = { kind: "prompt", purpose: "command", editor: new LineEditor() };
    } else if (mode === "help") this.mode = { kind: "help", offset: 0, overflow: 0 };
    else if (mode === "confirm-close" && focused) this.mode = { kind: "confirm", pane: focused };
    else if (mode === "copy" && focused) this.startCopy(focused);
    this.#host.schedule();
  }

  /** Opens the tree chooser once the tree is read. */
  openTree(sessionsOnly: boolean): void {
    TreeChooser.open(this.#host, { sessionsOnly }).then((tree) => {
      if (this.mode.kind !== "normal") return;
      this.mode = { kind: "tree", tree };
      this.#host.schedule();
    }, (err) => this.#host.notice((err as Error).message, true));
  }

  /** Opens a prompt that renames the window or the session. */
  rename(what: "window" | "session", text: string): void {
    const editor = new LineEditor();
    editor.insert(text);
    this.mode = { kind: "prompt", purpose: `rename-${what}`, editor };
    this.#host.schedule();
  }

  /** Sends the prefix key itself to the focused pane. */
  sendPrefix(): void {
    const bytes = namedKeyBytes(this.#host.options.prefix);
    const pane = this.#host.focused;
    if (bytes && pane) this.#host.input.send(pane, { text: bytes });
  }

  /** The prompt line to draw, when a prompt is open. */
  promptLine(): { label: string; text: string; cursor: number } | undefined {
    const m = this.mode;
    if (m.kind === "prompt") {
      return {
        label: PROMPT_LABELS[m.purpose],
        text: m.editor.text,
        cursor: m.editor.cursor,
      };
    }
    if (m.kind === "confirm") {
      const label = this.#host.state.panes.get(m.pane);
      const what = label
        ? `${m.pane}${label.name ? `:${label.name}` : ""} (${label.command})`
        : m.pane;
      return { label: `close pane ${what}? (y/n) `, text: "", cursor: 0 };
    }
    return undefined;
  }

  /** What the status bar says about the mode. */
  modeText(mode: Mode): string | undefined {
    if (mode.kind === "prefix") return `${this.#host.options.prefix} … (? for help)`;
    if (mode.kind !== "copy" || !this.copy) return undefined;
    const c = this.copy;
    const found = c.count ? `  "${c.term}" ${c.count.index}/${c.count.total}` : "";
    const selecting = c.anchor ? ` selecting ${c.shape}` : "";
    return `copy${selecting}${found}  (q leaves)`;
  }

  /** The layout changed: copy mode ends when its pane is no longer shown. */
  layoutChanged(rects: ReadonlyMap<string, unknown>, _tree: LayoutNode | undefined): void {
    if (this.copy && !rects.has(this.copy.pane)) this.endCopy();
  }

  #handle(event: InputEvent): void {
    if (event.type === "focus") return this.#host.terminalFocus(event.focused);
    if (event.type === "mouse") return this.#mouse.handle(event);
    const m = this.mode;
    if (event.type === "paste") {
      if (m.kind === "prompt") {
        m.editor.insert(event.text);
        return this.#host.schedule();
      }
      if (m.kind === "normal" && this.#host.focused) {
        this.#host.input.send(this.#host.focused, { paste: event.text });
      }
      return;
    }
    switch (m.kind) {
      case "normal":
        return this.#normalKey(event);
      case "prefix":
        return this.#prefixKey(event);
      case "prompt":
        return this.#promptKey(m, event);
      case "confirm":
        this.mode = { kind: "normal" };
        if (event.key === "y" || event.key === "Y") {
          this.run(this.#host.client.call("pane.close", { pane: m.pane }));
        }
        return this.#host.schedule();
      case "help":
        return this.#helpKey(m, event);
      case "copy":
        return this.#copyKey(event);
      case "tree":
        if (!m.tree.key(event)) this.mode = { kind: "normal" };
        return this.#host.schedule();
    }
  }

  #normalKey(event: KeyEvent): void {
    if (event.key === this.#host.options.prefix) {
      this.mode = { kind: "prefix" };
      return this.#host.schedule();
    }
    const root = this.#host.userKeys.root[event.key];
    if (root) return this.runLine(root);
    const pane = this.#host.focused;
    if (!pane) return;
    this.#host.input.send(
      pane,
      MODAL_KEYS.has(event.key) ? { keys: [event.key] } : { text: event.raw },
    );
  }

  #prefixKey(event: KeyEvent): void {
    this.mode = { kind: "normal" };
    this.#host.schedule();
    const mine = this.#host.userKeys.prefix[event.key];
    if (mine) return this.runLine(mine);
    const binding = prefixBinding(event.key, this.#host.options.prefix);
    if (!binding) return;
    const result = ACTIONS[binding.action](this.#actions, binding.arg);
    if (result) this.run(result);
  }

  #promptKey(m: Extract<Mode, { kind: "prompt" }>, event: KeyEvent): void {
    if (event.key === "Tab" && m.purpose === "command") return void this.#complete(m.editor);
    const result = m.editor.key(event);
    if (result === "edit") return this.#host.schedule();
    const text = m.editor.text;
    if (m.purpose === "rename-window" || m.purpose === "rename-session") {
      this.mode = { kind: "normal" };
      this.#host.schedule();
      if (result !== "submit") return;
      const { session, layout } = this.#host.state;
      const name = text.trim() || null;
      return this.run(
        m.purpose === "rename-window"
          ? this.#host.client.call("window.rename", { window: layout?.window, name })
          : this.#host.client.call("session.rename", { session: session.id, name }),
      );
    }
    if (m.purpose !== "command") {
      this.mode = { kind: "copy" };
      if (result === "submit" && text) this.#search(text, m.purpose === "search-forward");
      return this.#host.schedule();
    }
    this.mode = { kind: "normal" };
    this.#host.schedule();
    if (result !== "submit" || !text.trim()) return;
    this.runLine(text);
  }

  /** Runs a command line (the prompt's, a key binding's) and shows its reply. */
  runLine(text: string): void {
    const reply = runCommandLine(text, {
      client: this.#host.client,
      pane: this.#host.focused,
      action: (action, arg) => ACTIONS[action](this.#actions, arg),
    });
    this.run(reply.then((r) => r.text && this.#host.notice(r.text, r.error)));
  }

  /** Tab in the command prompt: completes commands, targets and flags. */
  async #complete(editor: LineEditor): Promise<void> {
    this.#commands ??= this.#host.client.call(
      "server.commands",
      {},
    ).then((r) => commandNames(r.commands.map((c) => c.name)), () => commandNames([]));
    const commands = await this.#commands;
    const { panes, windows, session } = this.#host.state;
    const targets = [
      ...[...panes.values()].flatMap((p) => [p.id, p.name ?? ""]),
      ...windows.flatMap((w) => [w.id, w.name ?? ""]),
      session.id,
      session.name ?? "",
    ].filter(Boolean);
    const head = editor.text.slice(0, editor.cursor);
    const r = complete(head, { commands, targets });
    editor.text = r.line + editor.text.slice(editor.cursor);
    editor.cursor = r.line.length;
    if (r.candidates.length) this.#host.notice(r.candidates.slice(0, 12).join("  "));
    this.#host.schedule();
  }

  #helpKey(m: Extract<Mode, { kind: "help" }>, event: KeyEvent): void {
    const step = { j: 1, Down: 1, k: -1, Up: -1, NPage: 10, PPage: -10 }[event.key];
    if (step !== undefined && m.overflow > 0) {
      m.offset = Math.max(0, Math.min(m.overflow, m.offset + step));
    } else this.mode = { kind: "normal" };
    this.#host.schedule();
  }

  #copyKey(event: KeyEvent): void {
    if (event.key === this.#host.options.prefix) {
      this.endCopy();
      this.mode = { kind: "prefix" };
      return this.#host.schedule();
    }
    const command = this.#host.copyKeys[event.key];
    if (command) this.#copyCommand(command);
  }

  #copyCommand(command: CopyCommand): void {
    const mirror = this.copy && this.#host.mirrors.get(this.copy.pane);
    if (!this.copy || !mirror) return;
    const result = this.copy.run(command, copyBuffer(mirror));
    if (result.search) {
      const purpose = result.search === "forward" ? "search-forward" : "search-backward";
      this.mode = { kind: "prompt", purpose, editor: new LineEditor() };
    }
    if (result.copy) this.#host.copy(result.copy);
    if (result.leave) return this.endCopy();
    if (command.startsWith("search-") && this.copy.term && !this.copy.match) {
      this.#host.notice(`"${this.copy.term}" not found`, true);
    }
    this.#host.schedule();
  }

  #search(term: string, forward: boolean): void {
    const mirror = this.copy && this.#host.mirrors.get(this.copy.pane);
    if (!this.copy || !mirror) return;
    if (!this.copy.search(term, copyBuffer(mirror), forward)) {
      this.#host.notice(`"${term}" not found`, true);
    }
  }

  /** Copy mode on `pane`, the cursor where the pane's cursor is; history loads behind it. */
  startCopy(pane: string): void {
    const mirror = this.#host.mirrors.get(pane);
    if (!mirror) return;
    const b = mirror.term.buffer.active;
    this.copy = new CopyMode(pane, copyBuffer(mirror), {
      line: b.baseY + b.cursorY,
      col: b.cursorX,
    });
    this.mode = { kind: "copy" };
    // The mirror's new screen (with history) is followed by the copy mode (see its #follow).
    mirror.loadHistory().catch(() => {});
  }

  endCopy(): void {
    this.copy = undefined;
    this.#mouse.cancel();
    if (
      this.mode.kind === "copy" ||
      (this.mode.kind === "prompt" && this.mode.purpose.startsWith("search-"))
    ) {
      this.mode = { kind: "normal" };
    }
    this.#host.schedule();
  }

  /** Runs work; a failure becomes a notice. */
  run(work: Promise<unknown> | unknown): void {
    Promise.resolve(work).then(
      () => this.#host.acted?.(),
      (err) => this.#host.notice((err as Error).message, true),
    );
  }
}

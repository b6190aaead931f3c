/**
 * What a caller sends each core command, by name: the contract's input schemas
 * (`protocols/bus/contract/`) as plain types, for the plugin SDK's `ctx.call`, the socket client
 * and the MCP host. Declared rather than inferred so that the SDK's public types stay explicit;
 * `contract/mod.ts` does not compile when one of these differs from its schema's input type.
 *
 * @module
 */

import type { AgentKind, PaneState } from "../records.ts";

/** Each core command's input, as a caller writes it (defaults not yet applied). */
export interface CoreInputs {
  "session.create": {
    session?: string | undefined;
    window?: string | undefined;
    command?: string | undefined;
    argv?: string[] | undefined;
    cwd?: string | undefined;
    env?: Record<string, string> | undefined;
    name?: string | undefined;
    agent?: AgentKind | undefined;
    tags?: string[] | undefined;
  };
  "session.list": Record<string, never>;
  "session.rename": {
    session?: string | undefined;
    name: string | null;
  };
  "session.kill": {
    session: string;
  };
  "session.view": {
    viewer: string;
    session?: string | undefined;
    cols?: number | undefined;
    rows?: number | undefined;
    leave?: boolean | undefined;
  };
  "window.create": {
    session?: string | undefined;
    window?: string | undefined;
    command?: string | undefined;
    argv?: string[] | undefined;
    cwd?: string | undefined;
    env?: Record<string, string> | undefined;
    name?: string | undefined;
    agent?: AgentKind | undefined;
    tags?: string[] | undefined;
  };
  "window.list": {
    session?: string | undefined;
  };
  "window.select": {
    window: string;
  };
  "window.rename": {
    window?: string | undefined;
    name: string | null;
  };
  "window.kill": {
    window: string;
  };
  "window.layout": {
    window?: string | undefined;
  };
  "window.set_layout": {
    window?: string | undefined;
    layout: Record<string, unknown>;
  };
  "window.resize": {
    window?: string | undefined;
    cols: number;
    rows: number;
  };
  "window.zoom": {
    pane?: string | undefined;
    zoomed: boolean;
  };
  "pane.create": {
    window?: string | undefined;
    split?: string | undefined;
    direction?: "horizontal" | "vertical" | undefined;
    ratio?: number | undefined;
    before?: boolean | undefined;
    focus?: boolean | undefined;
    command?: string | undefined;
    argv?: string[] | undefined;
    cwd?: string | undefined;
    env?: Record<string, string> | undefined;
    name?: string | undefined;
    agent?: AgentKind | undefined;
    tags?: string[] | undefined;
  };
  "pane.respawn": {
    pane: string;
    command?: string | undefined;
    argv?: string[] | undefined;
    cwd?: string | undefined;
    env?: Record<string, string> | undefined;
    agent?: AgentKind | undefined;
    tags?: string[] | undefined;
  };
  "pane.move": {
    pane: string;
    split?: string | undefined;
    direction?: "horizontal" | "vertical" | undefined;
    ratio?: number | undefined;
    before?: boolean | undefined;
    session?: string | undefined;
    name?: string | undefined;
    focus?: boolean | undefined;
  };
  "pane.close": {
    pane: string;
  };
  "pane.focus": {
    pane: string;
  };
  "pane.rename": {
    pane?: string | undefined;
    name: string | null;
  };
  "pane.resize": {
    pane: string;
    cols?: number | undefined;
    rows?: number | undefined;
    dx?: number | undefined;
    dy?: number | undefined;
  };
  "pane.canvas": {
    window?: string | undefined;
    split?: string | undefined;
    direction?: "horizontal" | "vertical" | undefined;
    ratio?: number | undefined;
    focus?: boolean | undefined;
    name?: string | undefined;
    tags?: string[] | undefined;
    meta?: Record<string, string> | undefined;
  };
  "pane.draw": {
    pane: string;
    lines?: string[] | undefined;
    ansi?: string | undefined;
    title?: string | undefined;
  };
  "pane.pipe": {
    pane?: string | undefined;
    command?: string | undefined;
    toggle?: boolean | undefined;
  };
  "pane.list": {
    window?: string | undefined;
    session?: string | undefined;
    tag?: string | undefined;
  };
  "pane.status": {
    pane?: string | undefined;
  };
  "pane.read": {
    pane?: string | undefined;
    mode?: "visible" | "recent" | "history" | undefined;
    lines?: number | undefined;
    ansi?: boolean | undefined;
    joinWrapped?: boolean | undefined;
    since?: number | undefined;
  };
  "pane.write": {
    pane: string;
    text?: string | undefined;
    keys?: string[] | undefined;
    bytes?: string | undefined;
    submit?: boolean | undefined;
    paste?: boolean | undefined;
    yieldToHuman?: boolean | undefined;
  };
  "pane.wait": {
    pane: string;
    match?: string | undefined;
    regex?: boolean | undefined;
    since?: number | undefined;
    exit?: boolean | undefined;
    idle?: number | undefined;
    state?: PaneState | PaneState[] | undefined;
    timeout?: number | undefined;
  };
  "pane.run": {
    command?: string | undefined;
    argv?: string[] | undefined;
    pane?: string | undefined;
    window?: string | undefined;
    cwd?: string | undefined;
    keep?: boolean | undefined;
    timeout?: number | undefined;
  };
  "pane.set": {
    pane?: string | undefined;
    agent?: AgentKind | undefined;
    tags?: string[] | undefined;
    meta?: Record<string, string | null> | undefined;
    state?: Exclude<PaneState, "exited"> | undefined;
    message?: string | undefined;
    displayFilter?: "sideband" | null | undefined;
  };
  "pane.report": {
    pane?: string | undefined;
    agent?: string | undefined;
    event: Record<string, unknown>;
    continues?: boolean | undefined;
  };
  "pane.needs": {
    wait?: boolean | undefined;
    timeout?: number | undefined;
  };
  "pane.answer": {
    pane: string;
    choice?: number | undefined;
    approve?: boolean | undefined;
    deny?: boolean | undefined;
    message?: string | undefined;
    fingerprint?: string | undefined;
  };
  "pane.check_key": {
    pane: string;
    key: string;
  };
  "pane.transcript": {
    pane: string;
    find?: string | undefined;
    after?: number | undefined;
  };
  "pane.reserve_names": {
    names: string[];
  };
  "server.status": Record<string, never>;
  "server.stop": Record<string, never>;
  "server.plugin_start": {
    name: string;
  };
  "server.plugin_reload": {
    name: string;
    refresh?: boolean | undefined;
  };
  "server.allow": {
    panes?: string[] | undefined;
  };
  "server.commands": {
    name?: string | undefined;
    tagged?: boolean | undefined;
  };
}

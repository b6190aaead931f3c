import { deepStrictEqual } from "node:assert/strict";
import { palette, rgb } from "./cells.ts";
import { tmuxLook } from "./tmux_look.ts";

Deno.test("tmuxLook() reads what Claude Code's teammate backend sets on a pane", () => {
  // The metadata the shim keeps after Claude Code 2.1's set-option -p and select-pane -T calls.
  const teammate = {
    "tmux.window-style": "bg=default,fg=blue",
    "tmux.pane-border-style": "fg=colour208",
    "tmux.pane-active-border-style": "fg=colour208",
    "tmux.pane-border-format": "#[fg=colour208,bold] #{pane_title} #[default]",
    "tmux.title": "researcher",
  };
  deepStrictEqual(tmuxLook(teammate), { title: "researcher", colour: palette(208) });
});

Deno.test("tmuxLook() falls back through the styles and is empty without them", () => {
  deepStrictEqual(tmuxLook({ "tmux.window-style": "bg=default,fg=#ff8800" }).colour, rgb(0xff8800));
  deepStrictEqual(tmuxLook({ "tmux.style": "bg=default,fg=green" }).colour, palette(2));
  deepStrictEqual(tmuxLook({ "tmux.pane-border-style": "default" }), { title: null, colour: null });
  deepStrictEqual(tmuxLook(undefined), { title: null, colour: null });
});

import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { palette } from "./cells.ts";
import { parseUserConfig, userConfigPath } from "./user_config.ts";

Deno.test("parseUserConfig() reads the README's example without a problem", async () => {
  const readme = await Deno.readTextFile(new URL("./README.md", import.meta.url));
  const example = /```toml\n(\[attach\.bind\.prefix\][\s\S]*?)```/.exec(readme)![1]!;
  const config = parseUserConfig(example);
  assertEquals(config.problems, []);
  assertEquals(config.bind.prefix["|"], "split-window -h");
  assertEquals(config.bind.root["M-Left"], "select-pane -L");
  assertEquals(config.bind["copy-mode-vi"].Y, "copy-selection");
  assertEquals(config.theme.status, { fg: palette(0), bg: palette(6), attrs: 0 });
});

Deno.test("parseUserConfig() reports what it does not understand and keeps the rest", () => {
  const config = parseUserConfig(
    '[attach.bind.nope]\na = "x"\n[attach.bind.copy-mode]\nq = "explode"\nj = "cursor-down"\n',
  );
  assertEquals(config.problems.length, 2);
  assertEquals(config.bind["copy-mode"], { j: "cursor-down" });
  assertEquals(parseUserConfig("not = [toml").problems.length, 1);
});

Deno.test("userConfigPath() follows XDG_CONFIG_HOME, else ~/.config", () => {
  const env = (vars: Record<string, string>) => (n: string) => vars[n];
  assertEquals(userConfigPath(env({ XDG_CONFIG_HOME: "/x" })), "/x/weft/config.toml");
  assertEquals(userConfigPath(env({ HOME: "/h" })), "/h/.config/weft/config.toml");
  assertEquals(userConfigPath(env({})), undefined);
});

import { strictEqual as assertEquals } from "node:assert/strict";
import { defaultShell } from "./cli.ts";

const PASSWD = "root:x:0:0:root:/root:/bin/bash\nsam:x:1000:1000::/home/sam:/usr/bin/zsh\n" +
  "nologin:x:1001:1001::/:\n";

Deno.test("default-shell is $SHELL, else the passwd login shell, else /bin/sh (tmux's getshell)", () => {
  assertEquals(defaultShell("/bin/fish", PASSWD, 1000), "/bin/fish");
  assertEquals(defaultShell(undefined, PASSWD, 1000), "/usr/bin/zsh");
  assertEquals(defaultShell("", PASSWD, 0), "/bin/bash");
  assertEquals(defaultShell("zsh", PASSWD, 0), "/bin/bash"); // not absolute: ignored, as in tmux
  assertEquals(defaultShell(undefined, PASSWD, 1001), "/bin/sh"); // empty login shell
  assertEquals(defaultShell(undefined, PASSWD, 4242), "/bin/sh");
  assertEquals(defaultShell(undefined, undefined, 0), "/bin/sh");
  assertEquals(defaultShell(undefined, PASSWD, null), "/bin/sh");
});

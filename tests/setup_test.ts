import { deepStrictEqual, match, strictEqual } from "node:assert/strict";
import { type Need, setup, type SetupDeps } from "./setup.ts";

const NEEDS: Need[] = [
  { program: "tmux", pkg: "tmux", why: "attach tests" },
  { program: "chromium", pkg: "chromium", why: "web tests" },
  { program: "ps", pkg: "procps", why: "process tests" },
];

/** A machine with these programs, where apt-get installs a package when `works` says so. */
function machine(programs: string[], root: boolean, works: (call: number) => boolean) {
  const have = new Set(programs);
  const runs: string[] = [];
  const said: string[] = [];
  const deps: SetupDeps = {
    has: (p) => have.has(p),
    root,
    run: (program, args) => {
      runs.push([program, ...args].join(" "));
      if (args[0] !== "install" || !works(runs.length)) return Promise.resolve(100);
      for (const need of NEEDS) if (args.includes(need.pkg)) have.add(need.program);
      return Promise.resolve(0);
    },
    say: (line) => said.push(line),
  };
  return { deps, runs, said, have };
}

Deno.test("setup() does nothing when every program is there", async () => {
  const m = machine(["tmux", "chromium", "ps", "apt-get"], true, () => true);
  strictEqual(await setup(m.deps, NEEDS), 0);
  deepStrictEqual(m.runs, []);
  deepStrictEqual(m.said, []);
});

Deno.test("setup() as root installs the missing packages with apt-get", async () => {
  const m = machine(["tmux", "apt-get"], true, () => true);
  strictEqual(await setup(m.deps, NEEDS), 0);
  deepStrictEqual(m.runs, ["apt-get install -y -q chromium procps"]);
});

Deno.test("setup() updates the package lists once when the first install fails", async () => {
  const m = machine(["apt-get"], true, (call) => call > 1);
  strictEqual(await setup(m.deps, NEEDS), 0);
  deepStrictEqual(m.runs, [
    "apt-get install -y -q tmux chromium procps",
    "apt-get update -q",
    "apt-get install -y -q tmux chromium procps",
  ]);
});

Deno.test("setup() as another user names each missing package and the command", async () => {
  const m = machine(["tmux", "apt-get"], false, () => true);
  strictEqual(await setup(m.deps, NEEDS), 1);
  deepStrictEqual(m.runs, [], "it installs nothing");
  const text = m.said.join("\n");
  match(text, /chromium \(Debian package chromium\): web tests/);
  match(text, /ps \(Debian package procps\): process tests/);
  match(text, /sudo apt-get install -y chromium procps/);
});

Deno.test("setup() says what is still missing when apt-get cannot install it", async () => {
  const m = machine(["apt-get"], true, () => false);
  strictEqual(await setup(m.deps, NEEDS), 1);
  match(m.said.join("\n"), /install them with: apt-get install -y tmux chromium procps/);
});

const SCRIPT = new URL("./setup.ts", import.meta.url).pathname;

Deno.test("tests/setup.ts finds everything on a machine set up for the tests", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-run", "--allow-env", "--allow-read", "--allow-sys", SCRIPT],
    stdout: "piped",
    stderr: "piped",
  }).output();
  strictEqual(out.code, 0, new TextDecoder().decode(out.stderr));
  strictEqual(new TextDecoder().decode(out.stderr), "");
});

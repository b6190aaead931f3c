/**
 * `deno task bench`: every benchmark, a table on stdout and `bench-results.json`.
 * Numbers are printed, never asserted. `deno task bench -- NAME…` runs only those groups.
 * The soak (10 minutes of mixed load) runs only when named: `deno task bench -- soak`, or
 * `deno task bench -- soak --minutes 1`; so does `deno task bench -- lean` (what weft costs
 * beside tmux, a one-line `deno run` and the raw PTY read: see `lean.ts`), and `deno task bench
 * -- delivery` (a message's way into each real agent, per rung: `_delivery.ts`).
 *
 * @module
 */

import { join } from "node:path";
import { parseArgs } from "node:util";
import { ROOT } from "./_util.ts";

type Bench = () => Promise<Record<string, number>>;

/** Benchmark groups: module (relative to this folder) and exported function. */
const GROUPS: [string, string, string][] = [
  ["startup", "./core.ts", "benchStartup"],
  ["read", "./core.ts", "benchRead"],
  ["stalls", "./core.ts", "benchStalls"],
  ["echo", "./echo.ts", "benchEcho"],
  ["ingest", "./ingest.ts", "benchIngest"],
  ["memory", "./ingest.ts", "benchHistoryMemory"],
  ["mcp", "./mcp.ts", "benchMcp"],
  ["sideband", "./sideband.ts", "benchSideband"],
  ["tui", "./tui.ts", "benchTui"],
  ["web", "./web.ts", "benchWeb"],
  ["state", "./state.ts", "benchState"],
  ["tmux", "./tmux.ts", "benchTmux"],
  ["tmux-hosts", "./tmux_hosts.ts", "benchTmuxHosts"],
  ["soak", "./soak.ts", "benchSoak"],
  ["siege", "./siege.ts", "benchSiege"],
  ["store", "./store.ts", "benchStore"],
  ["bridge", "./bridge.ts", "benchBridge"],
  ["messaging", "./messaging.ts", "benchMessaging"],
  ["names", "./names.ts", "benchNames"],
  ["canvas", "./canvas.ts", "benchCanvas"],
  ["canvas-render", "./canvas_render.ts", "benchCanvasRender"],
  ["lean", "./lean.ts", "benchLean"],
  ["needs", "./needs.ts", "benchNeeds"],
  ["fabric", "./fabric.ts", "benchFabric"],
  ["fabric", "./fabric_messaging.ts", "benchFabricMessaging"],
  ["fabric", "./fabric_output.ts", "benchFabricOutput"],
];
/** Groups that run only when named. */
const OPT_IN = new Set(["soak", "lean", "siege"]);
/**
 * Each agent's delivery bench, `delivery_<kind>.ts` exporting `benchDelivery`: found here, not
 * named, so that an agent vendor taken out (protocols/agents/README.md) takes its bench along.
 * Group `delivery-<kind>`, run only when named, or all of them by `delivery` (each needs its
 * agent's package).
 */
const FAMILY = new Map<string, string>();
for (
  const entry of [...Deno.readDirSync(new URL(".", import.meta.url))].sort((a, b) =>
    a.name < b.name ? -1 : 1
  )
) {
  const kind = /^delivery_(\w+)\.ts$/.exec(entry.name)?.[1];
  if (!kind) continue;
  GROUPS.push([`delivery-${kind}`, `./${entry.name}`, "benchDelivery"]);
  OPT_IN.add(`delivery-${kind}`);
  FAMILY.set(`delivery-${kind}`, "delivery");
}

// `deno task bench -- soak` passes the "--" along.
const { positionals } = parseArgs({
  args: Deno.args.filter((a) => a !== "--"),
  options: { minutes: { type: "string" } }, // read by the soak itself
  allowPositionals: true,
});
const only = new Set(positionals);
const results: Record<string, Record<string, number> | { error: string }> = {};
for (const [name, path, fn] of GROUPS) {
  const named = only.has(name) || only.has(FAMILY.get(name) ?? name);
  if (only.size ? !named : OPT_IN.has(name)) continue;
  let mod: Record<string, unknown>;
  try {
    mod = await import(path);
  } catch (err) {
    results[name] = { error: `cannot load ${path}: ${(err as Error).message.split("\n")[0]}` };
    continue;
  }
  const bench = mod[fn] as Bench | undefined;
  if (!bench) {
    results[name] = { error: `${path} does not export ${fn}` };
    continue;
  }
  console.error(`bench: ${name}…`);
  try {
    // A group may span files (fabric): their figures go in one table.
    results[name] = { ...results[name], ...(await bench()) } as Record<string, number>;
  } catch (err) {
    results[name] = { error: (err as Error).message };
  }
  console.log(`\n== ${name} ==`);
  console.table(results[name]);
}
const file = join(ROOT, "bench-results.json");
await Deno.writeTextFile(
  file,
  JSON.stringify({ date: new Date().toISOString(), results }, null, 2) + "\n",
);
console.log(`\nwrote ${file}`);

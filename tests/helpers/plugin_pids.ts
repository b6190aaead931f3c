/**
 * Plugin processes seen from outside: their pids from /proc, found by the `--weft-plugin=NAME`
 * flag on their command lines.
 *
 * @module
 */

import { PROCESS_FLAG } from "../../protocols/plugin/mod.ts";

/**
 * The pids of `parent`'s plugin processes (default: this process's), with the plugin each
 * runs; only those of `name` when given, and only those whose command line names
 * `projectDir` (their rights do) when given: `deno test --parallel` runs every test file in one
 * process, so its children are every file's plugins.
 */
export async function pluginPids(
  name?: string,
  parent = Deno.pid,
  projectDir?: string,
): Promise<{ pid: number; plugin: string }[]> {
  const found: { pid: number; plugin: string }[] = [];
  for await (const entry of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    try {
      const stat = await Deno.readTextFile(`/proc/${entry.name}/stat`);
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid !== parent) continue;
      const cmdline = await Deno.readTextFile(`/proc/${entry.name}/cmdline`);
      const plugin = cmdline.split("\0").find((a) => a.startsWith(PROCESS_FLAG))
        ?.slice(PROCESS_FLAG.length);
      const mine = projectDir === undefined || cmdline.includes(projectDir);
      if (plugin !== undefined && (name === undefined || plugin === name) && mine) {
        found.push({ pid: Number(entry.name), plugin });
      }
    } catch { /* gone meanwhile */ }
  }
  return found;
}

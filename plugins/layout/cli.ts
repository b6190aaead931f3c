/**
 * `weft layout apply|save|list|preset|cycle`: layout files and presets from the shell. Files
 * are read and written here, by the CLI; the layout plugin (which has no file rights) builds
 * what they describe through `layout.create`.
 *
 * @module
 */

import { basename, isAbsolute, join, resolve } from "node:path";
import { parseArgs } from "../cli/args.ts";
import type { WeftClient } from "../client/mod.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import {
  findPreset,
  type LayoutFile,
  MAX_LAYOUT_FILE,
  parseLayoutFile,
  stringifyLayoutFile,
  type WindowSpec,
} from "../../protocols/layout/mod.ts";
import { type CliIo, print, type Subcommand, UsageError, withClient } from "../cli/io.ts";

const USAGE = [
  "weft layout apply FILE.toml|NAME [--session S] [--replace] [--json]",
  "weft layout save NAME [--window W] [--description TEXT] [--force] [--json]",
  "weft layout list [--json]",
  "weft layout preset NAME [--window W] [--main-ratio R]",
  "weft layout cycle [--window W]",
].join(" | ");

interface Created {
  window: string;
  panes: { pane: string; name: string | null; command: string }[];
}

/** The project's layout folder, in its state folder (elsewhere for a read-only project). */
function layoutsDir(client: WeftClient | undefined, io: CliIo): string {
  const { projectDir, stateDir } = client?.hello ?? {};
  if (typeof stateDir === "string") return join(stateDir, "layouts");
  return join(typeof projectDir === "string" ? projectDir : io.cwd, ".weft", "layouts");
}

/** A path as given (`x.toml`, `./x`, `/abs`), else a name in `.weft/layouts/`. */
function layoutPath(arg: string, client: WeftClient, io: CliIo): string {
  if (arg.endsWith(".toml") || arg.includes("/")) {
    return isAbsolute(arg) ? arg : resolve(io.cwd, arg);
  }
  return join(layoutsDir(client, io), `${arg}.toml`);
}

async function readLayout(path: string, shown: string, client: WeftClient): Promise<LayoutFile> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (err) {
    throw new WeftError("NOT_FOUND", `Cannot read layout file ${shown}: ${(err as Error).message}`);
  }
  const { presets } = await client.call<{ presets: { name: string }[] }>("layout.presets", {});
  return parseLayoutFile(text, { name: shown, resolvePreset: (n) => findPreset(presets, n).name });
}

async function apply(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      session: { type: "string" },
      replace: { type: "boolean" },
      json: { type: "boolean" },
    },
  });
  const arg = positionals[0];
  if (!arg || positionals.length > 1) throw new UsageError("give one layout file or name");
  return await withClient(io, async (client) => {
    const path = layoutPath(arg, client, io);
    const file = await readLayout(path, arg.endsWith(".toml") ? arg : path, client);
    const session = values.session ?? file.session;
    const created: Created[] = [];
    try {
      for (const [i, w] of file.windows.entries()) {
        created.push(
          await client.call<Created>("layout.create", {
            ...(session ? { session } : {}),
            ...(w.name ? { window: w.name } : {}),
            ...(values.replace ? { replace: true } : {}),
            layout: w.layout,
          }).catch((err) => {
            if (!(err instanceof WeftError)) throw err;
            const what = `window[${i}]${w.name ? ` ("${w.name}")` : ""}`;
            throw new WeftError(err.code, `${what} of ${arg}: ${err.message}`, err.data);
          }),
        );
      }
    } catch (err) {
      // All or nothing for the whole file: the windows already built go too.
      for (const c of created) {
        await client.call("window.kill", { window: c.window }).catch(() => {});
      }
      throw err;
    }
    print(
      io,
      !!values.json,
      { windows: created },
      () =>
        created.map((c) =>
          `${c.window}: ${
            c.panes.map((p) => `${p.pane}${p.name ? ` ${p.name}` : ""} (${p.command})`).join(", ")
          }\n`
        ).join(""),
    );
    return 0;
  });
}

async function save(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      window: { type: "string" },
      description: { type: "string" },
      force: { type: "boolean" },
      json: { type: "boolean" },
    },
  });
  const name = positionals[0];
  if (!name || positionals.length > 1 || !/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$/.test(name)) {
    throw new UsageError("give a layout name (letters, digits, _ . -)");
  }
  return await withClient(io, async (client) => {
    const spec = await client.call<WindowSpec & { window: string }>("layout.export", {
      ...(values.window ? { window: values.window } : {}),
    });
    const { window: _, ...window } = spec;
    const file: LayoutFile = {
      ...(values.description ? { description: values.description } : {}),
      windows: [window],
    };
    const text = stringifyLayoutFile(file);
    checkReadable(text, name);
    const dir = layoutsDir(client, io);
    const path = join(dir, `${name}.toml`);
    await Deno.mkdir(dir, { recursive: true });
    try {
      await Deno.writeTextFile(path, text, { createNew: !values.force });
    } catch (err) {
      if (err instanceof Deno.errors.AlreadyExists) {
        throw new WeftError(
          "CONFLICT",
          `Cannot save layout "${name}": ${path} exists (use --force)`,
        );
      }
      throw err;
    }
    print(io, !!values.json, { path, layout: file }, () => `${path}\n`);
    return 0;
  });
}

/** Refuses to save what `layout apply` and `layout list` would refuse to read back. */
function checkReadable(text: string, name: string): void {
  if (text.length > MAX_LAYOUT_FILE) {
    throw new WeftError(
      "TOO_LARGE",
      `Cannot save layout "${name}": it would be ${text.length} characters, over the ` +
        `${MAX_LAYOUT_FILE} a layout file may have (a pane's command or argv is that long)`,
    );
  }
  try {
    parseLayoutFile(text, { name: `layout "${name}"` });
  } catch (err) {
    if (!(err instanceof WeftError)) throw err;
    const problem = err.message.replace(/^Cannot read layout "[^"]*"( at [^:]*)?: /, "");
    throw new WeftError(
      err.code,
      `Cannot save layout "${name}": weft layout apply would refuse it: ${problem}`,
      err.data,
    );
  }
}

async function list(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({ args, options: { json: { type: "boolean" } } });
  return await withClient(io, async (client) => {
    const dir = layoutsDir(client, io);
    const files: {
      name: string;
      path: string;
      description?: string;
      windows?: number;
      error?: string;
    }[] = [];
    try {
      for await (const entry of Deno.readDir(dir)) {
        if (!entry.isFile || !entry.name.endsWith(".toml")) continue;
        const path = join(dir, entry.name);
        const name = basename(entry.name, ".toml");
        try {
          const file = parseLayoutFile(await Deno.readTextFile(path), { name: path });
          files.push({
            name,
            path,
            ...(file.description ? { description: file.description } : {}),
            windows: file.windows.length,
          });
        } catch (err) {
          files.push({ name, path, error: (err as Error).message.split("\n")[0]! });
        }
      }
    } catch (err) {
      if (!(err instanceof Deno.errors.NotFound)) throw err;
    }
    files.sort((a, b) => a.name.localeCompare(b.name));
    const { presets } = await client.call<{ presets: { name: string; description: string }[] }>(
      "layout.presets",
      {},
    );
    print(io, !!values.json, { files, presets }, () => {
      const lines = [`layouts in ${dir}:`];
      if (!files.length) lines.push("  (none; `weft layout save NAME` writes one)");
      for (const f of files) {
        const what = f.error
          ? `bad: ${f.error}`
          : `${f.windows} window${f.windows === 1 ? "" : "s"}${
            f.description ? `: ${f.description}` : ""
          }`;
        lines.push(`  ${f.name}  ${what}`);
      }
      lines.push("presets:");
      for (const p of presets) lines.push(`  ${p.name.padEnd(16)} ${p.description}`);
      return lines.join("\n") + "\n";
    });
    return 0;
  });
}

async function preset(args: string[], io: CliIo, cycle: boolean): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      window: { type: "string" },
      "main-ratio": { type: "string" },
      json: { type: "boolean" },
    },
  });
  const name = positionals[0];
  if (cycle ? positionals.length : !name) {
    throw new UsageError(cycle ? "cycle takes no name" : "give a preset name");
  }
  const ratio = values["main-ratio"] === undefined ? undefined : Number(values["main-ratio"]);
  if (ratio !== undefined && !(ratio > 0 && ratio < 1)) {
    throw new UsageError("--main-ratio must be between 0 and 1");
  }
  return await withClient(io, async (client) => {
    const result = await client.call<{ preset: string; window: string }>(
      cycle ? "layout.cycle" : "layout.apply_preset",
      {
        ...(values.window ? { window: values.window } : {}),
        ...(name ? { preset: name } : {}),
        ...(ratio !== undefined ? { main_ratio: ratio } : {}),
      },
    );
    print(io, !!values.json, result, () => `${result.window}: ${result.preset}\n`);
    return 0;
  });
}

/** `weft layout` */
export const layout: Subcommand = {
  usage: USAGE,
  summary: "Layout files and presets: apply a .toml, save the current window, list, preset, cycle",
  run: (args, io) => {
    const [verb, ...rest] = args;
    switch (verb) {
      case "apply":
        return apply(rest, io);
      case "save":
        return save(rest, io);
      case "list":
      case "ls":
        return list(rest, io);
      case "preset":
        return preset(rest, io, false);
      case "cycle":
        return preset(rest, io, true);
      default:
        throw new UsageError(
          verb ? `unknown layout command "${verb}"` : "give apply, save, list, preset or cycle",
        );
    }
  },
};

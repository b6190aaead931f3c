/**
 * The plugin side of the process transport: when the host runs a plugin module as
 * `deno run … <module> --weft-plugin=<name>`, this gives the runtime the same small scope a
 * Worker offers (a name, postMessage, message events, close) over stdin and stdout, one JSON
 * message per line.
 *
 * @module
 */

import {
  encodeFrame,
  LineReader,
  type LogLevel,
  PROCESS_FLAG,
  WORKER_NAME_PREFIX,
} from "../../protocols/plugin/mod.ts";

/** What the runtime needs of where it runs. */
export interface PluginScope {
  name: string;
  postMessage(message: unknown): void;
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  close(): void;
}

/** Longest line the host may send (a large event or call input). */
const MAX_LINE_CHARS = 256 * 1024 * 1024;

/** The scope of a plugin process, or undefined when this process is not one. */
export function processScope(): PluginScope | undefined {
  const flag = Deno.args.find((a) => a.startsWith(PROCESS_FLAG));
  if (flag === undefined) return undefined;
  const out = new Outbox();
  const exit = (code: number) => (out.flush(), Deno.exit(code));
  // A plugin that calls Deno.exit itself right after posting still gets its messages out.
  globalThis.addEventListener("unload", () => out.flush());
  const postMessage = (message: unknown) => out.post(encodeFrame(message));
  redirectConsole(postMessage);
  return {
    name: WORKER_NAME_PREFIX + flag.slice(PROCESS_FLAG.length),
    postMessage,
    addEventListener: (_type, listener) => void readMessages(listener, () => exit(0)),
    close: () => exit(0),
  };
}

/**
 * Writes to stdout synchronously, the lines posted in one turn of the event loop in one write:
 * a command's answer and the events it published cost the host one read, not one each.
 * Messages keep their order, and a host that reads slowly slows this plugin, not the others.
 */
class Outbox {
  #lines: string[] = [];
  #encoder = new TextEncoder();

  post(line: string): void {
    this.#lines.push(line);
    if (this.#lines.length === 1) queueMicrotask(() => this.flush());
  }

  flush(): void {
    if (this.#lines.length === 0) return;
    const bytes = this.#encoder.encode(this.#lines.join(""));
    this.#lines = [];
    let done = 0;
    while (done < bytes.length) done += Deno.stdout.writeSync(bytes.subarray(done));
  }
}

async function readMessages(
  listener: (event: MessageEvent) => void,
  onEnd: () => void,
): Promise<void> {
  const reader = new LineReader(MAX_LINE_CHARS);
  const decoder = new TextDecoder();
  const buffer = new Uint8Array(64 * 1024);
  // Deno.stdin.read directly: one op per chunk, no stream stages between the host and us.
  for (let n = await Deno.stdin.read(buffer); n !== null; n = await Deno.stdin.read(buffer)) {
    for (const line of reader.push(decoder.decode(buffer.subarray(0, n), { stream: true }))) {
      listener(new MessageEvent("message", { data: JSON.parse(line) }));
    }
  }
  // The host closed our input: it has stopped or is gone.
  onEnd();
}

const CONSOLE_LEVELS: Record<string, LogLevel> = {
  log: "info",
  info: "info",
  debug: "debug",
  warn: "warn",
  error: "error",
};

/** Stdout carries the protocol, so what a plugin prints becomes its log lines instead. */
function redirectConsole(post: (message: unknown) => void): void {
  const target = console as unknown as Record<string, (...args: unknown[]) => void>;
  for (const [method, level] of Object.entries(CONSOLE_LEVELS)) {
    target[method] = (...args: unknown[]) => {
      const message = args.map((a) => (typeof a === "string" ? a : Deno.inspect(a))).join(" ");
      post({ type: "log", level, message });
    };
  }
}

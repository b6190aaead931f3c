/**
 * A plugin in its own `deno run` process: the Deno permission flags its grant derives, a V8
 * heap cap, no prompt, and the protocol as one JSON message per line on its stdin and stdout.
 * Killing it really stops it (a busy loop included), and running out of memory ends only it.
 *
 * @module
 */

import { fileURLToPath } from "node:url";
import {
  encodeFrame,
  type HostMessage,
  LineReader,
  PROCESS_FLAG,
} from "../../protocols/plugin/mod.ts";
import { FairQueue } from "../bus/fair_queue.ts";
import { settleWithin } from "./_deadline.ts";
import { exitReason } from "./_exit_reason.ts";
import { permissionFlags } from "./_permissions.ts";
import type { Transport, TransportEvents, TransportOptions } from "./_transport.ts";
import type { Backlog } from "../edge/party.ts";

/** Limits a plugin process cannot pass without being ended. */
export const PROCESS_LIMITS = {
  /** Longest message line it may send. */
  maxLineChars: 64 * 1024 * 1024,
  /** Most text waiting for it to read; past it, it has stopped reading and is ended. */
  maxQueuedChars: 64 * 1024 * 1024,
  /** Resident memory beyond its heap cap (code, buffers); RSS over cap + this ends it. */
  rssHeadroomMiB: 512,
  /** How often its resident memory is looked at. */
  rssCheckMs: 1000,
  /** Most text joined into one write to the plugin. */
  writeChunkChars: 256 * 1024,
  /** How long to read what it wrote before it ended. */
  drainMs: 1000,
  /** Stderr kept to explain its end. */
  stderrTailChars: 8192,
} as const;

// The plugin modules resolve bare specifiers (`zod`, `@weft/weft/plugin`) with weft's own
// import map, as the Workers did with the server's.
const WEFT_CONFIG = new URL("../../deno.json", import.meta.url);

/** weft's own folder: a module under it is weft's (a built-in, its examples). */
const WEFT_ROOT = new URL("../../", import.meta.url).href;

/**
 * True for a module of weft's own checkout. Any other (a project's plugin) keeps its lock
 * entries out of weft's `deno.lock` ({@link TransportOptions.lockFile}).
 */
export function isWeftModule(url: URL): boolean {
  return url.href.startsWith(WEFT_ROOT);
}

/** `--config` with weft's deno.json (its import map), when weft runs from a checkout. */
export function weftConfigArgs(): string[] {
  return WEFT_CONFIG.protocol === "file:" && isFile(fileURLToPath(WEFT_CONFIG))
    ? ["--config", fileURLToPath(WEFT_CONFIG)]
    : [];
}

/** Deno's own stat: `node:fs` would load Node's whole file-system layer into the server. */
function isFile(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

/** The `deno` arguments that run a plugin module as a plugin process. */
export function processArgs(options: TransportOptions): string[] {
  return [
    "run",
    "--no-prompt",
    ...weftConfigArgs(),
    ...(options.lockFile === null
      ? ["--no-lock"]
      : options.lockFile
      ? [`--lock=${options.lockFile}`]
      : []),
    `--v8-flags=--max-old-space-size=${options.memoryMiB}`,
    ...permissionFlags(options.grant, options.projectDir, options.stateDir),
    options.url.href,
    PROCESS_FLAG + options.plugin,
  ];
}

/** Starts a plugin process; see the module doc. */
export function processTransport(options: TransportOptions, events: TransportEvents): Transport {
  return new PluginProcess(options, events);
}

class PluginProcess implements Transport {
  #events: TransportEvents;
  #memoryMiB: number;
  #child: Deno.ChildProcess;
  #writer: WritableStreamDefaultWriter<Uint8Array>;
  #encoder = new TextEncoder();
  /** Lines not yet written: answers first, then each pane's events in turn (a flood waits). */
  #queue = new FairQueue<string>();
  #writing = false;
  #closed = false;
  #killedFor: string | undefined;
  #stderrTail = "";
  #rssTimer: ReturnType<typeof setInterval> | undefined;
  readonly exited: Promise<void>;

  constructor(options: TransportOptions, events: TransportEvents) {
    this.#events = events;
    this.#memoryMiB = options.memoryMiB;
    this.#child = new Deno.Command(Deno.execPath(), {
      args: processArgs(options),
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
      env: { NO_COLOR: "1" },
    }).spawn();
    this.#writer = this.#child.stdin.getWriter();
    const ended = Promise.all([this.#readStdout(), this.#readStderr()]);
    this.exited = this.#watchExit(ended);
    this.#watchMemory();
  }

  send(message: HostMessage, lane?: string): void {
    if (this.#closed || this.#killedFor !== undefined) return;
    const line = encodeFrame(message);
    this.#queue.push(line, line.length, lane);
    if (this.#queue.size > PROCESS_LIMITS.maxQueuedChars) {
      return this.#end(
        `it stopped reading its messages (more than ${PROCESS_LIMITS.maxQueuedChars} characters waiting)`,
      );
    }
    if (!this.#writing) void this.#pump();
  }

  backlog(lane?: string): Backlog {
    return { all: this.#queue.size, lane: lane === undefined ? 0 : this.#queue.sizeOf(lane) };
  }

  kill(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#stop();
  }

  /** Ends the process for a limit it passed; `down` follows with `reason` once it is gone. */
  #end(reason: string): void {
    if (this.#killedFor !== undefined || this.#closed) return;
    this.#killedFor = reason;
    this.#stop();
  }

  #stop(): void {
    clearInterval(this.#rssTimer);
    this.#queue.clear();
    try {
      this.#child.kill("SIGKILL");
    } catch { /* already gone */ }
  }

  async #pump(): Promise<void> {
    this.#writing = true;
    try {
      while (!this.#queue.empty && !this.#closed) {
        // What piled up while the last write was under way goes in one write, a bounded one:
        // joining and encoding megabytes at once would hold up the server's event loop.
        const lines = this.#queue.take(PROCESS_LIMITS.writeChunkChars);
        const text = lines.length === 1 ? lines[0]! : lines.join("");
        await this.#writer.write(this.#encoder.encode(text));
      }
    } catch {
      // The process is gone; its exit says why.
    } finally {
      this.#writing = false;
    }
  }

  async #readStdout(): Promise<void> {
    const reader = new LineReader(PROCESS_LIMITS.maxLineChars);
    const decoder = new TextDecoder();
    try {
      // A bare reader and a streaming decoder: a stream stage less per message than pipeThrough.
      for await (const bytes of this.#child.stdout) {
        for (const line of reader.push(decoder.decode(bytes, { stream: true }))) {
          this.#deliver(line);
        }
      }
    } catch (err) {
      if (err instanceof RangeError) this.#end(`it sent ${err.message}`);
    }
  }

  #deliver(line: string): void {
    if (this.#closed || this.#killedFor !== undefined) return;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      return this.#events.invalid(`it printed a line that is not a message: ${line.slice(0, 80)}`);
    }
    this.#events.message(raw);
  }

  async #readStderr(): Promise<void> {
    const reader = new LineReader(PROCESS_LIMITS.stderrTailChars);
    try {
      for await (const text of this.#child.stderr.pipeThrough(new TextDecoderStream())) {
        const tail = this.#stderrTail + text;
        this.#stderrTail = tail.slice(-PROCESS_LIMITS.stderrTailChars);
        for (const line of reader.push(text)) {
          if (!this.#closed) this.#events.stderr?.(line);
        }
      }
    } catch { /* a line too long for the log is dropped with the rest */ }
  }

  async #watchExit(ended: Promise<unknown>): Promise<void> {
    const status = await this.#child.status;
    // Its pipes end with it, unless a program it started holds them: then do not wait for ever.
    await settleWithin(ended, PROCESS_LIMITS.drainMs);
    clearInterval(this.#rssTimer);
    await this.#writer.close().catch(() => {});
    if (this.#closed) return;
    this.#closed = true;
    this.#events.down(
      this.#killedFor ?? exitReason({
        code: status.code,
        signal: status.signal,
        stderr: this.#stderrTail,
        memoryMiB: this.#memoryMiB,
      }),
    );
  }

  /** V8's heap cap does not count buffers; resident memory far past it ends the plugin too. */
  #watchMemory(): void {
    const limit = (this.#memoryMiB + PROCESS_LIMITS.rssHeadroomMiB) * 1024 * 1024;
    const statm = `/proc/${this.#child.pid}/statm`;
    this.#rssTimer = setInterval(() => {
      let rss: number;
      try {
        rss = Number(Deno.readTextFileSync(statm).split(" ")[1]) * 4096;
      } catch {
        return clearInterval(this.#rssTimer);
      }
      if (rss > limit) {
        this.#end(`it used more than ${Math.round(limit / 1024 / 1024)} MiB of memory`);
      }
    }, PROCESS_LIMITS.rssCheckMs);
    Deno.unrefTimer(this.#rssTimer);
  }
}

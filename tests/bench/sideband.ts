/**
 * Sideband benchmarks: the stream parser's throughput on 100 MB of output with no tags and
 * with sparse tags (goal ≥ 500 MB/s, invisible beside a PTY's ~85 MB/s), in 64 KiB chunks as a
 * PTY delivers them. Run alone: `deno run -A tests/bench/sideband.ts`.
 *
 * @module
 */

import { SidebandStream } from "../../protocols/sideband/mod.ts";

const MB = 1024 * 1024;
const CHUNK = 64 * 1024;

/** Realistic output: log lines with colours, paths, code with `<` and `>`, a few OSC titles. */
function block(size: number, tagEvery: number): string {
  const lines = [
    "\x1b[32m✓\x1b[0m src/core/bus.test.ts > Bus > dispatches a call (3 ms)\r\n",
    "  at Object.<anonymous> (/home/dev/project/src/index.ts:42:17)\r\n",
    'if (a < b && b > c) { return <div className="x">{items}</div>; }\r\n',
    "\x1b]0;npm run test\x07\x1b[1;34minfo\x1b[0m compiled 1287 modules in 2.31s\r\n",
    "weft <weft is not a tag> and <w and 2 < 3 and 1<<4 = 16\r\n",
  ];
  let out = "";
  let sinceTag = 0;
  for (let i = 0; out.length < size; i++) {
    const line = lines[i % lines.length]!;
    out += line;
    sinceTag += line.length;
    if (tagEvery > 0 && sinceTag >= tagEvery) {
      out += `<weft:status state="working" msg="step ${i}"/>\r\n`;
      sinceTag = 0;
    }
  }
  return out;
}

function throughput(data: string, totalBytes: number): { mbPerS: number; commands: number } {
  const chunks: string[] = [];
  for (let i = 0; i < data.length; i += CHUNK) chunks.push(data.slice(i, i + CHUNK));
  const rounds = Math.ceil(totalBytes / data.length);
  const parser = new SidebandStream();
  let commands = 0;
  let shown = 0;
  const start = performance.now();
  for (let r = 0; r < rounds; r++) {
    for (const chunk of chunks) {
      const out = parser.push(chunk);
      commands += out.commands.length;
      shown += out.text.length;
    }
  }
  commands += parser.flush().commands.length;
  const seconds = (performance.now() - start) / 1000;
  if (shown === 0) throw new Error("nothing passed through");
  return { mbPerS: (rounds * data.length) / MB / seconds, commands };
}

/** Parser throughput on 100 MB, without tags and with a tag about every 16 KiB. */
export function benchSideband(): Promise<Record<string, number>> {
  const plain = block(8 * MB, 0);
  const sparse = block(8 * MB, 16 * 1024);
  throughput(plain, 16 * MB); // warm-up
  throughput(sparse, 16 * MB);
  const a = throughput(plain, 100 * MB);
  const b = throughput(sparse, 100 * MB);
  return Promise.resolve({
    "parser.no_tags.mb_per_s": Math.round(a.mbPerS),
    "parser.sparse_tags.mb_per_s": Math.round(b.mbPerS),
    "parser.sparse_tags.commands": b.commands,
  });
}

if (import.meta.main) console.table(await benchSideband());

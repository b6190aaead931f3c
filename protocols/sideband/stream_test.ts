import { deepStrictEqual, strictEqual } from "node:assert/strict";
import { OSC_OPEN } from "./osc.ts";
import { type SidebandOutput, SidebandStream, type SidebandStreamOptions } from "./stream.ts";

/** Pushes each chunk, then flushes; everything together. */
function run(chunks: string[], options: SidebandStreamOptions = {}): SidebandOutput {
  const stream = new SidebandStream(options);
  const outs = [...chunks.map((c) => stream.push(c)), stream.flush()];
  return {
    text: outs.map((o) => o.text).join(""),
    commands: outs.flatMap((o) => o.commands),
    errors: outs.flatMap((o) => o.errors),
  };
}

const brief = (out: SidebandOutput) =>
  out.commands.map((c) => ({
    name: c.name,
    attrs: c.attrs,
    ...(c.content === undefined ? {} : { content: c.content }),
  }));

Deno.test("SidebandStream.push() passes text without tags through unchanged", () => {
  const stream = new SidebandStream();
  const text = "plain <b>html</b> and <weftish> and \x1b[31mred\x1b[0m\n";
  deepStrictEqual(stream.push(text), { text, commands: [], errors: [] });
});

Deno.test("SidebandStream.push() cuts a self-closing tag out of the text", () => {
  const out = run(['build <weft:spawn cmd="make test" name="t" ratio=\'0.3\'/> done']);
  strictEqual(out.text, "build  done");
  deepStrictEqual(brief(out), [
    { name: "spawn", attrs: { cmd: "make test", name: "t", ratio: "0.3" } },
  ]);
  strictEqual(out.commands[0]!.raw, `<weft:spawn cmd="make test" name="t" ratio='0.3'/>`);
  strictEqual(out.commands[0]!.at, 6);
});

Deno.test("SidebandStream.push() reads content, unescaping it and turning CRLF into LF", () => {
  const out = run([
    '<weft:input target="p2">a &amp;&amp; b\r\n&lt;c&gt; &#65;&#x42;</weft:input>',
  ]);
  deepStrictEqual(brief(out), [{
    name: "input",
    attrs: { target: "p2" },
    content: "a && b\n<c> AB",
  }]);
  strictEqual(out.text, "");
});

Deno.test("SidebandStream.push() unescapes values and turns newlines in them into spaces", () => {
  const out = run(['<weft:spawn cmd="echo &quot;a&lt;b&quot; &amp;&#10;x\ny"/>']);
  deepStrictEqual(out.commands[0]!.attrs, { cmd: 'echo "a<b" &\nx y' });
});

Deno.test("SidebandStream.push() holds an opener split across chunks", () => {
  const stream = new SidebandStream();
  const a = stream.push("abc <we");
  strictEqual(a.text, "abc ");
  strictEqual(stream.pending, 3);
  const b = stream.push("ft:list/>!");
  strictEqual(b.text, "!");
  strictEqual(b.commands[0]!.name, "list");
  const c = stream.push("<wea");
  strictEqual(c.text, "<wea");
});

Deno.test("SidebandStream.flush() lets an unfinished tag through with an error", () => {
  const stream = new SidebandStream();
  strictEqual(stream.push('x <weft:spawn cmd="ma').text, "x ");
  const out = stream.flush();
  strictEqual(out.text, '<weft:spawn cmd="ma');
  strictEqual(out.commands.length, 0);
  strictEqual(out.errors[0]!.reason, "the command was not finished in time");
  strictEqual(stream.pending, 0);
});

Deno.test("SidebandStream.push() lets a malformed tag through and resumes at the culprit", () => {
  const out = run(['a <weft:spawn cmd=ls/> b <weft:x a="<weft:list/> c <weft: d']);
  strictEqual(out.text, 'a <weft:spawn cmd=ls/> b <weft:x a=" c <weft: d');
  deepStrictEqual(brief(out), [{ name: "list", attrs: {} }]);
  deepStrictEqual(out.errors.map((e) => e.reason), [
    'the value of "cmd" must be quoted',
    '"<" in the value of "a" (write &lt;)',
    "no tag name",
  ]);
});

Deno.test("SidebandStream.push() refuses duplicate attributes and attributes without values", () => {
  const out = run(['<weft:a x="1" x="2"/><weft:b x/><weft:c x="1"y="2"/>']);
  strictEqual(out.commands.length, 0);
  strictEqual(out.errors.length, 3);
});

Deno.test("SidebandStream.push() gives up a tag larger than the bound", () => {
  const big = `<weft:input target="p1">${"x".repeat(70_000)}</weft:input>`;
  const out = run([big.slice(0, 30_000), big.slice(30_000), " <weft:list/>"]);
  strictEqual(out.text, big + " ");
  deepStrictEqual(brief(out), [{ name: "list", attrs: {} }]);
  strictEqual(out.errors[0]!.reason, "the command is larger than 65536 bytes");
  const small = run([`<weft:input target="p1">${"é".repeat(40)}</weft:input>`], {
    maxTagBytes: 64,
  });
  strictEqual(small.commands.length, 0);
});

Deno.test("SidebandStream.push() reads cursor-forward moves inside a tag as spaces", () => {
  // What a TUI writes for `<weft:spawn cmd="a   b"/>` starting at column 0.
  const out = run(['<weft:spawn\x1b[1Ccmd="a\x1b[3Cb"\x1b[38;5;231m/>']);
  deepStrictEqual(brief(out), [{ name: "spawn", attrs: { cmd: "a   b" } }]);
  // Columns: `xy<weft:spawn` ends at 13, so ESC[15G (column 14) is one space; `cmd="a` ends
  // at 20, so ESC[24G is three.
  const absolute = run(['xy<weft:spawn\x1b[15Gcmd="a\x1b[24Gb"/>']);
  deepStrictEqual(brief(absolute), [{ name: "spawn", attrs: { cmd: "a   b" } }]);
  strictEqual(absolute.text, "xy");
});

Deno.test("SidebandStream.push() ignores other escapes and control characters inside a tag", () => {
  const out = run(['<weft:status\x1b]0;title\x07 state="done"\x1b(B\x07\r/>']);
  deepStrictEqual(brief(out), [{ name: "status", attrs: { state: "done" } }]);
});

Deno.test("SidebandStream.push() reads the OSC form, ended by BEL or ST", () => {
  const out = run([
    `a${OSC_OPEN}status;state=done;msg=all%20good%3B\x07b`,
    `${OSC_OPEN}input;target=p2;text=x%0Ay\x1b\\c`,
  ]);
  strictEqual(out.text, "abc");
  deepStrictEqual(brief(out), [
    { name: "status", attrs: { state: "done", msg: "all good;" } },
    { name: "input", attrs: { target: "p2", text: "x\ny" } },
  ]);
  strictEqual(out.commands[0]!.form, "osc");
});

Deno.test("SidebandStream.push() reports a malformed OSC command and passes it on", () => {
  const out = run([`a${OSC_OPEN}Bad Name\x07b${OSC_OPEN}x;noequals\x07c`]);
  strictEqual(out.text, `a${OSC_OPEN}Bad Name\x07b${OSC_OPEN}x;noequals\x07c`);
  strictEqual(out.commands.length, 0);
  strictEqual(out.errors.length, 2);
});

Deno.test("SidebandStream.push() lets an OSC command cut by a control character through", () => {
  const out = run([`a${OSC_OPEN}status\nb${OSC_OPEN}x\x1b[0mc`]);
  strictEqual(out.text, `a${OSC_OPEN}status\nb${OSC_OPEN}x\x1b[0mc`);
  strictEqual(out.commands.length, 0);
  strictEqual(out.errors.length, 2);
});

Deno.test("SidebandStream honours the namespace and the form switches", () => {
  const text = `<ai:list/><weft:list/>${OSC_OPEN}list\x07`;
  deepStrictEqual(run([text], { namespace: "ai" }).commands.map((c) => c.raw), [
    "<ai:list/>",
    `${OSC_OPEN}list\x07`,
  ]);
  strictEqual(run([text], { osc: false }).text, `<ai:list/>${OSC_OPEN}list\x07`);
  strictEqual(run([text], { xml: false }).text, "<ai:list/><weft:list/>");
});

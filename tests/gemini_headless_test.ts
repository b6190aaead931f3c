// The project's mock Gemini API, proved against the real Gemini CLI (pinned npm 0.61.0) run
// headless (`gemini -p`): a shell call and a text answered at once reach the CLI, which runs
// the command and sends its output back as a functionResponse; a failing answer (HTTP 400)
// ends the run with the mock's error message and a non-zero exit.
import { ok, strictEqual } from "node:assert/strict";
import { geminiCommand, geminiEnv, geminiUnavailable } from "./helpers/gemini.ts";
import { failure, type GeminiStep, mockGemini, text, toolUse } from "./helpers/mock_gemini.ts";

async function run(script: GeminiStep[], args: string[]) {
  await using api = await mockGemini(script);
  const dir = await Deno.makeTempDir({ prefix: "weft-gemini-" });
  try {
    const env = await geminiEnv({ home: `${dir}/.home`, baseUrl: api.url, trust: [dir] });
    const [node, ...script] = await geminiCommand();
    const out = await new Deno.Command(node!, {
      args: [...script, ...args],
      env,
      clearEnv: true,
      cwd: dir,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    const decode = (b: Uint8Array) => new TextDecoder().decode(b);
    return {
      code: out.code,
      out: decode(out.stdout),
      err: decode(out.stderr),
      requests: api.requests.map((r) => `${r.method} ${r.path}${r.scripted ? " (turn)" : ""}`),
      results: api.functionResponses(),
      played: api.played,
    };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test({
  name: "gemini -p against the mock: a shell call's output goes back, the answer is printed",
  ignore: geminiUnavailable() !== undefined,
}, async () => {
  const r = await run([
    toolUse("run_shell_command", { command: "echo weft-from-the-tool", description: "Echo" }),
    text("All done."),
  ], ["--approval-mode", "yolo", "-p", "run the echo"]);
  strictEqual(r.code, 0, `${r.err}\n${r.requests.join("\n")}`);
  ok(r.out.includes("All done."), r.out);
  strictEqual(r.played, 2, r.requests.join("\n"));
  strictEqual(r.results.length, 1);
  strictEqual(r.results[0]!.name, "run_shell_command");
  ok(r.results[0]!.text.includes("weft-from-the-tool"), r.results[0]!.text);
  ok(r.requests.every((q) => q.startsWith("POST /v1beta/models/")), r.requests.join("\n"));
});

Deno.test({
  name: "gemini -p against the mock: a 400 ends the run with the mock's error",
  ignore: geminiUnavailable() !== undefined,
}, async () => {
  const r = await run([failure(400, "INVALID_ARGUMENT", "mock: the request failed")], [
    "-p",
    "fail please",
  ]);
  ok(r.code !== 0, `exit ${r.code}: ${r.out}`);
  ok(`${r.out}${r.err}`.includes("mock: the request failed"), `${r.out}\n${r.err}`);
});

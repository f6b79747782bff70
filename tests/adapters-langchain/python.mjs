// The Python step: our LangChain output loaded by langchain-core and turned
// into requests by langchain-openai and langchain-anthropic (payloads.py),
// in a venv of its own (.venv, from requirements.txt). Skipped, and said so,
// when there is no python3.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";

const run = (cmd, args, options = {}) => execFileSync(cmd, args, { encoding: "utf8", maxBuffer: 1 << 28, ...options });

export function python(dir, cases) {
  const venv = resolve(dir, ".venv");
  const bin = resolve(venv, "bin/python");
  try {
    if (!existsSync(bin)) {
      try {
        run("python3", ["--version"], { stdio: "ignore" });
      } catch {
        return { skipped: "no python3 on this machine" };
      }
      run("python3", ["-m", "venv", venv], { stdio: "inherit" });
    }
    // pip is quick when everything is already at the pinned versions.
    run(bin, ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-r", resolve(dir, "requirements.txt")], { stdio: ["ignore", "ignore", "inherit"] });
    const output = run(bin, [resolve(dir, "payloads.py")], { input: JSON.stringify({ cases }) });
    return { cases: JSON.parse(output).cases };
  } catch (e) {
    return { error: `the Python step failed: ${String(e.message).split("\n")[0]}` };
  }
}

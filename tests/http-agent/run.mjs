// agui-wasm/http-agent in Node against each @ag-ui/client it supports: 0.0.58,
// 0.0.59 (what CopilotKit and assistant-ui pin, with @copilotkit/core) and
// 1.0.0 and 1.0.4 (the newest, with zod 3). Installs each folder's lock file and the packed tarball of pkg/
// (a real install, so `@ag-ui/client` resolves as in an application), then
// runs agent.test.mjs (and copilotkit.test.mjs where CopilotKit is there,
// same-text.test.mjs against the newest) once per folder. Ends with `http-agent: N passed, N failed`.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const pkgDir = path.resolve(here, "../../pkg");
const sh = (cmd, args, cwd) => spawnSync(cmd, args, { cwd, encoding: "utf8" });

const packDir = fs.mkdtempSync(path.join(os.tmpdir(), "agui-wasm-pack-"));
const packed = sh("npm", ["pack", "--json", "--pack-destination", packDir], pkgDir);
if (packed.status !== 0) throw new Error(`npm pack failed: ${packed.stderr}`);
const tarball = path.join(packDir, JSON.parse(packed.stdout)[0].filename);

let passed = 0;
let failed = 0;
for (const version of ["v0.0.58", "v0.0.59", "v1.0.0", "v1.0.4"]) {
  const dir = path.join(here, version);
  if (!fs.existsSync(path.join(dir, "node_modules"))) {
    const ci = sh("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], dir);
    if (ci.status !== 0) throw new Error(`npm ci in ${version} failed: ${ci.stderr}`);
  }
  const add = sh("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--loglevel=error", tarball], dir);
  if (add.status !== 0) throw new Error(`installing the tarball in ${version} failed: ${add.stderr}`);
  const files = ["agent.test.mjs", "copilotkit.test.mjs", "same-text.test.mjs"].filter(
    (f) =>
      f === "agent.test.mjs" ||
      (f === "copilotkit.test.mjs" && fs.existsSync(path.join(dir, "node_modules/@copilotkit/core"))) ||
      (f === "same-text.test.mjs" && version === "v1.0.4"),
  );
  const r = spawnSync(process.execPath, ["--test", "--test-reporter=spec", ...files.map((f) => path.join(here, f))], {
    env: { ...process.env, AGUI_CLIENT_DIR: dir },
    encoding: "utf8",
  });
  process.stdout.write(r.stdout);
  process.stderr.write(r.stderr);
  passed += Number(/ℹ pass (\d+)/.exec(r.stdout)?.[1] ?? 0);
  failed += Number(/ℹ fail (\d+)/.exec(r.stdout)?.[1] ?? 0) + (r.status === 0 ? 0 : 1);
}
fs.rmSync(packDir, { recursive: true, force: true });
console.log(`http-agent: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);

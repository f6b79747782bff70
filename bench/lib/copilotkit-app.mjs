// Builds tests/copilotkit-app the way its own test does (same Vite config,
// same dist/<kind>, agui-wasm from a packed tarball of pkg/), plus source
// maps: the CPU profile is one bundle otherwise, and only the maps say which
// package a hot function came from.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

function sh(cmd, args, cwd, env) {
  const r = spawnSync(cmd, args, { cwd, encoding: "utf8", maxBuffer: 64 << 20, env: { ...process.env, ...env }, timeout: 10 * 60_000 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed:\n${r.stdout ?? ""}${r.stderr ?? ""}`);
  return r.stdout;
}

const sha256 = (file) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");

/** Installs the app's dependencies and the current pkg/; returns the installed agui-wasm version. */
export function prepareApp(appDir, pkgDir) {
  if (!fs.existsSync(path.join(appDir, "node_modules/.bin/vite"))) {
    console.error("# npm ci (tests/copilotkit-app)");
    sh("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], appDir);
  }
  if (!fs.existsSync(path.join(pkgDir, "http-agent.js"))) throw new Error("pkg/ has no http-agent.js: build it with scripts/build-pkg.sh");
  const packDir = fs.mkdtempSync(path.join(os.tmpdir(), "agui-wasm-bench-pack-"));
  try {
    const packed = JSON.parse(sh("npm", ["pack", "--json", "--pack-destination", packDir], pkgDir));
    const tarball = path.join(packDir, packed[0].filename);
    // The same stamp as tests/copilotkit-app/run.mjs, so neither reinstalls
    // a tarball the other already installed.
    const stamp = path.join(appDir, "node_modules", ".agui-wasm-tarball.sha256");
    const current = fs.existsSync(stamp) ? fs.readFileSync(stamp, "utf8") : "";
    if (!fs.existsSync(path.join(appDir, "node_modules/agui-wasm")) || current !== sha256(tarball)) {
      console.error(`# npm install --no-save ${path.basename(tarball)} (tests/copilotkit-app)`);
      sh("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--loglevel=error", tarball], appDir);
      fs.writeFileSync(stamp, sha256(tarball));
    }
  } finally {
    fs.rmSync(packDir, { recursive: true, force: true });
  }
  return JSON.parse(fs.readFileSync(path.join(appDir, "node_modules/agui-wasm/package.json"), "utf8")).version;
}

/** `vite build --sourcemap` with AGUI_AGENT=kind into dist/<kind>; returns that directory. */
export function buildApp(appDir, kind) {
  sh(path.join(appDir, "node_modules/.bin/vite"), ["build", "--sourcemap", "--logLevel", "error"], appDir, { AGUI_AGENT: kind });
  return path.join(appDir, "dist", kind);
}

/** Package versions worth naming in the report. */
export function appVersions(appDir) {
  const v = (p) => JSON.parse(fs.readFileSync(path.join(appDir, "node_modules", p, "package.json"), "utf8")).version;
  return { copilotkit: v("@copilotkit/react-core"), client: v("@ag-ui/client"), react: v("react-dom") };
}

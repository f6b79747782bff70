// The benchmark driver behind run.sh: runs the jobs, then writes
// BENCHMARKS.md and bench/chart.svg (full runs) or prints the tables (runs
// narrowed by an option). See `bench/run.sh --help`.
import fs from "node:fs";
import path from "node:path";
import os from "node:os";
import crypto from "node:crypto";
import { execSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { SCENARIOS } from "./lib/scenarios.mjs";
import { VARIANTS as CLIENT_VARIANTS } from "./lib/measure.mjs";
import { sizes } from "./lib/size.mjs";
import { runNodeJob } from "./lib/node-runner.mjs";
import { openBrowser } from "./lib/browser-runner.mjs";
import { report, chartSeries, FLATNESS, FLAT_ROUNDS } from "./lib/report.mjs";
import { chart } from "./lib/chart.mjs";
import { existingSection, KEPT_HEADINGS, spliceSection } from "./lib/sections.mjs";

const BENCH = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.dirname(BENCH);
const OUT = path.join(BENCH, "out");
const VARIANTS = ["floor", ...Object.keys(CLIENT_VARIANTS)];

const HELP = `usage: bench/run.sh [options]
  --scenario LIST   only these scenarios or groups (comma-separated): ${[...new Set(SCENARIOS.flatMap((s) => (s.group === s.id ? [s.id] : [s.group, s.id])))].join(", ")}
  --variant LIST    only these: ${VARIANTS.join(", ")}
  --node-only       skip Chromium
  --browser-only    skip Node
  --runs N          at least N timed runs per measurement (default 5)
  --full-reference  no caps: the reference runs every scenario in full (slow)
  --report-only     rewrite BENCHMARKS.md and bench/chart.svg from bench/out/results.json
With no narrowing option the run writes BENCHMARKS.md and bench/chart.svg;
otherwise it prints the tables and saves them to bench/out/partial.md.`;

function parseArgs(argv) {
  const o = { scenarios: null, variants: null, node: true, browser: true, runs: 5, full: false, reportOnly: false };
  const list = (v) => v.split(",").map((s) => s.trim()).filter(Boolean);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === "--scenario") o.scenarios = [...(o.scenarios ?? []), ...list(next())];
    else if (a === "--variant") o.variants = [...(o.variants ?? []), ...list(next())];
    else if (a === "--node-only") o.browser = false;
    else if (a === "--browser-only") o.node = false;
    else if (a === "--runs") o.runs = Number(next());
    else if (a === "--full-reference") o.full = true;
    else if (a === "--report-only") o.reportOnly = true;
    else if (a === "--help" || a === "-h") (console.log(HELP), process.exit(0));
    else throw new Error(`unknown option ${a}\n${HELP}`);
  }
  if (!(o.runs >= 1)) throw new Error("--runs needs a positive number");
  for (const v of o.variants ?? []) if (!VARIANTS.includes(v)) throw new Error(`unknown variant ${v}`);
  for (const s of o.scenarios ?? []) if (!SCENARIOS.some((x) => x.id === s || x.group === s)) throw new Error(`unknown scenario ${s}`);
  o.partial = Boolean(o.scenarios || o.variants || !o.node || !o.browser || o.runs < 5);
  return o;
}

// A private copy of pkg/, so a rebuild of pkg/ during the run (the tests
// rebuild it) cannot swap the package under a half-finished measurement.
async function snapshotPkg() {
  const pkg = path.join(ROOT, "pkg");
  const needed = ["index.js", "node.js", "dist/agui_wasm.js", "dist/agui_wasm_bg.wasm"].map((f) => path.join(pkg, f));
  for (let i = 0; !needed.every((f) => fs.existsSync(f)); i++) {
    if (i === 60) throw new Error("pkg/ is incomplete: build it with scripts/build-pkg.sh");
    await new Promise((r) => setTimeout(r, 1000));
  }
  fs.rmSync(path.join(OUT, "pkg"), { recursive: true, force: true });
  fs.cpSync(pkg, path.join(OUT, "pkg"), { recursive: true });
}

function meta(command, seconds, chromium, load) {
  const sh = (c) => execSync(c, { cwd: ROOT, encoding: "utf8" }).trim();
  const cpu = fs.readFileSync("/proc/cpuinfo", "utf8").match(/^model name\s*:\s*(.*)$/m)?.[1] ?? os.cpus()[0]?.model;
  const version = (p) => JSON.parse(fs.readFileSync(path.join(BENCH, "node_modules", p, "package.json"), "utf8")).version;
  const wasm = fs.readFileSync(path.join(OUT, "pkg", "dist", "agui_wasm_bg.wasm"));
  return {
    command, seconds, chromium, load,
    date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
    cpu, nproc: sh("nproc"), node: process.version,
    commit: sh("git rev-parse --short HEAD"),
    dirty: sh("git status --porcelain -- src pkg-template Cargo.toml Cargo.lock scripts") !== "",
    wasmSha: crypto.createHash("sha256").update(wasm).digest("hex").slice(0, 12),
    referenceVersion: version("@ag-ui/client"), coreVersion: version("@ag-ui/core"), esbuild: version("esbuild"),
  };
}

function jobs(o) {
  const out = [];
  for (const s of SCENARIOS) {
    if (o.scenarios && !o.scenarios.some((x) => x === s.id || x === s.group)) continue;
    for (const v of VARIANTS) {
      if (o.variants && !o.variants.includes(v)) continue;
      if (CLIENT_VARIANTS[v]?.optIn && !s.variants?.includes(v)) continue;
      if (s.skip?.includes(v)) continue;
      out.push(v === "floor" ? { kind: "floor", id: s.id, runs: o.runs } : { kind: "client", variant: v, id: s.id, runs: o.runs, full: o.full });
    }
  }
  return out;
}

// The jobs the flat-in-H and scale targets divide one by another (ours at
// H=0 and at a long history) run again, in turn, after the first pass,
// and each keeps the run with the median µs/event: one load spike during
// one job can no longer make or break a target (the last two reports each
// had such a row, once each way).
const PAIRED = FLATNESS.flatMap(([lo, hi]) => [lo, hi]);

async function runAll(env, list, run) {
  const out = [];
  for (const job of list) {
    const r = await run(job);
    progress(env, r);
    out.push([r]);
  }
  const again = list.flatMap((job, i) => (job.kind === "client" && CLIENT_VARIANTS[job.variant].ours && PAIRED.includes(job.id) ? [i] : []));
  for (let round = 1; round < FLAT_ROUNDS; round++) {
    for (const i of again) {
      const r = await run(list[i]);
      progress(env, r);
      out[i].push(r);
    }
  }
  return out.map((rs) => {
    const sorted = [...rs].sort((a, b) => a.usPerEvent - b.usPerEvent);
    const median = sorted[(sorted.length - 1) >> 1];
    return rs.length > 1 ? { ...median, rounds: rs.map((r) => r.usPerEvent) } : median;
  });
}

function progress(env, r) {
  const mem = r.peakBytes == null ? "" : `, peak ${(r.peakBytes / 1048576).toFixed(1)} MB`;
  console.error(`[${env}] ${r.id.padEnd(8)} ${r.variant.padEnd(10)} ${r.usPerEvent.toFixed(2).padStart(10)} µs/event  ${r.ms.toFixed(1).padStart(9)} ms/run  (${r.runs} runs, ${r.events} events${r.capped ? ", capped" : ""}${mem})`);
}

function write(res, partial) {
  const md = report(res);
  if (partial) {
    fs.writeFileSync(path.join(OUT, "partial.md"), md);
    console.log(md);
    console.error("narrowed run: BENCHMARKS.md left alone; tables above and in bench/out/partial.md");
    return;
  }
  // The CopilotKit and cold-start sections come from other runs
  // (bench/copilotkit.mjs, bench/cold-start.mjs): keep them.
  const file = path.join(ROOT, "BENCHMARKS.md");
  const old = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  const kept = KEPT_HEADINGS.map((h) => existingSection(old, h)).filter(Boolean);
  fs.writeFileSync(file, kept.reduce(spliceSection, md));
  const capped = res.node.concat(res.chromium).some((r) => r.id.startsWith("1-") && r.capped);
  const note = capped ? "@ag-ui/client at H ≥ 1,000 ran fewer deltas (see BENCHMARKS.md); H = 0 is drawn at the 10 position" : "H = 0 is drawn at the 10 position";
  fs.writeFileSync(path.join(BENCH, "chart.svg"), chart(chartSeries(res), "Scenario 1: one 10,000-delta reply after H messages", note));
  console.error("wrote BENCHMARKS.md and bench/chart.svg");
}

const o = parseArgs(process.argv.slice(2));
fs.mkdirSync(OUT, { recursive: true });
const resultsFile = path.join(OUT, o.partial ? "partial.json" : "results.json");
if (o.reportOnly) {
  write(JSON.parse(fs.readFileSync(path.join(OUT, "results.json"), "utf8")), false);
  process.exit(0);
}

const started = Date.now();
const loadStart = os.loadavg()[0];
await snapshotPkg();
const res = { sizes: await sizes(ROOT, path.join(OUT, "pkg")), node: [], chromium: [] };
const list = jobs(o);
if (o.node) res.node = await runAll("node", list, runNodeJob);
let chromiumVersion = null;
if (o.browser) {
  const browser = await openBrowser(ROOT);
  chromiumVersion = browser.version;
  try {
    res.chromium = await runAll("chromium", list, (job) => browser.run(job));
  } finally {
    await browser.close();
  }
}
const command = ["bench/run.sh", ...process.argv.slice(2)].join(" ");
res.meta = meta(command, (Date.now() - started) / 1000, chromiumVersion, [loadStart, os.loadavg()[0]]);
fs.writeFileSync(resultsFile, JSON.stringify(res, null, 1));
write(res, o.partial);

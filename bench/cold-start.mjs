// Issue 16: cold start. A page that imports the client and finishes one
// short run, loaded into a fresh browser context over an emulated slow link
// (1.6 Mbps down, 750 Kbps up, 150 ms latency): the time from navigation
// start to the end of that first run, and the bytes each resource put on the
// wire, for @ag-ui/client's HttpAgent ("ref"), agui-wasm's AgentClient
// ("ours") and ours with preload hints in the HTML ("ours-preload"); the
// three alternate (ref, ours, ours-preload, then the reverse, ...). Then one
// round with no throttling. Pages and server: bench/lib/cold-start-app.mjs.
//
//   node bench/cold-start.mjs [--loads N] [--unthrottled N] [--write] [--report-only]
//   bench/run.sh --cold-start [same options]
//
// --write puts the result into BENCHMARKS.md's "Cold start (issue 16)" section.
import { execSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { buildPages, startServer, WASM_PATH } from "./lib/cold-start-app.mjs";
import { VARIANTS, NAME, summarize, table, shortTable, sizeTable, section } from "./lib/cold-start-report.mjs";
import { writeSection } from "./lib/sections.mjs";
import { parseOptions } from "./lib/options.mjs";

const BENCH = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.dirname(BENCH);
const OUT = path.join(BENCH, "out");
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const TOTAL_MS = 15 * 60_000;
const LOAD_TIMEOUT_MS = 60_000;
const SLOW = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };

const HELP = `usage: node bench/cold-start.mjs [options]   (or bench/run.sh --cold-start [options])
  --loads N        throttled loads per client (default 9, at least 7 for --write), alternating
  --unthrottled N  loads per client with no throttling (default 7)
  --write          put the result into BENCHMARKS.md ("## Cold start (issue 16)")
  --report-only    print (and with --write, write) the last run's result again, from bench/out/cold-start.json`;

function parseArgs(argv) {
  const o = parseOptions(argv, HELP, { "--loads": ["loads", "count"], "--unthrottled": ["unthrottled", "count"], "--write": ["write", "switch"], "--report-only": ["reportOnly", "switch"] }, { loads: 9, unthrottled: 7, write: false, reportOnly: false });
  if (o.write && !o.reportOnly && o.loads < 7) throw new Error("--write needs --loads 7 or more");
  return o;
}

const o = parseArgs(process.argv.slice(2));

function output(res) {
  console.log(`Throttled (1.6 Mbps / 750 Kbps / 150 ms):\n\n${table(summarize(res.loads))}`);
  console.log(`\nUnthrottled:\n\n${shortTable(summarize(res.unthrottled))}`);
  console.log(`\n${sizeTable(res.sizes)}`);
  if (o.write) {
    writeSection(path.join(ROOT, "BENCHMARKS.md"), section(res));
    console.error("# wrote the cold-start section of BENCHMARKS.md");
  }
}
if (o.reportOnly) {
  output(JSON.parse(fs.readFileSync(path.join(OUT, "cold-start.json"), "utf8")));
  process.exit(0);
}

// Everything started here is stopped on the way out, however the run ends.
const cleanups = [];
const cleanUp = async () => {
  while (cleanups.length) await cleanups.pop()().catch(() => {});
};
const delay = (ms) => new Promise((r) => setTimeout(r, ms));
setTimeout(async () => {
  console.error(`cold-start bench: gave up after ${TOTAL_MS / 60_000} minutes`);
  await Promise.race([cleanUp(), delay(5_000)]);
  process.exit(1);
}, TOTAL_MS).unref();
for (const s of ["SIGINT", "SIGTERM"]) process.on(s, () => cleanUp().then(() => process.exit(130)));

const kindOf = (url) => {
  const p = new URL(url).pathname;
  if (p.endsWith(".html")) return "html";
  if (p.endsWith(".js")) return "js";
  if (p.endsWith(".wasm")) return "wasm";
  if (p === "/run") return "run";
  return "other";
};
const PAGE = { ref: "/ref/index.html", ours: "/ours/index.html", "ours-preload": "/ours/preload.html", http: "/http/index.html" };

/** One page load in a fresh context; returns the page's times and CDP's bytes per resource. */
async function loadOnce(browser, server, variant, throttle) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(`pageerror: ${e}`));
    page.on("console", (m) => ["error", "warning"].includes(m.type()) && errors.push(`console ${m.type()}: ${m.text()}`));
    const cdp = await context.newCDPSession(page);
    const reqs = new Map();
    cdp.on("Network.requestWillBeSent", (e) => {
      if (!e.request.url.startsWith("http")) return;
      reqs.set(e.requestId, { kind: kindOf(e.request.url), url: e.request.url, done: false });
    });
    cdp.on("Network.responseReceived", (e) => {
      const r = reqs.get(e.requestId);
      if (r) Object.assign(r, { status: e.response.status, encoding: e.response.headers["content-encoding"] ?? e.response.headers["Content-Encoding"] ?? null, mime: e.response.mimeType });
    });
    cdp.on("Network.loadingFinished", (e) => {
      const r = reqs.get(e.requestId);
      if (r) Object.assign(r, { bytes: e.encodedDataLength, done: true });
    });
    cdp.on("Network.loadingFailed", (e) => {
      const r = reqs.get(e.requestId);
      if (r) Object.assign(r, { failed: e.errorText, done: true });
    });
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    if (throttle) await cdp.send("Network.emulateNetworkConditions", SLOW);
    const runsBefore = server.runs.length;
    await page.goto(`${server.url}${PAGE[variant]}`, { waitUntil: "commit", timeout: LOAD_TIMEOUT_MS });
    await page.waitForFunction(() => window.__coldStart, null, { timeout: LOAD_TIMEOUT_MS, polling: 100 });
    const r = await page.evaluate(() => {
      const t = {};
      const nav = performance.getEntriesByType("navigation")[0];
      t.html = { start: nav.startTime, end: nav.responseEnd, transfer: nav.transferSize };
      for (const e of performance.getEntriesByType("resource")) {
        const p = new URL(e.name).pathname;
        const k = p.endsWith(".js") ? "js" : p.endsWith(".wasm") ? "wasm" : p === "/run" ? "run" : null;
        if (k && !t[k]) t[k] = { start: e.startTime, end: e.responseEnd, transfer: e.transferSize, initiator: e.initiatorType };
      }
      return { ...window.__coldStart, t };
    });
    // The SSE response's loadingFinished can come a moment after the page has its text.
    for (let i = 0; i < 100 && [...reqs.values()].some((x) => !x.done); i++) await delay(20);
    const list = [...reqs.values()];
    const problems = [...errors];
    if (r.error) problems.push(r.error);
    if (server.runs.length !== runsBefore + 1) problems.push(`the server saw ${server.runs.length - runsBefore} runs`);
    for (const x of list) {
      if (!x.done || x.failed || x.status !== 200) problems.push(`${x.url}: ${x.failed ?? (x.done ? `status ${x.status}` : "not finished")}`);
      if (["html", "js", "wasm"].includes(x.kind) && x.encoding !== "gzip") problems.push(`${x.url} arrived without gzip`);
    }
    // The HttpAgent subclass's first run is the base class's own while the
    // .wasm is fetched after it.
    const need = variant === "ref" || variant === "http" ? ["html", "js", "run"] : ["html", "js", "wasm", "run"];
    for (const k of need) if (!list.some((x) => x.kind === k)) problems.push(`no ${k} request`);
    if (problems.length) throw new Error(`${variant}: ${problems.join("; ")}`);
    const bytes = { total: 0 };
    const requests = {};
    for (const x of list) {
      bytes[x.kind] = (bytes[x.kind] ?? 0) + x.bytes;
      bytes.total += x.bytes;
      requests[x.kind] = (requests[x.kind] ?? 0) + 1;
    }
    return { variant, throttled: throttle, end: r.end, ready: r.ready, t: r.t, bytes, requests };
  } finally {
    await context.close();
  }
}

const fmt = (l) =>
  `${NAME[l.variant].padEnd(40)} end ${l.end.toFixed(0).padStart(5)} ms, ready ${l.ready.toFixed(0).padStart(5)} ms, ` +
  `${l.bytes.total.toLocaleString("en-US").padStart(8)} bytes (${Object.entries(l.requests).map(([k, n]) => `${n} ${k}`).join(", ")})`;

async function round(browser, server, loads, throttle, label) {
  const out = [];
  for (let rep = 0; rep < loads; rep++) {
    for (const v of rep % 2 === 0 ? VARIANTS : [...VARIANTS].reverse()) {
      const l = await loadOnce(browser, server, v, throttle);
      out.push(l);
      console.error(`[${label} ${rep + 1}/${loads}] ${fmt(l)}`);
    }
  }
  return out;
}

// ---- the run ----------------------------------------------------------------

const started = Date.now();
const uptime = () => execSync("uptime", { encoding: "utf8" }).trim();
const loadavg = () => fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).map(Number);
const load = { start: loadavg(), uptimeStart: uptime() };
const nproc = execSync("nproc", { encoding: "utf8" }).trim();
console.error(`# ${load.uptimeStart}; nproc ${nproc}`);
if (!fs.existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} (set CHROMIUM)`);

// A private copy of pkg/ (other work may rebuild it during the run), taken once it is whole.
const PKG = path.join(ROOT, "pkg");
const needed = ["index.js", "dist/agui_wasm.js", WASM_PATH].map((f) => path.join(PKG, f));
for (let i = 0; !needed.every((f) => fs.existsSync(f)); i++) {
  if (i === 120) throw new Error("pkg/ is incomplete: build it with scripts/build-pkg.sh");
  await delay(1_000);
}
const snap = path.join(OUT, "cold-start-pkg");
fs.rmSync(snap, { recursive: true, force: true });
fs.cpSync(PKG, snap, { recursive: true });
const { sizes, files } = await buildPages(BENCH, snap, path.join(OUT, "cold-start"));
const server = await startServer(files);
cleanups.push(() => server.close());
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
cleanups.push(() => browser.close());

try {
  // One untimed, throttled load per client warms Chromium's own start-up paths alike.
  for (const v of VARIANTS) await loadOnce(browser, server, v, true);
  const loads = await round(browser, server, o.loads, true, "throttled");
  const unthrottled = await round(browser, server, o.unthrottled, false, "unthrottled");
  load.end = loadavg();
  load.uptimeEnd = uptime();
  const version = (p) => JSON.parse(fs.readFileSync(path.join(BENCH, "node_modules", p, "package.json"), "utf8")).version;
  const meta = {
    date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
    seconds: (Date.now() - started) / 1000,
    chromium: browser.version(),
    commit: execSync("git rev-parse --short HEAD", { cwd: ROOT, encoding: "utf8" }).trim(),
    dirty: execSync("git status --porcelain -- src pkg-template Cargo.toml Cargo.lock scripts", { cwd: ROOT, encoding: "utf8" }).trim() !== "",
    wasmSha: crypto.createHash("sha256").update(fs.readFileSync(path.join(snap, WASM_PATH))).digest("hex").slice(0, 12),
    referenceVersion: version("@ag-ui/client"),
    esbuild: version("esbuild"),
    nproc,
    load,
    o,
    command: ["bench/run.sh --cold-start", ...process.argv.slice(2)].join(" "),
  };
  const res = { meta, sizes, loads, unthrottled };
  fs.writeFileSync(path.join(OUT, "cold-start.json"), JSON.stringify(res, null, 1));
  output(res);
  console.error(`# done in ${meta.seconds.toFixed(0)} s; ${load.uptimeEnd}`);
} finally {
  await cleanUp();
}

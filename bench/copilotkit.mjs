// Issue 15: what a CopilotKit app's main thread pays per streamed token, with
// @ag-ui/client's HttpAgent ("stock") and with agui-wasm's ("ours"). Builds
// tests/copilotkit-app in both modes, serves each build with a scripted SSE
// agent, and in headless Chromium fills the chat's thread with H messages,
// then streams one reply of N tokens into it, the two modes alternating
// (stock, ours, ours, stock, ...) so machine noise hits both.
//
//   node bench/copilotkit.mjs [--reps N] [--tokens N] [--history N] [--write] [--report-only]
//   bench/run.sh --copilotkit [same options]
//
// Per run: CDP Performance.getMetrics TaskDuration (all main-thread tasks of
// the page) from just before the send button is clicked to just after the
// page has seen the last token rendered and the run over, divided by N; and
// the wall time from the click to that moment, both taken in the page.
// Then one run per mode under the CPU profiler, grouped by package. --write
// puts the result into BENCHMARKS.md's "CopilotKit app (issue 15)" section.
import { execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { prepareApp, buildApp, appVersions } from "./lib/copilotkit-app.mjs";
import { startAgentServer } from "./lib/copilotkit-server.mjs";
import { summarize } from "./lib/cpuprofile.mjs";
import { table, profileTable, section } from "./lib/copilotkit-report.mjs";
import { writeSection } from "./lib/sections.mjs";
import { parseOptions } from "./lib/options.mjs";

const BENCH = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.dirname(BENCH);
const APP = path.join(ROOT, "tests/copilotkit-app");
const OUT = path.join(BENCH, "out");
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";

const HELP = `usage: node bench/copilotkit.mjs [options]   (or bench/run.sh --copilotkit [options])
  --reps N      timed runs per agent (default 7), the two agents alternating
  --tokens N    TEXT_MESSAGE_CONTENT events in the streamed reply (default 2000)
  --history N   messages already in the thread (default 1000)
  --write       put the result into BENCHMARKS.md ("## CopilotKit app (issue 15)")
  --report-only print (and with --write, write) the last run's result again, from bench/out/copilotkit.json`;

function parseArgs(argv) {
  return parseOptions(argv, HELP, { "--reps": ["reps", "count"], "--tokens": ["tokens", "count"], "--history": ["history", "count"], "--write": ["write", "switch"], "--report-only": ["reportOnly", "switch"] }, { reps: 7, tokens: 2000, history: 1000, write: false, reportOnly: false });
}

const o = parseArgs(process.argv.slice(2));

function output(results, profiles, meta) {
  console.log(table(results, meta.o.tokens));
  console.log(`\n${profileTable(profiles)}`);
  if (o.write) {
    writeSection(path.join(ROOT, "BENCHMARKS.md"), section(results, profiles, meta));
    console.error("# wrote the CopilotKit section of BENCHMARKS.md");
  }
}
if (o.reportOnly) {
  const saved = JSON.parse(fs.readFileSync(path.join(BENCH, "out", "copilotkit.json"), "utf8"));
  output(saved.results, saved.profiles, saved.meta);
  process.exit(0);
}

// Everything started here is stopped on the way out, however the run ends;
// a run that hangs is cut off rather than left holding the shared machine.
const cleanups = [];
const cleanUp = async () => {
  while (cleanups.length) await cleanups.pop()().catch(() => {});
};
const TOTAL_MS = 30 * 60_000;
setTimeout(async () => {
  console.error(`copilotkit bench: gave up after ${TOTAL_MS / 60_000} minutes`);
  await Promise.race([cleanUp(), delay(5_000)]);
  process.exit(1);
}, TOTAL_MS).unref();
for (const s of ["SIGINT", "SIGTERM"]) process.on(s, () => cleanUp().then(() => process.exit(130)));
const delay = (ms) => new Promise((r) => setTimeout(r, ms));

const SEL = {
  textarea: '[data-testid="copilot-chat-textarea"]',
  send: '[data-testid="copilot-send-button"]',
};

/**
 * The thread the chat already holds: questions and answers of a sentence or
 * two, alternating, the last one an answer (so the page can tell it rendered).
 */
function seedMessages(n) {
  const out = [];
  for (let i = 0; i < n; i++) {
    out.push(
      (n - 1 - i) % 2 === 1
        ? { id: `seed-${i}`, role: "user", content: `Question ${i}: what about item ${i} of the list?` }
        : { id: `seed-${i}`, role: "assistant", content: `Answer ${i}: item ${i} is fine. It has **two** parts, and the second one matters more than the first.` },
    );
  }
  return out;
}

/** One page load, thread seeded, one reply streamed; returns what it measured. */
async function runOnce(browser, server, kind, { profile = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(`pageerror: ${e}`));
    page.on("console", (m) => (m.type() === "error" || (m.type() === "warning" && m.text().startsWith("[agui-wasm]"))) && errors.push(`console: ${m.text()}`));
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    await page.goto(`${server.url}?bench`);
    await page.waitForFunction(
      () => window.__benchAgent && window.__agentCalls.some((c) => c.method === "connectAgent" && c.outcome === "resolved") && document.querySelector('[data-testid="copilot-chat-textarea"]'),
      null,
      { timeout: 60_000, polling: 100 },
    );
    if ((await page.evaluate(() => window.__agentKind)) !== kind) throw new Error(`the ${kind} server serves another build`);
    // After the connect: CopilotKit clears a thread's history when it connects it.
    await page.evaluate((msgs) => window.__benchAgent.setMessages(msgs), seedMessages(o.history));
    // CopilotChat virtualizes the list: only the rows in view are in the DOM.
    await page.waitForFunction(
      (n) => window.__benchAgent.messages.length === n && document.querySelector(`[data-message-id="seed-${n - 1}"]`),
      o.history,
      { timeout: 120_000, polling: 250 },
    );
    // Let the seeding's renders, layout and lazy chunks finish, and start the
    // run from a collected heap, so neither pays the other's leftovers.
    await delay(1_000);
    await page.evaluate(() => new Promise((r) => requestIdleCallback(r, { timeout: 3_000 })));
    await cdp.send("HeapProfiler.collectGarbage");
    await page.fill(SEL.textarea, "Go on");
    const replyId = `reply-${server.runs.length + 1}`;
    // The watcher finds the new reply once, then reads only its text length
    // and the status on each mutation, so it adds next to nothing per token.
    await page.evaluate(
      ({ tokens, replyId }) => {
        const want = tokens * 4 - 1;
        window.__bench = { t0: null, t1: null, first: null, updates: 0 };
        document.addEventListener("click", () => (window.__bench.t0 ??= performance.now()), { capture: true, once: true });
        let reply = null;
        let shown = 0;
        const status = document.querySelector("#status");
        window.__benchDone = new Promise((resolve) => {
          const mo = new MutationObserver(() => {
            if (!reply?.isConnected) reply = document.querySelector(`[data-message-id="${replyId}"]`);
            if (!reply) return;
            const length = (reply.textContent ?? "").length;
            // How often the reply changed on the page: once per render that reached the DOM.
            if (length !== shown) (shown = length), window.__bench.updates++;
            if (length > 0) window.__bench.first ??= performance.now();
            if (length < want || status.getAttribute("data-running") !== "false") return;
            window.__bench.t1 = performance.now();
            mo.disconnect();
            resolve();
          });
          mo.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ["data-running"] });
        });
      },
      { tokens: o.tokens, replyId },
    );
    const metrics = async () => Object.fromEntries((await cdp.send("Performance.getMetrics")).metrics.map((m) => [m.name, m.value]));
    if (profile) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    }
    const runsBefore = server.runs.length;
    const m0 = await metrics();
    if (profile) await cdp.send("Profiler.start");
    await page.click(SEL.send);
    let timer;
    await Promise.race([
      page.evaluate(() => window.__benchDone),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`${kind}: the reply did not finish within 5 minutes`)), 5 * 60_000))),
    ]).finally(() => clearTimeout(timer));
    const m1 = await metrics();
    const prof = profile ? (await cdp.send("Profiler.stop")).profile : null;
    const { t0, t1, first, updates } = await page.evaluate(() => window.__bench);
    // Only a complete, clean run counts: every token on the page, once.
    const check = await page.evaluate(
      (replyId) => {
        const el = document.querySelector(`[data-message-id="${replyId}"]`);
        const text = (el?.textContent ?? "").replace(/\s+/g, " ").trim();
        return { toks: (text.match(/\btok\b/g) ?? []).length, text: text.slice(0, 80), messages: window.__benchAgent.messages.length, copilotErrors: window.__copilotErrors };
      },
      replyId,
    );
    const run = server.runs[runsBefore];
    const problems = [];
    if (check.toks !== o.tokens) problems.push(`${check.toks} of ${o.tokens} tokens on the page (${check.text}…)`);
    if (check.messages !== o.history + 2) problems.push(`the agent holds ${check.messages} messages, not ${o.history + 2}`);
    if (!run?.ended || server.runs.length !== runsBefore + 1) problems.push(`the server saw ${server.runs.length - runsBefore} runs, ended: ${run?.ended}`);
    if (run && run.historySent !== o.history + 1) problems.push(`the request carried ${run.historySent} messages, not ${o.history + 1}`);
    if (errors.length || check.copilotErrors.length) problems.push(JSON.stringify({ errors, copilotErrors: check.copilotErrors }));
    if (problems.length) throw new Error(`${kind}: ${problems.join("; ")}`);
    const perToken = (name) => ((m1[name] - m0[name]) * 1000) / o.tokens;
    return {
      kind,
      mainMsPerToken: perToken("TaskDuration"),
      renderMsPerToken: perToken("LayoutDuration") + perToken("RecalcStyleDuration"),
      wallMs: t1 - t0,
      windowMs: (m1.Timestamp - m0.Timestamp) * 1000,
      firstMs: first - t0,
      updates,
      streamMs: run.streamMs,
      profile: prof,
    };
  } finally {
    await context.close();
  }
}

// ---- the run ----------------------------------------------------------------

const started = Date.now();
const load = { start: fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).map(Number), nproc: os.availableParallelism?.() ?? os.cpus().length };
const uptime = () => execSync("uptime", { encoding: "utf8" }).trim();
load.uptimeStart = uptime();
console.error(`# ${load.uptimeStart}; nproc ${load.nproc}`);
if (!fs.existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} (set CHROMIUM)`);
fs.mkdirSync(OUT, { recursive: true });
const PKG_FILES = ["http-agent.js", "index.js", "dist/agui_wasm.js", "dist/agui_wasm_bg.wasm"].map((f) => path.join(ROOT, "pkg", f));
if (!fs.existsSync(path.join(ROOT, "pkg"))) {
  console.error("# pkg/ is missing: scripts/build-pkg.sh");
  execSync(path.join(ROOT, "scripts/build-pkg.sh"), { cwd: ROOT, stdio: "inherit" });
}
// Other work may be rebuilding pkg/ right now: pack it only once it is whole.
for (let i = 0; !PKG_FILES.every((f) => fs.existsSync(f)); i++) {
  if (i === 120) throw new Error("pkg/ is incomplete: build it with scripts/build-pkg.sh");
  await delay(1_000);
}
const oursVersion = prepareApp(APP, path.join(ROOT, "pkg"));
const KINDS = ["stock", "wasm"];
const servers = {};
for (const kind of KINDS) {
  console.error(`# vite build --sourcemap (AGUI_AGENT=${kind})`);
  const dist = buildApp(APP, kind);
  servers[kind] = await startAgentServer(dist, { tokens: o.tokens });
  cleanups.push(() => servers[kind].close());
}
const { chromium } = await import(pathToFileURL(path.join(APP, "node_modules/playwright-core/index.mjs")).href);
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
cleanups.push(() => browser.close());

const results = { stock: [], wasm: [] };
try {
  // A first, untimed pair warms the disk cache and the browser's code cache alike.
  for (const kind of KINDS) await runOnce(browser, servers[kind], kind);
  for (let rep = 0; rep < o.reps; rep++) {
    for (const kind of rep % 2 === 0 ? KINDS : [...KINDS].reverse()) {
      const r = await runOnce(browser, servers[kind], kind);
      results[kind].push(r);
      console.error(`[${rep + 1}/${o.reps}] ${kind.padEnd(5)} ${r.mainMsPerToken.toFixed(3)} ms/token main thread, ${r.updates} updates of the reply, first token shown at ${r.firstMs.toFixed(0)} ms, last at ${r.wallMs.toFixed(0)} ms, stream ${r.streamMs.toFixed(0)} ms`);
    }
  }
  const profiles = {};
  for (const kind of KINDS) {
    const r = await runOnce(browser, servers[kind], kind, { profile: true });
    // Kept for a closer look in DevTools (Performance panel, "Load profile").
    fs.writeFileSync(path.join(OUT, `copilotkit-${kind}.cpuprofile`), JSON.stringify(r.profile));
    profiles[kind] = { ...summarize(r.profile, path.join(APP, "dist", kind), servers[kind].url.replace(/\/$/, "")), mainMsPerToken: r.mainMsPerToken };
    console.error(`# profiled ${kind}: ${r.mainMsPerToken.toFixed(3)} ms/token (the profiler's own overhead included)`);
  }
  load.end = fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).map(Number);
  load.uptimeEnd = uptime();
  const meta = {
    date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
    seconds: (Date.now() - started) / 1000,
    chromium: browser.version(),
    commit: execSync("git rev-parse --short HEAD", { cwd: ROOT, encoding: "utf8" }).trim(),
    ours: oursVersion,
    ...appVersions(APP),
    load,
    o,
    command: ["node bench/copilotkit.mjs", ...process.argv.slice(2)].join(" "),
  };
  const strip = (rs) => rs.map(({ profile, ...r }) => r);
  fs.writeFileSync(path.join(OUT, "copilotkit.json"), JSON.stringify({ meta, results: { stock: strip(results.stock), wasm: strip(results.wasm) }, profiles }, null, 1));
  output(results, profiles, meta);
  console.error(`# done in ${meta.seconds.toFixed(0)} s; ${load.uptimeEnd}`);
} finally {
  await cleanUp();
}

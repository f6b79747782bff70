// Packaging tests: the package as users get it, in one minimal app per
// bundler and runtime, each built with no configuration for the .wasm (at
// most entry and output) from a packed tarball of pkg/, each doing a real
// AG-UI run against a local agent (support/agent-server.mjs) and checking
// what it shows: in headless Chromium for the browser apps, in Node for
// the Node ones.
//
//   node tests/packaging/run.mjs [app...]   (default: every app below)
//
//   next/             Next.js 16 App Router, a 'use client' component on
//                     AgentClient and agui-wasm/react's useAgent in a page
//                     rendered on each request: Turbopack and --webpack,
//                     each `next build` + `next start` and `next dev`
//   next-copilotkit/  the same with CopilotKit v2: CopilotKitProvider's
//                     selfManagedAgents is agui-wasm/http-agent's HttpAgent
//                     (the same four modes)
//   vite/             Vite 8, no config: main thread and a module Worker
//   webpack/          webpack 5, no config file at all
//   rollup/           Rollup 4 + node-resolve: agui-wasm/inline
//   esbuild/          esbuild --bundle --format=esm: plain agui-wasm
//   node/             Node 20, ESM import and CommonJS require
//
// Each app installs from its own package-lock.json with `npm ci` when its
// node_modules/ is missing (one npm cache for all), then `npm install
// --no-save <tarball>` (skipped when that same tarball is installed). It
// downloads nothing but npm packages, and uses the system's Chromium
// (/usr/bin/chromium, or $CHROMIUM) through playwright-core.
//
// One line per check (`ok - ...` / `FAILED - ...`), then `packaging: N
// passed, N failed` and the minutes it took; exits non-zero on a failure.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { answerFor, startAgentServer } from "./support/agent-server.mjs";
import { startStaticServer } from "./support/static-server.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const pkgDir = path.resolve(here, "../../pkg");
const chromiumPath = process.env.CHROMIUM ?? "/usr/bin/chromium";
const started = Date.now();
const minutes = () => ((Date.now() - started) / 60_000).toFixed(1);

// Everything started here is stopped on the way out, however the run ends.
const cleanups = [];
async function cleanUp() {
  while (cleanups.length) await cleanups.pop()().catch(() => {});
}
// No step may hang the run: CI gives the whole job 15 minutes.
const RUN_MS = 14 * 60_000;
setTimeout(async () => {
  check(`the run ends within ${RUN_MS / 60_000} minutes`, false);
  await finish();
}, RUN_MS).unref();
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => cleanUp().then(() => process.exit(130)));
process.on("uncaughtException", async (e) => {
  check("the runner itself does not crash", false, e?.stack ?? String(e));
  await finish();
});

const results = [];
function check(name, pass, detail) {
  results.push(Boolean(pass));
  console.log(`${pass ? "ok" : "FAILED"} - ${name}${!pass && detail ? `\n    ${short(detail, 3000).replace(/\n/g, "\n    ")}` : ""}`);
  return Boolean(pass);
}
let finishing = false;
async function finish() {
  if (finishing) return;
  finishing = true;
  await Promise.race([cleanUp(), delay(10_000)]);
  const passed = results.filter(Boolean).length;
  const failed = results.length - passed;
  console.log(`packaging: ${passed} passed, ${failed} failed`);
  console.log(`packaging: took ${minutes()} minutes`);
  process.exit(failed === 0 && passed > 0 ? 0 : 1);
}

const delay = (ms) => new Promise((r) => setTimeout(r, ms));
const sha256 = (file) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");
function short(v, n = 800) {
  const s = (typeof v === "string" ? v : JSON.stringify(v)) ?? String(v);
  return s.length > n ? `${s.slice(0, n)}…` : s;
}
const step = (what) => console.log(`# ${what}  [${minutes()} min]`);
/**
 * A build's warnings, shown (not failed: webpack's size hint for the .wasm
 * is expected). Next.js's note that it took tests/packaging's lock file
 * for the workspace root is left out: it is this folder's layout, not the
 * package.
 */
function showWarnings(label, out) {
  for (const line of out.split("\n")) {
    if (/warn|⚠/i.test(line) && !/inferred your workspace root/.test(line)) console.log(`# ${label}: ${line.trim()}`);
  }
}

/**
 * Runs a command to its end (never blocking this process: the agent answers
 * while a child runs), killed with its process group after `timeoutMs`.
 */
function sh(cmd, args, { cwd = here, env, timeoutMs = 5 * 60_000 } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const timer = setTimeout(() => {
      out += `\n(killed after ${timeoutMs / 1000} s)`;
      killGroup(child);
    }, timeoutMs);
    child.on("error", (e) => (out += String(e)));
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ ok: code === 0, out: out.trim() });
    });
  });
}
function killGroup(child) {
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {}
}
/** Starts a long-running command in its own process group, stopped at the end; its output is collected. */
function startProcess(cmd, args, { cwd, env }) {
  const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const proc = { child, log: "" };
  child.stdout.on("data", (d) => (proc.log += d));
  child.stderr.on("data", (d) => (proc.log += d));
  proc.stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const closed = new Promise((r) => child.on("close", r));
    killGroup(child);
    await Promise.race([closed, delay(5_000)]);
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {}
  };
  cleanups.push(proc.stop);
  process.on("exit", () => killGroup(child));
  return proc;
}
async function freePort() {
  const server = net.createServer();
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address();
  await new Promise((r) => server.close(r));
  return port;
}
const npm = (args, cwd, timeoutMs) => sh("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], { cwd, timeoutMs });

// ---- the package, packed; each app installed --------------------------------

/** `npm pack` of pkg/ into a temporary directory: the tarball's path, or null. */
async function pack() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "agui-wasm-packaging-"));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  const r = await sh("npm", ["pack", "--json", "--pack-destination", dir], { cwd: pkgDir });
  let file = null;
  try {
    file = path.join(dir, JSON.parse(r.out.slice(r.out.indexOf("["))).at(0).filename);
  } catch {}
  return check("npm pack of pkg/ makes a tarball", r.ok && file && fs.existsSync(file), r.out) ? file : null;
}

/** `npm ci` when node_modules/ is missing, then the tarball unless that same one is installed. */
async function install(app, tarball) {
  const dir = path.join(here, app);
  const t0 = Date.now();
  if (!fs.existsSync(path.join(dir, "node_modules"))) {
    const r = await npm(["ci"], dir, 8 * 60_000);
    if (!r.ok) return check(`${app}: npm ci`, false, r.out);
  }
  const stamp = path.join(dir, "node_modules", ".agui-wasm-tarball.sha256");
  const sum = sha256(tarball);
  const fresh = !fs.existsSync(path.join(dir, "node_modules/agui-wasm/package.json")) || !fs.existsSync(stamp) || fs.readFileSync(stamp, "utf8") !== sum;
  if (fresh) {
    const r = await npm(["install", "--no-save", tarball], dir, 5 * 60_000);
    if (!r.ok) return check(`${app}: npm install --no-save <tarball>`, false, r.out);
    fs.writeFileSync(stamp, sum);
  }
  // A real copy from the tarball, not a link to pkg/.
  const installed = path.join(dir, "node_modules/agui-wasm");
  const real = fs.existsSync(installed) && !fs.lstatSync(installed).isSymbolicLink();
  step(`${app}: installed (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  return check(`${app}: installs from its lock file, with agui-wasm from the packed tarball`, real, { installed, real });
}

// ---- the browser ------------------------------------------------------------

let browser = null;
async function launchBrowser() {
  const { chromium } = await import("playwright-core");
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  cleanups.push(() => browser.close());
}

/** A fresh page that records errors and .wasm responses. */
async function openPage() {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  const wasm = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  // A failed response is named with its URL below; Chromium's console line
  // for it names none.
  page.on("console", (m) => m.type() === "error" && !/^Failed to load resource/.test(m.text()) && errors.push(`console.error: ${m.text()}`));
  // agui-wasm warns when it cannot load its .wasm and falls back.
  page.on("console", (m) => m.type() === "warning" && m.text().startsWith("[agui-wasm]") && errors.push(`console.warn: ${m.text()}`));
  page.on("requestfailed", (r) => errors.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on("response", (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.endsWith(".wasm")) wasm.push({ url: r.url(), status: r.status(), type: r.headers()["content-type"] });
    // The browser asks for /favicon.ico by itself; these apps have none.
    if (r.status() >= 400 && pathname !== "/favicon.ico") errors.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  return { page, errors, wasm, close: () => context.close() };
}

/** From now on, records every text the last element matching `selector` shows, as it streams (window.__seen). */
const watchText = (page, selector) =>
  page.evaluate((sel) => {
    window.__seen = [];
    window.__watched = sel;
    if (window.__watching) return;
    window.__watching = true;
    new MutationObserver(() => {
      const els = document.querySelectorAll(window.__watched);
      const t = els[els.length - 1]?.textContent;
      if (t && window.__seen.at(-1) !== t) window.__seen.push(t);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, selector);

/** Whether `seen` shows the text growing to `full`: two or more steps, each a prefix of the next. */
const streamed = (seen, full) =>
  seen.length >= 2 && seen.at(-1) === full && seen.every((t, i) => i === 0 || t.startsWith(seen[i - 1]) || full.startsWith(t));

/**
 * The page check every browser app shares: the initial history shows
 * before the run (and before any .wasm is fetched: importing loads
 * nothing), the button runs the agent, the reply streams in, and the .wasm
 * came the way the entry says (`asset`: one fetch, as application/wasm;
 * `embedded`: none).
 */
async function checkPage(label, url, { wasm: how, list = "#messages", button = "#run", status = "#status", worker = false }) {
  const p = await openPage();
  const { page } = p;
  try {
    await page.goto(url);
    if (worker) {
      // The worker says when its module (and so agui-wasm) has loaded.
      const loaded = await page
        .waitForFunction((sel) => document.querySelector(sel)?.textContent !== "idle", status, { timeout: 20_000, polling: 25 })
        .then(() => page.$eval(status, (e) => e.textContent))
        .catch((e) => `the worker never said it loaded: ${e.message}`);
      check(`${label}: the worker loads agui-wasm, and no .wasm is fetched before a run`, loaded === "ready" && p.wasm.length === 0, {
        loaded,
        wasm: p.wasm,
        errors: p.errors,
      });
    } else {
      const before = await page
        .waitForSelector(`${list} li.user`, { timeout: 20_000 })
        .then(() => page.$$eval(`${list} li`, (els) => els.map((e) => e.textContent)))
        .catch((e) => `no history shown: ${e.message}`);
      check(
        `${label}: the page shows the initial history, and no .wasm is fetched before a run`,
        JSON.stringify(before) === JSON.stringify(["hi"]) && p.wasm.length === 0,
        { before, wasm: p.wasm, errors: p.errors },
      );
    }
    await watchText(page, `${list} li.assistant`);
    await page.click(button, { timeout: 20_000 });
    const ended = await page
      .waitForFunction((sel) => !/^(idle|ready|running)$/.test(document.querySelector(sel)?.textContent ?? ""), status, { timeout: 20_000, polling: 25 })
      .then(() => true)
      .catch(() => false);
    const after = await page.$$eval(`${list} li`, (els) => els.map((e) => e.textContent));
    const said = await page.$eval(status, (e) => e.textContent);
    const seen = await page.evaluate(() => window.__seen);
    const full = answerFor("hi");
    const loaded =
      how === "asset"
        ? p.wasm.length === 1 && p.wasm[0].status === 200 && p.wasm[0].type === "application/wasm"
        : p.wasm.length === 0;
    check(
      `${label}: the button runs the agent and its reply streams into the page (.wasm ${how === "asset" ? "fetched once as application/wasm" : "embedded, none fetched"})`,
      ended && said === "done" && JSON.stringify(after) === JSON.stringify(["hi", full]) && streamed(seen, full) && loaded,
      { ended, status: said, after, seen, wasm: p.wasm, errors: p.errors },
    );
    check(`${label}: no page error, console error, agui-wasm warning or failed request`, p.errors.length === 0, p.errors);
  } finally {
    await p.close();
  }
}

// ---- the apps ---------------------------------------------------------------

/** Builds a static app with its package.json's build script; false (with a FAILED line) if that fails. */
async function build(app, label = app) {
  const t0 = Date.now();
  const dir = path.join(here, app);
  fs.rmSync(path.join(dir, "dist"), { recursive: true, force: true });
  const r = await sh("npm", ["run", "--silent", "build"], { cwd: dir });
  step(`${label}: built (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  showWarnings(label, r.out);
  return check(`${label}: builds with no configuration for the .wasm`, r.ok, r.out);
}

async function staticApp(app, agent, { serve, wasm }) {
  if (!(await build(app))) return;
  const server = await startStaticServer(path.join(here, app, serve));
  try {
    const page = serve === "dist" ? "" : "index.html";
    await checkPage(app, `${server.url}${page}?agent=${encodeURIComponent(agent.url)}`, { wasm });
  } finally {
    await server.close();
  }
}

async function viteApp(agent) {
  if (!(await build("vite"))) return;
  const server = await startStaticServer(path.join(here, "vite/dist"));
  try {
    const url = `${server.url}?agent=${encodeURIComponent(agent.url)}`;
    await checkPage("vite main thread", url, { wasm: "asset" });
    // The worker's history arrives by postMessage; the page renders it in
    // its own list.
    await checkPage("vite module worker", url, { wasm: "asset", list: "#worker-messages", button: "#run-worker", status: "#worker-status", worker: true }).catch(
      (e) => check("vite module worker: the page check runs", false, e.stack),
    );
  } finally {
    await server.close();
  }
}

async function nodeApp(agent) {
  for (const [label, file] of [
    ["node ESM (import)", "esm.mjs"],
    ["node CommonJS (require)", "cjs.cjs"],
  ]) {
    const r = await sh(process.execPath, [file, agent.url], { cwd: path.join(here, "node"), timeoutMs: 30_000 });
    let got = null;
    try {
      got = JSON.parse(r.out.split("\n").at(-1));
    } catch {}
    const full = answerFor("hi");
    const contents = got?.messages?.map((m) => m.content);
    check(
      `${label}: the history is there before the run, and the run streams the reply`,
      r.ok && JSON.stringify(got?.initial) === JSON.stringify(["hi"]) && JSON.stringify(contents) === JSON.stringify(["hi", full]) && streamed(got.seen, full),
      r.out,
    );
  }
}

/** Lines of a Next.js server's log that say something went wrong. */
const serverErrors = (log) =>
  log
    .split("\n")
    .filter((l) => /error|⨯|unhandled|exception/i.test(l))
    .slice(0, 10);

/**
 * One Next.js mode: build and start (or dev), the server-rendered HTML,
 * then the page in Chromium (`browserCheck`), then the server's log.
 */
async function nextMode(app, mode, agent, { ssrHas, browserCheck }) {
  const dir = path.join(here, app);
  const bin = path.join(dir, "node_modules/.bin/next");
  const flags = mode.startsWith("webpack") ? ["--webpack"] : [];
  const label = `${app} ${mode}`;
  const env = { NEXT_TELEMETRY_DISABLED: "1", AGENT_URL: agent.url };
  fs.rmSync(path.join(dir, ".next"), { recursive: true, force: true });
  const t0 = Date.now();
  if (mode.endsWith("build")) {
    const r = await sh(bin, ["build", ...flags], { cwd: dir, env, timeoutMs: 6 * 60_000 });
    step(`${label}: next build (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    showWarnings(label, r.out);
    if (!check(`${label}: next build${flags.length ? " --webpack" : ""} succeeds`, r.ok, r.out)) return;
  }
  const port = await freePort();
  const server = mode.endsWith("build")
    ? startProcess(bin, ["start", "-p", String(port), "-H", "127.0.0.1"], { cwd: dir, env })
    : startProcess(bin, ["dev", ...flags, "-p", String(port), "-H", "127.0.0.1"], { cwd: dir, env });
  try {
    const url = `http://127.0.0.1:${port}/`;
    // The first answer: `next dev` compiles the page for it.
    let res = null;
    const until = Date.now() + 180_000;
    while (!res && Date.now() < until && server.child.exitCode === null) {
      res = await fetch(url).then(
        async (r) => ({ status: r.status, html: await r.text() }),
        () => null,
      );
      if (!res) await delay(250);
    }
    step(`${label}: first page served (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    const missing = ssrHas.filter((s) => !(res?.html ?? "").includes(s));
    check(
      `${label}: the server renders the page (HTTP 200) with the client component's first render, and logs no error`,
      res?.status === 200 && missing.length === 0 && serverErrors(server.log).length === 0,
      { status: res?.status, missing, serverErrors: serverErrors(server.log), html: res?.html?.slice(0, 1500), log: server.log.slice(-2000) },
    );
    await browserCheck(label, url);
    check(`${label}: the server logs no error while the page runs`, serverErrors(server.log).length === 0, server.log.slice(-3000));
  } finally {
    await server.stop();
  }
}

/**
 * CopilotKit's chat, two messages. The package's HttpAgent answers a
 * page's first run on @ag-ui/client's own path (so the first answer waits
 * for no download) and fetches the .wasm when that run is over; the second
 * run is then agui-wasm's.
 */
async function copilotChatCheck(label, url, agent) {
  const SEL = {
    textarea: '[data-testid="copilot-chat-textarea"]',
    send: '[data-testid="copilot-send-button"]',
    assistant: '[data-testid="copilot-assistant-message"]',
  };
  const p = await openPage();
  const { page } = p;
  /** Sends `said` and waits for its answer: what the chat showed on the way, and what the agent was sent. */
  async function exchange(said) {
    const runsBefore = agent.requests.length;
    await watchText(page, SEL.assistant);
    await page.fill(SEL.textarea, said);
    await page.click(SEL.send);
    const full = answerFor(said);
    const shown = await page
      .waitForFunction(
        ([sel, want]) => [...document.querySelectorAll(sel)].some((el) => (el.textContent ?? "").includes(want)),
        [SEL.assistant, full],
        { timeout: 20_000, polling: 25 },
      )
      .then(() => true)
      .catch(() => false);
    const seen = await page.evaluate(() => window.__seen);
    const runs = agent.requests.slice(runsBefore);
    const sent = runs.at(-1)?.body?.messages?.at(-1);
    const ok = shown && runs.length === 1 && sent?.role === "user" && sent?.content === said && seen.length >= 2 && seen.at(-1).includes(full);
    return { ok, shown, runs: runs.length, sent, seen };
  }
  try {
    await page.goto(url);
    const ready = await page.waitForSelector(SEL.textarea, { timeout: 30_000 }).then(
      () => true,
      () => false,
    );
    if (!check(`${label}: in Chromium the chat mounts`, ready, { errors: p.errors })) return;
    const first = await exchange("first ping from the packaging test");
    check(`${label}: a message sent through CopilotKit reaches the agent and its reply streams into the chat`, first.ok, { ...first, errors: p.errors });
    // Fetched when the first run is over.
    const until = Date.now() + 10_000;
    while (p.wasm.length === 0 && Date.now() < until) await delay(50);
    const fetched = p.wasm.length === 1 && p.wasm[0].status === 200 && p.wasm[0].type === "application/wasm";
    const second = await exchange("second ping, on the WebAssembly client");
    check(
      `${label}: the .wasm is fetched once (application/wasm) after the first run, and a second message's reply streams in`,
      fetched && second.ok && p.wasm.length === 1,
      { wasm: p.wasm, ...second, errors: p.errors },
    );
    check(`${label}: no page error, console error, agui-wasm warning or failed request`, p.errors.length === 0, p.errors);
  } finally {
    await p.close();
  }
}

// ---- the run ----------------------------------------------------------------

const ALL_APPS = ["node", "esbuild", "rollup", "webpack", "vite", "next", "next-copilotkit"];
const APPS = process.argv.length > 2 ? process.argv.slice(2) : ALL_APPS;
for (const app of APPS) {
  if (!ALL_APPS.includes(app)) {
    console.log(`usage: node tests/packaging/run.mjs [${ALL_APPS.join(" | ")} ...]`);
    process.exit(2);
  }
}
const NEXT_MODES = ["turbopack-build", "webpack-build", "turbopack-dev", "webpack-dev"];
const COPILOTKIT_MODES = NEXT_MODES;

async function main() {
  step("npm pack of pkg/");
  const tarball = await pack();
  if (!tarball) return;
  if (!fs.existsSync(path.join(here, "node_modules"))) {
    step("npm ci (playwright-core)");
    const r = await npm(["ci"], here);
    if (!check("the runner's playwright-core installs (npm ci)", r.ok, r.out)) return;
  }
  if (!check(`Chromium is at ${chromiumPath}`, fs.existsSync(chromiumPath), "install Debian's chromium package (./run test does)")) return;
  const agent = await startAgentServer();
  cleanups.push(agent.close);
  await launchBrowser();

  const installed = {};
  for (const app of APPS) {
    step(`${app}: install`);
    installed[app] = await install(app, tarball);
  }

  if (installed.node) await nodeApp(agent);
  if (installed.esbuild) await staticApp("esbuild", agent, { serve: ".", wasm: "embedded" });
  if (installed.rollup) await staticApp("rollup", agent, { serve: ".", wasm: "embedded" });
  if (installed.webpack) await staticApp("webpack", agent, { serve: ".", wasm: "asset" });
  if (installed.vite) await viteApp(agent);
  if (installed.next) {
    for (const mode of NEXT_MODES) {
      await nextMode("next", mode, agent, {
        ssrHas: ['<li class="user">hi</li>', 'id="run"'],
        browserCheck: (label, url) => checkPage(label, url, { wasm: "asset" }),
      });
    }
  }
  if (installed["next-copilotkit"]) {
    for (const mode of COPILOTKIT_MODES) {
      await nextMode("next-copilotkit", mode, agent, {
        ssrHas: ["agui-wasm under CopilotKit"],
        browserCheck: (label, url) => copilotChatCheck(label, url, agent),
      });
    }
  }
}

await main().catch((e) => check("the runner itself does not crash", false, e?.stack ?? String(e)));
await finish();

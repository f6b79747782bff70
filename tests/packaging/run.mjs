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
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { answerFor, startAgentServer } from "./support/agent-server.mjs";
import { checkPage, chromiumPath, launchBrowser, openPage, streamed, watchText } from "./support/browser.mjs";
import { freePort, npm, sh as run, startProcess } from "./support/processes.mjs";
import { check, cleanups, delay, finish, step } from "./support/report.mjs";
import { startStaticServer } from "./support/static-server.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const pkgDir = path.resolve(here, "../../pkg");
const sh = (cmd, args, options = {}) => run(cmd, args, { cwd: here, ...options });

const sha256 = (file) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");
/**
 * A build's warnings, shown (not failed: webpack's size hint for the .wasm
 * is expected). Next.js's note that it took tests/packaging's lock file
 * for the workspace root is left out: it is this folder's layout, not the
 * package.
 */
function showWarnings(label, out) {
  for (const line of out.split("\n")) {
    if (/warn|⚠/i.test(line) && !/inferred your workspace root|To silence this warning, set `(turbopack\.root|outputFileTracingRoot)`/.test(line)) {
      console.log(`# ${label}: ${line.trim()}`);
    }
  }
}

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
  /**
   * Sends `said` and waits for its answer: what the chat showed on the way,
   * and what the agent was sent. `streaming`: the answer must show in two
   * or more steps (not asked of the first, which `next dev` may render only
   * once it compiled the chat's message view).
   */
  async function exchange(said, { streaming }) {
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
    const ok = shown && runs.length === 1 && sent?.role === "user" && sent?.content === said && seen.length >= (streaming ? 2 : 1) && seen.at(-1).includes(full);
    return { ok, shown, runs: runs.length, sent, seen };
  }
  try {
    await page.goto(url);
    const ready = await page.waitForSelector(SEL.textarea, { timeout: 30_000 }).then(
      () => true,
      () => false,
    );
    if (!check(`${label}: in Chromium the chat mounts`, ready, { errors: p.errors })) return;
    const first = await exchange("first ping from the packaging test", { streaming: false });
    check(`${label}: a message sent through CopilotKit reaches the agent and its reply shows in the chat`, first.ok, { ...first, errors: p.errors });
    // Fetched when the first run is over.
    const until = Date.now() + 10_000;
    while (p.wasm.length === 0 && Date.now() < until) await delay(50);
    const fetched = p.wasm.length === 1 && p.wasm[0].status === 200 && p.wasm[0].type === "application/wasm";
    const second = await exchange("second ping, on the WebAssembly client", { streaming: true });
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

async function main() {
  step("npm pack of pkg/");
  const tarball = await pack();
  if (!tarball) return;
  let driver = { ok: true, out: "" };
  if (!fs.existsSync(path.join(here, "node_modules"))) {
    step("npm ci (playwright-core)");
    driver = await npm(["ci"], here);
  }
  if (!check("the runner's playwright-core is installed from its lock file", driver.ok, driver.out)) return;
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
    for (const mode of NEXT_MODES) {
      await nextMode("next-copilotkit", mode, agent, {
        ssrHas: ["agui-wasm under CopilotKit", 'data-testid="copilot-chat-textarea"'],
        browserCheck: (label, url) => copilotChatCheck(label, url, agent),
      });
    }
  }
}

await main().catch((e) => check("the runner itself does not crash", false, e?.stack ?? String(e)));
await finish();

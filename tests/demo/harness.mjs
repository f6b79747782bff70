// The demo's test harness: builds and starts the demo agent on a free port,
// opens pages in the system Chromium with traps for any script that agent
// content might smuggle in, and small assertion helpers.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "../browser/node_modules/playwright-core/index.mjs";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const outDir = path.join(root, "tests/out/demo");

/** The demo-agent binary: AGUI_DEMO_BIN, or built now with cargo. */
export function buildAgent() {
  if (process.env.AGUI_DEMO_BIN) return process.env.AGUI_DEMO_BIN;
  const r = spawnSync("cargo", ["build", "--quiet", "--features", "demo", "--bin", "demo-agent"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) throw new Error("cargo build of demo-agent failed");
  const target = process.env.CARGO_TARGET_DIR ? path.resolve(root, process.env.CARGO_TARGET_DIR) : path.join(root, "target");
  return path.join(target, "debug", "demo-agent");
}

/** Starts the agent on a free port; resolves to { url, stop, log }. */
export async function startAgent(bin, tickMs) {
  const args = ["--port", "0", "--tick-ms", String(tickMs)];
  if (process.env.AGUI_DEMO_PKG) args.push("--pkg", process.env.AGUI_DEMO_PKG);
  const child = spawn(bin, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  const log = [];
  child.stderr.on("data", (d) => log.push(String(d)));
  const url = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (m) resolve(m[0]);
    });
    child.on("exit", (code) => reject(new Error(`demo-agent exited (${code}): ${log.join("")}`)));
    setTimeout(() => reject(new Error("demo-agent printed no URL within 10 s")), 10_000);
  });
  const stop = () => new Promise((r) => {
    if (child.exitCode !== null) return r();
    child.once("exit", r);
    child.kill();
  });
  return { url, stop, log, alive: () => child.exitCode === null };
}

export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
}

/**
 * A fresh page on the demo with traps: `hits` collects any sign that a
 * script from agent content ran (alert/confirm/prompt in any frame, a
 * dialog, a console line from a payload); `errors` collects page errors and
 * this page's own CSP violations; `blocked` the browser's notes that it
 * refused to run a sandboxed frame's script. With `bypassCSP` the page's
 * policy is off, so what is tested is the rendering itself.
 */
export async function openPage(browser, url, { bypassCSP = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 880 }, bypassCSP });
  const page = await context.newPage();
  const trap = { hits: [], errors: [], blocked: [] };
  await page.exposeBinding("__xssHit", ({ frame }, what) => trap.hits.push(`${what} (frame ${frame.url()})`));
  await page.addInitScript(() => {
    const report = (kind) => (...args) => window.__xssHit?.(`${kind}(${args.map(String).join(", ")})`);
    window.alert = report("alert");
    window.confirm = report("confirm");
    window.prompt = report("prompt");
    if (window === window.top) {
      document.addEventListener("securitypolicyviolation", (e) => window.__cspViolation?.(`${e.violatedDirective} ${e.blockedURI}`));
    }
  });
  await page.exposeBinding("__cspViolation", (_, what) => trap.errors.push(`CSP violation: ${what}`));
  page.on("dialog", (d) => {
    trap.hits.push(`dialog: ${d.message()}`);
    d.dismiss().catch(() => {});
  });
  page.on("console", (m) => {
    const text = m.text();
    if (/xss-|Ignored call to '(alert|confirm|prompt)/.test(text)) trap.hits.push(`console: ${text}`);
    else if (/Blocked script execution/.test(text)) trap.blocked.push(text);
  });
  page.on("pageerror", (e) => trap.errors.push(`page error: ${e.message}`));
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]", { timeout: 30_000 });
  return { page, trap, close: () => context.close() };
}

export function check(cond, message) {
  if (!cond) throw new Error(message);
}

export const text = (page, selector) => page.locator(selector).allTextContents();

/** Clicks a scenario chip and waits until the page has finished `turns` turns. */
export async function chip(page, scenario, turns) {
  await page.click(`.chips button[data-scenario="${scenario}"]`);
  await waitTurns(page, turns);
}

export function waitTurns(page, turns) {
  return page.waitForFunction((n) => Number(document.body.dataset.turns) >= n, turns, { timeout: 30_000 });
}

/** The text of the last assistant row. */
export async function lastAnswer(page) {
  return (await page.locator(".row.assistant .text").last().textContent()) ?? "";
}

export function screenshotPath(index, name) {
  fs.mkdirSync(outDir, { recursive: true });
  return path.join(outDir, `${String(index).padStart(2, "0")}-${name}.png`);
}

// The browser side of the checks: a page that records errors and .wasm
// responses, a watch on streaming text, and the check every browser app
// shares.
import { answerFor } from "./agent-server.mjs";
import { check, cleanups } from "./report.mjs";

export const chromiumPath = process.env.CHROMIUM ?? "/usr/bin/chromium";

let browser = null;
export async function launchBrowser() {
  const { chromium } = await import("playwright-core");
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  cleanups.push(() => browser.close());
}

/** A fresh page that records errors and .wasm responses. */
export async function openPage() {
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
export const watchText = (page, selector) =>
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

/** Whether `seen` shows the text growing to `full`: two or more steps, each a start of it. */
export const streamed = (seen, full) => seen?.length >= 2 && seen.at(-1) === full && seen.every((t) => full.startsWith(t));

/**
 * The page check every browser app shares: the initial history shows
 * before the run (and before any .wasm is fetched: importing loads
 * nothing), the button runs the agent, the reply streams in, and the .wasm
 * came the way the entry says (`asset`: one fetch, as application/wasm;
 * `embedded`: none).
 */
export async function checkPage(label, url, { wasm: how, list = "#messages", button = "#run", status = "#status", worker = false }) {
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

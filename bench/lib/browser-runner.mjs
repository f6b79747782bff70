// Headless system Chromium (never a downloaded one), as tests/browser/run.mjs
// drives it. Each job gets a fresh browser context, so its heap and the
// package's wasm memory start from nothing.
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

const TYPES = { ".js": "text/javascript", ".mjs": "text/javascript", ".html": "text/html", ".wasm": "application/wasm", ".json": "application/json" };
const JOB_TIMEOUT_MS = 10 * 60_000;

export async function openBrowser(root) {
  // Serves the repo: /pkg/ for ours, /bench/ for the page and the bundled reference.
  const server = http.createServer((req, res) => {
    const file = path.join(root, path.normalize(decodeURIComponent(new URL(req.url, "http://x").pathname)));
    if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404);
      return res.end();
    }
    res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
      "--disable-component-update", "--disable-sync", "--no-first-run",
      // window.gc between runs, and performance.memory unrounded and live.
      "--js-flags=--expose-gc", "--enable-precise-memory-info",
    ],
  });
  return {
    version: browser.version(),
    async run(job) {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        const errors = [];
        page.on("pageerror", (e) => errors.push(String(e)));
        await page.goto(`${base}/bench/lib/page.html#${encodeURIComponent(JSON.stringify(job))}`);
        await page.waitForFunction(() => window.result, null, { timeout: JOB_TIMEOUT_MS, polling: 250 });
        const r = await page.evaluate(() => window.result);
        if (r.error || errors.length) throw new Error(`browser job ${JSON.stringify(job)}: ${r.error ?? errors.join("\n")}`);
        return r;
      } finally {
        await context.close();
      }
    },
    async close() {
      await browser.close();
      server.close();
    },
  };
}

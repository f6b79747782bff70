// Runs the built package in headless Chromium (the system's, never a
// downloaded one): every conformance case through the `fetch` option, the
// platform's fetch against a streaming server, and a module Web Worker.
//   node tests/browser/run.mjs   (after scripts/build-pkg.sh)
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { loadCases, root } from "../node/cases.mjs";
import { ERROR_PATH_COUNT } from "../shared/error-paths.mjs";
import { REENTRY_COUNT } from "../shared/reentry.mjs";
import { CASES as HOSTILE } from "../shared/hostile-fetch.mjs";

const TYPES = { ".js": "text/javascript", ".mjs": "text/javascript", ".html": "text/html", ".wasm": "application/wasm", ".json": "application/json" };
const sse = (e) => "data: " + JSON.stringify(e) + "\n\n";

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url, "http://localhost");
  if (url.pathname === "/cases.json") {
    res.writeHead(200, { "content-type": "application/json" });
    return res.end(JSON.stringify(loadCases()));
  }
  if (url.pathname === "/stream") {
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write(sse({ type: "RUN_STARTED", threadId: "t", runId: "r" }) + sse({ type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant" }));
    for (const w of ["스트리밍 ", "works ", "😀"]) {
      res.write(sse({ type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: w }));
      // Long enough apart that even a loaded machine delivers them as
      // separate network chunks.
      await new Promise((r) => setTimeout(r, 150));
    }
    return res.end(sse({ type: "TEXT_MESSAGE_END", messageId: "m" }) + sse({ type: "RUN_FINISHED", threadId: "t", runId: "r" }));
  }
  const file = path.join(root, path.normalize(url.pathname));
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
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
let ok = false;
try {
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${base}/tests/browser/page.html`);
  const results = await page.waitForFunction(() => window.results, null, { timeout: 120_000 }).then((h) => h.jsonValue());
  const r = await page.evaluate(() => window.results);
  if (r.error) throw new Error(r.error);
  for (const f of r.conformance.failures) console.log("FAILED", f);
  console.log(`chromium conformance: ${r.conformance.passed} passed, ${r.conformance.failed} failed`);
  const expected = "스트리밍 works 😀";
  for (const e of r.errors) console.log(`${e.ok ? "ok" : "FAILED"} - error path: ${e.name}: ${e.detail}`);
  for (const e of r.reentry.filter((e) => !e.ok)) console.log(`FAILED - re-entry: ${e.name}: ${e.detail}`);
  for (const e of r.hostile) console.log(`${e.ok ? "ok" : "FAILED"} - hostile fetch: ${e.name}: ${e.detail}`);
  const checks = [
    ["every error path", r.errors.length === ERROR_PATH_COUNT && r.errors.every((e) => e.ok)],
    [`re-entry from every callback (${r.reentry.length} pairs)`, r.reentry.length === REENTRY_COUNT && r.reentry.every((e) => e.ok)],
    ["a bad fetch or a detach at any point settles the run", r.hostile.length === Object.keys(HOSTILE).length && r.hostile.every((e) => e.ok)],
    ["global fetch streams in a window", r.stream.content === expected && r.stream.updates >= 2],
    ["module Web Worker", r.worker.content === expected],
    ["no page errors", errors.length === 0],
  ];
  for (const [name, pass] of checks) console.log(`${pass ? "ok" : "FAILED"} - ${name}`);
  if (!checks.every(([, p]) => p)) console.log(JSON.stringify({ stream: r.stream, worker: r.worker }));
  if (errors.length) console.log(errors.join("\n"));
  ok = results && r.conformance.failed === 0 && r.conformance.passed > 0 && checks.every(([, p]) => p);
} finally {
  await browser.close();
  server.close();
}
process.exit(ok ? 0 : 1);

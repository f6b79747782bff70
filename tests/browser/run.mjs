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
  if (url.pathname === "/load.html") {
    // A page that imports nothing itself; `?csp` serves it under a policy
    // without 'wasm-unsafe-eval', which refuses to compile any WebAssembly.
    const headers = { "content-type": "text/html" };
    if (url.searchParams.has("csp")) headers["content-security-policy"] = "script-src 'self'";
    res.writeHead(200, headers);
    return res.end("<!doctype html><title>load</title>");
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
  for (const f of r.following.failures) console.log("FAILED (read on every change)", f);
  const expected = "스트리밍 works 😀";
  for (const e of r.errors) console.log(`${e.ok ? "ok" : "FAILED"} - error path: ${e.name}: ${e.detail}`);
  for (const e of r.reentry.filter((e) => !e.ok)) console.log(`FAILED - re-entry: ${e.name}: ${e.detail}`);
  for (const e of r.hostile) console.log(`${e.ok ? "ok" : "FAILED"} - hostile fetch: ${e.name}: ${e.detail}`);
  const checks = [
    [`the ${r.following.passed + r.following.failed} cases with patches, read on every change`, r.following.failed === 0 && r.following.passed >= 40],
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
  ok = (await loadFailures()) && ok;
} finally {
  await browser.close();
  server.close();
}
process.exit(ok ? 0 : 1);

/**
 * A .wasm that fails to load rejects the run with an AgentError naming its
 * URL and the way to point the package elsewhere; the client stays usable,
 * no error escapes, and the next run loads it (each in a fresh page, so the
 * module is loaded afresh). Under a CSP that refuses WebAssembly the next
 * run fails the same way.
 */
async function loadFailures() {
  const modes = {
    "a 404": (route) => route.fulfill({ status: 404, body: "not found" }),
    "an HTML page in its place (200, text/html)": (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><p>app shell</p>" }),
    "an offline page": (route) => route.abort("internetdisconnected"),
    "a CSP without 'wasm-unsafe-eval'": null,
  };
  let all = true;
  for (const [mode, failOnce] of Object.entries(modes)) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    let wasmRequests = 0;
    await page.route("**/agui_wasm_bg.wasm", (route) => (++wasmRequests === 1 && failOnce ? failOnce(route) : route.continue()));
    await page.goto(`${base}/load.html${failOnce ? "" : "?csp"}`);
    const r = await page.evaluate(async () => {
      const { AgentClient } = await import("/pkg/index.js");
      const agent = new AgentClient({ url: "/stream", initialMessages: [{ id: "u1", role: "user", content: "hi" }] });
      const attempt = () =>
        agent.runAgent().then(
          () => ({ content: agent.messages.at(-1)?.content }),
          (e) => ({ name: e?.name, message: String(e?.message) }),
        );
      const first = await attempt();
      // Usable in between: fields, history and subscribers.
      agent.setMessages([{ id: "u2", role: "user", content: "again" }]);
      const between = { running: agent.isRunning, messages: agent.messages.map((m) => m.content) };
      const second = await attempt();
      return { first, between, second };
    });
    const named = (x) => x.name === "AgentError" && /agui_wasm_bg\.wasm/.test(x.message) && /ready\(\{ module_or_path \}\)/.test(x.message);
    const pass =
      named(r.first) &&
      r.between.running === false &&
      r.between.messages.join() === "again" &&
      (failOnce ? r.second.content === "스트리밍 works 😀" : named(r.second)) &&
      errors.length === 0;
    console.log(`${pass ? "ok" : "FAILED"} - a .wasm that fails to load (${mode}): AgentError naming it, client usable, ${failOnce ? "the next run loads it" : "the next run fails the same way"}`);
    if (!pass) console.log(JSON.stringify({ ...r, errors, wasmRequests }));
    all &&= pass;
    await context.close();
  }
  return all;
}

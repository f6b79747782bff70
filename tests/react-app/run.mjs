// The package the way users use it: a fresh Vite + React app installs the
// packed tarball of pkg/, builds with a plain Vite config, and streams a
// conversation from a local AG-UI server in headless Chromium.
//
// One command, from anywhere:
//
//   node tests/react-app/run.mjs
//
// It does everything it needs itself: builds pkg/ (scripts/build-pkg.sh) if
// it is missing or its React entry point differs from pkg-template's; runs
// `npm pack` of pkg/ into a temporary directory and `npm install --no-save
// <tarball>` here (a real install from the tarball, not a path link; skipped
// when the same tarball is already installed; --no-save keeps package.json
// and the lockfile as committed); type-checks the app with `tsc`; runs
// `vite build`; then starts an SSE test server on 127.0.0.1 (CORS open, the
// app calls it across origins) and `vite preview` of the build, and drives
// the system Chromium (/usr/bin/chromium, or $CHROMIUM) with playwright-core.
// The same app is also loaded once from the Vite dev server.
//
// What it proves, one line per check: the install is a tarball; the app
// type-checks against agui-wasm and agui-wasm/react; the .wasm is bundled and
// loaded with no bundler plugin; text shows while it streams; a tool call's
// arguments show while they stream; a React.memo row of an earlier message
// renders exactly once while later ones stream; abort(); a view mounted in
// the middle of a run follows it; the dev server works too. It ends with
// `react-app: N passed, N failed` and exits non-zero on any failure.
//
// node_modules/, dist/ and tarballs stay out of git (.gitignore here).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const pkgDir = path.join(root, "pkg");

// Nothing here may hang: the whole run is bounded.
setTimeout(() => {
  console.log("FAILED - the run took longer than 10 minutes");
  process.exit(1);
}, 10 * 60_000).unref();

const results = [];
function check(name, pass, detail) {
  results.push(pass);
  console.log(`${pass ? "ok" : "FAILED"} - ${name}${!pass && detail ? ` (${detail})` : ""}`);
}
function sh(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: here, encoding: "utf8", ...opts });
  return { ok: r.status === 0, stdout: r.stdout ?? "", out: `${r.stdout ?? ""}${r.stderr ?? ""}`.trim() };
}
function must(label, r) {
  if (!r.ok) {
    console.log(r.out);
    check(label, false);
    finish();
  }
  return r;
}
function finish() {
  const passed = results.filter(Boolean).length;
  const failed = results.length - passed;
  console.log(`react-app: ${passed} passed, ${failed} failed`);
  process.exit(failed === 0 && passed > 0 ? 0 : 1);
}
const sha256 = (file) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");
const sameFile = (a, b) => fs.existsSync(a) && fs.existsSync(b) && sha256(a) === sha256(b);

// ---- 1. the package, packed and installed -------------------------------

const stale = !fs.existsSync(path.join(pkgDir, "package.json"))
  ? "pkg/ is missing"
  : ["react.js", "react.d.ts"].find((f) => !sameFile(path.join(pkgDir, f), path.join(root, "pkg-template", f)))
    ? "pkg/ predates the React entry point in pkg-template/"
    : null;
if (stale) {
  console.log(`# ${stale}: scripts/build-pkg.sh`);
  must("scripts/build-pkg.sh", sh(path.join(root, "scripts/build-pkg.sh"), [], { cwd: root, stdio: "inherit" }));
}

const packDir = fs.mkdtempSync(path.join(os.tmpdir(), "agui-wasm-pack-"));
const packed = must("npm pack", sh("npm", ["pack", "--json", "--pack-destination", packDir], { cwd: pkgDir }));
const tarball = path.join(packDir, JSON.parse(packed.stdout)[0].filename);
const stamp = path.join(here, "node_modules", ".agui-wasm-tarball.sha256");
const installed = path.join(here, "node_modules", "agui-wasm");
if (!fs.existsSync(installed) || !fs.existsSync(stamp) || fs.readFileSync(stamp, "utf8") !== sha256(tarball)) {
  console.log(`# npm install --no-save ${path.basename(tarball)}`);
  must("npm install", sh("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--loglevel=error", tarball]));
  fs.writeFileSync(stamp, sha256(tarball));
}
fs.rmSync(packDir, { recursive: true, force: true });

{
  const lock = JSON.parse(fs.readFileSync(path.join(here, "node_modules", ".package-lock.json"), "utf8"));
  const entry = lock.packages?.["node_modules/agui-wasm"] ?? {};
  const realDir = !fs.lstatSync(installed).isSymbolicLink() && fs.statSync(installed).isDirectory();
  const hasReact = ["react.js", "react.d.ts"].every((f) => fs.existsSync(path.join(installed, f)));
  check(
    "agui-wasm is installed from the packed tarball (a real directory, not a link), with its React entry point",
    realDir && !entry.link && /\.tgz$/.test(entry.resolved ?? "") && hasReact,
    JSON.stringify({ realDir, entry, hasReact }),
  );
}

// ---- 2. type-check and build ---------------------------------------------

{
  const r = sh(path.join(here, "node_modules/.bin/tsc"), ["--noEmit", "-p", here]);
  check("the app type-checks against agui-wasm and agui-wasm/react (tsc --strict, the types are not any)", r.ok, r.out);
}

const config = (await import(path.join(here, "vite.config.js"))).default;
must("vite build", sh(path.join(here, "node_modules/.bin/vite"), ["build", "--logLevel", "warn"]));
const assets = fs.readdirSync(path.join(here, "dist", "assets"));
const wasmAsset = assets.find((f) => f.endsWith(".wasm"));
check(
  "vite build with a plain config (no plugins) emits the package's .wasm as an asset",
  !config.plugins?.length && Boolean(wasmAsset),
  JSON.stringify({ plugins: config.plugins?.length ?? 0, assets }),
);

// ---- 3. the agent: an SSE server on 127.0.0.1 -----------------------------

const sse = (e) => "data: " + JSON.stringify(e) + "\n\n";
const delay = (ms) => new Promise((r) => setTimeout(r, ms));
const deferred = () => {
  let resolve;
  const promise = new Promise((r) => (resolve = r));
  return { promise, resolve };
};

// A gate holds a stream open until the test has looked at the page. The
// server says when it reaches one; the test releases it. Never longer than
// GATE_MS, so a failed check cannot hang the server.
const GATE_MS = 30_000;
const gates = new Map();
function gateOf(name) {
  if (!gates.has(name)) gates.set(name, { reached: deferred(), released: deferred() });
  return gates.get(name);
}
async function gate(name) {
  const g = gateOf(name);
  g.reached.resolve();
  await Promise.race([g.released.promise, delay(GATE_MS)]);
}
/** Waits until the server holds at `name`, or `ms` passes; true if it does. */
const reached = (name, ms = 20_000) => Promise.race([gateOf(name).reached.promise.then(() => true), delay(ms).then(() => false)]);
const release = (name) => gateOf(name).released.resolve();

const requests = [];
const scenarios = {
  // Text, then a tool call on the same message, its result, a second reply,
  // and state along the way; held open at three points.
  async weather(send) {
    await send({ type: "STATE_SNAPSHOT", snapshot: { status: "thinking" } });
    await send({ type: "TEXT_MESSAGE_START", messageId: "a1", role: "assistant" });
    for (const delta of ["Let me ", "check the ", "weather"]) await send({ type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta });
    await gate("text");
    await send({ type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta: " in Paris." });
    await send({ type: "TEXT_MESSAGE_END", messageId: "a1" });
    await send({ type: "TOOL_CALL_START", toolCallId: "tc1", toolCallName: "get_weather", parentMessageId: "a1" });
    for (const delta of ['{"city": "Pa', 'ris", "unit": "cel']) await send({ type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta });
    await gate("args");
    await send({ type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: 'sius"}' });
    await send({ type: "TOOL_CALL_END", toolCallId: "tc1" });
    await send({ type: "TOOL_CALL_RESULT", messageId: "t1", toolCallId: "tc1", content: '{"tempC": 18}', role: "tool" });
    await send({ type: "STATE_DELTA", delta: [{ op: "replace", path: "/status", value: "answering" }] });
    await send({ type: "TEXT_MESSAGE_START", messageId: "a2", role: "assistant" });
    for (const delta of ["It is ", "18 °C ", "and sunny"]) await send({ type: "TEXT_MESSAGE_CONTENT", messageId: "a2", delta });
    await gate("reply");
    await send({ type: "TEXT_MESSAGE_CONTENT", messageId: "a2", delta: " 😀" });
    await send({ type: "TEXT_MESSAGE_END", messageId: "a2" });
    await send({ type: "STATE_DELTA", delta: [{ op: "replace", path: "/status", value: "done" }] });
  },
  // Streams until the client goes away (at most ~10 s).
  async slow(send, closed) {
    await send({ type: "TEXT_MESSAGE_START", messageId: "s1", role: "assistant" });
    await send({ type: "TEXT_MESSAGE_CONTENT", messageId: "s1", delta: "Working" });
    for (let i = 0; i < 200 && !closed(); i++) {
      await delay(50);
      await send({ type: "TEXT_MESSAGE_CONTENT", messageId: "s1", delta: "." });
    }
  },
  async late(send) {
    await send({ type: "TEXT_MESSAGE_START", messageId: "l1", role: "assistant" });
    await send({ type: "TEXT_MESSAGE_CONTENT", messageId: "l1", delta: "early " });
    await gate("late");
    await send({ type: "TEXT_MESSAGE_CONTENT", messageId: "l1", delta: "late" });
    await send({ type: "TEXT_MESSAGE_END", messageId: "l1" });
  },
  async short(send) {
    await send({ type: "TEXT_MESSAGE_START", messageId: "d1", role: "assistant" });
    for (const delta of ["dev ", "server ", "works"]) await send({ type: "TEXT_MESSAGE_CONTENT", messageId: "d1", delta });
    await send({ type: "TEXT_MESSAGE_END", messageId: "d1" });
  },
};

const cors = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "POST, OPTIONS",
  "access-control-allow-headers": "content-type, accept",
};
const agent = http.createServer((req, res) => {
  if (req.method === "OPTIONS") {
    res.writeHead(204, cors);
    return res.end();
  }
  let body = "";
  req.on("data", (d) => (body += d));
  req.on("end", async () => {
    const input = JSON.parse(body || "{}");
    const scenario = scenarios[input.forwardedProps?.scenario];
    const record = { scenario: input.forwardedProps?.scenario, input, closedEarly: false };
    requests.push(record);
    if (req.url !== "/agent" || req.method !== "POST" || !scenario) {
      res.writeHead(404, cors);
      return res.end();
    }
    let closed = false;
    res.on("close", () => {
      closed = true;
      if (!res.writableFinished) record.closedEarly = true;
    });
    res.writeHead(200, { ...cors, "content-type": "text/event-stream", "cache-control": "no-cache" });
    // One event per network chunk, a little apart.
    const send = async (e) => {
      if (closed) return;
      res.write(sse(e));
      await delay(15);
    };
    const ids = { threadId: input.threadId, runId: input.runId };
    await send({ type: "RUN_STARTED", ...ids });
    await scenario(send, () => closed);
    if (!closed) res.end(sse({ type: "RUN_FINISHED", ...ids }));
  });
});
agent.on("connection", (s) => s.setNoDelay(true));
await new Promise((r) => agent.listen(0, "127.0.0.1", r));
const agentUrl = `http://127.0.0.1:${agent.address().port}/agent`;

// ---- 4. the app in Chromium ------------------------------------------------

const vite = await import("vite");
const { chromium } = await import("playwright-core");

const preview = await vite.preview({ root: here, logLevel: "silent", preview: { host: "127.0.0.1", port: 0 } });
const appUrl = preview.resolvedUrls.local[0];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});

/** A page with its errors and .wasm responses recorded. */
async function open(url) {
  const page = await browser.newPage();
  const errors = [];
  const wasm = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => m.type() === "error" && errors.push(`${m.text()} ${m.location()?.url ?? ""}`.trim()));
  page.on("response", (r) => r.url().endsWith(".wasm") && wasm.push({ url: r.url(), status: r.status(), type: r.headers()["content-type"] }));
  await page.goto(`${url}?agent=${encodeURIComponent(agentUrl)}`);
  return { page, errors, wasm };
}
/** Waits until `fn(arg)` is truthy in the page; false after `ms`. */
const until = (page, fn, arg, ms = 10_000) =>
  page.waitForFunction(fn, arg, { timeout: ms }).then(
    () => true,
    () => false,
  );
const text = (page, sel) => page.$eval(sel, (el) => el.textContent).catch(() => null);
const attr = (page, sel, name) => page.$eval(sel, (el, n) => el.getAttribute(n), name).catch(() => null);
const renders = (page) => page.evaluate(() => ({ ...window.__renders }));
const running = (page) => attr(page, "#app", "data-running");
/** The args a tool call's view shows, as { key: text }. */
const shownArgs = (page, id) =>
  page
    .$$eval(`[data-tool-call-id="${id}"] [data-arg]`, (els) => Object.fromEntries(els.map((el) => [el.getAttribute("data-arg"), el.querySelector("dd").textContent])))
    .catch(() => ({}));

try {
  const { page, errors, wasm } = await open(appUrl);
  const mounted = await until(page, () => document.querySelector('li[data-id="u1"]'));
  // Importing the package loads nothing: the history renders before any
  // .wasm is asked for, and the first run fetches it.
  check("the built app mounts and renders its history with no .wasm fetched yet", mounted && wasm.length === 0, JSON.stringify({ mounted, wasm, errors }));

  // The conversation, looked at while it streams.
  await page.click("#ask");
  check(
    "the first run fetches the .wasm from the bundle as application/wasm",
    (await until(page, () => document.querySelector('li[data-id="a1"]'))) && wasm.some((w) => w.status === 200 && w.type === "application/wasm" && w.url.endsWith(wasmAsset)),
    JSON.stringify({ wasm, errors }),
  );

  const atText = (await reached("text")) && (await until(page, () => document.querySelector('li[data-id="a1"] .text')?.textContent === "Let me check the weather"));
  check(
    "text appears while streaming (partial reply shown, run still going)",
    atText && (await running(page)) === "true" && (await text(page, "#status")) === "running",
    JSON.stringify({ a1: await text(page, 'li[data-id="a1"] .text'), running: await running(page) }),
  );
  check("state from the hook shows while streaming", (await text(page, "#state")) === "thinking", await text(page, "#state"));
  release("text");

  const atArgs =
    (await reached("args")) &&
    (await until(page, () => document.querySelector('[data-tool-call-id="tc1"] [data-arg="unit"] dd')?.textContent === "cel"));
  const partialArgs = await shownArgs(page, "tc1");
  check(
    "a tool call's arguments render while they stream",
    atArgs && partialArgs.city === "Paris" && partialArgs.unit === "cel" && (await running(page)) === "true",
    JSON.stringify({ partialArgs, raw: await attr(page, '[data-tool-call-id="tc1"]', "data-raw") }),
  );
  release("args");

  const atReply = (await reached("reply")) && (await until(page, () => document.querySelector('li[data-id="a2"] .text')?.textContent === "It is 18 °C and sunny"));
  const whileReplying = await renders(page);
  release("reply");

  const ended = await until(page, () => document.querySelector("#app")?.getAttribute("data-outcome")?.startsWith("ok:"));
  const final = {
    a1: await text(page, 'li[data-id="a1"] .text'),
    a2: await text(page, 'li[data-id="a2"] .text'),
    t1: await text(page, 'li[data-id="t1"] .text'),
    args: await shownArgs(page, "tc1"),
    state: await text(page, "#state"),
    running: await running(page),
    outcome: await attr(page, "#app", "data-outcome"),
  };
  check(
    "the finished conversation: texts, final tool arguments, tool result, state, isRunning false",
    ended &&
      final.a1 === "Let me check the weather in Paris." &&
      final.a2 === "It is 18 °C and sunny 😀" &&
      final.t1 === '{"tempC": 18}' &&
      final.args.city === "Paris" &&
      final.args.unit === "celsius" &&
      final.state === "done" &&
      final.running === "false" &&
      final.outcome === "ok:a1,t1,a2",
    JSON.stringify(final),
  );

  const counts = await renders(page);
  check("a React.memo row for an earlier message renders exactly once over the whole stream", counts.u1 === 1, JSON.stringify(counts));
  check("the streaming messages re-render while they stream", counts.a1 > 1 && counts.a2 > 1, JSON.stringify(counts));
  check(
    "a finished message is not re-rendered while a later one streams",
    atReply && counts.a1 === whileReplying.a1 && counts.t1 === 1,
    JSON.stringify({ whileReplying, end: counts }),
  );

  // abort(): a run that would go on for seconds stops at once.
  await page.click("#ask-slow");
  const slowShown = await until(page, () => /^Working\.+$/.test(document.querySelector('li[data-id="s1"] .text')?.textContent ?? ""));
  await page.click("#stop");
  const stopped = await until(page, () => document.querySelector("#app")?.getAttribute("data-running") === "false", null, 3_000);
  const afterStop = await text(page, 'li[data-id="s1"] .text');
  await until(page, () => document.querySelector("#app")?.getAttribute("data-outcome")?.startsWith("ok:"), null, 3_000);
  const slowReq = requests.find((r) => r.scenario === "slow");
  // The server sees the socket close a moment after the page's run ends
  // (Chromium closes it from its network service): wait for it, bounded,
  // as the slow scenario would otherwise go on sending for seconds.
  for (const stop = Date.now() + 3_000; slowReq && !slowReq.closedEarly && Date.now() < stop; ) await delay(25);
  check(
    "abort() ends the run: isRunning false, the partial reply kept, the request closed, run() resolves",
    slowShown && stopped && /^Working\.+$/.test(afterStop ?? "") && slowReq?.closedEarly === true && (await attr(page, "#app", "data-outcome")) === "ok:s1",
    JSON.stringify({ slowShown, stopped, afterStop, closedEarly: slowReq?.closedEarly, outcome: await attr(page, "#app", "data-outcome") }),
  );

  // A view mounted mid-run, on a client whose run started unwatched.
  await page.click("#late-start");
  const lateHeld = await reached("late");
  await delay(100);
  await page.click("#late-show");
  const lateEarly = await until(page, () => document.querySelector("#late .text")?.textContent === "early ");
  const lateRunning = await attr(page, "#late", "data-running");
  release("late");
  const lateDone = await until(page, () => {
    const el = document.querySelector("#late");
    return el?.querySelector(".text")?.textContent === "early late" && el.getAttribute("data-running") === "false";
  });
  check(
    "a view that mounts in the middle of a run shows it and follows it to the end",
    lateHeld && lateEarly && lateRunning === "true" && lateDone,
    JSON.stringify({ lateHeld, lateEarly, lateRunning, lateDone, late: await text(page, "#late .text") }),
  );

  check("no page errors or console errors (built app)", errors.length === 0, errors.join(" | "));
  await page.close();

  // The same app from the dev server, as `npm run dev` serves it.
  const dev = await vite.createServer({ root: here, logLevel: "silent", server: { host: "127.0.0.1", port: 0 } });
  await dev.listen();
  try {
    const d = await open(dev.resolvedUrls.local[0]);
    const devMounted = await until(d.page, () => document.querySelector('li[data-id="u1"]'), null, 30_000);
    if (devMounted) await d.page.click("#ask-short");
    const devDone = devMounted && (await until(d.page, () => document.querySelector('li[data-id="d1"] .text')?.textContent === "dev server works"));
    check(
      "vite dev server (no plugins): the .wasm loads and a run streams",
      devDone && d.wasm.some((w) => w.status === 200 && w.type === "application/wasm") && d.errors.length === 0,
      JSON.stringify({ devMounted, devDone, wasm: d.wasm, errors: d.errors }),
    );
    await d.page.close();
  } finally {
    await dev.close();
  }
} catch (e) {
  check("the browser run", false, e?.stack ?? String(e));
} finally {
  for (const g of gates.values()) g.released.resolve();
  await browser.close();
  await new Promise((r) => preview.httpServer.close(r));
  agent.closeAllConnections?.();
  await new Promise((r) => agent.close(r));
}
finish();

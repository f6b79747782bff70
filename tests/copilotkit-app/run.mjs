// CopilotKit on our HttpAgent, checked the way a user would see it: a fresh
// Vite + React app on @copilotkit/react-core's v2 API (CopilotKitProvider
// with selfManagedAgents, CopilotChat, useFrontendTool) talks to the
// project's demo agent in headless Chromium. The app is built twice, once
// with @ag-ui/client's HttpAgent ("stock") and once with agui-wasm's
// ("wasm", from agui-wasm/http-agent), and both builds must pass the same
// checks: the stock run proves the checks test CopilotKit, the wasm run that
// our agent behaves the same under it.
//
//   node tests/copilotkit-app/run.mjs [--agent stock|wasm|both]   (default both)
//
// It does everything it needs itself: `npm ci` when node_modules/ is
// missing; `cargo build --features demo --bin demo-agent` and starts it on
// a free port (the real AG-UI server, with no CORS, so the page reaches it
// through a server of ours on the same origin); for wasm, `npm pack` of
// pkg/ into a temporary directory and `npm install --no-save <tarball>` here
// (skipped when the same tarball is installed; pkg/ is built with
// scripts/build-pkg.sh only when it is missing altogether); `tsc` (strict)
// and `vite build` per agent; then drives the system Chromium
// (/usr/bin/chromium, or $CHROMIUM, waited for if it is still being
// installed) with playwright-core.
//
// Our server in front of the demo agent serves the built app and forwards
// POST /agent (and /agent/connect) unbuffered, event by event, recording each
// request's headers and body and each response's events; it can hold a
// response after a number of text deltas, so the test looks at the page
// while a run is provably still streaming.
//
// One line per check, each prefixed with the agent: the app type-checks and
// builds (and, for wasm, emits the .wasm, which the page loads); the agent
// is @ag-ui/client's HttpAgent, or for wasm a subclass of it; CopilotKit
// connects the agent when the chat mounts; text shows while it streams, and
// the final answer shows; the weather frontend tool runs with the streamed
// arguments and its result goes back in the next request, in order; the
// provider's headers reach the server; stop ends a run without an error and
// the chat goes on; a new thread sends its own threadId and none of the
// first thread's messages; no console, page or CopilotKit errors (nor
// agui-wasm warnings). After a mode with a failure it prints every call
// CopilotKit made on the agent (src/spy.ts records them). It ends with
// `copilotkit-app: N passed, N failed` and exits non-zero on any failure.
//
// node_modules/, dist/ and tarballs stay out of git (.gitignore here).
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import { readRequest } from "../shared/request-body.mjs";
import { serveFile } from "../shared/static-files.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const pkgDir = path.join(root, "pkg");
const chromiumPath = process.env.CHROMIUM ?? "/usr/bin/chromium";

const modeArg = (() => {
  const i = process.argv.indexOf("--agent");
  const v = i === -1 ? "both" : process.argv[i + 1];
  if (!["stock", "wasm", "both"].includes(v)) {
    console.log("usage: node tests/copilotkit-app/run.mjs [--agent stock|wasm|both]");
    process.exit(2);
  }
  return v;
})();
const kinds = modeArg === "both" ? ["stock", "wasm"] : [modeArg];

// Everything started here is stopped on the way out, however the run ends.
const cleanups = [];
async function cleanUp() {
  while (cleanups.length) await cleanups.pop()().catch(() => {});
}

// Nothing here may hang: the whole run is bounded. The bound leaves room for
// the two waits outside our control, Chromium being installed (up to 20
// minutes) and a cargo build lock held by another build.
const RUN_MS = 35 * 60_000;
setTimeout(async () => {
  console.log(`FAILED - the run took longer than ${RUN_MS / 60_000} minutes`);
  await Promise.race([cleanUp(), delay(5_000)]);
  process.exit(1);
}, RUN_MS).unref();
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => cleanUp().then(() => process.exit(130)));
process.on("uncaughtException", async (e) => {
  console.log(`FAILED - ${prefix}the run crashed (${e?.stack ?? e})`);
  await Promise.race([cleanUp(), delay(5_000)]);
  process.exit(1);
});

const results = [];
let prefix = "";
function check(name, pass, detail) {
  results.push(Boolean(pass));
  console.log(`${pass ? "ok" : "FAILED"} - ${prefix}${name}${!pass && detail ? ` (${detail})` : ""}`);
  return Boolean(pass);
}
async function finish() {
  await cleanUp();
  const passed = results.filter(Boolean).length;
  const failed = results.length - passed;
  console.log(`copilotkit-app: ${passed} passed, ${failed} failed`);
  process.exit(failed === 0 && passed > 0 ? 0 : 1);
}
function sh(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: here, encoding: "utf8", maxBuffer: 64 << 20, ...opts });
  return { ok: r.status === 0, stdout: r.stdout ?? "", out: `${r.stdout ?? ""}${r.stderr ?? ""}`.trim() };
}
const delay = (ms) => new Promise((r) => setTimeout(r, ms));
const deferred = () => {
  let resolve;
  const promise = new Promise((r) => (resolve = r));
  return { promise, resolve };
};
const sha256 = (file) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");
const squash = (s) => (s ?? "").replace(/\s+/g, " ").trim();
const short = (v, n = 600) => {
  const s = (typeof v === "string" ? v : JSON.stringify(v)) ?? String(v);
  return s.length > n ? `${s.slice(0, n)}…` : s;
};

// ---- the demo agent ------------------------------------------------------

async function startDemoAgent() {
  console.log("# cargo build --features demo --bin demo-agent");
  const built = sh("cargo", ["build", "--features", "demo", "--bin", "demo-agent"], { cwd: root });
  const binary = path.join(root, "target/debug/demo-agent");
  if (!built.ok) {
    // The work tree is shared with work in progress: a crate that does not
    // compile this minute says nothing about CopilotKit, so an agent built
    // earlier serves, said so in the output.
    if (!fs.existsSync(binary)) {
      console.log(built.out);
      return null;
    }
    const first = built.out.split("\n").find((l) => l.startsWith("error")) ?? "";
    console.log(`# cargo build failed (${first}); using the demo agent built earlier`);
  }
  // Port 0: the agent picks a free port and prints its URL first.
  const child = spawn(binary, ["--port", "0", "--tick-ms", "5"], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stop = () => child.exitCode === null && child.kill("SIGTERM");
  cleanups.push(async () => stop());
  // Even a crash of this script must not leave the agent running.
  process.on("exit", stop);
  const log = [];
  readline.createInterface({ input: child.stderr }).on("line", (l) => log.push(l));
  const url = await Promise.race([
    new Promise((resolve) =>
      readline.createInterface({ input: child.stdout }).on("line", (l) => {
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(l);
        if (m) resolve(m[1]);
      }),
    ),
    new Promise((resolve) => child.on("exit", () => resolve(null))),
    delay(20_000).then(() => null),
  ]);
  return url && { url, log };
}

// ---- our server: the built app, and /agent forwarded ---------------------

// A held response never waits longer than this, so a failed check cannot
// hang a stream.
const HOLD_MS = 30_000;

/**
 * Serves dist/<kind> and forwards POST /agent* to the demo agent, one SSE
 * event at a time. `requests` records every forwarded request: its path,
 * headers, JSON body, the events sent back, and whether the client went away
 * before the end.
 */
async function startServer(distDir, upstream) {
  const requests = [];
  let nextHold = null;


  async function forward(req, res) {
    const { raw, json: body = null } = await readRequest(req);
    const record = { path: req.url, headers: req.headers, body, status: 0, events: [], closedEarly: false, ended: false };
    requests.push(record);
    // A hold applies to the next run, not to a connect.
    const hold = req.url === "/agent" && nextHold ? nextHold : null;
    if (hold) nextHold = null;

    const up = http.request(
      `${upstream}${req.url}`,
      { method: "POST", headers: { "content-type": req.headers["content-type"] ?? "application/json", accept: req.headers.accept ?? "*/*" } },
      async (upRes) => {
        record.status = upRes.statusCode;
        res.writeHead(upRes.statusCode, { "content-type": upRes.headers["content-type"] ?? "text/plain", "cache-control": "no-cache" });
        res.flushHeaders();
        let buffer = "";
        let deltas = 0;
        let text = "";
        upRes.setEncoding("utf8");
        // Ends early, by design, when the page goes away mid-stream.
        const pieces = (async function* () {
          try {
            for await (const piece of upRes) yield piece;
          } catch {}
        })();
        for await (const piece of pieces) {
          buffer += piece;
          const blocks = buffer.split("\n\n");
          buffer = blocks.pop();
          for (const block of blocks) {
            if (res.destroyed) break;
            res.write(`${block}\n\n`);
            const data = block
              .split("\n")
              .filter((l) => l.startsWith("data:"))
              .map((l) => l.slice(5).trimStart())
              .join("\n");
            let event = null;
            try {
              event = JSON.parse(data);
            } catch {}
            if (!event) continue;
            record.events.push(event);
            if (event.type === "TEXT_MESSAGE_CONTENT") {
              deltas++;
              text += event.delta;
              if (hold && deltas === hold.afterDeltas) {
                hold.text = text;
                hold.reached.resolve(true);
                await Promise.race([hold.released.promise, delay(HOLD_MS)]);
              }
            }
          }
        }
        if (buffer && !res.destroyed) res.write(buffer);
        record.ended = upRes.complete && !record.closedEarly;
        res.end();
      },
    );
    up.on("error", (e) => {
      record.error = String(e);
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    res.on("close", () => {
      if (!res.writableFinished) {
        record.closedEarly = true;
        up.destroy();
        hold?.released.resolve();
      }
    });
    up.end(raw);
  }

  const server = http.createServer((req, res) => {
    if (req.method === "POST" && (req.url === "/agent" || req.url.startsWith("/agent/"))) return forward(req, res);
    if (req.method === "GET" || req.method === "HEAD") return serveFile(distDir, req, res);
    res.writeHead(405);
    res.end();
  });
  server.on("connection", (s) => s.setNoDelay(true));
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    requests,
    /** Holds the next run's response once it has sent `afterDeltas` text deltas. */
    holdNext(afterDeltas) {
      nextHold = { afterDeltas, text: "", reached: deferred(), released: deferred() };
      const h = nextHold;
      return {
        reached: (ms = 20_000) => Promise.race([h.reached.promise, delay(ms).then(() => false)]),
        text: () => h.text,
        release: () => h.released.resolve(),
      };
    },
    close: () => {
      server.closeAllConnections?.();
      return new Promise((r) => server.close(r));
    },
  };
}

// ---- the wasm package, packed and installed --------------------------------

/** Installs agui-wasm from a tarball of pkg/; false (with a FAILED line) if it cannot. */
function installWasmPackage() {
  if (!fs.existsSync(pkgDir)) {
    console.log("# pkg/ is missing: scripts/build-pkg.sh");
    const r = sh(path.join(root, "scripts/build-pkg.sh"), [], { cwd: root, stdio: "inherit" });
    if (!r.ok) return check("scripts/build-pkg.sh builds pkg/", false);
  }
  if (!fs.existsSync(path.join(pkgDir, "http-agent.js"))) {
    return check("pkg/ has the agui-wasm/http-agent entry", false, `${path.join(pkgDir, "http-agent.js")} does not exist yet`);
  }
  const packDir = fs.mkdtempSync(path.join(os.tmpdir(), "agui-wasm-pack-"));
  try {
    const packed = sh("npm", ["pack", "--json", "--pack-destination", packDir], { cwd: pkgDir });
    if (!packed.ok) return check("npm pack of pkg/", false, packed.out);
    const tarball = path.join(packDir, JSON.parse(packed.stdout)[0].filename);
    const stamp = path.join(here, "node_modules", ".agui-wasm-tarball.sha256");
    const installed = path.join(here, "node_modules", "agui-wasm");
    if (!fs.existsSync(installed) || !fs.existsSync(stamp) || fs.readFileSync(stamp, "utf8") !== sha256(tarball)) {
      console.log(`# npm install --no-save ${path.basename(tarball)}`);
      const r = sh("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--loglevel=error", tarball]);
      if (!r.ok) return check("npm install of the packed agui-wasm", false, r.out);
      fs.writeFileSync(stamp, sha256(tarball));
    }
  } finally {
    fs.rmSync(packDir, { recursive: true, force: true });
  }
  // CopilotKit tells an HttpAgent by `instanceof` against its own
  // @ag-ui/client: the package must use the app's copy, not bring one.
  const copies = sh("find", ["node_modules", "-path", "*/@ag-ui/client/package.json"]).stdout.trim().split("\n").filter(Boolean);
  const lock = JSON.parse(fs.readFileSync(path.join(here, "node_modules", ".package-lock.json"), "utf8"));
  const entry = lock.packages?.["node_modules/agui-wasm"] ?? {};
  const installed = path.join(here, "node_modules", "agui-wasm");
  const realDir = !fs.lstatSync(installed).isSymbolicLink();
  return check(
    "agui-wasm is installed from the packed tarball, with its http-agent entry, and there is one @ag-ui/client",
    realDir && /\.tgz$/.test(entry.resolved ?? "") && fs.existsSync(path.join(installed, "http-agent.js")) && copies.length === 1,
    JSON.stringify({ realDir, resolved: entry.resolved, copies }),
  );
}

// ---- the browser ------------------------------------------------------------

async function launchBrowser() {
  if (!fs.existsSync(chromiumPath)) {
    console.log(`# waiting for ${chromiumPath} to be installed (up to 20 minutes)`);
    const until = Date.now() + 20 * 60_000;
    while (!fs.existsSync(chromiumPath) && Date.now() < until) await delay(10_000);
    // The binary may appear before its package has finished unpacking.
    if (fs.existsSync(chromiumPath)) await delay(10_000);
  }
  if (!fs.existsSync(chromiumPath)) return null;
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  cleanups.push(() => browser.close());
  return browser;
}

const SEL = {
  textarea: '[data-testid="copilot-chat-textarea"]',
  send: '[data-testid="copilot-send-button"]',
  assistant: '[data-testid="copilot-assistant-message"]',
  user: '[data-testid="copilot-user-message"]',
  banner: '[data-testid="copilot-error-banner"]',
};
const THREAD_1 = "copilotkit-thread-1";
const THREAD_2 = "copilotkit-thread-2";
const HEADER_VALUE = "copilotkit-app";

/** The text an agent response streamed, per message id, in order. */
function streamedText(record) {
  const out = new Map();
  for (const e of record?.events ?? []) {
    if (e.type === "TEXT_MESSAGE_START") out.set(e.messageId, "");
    if (e.type === "TEXT_MESSAGE_CONTENT") out.set(e.messageId, (out.get(e.messageId) ?? "") + e.delta);
  }
  return [...out.values()];
}
const lastText = (record) => streamedText(record).at(-1) ?? "";

/** The browser half of one mode: every check that needs the page. */
async function browserChecks(browser, kind, server) {
  const failedBefore = results.filter((r) => !r).length;
  const page = await browser.newPage();
  const errors = [];
  const wasm = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e}`));
  page.on("console", (m) => m.type() === "error" && errors.push(`console: ${m.text()}`));
  // agui-wasm warns when a run leaves the WebAssembly client for
  // @ag-ui/client's own path: the wasm build must never do that here.
  const wasmWarnings = [];
  page.on("console", (m) => m.type() === "warning" && m.text().startsWith("[agui-wasm]") && wasmWarnings.push(m.text()));
  page.on("response", (r) => r.url().endsWith(".wasm") && wasm.push({ status: r.status(), type: r.headers()["content-type"] }));

  const until = (fn, arg, ms = 10_000) =>
    page.waitForFunction(fn, arg, { timeout: ms, polling: 25 }).then(
      () => true,
      () => false,
    );
  const running = () => page.$eval("#status", (el) => el.getAttribute("data-running")).catch(() => null);
  const texts = (sel) => page.$$eval(sel, (els) => els.map((el) => el.textContent ?? "")).catch(() => []);
  const calls = () => page.evaluate(() => window.__agentCalls.map((c) => ({ ...c }))).catch(() => []);
  const copilotErrors = () => page.evaluate(() => window.__copilotErrors.map((e) => ({ ...e }))).catch(() => []);
  /** The calls CopilotKit made on the agent (the last `tail` of them), with repeats folded. */
  const callSummary = async (tail = 12) => {
    const out = [];
    for (const c of await calls()) {
      const s = `${c.method}@${c.threadId ?? "?"}:${c.outcome}${c.error ? `(${c.error})` : ""}`;
      if (out.at(-1)?.s === s) out.at(-1).n++;
      else out.push({ s, n: 1 });
    }
    const shown = out.map(({ s, n }) => (n > 1 ? `${s}×${n}` : s));
    return (shown.length > tail ? ["…", ...shown.slice(-tail)] : shown).join(", ");
  };
  const runs = () => server.requests.filter((r) => r.path === "/agent");
  /** Types into CopilotKit's input and presses its send button. */
  async function send(text) {
    await page.fill(SEL.textarea, text);
    await page.click(SEL.send);
  }
  /** Waits for the n-th run request (1-based) to reach the server and end. */
  const runEnded = async (n, ms = 10_000) => {
    const stop = Date.now() + ms;
    while (Date.now() < stop) {
      if (runs()[n - 1]?.ended || runs()[n - 1]?.closedEarly) return runs()[n - 1];
      await delay(25);
    }
    return runs()[n - 1] ?? null;
  };
  const idle = (ms) => until(() => document.querySelector("#status")?.getAttribute("data-running") === "false", null, ms);
  const showsText = (want, ms) =>
    until((w) => [...document.querySelectorAll('[data-testid="copilot-assistant-message"]')].some((el) => (el.textContent ?? "").replace(/\s+/g, " ").includes(w)), want, ms);

  try {
    await page.goto(server.url);

    // -- 7. mounting: CopilotKit connects the agent to the chat's thread.
    const mounted = await until((sel) => document.querySelector(sel) && document.querySelector("#status"), SEL.textarea, 20_000);
    const connected = await until(
      (t) => window.__agentCalls.some((c) => c.method === "connectAgent" && c.threadId === t && c.outcome !== "pending"),
      THREAD_1,
    );
    {
      const cls = await page.evaluate(() => window.__agentClass).catch(() => null);
      // CopilotKit applies headers only to an `instanceof HttpAgent`; the
      // wasm build must be a subclass, not @ag-ui/client's class itself.
      check(
        kind === "wasm"
          ? "the agent is agui-wasm's HttpAgent: a subclass of @ag-ui/client's HttpAgent, not that class itself"
          : "the agent is @ag-ui/client's HttpAgent itself",
        cls?.instanceOfHttpAgent && cls.isHttpAgentItself === (kind === "stock"),
        JSON.stringify(cls),
      );
      const c = (await calls()).filter((x) => x.method === "connectAgent");
      check(
        `the chat mounts and CopilotKit connects the agent to its thread (connectAgent on ${THREAD_1} settles without error)`,
        mounted && connected && c.length > 0 && c.every((x) => x.outcome === "resolved") && (await page.evaluate(() => window.__agentKind)) === kind,
        JSON.stringify({ mounted, connectAgent: c, kind: await page.evaluate(() => window.__agentKind).catch(() => null), errors, calls: await callSummary() }),
      );
    }
    if (kind === "wasm") {
      check("the .wasm loads in the page, as application/wasm", wasm.some((w) => w.status === 200 && w.type === "application/wasm"), JSON.stringify(wasm));
    }
    if (!mounted) return;

    // -- 2. streaming: the page shows part of the answer while the server
    // provably holds the rest back.
    const hold = server.holdNext(8);
    const said = "Hello there, tell me about yourself";
    await send(said);
    const held = await hold.reached();
    const partial = squash(hold.text());
    const partialShown = held && (await showsText(partial));
    const whileHeld = { running: await running(), shown: (await texts(SEL.assistant)).map(squash) };
    hold.release();
    const first = await runEnded(1);
    const full = squash(lastText(first));
    check(
      "text shows while it streams (the first 8 deltas on the page while the server holds the rest, the run still going)",
      partialShown && whileHeld.running === "true" && full.length > partial.length && !whileHeld.shown.some((t) => t.includes(full)),
      JSON.stringify({ held, partial, whileHeld, calls: await callSummary(), errors }),
    );
    const finalShown = first?.ended && (await showsText(full)) && (await idle(5_000));
    check(
      "the final answer shows, with what the user said, and the run ends",
      finalShown && full.includes(`You said: “${said}”`),
      JSON.stringify({ full, shown: (await texts(SEL.assistant)).map(squash), running: await running(), request: short(first?.body), errors }),
    );

    // -- 3. the weather frontend tool, and its result in the next request.
    const before = runs().length;
    await send("What's the weather in Seoul?");
    const toolRun = await runEnded(before + 1);
    const followUp = await runEnded(before + 2);
    const argsStreamed = (toolRun?.events ?? []).filter((e) => e.type === "TOOL_CALL_ARGS").map((e) => e.delta).join("");
    const callId = (toolRun?.events ?? []).find((e) => e.type === "TOOL_CALL_START")?.toolCallId;
    let parsedArgs = null;
    try {
      parsedArgs = JSON.parse(argsStreamed);
    } catch {}
    const handled = await page.evaluate(() => window.__toolCalls.map((c) => c.args)).catch(() => []);
    check(
      "CopilotKit runs the weather tool once, with the arguments the agent streamed",
      callId && parsedArgs?.city === "Seoul" && handled.length === 1 && JSON.stringify(handled[0]) === JSON.stringify(parsedArgs),
      JSON.stringify({ callId, argsStreamed, handled, events: toolRun?.events?.length, calls: await callSummary(), errors }),
    );
    {
      const sent = toolRun?.body?.messages ?? [];
      const next = followUp?.body?.messages ?? [];
      const [assistant, tool] = next.slice(sent.length);
      const call = assistant?.toolCalls?.[0];
      let result = null;
      try {
        result = JSON.parse(tool?.content);
      } catch {}
      const samePrefix = sent.every((m, i) => next[i]?.id === m.id && next[i]?.role === m.role);
      check(
        "the next request carries the history in order: ..., user, assistant with the tool call, tool with its result",
        followUp &&
          next.length === sent.length + 2 &&
          samePrefix &&
          sent.at(-1)?.role === "user" &&
          assistant?.role === "assistant" &&
          assistant.toolCalls?.length === 1 &&
          call?.id === callId &&
          call?.function?.name === "weather" &&
          JSON.stringify(JSON.parse(call?.function?.arguments ?? "null")) === JSON.stringify(parsedArgs) &&
          tool?.role === "tool" &&
          tool.toolCallId === callId &&
          result?.temperatureC === 18 &&
          followUp.body.threadId === toolRun.body.threadId,
        JSON.stringify({ toolRunMessages: sent.map((m) => m.role), followUp: short(followUp?.body?.messages?.slice(sent.length), 1200), calls: await callSummary(), errors }),
      );
      const reply = squash(lastText(followUp));
      check(
        "the agent's answer from the tool result shows",
        reply.startsWith("It's 18°C and sunny in Seoul") && (await showsText(reply)) && (await idle(5_000)),
        JSON.stringify({ reply, shown: (await texts(SEL.assistant)).map(squash).slice(-2) }),
      );
    }

    // -- 5. stop: a run the server holds open is stopped from CopilotKit's
    // own stop button.
    {
      const n = runs().length;
      const longHold = server.holdNext(3);
      await send("Tell me a long story, slowly");
      const heldLong = await longHold.reached();
      const partialLong = squash(longHold.text());
      const streaming = heldLong && (await showsText(partialLong)) && (await running()) === "true";
      await page.click(SEL.send);
      const stopped = await idle(5_000);
      const stoppedRun = await runEnded(n + 1, 3_000);
      const errorsShown = (await texts("#errors li")).concat(await texts(SEL.banner));
      check(
        "stop (CopilotKit's stop button) ends a streaming run: not running, the request closed, no error shown",
        streaming && stopped && stoppedRun?.closedEarly === true && errorsShown.length === 0,
        JSON.stringify({ heldLong, streaming, stopped, closedEarly: stoppedRun?.closedEarly, ended: stoppedRun?.ended, errorsShown, calls: await callSummary(), errors }),
      );
      longHold.release();
      const again = "Are you still there?";
      await send(again);
      const after = await runEnded(n + 2);
      const answer = squash(lastText(after));
      check(
        "after a stop the chat sends another message and shows its answer",
        after?.ended && after.body?.messages?.at(-1)?.content === again && answer.includes(again) && (await showsText(answer)) && (await idle(5_000)),
        JSON.stringify({ request: short(after?.body?.messages?.slice(-2)), answer, shown: (await texts(SEL.assistant)).map(squash).slice(-2), calls: await callSummary(), errors }),
      );
    }

    // -- 6. a second thread.
    {
      const firstThread = runs().slice();
      const firstIds = new Set(firstThread.flatMap((r) => (r.body?.messages ?? []).map((m) => m.id)));
      await page.click("#new-thread");
      const switched = await until(
        (t) => document.querySelector("#status")?.getAttribute("data-thread") === t && window.__agentCalls.some((c) => c.method === "connectAgent" && c.threadId === t && c.outcome !== "pending"),
        THREAD_2,
      );
      const cleared = await until((sels) => sels.every((s) => document.querySelectorAll(s).length === 0), [SEL.user, SEL.assistant]);
      const said2 = "Hello from the second thread";
      await send(said2);
      const second = await runEnded(firstThread.length + 1);
      const msgs = second?.body?.messages ?? [];
      const answer2 = squash(lastText(second));
      check(
        "a new thread: the chat clears, and its request has the new threadId and none of the first thread's messages",
        switched &&
          cleared &&
          firstThread.every((r) => r.body?.threadId === THREAD_1) &&
          second?.body?.threadId === THREAD_2 &&
          msgs.length === 1 &&
          msgs[0].role === "user" &&
          msgs[0].content === said2 &&
          !msgs.some((m) => firstIds.has(m.id)) &&
          (await showsText(answer2)),
        JSON.stringify({
          switched,
          cleared,
          firstThreadIds: [...new Set(firstThread.map((r) => r.body?.threadId))],
          threadId: second?.body?.threadId,
          messages: short(msgs),
          calls: await callSummary(),
          errors,
        }),
      );
    }

    // -- 4. the provider's headers, on every request CopilotKit made.
    {
      const all = server.requests;
      const seen = all.map((r) => `${r.path}:${r.headers["x-test-header"] ?? "-"}`);
      check(
        "the headers given to CopilotKitProvider reach the server on every agent request",
        runs().length >= 6 && all.every((r) => r.headers["x-test-header"] === HEADER_VALUE),
        seen.join(", "),
      );
    }

    // -- 7. no errors anywhere.
    {
      const reported = await copilotErrors();
      const banners = await texts(SEL.banner);
      const failedRequests = server.requests.filter((r) => r.status !== 200 || r.error).map((r) => ({ path: r.path, status: r.status, error: r.error }));
      check(
        "no page errors, console errors, CopilotKit onError reports, error banners, failed agent requests or agui-wasm warnings",
        errors.length === 0 && reported.length === 0 && banners.length === 0 && failedRequests.length === 0 && wasmWarnings.length === 0,
        JSON.stringify({ errors, reported, banners, failedRequests, wasmWarnings }),
      );
    }
  } catch (e) {
    check("the browser run", false, e?.stack ?? String(e));
  } finally {
    if (results.filter((r) => !r).length > failedBefore) console.log(`# ${prefix}CopilotKit's calls on the agent: ${await callSummary(Infinity)}`);
    await page.screenshot({ path: path.join(here, "dist", `${kind}.png`), fullPage: true }).catch(() => {});
    await page.close().catch(() => {});
  }
}

// ---- the run ----------------------------------------------------------------

// A fresh clone has no node_modules: the lockfile says what to install.
if (!fs.existsSync(path.join(here, "node_modules/.bin/vite"))) {
  console.log("# npm ci");
  const r = sh("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"]);
  if (!r.ok) {
    console.log(r.out);
    check("npm ci installs the app's dependencies", false);
    await finish();
  }
}

const demo = await startDemoAgent();
if (!demo) {
  check("the demo agent builds and starts", false, "see the output above");
  await finish();
}
let browser;

for (const kind of kinds) {
  prefix = `[${kind}] `;
  if (kind === "wasm" && !installWasmPackage()) continue;

  {
    const tsconfig = kind === "wasm" ? "tsconfig.wasm.json" : "tsconfig.json";
    const r = sh(path.join(here, "node_modules/.bin/tsc"), ["--noEmit", "-p", path.join(here, tsconfig)]);
    check(`the app type-checks with the ${kind} HttpAgent (tsc --noEmit, strict)`, r.ok, r.out);
  }
  const built = sh(path.join(here, "node_modules/.bin/vite"), ["build", "--logLevel", "error"], { env: { ...process.env, AGUI_AGENT: kind } });
  const distDir = path.join(here, "dist", kind);
  const assets = built.ok ? fs.readdirSync(path.join(distDir, "assets")) : [];
  if (!check("vite build succeeds (a plain config, no plugins)", built.ok, built.out)) continue;
  if (kind === "wasm") check("vite build emits agui-wasm's .wasm as an asset", assets.some((f) => f.endsWith(".wasm")), assets.join(" "));

  browser ??= await launchBrowser();
  if (!browser) {
    check("headless Chromium is available", false, `${chromiumPath} did not appear within 20 minutes`);
    continue;
  }
  const server = await startServer(distDir, demo.url);
  try {
    await browserChecks(browser, kind, server);
  } finally {
    await server.close();
  }
}
await finish();

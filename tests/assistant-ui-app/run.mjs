// assistant-ui on agui-wasm's HttpAgent, and on the stock one, in a real
// browser: a fresh Vite + React app built from assistant-ui's primitives and
// its AG-UI runtime (`useAgUiRuntime({ agent })`), talking to the project's
// demo agent, with the same checks for either agent class.
//
//   node tests/assistant-ui-app/run.mjs [--agent stock|wasm]
//
// Without --agent it runs both, stock first: the stock run is what shows the
// checks test assistant-ui's behaviour and not ours; with both, the wasm run
// must also send assistant-ui's requests exactly as the stock run did. Each
// line is prefixed [stock] or [wasm]; the run ends with
// `assistant-ui-app: N passed, N failed` and exits non-zero on any failure.
//
// It does everything itself: `npm ci` when package-lock.json changed; builds
// and starts the demo agent (`cargo build --features demo --bin demo-agent`,
// `demo-agent --port 0 --tick-ms 5`); for wasm, packs pkg/ with `npm pack`
// and installs the tarball here with `npm install --no-save` (skipped when
// the same tarball is installed; pkg/ is built only if it is missing
// altogether); type-checks the app with `tsc` against the selected agent's
// types; runs `vite build` with AGUI_AGENT=stock|wasm (vite.config.js turns
// that into an alias); serves the build from a small server on 127.0.0.1
// that also forwards POST /agent to the demo agent (same origin: the demo
// agent sends no CORS headers), recording each request and able to hold a
// response open mid-stream; and drives the system Chromium (/usr/bin/chromium,
// or $CHROMIUM) with playwright-core.
//
// node_modules/, dist/ and tarballs stay out of git (.gitignore here).
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readRequest } from "../shared/request-body.mjs";
import { serveFile } from "../shared/static-files.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const pkgDir = path.join(root, "pkg");

const argv = process.argv.slice(2);
const agentArg = argv.includes("--agent") ? argv[argv.indexOf("--agent") + 1] : null;
if (argv.includes("--agent") && !["stock", "wasm"].includes(agentArg)) {
  console.log(`usage: node run.mjs [--agent stock|wasm] (got --agent ${agentArg})`);
  process.exit(2);
}
const modes = agentArg ? [agentArg] : ["stock", "wasm"];

// Everything this script starts, so that no exit leaves one running.
const children = new Set();
process.on("exit", () => {
  for (const c of children) c.kill("SIGKILL");
});

// Nothing here may hang: the whole run is bounded (a cold cargo build of the
// demo agent is most of it).
setTimeout(() => {
  console.log("FAILED - the run took longer than 15 minutes");
  finish();
}, 15 * 60_000).unref();

let prefix = "";
const results = [];
function check(name, pass, detail) {
  results.push(Boolean(pass));
  const why = !pass && detail ? ` (${typeof detail === "string" ? detail : JSON.stringify(detail)})` : "";
  console.log(`${prefix}${pass ? "ok" : "FAILED"} - ${name}${why}`);
  return Boolean(pass);
}
function finish() {
  const passed = results.filter(Boolean).length;
  const failed = results.length - passed;
  console.log(`assistant-ui-app: ${passed} passed, ${failed} failed`);
  process.exit(failed === 0 && passed > 0 ? 0 : 1);
}

/** Runs a command to its end (at most `timeoutMs`); never throws. */
function sh(cmd, args, { timeoutMs = 5 * 60_000, ...opts } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: here, ...opts, stdio: ["ignore", "pipe", "pipe"] });
    children.add(child);
    let stdout = "";
    let out = "";
    child.stdout.on("data", (d) => ((stdout += d), (out += d)));
    child.stderr.on("data", (d) => (out += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    const done = (status) => {
      clearTimeout(timer);
      children.delete(child);
      resolve({ ok: status === 0, stdout, out: out.trim() });
    };
    child.on("error", (e) => ((out += String(e)), done(-1)));
    child.on("close", done);
  });
}
const tail = (s, n = 1500) => (s.length > n ? `…${s.slice(-n)}` : s);
const sha256 = (file) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");
/** JSON.parse, or null for anything that is not JSON. */
const parsed = (s) => {
  try {
    return JSON.parse(s);
  } catch {
    return null;
  }
};
const delay = (ms) => new Promise((r) => setTimeout(r, ms));
const deferred = () => {
  let resolve;
  const promise = new Promise((r) => (resolve = r));
  return { promise, resolve };
};
/** `p`'s value, or `fallback` after `ms`. */
const within = (p, ms, fallback) => Promise.race([p, delay(ms).then(() => fallback)]);

// ---- the demo agent ---------------------------------------------------------

async function startDemoAgent() {
  // It may wait on cargo's lock while another build runs; that is fine.
  const built = await sh("cargo", ["build", "--features", "demo", "--bin", "demo-agent"], { cwd: root, timeoutMs: 12 * 60_000 });
  if (!built.ok) {
    check("cargo build --features demo --bin demo-agent", false, tail(built.out));
    finish();
  }
  const child = spawn(path.join(root, "target/debug/demo-agent"), ["--port", "0", "--tick-ms", "5"], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  let log = "";
  child.stderr.on("data", (d) => (log = tail(log + d, 4000)));
  // Its first line on stdout is its URL; --port 0 picked a free port.
  const port = await within(
    new Promise((resolve) => {
      let out = "";
      child.stdout.on("data", (d) => {
        out += d;
        const m = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
        if (m) resolve(Number(m[1]));
      });
      child.on("close", () => resolve(null));
    }),
    30_000,
    null,
  );
  if (!port) {
    check("the demo agent starts", false, log);
    finish();
  }
  return {
    port,
    /** Ends it and waits for it, so it is gone (and reaped) before we exit. */
    stop: () => new Promise((r) => (child.exitCode !== null ? r() : (child.once("close", r), child.kill()))),
  };
}

// ---- the app's server: the build, and /agent forwarded -------------------


// A hold stops forwarding a response after its n-th text delta, so the test
// can look at the page while the run is provably still going. It lasts until
// released, until the browser goes away, or HOLD_MS, so a failed check
// cannot hang the server.
const HOLD_MS = 20_000;

/**
 * Serves dist/<mode>/ and forwards POST /agent to the demo agent, one SSE
 * event per write, as the demo agent sends them. Every request is recorded:
 * its headers, its JSON body, the events sent back, and whether the browser
 * closed it before the end.
 */
async function startAppServer(distDir, agentPort) {
  const requests = [];
  const holds = [];

  async function forward(req, res) {
    const { raw, json: body = null } = await readRequest(req);
    const record = { headers: req.headers, body, events: [], status: 0, closedEarly: false, done: deferred() };
    requests.push(record);
    const hold = holds.shift();

    const up = http.request({
      host: "127.0.0.1",
      port: agentPort,
      path: "/agent",
      method: "POST",
      headers: { "content-type": req.headers["content-type"] ?? "application/json", accept: req.headers.accept ?? "*/*", "content-length": raw.length },
    });
    let gone = false;
    res.on("close", () => {
      if (res.writableFinished) return;
      gone = record.closedEarly = true;
      up.destroy();
      hold?.released.resolve();
    });
    const upRes = await new Promise((resolve) => {
      up.on("response", resolve);
      up.on("error", () => resolve(null));
      up.end(raw);
    });
    if (!upRes) {
      if (!gone) res.writeHead(502).end();
      return record.done.resolve();
    }
    record.status = upRes.statusCode;
    res.writeHead(upRes.statusCode, { "content-type": upRes.headers["content-type"] ?? "application/octet-stream", "cache-control": "no-cache" });
    res.flushHeaders();
    upRes.setEncoding("utf8");
    let buf = "";
    let deltas = 0;
    try {
      for await (const chunk of upRes) {
        buf += chunk;
        for (let end; (end = buf.indexOf("\n\n")) >= 0 && !gone; ) {
          const frame = buf.slice(0, end + 2);
          buf = buf.slice(end + 2);
          let event = null;
          try {
            event = JSON.parse(frame.replace(/^data: /, ""));
            record.events.push(event);
          } catch {}
          res.write(frame);
          if (hold && event?.type === "TEXT_MESSAGE_CONTENT" && ++deltas === hold.afterDeltas) {
            hold.reached.resolve(record);
            await within(hold.released.promise, HOLD_MS);
          }
        }
        if (gone) break;
      }
    } catch {
      // The upstream was destroyed because the browser left.
    }
    if (!gone) res.end(buf);
    record.done.resolve();
  }


  const server = http.createServer((req, res) => {
    if (req.method === "POST" && req.url.split("?")[0] === "/agent") {
      forward(req, res).catch((e) => {
        console.log(`# the forwarder failed: ${e?.stack ?? e}`);
        res.destroy();
      });
    } else if (req.method === "GET" || req.method === "HEAD") {
      serveFile(distDir, req, res);
    } else {
      res.writeHead(405).end();
    }
  });
  server.on("connection", (s) => s.setNoDelay(true));
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    requests,
    /** Holds the next /agent response after its n-th text delta. */
    holdNext(afterDeltas) {
      const h = { afterDeltas, reached: deferred(), released: deferred() };
      holds.push(h);
      return { reached: (ms = 20_000) => within(h.reached.promise, ms, null), release: () => h.released.resolve() };
    },
    close() {
      for (const h of holds) h.released.resolve();
      server.closeAllConnections();
      return new Promise((r) => server.close(r));
    },
  };
}

// ---- what the agent sent and what the page shows ------------------------------

/** The text of each assistant message in a response, by message id. */
function textsOf(record) {
  const texts = new Map();
  for (const e of record?.events ?? []) {
    if (e.type === "TEXT_MESSAGE_CONTENT") texts.set(e.messageId, (texts.get(e.messageId) ?? "") + e.delta);
  }
  return texts;
}
/** A run input's messages, as role, id and text (tool calls and results kept). */
function bodyMessages(record) {
  return (record?.body?.messages ?? []).map((m) => ({
    id: m.id,
    role: m.role,
    text: typeof m.content === "string" ? m.content : Array.isArray(m.content) ? m.content.map((p) => p.text ?? "").join("") : "",
  }));
}
/** What assistant-ui itself takes for an abort (react-ag-ui's isAbortError), @ag-ui/client's own word for one, and the
 * browser's AbortError for a body read cut short, which @ag-ui/client passes on (Chromium 148 words it so). */
const abortMessages = ["Fetch is aborted", "signal is aborted without reason", "component unmounted", "Request aborted", "BodyStreamBuffer was aborted"];
const sameTexts = (a, b) => a.length === b.length && a.every((m, i) => m.id === b[i].id && m.role === b[i].role && m.text === b[i].text);

/** Runs the conversation and its checks; returns what the other mode's run is compared with. */
async function browserChecks(browser, mode, server) {
  const outcome = { stopped: null, requests: [] };
  const page = await browser.newPage();
  const errors = [];
  const wasm = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e}`));
  page.on("console", (m) => m.type() === "error" && errors.push(`console: ${m.text()} ${m.location()?.url ?? ""}`.trim()));
  page.on("response", (r) => r.url().endsWith(".wasm") && wasm.push({ url: r.url(), status: r.status(), type: r.headers()["content-type"] }));

  // Ids the test makes up, so an agent's own defaults cannot pass for them.
  const threadId = `thread-${randomBytes(4).toString("hex")}`;
  const token = randomBytes(8).toString("hex");
  await page.goto(`${server.url}/?thread=${threadId}&header=${token}`);

  const until = (fn, arg, ms = 10_000) =>
    page.waitForFunction(fn, arg, { timeout: ms }).then(
      () => true,
      () => false,
    );
  const idle = (ms) => until(() => document.querySelector("#app")?.getAttribute("data-running") === "false", null, ms);
  const running = () => page.$eval("#app", (el) => el.getAttribute("data-running")).catch(() => null);
  const shownThread = () => page.$eval("#thread-id", (el) => el.textContent).catch(() => null);
  /** The thread as the page shows it. */
  const shown = () =>
    page.$$eval(".message", (els) =>
      els.map((el) => ({
        id: el.getAttribute("data-id"),
        role: el.getAttribute("data-role"),
        status: el.getAttribute("data-status"),
        text: [...el.querySelectorAll(".text")].map((t) => t.textContent).join(""),
        tools: [...el.querySelectorAll(".tool")].map((t) => ({
          id: t.getAttribute("data-tool-call-id"),
          name: t.getAttribute("data-tool-name"),
          status: t.getAttribute("data-status"),
          args: t.querySelector(".args")?.textContent ?? null,
          result: t.querySelector(".result")?.textContent ?? null,
        })),
        error: el.querySelector(".error")?.textContent ?? null,
      })),
    );
  const lastText = (id) => (id === undefined ? null : shown().then((ms) => ms.find((m) => m.id === id)?.text ?? null));
  /** Types into assistant-ui's composer and presses its send button. */
  async function send(text) {
    await page.fill("#input", text);
    await page.click("#send");
  }
  /** The /agent requests after the first `from`, once `n` of them are answered and the thread is idle (or `ms` passed). */
  async function settled(from, n = 1, ms = 15_000) {
    const t0 = Date.now();
    while (server.requests.length < from + n && Date.now() - t0 < ms) await delay(20);
    const fresh = server.requests.slice(from);
    await within(Promise.all(fresh.map((r) => r.done.promise)), Math.max(0, ms - (Date.now() - t0)));
    await idle(Math.max(1, ms - (Date.now() - t0)));
    return fresh;
  }
  /** A request for a failure's detail: what went out, and what came back, runs of one type counted. */
  const brief = (r) =>
    r && {
      threadId: r.body?.threadId,
      messages: bodyMessages(r),
      status: r.status,
      events: r.events
        .map((e) => e.type)
        .join(",")
        .replace(/\b(\w+)(,\1\b)+/g, (run, type) => `${type}×${run.split(",").length}`),
    };

  try {
    const mounted = await until(() => document.querySelector("#app #input"));
    const agentClass = await page.$eval("#app", (el) => [el.getAttribute("data-agent"), el.getAttribute("data-agent-class")]).catch(() => null);
    check(
      `the app mounts with the ${mode} HttpAgent` + (mode === "wasm" ? ", a subclass of the app's own @ag-ui/client HttpAgent" : ""),
      mounted && agentClass?.[0] === mode && agentClass?.[1] === (mode === "wasm" ? "subclass" : "stock"),
      { mounted, agentClass, errors },
    );

    // -- streaming: the first answer, held open half-way --------------------
    let from = server.requests.length;
    const hold = server.holdNext(4);
    await send("Hello there");
    const held = await hold.reached();
    const partial = held ? [...textsOf(held).values()][0] : undefined;
    const partialShown = held && (await until((p) => [...document.querySelectorAll('.message[data-role="assistant"] .text')].some((t) => t.textContent === p), partial));
    check(
      "streamed text shows while the run is still going (the response held after 4 deltas)",
      partialShown && (await running()) === "true",
      { held: Boolean(held), partial, shown: await shown(), running: await running(), errors },
    );
    hold.release();
    let fresh = await settled(from);
    const first = fresh[0];
    const [answerId, answer] = [...textsOf(first).entries()][0] ?? [];
    const firstShown = await shown();
    check(
      "the final answer shows, whole, under the agent's message id",
      answer && firstShown.some((m) => m.id === answerId && m.role === "assistant" && m.text === answer && m.status === "complete"),
      { answerId, answer, shown: firstShown, request: brief(first), errors },
    );
    if (mode === "wasm") {
      // A page's first run is @ag-ui/client's own while the .wasm is not
      // there yet; the .wasm is fetched when that run is over.
      for (let i = 0; i < 100 && !wasm.some((w) => w.status === 200); i++) await new Promise((r) => setTimeout(r, 100));
      check(
        "the package's .wasm was fetched as application/wasm",
        wasm.some((w) => w.status === 200 && w.type === "application/wasm"),
        { wasm },
      );
    }

    // -- history: the second message carries the first exchange --------------
    from = server.requests.length;
    await send("Tell me more");
    fresh = await settled(from);
    const second = fresh[0];
    let page2 = await shown();
    const sent2 = bodyMessages(second);
    check(
      "a second message's request carries the first exchange (the messages the page shows) and the app's thread id",
      second?.body?.threadId === threadId &&
        (await shownThread()) === threadId &&
        first?.body?.threadId === threadId &&
        sent2.length === 3 &&
        sent2.map((m) => m.role).join() === "user,assistant,user" &&
        sameTexts(sent2, page2.slice(0, 3).map(({ id, role, text }) => ({ id, role, text }))),
      { threadId, shownThread: await shownThread(), first: brief(first), second: brief(second), shown: page2 },
    );

    // -- a frontend tool: assistant-ui runs it and sends its result back ------
    from = server.requests.length;
    await send("What's the weather in Seoul?");
    fresh = await settled(from, 2, 20_000);
    const [toolReq, resultReq] = fresh;
    const call = toolReq?.events.find((e) => e.type === "TOOL_CALL_START");
    const callArgs = toolReq?.events.filter((e) => e.type === "TOOL_CALL_ARGS" && e.toolCallId === call?.toolCallId).map((e) => e.delta).join("");
    const offered = toolReq?.body?.tools?.find((t) => t.name === "weather");
    const sentMsgs = resultReq?.body?.messages ?? [];
    const toolMsg = sentMsgs.at(-1);
    const callMsg = sentMsgs.find((m) => m.role === "assistant" && m.toolCalls?.some((c) => c.id === call?.toolCallId));
    const toolResult = parsed(toolMsg?.content);
    const calls = await page.evaluate(() => window.__weatherCalls);
    check(
      "the weather frontend tool is offered, executed in the page with the streamed arguments, and its result goes out as a `tool` message",
      offered?.parameters?.properties?.city &&
        call?.toolCallName === "weather" &&
        JSON.stringify(parsed(callArgs)) === '{"city":"Seoul"}' &&
        JSON.stringify(calls) === '[{"city":"Seoul"}]' &&
        toolMsg?.role === "tool" &&
        toolMsg?.toolCallId === call?.toolCallId &&
        toolResult?.temperatureC === 21 &&
        toolResult?.city === "Seoul" &&
        callMsg?.toolCalls.find((c) => c.id === call?.toolCallId)?.function?.arguments === callArgs &&
        resultReq?.body?.threadId === threadId,
      { offered: Boolean(offered), call, callArgs, calls, toolMsg, callMsg, toolReq: brief(toolReq), resultReq: brief(resultReq), errors },
    );
    const [replyId, reply] = [...textsOf(resultReq).entries()][0] ?? [];
    page2 = await shown();
    const card = page2.flatMap((m) => m.tools).find((t) => t.id === call?.toolCallId);
    check(
      "the tool call renders with its arguments and result, and the agent's reply from the result shows",
      card?.name === "weather" &&
        parsed(card.args)?.city === "Seoul" &&
        parsed(card.result)?.temperatureC === 21 &&
        /21°C and sunny in Seoul/.test(reply ?? "") &&
        page2.some((m) => m.id === replyId && m.text === reply),
      { card, replyId, reply, shown: page2 },
    );

    // -- threads: a new one starts empty, switching back restores the old ----
    const before = (await shown()).map(({ id, role, text }) => ({ id, role, text }));
    await page.click("#new-thread");
    const newId = `${threadId}-2`;
    const switched = await until((id) => document.querySelector("#thread-id")?.textContent === id && !document.querySelector(".message"), newId);
    from = server.requests.length;
    await send("Hi from a new thread");
    fresh = await settled(from);
    const inNew = fresh[0];
    check(
      "a new thread (ThreadListPrimitive.New): its request has the new thread id and only its own message",
      switched && inNew?.body?.threadId === newId && bodyMessages(inNew).map((m) => `${m.role}:${m.text}`).join() === "user:Hi from a new thread",
      { switched, newId, request: brief(inNew), shown: await shown() },
    );
    await page.click(`[data-thread="${threadId}"] .switch`);
    const back = await until(([id, n]) => document.querySelector("#thread-id")?.textContent === id && document.querySelectorAll(".message").length === n, [threadId, before.length]);
    from = server.requests.length;
    await send("Back again");
    fresh = await settled(from);
    const inOld = fresh[0];
    // The page folds a tool result into its call, so it shows no `tool` message.
    const sentOld = bodyMessages(inOld).filter((m) => m.role !== "tool");
    check(
      "switching back (ThreadListItemPrimitive.Trigger): the request has the first thread's id and its whole history, tool result included",
      back &&
        (await shownThread()) === threadId &&
        inOld?.body?.threadId === threadId &&
        sameTexts(sentOld, [...before, { id: sentOld.at(-1)?.id, role: "user", text: "Back again" }]) &&
        inOld.body.messages.some((m) => m.role === "tool" && m.toolCallId === call?.toolCallId),
      { back, shownThread: await shownThread(), before, request: brief(inOld) },
    );

    // -- cancel: a long answer stopped half-way, then the thread goes on ------
    const cut = server.holdNext(3);
    from = server.requests.length;
    await send("Please write me a long answer");
    const cutReq = await cut.reached();
    const cutPartial = cutReq ? [...textsOf(cutReq).values()][0] : undefined;
    const cutShown = cutReq && (await until((p) => [...document.querySelectorAll(".message .text")].some((t) => t.textContent === p), cutPartial));
    const stopVisible = await until(() => document.querySelector("#cancel"));
    if (stopVisible) await page.click("#cancel");
    const stopped = await idle(5_000);
    await within(cutReq?.done.promise ?? Promise.resolve(), 5_000);
    await delay(300); // an error would show by now
    const cutId = cutReq ? [...textsOf(cutReq).keys()][0] : undefined;
    const afterStop = await shown();
    const cutMsg = afterStop.find((m) => m.id === cutId);
    check(
      "Stop (ComposerPrimitive.Cancel) mid-stream aborts the request, the thread goes idle, and the partial answer stays",
      cutShown && stopVisible && stopped && cutReq?.closedEarly === true && cutMsg?.text === cutPartial,
      { cutShown, cutPartial, stopVisible, stopped, closedEarly: cutReq?.closedEarly, cutMsg, errors },
    );
    // @ag-ui/client's HttpAgent reports its own abort as a RUN_ERROR event
    // (code "abort", the AbortError's message), and assistant-ui shows that
    // on the stopped message; anything else would be a real error.
    const others = afterStop.filter((m) => m.id !== cutId && m.error !== null);
    const appErrors = await page.$$eval("#errors li", (els) => els.map((e) => e.textContent));
    check(
      "after Stop no error shows (onError not called, no message in error), beyond the abort's own message on the stopped one",
      cutMsg && (cutMsg.error === null || abortMessages.includes(cutMsg.error)) && others.length === 0 && appErrors.length === 0,
      { stopped: cutMsg, others, appErrors },
    );
    outcome.stopped = cutMsg && { status: cutMsg.status, error: cutMsg.error, text: cutMsg.text };
    from = server.requests.length;
    await send("Are you still there?");
    fresh = await settled(from);
    const after = fresh[0];
    const [afterId, afterText] = [...textsOf(after).entries()][0] ?? [];
    check(
      "after Stop, another message gets its whole answer",
      afterText && (await lastText(afterId)) === afterText && bodyMessages(after).at(-1)?.text === "Are you still there?",
      { afterId, afterText, shownText: await lastText(afterId), request: brief(after), shown: await shown() },
    );

    // -- across the whole run ---------------------------------------------------
    const tokens = server.requests.map((r) => r.headers["x-test-header"]);
    check(
      `the custom header (headers: { "x-test-header" }) reached the server on every request (${tokens.length})`,
      tokens.length >= 8 && tokens.every((t) => t === token),
      { token, tokens },
    );
  } catch (e) {
    check("the browser run", false, e?.stack ?? String(e));
  }
  check("no console errors or page errors during the whole run", errors.length === 0, errors.join(" | "));
  await page.close();
  outcome.requests = server.requests.map((r) => normalized(r, threadId));
  return outcome;
}

/** A request as the other agent class should send it too: ids (random in each run) left out. */
function normalized(record, threadId) {
  const b = record.body ?? {};
  return {
    threadId: String(b.threadId).replace(threadId, "<thread>"),
    tools: (b.tools ?? []).map((t) => t.name),
    messages: (b.messages ?? []).map((m) => ({
      role: m.role,
      content: m.content,
      ...(m.toolCalls && { toolCalls: m.toolCalls.map((c) => [c.function?.name, c.function?.arguments]) }),
      ...(m.toolCallId && { toolResult: true }),
    })),
  };
}

/** With both modes run: did the wasm agent make assistant-ui do exactly what the stock one did? */
function compareModes(stock, wasm) {
  const n = Math.max(stock.requests.length, wasm.requests.length);
  const i = [...Array(n).keys()].find((k) => JSON.stringify(stock.requests[k]) !== JSON.stringify(wasm.requests[k]));
  check(
    `the same ${stock.requests.length} requests as with the stock agent (thread, tools offered, messages and tool calls; ids aside)`,
    i === undefined && n > 0,
    i === undefined ? "no requests" : { request: i, stock: stock.requests[i], wasm: wasm.requests[i] },
  );
  check(
    "Stop leaves the stopped message as it does with the stock agent",
    stock.stopped && JSON.stringify(stock.stopped) === JSON.stringify(wasm.stopped),
    { stock: stock.stopped, wasm: wasm.stopped },
  );
}

// ---- one mode: install, type-check, build, serve, drive ---------------------

async function installPackage() {
  if (!fs.existsSync(pkgDir)) {
    console.log("# pkg/ is missing: scripts/build-pkg.sh");
    const r = await sh(path.join(root, "scripts/build-pkg.sh"), [], { cwd: root, timeoutMs: 12 * 60_000 });
    if (!check("scripts/build-pkg.sh", r.ok, tail(r.out))) return false;
  }
  if (!fs.existsSync(path.join(pkgDir, "http-agent.js"))) {
    check("pkg/http-agent.js exists (the agui-wasm/http-agent entry)", false, "pkg/ has no http-agent.js yet: the entry is not built into the package");
    return false;
  }
  const packDir = fs.mkdtempSync(path.join(os.tmpdir(), "agui-wasm-pack-"));
  try {
    const packed = await sh("npm", ["pack", "--json", "--pack-destination", packDir], { cwd: pkgDir });
    if (!check("npm pack of pkg/", packed.ok, tail(packed.out))) return false;
    const tarball = path.join(packDir, JSON.parse(packed.stdout)[0].filename);
    const stamp = path.join(here, "node_modules", ".agui-wasm-tarball.sha256");
    const installed = path.join(here, "node_modules", "agui-wasm");
    if (!fs.existsSync(installed) || !fs.existsSync(stamp) || fs.readFileSync(stamp, "utf8") !== sha256(tarball)) {
      console.log(`# npm install --no-save ${path.basename(tarball)}`);
      const r = await sh("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--loglevel=error", tarball]);
      if (!check("npm install of the agui-wasm tarball", r.ok, tail(r.out))) return false;
      fs.writeFileSync(stamp, sha256(tarball));
    }
    const lock = JSON.parse(fs.readFileSync(path.join(here, "node_modules", ".package-lock.json"), "utf8"));
    const entry = lock.packages?.["node_modules/agui-wasm"] ?? {};
    const copies = Object.keys(lock.packages ?? {}).filter((k) => k.endsWith("node_modules/@ag-ui/client"));
    const usable = check(
      "agui-wasm is installed from the packed tarball, with http-agent.js, next to one copy of @ag-ui/client",
      /\.tgz$/.test(entry.resolved ?? "") && !entry.link && fs.existsSync(path.join(installed, "http-agent.js")) && copies.length === 1,
      { entry, copies },
    );
    // An install made earlier by other means (the stamp matched) could hide
    // a peer range that npm would refuse today; npm ls still tells.
    const ls = await sh("npm", ["ls", "@ag-ui/client", "--json"]);
    let problems = [];
    try {
      problems = (JSON.parse(ls.stdout).problems ?? []).filter((p) => !p.startsWith("extraneous"));
    } catch {
      problems = [tail(ls.out)];
    }
    const peer = JSON.parse(fs.readFileSync(path.join(installed, "package.json"), "utf8")).peerDependencies?.["@ag-ui/client"];
    const version = JSON.parse(fs.readFileSync(path.join(here, "node_modules/@ag-ui/client/package.json"), "utf8")).version;
    check(`agui-wasm's peer range for @ag-ui/client (${peer}) accepts the one assistant-ui uses (${version})`, problems.length === 0, problems.join(" | "));
    return usable;
  } finally {
    fs.rmSync(packDir, { recursive: true, force: true });
  }
}

async function runMode(mode, browser, demo) {
  prefix = `[${mode}] `;
  if (mode === "wasm" && !(await installPackage())) return;

  const tsconfig = path.join(here, mode === "wasm" ? "tsconfig.wasm.json" : "tsconfig.json");
  const tsc = await sh(path.join(here, "node_modules/.bin/tsc"), ["--noEmit", "-p", tsconfig]);
  check(`the app type-checks against the ${mode} HttpAgent (tsc --strict, ${path.basename(tsconfig)})`, tsc.ok, tail(tsc.out));

  const built = await sh(path.join(here, "node_modules/.bin/vite"), ["build", "--logLevel", "warn"], { env: { ...process.env, AGUI_AGENT: mode } });
  if (!check("vite build", built.ok, tail(built.out))) return;
  const distDir = path.join(here, "dist", mode);
  const assets = fs.readdirSync(path.join(distDir, "assets"));
  if (mode === "wasm") {
    check("vite build emits the package's .wasm as an asset", assets.some((f) => f.endsWith(".wasm")), assets);
  } else {
    // The alias really picked @ag-ui/client: no WebAssembly in this build.
    check("the stock build has no .wasm in it", !assets.some((f) => f.endsWith(".wasm")), assets);
  }

  const server = await startAppServer(distDir, demo.port);
  try {
    return await browserChecks(browser, mode, server);
  } finally {
    await server.close();
  }
}

// ---- main ---------------------------------------------------------------------

const chromium = process.env.CHROMIUM ?? "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  check(`Chromium at ${chromium}`, false, "not installed (set CHROMIUM to another path)");
  finish();
}
// The app's own dependencies, as package-lock.json pins them; again only
// when the lockfile changed (npm ci also drops an installed agui-wasm).
{
  const lock = path.join(here, "package-lock.json");
  const stamp = path.join(here, "node_modules", ".package-lock.sha256");
  if (!fs.existsSync(stamp) || fs.readFileSync(stamp, "utf8") !== sha256(lock)) {
    console.log("# npm ci");
    const r = await sh("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"]);
    if (!check("npm ci", r.ok, tail(r.out))) finish();
    fs.writeFileSync(stamp, sha256(lock));
  }
}
const demo = await startDemoAgent();
const { chromium: launcher } = await import("playwright-core");
const browser = await launcher.launch({
  executablePath: chromium,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  const outcomes = {};
  for (const mode of modes) outcomes[mode] = await runMode(mode, browser, demo);
  if (outcomes.stock && outcomes.wasm) compareModes(outcomes.stock, outcomes.wasm);
} catch (e) {
  check("the run", false, e?.stack ?? String(e));
} finally {
  prefix = "";
  await browser.close();
  await demo.stop();
}
finish();

// The error paths a user meets, run the same way in the browser and in Node:
// for each, the error (an Error, with a clear name and message, reported
// once), the history as it was before the failing event, and a client that
// can run again. No Node APIs here.

const sse = (e) => "data: " + JSON.stringify(e) + "\n\n";
const started = { type: "RUN_STARTED", threadId: "t", runId: "r" };
const finished = { type: "RUN_FINISHED", threadId: "t", runId: "r" };
const start = { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" };
const content = (delta) => ({ type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta });
const end = { type: "TEXT_MESSAGE_END", messageId: "m1" };
const enc = new TextEncoder();

/** A fetch answering these body pieces (strings) one network chunk each. */
function bodyFetch(pieces, { status = 200, contentType = "text/event-stream", hold } = {}) {
  return async (_url, init) => {
    let i = 0;
    const stream = new ReadableStream({
      async pull(ctrl) {
        if (hold && i === hold.at) await hold.until;
        if (i >= pieces.length) return ctrl.close();
        ctrl.enqueue(enc.encode(pieces[i++]));
      },
    });
    init?.signal?.addEventListener("abort", () => stream.cancel().catch(() => {}));
    return new Response(stream, { status, headers: { "content-type": contentType } });
  };
}

const okRun = bodyFetch([sse(started), sse(finished)]);

/** Runs, expecting a rejection; returns the error and what the failure callback saw. */
async function failing(agent) {
  const reported = [];
  try {
    await agent.runAgent(undefined, { onRunFailed: ({ error }) => void reported.push(error) });
  } catch (error) {
    return { error, reported };
  }
  return { error: null, reported };
}

const texts = (agent) => agent.messages.map((m) => m.content);

/** How many paths `errorPaths` checks: its callers assert that every one ran. */
export const ERROR_PATH_COUNT = 11;

export async function errorPaths(AgentClient) {
  const results = [];
  const check = async (name, fn) => {
    try {
      const detail = await fn();
      results.push({ name, ok: true, detail });
    } catch (e) {
      results.push({ name, ok: false, detail: String((e && e.stack) || e) });
    }
  };
  const assert = (cond, msg) => {
    if (!cond) throw new Error(msg);
  };
  const againWorks = async (agent) => {
    const again = new AgentClient({ url: "http://x", fetch: okRun, initialMessages: agent.messages });
    await again.runAgent();
    assert(!again.isRunning, "the next run finished");
  };
  const failsCleanly = async (name, pieces, expect, opts) =>
    check(name, async () => {
      const agent = new AgentClient({ url: "http://x", fetch: bodyFetch(pieces, opts) });
      const { error, reported } = await failing(agent);
      assert(error instanceof Error, `rejects with an Error, got ${error}`);
      assert(error.name === expect.name, `name ${error.name}`);
      assert(expect.message.test(error.message), `message ${error.message}`);
      assert(reported.length === 1 && reported[0] === error, "onRunFailed once, with the same error");
      assert(JSON.stringify(texts(agent)) === JSON.stringify(expect.kept), `kept ${JSON.stringify(texts(agent))}`);
      assert(!agent.isRunning, "not running");
      await againWorks(agent);
      return `${error.name}: ${error.message.slice(0, 80)}`;
    });

  await failsCleanly("malformed JSON mid-stream", [sse(started) + sse(start) + sse(content("kept")), "data: {oops\n\n", sse(end)], {
    name: "AgentStreamError",
    message: /not JSON/,
    kept: ["kept"],
  });
  await failsCleanly("a schema-invalid event", [sse(started) + sse(start) + sse(content("kept")), sse({ type: "TEXT_MESSAGE_CONTENT", messageId: "m1" })], {
    name: "AgentStreamError",
    message: /TEXT_MESSAGE_CONTENT.*delta/,
    kept: ["kept"],
  });
  await failsCleanly("HTTP 500 with a JSON body", ['{"error":"database down"}'], { name: "AgentHttpError", message: /HTTP 500: .*database down/, kept: [] }, {
    status: 500,
    contentType: "application/json",
  });
  await failsCleanly("HTTP 404 with a text body", ["no such agent"], { name: "AgentHttpError", message: /HTTP 404: no such agent/, kept: [] }, {
    status: 404,
    contentType: "text/plain",
  });
  await failsCleanly("a connection cut mid-event", [sse(started) + sse(start) + sse(content("kept")), 'data: {"type":"TEXT_MESSAGE_CONT'], {
    name: "AgentStreamError",
    message: /not JSON/,
    kept: ["kept"],
  });

  await check("a fetch that throws something other than an Error", async () => {
    const agent = new AgentClient({ url: "http://x", fetch: async () => { throw { code: "ECONNRESET" }; } });
    const { error, reported } = await failing(agent);
    assert(error instanceof Error && error.name === "AgentError", `rejects with an AgentError, got ${error}`);
    assert(error.message === '{"code":"ECONNRESET"}', `says what was thrown: ${error.message}`);
    assert(reported.length === 1 && reported[0] === error, "onRunFailed once, with the same error");
    await againWorks(agent);
    return error.message;
  });

  await check("a stream that ends without RUN_FINISHED", async () => {
    const agent = new AgentClient({ url: "http://x", fetch: bodyFetch([sse(started) + sse(start) + sse(content("all")) + sse(end)]) });
    const out = await agent.runAgent();
    assert(out.newMessages.length === 1 && texts(agent)[0] === "all", "resolves with what arrived");
    return "resolves with what arrived";
  });

  await check("abort before the response", async () => {
    const fetch = (_u, init) => new Promise((_, reject) => init.signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))));
    const agent = new AgentClient({ url: "http://x", fetch });
    const run = agent.runAgent();
    await new Promise((r) => setTimeout(r, 5));
    agent.abortRun();
    const out = await run;
    assert(out.newMessages.length === 0 && !agent.isRunning, "quiet, nothing added");
    await againWorks(agent);
    return "quiet";
  });

  await check("abort during the stream", async () => {
    let release;
    const until = new Promise((r) => (release = r));
    const agent = new AgentClient({ url: "http://x", fetch: bodyFetch([sse(started) + sse(start) + sse(content("part")), sse(end)], { hold: { at: 1, until } }) });
    const run = agent.runAgent();
    while (agent.messages.length === 0) await new Promise((r) => setTimeout(r, 2));
    agent.abortRun();
    release();
    const out = await run;
    assert(texts(agent)[0] === "part" && out.newMessages.length === 1 && !agent.isRunning, "partial kept, quiet");
    await againWorks(agent);
    return "quiet, partial kept";
  });

  await check("abort after the end", async () => {
    const agent = new AgentClient({ url: "http://x", fetch: okRun });
    await agent.runAgent();
    agent.abortRun();
    await agent.runAgent();
    return "a no-op; the next run works";
  });

  await check("two runs at once", async () => {
    let release;
    const until = new Promise((r) => (release = r));
    const agent = new AgentClient({ url: "http://x", fetch: bodyFetch([sse(started), sse(finished)], { hold: { at: 1, until } }) });
    const first = agent.runAgent();
    let second;
    try {
      await agent.runAgent();
    } catch (e) {
      second = e;
    }
    assert(second instanceof Error && /already in progress/.test(second.message), `second: ${second}`);
    release();
    await first;
    assert(!agent.isRunning, "the first finished");
    return second.message;
  });
  return results;
}

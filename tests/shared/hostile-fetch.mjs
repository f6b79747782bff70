// A `fetch` that misbehaves, and `detachActiveRun()` at every point of a
// run: every case settles the run's promise (nothing escapes as an
// uncaught exception or an unhandled rejection: the callers run this with
// no handler for them), the client is free afterwards, and its next run
// works. Run the same way in Node and in the browser (no Node APIs).

const enc = new TextEncoder();
const sse = (e) => "data: " + JSON.stringify(e) + "\n\n";
const started = { type: "RUN_STARTED", threadId: "t", runId: "r" };
const finished = { type: "RUN_FINISHED", threadId: "t", runId: "r" };
const text = (id, delta) => [
  { type: "TEXT_MESSAGE_START", messageId: id, role: "assistant" },
  { type: "TEXT_MESSAGE_CONTENT", messageId: id, delta },
  { type: "TEXT_MESSAGE_END", messageId: id },
];

const response = (chunks) => {
  let i = 0;
  return new Response(
    new ReadableStream({
      pull(ctrl) {
        if (i >= chunks.length) return ctrl.close();
        ctrl.enqueue(enc.encode(chunks[i++]));
      },
    }),
    { headers: { "content-type": "text/event-stream" } },
  );
};
const ok = (id = "ok") => response([sse(started), ...text(id, "fine").map(sse), sse(finished)]);
const never = () => new Promise(() => {});
const tick = (ms = 5) => new Promise((r) => setTimeout(r, ms));

/** A fetch whose first answer is `first(init)`, then good runs. */
function fetchThen(first) {
  let n = 0;
  return (_url, init) => (n++ === 0 ? first(init) : Promise.resolve(ok(`ok-${n}`)));
}

/** A body whose reader misbehaves as `read` does, after the response arrives. */
function withReader(read) {
  const r = ok();
  Object.defineProperty(r, "body", { get: () => ({ getReader: () => ({ read, cancel: async () => {}, releaseLock() {} }) }) });
  return r;
}

export const CASES = {
  "fetch resolves to null": { fetch: () => Promise.resolve(null), rejects: "AgentRequestError" },
  "fetch resolves to a non-response": { fetch: () => Promise.resolve({ nope: true }), rejects: "AgentRequestError" },
  "a Response whose body getter throws": {
    fetch: () => {
      const r = ok();
      Object.defineProperty(r, "body", { get: () => { throw new Error("body is gone"); } });
      return Promise.resolve(r);
    },
    rejects: "AgentRequestError",
  },
  "a reader whose read() throws at once": {
    fetch: () => Promise.resolve(withReader(() => { throw new Error("read broke"); })),
    rejects: "AgentRequestError",
  },
  "a reader whose read() rejects": {
    fetch: () => Promise.resolve(withReader(() => Promise.reject(new Error("read failed")))),
    rejects: "AgentRequestError",
  },
  "a reader that yields a non-object": {
    fetch: () => Promise.resolve(withReader(() => Promise.resolve(null))),
    rejects: "AgentRequestError",
  },
  "fetch throws at once": { fetch: () => { throw new TypeError("bad URL"); }, rejects: "TypeError" },
  "a fetch that ignores the signal, then abortRun()": { fetch: never, abort: true, resolves: true },
  "a body that ignores the signal, then abortRun()": {
    fetch: () => Promise.resolve(withReader(never)),
    abort: true,
    resolves: true,
  },
  "detachActiveRun() before the request": { fetch: () => Promise.resolve(ok("late")), detachAt: "start", resolves: true },
  "detachActiveRun() while waiting for the response": { fetch: never, detachAt: "waiting", resolves: true },
  "detachActiveRun() mid-body": {
    fetch: () => {
      let i = 0;
      const chunks = [sse(started), sse(text("m", "part")[0]), sse(text("m", "part")[1])];
      return Promise.resolve(new Response(new ReadableStream({ pull: (c) => (i < chunks.length ? c.enqueue(enc.encode(chunks[i++])) : never()) }), { headers: { "content-type": "text/event-stream" } }));
    },
    detachAt: "body",
    resolves: true,
  },
  "detachActiveRun() after the end": { fetch: () => Promise.resolve(ok("done")), detachAt: "end", resolves: true },
};

/** Runs each case; returns `{ name, ok, detail }` each. */
export async function hostileFetch(AgentClient) {
  const results = [];
  const quiet = console.error;
  console.error = () => {};
  try {
    for (const [name, c] of Object.entries(CASES)) {
      try {
        results.push({ name, ok: true, detail: await once(AgentClient, c) });
      } catch (e) {
        results.push({ name, ok: false, detail: String((e && e.stack) || e) });
      }
    }
  } finally {
    console.error = quiet;
  }
  return results;
}

async function once(AgentClient, c) {
  const assert = (cond, msg) => {
    if (!cond) throw new Error(msg);
  };
  const agent = new AgentClient({ url: "http://agent/run", fetch: fetchThen(c.fetch), initialMessages: [{ id: "u0", role: "user", content: "hi" }] });
  const seen = [];
  const run = agent.runAgent(undefined, { onRunFinalized: () => void seen.push("finalized") });
  let detached;
  if (c.detachAt === "start") detached = agent.detachActiveRun();
  if (c.detachAt === "waiting" || c.abort) await tick();
  if (c.detachAt === "waiting") detached = agent.detachActiveRun();
  if (c.detachAt === "body") {
    for (let i = 0; i < 200 && agent.messages.at(-1)?.content !== "part"; i++) await tick(1);
    assert(agent.messages.at(-1)?.content === "part", "the body's first events applied");
    detached = agent.detachActiveRun();
  }
  if (c.abort) agent.abortRun();
  let outcome;
  const timeout = tick(5000).then(() => "never settled");
  try {
    outcome = await Promise.race([run.then(() => "resolved"), timeout]);
  } catch (e) {
    assert(e instanceof Error, `rejected with a non-Error: ${String(e)}`);
    outcome = e.name;
  }
  if (c.detachAt === "end") detached = agent.detachActiveRun();
  assert(outcome !== "never settled", "the run never settled");
  if (c.rejects) assert(outcome === c.rejects, `rejected with ${c.rejects}, not ${outcome}`);
  if (c.resolves) assert(outcome === "resolved", `resolved, not ${outcome}`);
  if (detached) assert((await Promise.race([detached.then(() => "settled"), tick(2000)])) === "settled", "detachActiveRun() settled");
  assert(agent.isRunning === false, "the client is free");
  assert(agent.messages[0].id === "u0", "the history before the run is kept");
  const { newMessages } = await Promise.race([agent.runAgent(), tick(5000).then(() => ({ newMessages: ["timed out"] }))]);
  assert(newMessages.length === 1 && newMessages[0].content === "fine", `the next run works: ${JSON.stringify(newMessages)}`);
  return `${outcome}; ${seen.join(", ") || "no callback"}`;
}

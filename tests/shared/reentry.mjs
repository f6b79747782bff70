// Re-entry: from every callback the reference has, a subscriber calls back
// into the client (runAgent, abortRun, detachActiveRun, setMessages,
// setState, addMessage, its own unsubscribe, clone) or throws. Afterwards
// the same client, its clone and a second client of the same page each
// finish a normal run with their history intact, and unsubscribing again
// is harmless. Run the same way in Node and in the browser (no Node APIs).

const sse = (e) => "data: " + JSON.stringify(e) + "\n\n";
const enc = new TextEncoder();

/** Every event a stream may carry, in an order the protocol accepts. */
const EVERYTHING = [
  { type: "RUN_STARTED", threadId: "t", runId: "r" },
  { type: "STEP_STARTED", stepName: "s" },
  { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" },
  { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "Hi" },
  { type: "TEXT_MESSAGE_END", messageId: "m1" },
  { type: "TOOL_CALL_START", toolCallId: "c1", toolCallName: "f", parentMessageId: "m1" },
  { type: "TOOL_CALL_ARGS", toolCallId: "c1", delta: '{"a":1}' },
  { type: "TOOL_CALL_END", toolCallId: "c1" },
  { type: "TOOL_CALL_RESULT", messageId: "r1", toolCallId: "c1", content: "ok" },
  { type: "STATE_SNAPSHOT", snapshot: { n: 1 } },
  { type: "STATE_DELTA", delta: [{ op: "replace", path: "/n", value: 2 }] },
  { type: "ACTIVITY_SNAPSHOT", messageId: "act", activityType: "PLAN", content: { steps: [] } },
  { type: "ACTIVITY_DELTA", messageId: "act", activityType: "PLAN", patch: [{ op: "add", path: "/steps/-", value: "x" }] },
  { type: "REASONING_START", messageId: "rs" },
  { type: "REASONING_MESSAGE_START", messageId: "rm", role: "reasoning" },
  { type: "REASONING_MESSAGE_CONTENT", messageId: "rm", delta: "hm" },
  { type: "REASONING_MESSAGE_END", messageId: "rm" },
  { type: "REASONING_END", messageId: "rs" },
  { type: "REASONING_ENCRYPTED_VALUE", subtype: "message", entityId: "rm", encryptedValue: "e" },
  { type: "SUBAGENT_STARTED", subagentRunId: "sa", name: "helper" },
  { type: "SUBAGENT_FINISHED", subagentRunId: "sa" },
  { type: "CUSTOM", name: "c", value: 1 },
  { type: "RAW", event: { x: 1 } },
  { type: "STEP_FINISHED", stepName: "s" },
  { type: "RUN_FINISHED", threadId: "t", runId: "r" },
];

/** A MESSAGES_SNAPSHOT run, and runs that fail (RUN_ERROR, a broken event). */
const SNAPSHOT = [EVERYTHING[0], { type: "MESSAGES_SNAPSHOT", messages: [{ id: "u0", role: "user", content: "hi" }] }, EVERYTHING.at(-1)];
const RUN_ERROR = [EVERYTHING[0], { type: "SUBAGENT_STARTED", subagentRunId: "sb", name: "h" }, { type: "SUBAGENT_ERROR", subagentRunId: "sb", message: "x" }, { type: "RUN_ERROR", message: "agent failed" }];
const BROKEN = [EVERYTHING[0], "{broken"];

const eventCallback = (type) => "on" + type.toLowerCase().replace(/(^|_)([a-z])/g, (_, __, c) => c.toUpperCase()) + "Event";

/** Each callback, and the script that reaches it. */
const CALLBACKS = [
  ...["onRunInitialized", "onRunFinalized", "onEvent", "onMessagesChanged", "onStateChanged", "onNewMessage", "onNewToolCall"].map((c) => [c, EVERYTHING]),
  ...EVERYTHING.map((e) => [eventCallback(e.type), EVERYTHING]),
  ["onMessagesSnapshotEvent", SNAPSHOT],
  ["onRunErrorEvent", RUN_ERROR],
  ["onSubagentErrorEvent", RUN_ERROR],
  ["onRunFailed", BROKEN],
];

/** A fetch answering its first request with `first`, and every later one with a reply of its own id, one event a chunk. */
function fetchOf(first, text) {
  let n = 0;
  return async (_url, init) => {
    const script = n++ === 0 && first ? first : reply(`reply-${n}`, text);
    let i = 0;
    const body = new ReadableStream({
      start(ctrl) {
        init?.signal?.addEventListener("abort", () => ctrl.error(new DOMException("aborted", "AbortError")));
      },
      pull(ctrl) {
        if (i >= script.length) return ctrl.close();
        const e = script[i++];
        ctrl.enqueue(enc.encode(typeof e === "string" ? `data: ${e}\n\n` : sse(e)));
      },
    });
    return new Response(body, { headers: { "content-type": "text/event-stream" } });
  };
}

const reply = (id, text) => [
  EVERYTHING[0],
  { type: "TEXT_MESSAGE_START", messageId: id, role: "assistant" },
  { type: "TEXT_MESSAGE_CONTENT", messageId: id, delta: text },
  { type: "TEXT_MESSAGE_END", messageId: id },
  EVERYTHING.at(-1),
];

/** What a callback does to its own client. */
const ACTIONS = {
  runAgent: (agent, _sub, kept) => {
    const run = agent.runAgent().catch((e) => e);
    kept.push(run);
    return run;
  },
  abortRun: (agent) => agent.abortRun(),
  detachActiveRun: (agent) => agent.detachActiveRun(),
  setMessages: (agent) => agent.setMessages([{ id: "set", role: "user", content: "replaced" }]),
  setState: (agent) => agent.setState({ set: true }),
  addMessage: (agent) => agent.addMessage({ id: `added-${Math.random()}`, role: "user", content: "added" }),
  unsubscribe: (_agent, sub) => sub.unsubscribe(),
  clone: (agent, _sub, kept) => void kept.push(agent.clone()),
  throws: () => {
    throw new Error("thrown by a subscriber");
  },
};

/**
 * Runs every callback with every action; returns one result per pair
 * (`{ name, ok, detail }`).
 */
export async function reentry(AgentClient) {
  const results = [];
  const quiet = { error: console.error, warn: console.warn };
  // Subscriber errors and failed runs are reported on the console, as the
  // reference reports them: expected here by the hundred.
  console.error = () => {};
  console.warn = () => {};
  try {
    for (const [callback, script] of CALLBACKS) {
      for (const [action, act] of Object.entries(ACTIONS)) {
        const name = `${callback} -> ${action}`;
        try {
          results.push({ name, ok: true, detail: await once(AgentClient, callback, script, act) });
        } catch (e) {
          results.push({ name, ok: false, detail: String((e && e.stack) || e) });
        }
      }
    }
  } finally {
    Object.assign(console, quiet);
  }
  return results;
}

export const REENTRY_COUNT = CALLBACKS.length * Object.keys(ACTIONS).length;

async function once(AgentClient, callback, script, act) {
  const assert = (cond, msg) => {
    if (!cond) throw new Error(msg);
  };
  const a = new AgentClient({ url: "http://agent/run", fetch: fetchOf(script, "again"), initialMessages: [{ id: "u0", role: "user", content: "hi" }] });
  const b = new AgentClient({ url: "http://agent/run", fetch: fetchOf(null, "beside"), initialMessages: [{ id: "b0", role: "user", content: "other" }] });
  const kept = [];
  let fired = 0;
  let done = false;
  const subscriber = {
    [callback]: () => {
      fired++;
      if (fired > 1 || done) return undefined;
      return act(a, subscription, kept);
    },
  };
  const subscription = a.subscribe(subscriber);
  let outcome;
  try {
    await a.runAgent();
    outcome = "resolved";
  } catch (e) {
    assert(e instanceof Error, `rejected with a non-Error: ${String(e)}`);
    outcome = `rejected (${e.name})`;
  }
  done = true;
  assert(fired > 0, `${callback} was never called`);
  await (a.activeRunCompletionPromise ?? Promise.resolve());
  // A run the callback started (from onRunFinalized, where the reference
  // too lets one start) runs to its end.
  for (const p of kept) if (p instanceof Promise) await p;
  assert(a.isRunning === false, "still running after every run settled");
  subscription.unsubscribe();
  subscription.unsubscribe();
  // The same client, a clone, and a second client each run again.
  const before = a.messages.map((m) => m.id);
  const { newMessages } = await a.runAgent();
  assert(newMessages.length === 1 && newMessages[0].content === "again", `the client ran again: ${JSON.stringify(newMessages)}`);
  const after = a.messages.map((m) => m.id);
  assert(JSON.stringify(after) === JSON.stringify([...before, newMessages[0].id]), `history intact: ${JSON.stringify(before)} then ${JSON.stringify(after)}`);
  await b.runAgent();
  assert(JSON.stringify(b.messages.map((m) => m.content)) === JSON.stringify(["other", "beside"]), "the second client's history");
  for (const copy of kept.filter((k) => !(k instanceof Promise))) {
    copy.abortRun();
    await (copy.activeRunCompletionPromise ?? Promise.resolve());
    assert(Array.isArray(copy.messages), "the clone reads");
  }
  return outcome;
}

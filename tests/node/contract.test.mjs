// AgentClient keeps HttpAgent's field contract, the one frameworks rely on
// (CopilotKit, assistant-ui): writable fields, a `messages` array edited in
// place, detachActiveRun, connect without a route, abortController, the
// failure log. Each expectation is what @ag-ui/client 1.0.0 does.
import { test } from "node:test";
import assert from "node:assert/strict";
import { AgentClient } from "../../pkg/node.js";
import { delay, finished, reply, scriptedFetch, started } from "./helpers.mjs";

const answer = (id = "a1") => [started(), ...reply(id, ["Hi"]), finished()];

test("agentId, description, threadId, url and headers are writable, and used", async () => {
  const { fetch, requests } = scriptedFetch(answer());
  const agent = new AgentClient({ url: "http://x/old", fetch });
  assert.equal(agent.agentId, undefined);
  agent.agentId = "copilot";
  agent.description = "helps";
  agent.threadId = "t-2";
  agent.url = "http://x/new";
  agent.headers = { authorization: "Bearer k" };
  assert.deepEqual([agent.agentId, agent.description, agent.threadId, agent.url], ["copilot", "helps", "t-2", "http://x/new"]);
  await agent.runAgent();
  assert.equal(requests[0].url, "http://x/new");
  assert.equal(requests[0].body.threadId, "t-2");
  assert.equal(new Headers(requests[0].init.headers).get("authorization"), "Bearer k");
});

test("agent.messages = x is setMessages (a copy), agent.state = x is setState", async () => {
  const agent = new AgentClient({ url: "http://x" });
  const changed = [];
  agent.subscribe({ onMessagesChanged: () => changed.push("m"), onStateChanged: () => changed.push("s") });
  const list = [{ id: "u1", role: "user", content: "hi" }];
  agent.messages = list;
  agent.state = { mode: "a" };
  await delay(1);
  assert.deepEqual(agent.messages, list);
  assert.notEqual(agent.messages[0], list[0], "a copy, as the reference's structuredClone");
  assert.deepEqual(agent.state, { mode: "a" });
  assert.deepEqual(changed, ["m", "s"]);
});

test("in-place edits of the messages array are what the next run sends and keeps", async () => {
  const { fetch, requests } = scriptedFetch(answer("a2"));
  const agent = new AgentClient({
    url: "http://x",
    fetch,
    initialMessages: [
      { id: "u1", role: "user", content: "weather?" },
      { id: "a1", role: "assistant", toolCalls: [{ id: "tc1", type: "function", function: { name: "weather", arguments: "{}" } }] },
      { id: "x", role: "user", content: "drop me" },
    ],
  });
  const list = agent.messages;
  const result = { id: "t1", role: "tool", toolCallId: "tc1", content: "18C" };
  list.push(result); // as CopilotKit adds a frontend tool's result
  list.splice(2, 1); // spliced out
  list[0] = { ...list[0], content: "weather in Paris?" }; // an element replaced
  await agent.runAgent();
  assert.deepEqual(requests[0].body.messages.map((m) => m.id), ["u1", "a1", "t1"]);
  assert.equal(requests[0].body.messages[0].content, "weather in Paris?");
  assert.deepEqual(agent.messages.map((m) => m.id), ["u1", "a1", "t1", "a2"]);
  assert.equal(agent.messages[2], result, "the object the caller pushed is the history's");
});

test("an invalid message pushed in place fails the next run with a TypeError, history intact", async () => {
  const { fetch, requests } = scriptedFetch(answer());
  const agent = new AgentClient({ url: "http://x", fetch, initialMessages: [{ id: "u1", role: "user", content: "hi" }] });
  agent.messages.push({ id: "bad", role: "wizard" });
  await assert.rejects(agent.runAgent(), (e) => e instanceof TypeError && /messages/.test(e.message));
  assert.equal(requests.length, 0, "nothing was sent");
  agent.messages.pop();
  await agent.runAgent();
  assert.deepEqual(agent.messages.map((m) => m.id), ["u1", "a1"]);
});

test("addMessage keeps the caller's object", () => {
  const agent = new AgentClient({ url: "http://x" });
  const m = { id: "u1", role: "user", content: "hi" };
  agent.addMessage(m);
  assert.equal(agent.messages[0], m);
});

test("detachActiveRun leaves the stream without failing the run", async () => {
  let release;
  const hold = new Promise((r) => (release = r));
  const { fetch } = scriptedFetch([started(), ...reply("a1", ["part"]).slice(0, 2), ...reply("a1", [" more"]).slice(1), finished()], {
    gate: (i) => (i === 3 ? hold : undefined),
  });
  const agent = new AgentClient({ url: "http://x", fetch });
  const seen = [];
  assert.equal(agent.activeRunCompletionPromise, undefined);
  const run = agent.runAgent(undefined, {
    onRunFailed: () => seen.push("failed"),
    onRunErrorEvent: () => seen.push("RUN_ERROR"),
    onRunFinalized: () => seen.push("finalized"),
  });
  while (agent.messages[0]?.content !== "part") await delay(1);
  const completion = agent.activeRunCompletionPromise;
  assert.ok(completion instanceof Promise);
  await agent.detachActiveRun();
  const { newMessages } = await run;
  release();
  assert.deepEqual(seen, ["finalized"]);
  assert.equal(agent.isRunning, false);
  assert.equal(agent.activeRunCompletionPromise, undefined);
  assert.deepEqual(newMessages.map((m) => [m.id, m.content]), [["a1", "part"]]);
  await agent.detachActiveRun(); // between runs: nothing to detach, resolves
});

test("connectAgent without a connectUrl makes no request, as HttpAgent's", async () => {
  const { fetch, requests } = scriptedFetch(answer());
  const agent = new AgentClient({ url: "http://x", fetch });
  const seen = [];
  const out = await agent.connectAgent(undefined, {
    onRunInitialized: () => seen.push("initialized"),
    onEvent: () => seen.push("event"),
    onRunFinalized: () => seen.push("finalized"),
  });
  assert.equal(requests.length, 0);
  assert.deepEqual(out, { result: undefined, newMessages: [] });
  assert.deepEqual(seen, ["initialized", "finalized"]);
  assert.ok(agent.agentId, "an agent id is assigned, as by the reference");
});

/** A stream that sends one text delta and then waits, failing as a real fetch does when its signal aborts. */
function heldFetch() {
  return async (_url, init) => {
    const body = new ReadableStream({
      start(ctrl) {
        ctrl.enqueue(new TextEncoder().encode([started(), ...reply("a1", ["x"]).slice(0, 2)].map((e) => "data: " + JSON.stringify(e) + "\n\n").join("")));
        init.signal.addEventListener("abort", () => ctrl.error(new DOMException("The operation was aborted.", "AbortError")));
      },
    });
    return new Response(body, { headers: { "content-type": "text/event-stream" } });
  };
}

test("abortController: the run's, passed in or set on the client while it streams, stops it", async () => {
  for (const how of ["passed", "assigned", "abortRun"]) {
    const agent = new AgentClient({ url: "http://x", fetch: heldFetch() });
    const controller = new AbortController();
    const errors = [];
    const run = agent.runAgent(how === "passed" ? { abortController: controller } : undefined, {
      onRunErrorEvent: ({ event }) => errors.push(event.code),
    });
    while (agent.messages[0]?.content !== "x") await delay(1);
    if (how === "passed") {
      assert.equal(agent.abortController, controller, "the run's controller is the client's");
      controller.abort();
    } else if (how === "assigned") {
      agent.abortController = controller;
      controller.abort();
    } else {
      agent.abortRun();
    }
    const out = await run;
    assert.deepEqual(out.newMessages.map((m) => m.content), ["x"], how);
    assert.deepEqual(errors, ["abort"], `${how}: ended as an abort`);
  }
  assert.throws(() => (new AgentClient({ url: "http://x" }).abortController = {}), TypeError);
});

test("a failure no subscriber stops is logged as the reference logs it; a stopped one is not", async () => {
  const logged = [];
  const original = console.error;
  console.error = (...args) => logged.push(args);
  try {
    const { fetch } = scriptedFetch([started(), "data: {broken\n\n"]);
    const agent = new AgentClient({ url: "http://x", fetch });
    await assert.rejects(agent.runAgent());
    assert.equal(logged.length, 1);
    assert.equal(logged[0][0], "Agent execution failed:");
    assert.ok(logged[0][1] instanceof Error);
    const again = scriptedFetch([started(), "data: {broken\n\n"]);
    const quiet = new AgentClient({ url: "http://x", fetch: again.fetch });
    await quiet.runAgent(undefined, { onRunFailed: () => ({ stopPropagation: true }) });
    assert.equal(logged.length, 1);
  } finally {
    console.error = original;
  }
});

test("runAgent takes a list of subscribers, called in order with mutations passed on", async () => {
  const { fetch } = scriptedFetch(answer());
  const agent = new AgentClient({ url: "http://x", fetch });
  const seen = [];
  await agent.runAgent(undefined, [
    { onRunStartedEvent: () => seen.push(1) },
    { onRunStartedEvent: () => seen.push(2) },
  ]);
  assert.deepEqual(seen, [1, 2]);
});

test("callback parameters read later: the reference's snapshot of messages and state, and an event callback's live history", async () => {
  const { fetch } = scriptedFetch([
    started(),
    ...reply("a1", ["a", "b"]),
    { type: "STATE_SNAPSHOT", snapshot: { n: 1 } },
    { type: "STATE_SNAPSHOT", snapshot: { n: 2 } },
    finished(),
  ]);
  const agent = new AgentClient({ url: "http://x", fetch, batching: "event" });
  const kept = [];
  await agent.runAgent(undefined, {
    onTextMessageContentEvent: (p) => void kept.push(["text", p]),
    onStateSnapshotEvent: (p) => void kept.push(["snap", p]),
    onMessagesChanged: (p) => void kept.push(["changed", p]),
  });
  const read = kept.map(([k, p]) => [k, p.messages.map((m) => m.content), p.state]);
  // As @ag-ui/client 1.0.0 gives them (recorded with the same events):
  // onMessagesChanged and `state` as of the call; an event callback's
  // `messages` is the live history, which later deltas keep editing ("ab"
  // both times), so a callback that never reads it costs no copy.
  assert.deepEqual(read, [
    ["changed", [""], {}],
    ["text", ["ab"], {}],
    ["changed", ["a"], {}],
    ["text", ["ab"], {}],
    ["changed", ["ab"], {}],
    ["snap", ["ab"], {}],
    ["snap", ["ab"], { n: 1 }],
  ]);
});

test("isAgentError tells the package's errors by name", async () => {
  const { isAgentError } = await import("../../pkg/node.js");
  const { fetch } = scriptedFetch([], { status: 503 });
  const agent = new AgentClient({ url: "http://x", fetch });
  const quiet = console.error;
  console.error = () => {};
  let thrown;
  try {
    await agent.runAgent();
  } catch (e) {
    thrown = e;
  } finally {
    console.error = quiet;
  }
  assert.equal(isAgentError(thrown), true);
  assert.equal(isAgentError(thrown, "AgentHttpError"), true);
  assert.equal(isAgentError(thrown, "AgentStreamError"), false);
  assert.equal(isAgentError(new Error("x")), false, "a plain Error is not one of ours");
  assert.equal(isAgentError("AgentHttpError"), false, "nor is a string");
  assert.throws(() => new AgentClient({ url: "http://x", batching: "sometimes" }), (e) => isAgentError(e, "TypeError"));
});

test("detachActiveRun leaves a GET stream open beside the run alone", async () => {
  const enc = new TextEncoder();
  let push;
  const fetch = async (_url, init) => {
    const get = init.method === "GET";
    const body = new ReadableStream({
      start(ctrl) {
        if (get) push = (e) => ctrl.enqueue(enc.encode("data: " + JSON.stringify(e) + "\n\n"));
        else ctrl.enqueue(enc.encode([started(), ...reply("a1", ["part"]).slice(0, 2)].map((e) => "data: " + JSON.stringify(e) + "\n\n").join("")));
        init.signal?.addEventListener("abort", () => ctrl.error(new DOMException("aborted", "AbortError")));
      },
    });
    return new Response(body, { headers: { "content-type": "text/event-stream" } });
  };
  const agent = new AgentClient({ url: "http://x", fetch });
  const stream = agent.openEventSource({ url: "http://x/events" });
  while (!push) await delay(1);
  const run = agent.runAgent();
  while (agent.messages[0]?.content !== "part") await delay(1);
  await agent.detachActiveRun();
  await run;
  push({ type: "RUN_STARTED", threadId: "t", runId: "g" });
  push({ type: "TEXT_MESSAGE_START", messageId: "g1", role: "assistant" });
  push({ type: "TEXT_MESSAGE_CONTENT", messageId: "g1", delta: "still streaming" });
  while (agent.messages.length < 2) await delay(1);
  assert.equal(agent.messages[1].content, "still streaming", "the GET stream was not cancelled");
  stream.close();
  await stream.closed;
});

test("a GET stream fails with what ended it, not with an earlier connection's loss", async () => {
  const enc = new TextEncoder();
  let calls = 0;
  const fetch = async () => {
    calls++;
    const first = calls === 1;
    const body = new ReadableStream({
      start(ctrl) {
        if (first) {
          // The connection is lost: reconnected after the retry delay.
          ctrl.error(new TypeError("network connection lost"));
        } else {
          // The server then sends what the protocol forbids: no retry.
          ctrl.enqueue(enc.encode('data: {"type":"TEXT_MESSAGE_CONTENT","messageId":"nope","delta":"x"}\n\n'));
          ctrl.close();
        }
      },
    });
    return new Response(body, { headers: { "content-type": "text/event-stream" } });
  };
  const agent = new AgentClient({ url: "http://x", fetch });
  const stream = agent.openEventSource({ url: "http://x/events", retryMs: 1 });
  await assert.rejects(stream.closed, (e) => e.name === "AgentProtocolError" && /RUN_STARTED/.test(e.message));
  assert.equal(calls, 2);
});

test("callback parameters hold messages and input as own properties: a spread or JSON.stringify keeps them", async () => {
  const { fetch } = scriptedFetch(answer("a3"));
  const agent = new AgentClient({ url: "http://x", fetch, initialMessages: [{ id: "u1", role: "user", content: "hi" }] });
  const seen = {};
  const keep = (name) => (params) => void (seen[name] = { spread: { ...params }, text: JSON.parse(JSON.stringify({ messages: params.messages, input: params.input })) });
  await agent.runAgent({ runId: "r1" }, { onTextMessageContentEvent: keep("event"), onRunFinalized: keep("final") });
  for (const name of ["event", "final"]) {
    const { spread } = seen[name];
    assert.ok(Array.isArray(spread.messages), `${name}: messages spread`);
    assert.equal(spread.messages[0].id, "u1", `${name}: messages`);
    assert.equal(spread.input.runId, "r1", `${name}: input spread`);
    assert.ok(Object.keys(spread).includes("messages") && Object.keys(spread).includes("input"), name);
  }
  assert.equal(seen.event.spread.event.type, "TEXT_MESSAGE_CONTENT");
  assert.equal(seen.final.text.input.runId, "r1");
});

test("a run's input is one object for the run, what its request body says, history and state read from the body when first used", async () => {
  const { fetch, requests } = scriptedFetch(answer("a3"));
  const agent = new AgentClient({ url: "http://x", fetch, initialMessages: [{ id: "u1", role: "user", content: "hi" }], initialState: { n: 1 } });
  const inputs = [];
  const keep = ({ input }) => void inputs.push(input);
  await agent.runAgent({ runId: "r1", forwardedProps: { a: 1 } }, { onRunStartedEvent: keep, onTextMessageContentEvent: keep, onMessagesChanged: keep, onRunFinalized: keep });
  assert.ok(inputs.length >= 4);
  for (const input of inputs) assert.equal(input, inputs[0], "the same object in every callback");
  const input = inputs[0];
  const body = requests[0].body;
  // Its members in the body's order, history and state among them, equal.
  assert.deepEqual(Object.keys(input), Object.keys(body));
  assert.deepEqual(input.messages, [{ id: "u1", role: "user", content: "hi" }]);
  assert.equal(input.messages, input.messages, "parsed once");
  // Written before it is ever read, as a data member is.
  input.state = "mine";
  assert.equal(input.state, "mine");
  assert.deepEqual(Object.keys(input), Object.keys(body), "still in its place");
  assert.deepEqual(JSON.parse(JSON.stringify(input)), { ...body, state: "mine" });
  assert.deepEqual(body.state, { n: 1 });
});

test("a run whose input a subscriber rewrote hands later callbacks the rewritten input", async () => {
  const { fetch, requests } = scriptedFetch(answer("a4"));
  const agent = new AgentClient({ url: "http://x", fetch });
  const seen = [];
  await agent.runAgent({ runId: "r1" }, {
    onRunInitialized: ({ input }) => {
      seen.push(input.messages.length);
      return { messages: [{ id: "x", role: "user", content: "hi" }] };
    },
    onRunStartedEvent: ({ input }) => void seen.push(input.messages.length, input.messages[0].id),
  });
  assert.deepEqual(seen, [0, 1, "x"]);
  assert.equal(requests[0].body.messages[0].id, "x");
});

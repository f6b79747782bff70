// AgentClient through the built package in Node: the behaviour a frontend
// relies on, with real bytes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { AgentClient } from "../../pkg/node.js";
import { delay, finished, reply, scriptedFetch, sse, started } from "./helpers.mjs";

const history = [
  { id: "u1", role: "user", content: "first" },
  { id: "a1", role: "assistant", content: "answer" },
];

test("unchanged messages keep their objects; changed ones get new objects", async () => {
  const { fetch } = scriptedFetch([started(), ...reply("m1", ["Hel", "lo"]), finished()]);
  const agent = new AgentClient({ url: "http://x", initialMessages: history, fetch });
  const before = agent.messages;
  assert.equal(agent.messages, before, "the array is stable while nothing changes");
  const snapshots = [];
  agent.subscribe({ onMessagesChanged: ({ messages }) => snapshots.push(messages) });
  await agent.runAgent();
  const after = agent.messages;
  assert.notEqual(after, before, "a change makes a new array");
  assert.equal(after[0], before[0], "u1 kept its object");
  assert.equal(after[1], before[1], "a1 kept its object");
  assert.deepEqual(after[2], { id: "m1", role: "assistant", content: "Hello" });
  // Each update: the streaming message is a new object, the others are the same.
  for (let i = 1; i < snapshots.length; i++) {
    assert.equal(snapshots[i][0], before[0]);
    assert.equal(snapshots[i][1], before[1]);
  }
  const streaming = snapshots.filter((s) => s.length === 3).map((s) => s[2]);
  assert.ok(streaming.length >= 2);
  assert.equal(new Set(streaming).size, streaming.length, "every update of m1 is a new object");
});

test("text arrives while the run streams, one update per network chunk", async () => {
  let release;
  const hold = new Promise((r) => (release = r));
  // Chunks: RUN_STARTED, START, "a", "b", then "c" is held back.
  const chunks = [started(), ...reply("m1", ["a", "b", "c"]), finished()];
  const { fetch } = scriptedFetch(chunks, { gate: (i) => (i === 4 ? hold : undefined) });
  const agent = new AgentClient({ url: "http://x", fetch });
  const contents = [];
  agent.subscribe({ onMessagesChanged: ({ messages }) => contents.push(messages.at(-1)?.content) });
  const done = agent.runAgent();
  await delay(20);
  assert.ok(agent.isRunning);
  assert.equal(agent.messages.at(-1).content, "ab", "visible before the run ends");
  release();
  await done;
  assert.equal(agent.messages.at(-1).content, "abc");
  assert.deepEqual(contents.slice(0, 3), ["", "a", "ab"]);
});

test("batching: one onMessagesChanged per chunk by default, per event on request", async () => {
  const body = [started(), ...reply("m1", ["x", "y", "z"]), finished()].map(sse).join("");
  const count = async (batching) => {
    const { fetch } = scriptedFetch([body]);
    const agent = new AgentClient({ url: "http://x", fetch, batching });
    let n = 0;
    agent.subscribe({ onMessagesChanged: () => n++ });
    await agent.runAgent();
    return n;
  };
  assert.equal(await count(undefined), 1, "one chunk, one update");
  // START and each CONTENT change messages; an END without metadata does
  // not, so the reference notifies four times too.
  assert.equal(await count("event"), 4, "once per event that changed messages, as the reference");
  assert.equal(await count({ throttleMs: 10_000 }), 1, "throttled, with a final flush");
});

test("throttled updates go out when due, even while the stream pauses", async () => {
  let release;
  const hold = new Promise((r) => (release = r));
  // RUN_STARTED, START, "a", "b" arrive together; then nothing until released.
  const chunks = [started(), ...reply("m1", ["a", "b", "c"]), finished()];
  const { fetch } = scriptedFetch(chunks, { gate: (i) => (i === 4 ? hold : undefined) });
  const agent = new AgentClient({ url: "http://x", fetch, batching: { throttleMs: 30 } });
  const seen = [];
  agent.subscribe({ onMessagesChanged: ({ messages }) => seen.push(messages.at(-1)?.content) });
  const done = agent.runAgent();
  await delay(200);
  // Without a timer the held-back "ab" would wait for the next chunk.
  assert.equal(seen.at(-1), "ab", "the pending update was delivered during the pause");
  const during = seen.length;
  release();
  await done;
  assert.equal(seen.at(-1), "abc");
  assert.ok(during <= 3, `throttled: ${during} updates for four chunks`);
});

test("an event callback's event is the event as sent, key for key and in order", async () => {
  const sent = [
    { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "plain" },
    { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "with a time", timestamp: 7 },
    { type: "REASONING_MESSAGE_CONTENT", messageId: "r1", delta: "thinking" },
    { type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: '{"a":' },
    { type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: "1}", subagentRunId: "s1" },
  ];
  const { fetch } = scriptedFetch([
    started(),
    { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" },
    sent[0], sent[1],
    { type: "TEXT_MESSAGE_END", messageId: "m1" },
    { type: "REASONING_START", messageId: "rs" },
    { type: "REASONING_MESSAGE_START", messageId: "r1", role: "reasoning" },
    sent[2],
    { type: "REASONING_MESSAGE_END", messageId: "r1" },
    { type: "REASONING_END", messageId: "rs" },
    { type: "SUBAGENT_STARTED", subagentRunId: "s1", name: "helper" },
    { type: "TOOL_CALL_START", toolCallId: "tc1", toolCallName: "t", subagentRunId: "s1" },
    { ...sent[3], subagentRunId: "s1" },
    sent[4],
    { type: "TOOL_CALL_END", toolCallId: "tc1", subagentRunId: "s1" },
    { type: "SUBAGENT_FINISHED", subagentRunId: "s1" },
    finished(),
  ]);
  sent[3] = { ...sent[3], subagentRunId: "s1" };
  const agent = new AgentClient({ url: "http://x", fetch });
  const got = [];
  const keep = ({ event }) => void got.push(JSON.stringify(event));
  await agent.runAgent(undefined, { onTextMessageContentEvent: keep, onReasoningMessageContentEvent: keep, onToolCallArgsEvent: keep });
  assert.deepEqual(got, sent.map((e) => JSON.stringify(e)));
});

test("parallel tool calls streaming into one message: each update holds every call's arguments so far", async () => {
  const start = (id) => ({ type: "TOOL_CALL_START", toolCallId: id, toolCallName: "t", parentMessageId: "a" });
  const args = (id, delta) => ({ type: "TOOL_CALL_ARGS", toolCallId: id, delta });
  const chunks = [
    [started(), start("t0"), start("t1"), start("t2")],
    [args("t0", '{"q":'), args("t2", "[1"), args("t0", '"é'), args("t2", ",2")],
    [args("t1", "{}"), args("t0", '"}'), args("t2", "]")],
    [{ type: "TOOL_CALL_END", toolCallId: "t0" }, { type: "TOOL_CALL_END", toolCallId: "t1" }, { type: "TOOL_CALL_END", toolCallId: "t2" }, finished()],
  ].map((events) => events.map(sse).join(""));
  const { fetch } = scriptedFetch(chunks);
  const agent = new AgentClient({ url: "http://x", fetch });
  const seen = [];
  agent.subscribe({ onMessagesChanged: ({ messages }) => seen.push(messages.at(-1).toolCalls.map((tc) => tc.function.arguments)) });
  await agent.runAgent();
  assert.deepEqual(seen, [
    ["", "", ""],
    ['{"q":"é', "", "[1,2"],
    ['{"q":"é"}', "{}", "[1,2]"],
  ]);
  assert.deepEqual(agent.messages.at(-1).toolCalls.map((tc) => [tc.id, tc.type, tc.function]), [
    ["t0", "function", { name: "t", arguments: '{"q":"é"}' }],
    ["t1", "function", { name: "t", arguments: "{}" }],
    ["t2", "function", { name: "t", arguments: "[1,2]" }],
  ]);
});

test("subscriber callbacks carry the reference's parameters", async () => {
  const events = [
    started(),
    { type: "TOOL_CALL_START", toolCallId: "tc1", toolCallName: "haiku", parentMessageId: "a2" },
    { type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: '{"title": "Sp' },
    { type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: 'ring", "lines": ["a"' },
    { type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: "]}" },
    { type: "TOOL_CALL_END", toolCallId: "tc1" },
    finished("r1", { result: { done: true } }),
  ];
  const { fetch } = scriptedFetch(events);
  const agent = new AgentClient({ url: "http://x", fetch });
  const partials = [];
  const calls = [];
  const result = await agent.runAgent(undefined, {
    onToolCallArgsEvent: ({ partialToolCallArgs, toolCallBuffer, toolCallName }) =>
      partials.push([toolCallName, toolCallBuffer, partialToolCallArgs]),
    onToolCallEndEvent: ({ toolCallArgs, toolCallName }) => calls.push(["end", toolCallName, toolCallArgs]),
    onNewToolCall: ({ toolCall }) => calls.push(["new", toolCall.id]),
    onRunFinishedEvent: ({ outcome, result, pendingToolCallIds }) => calls.push(["fin", outcome, result, pendingToolCallIds]),
  });
  assert.deepEqual(partials, [
    ["haiku", "", {}],
    ["haiku", '{"title": "Sp', { title: "Sp" }],
    ["haiku", '{"title": "Spring", "lines": ["a"', { title: "Spring", lines: ["a"] }],
  ]);
  assert.deepEqual(calls, [
    ["end", "haiku", { title: "Spring", lines: ["a"] }],
    ["new", "tc1"],
    ["fin", "success", { done: true }, ["tc1"]],
  ]);
  assert.deepEqual(result.result, { done: true });
  assert.deepEqual(result.newMessages.map((m) => m.id), ["a2"]);
});

test("a subscriber's mutation replaces messages or stops an event", async () => {
  const { fetch } = scriptedFetch([started(), ...reply("m1", ["keep", "drop"]), finished()]);
  const agent = new AgentClient({ url: "http://x", fetch });
  await agent.runAgent(undefined, {
    onTextMessageContentEvent: ({ event }) => (event.delta === "drop" ? { stopPropagation: true } : undefined),
    onRunFinishedEvent: ({ messages }) => ({ messages: [...messages, { id: "note", role: "system", content: "added" }] }),
  });
  assert.deepEqual(
    agent.messages.map((m) => [m.id, m.content]),
    [["m1", "keep"], ["note", "added"]],
  );
});

test("async subscribers are awaited in order", async () => {
  const { fetch } = scriptedFetch([started(), ...reply("m1", ["a"]), finished()]);
  const agent = new AgentClient({ url: "http://x", fetch });
  const order = [];
  await agent.runAgent(undefined, {
    onEvent: async ({ event }) => {
      await delay(1);
      order.push(event.type);
    },
  });
  assert.deepEqual(order, ["RUN_STARTED", "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END", "RUN_FINISHED"]);
});

test("HTTP errors reject with an Error carrying status and body, once, history intact", async () => {
  for (const [contentType, body, payload] of [
    ["application/json", '{"detail":"overloaded"}', { detail: "overloaded" }],
    ["text/plain", "upstream timed out", "upstream timed out"],
  ]) {
    const fetch = async () => new Response(body, { status: 503, headers: { "content-type": contentType } });
    const agent = new AgentClient({ url: "http://x", initialMessages: history, fetch });
    const failures = [];
    await assert.rejects(
      agent.runAgent(undefined, { onRunFailed: ({ error }) => failures.push(error) }),
      (e) => e instanceof Error && e.status === 503 && e.message.includes(body.slice(0, 10)) && e.name === "AgentHttpError",
    );
    assert.equal(failures.length, 1);
    assert.deepEqual(failures[0].payload, payload);
    assert.deepEqual(agent.messages, history);
    assert.equal(agent.isRunning, false);
  }
});

test("malformed JSON mid-stream fails the run and keeps what came before", async () => {
  const { fetch } = scriptedFetch([started(), ...reply("m1", ["kept"]), "data: {oops\n\n", finished()]);
  const agent = new AgentClient({ url: "http://x", fetch });
  await assert.rejects(agent.runAgent(), (e) => e instanceof Error && e.name === "AgentStreamError" && /not JSON/.test(e.message));
  assert.deepEqual(agent.messages, [{ id: "m1", role: "assistant", content: "kept" }]);
  // And the client can run again.
  const again = scriptedFetch([started("r2"), ...reply("m2", ["next"]), finished("r2")]);
  const agent2 = new AgentClient({ url: "http://x", fetch: again.fetch, initialMessages: agent.messages });
  await agent2.runAgent();
  assert.equal(agent2.messages.length, 2);
});

test("a protocol violation names the event and the reason", async () => {
  const { fetch } = scriptedFetch([started(), { type: "TEXT_MESSAGE_CONTENT", messageId: "ghost", delta: "x" }]);
  const agent = new AgentClient({ url: "http://x", fetch });
  await assert.rejects(agent.runAgent(), (e) => e.name === "AgentProtocolError" && /TEXT_MESSAGE_CONTENT/.test(e.message) && /ghost/.test(e.message));
});

test("abort mid-stream ends quietly and the client can run again", async () => {
  let abortNow;
  const aborted = new Promise((r) => (abortNow = r));
  const fetch = async (_url, init) => {
    const body = new ReadableStream({
      start(ctrl) {
        ctrl.enqueue(new TextEncoder().encode(sse(started()) + sse(reply("m1", ["part"])[0]) + sse(reply("m1", ["part"])[1])));
        abortNow();
        init.signal.addEventListener("abort", () => ctrl.error(new DOMException("The operation was aborted.", "AbortError")));
      },
    });
    return new Response(body, { headers: { "content-type": "text/event-stream" } });
  };
  const agent = new AgentClient({ url: "http://x", fetch });
  const errors = [];
  const run = agent.runAgent(undefined, { onRunErrorEvent: ({ event }) => errors.push(event.code) });
  await aborted;
  await delay(5);
  agent.abortRun();
  const out = await run;
  assert.deepEqual(out.newMessages.map((m) => m.content), ["part"]);
  assert.deepEqual(errors, ["abort"]);
  assert.equal(agent.isRunning, false);
});

test("abort before the response resolves quietly", async () => {
  const fetch = (_url, init) =>
    new Promise((_, reject) => init.signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))));
  const agent = new AgentClient({ url: "http://x", fetch, initialMessages: history });
  const run = agent.runAgent();
  await delay(5);
  agent.abortRun();
  const out = await run;
  assert.deepEqual(out.newMessages, []);
  assert.deepEqual(agent.messages, history);
});

test("two runs at once: the second is refused with a clear Error", async () => {
  let go;
  const gate = new Promise((r) => (go = r));
  const { fetch } = scriptedFetch([started(), finished()], { gate: () => gate });
  const agent = new AgentClient({ url: "http://x", fetch });
  const first = agent.runAgent();
  await assert.rejects(agent.runAgent(), (e) => e instanceof Error && /already in progress/.test(e.message));
  go();
  await first;
  assert.equal(agent.isRunning, false);
});

test("pending interrupts must be answered before anything is sent", async () => {
  const { fetch, requests } = scriptedFetch([started(), finished()]);
  const agent = new AgentClient({ url: "http://x", fetch });
  agent.pendingInterrupts = [{ id: "i1", reason: "approval" }];
  await assert.rejects(agent.runAgent(), /pending interrupt/);
  assert.equal(requests.length, 0);
  await agent.runAgent({ resume: [{ interruptId: "i1", status: "resolved", payload: { ok: true } }] });
  assert.deepEqual(requests[0].body.resume, [{ interruptId: "i1", status: "resolved", payload: { ok: true } }]);
  assert.deepEqual(agent.pendingInterrupts, []);
});

test("the request: activity stays home, reasoning travels back verbatim", async () => {
  const { fetch, requests } = scriptedFetch([started(), finished()]);
  const agent = new AgentClient({
    url: "http://x",
    headers: { Authorization: "Bearer t" },
    fetch,
    initialMessages: [
      { id: "u1", role: "user", content: "hi" },
      { id: "r1", role: "reasoning", content: "thinking", encryptedValue: "opaque==" },
      { id: "act", role: "activity", activityType: "PLAN", content: { steps: [] } },
    ],
  });
  await agent.runAgent({ runId: "run-9", tools: [{ name: "f", description: "d", parameters: { type: "object" } }] });
  const { body, init } = requests[0];
  assert.deepEqual(body.messages.map((m) => m.id), ["u1", "r1"]);
  assert.equal(body.messages[1].encryptedValue, "opaque==");
  assert.equal(body.runId, "run-9");
  assert.equal(body.protocolVersion, "1.0");
  assert.equal(init.headers.Authorization, "Bearer t");
  assert.equal(init.headers.Accept, "text/event-stream");
});

test("addMessage, setMessages, setState notify subscribers; clone copies", async () => {
  const agent = new AgentClient({ url: "http://x" });
  const seen = [];
  const sub = agent.subscribe({
    onNewMessage: ({ message }) => seen.push(["new", message.id]),
    onMessagesChanged: ({ messages }) => seen.push(["messages", messages.length]),
    onStateChanged: ({ state }) => seen.push(["state", state.n]),
  });
  agent.addMessage({ id: "u1", role: "user", content: "x" });
  seen.push(["returned"]);
  agent.setState({ n: 1 });
  await delay(1);
  // The reference's order (recorded from @ag-ui/client 1.0.0 with the same
  // calls): the first subscriber's first callback runs before the method
  // returns, the rest after it, so setState's round overtakes addMessage's.
  assert.deepEqual(seen, [["new", "u1"], ["returned"], ["state", 1], ["messages", 1]]);
  seen.splice(1, 1);
  const copy = agent.clone();
  copy.setMessages([]);
  await delay(1);
  assert.equal(agent.messages.length, 1);
  assert.equal(copy.messages.length, 0);
  // A clone keeps the subscribers, as the reference's does.
  assert.deepEqual(seen.at(-1), ["messages", 0]);
  sub.unsubscribe();
  agent.setState({ n: 2 });
  await delay(1);
  assert.equal(seen.length, 4);
  assert.throws(() => agent.addMessage({ id: "bad", role: "wizard" }), (e) => e instanceof Error && /invalid message/.test(e.message));
});

test("isRunning is already false when onRunFinalized runs", async () => {
  const { fetch } = scriptedFetch([started(), finished()]);
  const agent = new AgentClient({ url: "http://x", fetch });
  const seen = [];
  await agent.runAgent(undefined, {
    onRunInitialized: ({ agent: a }) => seen.push(["init", a.isRunning]),
    onRunFinalized: ({ agent: a }) => seen.push(["final", a.isRunning]),
  });
  assert.deepEqual(seen, [["init", true], ["final", false]]);
});

test("addMessages announces each message and each tool call it carries", async () => {
  const agent = new AgentClient({ url: "http://x" });
  const seen = [];
  agent.subscribe({
    onNewMessage: ({ message }) => seen.push(["message", message.id]),
    onNewToolCall: ({ toolCall }) => seen.push(["toolCall", toolCall.id]),
    onMessagesChanged: ({ messages }) => seen.push(["changed", messages.length]),
  });
  agent.addMessages([
    { id: "u", role: "user", content: "go" },
    { id: "a", role: "assistant", toolCalls: [1, 2].map((n) => ({ id: `c${n}`, type: "function", function: { name: "f", arguments: "{}" } })) },
  ]);
  await delay(1);
  assert.deepEqual(seen, [["message", "u"], ["message", "a"], ["toolCall", "c1"], ["toolCall", "c2"], ["changed", 2]]);
});

test("a subscriber added while a run streams hears the rest of it", async () => {
  let release;
  const hold = new Promise((r) => (release = r));
  const chunks = [started(), ...reply("m1", ["a", "b"]), finished()];
  const { fetch } = scriptedFetch(chunks, { gate: (i) => (i === 3 ? hold : undefined) });
  const agent = new AgentClient({ url: "http://x", fetch });
  const run = agent.runAgent();
  await delay(10);
  const seen = [];
  const late = agent.subscribe({ onMessagesChanged: ({ messages }) => seen.push(messages[0].content) });
  release();
  await run;
  assert.deepEqual(seen, ["ab"]);
  late.unsubscribe();
});

test("message content never reaches the console unless debug is on", async () => {
  const secret = "SECRET-CONTENT-42";
  const logged = [];
  const saved = {};
  for (const k of ["log", "info", "warn", "error", "debug"]) {
    saved[k] = console[k];
    console[k] = (...args) => logged.push(args.map(String).join(" "));
  }
  try {
    const events = [
      started(),
      ...reply("m1", [secret]),
      // Things the client repairs or drops: an unknown event, a failing patch.
      { type: "FUTURE_EVENT", payload: secret },
      { type: "STATE_DELTA", delta: [{ op: "replace", path: "/missing", value: secret }] },
      finished(),
    ];
    const { fetch } = scriptedFetch(events);
    const agent = new AgentClient({ url: "http://x", fetch, initialMessages: [{ id: "u", role: "user", content: secret }] });
    await agent.runAgent();
    assert.equal(agent.messages[1].content, secret);
  } finally {
    Object.assign(console, saved);
  }
  assert.ok(!logged.some((l) => l.includes(secret)), logged.join("\n"));
});

test("an array handed out never changes afterwards, however rarely the list is read", async () => {
  const pieces = Array.from({ length: 12 }, (_, i) => `p${i} `);
  const { fetch } = scriptedFetch([started(), ...reply("m1", pieces), ...reply("m2", ["x"]), finished()]);
  const agent = new AgentClient({ url: "http://x", initialMessages: history, fetch, batching: "event" });
  const seen = [];
  let calls = 0;
  // Reads the list on every third update only: updates between reads are
  // free to reuse an array nobody has, never one somebody holds.
  agent.subscribe({
    onMessagesChanged: (p) => {
      if (calls++ % 3) return;
      const messages = p.messages;
      seen.push({ messages, length: messages.length, text: messages[messages.length - 1].content });
    },
  });
  await agent.runAgent();
  assert.ok(seen.length >= 4);
  for (const s of seen) {
    assert.equal(s.messages.length, s.length);
    assert.equal(s.messages[s.messages.length - 1].content, s.text);
  }
  assert.equal(new Set(seen.map((s) => s.messages)).size, seen.length, "each read after a change is a new array");
  assert.equal(agent.messages.length, 4);
});

test("a history handed in: a copy parsed from its text, every member and key order as the application wrote them, and streaming on top keeps the rest", async () => {
  const plain = () => [
    { id: "u", role: "user", content: 'hi "é" 😀', name: "n" },
    { role: "assistant", id: "a", content: "hello" },
    { id: "t", role: "tool", content: "r", toolCallId: "c", error: "boom" },
    { id: "r", role: "reasoning", content: "why", encryptedValue: "e" },
  ];
  // Members the protocol does not describe, which @ag-ui/client 1.0.4
  // keeps in `messages` and leaves out of the request body.
  const own = () => [...plain(), { createdAt: 1, id: "x", role: "user", content: "x", ui: { pinned: true } }];
  const { fetch, requests } = scriptedFetch([started(), ...reply("m1", ["Hi", " there"]), finished()]);
  for (const given of [plain, own]) {
    const initialMessages = given();
    const agent = new AgentClient({ url: "http://x", fetch, initialMessages });
    initialMessages[0].content = "changed by the caller";
    const expected = given();
    assert.equal(JSON.stringify(agent.messages), JSON.stringify(expected), `${given.name}: the same text, key order included`);
    assert.notEqual(agent.messages[0], initialMessages[0], "a copy, not the caller's objects");
    const before = agent.messages;
    await agent.runAgent();
    const sent = requests.at(-1).body.messages;
    assert.deepEqual(sent.at(-1), given === own ? { id: "x", role: "user", content: "x" } : expected.at(-1), `${given.name}: the body leaves unknown members out`);
    assert.equal(agent.messages.length, expected.length + 1);
    assert.deepEqual(agent.messages.at(-1), { id: "m1", role: "assistant", content: "Hi there" });
    for (let i = 0; i < expected.length; i++) assert.equal(agent.messages[i], before[i], `${given.name}: message ${i} keeps its object`);
    assert.equal(JSON.stringify(before), JSON.stringify(expected), "the array read before the run is unchanged");
    agent.setMessages(given());
    assert.equal(JSON.stringify(agent.messages), JSON.stringify(given()), `${given.name}: setMessages keeps every member and key order`);
    agent.addMessage({ note: "mine", role: "user", id: "y", content: "y" });
    assert.deepEqual(Object.keys(agent.messages.at(-1)), ["note", "role", "id", "content"]);
  }
});
test("maxEnforcedEntries: the reference's default and checks; an event over it fails the run with AgentEnforcementLimitError, the history before it kept", async () => {
  assert.equal(new AgentClient({ url: "http://x" }).maxEnforcedEntries, 1_000_000);
  for (const bad of [0, -5, NaN, 2.5, "9"]) {
    assert.throws(() => new AgentClient({ url: "http://x", maxEnforcedEntries: bad }), TypeError, String(bad));
  }
  const messages = Array.from({ length: 8 }, (_, i) => ({ id: `s${i}`, role: "user", content: "x" }));
  const snapshot = { type: "MESSAGES_SNAPSHOT", messages };
  // 2 members of the event, 8 items, 3 members each: 34 entries.
  const { fetch } = scriptedFetch([started(), ...reply("m1", ["kept"]), snapshot, finished()]);
  const agent = new AgentClient({ url: "http://x", fetch, maxEnforcedEntries: 33 });
  const quiet = console.error;
  console.error = () => {};
  try {
    await assert.rejects(agent.runAgent(), (e) => e.name === "AgentEnforcementLimitError" && /33/.test(e.message));
  } finally {
    console.error = quiet;
  }
  assert.deepEqual(agent.messages.map((m) => m.id), ["m1"]);
  assert.equal(agent.isRunning, false);
  agent.maxEnforcedEntries = 34;
  await agent.runAgent();
  // At the limit it passes; the snapshot restates the history.
  assert.deepEqual(agent.messages.map((m) => m.id), messages.map((m) => m.id));
});

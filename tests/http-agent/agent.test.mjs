// agui-wasm/http-agent beside the stock @ag-ui/client HttpAgent, fed the
// same bytes: same request bodies, same messages, same events to
// subscribers, and the frameworks' contract (instanceof, agentId, headers,
// in-place messages, clone, connect, detach, AGUIError, middleware).
//
// AGUI_CLIENT_DIR names the folder whose node_modules holds the
// @ag-ui/client under test and the installed agui-wasm tarball (run.mjs
// runs this file once per version).
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { pathToFileURL } from "node:url";

const dir = process.env.AGUI_CLIENT_DIR;
if (!dir) throw new Error("AGUI_CLIENT_DIR is not set: run tests/http-agent/run.mjs");
const load = (rel) => import(pathToFileURL(path.join(dir, "node_modules", rel)).href);
const stock = await load("@ag-ui/client/dist/index.mjs");
const { HttpAgent } = await load("agui-wasm/http-agent.js");
const version = (await import(pathToFileURL(path.join(dir, "node_modules/@ag-ui/client/package.json")).href, { with: { type: "json" } })).default.version;

const sse = (e) => "data: " + JSON.stringify(e) + "\n\n";
const delay = (ms) => new Promise((r) => setTimeout(r, ms));

/** A fetch answering each request with the next script (a list of events, or { status, body }); records requests. */
function scripted(...scripts) {
  const requests = [];
  const fetch = async (url, init) => {
    requests.push({ url, headers: new Headers(init.headers), body: JSON.parse(init.body) });
    const script = scripts[Math.min(requests.length - 1, scripts.length - 1)];
    if (!Array.isArray(script)) return new Response(script.body, { status: script.status });
    const enc = new TextEncoder();
    let i = 0;
    const body = new ReadableStream({
      pull(ctrl) {
        if (i >= script.length) return ctrl.close();
        ctrl.enqueue(enc.encode(sse(script[i++])));
      },
    });
    return new Response(body, { headers: { "content-type": "text/event-stream" } });
  };
  return { fetch, requests };
}

const run = (id, pieces, extra = []) => [
  { type: "RUN_STARTED", threadId: "t", runId: "r" },
  { type: "TEXT_MESSAGE_START", messageId: id, role: "assistant" },
  ...pieces.map((delta) => ({ type: "TEXT_MESSAGE_CONTENT", messageId: id, delta })),
  { type: "TEXT_MESSAGE_END", messageId: id },
  ...extra,
  { type: "RUN_FINISHED", threadId: "t", runId: "r" },
];
/** A run that streams tool call tc1 (in a1) asking for `city`'s weather, then `extra`. */
const toolStream = (runId, city, extra = []) => [
  { type: "RUN_STARTED", threadId: "t", runId },
  { type: "TOOL_CALL_START", toolCallId: "tc1", toolCallName: "weather", parentMessageId: "a1" },
  { type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: '{"city":' },
  { type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: `"${city}"}` },
  { type: "TOOL_CALL_END", toolCallId: "tc1" },
  ...extra,
  { type: "RUN_FINISHED", threadId: "t", runId },
];
const toolRun = toolStream("r1", "Paris", [{ type: "STATE_SNAPSHOT", snapshot: { step: 1 } }]);

/** Both agents over the same scripts; `use(agent, requests)` drives each; returns both outcomes. */
async function both(scripts, options, use) {
  const out = [];
  for (const Agent of [stock.HttpAgent, HttpAgent]) {
    const { fetch, requests } = scripted(...scripts);
    const agent = new Agent({ url: "http://agent/run", threadId: "t", fetch, ...options });
    const value = await use(agent, requests);
    out.push({ agent, requests, value, messages: structuredClone(agent.messages), state: structuredClone(agent.state) });
  }
  return out;
}

test(`[${version}] the application's own classes: instanceof HttpAgent and AbstractAgent`, () => {
  const agent = new HttpAgent({ url: "http://agent/run" });
  assert.ok(agent instanceof stock.HttpAgent);
  assert.ok(agent instanceof stock.AbstractAgent);
});

test(`[${version}] a run: same request, same messages and state, same events to subscribers`, async () => {
  const [a, b] = await both([toolRun], { initialMessages: [{ id: "u1", role: "user", content: "weather?" }] }, async (agent) => {
    const events = [];
    const calls = [];
    const result = await agent.runAgent(
      { runId: "r1", tools: [{ name: "weather", description: "d", parameters: { type: "object" } }] },
      {
        onEvent: ({ event }) => void events.push(event.type),
        onToolCallArgsEvent: ({ partialToolCallArgs, toolCallName }) => void calls.push([toolCallName, JSON.stringify(partialToolCallArgs)]),
        onNewToolCall: ({ toolCall }) => void calls.push(["new", toolCall.id]),
      },
    );
    return { events, calls, newIds: result.newMessages.map((m) => m.id) };
  });
  assert.deepEqual(b.requests[0].body, a.requests[0].body);
  assert.deepEqual(b.messages, a.messages);
  assert.deepEqual(b.state, a.state);
  assert.deepEqual(b.value.events, a.value.events);
  assert.deepEqual(b.value.newIds, a.value.newIds);
  // The reference hands partialToolCallArgs as repaired JSON text in some
  // builds; ours is the object @ag-ui/client's type declares. Compare the
  // names and the call announcements only.
  assert.deepEqual(b.value.calls.map((c) => c[0]), a.value.calls.map((c) => c[0]));
  assert.deepEqual(b.value.calls.filter((c) => c[0] === "new"), a.value.calls.filter((c) => c[0] === "new"));
});

test(`[${version}] a tool result pushed into agent.messages goes out with the next run, as CopilotKit does it`, async () => {
  const [a, b] = await both([toolRun, run("a2", ["18 degrees"])], {}, async (agent) => {
    agent.addMessage({ id: "u1", role: "user", content: "weather?" });
    await agent.runAgent({ runId: "r1" });
    agent.messages.push({ id: "t1", role: "tool", toolCallId: "tc1", content: '{"tempC":18}' });
    await agent.runAgent({ runId: "r2" });
  });
  assert.deepEqual(b.requests[1].body.messages.map((m) => `${m.role}:${m.id}`), ["user:u1", "assistant:a1", "tool:t1"]);
  assert.deepEqual(b.requests.map((r) => r.body), a.requests.map((r) => r.body));
  assert.deepEqual(b.messages, a.messages);
});

test(`[${version}] fields frameworks assign: agentId, threadId, headers, messages, state`, async () => {
  const [a, b] = await both([run("a1", ["ok"])], { headers: { "x-one": "1" } }, async (agent) => {
    agent.agentId = "registered-key";
    agent.threadId = "thread-9";
    agent.headers = { ...agent.headers, "x-copilotkit": "yes" };
    agent.messages = [{ id: "u1", role: "user", content: "hello" }];
    agent.state = { theme: "dark" };
    await agent.runAgent({ runId: "r" });
    return { agentId: agent.agentId, threadId: agent.threadId };
  });
  assert.deepEqual(b.value, a.value);
  assert.deepEqual(b.requests[0].body, a.requests[0].body);
  assert.equal(b.requests[0].headers.get("x-copilotkit"), "yes");
  assert.equal(b.requests[0].headers.get("x-one"), "1");
  assert.deepEqual(b.messages, a.messages);
});

test(`[${version}] clone: the same class, history, url and headers; its own runs`, async () => {
  const { fetch, requests } = scripted(run("a1", ["one"]), run("a2", ["two"]));
  const agent = new HttpAgent({ url: "http://agent/run", threadId: "t", fetch, headers: { "x-h": "1" } });
  await agent.runAgent({ runId: "r" });
  const copy = agent.clone();
  assert.ok(copy instanceof HttpAgent && copy instanceof stock.HttpAgent);
  assert.deepEqual(copy.messages, agent.messages);
  assert.equal(copy.url, agent.url);
  await copy.runAgent({ runId: "r" });
  assert.equal(requests[1].headers.get("x-h"), "1");
  assert.deepEqual(copy.messages.map((m) => m.id), ["a1", "a2"]);
  assert.deepEqual(agent.messages.map((m) => m.id), ["a1"], "the original is untouched");
});

test(`[${version}] connectAgent makes no request and resolves empty, as the stock agent`, async () => {
  const [a, b] = await both([run("a1", ["x"])], {}, async (agent, requests) => {
    const seen = [];
    const out = await agent.connectAgent({}, { onRunInitialized: () => void seen.push("init"), onRunFinalized: () => void seen.push("final") });
    return { requests: requests.length, newMessages: out.newMessages, seen };
  });
  assert.deepEqual(b.value, a.value);
  assert.equal(b.value.requests, 0);
});

test(`[${version}] detachActiveRun ends the run without an error, keeping what arrived`, async () => {
  let release;
  const hold = new Promise((r) => (release = r));
  const enc = new TextEncoder();
  const fetch = async () =>
    new Response(
      new ReadableStream({
        async start(ctrl) {
          for (const e of run("a1", ["part"]).slice(0, 3)) ctrl.enqueue(enc.encode(sse(e)));
          await hold;
          ctrl.close();
        },
      }),
      { headers: { "content-type": "text/event-stream" } },
    );
  const agent = new HttpAgent({ url: "http://agent/run", fetch });
  const seen = [];
  const running = agent.runAgent({}, { onRunFailed: () => void seen.push("failed"), onRunFinalized: () => void seen.push("finalized") });
  while (agent.messages[0]?.content !== "part") await delay(1);
  assert.equal(agent.isRunning, true);
  await agent.detachActiveRun();
  await running;
  release();
  assert.deepEqual(seen, ["finalized"]);
  assert.equal(agent.isRunning, false);
});

test(`[${version}] errors: an unanswered interrupt is the app's AGUIError; HTTP 500 fails clearly, history kept, runs again`, async () => {
  const interrupted = [
    { type: "RUN_STARTED", threadId: "t", runId: "r" },
    { type: "RUN_FINISHED", threadId: "t", runId: "r", outcome: { type: "interrupt", interrupts: [{ id: "i1", reason: "approval" }] } },
  ];
  const { fetch } = scripted(interrupted, { status: 500, body: '{"error":"down"}' }, run("a1", ["back"]));
  const agent = new HttpAgent({ url: "http://agent/run", fetch, initialMessages: [{ id: "u1", role: "user", content: "hi" }] });
  const quiet = console.error;
  console.error = () => {};
  try {
    await agent.runAgent({ runId: "r" });
    assert.deepEqual(agent.pendingInterrupts.map((i) => i.id), ["i1"]);
    await assert.rejects(agent.runAgent(), (e) => e instanceof stock.AGUIError && /i1/.test(e.message));
    agent.pendingInterrupts = [];
    const failed = [];
    await assert.rejects(agent.runAgent({}, { onRunFailed: ({ error }) => void failed.push(error) }), (e) => e instanceof Error && /500/.test(e.message));
    assert.equal(failed.length, 1);
    assert.deepEqual(agent.messages.map((m) => m.id), ["u1"]);
    await agent.runAgent();
    assert.deepEqual(agent.messages.map((m) => m.id), ["u1", "a1"]);
  } finally {
    console.error = quiet;
  }
});

test(`[${version}] middleware: the base class's run is used, with the same result`, async () => {
  const warn = console.warn;
  const warned = [];
  console.warn = (...a) => warned.push(a.join(" "));
  try {
    const [a, b] = await both([run("a1", ["via middleware"])], {}, async (agent) => {
      agent.use((input, next) => next.run(input));
      await agent.runAgent({ runId: "r" });
    });
    assert.deepEqual(b.messages, a.messages);
    assert.deepEqual(b.requests[0].body, a.requests[0].body);
    assert.ok(warned.some((w) => /middleware/.test(w)), "says so");
  } finally {
    console.warn = warn;
  }
});

test(`[${version}] the shared error paths hold through the entry: clear Errors, history kept, the agent runs again`, async () => {
  const { errorPaths, ERROR_PATH_COUNT } = await import("../shared/error-paths.mjs");
  const quiet = console.error;
  console.error = () => {};
  let results;
  try {
    results = await errorPaths(HttpAgent);
  } finally {
    console.error = quiet;
  }
  for (const r of results) if (!r.ok) console.log(`FAILED - ${r.name}: ${r.detail}`);
  assert.deepEqual(results.filter((r) => !r.ok).map((r) => r.name), []);
  assert.equal(results.length, ERROR_PATH_COUNT);
});

test(`[${version}] the protobuf transport, with agui-wasm/proto's client`, async () => {
  const { AgentClient: ProtoClient } = await load("agui-wasm/proto-node.js");
  const root = path.resolve(import.meta.dirname, "../..");
  const name = "proto__history__full-weather-turn.json";
  const fs = await import("node:fs");
  const c = JSON.parse(fs.readFileSync(path.resolve(root, "../shared/conformance/proto", name), "utf8"));
  const { frames } = JSON.parse(fs.readFileSync(path.join(root, "tests/fixtures/proto/conformance", name), "utf8"));
  const payloads = frames.map((b64) => Buffer.from(b64, "base64"));
  const body = Buffer.concat(payloads.flatMap((p) => [Buffer.from([p.length >>> 24, (p.length >>> 16) & 255, (p.length >>> 8) & 255, p.length & 255]), p]));
  const fetch = async () => new Response(body, { headers: { "content-type": "application/vnd.ag-ui.event+proto" } });
  const agent = new HttpAgent({ url: "http://agent/run", fetch, client: ProtoClient, threadId: c.initial.threadId ?? "thread-1", initialMessages: c.initial.messages ?? [] });
  await agent.runAgent({ runId: c.run.runId ?? "run-1" });
  const strip = (v) => JSON.parse(JSON.stringify(v));
  assert.deepEqual(strip(agent.messages), strip(c.expected.messages));
  // The default client names the build that reads it.
  const plain = new HttpAgent({ url: "http://agent/run", fetch });
  const quiet = console.error;
  console.error = () => {};
  try {
    await assert.rejects(plain.runAgent(), /agui-wasm\/proto/);
  } finally {
    console.error = quiet;
  }
});

// @ag-ui/client 1.0.4's rules, through the WebAssembly client (loaded
// first, so no run takes the base class's own path), each beside the
// stock agent on the same bytes.
const since104 = !/^0\.|^1\.0\.[0-3]$/.test(version);
await HttpAgent[Symbol.for("agui-wasm.loader")].ready();

test(`[${version}] maxEnforcedEntries: an option, a getter and a setter; bad values refused`, { skip: !since104 }, () => {
  for (const Agent of [stock.HttpAgent, HttpAgent]) {
    const agent = new Agent({ url: "http://agent/run", maxEnforcedEntries: 5 });
    assert.equal(agent.maxEnforcedEntries, 5);
    agent.maxEnforcedEntries = Infinity;
    assert.equal(agent.maxEnforcedEntries, Infinity);
    assert.equal(new Agent({ url: "http://agent/run" }).maxEnforcedEntries, 1_000_000);
    for (const bad of [0, -1, NaN, 1.5]) {
      assert.throws(() => new Agent({ url: "http://agent/run", maxEnforcedEntries: bad }), Error, `${Agent.name} ${bad}`);
      assert.throws(() => (agent.maxEnforcedEntries = bad), Error);
    }
    assert.equal(agent.clone().maxEnforcedEntries, Infinity);
  }
});

test(`[${version}] an event over maxEnforcedEntries fails the run, what came before it kept`, { skip: !since104 }, async () => {
  const snapshot = { type: "MESSAGES_SNAPSHOT", messages: Array.from({ length: 10 }, (_, i) => ({ id: `m${i}`, role: "user", content: "x" })) };
  const events = [...run("a1", ["kept"]).slice(0, -1), snapshot, { type: "RUN_FINISHED", threadId: "t", runId: "r" }];
  const quiet = console.error;
  console.error = () => {};
  try {
    const [a, b] = await both([events, run("a2", ["again"])], { maxEnforcedEntries: 40 }, async (agent) => {
      const failed = [];
      const error = await agent.runAgent({ runId: "r" }, { onRunFailed: ({ error }) => void failed.push(error.message) }).then(() => null, (e) => e);
      const kept = agent.messages.map((m) => m.id);
      await agent.runAgent({ runId: "r2" });
      return { failed: failed.length, error: error && /limit/i.test(error.message), kept, after: agent.messages.map((m) => m.id) };
    });
    assert.deepEqual(b.value, a.value);
    assert.deepEqual(b.value.kept, ["a1"]);
    assert.equal(b.value.error, true);
  } finally {
    console.error = quiet;
  }
});

test(`[${version}] an outgoing input over maxEnforcedEntries fails before any request is sent`, { skip: !since104 }, async () => {
  const history = Array.from({ length: 30 }, (_, i) => ({ id: `u${i}`, role: "user", content: "x".repeat(50) }));
  const quiet = console.error;
  console.error = () => {};
  try {
    const [a, b] = await both([run("a1", ["x"])], { initialMessages: history, maxEnforcedEntries: 60 }, async (agent, requests) => {
      const error = await agent.runAgent({ runId: "r" }).then(() => null, (e) => e);
      const sent = requests.length;
      agent.maxEnforcedEntries = Infinity;
      await agent.runAgent({ runId: "r2" });
      return { error: error && /limit/i.test(error.message), sent, afterwards: requests.length, running: agent.isRunning };
    });
    assert.deepEqual(b.value, a.value);
    assert.deepEqual(b.value, { error: true, sent: 0, afterwards: 1, running: false });
    assert.deepEqual(b.messages, a.messages);
  } finally {
    console.error = quiet;
  }
});

test(`[${version}] connectAgent on an interrupted thread connects; runAgent still needs a resume`, { skip: !since104 }, async () => {
  const interrupted = [
    { type: "RUN_STARTED", threadId: "t", runId: "r" },
    { type: "RUN_FINISHED", threadId: "t", runId: "r", outcome: { type: "interrupt", interrupts: [{ id: "i1", reason: "approval" }] } },
  ];
  const [a, b] = await both([interrupted], {}, async (agent) => {
    await agent.runAgent({ runId: "r" });
    const connected = await agent.connectAgent({}).then((out) => out.newMessages.length, (e) => e.name);
    const ran = await agent.runAgent({}).then(() => "ran", (e) => e instanceof stock.AGUIError);
    return { connected, ran, pending: agent.pendingInterrupts.map((i) => i.id) };
  });
  assert.deepEqual(b.value, a.value);
  assert.deepEqual(b.value, { connected: 0, ran: true, pending: ["i1"] });
});

test(`[${version}] onNewMessage and onNewToolCall are awaited before the next event`, { skip: !since104 }, async () => {
  const [a, b] = await both([toolRun], {}, async (agent) => {
    const order = [];
    const later = (label) => new Promise((r) => setTimeout(() => r(void order.push(label)), 20));
    await agent.runAgent({ runId: "r1" }, {
      onEvent: ({ event }) => void order.push(event.type),
      onNewToolCall: () => later("new tool call settled"),
      onNewMessage: () => later("new message settled"),
    });
    return order;
  });
  assert.deepEqual(b.value, a.value);
  assert.ok(b.value.indexOf("new tool call settled") < b.value.indexOf("STATE_SNAPSHOT"), b.value.join());
});

test(`[${version}] a tool call started again: its first TOOL_CALL_ARGS replaces the arguments, its buffer starting empty`, { skip: !since104 }, async () => {
  const [a, b] = await both([toolRun, toolStream("r2", "Rome")], { threadId: "kept-thread" }, async (agent, requests) => {
    const buffers = [];
    const seen = { onToolCallArgsEvent: ({ toolCallBuffer, partialToolCallArgs }) => void buffers.push([toolCallBuffer, JSON.stringify(partialToolCallArgs)]) };
    await agent.runAgent({ runId: "r1" }, seen);
    await agent.runAgent({ runId: "r2" }, seen);
    return { buffers, thread: requests.map((r) => r.body.threadId), id: agent.threadId };
  });
  assert.deepEqual(b.value, a.value);
  assert.deepEqual(b.value.buffers.map((x) => x[0]), ["", '{"city":', "", '{"city":']);
  assert.equal(b.value.id, "kept-thread");
  assert.deepEqual(b.messages, a.messages);
  assert.equal(b.messages[0].toolCalls[0].function.arguments, '{"city":"Rome"}');
});

// CopilotKit's own core (@copilotkit/core, which pins @ag-ui/client 0.0.59)
// driving agui-wasm/http-agent and the stock HttpAgent over the same
// scripted server: a frontend tool's result is in every later request, the
// registration key becomes agentId, CopilotKit's headers reach the server,
// connect and clone work, and request bodies and final messages are the
// stock agent's.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { pathToFileURL } from "node:url";

const dir = process.env.AGUI_CLIENT_DIR;
const load = (rel) => import(pathToFileURL(path.join(dir, "node_modules", rel)).href);
const stock = await load("@ag-ui/client/dist/index.mjs");
const { HttpAgent } = await load("agui-wasm/http-agent.js");
const { CopilotKitCore } = await load("@copilotkit/core/dist/index.mjs");

const sse = (e) => "data: " + JSON.stringify(e) + "\n\n";
const started = { type: "RUN_STARTED", threadId: "t", runId: "r" };
const finished = { type: "RUN_FINISHED", threadId: "t", runId: "r" };
// First run: the agent calls the frontend tool; second: it answers with its
// result; third: a plain reply.
const scripts = [
  [started, { type: "TOOL_CALL_START", toolCallId: "tc1", toolCallName: "weather", parentMessageId: "a1" }, { type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: '{"city":"Paris"}' }, { type: "TOOL_CALL_END", toolCallId: "tc1" }, finished],
  [started, { type: "TEXT_MESSAGE_START", messageId: "a2", role: "assistant" }, { type: "TEXT_MESSAGE_CONTENT", messageId: "a2", delta: "18 degrees in Paris" }, { type: "TEXT_MESSAGE_END", messageId: "a2" }, finished],
  [started, { type: "TEXT_MESSAGE_START", messageId: "a3", role: "assistant" }, { type: "TEXT_MESSAGE_CONTENT", messageId: "a3", delta: "You're welcome" }, { type: "TEXT_MESSAGE_END", messageId: "a3" }, finished],
];

function server() {
  const requests = [];
  const fetch = async (url, init) => {
    requests.push({ url, headers: new Headers(init.headers), body: JSON.parse(init.body) });
    const script = scripts[Math.min(requests.length - 1, scripts.length - 1)];
    return new Response(script.map(sse).join(""), { headers: { "content-type": "text/event-stream" } });
  };
  return { fetch, requests };
}

// Ids CopilotKit invents (run ids, the tool result's message id) differ run to run.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const normal = (v) => JSON.parse(JSON.stringify(v), (_k, x) => (typeof x === "string" && UUID.test(x) ? "<id>" : x));

async function drive(Agent) {
  const { fetch, requests } = server();
  const agent = new Agent({ url: "http://agent/run", threadId: "t", fetch });
  const toolCalls = [];
  const core = new CopilotKitCore({
    agents__unsafe_dev_only: { weatherAgent: agent },
    headers: { "x-copilotkit": "on" },
    tools: [{ name: "weather", handler: async (args) => (toolCalls.push(args), JSON.stringify({ tempC: 18 })) }],
    deferInitialConnection: true,
  });
  const errors = [];
  core.subscribe({ onError: (e) => void errors.push(e.error?.message ?? String(e.error)) });
  const registered = core.getAgent("weatherAgent");
  await core.connectAgent({ agent: registered });
  registered.addMessage({ id: "u1", role: "user", content: "weather in Paris?" });
  await core.runAgent({ agent: registered });
  registered.addMessage({ id: "u2", role: "user", content: "thanks" });
  await core.runAgent({ agent: registered });
  const copy = registered.clone();
  return { agent: registered, copy, requests, toolCalls, errors };
}

test("CopilotKitCore drives agui-wasm/http-agent as it drives the stock HttpAgent", async () => {
  const a = await drive(stock.HttpAgent);
  const b = await drive(HttpAgent);
  assert.deepEqual(b.errors, [], "CopilotKit reported no error");
  assert.equal(b.agent.agentId, "weatherAgent", "the registration key is the agent id");
  assert.deepEqual(b.toolCalls, [{ city: "Paris" }], "the frontend tool ran with the streamed arguments");
  assert.ok(b.requests.length >= 3);
  for (const r of b.requests.slice(1)) {
    assert.ok(
      r.body.messages.some((m) => m.role === "tool" && m.toolCallId === "tc1"),
      "the tool's result is in every request after it",
    );
  }
  assert.ok(b.requests.every((r) => r.headers.get("x-copilotkit") === "on"), "CopilotKit's headers reach the server");
  assert.deepEqual(normal(b.requests.map((r) => r.body)), normal(a.requests.map((r) => r.body)), "the same request bodies");
  assert.deepEqual(normal(b.agent.messages), normal(a.agent.messages), "the same final messages");
  assert.ok(b.copy instanceof HttpAgent && b.copy instanceof stock.HttpAgent);
  assert.deepEqual(normal(b.copy.messages), normal(b.agent.messages));
});

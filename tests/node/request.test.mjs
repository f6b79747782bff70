// The request body through the built package: what a run sends is the
// history and state as the client holds them when the run starts, whatever
// path (initial values, streamed changes, patches, subscriber mutations)
// brought them there.
import { test } from "node:test";
import assert from "node:assert/strict";
import { AgentClient } from "../../pkg/node.js";
import { finished, reply, scriptedFetch, started } from "./helpers.mjs";

const legacy = { id: "u1", role: "user", content: [{ type: "binary", mimeType: "image/png", url: "https://x.test/a.png" }] };
const plan = { id: "act", role: "activity", activityType: "PLAN", content: { steps: [] } };

function twoRuns(first) {
  const { fetch, requests } = scriptedFetch([started("r2"), finished("r2")]);
  let run = 0;
  const scripted = scriptedFetch(first);
  const both = async (url, init) => (run++ === 0 ? scripted.fetch(url, init) : fetch(url, init));
  return { fetch: both, requests: () => [...scripted.requests, ...requests] };
}

test("the second run sends what the first one streamed and patched, activity left out, legacy parts upgraded", async () => {
  const { fetch, requests } = twoRuns([
    started(),
    ...reply("m1", ["Hel", "lo \"quoted\"\n"]),
    { type: "TOOL_CALL_START", toolCallId: "c1", toolCallName: "f", parentMessageId: "m1" },
    { type: "TOOL_CALL_ARGS", toolCallId: "c1", delta: '{"q":' },
    { type: "TOOL_CALL_ARGS", toolCallId: "c1", delta: '"cat"}' },
    { type: "TOOL_CALL_END", toolCallId: "c1" },
    { type: "STATE_DELTA", delta: [{ op: "replace", path: "/n", value: 5 }, { op: "add", path: "/items/-", value: 3 }] },
    finished(),
  ]);
  const agent = new AgentClient({ url: "http://x", threadId: "t", fetch, initialMessages: [legacy, plan], initialState: { items: [1, 2], n: 0 } });
  let seenInput;
  await agent.runAgent({ runId: "r1" });
  await agent.runAgent({ runId: "r2", forwardedProps: { k: 1 } }, { onRunFinalized: ({ input }) => void (seenInput = input) });
  const [firstBody, body] = requests().map((r) => r.body);
  assert.deepEqual(firstBody.state, { items: [1, 2], n: 0 });
  assert.deepEqual(body, {
    threadId: "t",
    runId: "r2",
    protocolVersion: "1.0",
    state: { items: [1, 2, 3], n: 5 },
    messages: [
      { id: "u1", role: "user", content: [{ type: "image", source: { type: "url", value: "https://x.test/a.png", mimeType: "image/png" } }] },
      { id: "m1", role: "assistant", content: 'Hello "quoted"\n', toolCalls: [{ id: "c1", type: "function", function: { name: "f", arguments: '{"q":"cat"}' } }] },
    ],
    tools: [],
    context: [],
    forwardedProps: { k: 1 },
  });
  assert.deepEqual(seenInput, body, "the input callbacks see is the body sent");
  assert.equal(agent.messages[0].content[0].type, "binary", "the client's own copy keeps the legacy part");
});

test("a null state is left out of the body, and a state a subscriber sets travels", async () => {
  const { fetch, requests } = scriptedFetch([started(), finished()]);
  const agent = new AgentClient({ url: "http://x", fetch });
  agent.setState(null);
  await agent.runAgent();
  assert.equal("state" in requests[0].body, false);
  await agent.runAgent({}, { onRunInitialized: () => ({ state: { set: true }, messages: [{ id: "x", role: "user", content: "hi" }] }) });
  assert.deepEqual(requests[1].body.state, { set: true });
  assert.deepEqual(requests[1].body.messages, [{ id: "x", role: "user", content: "hi" }]);
});

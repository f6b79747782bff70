// Input that used to trap the module, through the built package: nesting
// built across deltas and patches, surrogate pairs split across deltas, a
// chunk far past the event cap. Each run settles, the client and another
// one keep working.
import { test } from "node:test";
import assert from "node:assert/strict";
import { AgentClient, ready } from "../../pkg/node.js";
import * as glue from "../../pkg/dist/agui_wasm.js";
import { finished, reply, scriptedFetch, sse, started } from "./helpers.mjs";

const start = (id = "c1") => ({ type: "TOOL_CALL_START", toolCallId: id, toolCallName: "f" });
const args = (delta, id = "c1") => ({ type: "TOOL_CALL_ARGS", toolCallId: id, delta });

/** `text` cut into `size`-byte TOOL_CALL_ARGS events, all in one chunk. */
const deltas = (text, size) => {
  const out = [];
  for (let i = 0; i < text.length; i += size) out.push(sse(args(text.slice(i, i + size))));
  return out.join("");
};

async function stillWorks(agent) {
  const other = new AgentClient({ url: "http://x", fetch: scriptedFetch([started(), ...reply("o1", ["ok"]), finished()]).fetch });
  await other.runAgent();
  assert.equal(other.messages[0].content, "ok");
  agent.setState({});
  assert.deepEqual(agent.state, {});
}

for (const [levels, size] of [[10_000, 400], [8_000, 8]]) {
  test(`tool arguments nested ${levels} deep in ${size}-byte deltas, read on every delta`, async () => {
    const text = '{"a":' + "[".repeat(levels) + "]".repeat(levels) + "}";
    const { fetch } = scriptedFetch([started(), start(), deltas(text, size), { type: "TOOL_CALL_END", toolCallId: "c1" }, finished()]);
    const agent = new AgentClient({ url: "http://x", fetch });
    let reads = 0;
    let last;
    let ended;
    await agent.runAgent(undefined, {
      onToolCallArgsEvent: ({ partialToolCallArgs }) => {
        reads++;
        last = partialToolCallArgs;
      },
      onToolCallEndEvent: ({ toolCallArgs }) => void (ended = toolCallArgs),
    });
    assert.equal(reads, Math.ceil(text.length / size));
    assert.deepEqual(last, {}, "past the nesting limit there is no partial value, as for text that does not parse");
    assert.equal(agent.messages[0].toolCalls[0].function.arguments, text, "the arguments are kept whole");
    let depth = 0;
    for (let v = ended.a; Array.isArray(v); v = v[0]) depth++;
    assert.equal(depth, levels, "toolCallArgs is JSON.parse of the arguments, as the reference's");
    await stillWorks(agent);
  });
}

test("a patch that copies a value into its own descendant stops at the limits; the state stays readable", async () => {
  const copy = { type: "STATE_DELTA", delta: [{ op: "copy", from: "/a", path: "/a/0/0/0" }] };
  const deep = { type: "STATE_DELTA", delta: [{ op: "move", from: "/x", path: "/y" }, { op: "add", path: "/x", value: [] }, { op: "move", from: "/y", path: "/x/-" }] };
  const { fetch } = scriptedFetch([started(), { type: "STATE_SNAPSHOT", snapshot: { a: [[[[0]]]], x: [] } }, ...Array(40).fill(copy), ...Array(200).fill(deep), finished()]);
  const agent = new AgentClient({ url: "http://x", fetch, maxStateSize: 1 << 20 });
  const warned = [];
  const quiet = console.warn;
  console.warn = (...a) => warned.push(a);
  try {
    await agent.runAgent(undefined, { onStateChanged: ({ state }) => void JSON.stringify(state) });
  } finally {
    console.warn = quiet;
  }
  const text = JSON.stringify(agent.state);
  assert.ok(text.length <= 1 << 20, `within maxStateSize: ${text.length}`);
  let depth = 0;
  for (let v = agent.state.x; Array.isArray(v); v = v[0]) depth++;
  assert.equal(depth, 126, "x nests to the limit (127 with the state's own object) and no deeper");
  await stillWorks(agent);
});

test("a surrogate pair split across deltas is one character, as the reference's concatenation makes it", async () => {
  const body = [
    sse(started()),
    sse({ type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant" }),
    'data: {"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"a\\ud83d"}\n\n',
    'data: {"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"\\ude00b"}\n\n',
    'data: {"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":" lone \\ud83d"}\n\n',
    sse({ type: "TEXT_MESSAGE_END", messageId: "m" }),
    sse(finished()),
  ];
  const agent = new AgentClient({ url: "http://x", fetch: scriptedFetch(body).fetch });
  const buffers = [];
  await agent.runAgent(undefined, {
    onTextMessageContentEvent: ({ textMessageBuffer }) => void buffers.push(textMessageBuffer),
    onTextMessageEndEvent: ({ textMessageBuffer }) => void buffers.push(textMessageBuffer),
  });
  assert.equal(agent.messages[0].content, "a😀b lone \uFFFD");
  // The buffer before each delta: the pair's stand-in, then the pair.
  assert.deepEqual(buffers, ["", "a\uFFFD", "a😀b", "a😀b lone \uFFFD"]);
});

test("textMessageBuffer of interleaved messages and of a message a snapshot rewrote", async () => {
  const ids = ["m0", "m1", "m2", "m3", "m4", "m5"];
  const events = [started(), ...ids.map((messageId) => ({ type: "TEXT_MESSAGE_START", messageId, role: "assistant" }))];
  for (let d = 0; d < 12; d++) for (const messageId of ids) events.push({ type: "TEXT_MESSAGE_CONTENT", messageId, delta: `${messageId}.${d} ` });
  events.push({ type: "MESSAGES_SNAPSHOT", messages: ids.map((id) => ({ id, role: "assistant", content: id === "m0" ? "rewritten, longer than before it was" : "" })) });
  events.push({ type: "TEXT_MESSAGE_CONTENT", messageId: "m0", delta: "!" }, { type: "TEXT_MESSAGE_CONTENT", messageId: "m0", delta: "?" });
  events.push(...ids.map((messageId) => ({ type: "TEXT_MESSAGE_END", messageId })));
  const agent = new AgentClient({ url: "http://x", fetch: scriptedFetch([...events, finished()].map(sse)).fetch });
  const seen = [];
  await agent.runAgent(undefined, { onTextMessageContentEvent: ({ event, textMessageBuffer }) => void seen.push([event.messageId, textMessageBuffer]) });
  const want = Object.fromEntries(ids.map((id) => [id, ""]));
  const expected = [];
  for (const e of events.filter((e) => e.type === "TEXT_MESSAGE_CONTENT")) {
    if (expected.length === 12 * ids.length) want.m0 = "rewritten, longer than before it was";
    expected.push([e.messageId, want[e.messageId]]);
    want[e.messageId] += e.delta;
  }
  assert.deepEqual(seen, expected);
});

test("textMessageBuffer and toolCallBuffer after deltas a subscriber stopped: the text did not grow by them", async () => {
  const events = [started(), { type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant" }];
  events.push({ type: "TOOL_CALL_START", toolCallId: "t", toolCallName: "f", parentMessageId: "p" });
  const deltas = ["a", "b", "b", "c", "dd", "dd", "e"];
  for (const delta of deltas) events.push({ type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta }, { type: "TOOL_CALL_ARGS", toolCallId: "t", delta });
  events.push({ type: "TEXT_MESSAGE_END", messageId: "m" }, { type: "TOOL_CALL_END", toolCallId: "t" });
  const agent = new AgentClient({ url: "http://x", fetch: scriptedFetch([...events, finished()].map(sse)).fetch });
  const texts = [];
  const args = [];
  // Every third delta stopped: the next one's buffer lacks it, though it
  // was handed out as the event's delta.
  let n = 0;
  await agent.runAgent(undefined, {
    onTextMessageContentEvent: ({ textMessageBuffer }) => (texts.push(textMessageBuffer), { stopPropagation: n++ % 3 === 1 }),
    onToolCallArgsEvent: ({ toolCallBuffer }) => (args.push(toolCallBuffer), { stopPropagation: args.length % 3 === 0 }),
  });
  const expect = (stopped) => {
    const out = [];
    let kept = "";
    deltas.forEach((d, i) => {
      out.push(kept);
      if (!stopped(i)) kept += d;
    });
    return [out, kept];
  };
  const [wantTexts, text] = expect((i) => i % 3 === 1);
  const [wantArgs, argsText] = expect((i) => (i + 1) % 3 === 0);
  assert.deepEqual(texts, wantTexts);
  assert.deepEqual(args, wantArgs);
  assert.equal(agent.messages.find((m) => m.id === "m").content, text);
  assert.equal(agent.messages.find((m) => m.id === "p").toolCalls[0].function.arguments, argsText);
});

test("a chunk far past maxEventSize fails the run before all of it is copied in", async () => {
  const chunk = "data: " + "x".repeat(50 << 20);
  const agent = new AgentClient({ url: "http://x", fetch: scriptedFetch([started(), chunk]).fetch, maxEventSize: 1 << 20 });
  await ready();
  const memory = async () => (await glue.default()).memory.buffer.byteLength;
  const before = await memory();
  const quiet = console.error;
  console.error = () => {};
  try {
    await assert.rejects(agent.runAgent(), (e) => e.name === "AgentStreamError" && /limit/.test(e.message));
  } finally {
    console.error = quiet;
  }
  // The module's memory never shrinks: what a chunk costs it is for good.
  const grew = (await memory()) - before;
  assert.ok(grew < 8 << 20, `the module grew by ${grew} bytes for a 50 MB chunk`);
  await stillWorks(agent);
});

test("an `agent` option whose deref() calls back into the client is read with nothing borrowed", async () => {
  let agent;
  let derefs = 0;
  const ref = {
    deref() {
      derefs++;
      agent.messages.length;
      agent.setState({ derefs });
      return agent;
    },
  };
  agent = new AgentClient({ url: "http://x", fetch: scriptedFetch([started(), ...reply("m1", ["a", "b"]), finished()]).fetch, agent: ref });
  const seen = [];
  await agent.runAgent(undefined, { onTextMessageContentEvent: (p) => void seen.push(p.agent === agent) });
  assert.ok(derefs > 0, "the reference is read for the callbacks' `agent`");
  assert.deepEqual(seen, [true, true]);
  assert.equal(agent.messages[0].content, "ab");
  await stillWorks(agent);
});

test("subscriber callbacks are looked up when called, as the reference does", async () => {
  const agent = new AgentClient({ url: "http://x", fetch: scriptedFetch([started(), ...reply("m1", ["a", "b"]), finished()]).fetch });
  const heard = [];
  let ended = false;
  const subscriber = {
    onRunStartedEvent: () => void (subscriber.onTextMessageContentEvent = ({ event }) => void heard.push(event.delta)),
  };
  agent.subscribe(subscriber);
  // Assigned after subscribe(): heard too.
  subscriber.onRunFinishedEvent = () => void (ended = true);
  await agent.runAgent();
  assert.deepEqual(heard, ["a", "b"]);
  assert.equal(ended, true);
});

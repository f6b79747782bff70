// The rounds of content and argument deltas, which the shell builds from
// the core's record (js/deltas.js, src/wasm/deltas.rs), held to a model of
// what the reference hands each callback: the buffer before the delta, the
// event's own fields, the tool's name. Seeded interleavings of more streams
// than the shell keeps slots for, deltas past the short ASCII path, with
// multi-byte characters and a leading U+FEFF, events with an optional
// field among plain ones, deltas a subscriber stops, and a large snapshot
// midway that grows the module's memory under the views.
import { test } from "node:test";
import assert from "node:assert/strict";
import { AgentClient } from "../../pkg/node.js";
import { finished, scriptedFetch, seeded as random, sse, started } from "./helpers.mjs";

const PIECES = ["ab", "x", "héllo ", "\uFEFFlead", "a delta longer than sixteen bytes ", "😀", "日本語", '{"k": [1, ', "stop!", "\\n"];

/** The stream's events, and what each content or arguments callback should get, in order. */
function scenario(seed) {
  const rnd = random(seed);
  const pick = (a) => a[Math.floor(rnd() * a.length)];
  const texts = Array.from({ length: 40 }, (_, i) => `m${i}`);
  const calls = Array.from({ length: 40 }, (_, i) => `c${i}`);
  const events = [started()];
  for (const id of texts) events.push({ type: "TEXT_MESSAGE_START", messageId: id, role: "assistant" });
  for (const id of calls) events.push({ type: "TOOL_CALL_START", toolCallId: id, toolCallName: `tool_${id}` });
  /** @type {Map<string, string>} */
  const model = new Map([...texts, ...calls].map((id) => [id, ""]));
  const expected = [];
  // A few streams at a time, as agents interleave them, now and then one
  // far back that lost its slot.
  let near = [...texts.slice(0, 3), ...calls.slice(0, 3)];
  for (let n = 0; n < 1500; n++) {
    if (n === 700) events.push({ type: "STATE_SNAPSHOT", snapshot: { blob: "s".repeat(3 << 20) } });
    if (rnd() < 0.05) near = [pick(texts), pick(texts), pick(calls), pick(calls)];
    const id = rnd() < 0.1 ? pick([...texts, ...calls]) : pick(near);
    const delta = pick(PIECES);
    const tool = id.startsWith("c");
    const event = tool ? { type: "TOOL_CALL_ARGS", toolCallId: id, delta } : { type: "TEXT_MESSAGE_CONTENT", messageId: id, delta };
    if (rnd() < 0.1) event.timestamp = n;
    events.push(event);
    expected.push({ event, buffer: model.get(id), name: tool ? `tool_${id}` : undefined });
    // The subscriber stops every delta that says so: it is not applied.
    if (delta !== "stop!") model.set(id, model.get(id) + delta);
  }
  for (const id of texts) events.push({ type: "TEXT_MESSAGE_END", messageId: id });
  for (const id of calls) events.push({ type: "TOOL_CALL_END", toolCallId: id });
  events.push(finished());
  return { events, expected, model };
}

/** The SSE bytes cut into chunks of random sizes, across events and characters. */
function chunks(events, rnd) {
  const all = new TextEncoder().encode(events.map(sse).join(""));
  const out = [];
  for (let i = 0; i < all.length; ) {
    const n = 1 + Math.floor(rnd() * 4000);
    out.push(all.subarray(i, i + n));
    i += n;
  }
  return out;
}

for (const seed of [1, 2, 3]) {
  test(`delta rounds, seed ${seed}: each callback gets the buffer before its delta, the event, the tool's name`, async () => {
    const { events, expected, model } = scenario(seed);
    const agent = new AgentClient({ url: "http://x", fetch: scriptedFetch(chunks(events, random(seed + 100))).fetch });
    const got = [];
    let heard;
    const check = (event, buffer, name) => {
      assert.equal(event, heard, "onEvent and the event's own callback share one event object");
      got.push({ event: { ...event }, buffer, name });
      return event.delta === "stop!" ? { stopPropagation: true } : undefined;
    };
    await agent.runAgent(undefined, {
      onEvent: ({ event }) => void (heard = event),
      onTextMessageContentEvent: ({ event, textMessageBuffer }) => check(event, textMessageBuffer, undefined),
      onToolCallArgsEvent: ({ event, toolCallBuffer, toolCallName }) => check(event, toolCallBuffer, toolCallName),
    });
    assert.equal(got.length, expected.length);
    for (let i = 0; i < got.length; i++) assert.deepEqual(got[i], expected[i], `delta ${i}`);
    for (const m of agent.messages) {
      if (m.content !== undefined) assert.equal(m.content, model.get(m.id));
      for (const tc of m.toolCalls ?? []) assert.equal(tc.function.arguments, model.get(tc.id));
    }
  });
}

test("a buffer stays right while the callback comes and goes between chunks and stops deltas of one length", async () => {
  // Every delta 4 bytes long: a stopped one and one applied while nobody
  // listened leave the text as long as the shell would expect.
  const pieces = ["abcd", "efgh", "ijkl", "mnop", "stop"];
  const events = [started(), { type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant" }];
  for (let n = 0; n < 300; n++) events.push({ type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: pieces[(n * 7) % 5] });
  events.push({ type: "TEXT_MESSAGE_END", messageId: "m" }, finished());
  // One event a chunk, so a callback assigned or deleted counts from the next one.
  const agent = new AgentClient({ url: "http://x", fetch: scriptedFetch(events).fetch });
  // The text before the delta under way, and that delta, applied when
  // the next event comes unless the callback stopped it.
  let text = "";
  /** @type {{ delta: string, stopped: boolean } | null} */
  let pending = null;
  const settle = () => {
    if (pending && !pending.stopped) text += pending.delta;
    pending = null;
  };
  let seen = 0;
  // After each delta it stops, the callback is gone for one event, whose
  // delta (as long) is applied with nobody listening.
  let away = 0;
  const own = ({ event, textMessageBuffer }) => {
    assert.equal(textMessageBuffer, text, `buffer before delta ${seen}`);
    seen++;
    if (event.delta !== "stop") return undefined;
    if (pending) pending.stopped = true;
    sub.onTextMessageContentEvent = undefined;
    away = 1;
    return { stopPropagation: true };
  };
  const sub = {
    onEvent: ({ event }) => {
      settle();
      if (event.type === "TEXT_MESSAGE_CONTENT") pending = { delta: event.delta, stopped: false };
    },
    /** @type {any} */
    onTextMessageContentEvent: own,
  };
  const toggle = { onEvent: () => void (away > 0 && --away === 0 && (sub.onTextMessageContentEvent = own)) };
  await agent.runAgent(undefined, [sub, toggle]);
  settle();
  assert.ok(seen > 100 && seen < 300, `the callback heard ${seen} deltas`);
  assert.equal(agent.messages[0].content, text);
});

// partialToolCallArgs through the built package: on every TOOL_CALL_ARGS the
// object @ag-ui/client's type declares, the arguments so far repaired and
// parsed (untruncate-json + JSON.parse, with its \uXXXX bug fixed: the
// fixture file has it for every prefix), whatever the deltas, and no object
// handed out earlier changes afterwards, although each new one shares what
// did not change. (The reference's runtime does not parse: it hands the
// repaired JSON text, a string, in browsers and {} under Node ESM;
// CopilotKit accepts either, and an object is what the type promises.)
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { AgentClient } from "../../pkg/node.js";
import { finished, scriptedFetch, sse, started } from "./helpers.mjs";

const fixture = JSON.parse(fs.readFileSync(new URL("../fixtures/partial-json/cases.json", import.meta.url), "utf8"));

// Deterministic delta sizes of 1 to 9 characters.
function pieces(doc, seed) {
  const chars = [...doc];
  const out = [];
  let s = seed;
  for (let i = 0; i < chars.length; ) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const n = 1 + (s % 9);
    out.push(chars.slice(i, i + n).join(""));
    i += n;
  }
  return out;
}

/** `readEvery`: partialToolCallArgs is read on one delta in so many (the parser reads the others' arguments when it is). */
async function stream(cases, seed, readEvery = 1) {
  const parts = cases.map((c, k) => pieces(c.doc, seed + k));
  const events = cases.map((_, k) => ({ type: "TOOL_CALL_START", toolCallId: `c${k}`, toolCallName: "f", parentMessageId: "m" }));
  const longest = Math.max(...parts.map((p) => p.length));
  // Interleaved, as parallel calls stream.
  for (let d = 0; d < longest; d++) {
    parts.forEach((p, k) => d < p.length && events.push({ type: "TOOL_CALL_ARGS", toolCallId: `c${k}`, delta: p[d] }));
  }
  cases.forEach((_, k) => events.push({ type: "TOOL_CALL_END", toolCallId: `c${k}` }));
  const { fetch } = scriptedFetch([started(), ...events, finished()]);
  const agent = new AgentClient({ url: "http://x", fetch });
  const seen = [];
  const sent = cases.map(() => "");
  let n = 0;
  await agent.runAgent(undefined, {
    onToolCallArgsEvent: (params) => {
      const { event, toolCallBuffer } = params;
      const k = Number(event.toolCallId.slice(1));
      // As the reference: the buffer before this delta.
      assert.equal(toolCallBuffer, sent[k]);
      sent[k] += event.delta;
      if (n++ % readEvery !== 0) return;
      const value = params.partialToolCallArgs;
      seen.push({ k, toolCallBuffer, value, copy: structuredClone(value) });
    },
  });
  return seen;
}

function check(cases, seen, seedOf, readEvery = 1) {
  const deltas = cases.reduce((n, c, k) => n + pieces(c.doc, seedOf(k)).length, 0);
  assert.equal(seen.length, Math.ceil(deltas / readEvery));
  let i = 0;
  for (const s of seen) {
    const c = cases[s.k];
    assert.ok(c.doc.startsWith(s.toolCallBuffer), `${c.name}: buffer`);
    const want = c.expected[[...s.toolCallBuffer].length];
    assert.deepEqual(s.value, want === null || !("v" in want) ? {} : want.v, `${c.name} after ${JSON.stringify(s.toolCallBuffer)} (#${i++})`);
  }
  for (const s of seen) assert.deepEqual(s.value, s.copy, `${cases[s.k].name}: an object handed out changed later`);
}

test("every delta's value is the reference's, for every fixture document, in parallel calls", async () => {
  const cases = fixture.cases.filter((c) => c.doc.length >= 8);
  for (let from = 0; from < cases.length; from += 400) {
    const batch = cases.slice(from, from + 400);
    check(batch, await stream(batch, from), (k) => from + k);
  }
});

test("read on one delta in three, each value is still the reference's: the arguments between are read when it is", async () => {
  const cases = fixture.cases.filter((c) => c.doc.length >= 8).slice(0, 800);
  for (let from = 0; from < cases.length; from += 400) {
    const batch = cases.slice(from, from + 400);
    check(batch, await stream(batch, from, 3), (k) => from + k, 3);
  }
});

test("unchanged members are shared with the previous value, changed containers are new", async () => {
  const doc = JSON.stringify({ query: "cats", items: [{ id: 1, tags: ["a"] }, { id: 2, tags: ["b", "c"] }], done: true });
  const parts = [doc.slice(0, doc.indexOf('"id":2')), doc.slice(doc.indexOf('"id":2'), doc.indexOf("],")), doc.slice(doc.indexOf("],"))];
  const events = [{ type: "TOOL_CALL_START", toolCallId: "c0", toolCallName: "f", parentMessageId: "m" }, ...parts.map((delta) => ({ type: "TOOL_CALL_ARGS", toolCallId: "c0", delta })), { type: "TOOL_CALL_END", toolCallId: "c0" }];
  const { fetch } = scriptedFetch([started(), ...events, finished()]);
  const agent = new AgentClient({ url: "http://x", fetch });
  const seen = [];
  await agent.runAgent(undefined, { onToolCallArgsEvent: ({ partialToolCallArgs }) => void seen.push(partialToolCallArgs) });
  assert.equal(seen.length, 3);
  const [, a, b] = seen;
  assert.deepEqual(a, { query: "cats", items: [{ id: 1, tags: ["a"] }, {}] });
  assert.deepEqual(b, { query: "cats", items: [{ id: 1, tags: ["a"] }, { id: 2, tags: ["b", "c"] }] });
  assert.notEqual(b, a);
  assert.notEqual(b.items, a.items);
  assert.equal(b.items[0], a.items[0], "the finished first item is shared");
  assert.deepEqual(a.items[1], {}, "the earlier value did not change");
});

test("toolCallBuffer and partialToolCallArgs follow arguments a MESSAGES_SNAPSHOT rewrote mid-stream, even to the same length", async () => {
  const call = (args) => ({ id: "tc1", type: "function", function: { name: "f", arguments: args } });
  const events = [
    started(),
    { type: "TOOL_CALL_START", toolCallId: "tc1", toolCallName: "f", parentMessageId: "m1" },
    { type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: '{"a":' },
    { type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: "1" },
    { type: "MESSAGES_SNAPSHOT", messages: [{ id: "m1", role: "assistant", toolCalls: [call('{"b":2')] }] },
    { type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: "}" },
    { type: "TOOL_CALL_END", toolCallId: "tc1" },
    finished(),
  ];
  const { fetch } = scriptedFetch([events.map(sse).join("")]);
  const agent = new AgentClient({ url: "http://x", fetch });
  const seen = [];
  await agent.runAgent({}, {
    onToolCallArgsEvent: ({ toolCallBuffer, partialToolCallArgs }) => {
      seen.push([toolCallBuffer, JSON.stringify(partialToolCallArgs)]);
    },
  });
  assert.deepEqual(seen.at(-1), ['{"b":2', '{"b":2}']);
  assert.equal(agent.messages[0].toolCalls[0].function.arguments, '{"b":2}');
});

test("partialToolCallArgs is made only when read: the same object for every subscriber of a delta, and read after its round, the value it had then", async () => {
  const doc = JSON.stringify({ path: "a.ts", content: "line 1\nline 2 \u00e9\ud83d\ude00", items: [{ id: 1 }, { id: 2, tags: ["x"] }] });
  const parts = pieces(doc, 7);
  const events = [{ type: "TOOL_CALL_START", toolCallId: "c0", toolCallName: "f", parentMessageId: "m" }, ...parts.map((delta) => ({ type: "TOOL_CALL_ARGS", toolCallId: "c0", delta })), { type: "TOOL_CALL_END", toolCallId: "c0" }];
  const client = () => new AgentClient({ url: "http://x", fetch: scriptedFetch([started(), ...events, finished()]).fetch });
  // What a subscriber that reads every delta at once gets.
  const eager = [];
  await client().runAgent(undefined, { onToolCallArgsEvent: ({ partialToolCallArgs }) => void eager.push(structuredClone(partialToolCallArgs)) });
  assert.equal(eager.length, parts.length);

  // Never read in its own round: each delta's read in the next one's, and
  // all of them again after the run.
  const kept = [];
  const next = [];
  await client().runAgent(undefined, {
    onToolCallArgsEvent(params) {
      if (kept.length > 0) next.push(kept.at(-1).partialToolCallArgs);
      kept.push(params);
    },
  });
  assert.equal(kept.length, parts.length);
  next.forEach((value, i) => assert.deepEqual(value, eager[i], `delta ${i}, read in the next one's round`));
  kept.forEach((params, i) => {
    const value = params.partialToolCallArgs;
    assert.deepEqual(value, eager[i], `delta ${i}, read after the run`);
    if (i < next.length) assert.equal(value, next[i], "read again: the same object");
  });
  // Spread, as React code copies it.
  assert.deepEqual({ ...kept.at(-1) }.partialToolCallArgs, eager.at(-1));

  // Two subscribers of each delta reading in its round: one object.
  const pairs = [];
  let first;
  const agent = client();
  agent.subscribe({ onToolCallArgsEvent: (p) => void (first = p.partialToolCallArgs) });
  await agent.runAgent(undefined, { onToolCallArgsEvent: (p) => void pairs.push([p.partialToolCallArgs, first]) });
  assert.equal(pairs.length, parts.length);
  pairs.forEach(([a, b], i) => {
    assert.equal(a, b, `delta ${i}: one object for the delta's subscribers`);
    assert.deepEqual(a, eager[i]);
  });
});

test("a callback may assign partialToolCallArgs and messages in its parameters, as in the reference's plain object", async () => {
  const events = [{ type: "TOOL_CALL_START", toolCallId: "c0", toolCallName: "f", parentMessageId: "m" }, { type: "TOOL_CALL_ARGS", toolCallId: "c0", delta: '{"a":1' }, { type: "TOOL_CALL_ARGS", toolCallId: "c0", delta: "}" }, { type: "TOOL_CALL_END", toolCallId: "c0" }];
  const agent = new AgentClient({ url: "http://x", fetch: scriptedFetch([started(), ...events, finished()]).fetch });
  const seen = [];
  await agent.runAgent(undefined, {
    onToolCallArgsEvent(params) {
      "use strict";
      params.partialToolCallArgs = { replaced: true };
      params.messages = ["mine"];
      seen.push([params.partialToolCallArgs, params.messages, Object.keys(params).includes("partialToolCallArgs")]);
    },
  });
  assert.deepEqual(seen, [[{ replaced: true }, ["mine"], true], [{ replaced: true }, ["mine"], true]]);
  assert.equal(agent.messages[0].toolCalls[0].function.arguments, '{"a":1}', "the client's own history untouched");
});

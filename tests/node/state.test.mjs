// The state a UI reads while deltas stream: the JS copy follows each patch
// by path copying, ends equal to the reference's state, and keeps the
// identity of every part no patch touched.
import { test } from "node:test";
import assert from "node:assert/strict";
import { AgentClient } from "../../pkg/node.js";
import { differences, loadCases, replay } from "./cases.mjs";
import { finished, scriptedFetch, sse, started } from "./helpers.mjs";

test("every case with state deltas, read on every change, ends as the reference's", async () => {
  const cases = loadCases().filter(({ c }) => c.events.some((e) => typeof e === "object" && e.type === "STATE_DELTA"));
  assert.ok(cases.length >= 5, `cases with STATE_DELTA: ${cases.length}`);
  for (const { file, c } of cases) {
    const got = await replay(AgentClient, c, { batching: "event", readState: true });
    assert.deepEqual(differences(c, got), [], file);
  }
});

test("a patch copies only the paths it touches", async () => {
  const initialState = { todos: [{ id: 1, done: false }, { id: 2, done: false }], user: { name: "Ada" }, n: 0 };
  const { fetch } = scriptedFetch([
    started(),
    { type: "STATE_DELTA", delta: [{ op: "replace", path: "/todos/1/done", value: true }] },
    { type: "STATE_DELTA", delta: [{ op: "add", path: "/todos/-", value: { id: 3, done: false } }, { op: "move", from: "/n", path: "/count" }] },
    finished(),
  ]);
  const agent = new AgentClient({ url: "http://x", fetch, initialState, batching: "event" });
  const seen = [];
  agent.subscribe({ onStateChanged: ({ state }) => seen.push(state) });
  const before = agent.state;
  await agent.runAgent();
  const [first, second] = seen;
  assert.deepEqual(first, { todos: [{ id: 1, done: false }, { id: 2, done: true }], user: { name: "Ada" }, n: 0 });
  assert.equal(first.user, before.user, "untouched subtree keeps its object");
  assert.equal(first.todos[0], before.todos[0], "untouched array element keeps its object");
  assert.notEqual(first.todos[1], before.todos[1], "the patched element is new");
  assert.deepEqual(before.todos[1], { id: 2, done: false }, "earlier snapshots are never mutated");
  assert.deepEqual(second, { todos: [{ id: 1, done: false }, { id: 2, done: true }, { id: 3, done: false }], user: { name: "Ada" }, count: 0 });
  assert.equal(second.todos[1], first.todos[1]);
  assert.deepEqual(agent.clone().state, second, "a fresh conversion agrees");
});

test("many deltas replayed at one read: each container copied once, copies never aliased, earlier states untouched", async () => {
  const initialState = { items: [{ v: 0 }, { v: 0 }, { v: 0 }], counters: { a: 0 }, keep: { k: 1 } };
  const { fetch } = scriptedFetch([
    started(),
    [
      { type: "STATE_DELTA", delta: [{ op: "replace", path: "/items/0/v", value: 1 }, { op: "replace", path: "/counters/a", value: 1 }] },
      { type: "STATE_DELTA", delta: [{ op: "replace", path: "/items/2/v", value: 2 }, { op: "add", path: "/counters/b", value: 2 }] },
      // The copy shares nothing with its source: editing one leaves the other.
      { type: "STATE_DELTA", delta: [{ op: "copy", from: "/items/0", path: "/items/-" }, { op: "replace", path: "/items/3/v", value: 9 }] },
      { type: "STATE_DELTA", delta: [{ op: "move", from: "/items/2", path: "/moved" }, { op: "replace", path: "/moved/v", value: 7 }] },
      { type: "STATE_DELTA", delta: [{ op: "remove", path: "/items/1" }] },
    ]
      .map((e) => "data: " + JSON.stringify(e) + "\n\n")
      .join(""),
    finished(),
  ]);
  const agent = new AgentClient({ url: "http://x", fetch, initialState });
  const before = agent.state;
  const copyBefore = structuredClone(before);
  const seen = [];
  agent.subscribe({ onStateChanged: ({ state }) => seen.push(state) });
  await agent.runAgent();
  assert.equal(seen.length, 1, "one network chunk, one read");
  const [s] = seen;
  assert.deepEqual(before, copyBefore, "the state read before the run did not change");
  assert.deepEqual(s, { items: [{ v: 1 }, { v: 9 }], counters: { a: 1, b: 2 }, keep: { k: 1 }, moved: { v: 7 } });
  assert.equal(s.keep, before.keep, "untouched subtree keeps its object");
});

test("a large snapshot, kept as its text until a delta needs it: the same state, in the request too", async () => {
  // Past the size from which the snapshot is read without being built (4 KB),
  // with what a text round trip could change: escapes, big and small numbers, a key order.
  const snapshot = { z: 1, items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `é "${i}" \\ ☃`, x: i / 3, big: 12345678901234567890 })), a: [null, true, -0, 1e-7] };
  const text = `data: {"type":"STATE_SNAPSHOT","snapshot":${JSON.stringify(snapshot)}}\n\n`;
  const { fetch, requests } = scriptedFetch([
    started(),
    text,
    { type: "STATE_DELTA", delta: [{ op: "replace", path: "/items/3/name", value: "changed" }] },
    finished(),
  ]);
  const agent = new AgentClient({ url: "http://x", fetch, batching: "event" });
  const seen = [];
  agent.subscribe({ onStateChanged: ({ state }) => seen.push(state) });
  await agent.runAgent();
  assert.deepEqual(seen[0], JSON.parse(JSON.stringify(snapshot)));
  assert.deepEqual(Object.keys(seen[0]), ["z", "items", "a"], "key order as sent");
  const patched = JSON.parse(JSON.stringify(snapshot));
  patched.items[3].name = "changed";
  assert.deepEqual(agent.state, patched, "the delta applied to the value built from the text");
  assert.equal(agent.state.items[4], seen[0].items[4], "untouched parts keep their objects");
  // The next run sends what Rust holds.
  await agent.runAgent();
  assert.deepEqual(requests.at(-1).body.state, patched);
});

test("a large snapshot of plain messages reads as a small one does", async () => {
  const messages = Array.from({ length: 100 }, (_, i) => ({ id: `m${i}`, role: ["user", "assistant", "system", "developer"][i % 4], content: `line ${i} "é" \\` }));
  messages.push({ id: "t1", role: "tool", content: "result", toolCallId: "tc" }, { id: "r1", role: "reasoning", content: "why" });
  const run = async (batch) => {
    const { fetch } = scriptedFetch([started(), `data: {"type":"MESSAGES_SNAPSHOT","messages":${JSON.stringify(batch)}}\n\n`, finished()]);
    const agent = new AgentClient({ url: "http://x", fetch });
    await agent.runAgent();
    return agent.messages;
  };
  const big = await run(messages);
  assert.ok(JSON.stringify(messages).length > 4096);
  // Each message on its own stays below the size: the general path, to compare with.
  const one = [];
  for (const m of messages) one.push(...(await run([m])));
  assert.deepEqual(big, one);
  assert.deepEqual(big, messages);
});

test("a large plain snapshot's messages: parsed from its text, still followed by later events, and read member by member where it has members they drop", async () => {
  const messages = Array.from({ length: 80 }, (_, i) => ({ id: `m${i}`, role: i % 2 ? "assistant" : "user", content: `line ${i} "é" \\` }));
  const snapshot = (list) => `data: {"type":"MESSAGES_SNAPSHOT","messages":${JSON.stringify(list)}}\n\n`;
  // The snapshot and the start of a reply in one network chunk, the reply's end in the next.
  const { fetch } = scriptedFetch([
    started(),
    snapshot(messages) + sse({ type: "TEXT_MESSAGE_START", messageId: "n", role: "assistant" }) + sse({ type: "TEXT_MESSAGE_CONTENT", messageId: "n", delta: "hi" }),
    sse({ type: "TEXT_MESSAGE_CONTENT", messageId: "n", delta: "!" }) + sse({ type: "TEXT_MESSAGE_END", messageId: "n" }),
    finished(),
  ]);
  const agent = new AgentClient({ url: "http://x", fetch });
  const seen = [];
  agent.subscribe({ onMessagesChanged: ({ messages }) => seen.push(messages) });
  await agent.runAgent();
  assert.ok(snapshot(messages).length > 4096);
  assert.deepEqual(agent.messages, [...messages, { id: "n", role: "assistant", content: "hi!" }]);
  assert.equal(seen.length, 2);
  assert.deepEqual(seen[0].slice(0, -1), messages);
  for (let i = 0; i < messages.length; i++) assert.equal(seen[1][i], seen[0][i], `message ${i} keeps its object`);
  // A member no plain message keeps: the text no longer says what the messages hold.
  const extra = messages.map((m) => ({ ...m, extra: "dropped" }));
  const { fetch: fetch2 } = scriptedFetch([started(), snapshot(extra), finished()]);
  const other = new AgentClient({ url: "http://x", fetch: fetch2 });
  await other.runAgent();
  assert.deepEqual(other.messages, messages);
});

test("a history parsed from a snapshot's text keeps its objects through later messages and a snapshot that restates part of it", async () => {
  const messages = Array.from({ length: 80 }, (_, i) => ({ id: `m${i}`, role: i % 2 ? "assistant" : "user", content: `line ${i} of a history` }));
  const snapshot = (list) => `data: {"type":"MESSAGES_SNAPSHOT","messages":${JSON.stringify(list)}}\n\n`;
  assert.ok(snapshot(messages).length > 4096, "large enough to be read from its text");
  const { fetch } = scriptedFetch([
    started(),
    snapshot(messages), // alone in its chunk: parsed from its text
    sse({ type: "TEXT_MESSAGE_START", messageId: "n", role: "assistant" }),
    sse({ type: "TEXT_MESSAGE_CONTENT", messageId: "n", delta: "hi" }) + sse({ type: "TEXT_MESSAGE_END", messageId: "n" }),
    snapshot([...messages.slice(1), { id: "n", role: "assistant", content: "hi" }]), // the first one gone
    finished(),
  ]);
  const agent = new AgentClient({ url: "http://x", fetch });
  const seen = [];
  agent.subscribe({ onMessagesChanged: ({ messages }) => seen.push(messages) });
  await agent.runAgent();
  assert.deepEqual(seen[0], messages);
  const last = seen.at(-1);
  assert.deepEqual(last, [...messages.slice(1), { id: "n", role: "assistant", content: "hi" }]);
  for (let i = 1; i < messages.length; i++) {
    assert.equal(seen[1][i], seen[0][i], `message ${i} keeps its object when a message follows`);
    assert.equal(last[i - 1], seen[0][i], `message ${i} keeps its object through the second snapshot`);
  }
  assert.equal(last.at(-1), seen.find((s) => s.length === 81 && s[80].content === "hi")[80], "the streamed reply keeps its object too");
});

test("a state handed in (initialState, setState, a subscriber's return) is a copy, read from its JSON text, that deltas still patch", async () => {
  const given = () => ({ b: [1, { c: "é \"q\"" }], a: 1e21, n: null, skip: undefined, ["__proto__"]: { own: true } });
  const { fetch, requests } = scriptedFetch([
    started(),
    { type: "STATE_DELTA", delta: [{ op: "replace", path: "/b/1/c", value: "d" }] },
    finished(),
  ]);
  const initialState = given();
  const agent = new AgentClient({ url: "http://x", fetch, initialState });
  initialState.b.push("later");
  const expected = JSON.parse(JSON.stringify(given()));
  assert.deepEqual(agent.state, expected, "as JSON reads it, without the caller's later change");
  assert.notEqual(agent.state, initialState);
  assert.deepEqual(Object.keys(agent.state), ["b", "a", "n", "__proto__"], "key order as given, __proto__ an own key");
  assert.equal(Object.getPrototypeOf(agent.state), Object.prototype);
  const before = agent.state;
  let replaced;
  const subscription = agent.subscribe({
    onRunStartedEvent: ({ state }) => {
      replaced = { ...state, from: "subscriber" };
      return { state: replaced };
    },
  });
  await agent.runAgent();
  assert.deepEqual(requests[0].body.state, expected, "the request sends the text's value");
  const patched = JSON.parse(JSON.stringify(given()));
  patched.b[1].c = "d";
  assert.deepEqual(agent.state, { ...patched, from: "subscriber" });
  assert.equal(agent.state.n, null);
  assert.equal(before.b[1].c, "é \"q\"", "an earlier read is never changed");
  replaced.from = "edited after";
  assert.equal(agent.state.from, "subscriber", "a subscriber's state is copied too");
  subscription.unsubscribe();
  await agent.runAgent();
  assert.deepEqual(requests[1].body.state, { ...patched, from: "subscriber" }, "after a delta the request sends the patched state");
  agent.setState(given());
  assert.deepEqual(agent.state, expected);
  assert.deepEqual(agent.clone().state, expected, "a clone reads the same");
});

test("a notification that reports no state change hands over the state as it is, whatever changed it before", async () => {
  // State changed by deltas and a snapshot no callback hears, and by
  // setState mid-run, between messages-only updates: every
  // onMessagesChanged sees the state the client holds.
  const text = (d) => ({ type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: d });
  const { fetch } = scriptedFetch([
    started(),
    { type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant" },
    text("a"),
    { type: "STATE_DELTA", delta: [{ op: "replace", path: "/n", value: 1 }] },
    text("b"),
    { type: "STATE_SNAPSHOT", snapshot: { n: 2, fresh: true } },
    text("c"),
    text("d"),
    { type: "STATE_DELTA", delta: [{ op: "add", path: "/n", value: 3 }] },
    text("e"),
    text("f"),
    { type: "TEXT_MESSAGE_END", messageId: "m" },
    finished(),
  ]);
  for (const batching of ["event", "chunk"]) {
    const agent = new AgentClient({ url: "http://x", fetch, initialState: { n: 0 }, batching });
    const mismatches = [];
    let round = 0;
    agent.subscribe({
      onMessagesChanged({ messages, state }) {
        round++;
        const live = JSON.parse(JSON.stringify(agent.state));
        if (JSON.stringify(state) !== JSON.stringify(live)) mismatches.push({ round, state, live });
        const last = messages[messages.length - 1];
        if (last?.content === "abc") agent.setState({ n: 10, set: true });
      },
    });
    await agent.runAgent();
    assert.deepEqual(mismatches, [], batching);
    assert.ok(round >= (batching === "event" ? 6 : 1), `${batching}: ${round} rounds`);
    assert.deepEqual(agent.state, { n: 3, set: true }, batching);
  }
});

test("edits that would outweigh the state are not kept for its copy: it is made afresh, and right", async () => {
  const big = (c) => c.repeat(20 << 10);
  const run = async (replaces) => {
    const events = [started(), ...Array.from({ length: replaces }, (_, i) => ({ type: "STATE_DELTA", delta: [{ op: "replace", path: "/note", value: big(String(i)) }] })), finished()];
    const { fetch } = scriptedFetch([events.map(sse).join("")]);
    const agent = new AgentClient({ url: "http://x", fetch, initialState: { keep: { k: 1 }, note: "" } });
    const before = agent.state;
    await agent.runAgent();
    const after = agent.state;
    assert.deepEqual(after, { keep: { k: 1 }, note: big(String(replaces - 1)) });
    return after.keep === before.keep;
  };
  // 40 KB of edits are followed: the untouched part keeps its object.
  assert.equal(await run(2), true);
  // 100 KB replacing one member of a 20 KB state: a fresh copy instead.
  assert.equal(await run(5), false);
});

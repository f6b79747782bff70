// The five scenarios of issue 6, generated (not stored) so Node and the
// browser build identical bytes from the same code. Deterministic: no
// randomness, so every run and every environment sees the same stream.
// No Node APIs here: the browser page imports this file too.

const LOREM =
  "The quick brown fox jumps over the lazy dog while the agent streams its answer token by token. ";

/** `count` alternating user/assistant messages of about 100 characters each. */
export function history(count, prefix = "h") {
  const out = new Array(count);
  for (let i = 0; i < count; i++) {
    out[i] = { id: `${prefix}${i}`, role: i % 2 ? "assistant" : "user", content: `${i}: ${LOREM}` };
  }
  return out;
}

const run = (events) => [{ type: "RUN_STARTED", threadId: "t", runId: "r" }, ...events, { type: "RUN_FINISHED", threadId: "t", runId: "r" }];

// A ~5-character token: realistic LLM delta size, and varied so no engine
// can dedupe it.
const token = (i) => `w${i % 997} `;

function textReply(h, deltas) {
  const events = [{ type: "TEXT_MESSAGE_START", messageId: "reply", role: "assistant" }];
  for (let i = 0; i < deltas; i++) events.push({ type: "TEXT_MESSAGE_CONTENT", messageId: "reply", delta: token(i) });
  events.push({ type: "TEXT_MESSAGE_END", messageId: "reply" });
  return { initialMessages: history(h), events: run(events) };
}

/** One tool call's arguments as JSON text, cut into `pieces` deltas. */
function argPieces(call, pieces) {
  const items = [];
  for (let i = 0; i < 60; i++) items.push({ id: i, name: `item ${call}.${i}`, ok: i % 3 === 0 });
  const text = JSON.stringify({ query: `call ${call}: ${LOREM}`, limit: 10, items });
  const out = [];
  for (let i = 0; i < pieces; i++) out.push(text.slice(Math.floor((i * text.length) / pieces), Math.floor(((i + 1) * text.length) / pieces)));
  return out;
}

function parallelToolCalls(calls, deltas) {
  const parent = "calls";
  const args = Array.from({ length: calls }, (_, c) => argPieces(c, deltas));
  const events = [];
  for (let c = 0; c < calls; c++) events.push({ type: "TOOL_CALL_START", toolCallId: `tc${c}`, toolCallName: `tool${c}`, parentMessageId: parent });
  // Round-robin: the calls stream in parallel, interleaved delta by delta.
  for (let d = 0; d < deltas; d++) for (let c = 0; c < calls; c++) events.push({ type: "TOOL_CALL_ARGS", toolCallId: `tc${c}`, delta: args[c][d] });
  for (let c = 0; c < calls; c++) events.push({ type: "TOOL_CALL_END", toolCallId: `tc${c}` });
  return { initialMessages: [], events: run(events) };
}

/** One tool call writing a file of about `kb` KB: its content one string argument, in 8-byte deltas. */
function fileArgument(kb) {
  let content = "";
  for (let i = 0; content.length < kb * 1024; i++) content += `  const v${i} = compute(${i}, "a\\tb");\n`;
  const text = JSON.stringify({ path: "src/generated.ts", content });
  const events = [{ type: "TOOL_CALL_START", toolCallId: "write", toolCallName: "write_file", parentMessageId: "m" }];
  for (let i = 0; i < text.length; i += 8) events.push({ type: "TOOL_CALL_ARGS", toolCallId: "write", delta: text.slice(i, i + 8) });
  events.push({ type: "TOOL_CALL_END", toolCallId: "write" });
  return { initialMessages: [], events: run(events) };
}

/**
 * An agent's plan shown as an activity: an ACTIVITY_SNAPSHOT of `steps`
 * steps, then `count` ACTIVITY_DELTAs that move steps along and append
 * log lines to them, as a plan UI streams its progress.
 */
function planProgress({ steps, count }) {
  const plan = [];
  for (let i = 0; i < steps; i++) plan.push({ id: `s${i}`, title: `step ${i}: ${LOREM.slice(0, 40)}`, status: "pending", log: [] });
  const events = [{ type: "ACTIVITY_SNAPSHOT", messageId: "plan", activityType: "PLAN", content: { title: "the plan", steps: plan } }];
  const states = ["running", "done"];
  for (let i = 0; i < count; i++) {
    const step = (i * 7) % steps;
    events.push({
      type: "ACTIVITY_DELTA",
      messageId: "plan",
      activityType: "PLAN",
      patch: i % 4 === 3
        ? [{ op: "replace", path: `/steps/${step}/status`, value: states[i % 2] }]
        : [{ op: "add", path: `/steps/${step}/log/-`, value: `${i}: ${LOREM.slice(i % 50, (i % 50) + 30)}` }],
    });
  }
  return { initialMessages: [], events: run(events) };
}

/**
 * A thinking model's turn: a reasoning message of `deltas` small deltas,
 * then the answer in as many, as a UI shows both while they stream.
 */
function reasonThenAnswer({ deltas = 5000 } = {}) {
  const events = [{ type: "REASONING_START", messageId: "think" }, { type: "REASONING_MESSAGE_START", messageId: "thought", role: "reasoning" }];
  for (let i = 0; i < deltas; i++) events.push({ type: "REASONING_MESSAGE_CONTENT", messageId: "thought", delta: token(i) });
  events.push({ type: "REASONING_MESSAGE_END", messageId: "thought" }, { type: "REASONING_END", messageId: "think" });
  events.push({ type: "TEXT_MESSAGE_START", messageId: "reply", role: "assistant" });
  for (let i = 0; i < deltas; i++) events.push({ type: "TEXT_MESSAGE_CONTENT", messageId: "reply", delta: token(i + 7) });
  events.push({ type: "TEXT_MESSAGE_END", messageId: "reply" });
  return { initialMessages: history(100), events: run(events) };
}

/** A reply of about `kb` KB in 10-byte deltas. */
function longReply(kb) {
  const events = [{ type: "TEXT_MESSAGE_START", messageId: "reply", role: "assistant" }];
  for (let n = 0, i = 0; n < kb * 1024; n += 10, i++) events.push({ type: "TEXT_MESSAGE_CONTENT", messageId: "reply", delta: `${LOREM}${LOREM}`.slice(i % 90, (i % 90) + 10) });
  events.push({ type: "TEXT_MESSAGE_END", messageId: "reply" });
  return { initialMessages: [], events: run(events) };
}

/** A state of about `bytes` of JSON: records plus a small counters object. */
export function bigState(bytes) {
  const items = [];
  const counters = {};
  for (let c = 0; c < 50; c++) counters[`c${c}`] = 0;
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const item = { id: i, name: `record ${i}`, value: i * 3, tags: ["alpha", "beta", `t${i % 17}`], note: LOREM.slice(0, 60) };
    size += JSON.stringify(item).length + 1;
    items.push(item);
  }
  return { items, counters };
}

function stateDeltas({ count = 1000 } = {}, stateBytes = 1 << 20) {
  const initialState = bigState(stateBytes);
  const n = initialState.items.length;
  const events = [];
  for (let i = 0; i < count; i++) {
    events.push({
      type: "STATE_DELTA",
      delta: [
        { op: "replace", path: `/items/${(i * 7919) % n}/value`, value: i },
        { op: "replace", path: `/counters/c${i % 50}`, value: i },
      ],
    });
  }
  return { initialMessages: [], initialState, events: run(events) };
}

function messagesSnapshot(count) {
  return { initialMessages: [], events: run([{ type: "MESSAGES_SNAPSHOT", messages: history(count, "s") }]) };
}

function bigEvent(bytes) {
  return { initialMessages: [], events: run([{ type: "STATE_SNAPSHOT", snapshot: bigState(bytes) }]) };
}

// Issue 37: one large event of each kind, at 1, 4 and 16 MiB, so that a
// cost that grows faster than its input shows.
const blob = (bytes) => bigState(bytes).items;

/** `bytes` of messages of every role, multimodal user parts, tool calls and their results. */
function mixedMessages(bytes) {
  const out = [];
  for (let i = 0, size = 0; size < bytes; i++) {
    const id = `m${i}`;
    let m;
    switch (i % 5) {
      case 0:
        m = { id, role: "user", content: [{ type: "text", text: `${i}: ${LOREM}` }, { type: "image", source: { type: "url", value: `https://example.test/${i}.png` } }] };
        break;
      case 1:
        m = { id, role: "assistant", content: LOREM, toolCalls: [{ id: `tc${i}`, type: "function", function: { name: "search", arguments: JSON.stringify({ q: `${i} ${LOREM}`, limit: 5 }) } }] };
        break;
      case 2:
        m = { id, role: "tool", toolCallId: `tc${i - 1}`, content: `result ${i}: ${LOREM}` };
        break;
      case 3:
        m = { id, role: "reasoning", content: LOREM, encryptedValue: `enc${i}` };
        break;
      default:
        m = { id, role: "assistant", content: `${i}: ${LOREM}` };
    }
    size += JSON.stringify(m).length + 1;
    out.push(m);
  }
  return out;
}

const repeatText = (bytes) => LOREM.repeat(Math.ceil(bytes / LOREM.length)).slice(0, bytes);

const KINDS = [
  ["messages", "MESSAGES_SNAPSHOT of mixed messages", (b) => [{ type: "MESSAGES_SNAPSHOT", messages: mixedMessages(b) }]],
  ["state", "STATE_SNAPSHOT", (b) => [{ type: "STATE_SNAPSHOT", snapshot: bigState(b) }]],
  ["activity", "ACTIVITY_SNAPSHOT", (b) => [{ type: "ACTIVITY_SNAPSHOT", messageId: "a1", activityType: "PLAN", content: { steps: blob(b) } }]],
  ["args", "TOOL_CALL_ARGS (one call's arguments)", (b) => [
    { type: "TOOL_CALL_START", toolCallId: "tc", toolCallName: "write" },
    { type: "TOOL_CALL_ARGS", toolCallId: "tc", delta: JSON.stringify({ rows: blob(b) }) },
    { type: "TOOL_CALL_END", toolCallId: "tc" },
  ]],
  ["text", "TEXT_MESSAGE_CONTENT", (b) => [
    { type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant" },
    { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: repeatText(b) },
    { type: "TEXT_MESSAGE_END", messageId: "m" },
  ]],
  ["reasoning", "REASONING_MESSAGE_CONTENT", (b) => [
    { type: "REASONING_START", messageId: "r" },
    { type: "REASONING_MESSAGE_START", messageId: "rm", role: "reasoning" },
    { type: "REASONING_MESSAGE_CONTENT", messageId: "rm", delta: repeatText(b) },
    { type: "REASONING_MESSAGE_END", messageId: "rm" },
    { type: "REASONING_END", messageId: "r" },
  ]],
  ["custom", "CUSTOM", (b) => [{ type: "CUSTOM", name: "rows", value: blob(b) }]],
  ["raw", "RAW", (b) => [{ type: "RAW", event: { rows: blob(b) }, source: "upstream" }]],
];
const KIND_MIB = [1, 4, 16];

const HISTORY = [0, 100, 1000, 10000];
const DELTAS = 10000;
const SCALE = [0, 100000];
const SCALE_DELTAS = 100000;

/**
 * Every scenario: id, title, and `build(opts)` for the stream. `caps` gives
 * smaller builds for variants whose full run would take minutes (the
 * reference clones the whole history or state on every event); per-event
 * cost there does not fall with the count, and the report says which ran capped.
 */
export const SCENARIOS = [
  ...HISTORY.map((h) => ({
    id: `1-h${h}`,
    group: "1",
    history: h,
    title: `H=${h.toLocaleString("en-US")}, ${DELTAS.toLocaleString("en-US")} text deltas`,
    build: ({ deltas = DELTAS } = {}) => textReply(h, deltas),
    fixedCost: { deltas: 0 },
    // The reference's per-event cost grows with H; fewer deltas keep its runs
    // to seconds. Fewer deltas also mean a shorter reply to clone, so the cap
    // flatters the reference, never us.
    caps: h >= 10000 ? { reference: { deltas: 300 } } : h >= 1000 ? { reference: { deltas: 2000 } } : {},
  })),
  // `floorTarget`: issue 17's bound on ours ÷ floor (3x where none is given).
  { id: "2", group: "2", title: "20 parallel tool calls × 500 arg deltas, partialToolCallArgs read on every delta", build: () => parallelToolCalls(20, 500), toolArgs: true, floorTarget: 5, variants: ["ours-quiet"] },
    {
    id: "3",
    group: "3",
    title: "1,000 STATE_DELTA against a 1 MB state",
    build: (o) => stateDeltas(o),
    // The reference copies the whole 1 MB state (twice) on every delta.
    caps: { reference: { count: 100 } },
    // One delta, not none: a run without one never notifies, so the part
    // it measures would leave out the first state notification's path copy
    // of the 1 MB copy's containers, which a run of deltas pays however
    // few it has.
    fixedCost: { count: 1 },
    floorTarget: 5,
  },
  { id: "10", group: "10", title: "a thinking model's turn: 5,000 reasoning deltas, then a 5,000-delta answer, after 100 messages", build: (o) => reasonThenAnswer(o), fixedCost: { deltas: 0 } },
  // A plan UI: ACTIVITY_DELTAs against a small activity, and against one
  // of about 1 MB (scenario 3's bound, as for a large state).
  ...[[50, 2000], [10000, 1000]].map(([steps, count]) => ({
    id: `9-steps${steps}`,
    group: "9",
    title: `a plan as an activity: ACTIVITY_SNAPSHOT of ${steps.toLocaleString("en-US")} steps, then ${count.toLocaleString("en-US")} ACTIVITY_DELTAs`,
    build: (o) => planProgress({ steps, count, ...o }),
    caps: steps > 1000 ? { reference: { count: 100 } } : {},
    // One delta, not none, as for scenario 3: the first patch builds the
    // content's tree and the first path copy.
    fixedCost: { count: 1 },
    floorTarget: steps > 1000 ? 5 : 3,
  })),
  { id: "4", group: "4", title: "MESSAGES_SNAPSHOT of 10,000 messages", build: () => messagesSnapshot(10000) },
  { id: "5", group: "5", title: "one 5 MB event (STATE_SNAPSHOT)", build: () => bigEvent(5 << 20) },
  // Scale: a reply of 100,000 deltas after no history and after 100,000
  // messages. The reference clones the whole history on every event (about
  // 0.1 s each at H = 100,000), so it runs a few of them; ours with one
  // update per event copies H references per event by design (a new array
  // per change someone has seen), so it runs 10,000.
  ...SCALE.map((h) => ({
    id: `6-h${h}`,
    group: "6",
    history: h,
    title: `scale: H=${h.toLocaleString("en-US")}, ${SCALE_DELTAS.toLocaleString("en-US")} text deltas`,
    build: ({ deltas = SCALE_DELTAS } = {}) => textReply(h, deltas),
    fixedCost: { deltas: 0 },
    variants: ["ours-frame"],
    caps: h ? { reference: { deltas: 20 }, "ours-event": { deltas: 10000 } } : { reference: { deltas: 10000 } },
  })),
  // A callback that reads the buffer an event grows, on every delta: the
  // reference makes it again from the start each time, so it runs 32 KB.
  {
    id: "8-file",
    group: "8",
    title: "one tool call streaming a 256 KB file as a string argument in 8-byte deltas, partialToolCallArgs read on every delta",
    build: ({ kb = 256 } = {}) => fileArgument(kb),
    toolArgs: true,
    caps: { reference: { kb: 32 } },
    floorTarget: 5,
    variants: ["ours-quiet"],
  },
  {
    id: "8-reply",
    group: "8",
    title: "a 256 KB reply in 10-byte deltas, textMessageBuffer read on every delta",
    build: ({ kb = 256 } = {}) => longReply(kb),
    reads: "textBuffer",
    caps: { reference: { kb: 32 } },
    floorTarget: 5,
    variants: ["ours-quiet"],
  },
  // One event, so one update whatever the batching: "event" is not run.
  // The reference refuses an SSE event past 10 MB, so it runs to 4 MiB;
  // ours is allowed 64 MiB. `reads`: what the UI subscriber reads of the
  // events (an app that receives CUSTOM or RAW events reads them).
  ...KINDS.flatMap(([kind, title, build]) =>
    KIND_MIB.map((mib) => ({
      id: `7-${kind}-${mib}`,
      group: "7",
      kind,
      mib,
      event: title,
      title: `one ${mib} MiB ${title}`,
      build: () => ({ initialMessages: [], events: run(build(mib << 20)) }),
      skip: mib > 8 ? ["ours-event", "reference"] : ["ours-event"],
      options: { maxEventSize: 64 << 20 },
      reads: kind === "custom" || kind === "raw" ? kind : undefined,
    })),
  ),
];

export const KIND_SIZES = KIND_MIB;

export const scenario = (id) => SCENARIOS.find((s) => s.id === id);

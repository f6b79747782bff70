// What one benchmark job does, in Node or in the browser alike: build the
// scenario's bytes, run one client over them several times, and time it.
// The platform passes in the clients, a GC hook and a memory probe.

import { median } from "./median.mjs";
import { scenario } from "./scenarios.mjs";

export const CHUNK = 16 * 1024;
export const VARIANTS = {
  ours: { ours: true, batching: "chunk" },
  "ours-event": { ours: true, batching: "event" },
  // At most one update per frame, what a UI over a very long history wants;
  // run only where a scenario asks for it (the scale scenarios).
  "ours-frame": { ours: true, batching: { throttleMs: 16 }, optIn: true },
  // The same run without the scenario's event callback (onToolCallArgsEvent,
  // onTextMessageContentEvent, ...), so the report gives what that
  // callback's rounds cost; run where a scenario asks for it.
  "ours-quiet": { ours: true, batching: "chunk", quiet: true, optIn: true },
  reference: { ours: false },
};

/** The variants that run ours. */
export const OUR_VARIANTS = Object.keys(VARIANTS).filter((v) => VARIANTS[v].ours);

/** The scenario as the wire sees it: SSE bytes in 16 KiB pieces, plus the JSON payloads for the floor. */
export function prepare(id, variant, full = false, opts = null) {
  const sc = scenario(id);
  if (!sc) throw new Error(`no scenario ${id}`);
  const cap = full ? null : sc.caps?.[variant];
  const { events, initialMessages = [], initialState = {} } = sc.build(opts ?? cap ?? {});
  const { payloads, bytes, chunks } = sse(events);
  return { sc, capped: Boolean(cap), events: events.length, bytes: bytes.length, payloads, chunks, initialMessages, initialState };
}

/** `events` as the wire sees them: their JSON payloads, the SSE bytes, and those bytes in 16 KiB pieces. */
export function sse(events) {
  const payloads = events.map((e) => JSON.stringify(e));
  const bytes = new TextEncoder().encode(payloads.map((p) => `data: ${p}\n\n`).join(""));
  const chunks = [];
  for (let i = 0; i < bytes.length; i += CHUNK) chunks.push(bytes.subarray(i, i + CHUNK));
  return { payloads, bytes, chunks };
}

// A pull stream hands over one chunk per read, as a network would; `tick`
// lets the memory run sample between chunks.
export function fetchOf(chunks, tick) {
  return async () => {
    let i = 0;
    const body = new ReadableStream({
      pull(ctrl) {
        tick?.();
        if (i < chunks.length) ctrl.enqueue(chunks[i++]);
        else ctrl.close();
      },
    });
    return new Response(body, { headers: { "content-type": "text/event-stream" } });
  };
}

// What a UI does with each update, identical for both clients: look at the
// list and the message being streamed, the state, and (scenario 2) the
// partially parsed tool arguments. `sink` keeps the reads from being optimised away.
export function uiSubscriber(sink, toolArgs, tick, reads) {
  const s = {
    onMessagesChanged({ messages }) {
      tick?.();
      sink.reads++;
      const last = messages[messages.length - 1];
      sink.n += messages.length + (typeof last?.content === "string" ? last.content.length : 0);
    },
    onStateChanged({ state }) {
      tick?.();
      sink.n += Object.keys(state).length;
    },
  };
  if (reads === "custom") s.onCustomEvent = ({ event }) => void (sink.n += Array.isArray(event.value) ? event.value.length : 0);
  if (reads === "textBuffer") s.onTextMessageContentEvent = ({ textMessageBuffer }) => void (sink.n += textMessageBuffer.length);
  if (reads === "raw") s.onRawEvent = ({ event }) => void (sink.n += Object.keys(event.event).length);
  if (toolArgs) {
    s.onToolCallArgsEvent = ({ partialToolCallArgs }) => {
      tick?.();
      sink.n += partialToolCallArgs ? Object.keys(partialToolCallArgs).length : 0;
    };
  }
  return s;
}

/** The scenario's subscriber, without its event callback for a quiet variant. */
export function subscriberFor(variant, p, sink, tick) {
  const quiet = VARIANTS[variant].quiet;
  return uiSubscriber(sink, !quiet && p.sc.toolArgs, tick, quiet ? undefined : p.sc.reads);
}

export function makeClient(clients, variant, p, tick) {
  const v = VARIANTS[variant];
  const config = {
    url: "http://agent.test/run",
    threadId: "t",
    initialMessages: p.initialMessages,
    initialState: p.initialState,
    fetch: fetchOf(p.chunks, tick),
  };
  return v.ours ? new clients.AgentClient({ ...config, ...p.sc.options, batching: v.batching }) : new clients.HttpAgent(config);
}

/** A cheap fingerprint of the outcome, so the report can check both clients agree. */
function digest(client) {
  const m = client.messages;
  const last = m[m.length - 1];
  const args = last?.toolCalls?.reduce((n, tc) => n + tc.function.arguments.length, 0) ?? 0;
  const s = client.state;
  const items = s?.items;
  return `${m.length}/${typeof last?.content === "string" ? last.content.length : 0}/${args}/${Array.isArray(items) ? items.length : 0}/${JSON.stringify(s?.counters ?? null).length}`;
}

export async function runOnce(clients, variant, p, tick) {
  const sink = { n: 0, reads: 0 };
  const c0 = performance.now();
  const client = makeClient(clients, variant, p, tick);
  const constructMs = performance.now() - c0;
  const t0 = performance.now();
  await client.runAgent({ runId: "r" }, subscriberFor(variant, p, sink, tick));
  const ms = performance.now() - t0;
  const d = digest(client);
  // Ours holds its history in wasm memory, released by free() or, for a
  // dropped client, by a FinalizationRegistry task some time after a GC: in
  // a tight loop dropped clients pile up and slow the later runs. The
  // reference's garbage goes with the forced GC before each run.
  client.free?.();
  return { ms, constructMs, digest: d, sink: sink.n, reads: sink.reads };
}

/**
 * What the list reads of a run cost at the least, done in plain
 * JavaScript: each `onMessagesChanged` that reads `messages` after a
 * change gets a new array (so React can compare by identity), and a new
 * array of H references is a copy of H references, whichever client makes
 * it. Timed here as `slice()` and one element set on an array of the
 * scenario's own initial messages, in the same process as the run; per
 * event, it is `reads` such copies over the run's events.
 */
function copyFloor(p, reads, gc) {
  const h = p.initialMessages.length;
  if (h < 1000 || !reads) return undefined;
  let list = p.initialMessages.slice();
  const last = list[h - 1];
  const copy = () => {
    const next = list.slice();
    next[h - 1] = { ...last };
    list = next;
  };
  for (let i = 0; i < 20; i++) copy();
  const per = [];
  for (let round = 0; round < 15; round++) {
    gc?.();
    const n = Math.max(5, Math.round(2e6 / h));
    const t0 = performance.now();
    for (let i = 0; i < n; i++) copy();
    per.push(((performance.now() - t0) * 1000) / n);
  }
  const copyUs = median(per);
  return { copyUs, reads, usPerEvent: (copyUs * reads) / p.events };
}

/**
 * What the run's request body costs at the least: every client sends the
 * whole history with each run, so `JSON.stringify` of the scenario's own
 * initial messages (a parsed copy, as the clients hold theirs), timed in
 * the same process as the run, is a per-run cost no client avoids and the
 * floor (the events' parse) leaves out.
 */
async function bodyFloor(p, gc) {
  if (p.initialMessages.length < 1000) return undefined;
  const held = JSON.parse(JSON.stringify(p.initialMessages));
  let sink = 0;
  const once = () => {
    const t0 = performance.now();
    sink += JSON.stringify(held).length;
    return performance.now() - t0;
  };
  for (let i = 0; i < 5; i++) once();
  const ms = median(await repeat(15, gc, once, { max: 15 }));
  return { ms, usPerEvent: (ms * 1000) / p.events, sink };
}

// At least `runs` timed runs; quick ones go on (up to `max`) while they fit
// in `budgetMs`, since a short run is at the mercy of the scheduler and only
// many of them give a median that holds still.
async function repeat(runs, gc, fn, { budgetMs = 2000, max = 50 } = {}) {
  const times = [];
  let total = 0;
  while (times.length < runs || (total < budgetMs && times.length < max)) {
    gc?.();
    const ms = await fn();
    times.push(ms);
    total += ms;
  }
  return times;
}

/**
 * One client on one scenario. The first run is the memory run (sampled at
 * every callback and network chunk; it also warms the JIT), then the timed
 * runs, each on a fresh client after a forced GC.
 */
export async function measureClient({ clients, variant, id, runs = 5, full = false, gc, memory }) {
  const p = prepare(id, variant, full);
  gc?.();
  const base = memory();
  let peak = base;
  const tick = () => {
    const m = memory();
    if (m > peak) peak = m;
  };
  const first = await runOnce(clients, variant, p, tick);
  tick();
  // Where the scenario defines one, the same run with no deltas, timed
  // alternately with the full one so both see the same machine load: its
  // time is the per-run cost (request body, history setup), which separates
  // cost that grows with H once per run from cost that grows with H per event.
  const p0 = p.sc.fixedCost && VARIANTS[variant].ours ? prepare(id, variant, full, p.sc.fixedCost) : null;
  const fixed = [];
  // Construction (taking in the initial history and state) is timed apart:
  // the run's time starts once the client exists.
  const constructs = [];
  const times = await repeat(runs, gc, async () => {
    if (p0) {
      fixed.push((await runOnce(clients, variant, p0)).ms);
      gc?.();
    }
    const r = await runOnce(clients, variant, p);
    constructs.push(r.constructMs);
    return r.ms;
  });
  const ms = median(times);
  const fixedMs = p0 ? median(fixed) : undefined;
  const fixedEvents = p0?.events;
  const copies = VARIANTS[variant].ours ? copyFloor(p, first.reads, gc) : undefined;
  const body = VARIANTS[variant].ours ? await bodyFloor(p, gc) : undefined;
  return {
    id, variant, capped: p.capped, events: p.events, bytes: p.bytes,
    runs: times.length, ms, usPerEvent: (ms * 1000) / p.events, times, constructMs: median(constructs),
    peakBytes: peak - base, digest: first.digest, fixedMs, fixedEvents, copies, body,
  };
}

/** The floor: JSON.parse of the same payloads, nothing else. */
export async function measureFloor({ id, runs = 5, gc }) {
  const p = prepare(id, "ours");
  let sink = 0;
  const parseAll = () => {
    const t0 = performance.now();
    for (const s of p.payloads) sink += JSON.parse(s) ? 1 : 0;
    return performance.now() - t0;
  };
  parseAll();
  const times = await repeat(runs, gc, async () => parseAll(), { budgetMs: 1000, max: 200 });
  const ms = median(times);
  const decodeMs = p.sc.kind ? median(await repeat(runs, gc, async () => decodeAll(p.chunks), { budgetMs: 1000, max: 200 })) : undefined;
  return { id, variant: "floor", events: p.events, bytes: p.bytes, runs: times.length, ms, usPerEvent: (ms * 1000) / p.events, times, sink, decodeMs };
}

/**
 * What turning the wire's bytes into text costs at the least, which the
 * floor (JSON.parse of strings that already exist) leaves out and every
 * client pays: the stream's 16 KiB pieces through one `TextDecoder`.
 * Reported beside the large events (scenario 7), where it can be most of
 * the floor or more.
 */
function decodeAll(chunks) {
  const t0 = performance.now();
  const d = new TextDecoder();
  let n = 0;
  for (const c of chunks) n += d.decode(c, { stream: true }).length;
  n += d.decode().length;
  if (n < 0) throw new Error("unreachable");
  return performance.now() - t0;
}

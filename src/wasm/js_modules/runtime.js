// @ts-check
// What the binding needs from the JavaScript platform, in windows, workers
// and Node alike: fetch, timers, abort, randomness, and the few values that
// are cheaper built in JavaScript (callback parameters, the request body).
// Imported by src/wasm/js.rs.
// Callback parameters: `messages` and `state` as of the call, `input` the
// run's input (one object a run, see `writeBody`).
//
// `messages` on an event callback's parameters is an own, enumerable
// getter, as the reference's is an own data property (a spread or
// `JSON.stringify` of the parameters keeps it), defined from a shared
// descriptor rather than written as a getter in an object literal: V8
// builds a literal with an accessor on a slow path, 1 to 1.5 us an object
// in Node 20, against 0.3 for a plain literal and a `defineProperty` with
// a shared getter, and there is one such object per callback per event.
// Each `defineProperty` is a call into the engine's runtime: `input` is a
// plain member (0.19 against 0.62 us an object with both defined).
/** @this {{ agent: { messages: unknown } }} */
function agentMessages() { return this.agent.messages; }
const MESSAGES = { get: agentMessages, enumerable: true, configurable: true };
/** @param {any} messages @param {any} state @param {any} agent @param {object | undefined} input */
export function makeParams(messages, state, agent, input) {
  return input === undefined ? { messages, state, agent } : { messages, state, agent, input };
}
// An event callback's parameters: `messages` is read from the agent when
// the callback reads it, as the reference hands event callbacks its live
// working copy. A stream of events whose callbacks never look at the
// history then costs no array per event.
// The event and up to three extras (`k1`: `v1`, ..., an undefined key
// for none) are set here, where the engine's inline caches see the same
// few names at each site, not by one `Reflect.set` call from WebAssembly
// each (a tenth of a tool-argument stream's time).
/**
 * @param {any} state @param {any} agent @param {object | undefined} input @param {any} event
 * @param {string} [k1] @param {any} [v1] @param {string} [k2] @param {any} [v2] @param {string} [k3] @param {any} [v3]
 */
export function makeEventParams(state, agent, input, event, k1, v1, k2, v2, k3, v3) {
  /** @type {Record<string, any>} */
  const p = input === undefined ? { state, agent, event } : { state, agent, event, input };
  Object.defineProperty(p, "messages", MESSAGES);
  if (k1 !== undefined) p[k1] = v1;
  if (k2 !== undefined) p[k2] = v2;
  if (k3 !== undefined) p[k3] = v3;
  return p;
}
// `p`'s value, or `undefined` if `ms` pass first (`p` goes on).
/** @param {Promise<unknown>} p @param {number} ms */
export function within(p, ms) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let t;
  const timer = new Promise((resolve) => (t = setTimeout(resolve, ms)));
  return Promise.race([p, timer]).finally(() => clearTimeout(t));
}
// A text or reasoning delta and a tool call's argument delta, in their plain
// form, with the keys in the order their JSON has them.
/** @param {string} type @param {string} messageId @param {string} delta */
export function textDelta(type, messageId, delta) { return { type, messageId, delta }; }
/** @param {string} type @param {string} toolCallId @param {string} delta */
export function argsDelta(type, toolCallId, delta) { return { type, toolCallId, delta }; }
/** @param {number} ms */
export function sleep(ms) { return new Promise((resolve) => setTimeout(resolve, ms)); }
export function newAbortController() { return new AbortController(); }
export function globalFetch() {
  if (typeof fetch !== "function") throw new Error("no global fetch: pass a fetch function in the AgentClient options");
  return (/** @type {string} */ url, /** @type {RequestInit} */ init) => fetch(url, init);
}
/** @param {any} v */
export function isThenable(v) {
  return v !== null && (typeof v === "object" || typeof v === "function") && typeof v.then === "function";
}
export function now() { return Date.now(); }
export function randomSeed() {
  const c = globalThis.crypto;
  if (c && typeof c.getRandomValues === "function") {
    const a = new Uint32Array(2);
    c.getRandomValues(a);
    return a[0] * 4294967296 + a[1];
  }
  return Math.random() * 9007199254740991;
}
// The request body around the history and state the client holds as JS
// values (the state's JSON text where the client still has it, else its JS
// copy; both undefined leave it out), and the run's input as callbacks
// read it: what the body says, with `state` and `messages` parsed from it
// the first time one is read, so a long history costs a run nothing there
// unless someone looks. `[body, input]`.
/** @param {string} head @param {string | undefined} stateText @param {any} state @param {any[]} messages @param {string} tail */
export function writeBody(head, stateText, state, messages, tail) {
  const json = stateText ?? (state === undefined ? undefined : JSON.stringify(state));
  /** @param {string | undefined} s @param {string} m */
  const frame = (s, m) => head + (s === undefined ? "" : '"state":' + s + ",") + '"messages":' + m + tail;
  const body = frame(json, JSON.stringify(messages));
  // The small members, in the body's order, with placeholders in the two
  // large ones' places.
  const input = JSON.parse(frame(json && "0", "0"));
  /** @type {any} */
  let whole;
  /** @param {string} key */
  const lazy = (key) => ({
    /** @this {any} */
    get() {
      whole ??= JSON.parse(body);
      return own(this, key, whole[key]);
    },
    /** @this {any} @param {any} v */
    set(v) { own(this, key, v); },
    enumerable: true,
    configurable: true,
  });
  if (json !== undefined) Object.defineProperty(input, "state", lazy("state"));
  Object.defineProperty(input, "messages", lazy("messages"));
  return [body, input];
}
/** `o[key] = v` as a data member, in the place the key has. @param {any} o @param {string} key @param {any} v */
function own(o, key, v) {
  Object.defineProperty(o, key, { value: v, writable: true, enumerable: true, configurable: true });
  return v;
}
/** @param {string} text */
export function parseJson(text) { return JSON.parse(text); }
const encoder = new TextEncoder();
// A string's UTF-8, for WebAssembly to copy in one piece: passing the
// string itself goes through wasm-bindgen's character-by-character loop,
// 4 to 9 ms per MB against about 1 ms for this (a 1 MB initialState).
/** @param {string} text */
export function utf8(text) { return encoder.encode(text); }
// The constructor's options without the history and state (read on their
// own), so a long history is not stringified and parsed twice.
/** @param {any} config */
export function scalarOptions(config) {
  if (config === null || typeof config !== "object") return config;
  const { initialMessages, initialState, fetch, headers, agent, ...rest } = config;
  return rest;
}
/** @param {string} a @param {string} b */
export function concat(a, b) { return a + b; }
/** @param {Promise<unknown>} p */
export function ignoreRejection(p) { p.catch(() => {}); }
export function deferred() {
  let resolve;
  const promise = new Promise((r) => (resolve = r));
  return [promise, resolve];
}
// The next chunk, or `null` as soon as `stop` settles (a detached run).
/** @param {ReadableStream} stream */
export function readerOf(stream) { return stream.getReader(); }
// The object callbacks receive as `agent`, when a wrapper gave one: held
// through a WeakRef, so the client never keeps its wrapper alive.
/** @param {any} ref */
export function derefAgent(ref) {
  return ref !== undefined && typeof ref.deref === "function" ? ref.deref() : undefined;
}
// What a thrown value that is not an Error says: its JSON where it has one
// (`{"code":1}`), else its string (`Symbol(x)`, `10` for a BigInt, what a
// cyclic object converts to), else its tag.
/** @param {unknown} v @returns {string} */
export function thrownText(v) {
  try {
    const json = JSON.stringify(v);
    if (json !== undefined) return json;
  } catch {}
  try {
    return String(v);
  } catch {
    return Object.prototype.toString.call(v);
  }
}
// As the reference reports a run that failed and that no subscriber stopped.
/** @param {unknown} e */
export function reportRunFailure(e) { console.error("Agent execution failed:", e); }
// A controller set on the client while a run streams stops that run too.
/** @param {any} from @param {AbortController} to */
export function linkAbort(from, to) {
  const signal = from && from.signal;
  if (signal && typeof signal.addEventListener === "function") {
    if (signal.aborted) to.abort();
    else signal.addEventListener("abort", () => to.abort(), { once: true });
  }
}
/** @param {...unknown} args */
export function debugLog(...args) { console.debug("[agui-wasm]", ...args); }

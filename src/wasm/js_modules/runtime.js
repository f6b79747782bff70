// @ts-check
// What the WebAssembly face needs from JavaScript: randomness, and the few
// values that are cheaper built here (the plain deltas' event objects). Imported by src/wasm/js.rs; never the application's code.
// A text or reasoning delta and a tool call's argument delta, in their plain
// form, with the keys in the order their JSON has them.
/** @param {string} type @param {string} messageId @param {string} delta */
export function textDelta(type, messageId, delta) { return { type, messageId, delta }; }
/** @param {string} type @param {string} toolCallId @param {string} delta */
export function argsDelta(type, toolCallId, delta) { return { type, toolCallId, delta }; }
// What an event's callbacks get from the core, in one array (see
// Core.event).
/** @param {any} state @param {any} event @param {any} k1 @param {any} v1 @param {any} k2 @param {any} v2 @param {any} k3 @param {any} v3 @param {string | undefined} lazy */
export function eventArgs(state, event, k1, v1, k2, v2, k3, v3, lazy) { return [state, event, k1, v1, k2, v2, k3, v3, lazy]; }
export function randomSeed() {
  const c = globalThis.crypto;
  if (c && typeof c.getRandomValues === "function") {
    const a = new Uint32Array(2);
    c.getRandomValues(a);
    return a[0] * 4294967296 + a[1];
  }
  return Math.random() * 9007199254740991;
}
/** @param {string} text */
export function parseJson(text) { return JSON.parse(text); }
const encoder = new TextEncoder();
// A string's UTF-8, for WebAssembly to copy in one piece: passing the
// string itself goes through wasm-bindgen's character-by-character loop,
// 4 to 9 ms per MB against about 1 ms for this (a 1 MB initialState).
/** @param {string} text */
export function utf8(text) { return encoder.encode(text); }
/** @param {string} a @param {string} b */
export function concat(a, b) { return a + b; }

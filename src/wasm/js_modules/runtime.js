// @ts-check
// What the WebAssembly face needs from JavaScript: randomness, and the few
// values that are cheaper built here. Imported by src/wasm/js.rs; never the application's code.
// What an event's callbacks get from the core, in one array (see
// Core.event).
/** @param {any} state @param {any} event @param {any} k1 @param {any} v1 @param {any} k2 @param {any} v2 @param {any} k3 @param {any} v3 */
export function eventArgs(state, event, k1, v1, k2, v2, k3, v3) { return [state, event, k1, v1, k2, v2, k3, v3]; }
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

//! The JavaScript the binding calls: globals that exist in windows, workers
//! and Node alike, reached structurally so a test's own `fetch` and
//! `Response` work as well as the platform's.

use std::cell::RefCell;
use std::collections::HashMap;

use js_sys::{Function, Object, Promise, Uint8Array};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(inline_js = r#"
// Callback parameters: `messages` and `state` as of the call, `input` a
// lazy getter (parsed from the request body only if read). Object literals,
// which engines build from a template.
export function makeParams(messages, state, agent, input) {
  if (input === undefined) return { messages, state, agent };
  return { messages, state, agent, get input() { return input(); } };
}
export function sleep(ms) { return new Promise((resolve) => setTimeout(resolve, ms)); }
export function newAbortController() { return new AbortController(); }
export function globalFetch() {
  if (typeof fetch !== "function") throw new Error("no global fetch: pass a fetch function in the AgentClient options");
  return (url, init) => fetch(url, init);
}
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
export function sliceArray(a) { return a.slice(); }
// The request body around the history and state the client holds as JS
// values; \`state\` undefined leaves it out.
export function writeBody(head, state, messages, tail) {
  const s = state === undefined ? "" : '"state":' + JSON.stringify(state) + ",";
  return head + s + '"messages":' + JSON.stringify(messages) + tail;
}
export function parseJson(text) { return JSON.parse(text); }
// The constructor's options without the history and state (read on their
// own), so a long history is not stringified and parsed twice.
export function scalarOptions(config) {
  if (config === null || typeof config !== "object") return config;
  const { initialMessages, initialState, fetch, headers, agent, ...rest } = config;
  return rest;
}
export function concat(a, b) { return a + b; }
// Replays a JSON Patch that already succeeded in the core on an immutable
// JS copy: containers on each touched path are copied, the rest is shared.
// Containers copied by this replay are nobody else's yet, so later
// operations of the same replay edit them in place: a batch of n
// operations under one large array copies it once, not n times.
function tokens(path) {
  return path === "" ? [] : path.slice(1).split("/").map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}
const shallow = (v) => (Array.isArray(v) ? v.slice() : { ...v });
const at = (node, key) => (Array.isArray(node) ? (key === "-" ? node.length : Number(key)) : key);
function valueAt(root, toks) {
  let v = root;
  for (const t of toks) v = v[at(v, t)];
  return v;
}
function setOwn(node, key, value) {
  // An own "__proto__" key, as JSON.parse makes it, not the prototype.
  if (key === "__proto__") Object.defineProperty(node, key, { value, writable: true, enumerable: true, configurable: true });
  else node[key] = value;
}
class Replay {
  constructor() { this.fresh = new WeakSet(); }
  own(v) {
    if (this.fresh.has(v)) return v;
    const c = shallow(v);
    this.fresh.add(c);
    return c;
  }
  // Copies the root and the containers down the first \`end\` tokens;
  // returns the copied root and the container reached.
  walk(root, toks, end) {
    const copy = this.own(root);
    let node = copy;
    for (let i = 0; i < end; i++) {
      const k = at(node, toks[i]);
      node[k] = this.own(node[k]);
      node = node[k];
    }
    return [copy, node];
  }
  change(root, toks, edit) {
    if (toks.length === 0) return edit(undefined, undefined);
    const [copy, parent] = this.walk(root, toks, toks.length - 1);
    edit(parent, toks[toks.length - 1]);
    return copy;
  }
  add(root, toks, value) {
    return this.change(root, toks, (parent, key) => {
      if (parent === undefined) return value;
      if (Array.isArray(parent)) parent.splice(at(parent, key), 0, value);
      else setOwn(parent, key, value);
    });
  }
  remove(root, toks) {
    return this.change(root, toks, (parent, key) => {
      if (parent === undefined) return null;
      if (Array.isArray(parent)) parent.splice(at(parent, key), 1);
      else delete parent[key];
    });
  }
}
export function applyPatchCow(root, ops) {
  let r = new Replay();
  for (const op of ops) {
    const path = tokens(op.path);
    switch (op.op) {
      case "add":
        root = r.add(root, path, op.value);
        break;
      case "remove":
        root = r.remove(root, path);
        break;
      case "replace":
        root = r.change(root, path, (parent, key) => {
          if (parent === undefined) return op.value;
          if (Array.isArray(parent)) parent[at(parent, key)] = op.value;
          else setOwn(parent, key, op.value);
        });
        break;
      case "move": {
        const from = tokens(op.from);
        const value = valueAt(root, from);
        root = r.add(r.remove(root, from), path, value);
        break;
      }
      case "copy":
        root = r.add(root, path, valueAt(root, tokens(op.from)));
        // The value now sits at two paths: neither may be edited in place.
        r = new Replay();
        break;
    }
  }
  return root;
}
export function withTail(root, tail) {
  const [copy, node] = new Replay().walk(root, tail.path, tail.path.length);
  if (Array.isArray(node)) {
    node.length = tail.from;
    for (const v of tail.members) node.push(v);
  } else {
    for (const [k, v] of tail.members) setOwn(node, k, v);
  }
  return copy;
}
export function withArgsAppended(obj, index, suffix) {
  const calls = obj.toolCalls.slice();
  const call = calls[index];
  calls[index] = { ...call, function: { ...call.function, arguments: call.function.arguments + suffix } };
  return { ...obj, toolCalls: calls };
}
export function withAppended(obj, suffix) {
  const copy = { ...obj };
  copy.content = (typeof copy.content === "string" ? copy.content : "") + suffix;
  return copy;
}
export function ignoreRejection(p) { p.catch(() => {}); }
export function deferred() {
  let resolve;
  const promise = new Promise((r) => (resolve = r));
  return [promise, resolve];
}
// The next chunk, or `null` as soon as `stop` settles (a detached run).
export function readUntil(reader, stop) {
  return Promise.race([reader.read(), stop.then(() => null)]);
}
// The object callbacks receive as `agent`, when a wrapper gave one: held
// through a WeakRef, so the client never keeps its wrapper alive.
export function derefAgent(ref) {
  return ref !== undefined && typeof ref.deref === "function" ? ref.deref() : undefined;
}
// As the reference reports a run that failed and that no subscriber stopped.
export function reportRunFailure(e) { console.error("Agent execution failed:", e); }
// A controller set on the client while a run streams stops that run too.
export function linkAbort(from, to) {
  const signal = from && from.signal;
  if (signal && typeof signal.addEventListener === "function") {
    if (signal.aborted) to.abort();
    else signal.addEventListener("abort", () => to.abort(), { once: true });
  }
}
export function debugLog(...args) { console.debug("[agui-wasm]", ...args); }
"#)]
extern "C" {
    #[wasm_bindgen(js_name = makeParams)]
    pub fn make_params(
        messages: &JsValue,
        state: &JsValue,
        agent: &JsValue,
        input: &JsValue,
    ) -> Object;
    pub fn sleep(ms: f64) -> Promise;
    #[wasm_bindgen(js_name = newAbortController)]
    pub fn new_abort_controller() -> AbortController;
    #[wasm_bindgen(js_name = globalFetch, catch)]
    pub fn global_fetch() -> Result<Function, JsValue>;
    #[wasm_bindgen(js_name = isThenable)]
    pub fn is_thenable(v: &JsValue) -> bool;
    pub fn now() -> f64;
    #[wasm_bindgen(js_name = randomSeed)]
    pub fn random_seed() -> f64;
    #[wasm_bindgen(js_name = ignoreRejection)]
    pub fn ignore_rejection(p: &Promise);
    /// `[promise, resolve]`.
    pub fn deferred() -> js_sys::Array;
    #[wasm_bindgen(js_name = readUntil)]
    pub fn read_until(reader: &StreamReader, stop: &Promise) -> Promise;
    #[wasm_bindgen(js_name = derefAgent)]
    pub fn deref_agent(r: &JsValue) -> JsValue;
    #[wasm_bindgen(js_name = reportRunFailure)]
    pub fn report_run_failure(e: &JsValue);
    #[wasm_bindgen(js_name = linkAbort)]
    pub fn link_abort(from: &JsValue, to: &AbortController);
    /// A copy of a message object whose text grew by `suffix`: strings are
    /// concatenated in JS, so a long streaming reply is never re-sent whole.
    #[wasm_bindgen(js_name = withAppended)]
    pub fn with_appended(obj: &JsValue, suffix: &str) -> JsValue;
    /// Partial tool arguments after a change (see `super::partial`).
    #[wasm_bindgen(js_name = withTail)]
    pub fn with_tail(root: &JsValue, tail: &JsValue) -> JsValue;
    /// The same for the arguments of one streaming tool call.
    #[wasm_bindgen(js_name = withArgsAppended)]
    pub fn with_args_appended(obj: &JsValue, index: usize, suffix: &str) -> JsValue;
    #[wasm_bindgen(js_name = applyPatchCow)]
    pub fn apply_patch_cow(root: &JsValue, ops: &JsValue) -> JsValue;
    #[wasm_bindgen(js_name = writeBody)]
    pub fn write_body(head: &str, state: &JsValue, messages: &JsValue, tail: &str) -> JsValue;
    pub fn concat(a: &JsValue, b: &str) -> JsValue;
    #[wasm_bindgen(js_name = scalarOptions)]
    pub fn scalar_options(config: &JsValue) -> JsValue;
    #[wasm_bindgen(js_name = parseJson, catch)]
    pub fn parse_json(text: &JsValue) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(js_name = sliceArray)]
    pub fn slice_array(a: &js_sys::Array) -> js_sys::Array;
}

#[wasm_bindgen]
extern "C" {
    pub type AbortController;
    #[wasm_bindgen(method, getter)]
    pub fn signal(this: &AbortController) -> JsValue;
    #[wasm_bindgen(method)]
    pub fn abort(this: &AbortController);

    /// A fetch `Response`, read structurally.
    pub type FetchResponse;
    #[wasm_bindgen(method, getter)]
    pub fn status(this: &FetchResponse) -> u16;
    #[wasm_bindgen(method, getter)]
    pub fn ok(this: &FetchResponse) -> bool;
    #[wasm_bindgen(method, getter)]
    pub fn headers(this: &FetchResponse) -> FetchHeaders;
    #[wasm_bindgen(method, getter)]
    pub fn body(this: &FetchResponse) -> JsValue;
    #[wasm_bindgen(method, catch)]
    pub fn text(this: &FetchResponse) -> Result<Promise, JsValue>;

    pub type FetchHeaders;
    #[wasm_bindgen(method, catch)]
    pub fn get(this: &FetchHeaders, name: &str) -> Result<Option<String>, JsValue>;

    pub type ReadableStream;
    #[wasm_bindgen(method, js_name = getReader, catch)]
    pub fn get_reader(this: &ReadableStream) -> Result<StreamReader, JsValue>;

    pub type StreamReader;
    #[wasm_bindgen(method, catch)]
    pub fn read(this: &StreamReader) -> Result<Promise, JsValue>;
    #[wasm_bindgen(method, catch)]
    pub fn cancel(this: &StreamReader) -> Result<Promise, JsValue>;

    pub type ReadResult;
    #[wasm_bindgen(method, getter)]
    pub fn done(this: &ReadResult) -> bool;
    #[wasm_bindgen(method, getter)]
    pub fn value(this: &ReadResult) -> JsValue;
}

thread_local! {
    static KEYS: RefCell<HashMap<&'static str, JsValue>> = RefCell::new(HashMap::new());
}

/// A property name as a JS string, made once: callback parameters set the
/// same few names on every event.
pub fn key(k: &'static str) -> JsValue {
    KEYS.with(|keys| {
        keys.borrow_mut()
            .entry(k)
            .or_insert_with(|| JsValue::from_str(k))
            .clone()
    })
}

/// The bytes of a chunk a reader produced (a `Uint8Array`, or a string some
/// polyfills hand out).
pub fn chunk_bytes(v: &JsValue) -> Vec<u8> {
    if let Some(s) = v.as_string() {
        return s.into_bytes();
    }
    Uint8Array::new(v).to_vec()
}

/// A property of `obj`, or `undefined` when `obj` is not an object.
pub fn field(obj: &JsValue, k: &str) -> JsValue {
    if obj.is_object() {
        js_sys::Reflect::get(obj, &JsValue::from_str(k)).unwrap_or(JsValue::UNDEFINED)
    } else {
        JsValue::UNDEFINED
    }
}

pub fn set(obj: &Object, k: &'static str, v: &JsValue) {
    let _ = js_sys::Reflect::set(obj, &key(k), v);
}

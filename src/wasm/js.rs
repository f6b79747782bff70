//! The JavaScript the face calls: small helpers of its own, never the
//! application's code, in real modules, `js_modules/runtime.js` and
//! `js_modules/copy_on_write.js` (checked by `tsc --checkJs` and tested on
//! their own), not in strings here.

use std::cell::RefCell;

use js_sys::{Object, Uint8Array};
use wasm_bindgen::prelude::*;

use crate::core::maps::BoundedMap;

#[wasm_bindgen(module = "/src/wasm/js_modules/runtime.js")]
extern "C" {
    #[wasm_bindgen(js_name = textDelta)]
    pub fn text_delta(ty: &JsValue, message_id: &JsValue, delta: &JsValue) -> JsValue;
    #[wasm_bindgen(js_name = argsDelta)]
    pub fn args_delta(ty: &JsValue, tool_call_id: &JsValue, delta: &JsValue) -> JsValue;
    #[wasm_bindgen(js_name = randomSeed)]
    pub fn random_seed() -> f64;
    /// `[state, event, k1, v1, k2, v2, k3, v3, lazy]`, made in one call.
    #[wasm_bindgen(js_name = eventArgs)]
    #[allow(clippy::too_many_arguments)]
    pub fn event_args(
        state: &JsValue,
        event: &JsValue,
        k1: &JsValue,
        v1: &JsValue,
        k2: &JsValue,
        v2: &JsValue,
        k3: &JsValue,
        v3: &JsValue,
        lazy: &JsValue,
    ) -> js_sys::Array;
    pub fn concat(a: &JsValue, b: &JsValue) -> JsValue;
    #[wasm_bindgen(js_name = parseJson, catch)]
    pub fn parse_json(text: &JsValue) -> Result<JsValue, JsValue>;
    pub fn utf8(text: &JsValue) -> Uint8Array;
}

#[wasm_bindgen(module = "/src/wasm/js_modules/copy_on_write.js")]
extern "C" {
    /// A copy of a message object whose text grew by `suffix`: strings are
    /// concatenated in JS, so a long streaming reply is never re-sent whole.
    #[wasm_bindgen(js_name = withAppended)]
    pub fn with_appended(obj: &JsValue, suffix: &str) -> JsValue;
    /// The same for the arguments of one streaming tool call.
    #[wasm_bindgen(js_name = withArgsAppended)]
    pub fn with_args_appended(obj: &JsValue, index: usize, suffix: &str) -> JsValue;
    /// Partial tool arguments after a change (see `super::partial`): the
    /// container at `path` cut back to `from` members and `flat` added
    /// (`key, value, ...` in an object), the first appended to the string
    /// there if `grown`.
    #[wasm_bindgen(js_name = withMembers)]
    pub fn with_members(
        root: &JsValue,
        path: &js_sys::Array,
        from: usize,
        flat: &js_sys::Array,
        grown: bool,
    ) -> JsValue;
    /// A state's JS copy after the core's patch edits (`core::json_patch::Edits`).
    #[wasm_bindgen(js_name = applyEdits)]
    pub fn apply_edits(root: &JsValue, edits: &JsValue) -> JsValue;
    #[wasm_bindgen(js_name = sliceArray)]
    pub fn slice_array(a: &js_sys::Array) -> js_sys::Array;
}

thread_local! {
    /// The client's own names by address and length, the last used first.
    static KEYS: RefCell<Vec<(usize, usize, JsValue)>> = const { RefCell::new(Vec::new()) };
}

/// A property name as a JS string, made once: callback parameters set the
/// same few names on every event. Found by the constant's address, not by
/// hashing its text (the SipHash-keyed lookup here was 4.6% of a
/// tool-argument stream's time); the few names an event uses stay at the
/// front.
pub fn key(k: &'static str) -> JsValue {
    let at = (k.as_ptr() as usize, k.len());
    KEYS.with(|keys| {
        let mut keys = keys.borrow_mut();
        match keys.iter().position(|&(p, n, _)| (p, n) == at) {
            Some(i) => {
                keys.swap(0, i);
                keys[0].2.clone()
            }
            None => {
                let js = JsValue::from_str(k);
                keys.insert(0, (at.0, at.1, js.clone()));
                js
            }
        }
    })
}

/// How many ids and names [`recent`] keeps (a run streams a few at a time:
/// scenario 2's 20 parallel tool calls among them).
const RECENT: usize = 64;

thread_local! {
    /// Never more than [`RECENT`] ids, so unkeyed hashing is safe here.
    static RECENT_STRINGS: RefCell<BoundedMap<String, JsValue>> = RefCell::new(BoundedMap::default());
}

/// An id or a name as a JS string, the one made before while it is among
/// the last few dozen: every delta of a stream names the same message or
/// tool call, and making the string again is a UTF-8 decode in JavaScript
/// and a new reference each time.
pub fn recent(s: &str) -> JsValue {
    RECENT_STRINGS.with(|r| {
        let mut kept = r.borrow_mut();
        if let Some(js) = kept.get(s) {
            return js.clone();
        }
        if kept.len() == RECENT {
            kept.clear();
        }
        let js = JsValue::from_str(s);
        kept.insert(s.to_owned(), js.clone());
        js
    })
}

/// A JS string as Rust's, by its UTF-8 copied in one piece (see `utf8` in
/// runtime.js); `None` for anything but a string.
pub fn string_of(v: &JsValue) -> Option<String> {
    if !v.is_string() {
        return None;
    }
    // The encoder writes lone surrogates as U+FFFD, as `as_string` does.
    String::from_utf8(utf8(v).to_vec()).ok()
}

pub fn set(obj: &Object, k: &'static str, v: &JsValue) {
    let _ = js_sys::Reflect::set(obj, &key(k), v);
}

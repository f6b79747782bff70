//! The JavaScript the face calls: small helpers of its own, never the
//! application's code, in real modules, `js_modules/runtime.js` and
//! `js_modules/copy_on_write.js` (checked by `tsc --checkJs` and tested on
//! their own), not in strings here.

use std::cell::RefCell;

use js_sys::{Object, Uint8Array};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/src/wasm/js_modules/runtime.js")]
extern "C" {
    #[wasm_bindgen(js_name = randomSeed)]
    pub fn random_seed() -> f64;
    /// `[state, event, k1, v1, k2, v2, k3, v3]`, made in one call.
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
    ) -> js_sys::Array;
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
    /// An activity message's JS copy after the core's patch edits to its content.
    #[wasm_bindgen(js_name = withContentEdits)]
    pub fn with_content_edits(obj: &JsValue, edits: &JsValue) -> JsValue;
    /// A state's JS copy after the core's patch edits (`core::json_patch::Edits`).
    #[wasm_bindgen(js_name = applyEdits)]
    pub fn apply_edits(root: &JsValue, edits: &JsValue) -> JsValue;
    #[wasm_bindgen(js_name = sliceArray)]
    pub fn slice_array(a: &js_sys::Array) -> js_sys::Array;
}

/// How many names [`recent`] keeps: the keys on the path to what a tool
/// call's streaming arguments change are few.
const RECENT: usize = 16;

thread_local! {
    /// The names made last, and where the next one goes.
    static RECENT_STRINGS: RefCell<(Vec<(String, JsValue)>, usize)> = const { RefCell::new((Vec::new(), 0)) };
}

/// A key of partial arguments as a JS string, the one made before while it
/// is among the last few: every delta of an argument names the same keys
/// on its path, and making the string again is a UTF-8 decode in
/// JavaScript each time. A list, not a map: a hash map here cost 0.87 KB
/// of the gzipped `.wasm`.
pub fn recent(s: &str) -> JsValue {
    RECENT_STRINGS.with(|r| {
        let (kept, next) = &mut *r.borrow_mut();
        if let Some((_, js)) = kept.iter().find(|(k, _)| k == s) {
            return js.clone();
        }
        let js = JsValue::from_str(s);
        let entry = (s.to_owned(), js.clone());
        match kept.get_mut(*next) {
            Some(slot) => *slot = entry,
            None => kept.push(entry),
        }
        *next = (*next + 1) % RECENT;
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

pub fn set(obj: &Object, k: &str, v: &JsValue) {
    let _ = js_sys::Reflect::set(obj, &JsValue::from_str(k), v);
}

//! The one place values cross between Rust and JavaScript.
//!
//! Values travel as JSON text: `core::json` writes it in Rust and the engine's
//! `JSON.parse` builds the objects, and `JSON.stringify` the other way. One
//! serializer serves the request body, the views and the callbacks, which
//! keeps the binary small, and `JSON.parse` builds objects faster than
//! property-by-property calls across the boundary would.
//!
//! Measured against `serde-wasm-bindgen` (`Serializer::json_compatible()`
//! and `from_value`) on the same `Value`s, release build, Node 20, medians
//! of 5: a TEXT_MESSAGE_CONTENT event to JS 1.7 us by text vs 2.6 us, a
//! 3-op STATE_DELTA 4.0 vs 6.4 us, a 1,000-message history 1.2 vs 2.3 ms;
//! from JS 3.7 vs 4.2 us, 7.2 vs 14.1 us and 3.0 vs 4.8 ms. Text is faster
//! both ways, and serde-wasm-bindgen would add 15.5 KB gzipped (163,096
//! against 147,539 bytes of `.wasm`), so values keep crossing as text.
//!
//! Two hot paths make small values without text, where a `JSON.parse` of a
//! few dozen bytes cost as much as the event's own: the plain deltas' event
//! objects (`dispatch::event_object`) and the strings, numbers and literals
//! of a partial tool-argument change (`partial::members_js`).

use wasm_bindgen::JsValue;

use super::error::{js_error, ErrorName};
#[cfg(feature = "client")]
use super::js::string_of;
use crate::core::json::{to_json, ToJson};
use crate::core::types::FromJson;
use serde_json::Value;

pub fn to_js<T: ToJson + ?Sized>(v: &T) -> Result<JsValue, JsValue> {
    js_sys::JSON::parse(&to_json(v))
}

/// Reads a JS value as `T`; `what` names it in the error ("initialMessages").
pub fn from_js<T: FromJson>(v: JsValue, what: &str) -> Result<T, JsValue> {
    let (_, text) = json_of(&v, what)?;
    // Through a `Value`, the one form every protocol type reads from (see
    // `core::types::from_json`), as events are.
    T::from_json(parse_value(&text, what)?).map_err(|e| invalid(what, &e))
}

#[cfg(feature = "client")]
/// Reads a JS value as a history: a plain one straight from its text
/// (`core::plain_messages`), anything else as [`from_js`] does. Where the
/// messages kept every member the text has, the text's JS string comes
/// back too: a view parsed from it is what converting them would make.
pub fn messages_from_js(
    v: JsValue,
    what: &str,
) -> Result<(Vec<crate::core::types::Message>, Option<JsValue>), JsValue> {
    let (js_text, text) = json_of(&v, what)?;
    let (ms, exact) =
        crate::core::plain_messages::messages_from_text(&text).map_err(|e| invalid(what, &e))?;
    Ok((ms, exact.then_some(js_text)))
}

#[cfg(feature = "client")]
/// Reads a JS value as a state, and hands back the JSON text's JS string as
/// well, for the state view to keep: the client's JS copy is then
/// `JSON.parse` of it, not Rust writing the value out again (a third of a
/// run's fixed cost with a 1 MB `initialState`).
pub fn state_from_js(v: JsValue, what: &str) -> Result<(Value, JsValue), JsValue> {
    let (js_text, text) = json_of(&v, what)?;
    Ok((parse_value(&text, what)?, js_text))
}

/// `JSON.stringify` of `v`, as the JS string and as Rust's.
fn json_of(v: &JsValue, what: &str) -> Result<(JsValue, String), JsValue> {
    let js_text: JsValue = js_sys::JSON::stringify(v)
        .map_err(|_| invalid(what, &"not representable as JSON"))?
        .into();
    let text = string_of(&js_text).unwrap_or_default();
    Ok((js_text, text))
}

/// The adapters' entry has no runtime module: its histories cross as
/// wasm-bindgen passes strings.
#[cfg(not(feature = "client"))]
fn string_of(v: &JsValue) -> Option<String> {
    v.as_string()
}

fn parse_value(text: &str, what: &str) -> Result<Value, JsValue> {
    crate::core::json::parse(text).map_err(|e| invalid(what, &e))
}

fn invalid(what: &str, e: &dyn std::fmt::Display) -> JsValue {
    js_error(ErrorName::Type, &format!("invalid {what}: {e}"))
}

#[cfg(feature = "client")]
/// `undefined` and `null` read as absent.
pub fn from_js_opt<T: FromJson>(v: JsValue, what: &str) -> Result<Option<T>, JsValue> {
    if v.is_undefined() || v.is_null() {
        Ok(None)
    } else {
        from_js(v, what).map(Some)
    }
}

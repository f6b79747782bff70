//! The one place values cross between Rust and JavaScript.
//!
//! Values travel as JSON text: `core::json` writes it in Rust and the engine's
//! `JSON.parse` builds the objects; the other way, the shell's
//! `JSON.stringify` writes it (so any `toJSON` or getter of the
//! application's runs before Rust is entered) and `core::json` reads it.
//! One serializer serves the request body, the views and the callbacks,
//! which keeps the binary small, and `JSON.parse` builds objects faster
//! than property-by-property calls across the boundary would.
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
//! objects (built by the shell, `deltas`) and the strings, numbers and
//! literals of a partial tool-argument change (`partial::members_js`).

use wasm_bindgen::JsValue;

use super::error::{js_error, ErrorName};
use crate::core::json::{to_json, ToJson};
use crate::core::types::scan::{self, ScanCx};
use crate::core::types::FromJson;

pub fn to_js<T: ToJson + ?Sized>(v: &T) -> Result<JsValue, JsValue> {
    js_sys::JSON::parse(&to_json(v))
}

/// Reads the JSON text `text` as `T`; `what` names it in the error.
pub fn from_text<T: FromJson>(text: &str, what: &str) -> Result<T, JsValue> {
    scan::from_text(text, &mut ScanCx::default()).map_err(|e| invalid(what, &e))
}

/// Reads a JS value as `T`, through its JSON (the adapters' entry, whose
/// arguments are plain data).
#[cfg(feature = "adapters")]
pub fn from_js<T: FromJson>(v: JsValue, what: &str) -> Result<T, JsValue> {
    let text: Option<String> = js_sys::JSON::stringify(&v).ok().map(String::from);
    let text = text.ok_or_else(|| invalid(what, &"not representable as JSON"))?;
    from_text(&text, what)
}

#[cfg(feature = "client")]
/// A history's JSON text, and whether the messages kept every member the
/// text has (a view parsed from it is then what converting them would make).
pub fn messages_from_text(
    text: String,
    what: &str,
) -> Result<(Vec<crate::core::types::Message>, bool), JsValue> {
    // Shared, so the text the list keeps is not a copy.
    let text = std::rc::Rc::new(text);
    let list: crate::core::types::MessageList =
        scan::from_text(&text, &mut ScanCx::within(Some(&text))).map_err(|e| invalid(what, &e))?;
    let (messages, kept) = list.into_parts();
    Ok((messages, kept.is_some()))
}

#[cfg(feature = "client")]
/// A state's JSON text, checked and kept as text until Rust needs the
/// value (a STATE_DELTA): the client's JS copy is parsed from the same
/// text by the engine, so a large state handed in is never written out
/// by Rust.
pub fn state_from_text(text: &str, what: &str) -> Result<crate::core::json::LazyJson, JsValue> {
    crate::core::json::LazyJson::from_text(text).map_err(|e| invalid(what, &e))
}

pub fn invalid(what: &str, e: &dyn std::fmt::Display) -> JsValue {
    js_error(ErrorName::Type, &format!("invalid {what}: {e}"))
}

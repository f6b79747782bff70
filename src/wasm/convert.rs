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

use wasm_bindgen::JsValue;

use super::error::{js_error, ErrorName};
use crate::core::json::{to_json, ToJson};
use crate::core::types::FromJson;

pub fn to_js<T: ToJson + ?Sized>(v: &T) -> Result<JsValue, JsValue> {
    js_sys::JSON::parse(&to_json(v))
}

/// Reads a JS value as `T`; `what` names it in the error ("initialMessages").
pub fn from_js<T: FromJson>(v: JsValue, what: &str) -> Result<T, JsValue> {
    let text = js_sys::JSON::stringify(&v)
        .map_err(|_| {
            js_error(
                ErrorName::Type,
                &format!("invalid {what}: not representable as JSON"),
            )
        })?
        .as_string()
        .unwrap_or_default();
    // Through a `Value`, the one form every protocol type reads from (see
    // `core::types::from_json`), as events are.
    let value = crate::core::json::parse(&text)
        .map_err(|e| js_error(ErrorName::Type, &format!("invalid {what}: {e}")))?;
    T::from_json(value).map_err(|e| js_error(ErrorName::Type, &format!("invalid {what}: {e}")))
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

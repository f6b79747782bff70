//! The one place values cross between Rust and JavaScript.
//!
//! Values travel as JSON text: `core::json` writes it in Rust and the engine's
//! `JSON.parse` builds the objects, and `JSON.stringify` the other way. One
//! serializer serves the request body, the views and the callbacks, which
//! keeps the binary small, and `JSON.parse` builds objects faster than
//! property-by-property calls across the boundary would.

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

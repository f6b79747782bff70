//! The one place values cross between Rust and JavaScript, with one
//! serializer configuration: maps become plain objects, numbers stay numbers.

use serde::de::DeserializeOwned;
use serde::Serialize;
use wasm_bindgen::JsValue;

use super::error::js_error;

pub fn to_js<T: Serialize + ?Sized>(v: &T) -> Result<JsValue, JsValue> {
    v.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| js_error("AgentError", &format!("cannot convert to JavaScript: {e}")))
}

/// Reads a JS value as `T`; `what` names it in the error ("initialMessages").
pub fn from_js<T: DeserializeOwned>(v: JsValue, what: &str) -> Result<T, JsValue> {
    serde_wasm_bindgen::from_value(v)
        .map_err(|e| js_error("TypeError", &format!("invalid {what}: {e}")))
}

/// `undefined` and `null` read as absent.
pub fn from_js_opt<T: DeserializeOwned>(v: JsValue, what: &str) -> Result<Option<T>, JsValue> {
    if v.is_undefined() || v.is_null() {
        Ok(None)
    } else {
        from_js(v, what).map(Some)
    }
}

//! Every failure reaches JavaScript as an `Error` object with a `name` a
//! caller can branch on, never as a thrown string.

use js_sys::Error;
use wasm_bindgen::JsValue;

/// An `Error` with the given name and message.
/// A `TypeError` proper for bad arguments, so `instanceof TypeError` holds.
pub fn js_error(name: &str, message: &str) -> JsValue {
    if name == "TypeError" {
        return js_sys::TypeError::new(message).into();
    }
    let e = Error::new(message);
    e.set_name(name);
    e.into()
}

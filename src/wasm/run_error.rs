//! How a run's failures reach JavaScript: named `Error`s, and the aborts
//! that end a run quietly.

use js_sys::{Error, Reflect};
use wasm_bindgen::{JsCast, JsValue};

use super::error::{js_error, ErrorName};
use crate::core::error::RunError;

/// The error a failed run rejects with. HTTP failures carry `status` and the
/// body as `payload`, like the reference's.
pub fn run_error(e: &RunError) -> JsValue {
    let (name, message) = match e {
        RunError::Http { .. } => (ErrorName::Http, e.to_string()),
        RunError::Sse(_) | RunError::Decode(_) | RunError::Proto(_) => {
            (ErrorName::Stream, e.to_string())
        }
        RunError::Chunk(_) | RunError::Verify(_) => (ErrorName::Protocol, e.to_string()),
        RunError::Interrupts(_) => (ErrorName::Interrupt, e.to_string()),
        RunError::Request(_) => (ErrorName::Request, e.to_string()),
    };
    let err = js_error(name, &message);
    if let RunError::Http { status, body } = e {
        let _ = Reflect::set(&err, &"status".into(), &JsValue::from(*status));
        let payload = js_sys::JSON::parse(body).unwrap_or_else(|_| JsValue::from_str(body));
        let _ = Reflect::set(&err, &"payload".into(), &payload);
    }
    err
}

/// Wraps whatever JavaScript threw (a fetch failure, a TypeError) as an Error.
pub fn from_thrown(v: JsValue) -> JsValue {
    if v.is_instance_of::<Error>() {
        v
    } else {
        let msg = v.as_string().unwrap_or_else(|| super::js::thrown_text(&v));
        js_error(ErrorName::Agent, &msg)
    }
}

/// Whether a thrown value is an abort (the reference swallows these).
pub fn is_abort(v: &JsValue) -> bool {
    let name = Reflect::get(v, &"name".into())
        .ok()
        .and_then(|n| n.as_string());
    let message = Reflect::get(v, &"message".into())
        .ok()
        .and_then(|m| m.as_string());
    name.as_deref() == Some("AbortError")
        || matches!(
            message.as_deref(),
            Some("Fetch is aborted" | "signal is aborted without reason" | "component unmounted")
        )
        || v.as_string().as_deref() == Some("component unmounted")
}

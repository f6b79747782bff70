//! Every failure of the face reaches JavaScript as an `Error` object with a
//! `name` a caller can branch on, never as a thrown string. The names and
//! what each means are the package's one table, `js/errors.js`; these are
//! the ones Rust gives (`tests/error_names.rs` holds each to that table).

use js_sys::Error;
use wasm_bindgen::prelude::*;

/// The name of an error the face throws or hands out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorName {
    Type,
    #[cfg(feature = "client")]
    Http,
    #[cfg(feature = "client")]
    Stream,
    #[cfg(feature = "client")]
    Protocol,
    #[cfg(feature = "client")]
    Request,
    #[cfg(feature = "client")]
    Interrupt,
    #[cfg(feature = "client")]
    Limit,
    #[cfg(feature = "adapters")]
    Adapter,
}

impl ErrorName {
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorName::Type => "TypeError",
            #[cfg(feature = "client")]
            ErrorName::Http => "AgentHttpError",
            #[cfg(feature = "client")]
            ErrorName::Stream => "AgentStreamError",
            #[cfg(feature = "client")]
            ErrorName::Protocol => "AgentProtocolError",
            #[cfg(feature = "client")]
            ErrorName::Request => "AgentRequestError",
            #[cfg(feature = "client")]
            ErrorName::Interrupt => "AGUIError",
            #[cfg(feature = "client")]
            ErrorName::Limit => "AgentEnforcementLimitError",
            #[cfg(feature = "adapters")]
            ErrorName::Adapter => "AdapterError",
        }
    }
}

/// An `Error` with the given name and message; a `TypeError` proper for
/// bad arguments, so `instanceof TypeError` holds.
pub fn js_error(name: ErrorName, message: &str) -> JsValue {
    if name == ErrorName::Type {
        return js_sys::TypeError::new(message).into();
    }
    let e = Error::new(message);
    e.set_name(name.as_str());
    e.into()
}

#[cfg(feature = "client")]
/// The error a run fails with. HTTP failures carry `status` and the body
/// as `payload`, as the reference's do.
pub fn run_error(e: &crate::core::error::RunError) -> JsValue {
    use crate::core::error::RunError;
    let name = match e {
        RunError::Http { .. } => ErrorName::Http,
        RunError::Decode(crate::core::decode::DecodeError::Limit { .. }) => ErrorName::Limit,
        RunError::Sse(_) | RunError::Decode(_) | RunError::Proto(_) => ErrorName::Stream,
        RunError::Chunk(_) | RunError::Verify(_) => ErrorName::Protocol,
        RunError::Interrupts(_) => ErrorName::Interrupt,
        RunError::Request(_) => ErrorName::Request,
    };
    js_error(name, &e.to_string())
}

//! The options of `new AgentClient(...)` that are read once, at construction.

use crate::core::types::from_json::{loose_field, object, FromJson, ReadError};
use serde_json::Value;
use wasm_bindgen::prelude::*;

use super::error::{js_error, ErrorName};
use crate::core::session::Batching;

use super::js::field;

#[derive(Default)]
pub(super) struct Options {
    pub(super) url: Option<String>,
    pub(super) connect_url: Option<String>,
    pub(super) thread_id: Option<String>,
    pub(super) agent_id: Option<String>,
    pub(super) description: Option<String>,
    pub(super) max_event_size: Option<usize>,
    pub(super) debug: Option<bool>,
    pub(super) accept_protobuf: Option<bool>,
    pub(super) send_protocol_version: Option<bool>,
}

/// Options may be left out or given as `null`, as HttpAgent's are.
impl FromJson for Options {
    fn from_json(v: Value) -> Result<Self, ReadError> {
        let mut m = object(v)?;
        Ok(Options {
            url: loose_field(&mut m, "url")?,
            connect_url: loose_field(&mut m, "connectUrl")?,
            thread_id: loose_field(&mut m, "threadId")?,
            agent_id: loose_field(&mut m, "agentId")?,
            description: loose_field(&mut m, "description")?,
            max_event_size: loose_field(&mut m, "maxEventSize")?,
            debug: loose_field(&mut m, "debug")?,
            accept_protobuf: loose_field(&mut m, "acceptProtobuf")?,
            send_protocol_version: loose_field(&mut m, "sendProtocolVersion")?,
        })
    }
}

pub(super) fn parse_batching(v: &JsValue) -> Result<Batching, JsValue> {
    if v.is_undefined() || v.is_null() {
        return Ok(Batching::Chunk);
    }
    match v.as_string().as_deref() {
        Some("chunk") => return Ok(Batching::Chunk),
        Some("event") => return Ok(Batching::Event),
        _ => {}
    }
    match field(v, "throttleMs").as_f64() {
        Some(ms) if ms >= 0.0 => Ok(Batching::Throttle(ms)),
        _ => Err(js_error(
            ErrorName::Type,
            "batching must be \"chunk\", \"event\" or { throttleMs: number }",
        )),
    }
}

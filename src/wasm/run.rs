//! One run or GET stream of a client, as the face keeps it between the
//! shell's calls: its core `Session` and what the shell reads of it.

use wasm_bindgen::JsValue;

use super::deltas::Streams;
use crate::core::run::RunParams;
use crate::core::session::reconnect::Reconnect;
use crate::core::session::{Call, Session};

/// One session and what the shell reads of it between steps.
pub(super) struct Run {
    pub(super) session: Session,
    /// A run's request, written again if a subscriber rewrites the input.
    pub(super) request: Option<Request>,
    /// The delta streams the shell keeps ids and buffers of, and their
    /// tool calls' partial arguments.
    pub(super) streams: Streams,
    /// The event handed out last, by its number.
    pub(super) event_js: Option<(u64, JsValue)>,
    pub(super) reconnect: Option<Reconnect>,
    pub(super) call: Option<Call>,
    pub(super) due_in: Option<f64>,
    pub(super) warnings: Vec<String>,
}

pub(super) struct Request {
    pub(super) thread_id: String,
    pub(super) run_id: String,
    pub(super) params: RunParams,
    pub(super) version: bool,
}

impl Run {
    pub(super) fn new(session: Session) -> Self {
        Run {
            session,
            request: None,
            streams: Streams::default(),
            event_js: None,
            reconnect: None,
            call: None,
            due_in: None,
            warnings: Vec::new(),
        }
    }
}

//! What a run exposes while it is under way, as `HttpAgent` exposes it:
//! `activeRunCompletionPromise`, settled when the run is over, and
//! `detachActiveRun()`, which stops applying the stream without failing
//! the run (the reference completes its event stream; the run then
//! finalizes as usual, with no RUN_ERROR and no onRunFailed). Detaching
//! cancels the body's reader, which ends a pending read at once; racing
//! every read against a detach promise instead cost a promise per chunk.

use js_sys::{Function, Promise};
use wasm_bindgen::JsValue;
use web_sys::ReadableStreamDefaultReader;

use super::js;

/// A promise and the function that resolves it.
pub struct Deferred {
    pub promise: Promise,
    resolve: Function,
}

impl Deferred {
    pub fn new() -> Self {
        let pair = js::deferred();
        Deferred {
            promise: pair.get(0).into(),
            resolve: pair.get(1).into(),
        }
    }

    pub fn resolve(&self, v: &JsValue) {
        let _ = self.resolve.call1(&JsValue::UNDEFINED, v);
    }
}

/// The run under way.
pub struct ActiveRun {
    /// Resolved when the run is over (after onRunFinalized).
    pub completion: Deferred,
    /// The body's reader once the response arrived, for a detach to cancel.
    pub reader: Option<ReadableStreamDefaultReader>,
    pub detached: bool,
}

impl ActiveRun {
    pub fn new() -> Self {
        ActiveRun {
            completion: Deferred::new(),
            reader: None,
            detached: false,
        }
    }

    /// Asks the stream to stop: a read under way ends now (as the end of
    /// the body, which the run tells from a real end by `detached`).
    pub fn request_detach(&mut self) {
        if !self.detached {
            self.detached = true;
            if let Some(r) = &self.reader {
                js::ignore_rejection(&r.cancel());
            }
        }
    }
}

//! What a run exposes while it is under way, as `HttpAgent` exposes it:
//! `activeRunCompletionPromise`, settled when the run is over, and
//! `detachActiveRun()`, which stops applying the stream without failing
//! the run (the reference completes its event stream; the run then
//! finalizes as usual, with no RUN_ERROR and no onRunFailed).

use js_sys::{Function, Promise};
use wasm_bindgen::JsValue;

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

/// The promises of the run under way.
pub struct ActiveRun {
    /// Resolved when the run is over (after onRunFinalized).
    pub completion: Deferred,
    /// Resolved by `detachActiveRun()`; the body reader races it.
    pub detach: Deferred,
    pub detached: bool,
}

impl ActiveRun {
    pub fn new() -> Self {
        ActiveRun {
            completion: Deferred::new(),
            detach: Deferred::new(),
            detached: false,
        }
    }

    /// Asks the stream to stop; the reader sees it at once, even while it
    /// waits for the next chunk.
    pub fn request_detach(&mut self) {
        if !self.detached {
            self.detached = true;
            self.detach.resolve(&JsValue::UNDEFINED);
        }
    }
}

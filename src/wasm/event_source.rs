//! `openEventSource`: a GET Server-Sent Events stream of AG-UI events,
//! reconnected with `Last-Event-ID` and the server's `retry`.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

use super::error::{js_error, ErrorName};
use super::js::{self, AbortController};
use super::run_error::run_error;
use super::transport::{self, Failure};

use super::client::Shared;
use super::reading::stream_body;
use super::run::RunCtx;

pub(super) fn inner_debug(rc: &Shared) -> bool {
    rc.borrow().debug
}

/// The GET stream behind `openEventSource`.
pub(super) async fn event_source(
    rc: Shared,
    url: String,
    retry_ms: f64,
    max_retries: f64,
    closed: Rc<RefCell<bool>>,
    controller: Rc<RefCell<AbortController>>,
) -> Result<JsValue, JsValue> {
    let (fetch, headers, limits, batching) = {
        let inner = rc.borrow();
        let fetch = match &inner.fetch {
            Some(f) => f.clone(),
            None => js::global_fetch()?,
        };
        (fetch, inner.headers.clone(), inner.limits, inner.batching)
    };
    let mut ctx = RunCtx::new(&rc, Vec::new(), JsValue::UNDEFINED, batching, limits, false);
    let mut failures = 0.0;
    loop {
        if *closed.borrow() {
            return Ok(JsValue::UNDEFINED);
        }
        let last_id = ctx.stream.sse().last_event_id().map(str::to_owned);
        let mut extra = vec![
            ("Accept", "text/event-stream"),
            ("Cache-Control", "no-cache"),
        ];
        if let Some(id) = last_id.as_deref() {
            extra.push(("Last-Event-ID", id));
        }
        let signal = controller.borrow().signal();
        let init = transport::request_init("GET", &headers, &extra, None, &signal);
        let outcome = match transport::open(&fetch, &url, &init).await {
            Ok(body) => {
                failures = 0.0;
                ctx.stream.reconnect();
                stream_body(&mut ctx, &body).await
            }
            Err(f) => Err(f),
        };
        match outcome {
            Err(Failure::Aborted(_)) if *closed.borrow() => return Ok(JsValue::UNDEFINED),
            // A protocol violation or a refused request does not get better by retrying.
            Err(Failure::Run(e)) => return Err(run_error(&e)),
            Ok(()) | Err(Failure::Aborted(_)) | Err(Failure::Thrown(_)) => {}
        }
        failures += 1.0;
        if failures > max_retries {
            return Err(js_error(
                ErrorName::Stream,
                "the event stream could not be re-established",
            ));
        }
        let delay = ctx
            .stream
            .sse()
            .retry()
            .map(|r| r as f64)
            .unwrap_or(retry_ms);
        let _ = JsFuture::from(js::sleep(delay)).await;
        if *closed.borrow() {
            return Ok(JsValue::UNDEFINED);
        }
        *controller.borrow_mut() = js::new_abort_controller();
    }
}

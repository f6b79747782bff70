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
use super::drive::{read_body, RunCtx};
use crate::core::session::reconnect::{Dropped, Next, Reconnect};
use crate::core::session::Session;

/// The GET stream behind `openEventSource`.
pub(super) async fn event_source(
    rc: Shared,
    url: String,
    retry_ms: f64,
    max_retries: f64,
    closed: Rc<RefCell<bool>>,
    controller: Rc<RefCell<AbortController>>,
) -> Result<JsValue, JsValue> {
    let (fetch, headers, settings) = {
        let inner = rc.borrow();
        (
            inner.fetch()?,
            inner.headers.clone(),
            inner.session_settings(),
        )
    };
    let session = Session::stream(settings, js::now());
    let mut ctx = RunCtx::new(&rc, session, Vec::new(), JsValue::UNDEFINED, false);
    let mut policy = Reconnect::new(retry_ms, max_retries);
    loop {
        if *closed.borrow() {
            return Ok(JsValue::UNDEFINED);
        }
        let last_id = ctx
            .session
            .events()
            .sse()
            .last_event_id()
            .map(str::to_owned);
        let mut extra = vec![
            ("Accept", "text/event-stream"),
            ("Cache-Control", "no-cache"),
        ];
        if let Some(id) = last_id.as_deref() {
            extra.push(("Last-Event-ID", id));
        }
        let signal = controller.borrow().signal();
        let init = transport::request_init("GET", &headers, &extra, None, &signal);
        let dropped = match transport::open(&fetch, &url, &init).await {
            Ok(body) => {
                policy.connected();
                // What ended the last connection is not this one's error.
                ctx.error = None;
                ctx.session.reconnected(body.content_type.as_deref());
                read_body(&mut ctx, &body).await;
                match ctx.session.error() {
                    Some(_) => Dropped::Refused,
                    None => Dropped::Lost,
                }
            }
            Err(Failure::Aborted(_)) if *closed.borrow() => return Ok(JsValue::UNDEFINED),
            Err(Failure::Run(e)) => return Err(run_error(&e)),
            Err(Failure::Aborted(_) | Failure::Thrown(_)) => Dropped::Lost,
        };
        let server_retry = ctx.session.events().sse().retry();
        let delay = match policy.after(dropped, server_retry) {
            Next::RetryAfter(ms) => ms,
            Next::Fail => return Err(ctx.error()),
            Next::GiveUp => {
                return Err(js_error(
                    ErrorName::Stream,
                    "the event stream could not be re-established",
                ))
            }
        };
        let _ = JsFuture::from(js::sleep(delay)).await;
        if *closed.borrow() {
            return Ok(JsValue::UNDEFINED);
        }
        *controller.borrow_mut() = js::new_abort_controller();
    }
}

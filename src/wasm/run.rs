//! One run, as the reference runs it: the client's side of the session
//! (the request's body, `fetch`, the result), with the session deciding
//! which callbacks run when.

use std::rc::Rc;

use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::convert::{from_js_opt, to_js};
use super::drive::{read_body, steps, RunCtx};
use super::error::{js_error, ErrorName};
use super::js::{self, AbortController};
use super::lifecycle::ActiveRun;
use super::run_error::{from_thrown, run_error};
use super::subscribers::Subscriber;
use super::transport::{self, Failure};
use crate::core::ids;
use crate::core::run::{run_id_of, InputFrame, RunParams};
use crate::core::session::{Session, Step};

use super::client::{messages_of, take_js_edits, Inner, Shared};
use super::js::{field, set};

#[derive(Clone, Copy, PartialEq)]
pub(super) enum Mode {
    Run,
    Connect,
}

pub(super) async fn run(
    rc: Shared,
    params_js: JsValue,
    subscriber: JsValue,
    mode: Mode,
) -> Result<JsValue, JsValue> {
    {
        let mut inner = rc.borrow_mut();
        if inner.running {
            return Err(js_error(
                ErrorName::Agent,
                "a run is already in progress on this client: await it or call abortRun() first",
            ));
        }
        inner.running = true;
        inner.active = Some(ActiveRun::new());
    }
    let out = run_inner(&rc, params_js, subscriber, mode).await;
    let active = {
        let mut inner = rc.borrow_mut();
        inner.running = false;
        inner.active.take()
    };
    if let Some(a) = active {
        a.completion.resolve(&JsValue::UNDEFINED);
    }
    out
}

/// What the request body is written from, again if a subscriber replaces
/// messages or state before it is sent.
pub(super) struct Request {
    thread_id: String,
    run_id: String,
    params: RunParams,
    pub(super) body: JsValue,
}

async fn run_inner(
    rc: &Shared,
    params_js: JsValue,
    subscriber: JsValue,
    mode: Mode,
) -> Result<JsValue, JsValue> {
    take_js_edits(rc)?;
    let abort_param = field(&params_js, "abortController");
    let params: RunParams = from_js_opt(params_js, "run parameters")?.unwrap_or_default();
    let run_id = run_id_of(&params);
    let (session, request, input, url, fetch, headers) = {
        let mut inner = rc.borrow_mut();
        if inner.agent_id.is_none() {
            inner.agent_id = Some(ids::uuid());
        }
        // Without a connect URL, connecting is what HttpAgent's is: no
        // request, onRunInitialized and onRunFinalized only.
        let url = match mode {
            Mode::Run => Some(inner.url.clone()),
            Mode::Connect => inner.connect_url.clone(),
        };
        let settings = inner.session_settings();
        let session = Session::run(
            &mut inner.agent,
            params.resume.as_deref(),
            js::now(),
            settings,
            url.is_some(),
        )
        .map_err(|e| run_error(&e))?;
        let thread_id = inner.thread_id.clone();
        let (body, input) = body_of(&mut inner, &thread_id, &run_id, &params)?;
        let fetch = inner.fetch()?;
        let request = Request {
            thread_id,
            run_id,
            params,
            body,
        };
        (session, request, input, url, fetch, inner.headers.clone())
    };
    let controller: AbortController = if field(&abort_param, "signal").is_object() {
        abort_param.unchecked_into()
    } else {
        js::new_abort_controller()
    };
    rc.borrow_mut().abort_controller = controller.clone();

    // The run's own subscriber; a wrapper passes its subscribers as a list.
    let run_sub: Vec<Rc<Subscriber>> = if Array::is_array(&subscriber) {
        Array::from(&subscriber)
            .iter()
            .filter(JsValue::is_object)
            .map(|s| Rc::new(Subscriber::new(0, s)))
            .collect()
    } else if subscriber.is_object() {
        vec![Rc::new(Subscriber::new(0, subscriber))]
    } else {
        Vec::new()
    };
    let mut ctx = RunCtx::new(rc, session, run_sub, input, true);
    ctx.request = Some(request);

    let accept = if rc.borrow().accept_protobuf {
        "application/vnd.ag-ui.event+proto, text/event-stream"
    } else {
        "text/event-stream"
    };
    let mut end = steps(&mut ctx).await;
    if matches!(end, Step::Request) {
        let body = ctx.request.as_ref().map(|r| r.body.clone());
        let init = transport::request_init(
            "POST",
            &headers,
            &[("Content-Type", "application/json"), ("Accept", accept)],
            body.as_ref(),
            &controller.signal(),
        );
        let url = url.unwrap_or_default();
        end = match transport::open(&fetch, &url, &init).await {
            Ok(body) => {
                ctx.session.response(body.content_type.as_deref());
                read_body(&mut ctx, &body).await
            }
            Err(f) => {
                match f {
                    // An abort before the response is reported, and the run resolves.
                    Failure::Aborted(e) => {
                        ctx.error = Some(e);
                        ctx.session.failed(None, false);
                    }
                    Failure::Run(e) => ctx.session.failed(Some(e), true),
                    Failure::Thrown(e) => {
                        ctx.error = Some(from_thrown(e));
                        ctx.session.failed(None, true);
                    }
                }
                steps(&mut ctx).await
            }
        };
    }
    if matches!(end, Step::Done { rejected: true }) {
        let err = ctx.error();
        rc.borrow_mut().agent.messages.new_since_watch();
        js::report_run_failure(&err);
        return Err(err);
    }
    result_of(&ctx)
}

/// A subscriber replaced messages or state before the request: the body
/// and the `input` callbacks read are written again from them.
pub(super) fn rewrite_input(ctx: &mut RunCtx) {
    let Some(r) = &mut ctx.request else { return };
    match body_of(&mut ctx.rc.borrow_mut(), &r.thread_id, &r.run_id, &r.params) {
        Ok((body, input)) => {
            ctx.input = input;
            r.body = body;
        }
        Err(e) => {
            ctx.error = Some(e);
            ctx.session.failed(None, true);
        }
    }
}

/// The request body, with the history and state as they are now, and the
/// run's input as callbacks read it. Both
/// travel as the JSON text of the JS copies the client keeps anyway (the
/// state as the text it was handed in as, while unchanged):
/// `JSON.stringify` writes a long history several times faster than serde
/// does in WebAssembly, and nothing has to cross the boundary. Only the
/// small rest of the input is written in Rust.
pub(super) fn body_of(
    inner: &mut Inner,
    thread_id: &str,
    run_id: &str,
    params: &RunParams,
) -> Result<(JsValue, JsValue), JsValue> {
    let version = inner
        .send_protocol_version
        .then_some(crate::core::run::PROTOCOL_VERSION);
    let frame = InputFrame::new(thread_id, run_id, version, params);
    let Inner {
        view,
        state_view,
        agent,
        ..
    } = inner;
    let messages = view.outgoing(&mut agent.messages)?;
    let (text, state) = match state_view.text() {
        _ if agent.state.is_null() => (JsValue::UNDEFINED, JsValue::UNDEFINED),
        Some(text) => (text.clone(), JsValue::UNDEFINED),
        None => (JsValue::UNDEFINED, state_view.get(&agent.state)?),
    };
    let pair = js::write_body(&frame.head, &text, &state, &messages, &frame.tail);
    Ok((pair.get(0), pair.get(1)))
}

pub(super) fn result_of(ctx: &RunCtx) -> Result<JsValue, JsValue> {
    let array = Array::from(&messages_of(&ctx.rc)?);
    let new = ctx.rc.borrow_mut().agent.messages.new_since_watch();
    // Usually one run at the end: one slice, not a call per message.
    let new_messages = match (new.first(), new.last()) {
        (Some(&a), Some(&b)) if b - a + 1 == new.len() => array.slice(a as u32, b as u32 + 1),
        _ => {
            let list = Array::new();
            for i in new {
                list.push(&array.get(i as u32));
            }
            list
        }
    };
    let out = Object::new();
    set(
        &out,
        "result",
        &match ctx.session.result() {
            Some(v) => to_js(v)?,
            None => JsValue::UNDEFINED,
        },
    );
    set(&out, "newMessages", &new_messages);
    Ok(out.into())
}

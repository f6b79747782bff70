//! One run, as the reference runs it: interrupts checked, onRunInitialized,
//! the request, the stream applied, onRunFailed, onRunFinalized, the result.

use std::collections::HashMap;
use std::rc::Rc;

use js_sys::{Array, Object};
use serde_json::Value;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::convert::{from_js_opt, to_js};
use super::error::{js_error, ErrorName};
use super::js::{self, AbortController};
use super::lifecycle::ActiveRun;
use super::partial::PartialArgs;
use super::run_error::{from_thrown, run_error};
use super::subscribers::{self, any_has, Subscriber, Subscribers};
use super::transport::{self, Failure};
use crate::core::ids;
use crate::core::reducer::Reducer;
use crate::core::run::{check_interrupts, run_id_of, InputFrame, RunParams};
use crate::core::stream::{EventStream, Limits};

use super::callbacks::{apply_mutation, lazy_input, notify_changed, params};
use super::client::{messages_of, take_js_edits, Inner, Shared};
use super::js::{field, set};
use super::options::Batching;
use super::reading::{live_subscribers, stream_body};

#[derive(Clone, Copy, PartialEq)]
pub(super) enum Mode {
    Run,
    Connect,
}

/// Everything one run keeps between events.
pub(super) struct RunCtx {
    pub(super) rc: Shared,
    /// The client's subscribers, then the run's own.
    pub(super) subs: Subscribers,
    /// The run's own subscribers, and the subscriber list revision `subs` reflects.
    pub(super) run_sub: Vec<Rc<Subscriber>>,
    pub(super) subs_rev: u64,
    pub(super) input: JsValue,
    pub(super) stream: EventStream,
    pub(super) reducer: Reducer,
    pub(super) result: Option<Value>,
    /// Partial-JSON parsers of streaming tool arguments, made on demand.
    pub(super) partial: HashMap<String, PartialArgs>,
    pub(super) dirty: (bool, bool),
    pub(super) batching: Batching,
    pub(super) limits: Limits,
    pub(super) last_flush: f64,
    /// Whether this is the run `detachActiveRun()` names (a GET stream of
    /// `openEventSource`, which may be open beside a run, is not).
    pub(super) detachable: bool,
}

impl RunCtx {
    /// A run (or a GET stream) starting now, with the client's subscribers
    /// and `run_sub`.
    pub(super) fn new(
        rc: &Shared,
        run_sub: Vec<Rc<Subscriber>>,
        input: JsValue,
        batching: Batching,
        limits: Limits,
        detachable: bool,
    ) -> Self {
        let (subs, subs_rev) = live_subscribers(rc, &run_sub);
        RunCtx {
            rc: rc.clone(),
            subs,
            run_sub,
            subs_rev,
            input,
            stream: EventStream::new(limits),
            reducer: Reducer::new(),
            result: None,
            partial: HashMap::new(),
            dirty: (false, false),
            batching,
            limits,
            last_flush: js::now(),
            detachable,
        }
    }
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

pub(super) async fn run_inner(
    rc: &Shared,
    params_js: JsValue,
    subscriber: JsValue,
    mode: Mode,
) -> Result<JsValue, JsValue> {
    take_js_edits(rc)?;
    let abort_param = field(&params_js, "abortController");
    let run_params: RunParams = from_js_opt(params_js, "run parameters")?.unwrap_or_default();
    let run_id = run_id_of(&run_params);
    let thread_id;
    let (mut body, url, fetch, headers, batching, limits) = {
        let mut inner = rc.borrow_mut();
        if inner.agent_id.is_none() {
            inner.agent_id = Some(ids::uuid());
        }
        check_interrupts(
            &inner.agent.pending_interrupts,
            run_params.resume.as_deref(),
            js::now(),
        )
        .map_err(|e| run_error(&e))?;
        thread_id = inner.thread_id.clone();
        let body = body_of(&mut inner, &thread_id, &run_id, &run_params)?;
        // Without a connect URL, connecting is what HttpAgent's is: no
        // request, onRunInitialized and onRunFinalized only.
        let url = match mode {
            Mode::Run => Some(inner.url.clone()),
            Mode::Connect => inner.connect_url.clone(),
        };
        let fetch = match &inner.fetch {
            Some(f) => f.clone(),
            None => js::global_fetch()?,
        };
        inner.agent.messages.watch_new();
        (
            body,
            url,
            fetch,
            inner.headers.clone(),
            inner.batching,
            inner.limits,
        )
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
    let mut input_js = lazy_input(body.clone());
    let mut ctx = RunCtx::new(rc, run_sub, input_js.clone(), batching, limits, true);

    // onRunInitialized may replace messages or state before anything is sent.
    if any_has(&ctx.subs, "onRunInitialized") {
        let mut dirty = (false, false);
        subscribers::run(
            &ctx.subs,
            "onRunInitialized",
            || params(rc, &input_js),
            |m, s| apply_mutation(rc, m, s, &mut dirty),
        )
        .await;
        if dirty.0 || dirty.1 {
            body = body_of(&mut rc.borrow_mut(), &thread_id, &run_id, &run_params)?;
            input_js = lazy_input(body.clone());
            ctx.input = input_js.clone();
            notify_changed(rc, &ctx.subs, dirty.0, dirty.1, &input_js).await;
        }
    }

    let accept = if rc.borrow().accept_protobuf {
        "application/vnd.ag-ui.event+proto, text/event-stream"
    } else {
        "text/event-stream"
    };
    let Some(url) = url else {
        finalize(&ctx).await;
        return result_of(&ctx);
    };
    let init = transport::request_init(
        "POST",
        &headers,
        &[("Content-Type", "application/json"), ("Accept", accept)],
        Some(&body),
        &controller.signal(),
    );
    let outcome = match transport::open(&fetch, &url, &init).await {
        Ok(body) => stream_body(&mut ctx, &body).await,
        Err(f) => Err(f),
    };
    let failure = match outcome {
        Ok(()) => None,
        Err(Failure::Aborted(e)) => {
            fail(&mut ctx, &e).await;
            None
        }
        Err(Failure::Run(e)) => Some(run_error(&e)),
        Err(Failure::Thrown(e)) => Some(from_thrown(e)),
    };
    if let Some(err) = failure {
        let swallowed = fail(&mut ctx, &err).await;
        finalize(&ctx).await;
        return if swallowed {
            Ok(result_of(&ctx)?)
        } else {
            rc.borrow_mut().agent.messages.new_since_watch();
            js::report_run_failure(&err);
            Err(err)
        };
    }
    finalize(&ctx).await;
    result_of(&ctx)
}

/// The request body, with the history and state as they are now. Both
/// travel as the JSON text of the JS copies the client keeps anyway:
/// `JSON.stringify` writes a long history several times faster than serde
/// does in WebAssembly, and nothing has to cross the boundary. Only the
/// small rest of the input is written in Rust.
pub(super) fn body_of(
    inner: &mut Inner,
    thread_id: &str,
    run_id: &str,
    params: &RunParams,
) -> Result<JsValue, JsValue> {
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
    let state = if agent.state.is_null() {
        JsValue::UNDEFINED
    } else {
        state_view.get(&agent.state)?
    };
    Ok(js::write_body(&frame.head, &state, &messages, &frame.tail))
}

/// onRunFailed; returns whether a subscriber stopped the error's propagation.
pub(super) async fn fail(ctx: &mut RunCtx, err: &JsValue) -> bool {
    let rc = ctx.rc.clone();
    let input = ctx.input.clone();
    let mut dirty = (false, false);
    let m = subscribers::run(
        &ctx.subs,
        "onRunFailed",
        || {
            let p = params(&rc, &input);
            set(&p, "error", err);
            p
        },
        |m, s| apply_mutation(&rc, m, s, &mut dirty),
    )
    .await;
    notify_changed(&rc, &ctx.subs, dirty.0, dirty.1, &input).await;
    m.stop
}

/// The run is over: `isRunning` is false by the time onRunFinalized runs, as
/// in the reference, so a UI that re-reads it there sees the end.
pub(super) async fn finalize(ctx: &RunCtx) {
    let rc = ctx.rc.clone();
    rc.borrow_mut().running = false;
    let mut dirty = (false, false);
    subscribers::run(
        &ctx.subs,
        "onRunFinalized",
        || params(&rc, &ctx.input),
        |m, s| apply_mutation(&rc, m, s, &mut dirty),
    )
    .await;
    notify_changed(&rc, &ctx.subs, dirty.0, dirty.1, &ctx.input).await;
}

pub(super) fn result_of(ctx: &RunCtx) -> Result<JsValue, JsValue> {
    let array = Array::from(&messages_of(&ctx.rc)?);
    let new_messages = Array::new();
    for i in ctx.rc.borrow_mut().agent.messages.new_since_watch() {
        new_messages.push(&array.get(i as u32));
    }
    let out = Object::new();
    set(
        &out,
        "result",
        &match &ctx.result {
            Some(v) => to_js(v)?,
            None => JsValue::UNDEFINED,
        },
    );
    set(&out, "newMessages", &new_messages);
    Ok(out.into())
}

//! The core's session driven from JavaScript: its steps carried out with
//! the client's subscribers, its chunks read from the response body. The
//! rules (what is called when, with which extras) are the session's; this
//! only moves bytes, builds parameter objects and keeps the JS copies of
//! messages and state following the core.

use std::rc::Rc;

use js_sys::Reflect;
use wasm_bindgen::JsValue;

use super::callbacks::notify_changed;
use super::client::Shared;
use super::dispatch::perform;
use super::js;
use super::partial::PartialArgs;
use super::run_error::{from_thrown, is_abort, run_error};
use super::subscribers::{listening, Subscriber, Subscribers};
use super::transport::{Body, Read};
use crate::core::maps::HashMap;
use crate::core::session::{Session, StateFollow, Step};
use crate::core::types::Event;

/// Everything one run (or GET stream) keeps between steps.
pub(super) struct RunCtx {
    pub(super) rc: Shared,
    pub(super) session: Session,
    /// The client's subscribers, then the run's own.
    pub(super) subs: Subscribers,
    /// The run's own subscribers, and the subscriber list revision `subs` reflects.
    run_sub: Vec<Rc<Subscriber>>,
    subs_rev: u64,
    /// The run's input, as callbacks read it.
    pub(super) input: JsValue,
    /// The event under way as its callbacks get it, with its number.
    pub(super) event_js: Option<(u64, JsValue)>,
    /// Partial-JSON parsers of streaming tool arguments, made on demand.
    pub(super) partial: HashMap<String, PartialArgs>,
    /// What a run's request body is written from (none for a GET stream).
    pub(super) request: Option<super::run::Request>,
    /// What the run failed with, as JavaScript sees it.
    pub(super) error: Option<JsValue>,
    /// Whether this is the run `detachActiveRun()` names (a GET stream of
    /// `openEventSource`, which may be open beside a run, is not).
    detachable: bool,
}

impl RunCtx {
    pub(super) fn new(
        rc: &Shared,
        session: Session,
        run_sub: Vec<Rc<Subscriber>>,
        input: JsValue,
        detachable: bool,
    ) -> Self {
        let mut ctx = RunCtx {
            rc: rc.clone(),
            session,
            subs: Vec::new(),
            run_sub,
            subs_rev: u64::MAX,
            input,
            event_js: None,
            partial: HashMap::default(),
            request: None,
            error: None,
            detachable,
        };
        ctx.refresh_subscribers();
        ctx
    }

    /// Picks up subscribers that came or went since the last look.
    fn refresh_subscribers(&mut self) {
        let inner = self.rc.borrow();
        if inner.subscribers_rev == self.subs_rev {
            return;
        }
        let mut subs = inner.subscribers.clone();
        subs.extend(self.run_sub.iter().cloned());
        self.subs_rev = inner.subscribers_rev;
        self.session.listen(listening(&subs));
        self.subs = subs;
    }

    /// The error of a failed run, made once: onRunFailed's and the rejection's.
    pub(super) fn error(&mut self) -> JsValue {
        if self.error.is_none() {
            self.error = self.session.error().map(run_error);
        }
        self.error.clone().unwrap_or(JsValue::UNDEFINED)
    }

    fn detached(&self) -> bool {
        self.detachable && self.rc.borrow().active.as_ref().is_some_and(|a| a.detached)
    }
}

/// Carries out the session's steps until it needs the request sent, a
/// chunk read, or is done; returns that step.
pub(super) async fn steps(ctx: &mut RunCtx) -> Step {
    loop {
        let step = {
            let mut inner = ctx.rc.borrow_mut();
            // A patch's edits are worth recording only for a JS copy of the
            // state that will follow them; without one, the next read
            // converts the state whole anyway.
            ctx.session.record_state_edits(inner.state_view.is_cached());
            let now = if ctx.session.needs_clock() {
                js::now()
            } else {
                0.0
            };
            ctx.session.step(&mut inner.agent, now)
        };
        match step {
            Step::Call(call) => {
                let answer = perform(ctx, &call).await;
                ctx.session.answered(answer);
            }
            Step::Applied { state, warnings } => follow(ctx, state, warnings),
            Step::Notify(c) => {
                ctx.refresh_subscribers();
                notify_changed(&ctx.rc, &ctx.subs, c.messages, c.state, &ctx.input).await;
            }
            Step::Rewrite => super::run::rewrite_input(ctx),
            step @ (Step::Request | Step::Read { .. } | Step::Done { .. }) => return step,
        }
    }
}

/// The JS copies follow an applied event.
fn follow(ctx: &mut RunCtx, state: StateFollow, warnings: Vec<String>) {
    let mut inner = ctx.rc.borrow_mut();
    if inner.debug {
        for w in warnings {
            super::callbacks::web_warn(&JsValue::from_str(&w));
        }
    }
    match state {
        StateFollow::Unchanged => {}
        // The JS copy follows the core's edits, copying only what they touch.
        StateFollow::Edits => inner.state_view.patched(ctx.session.state_edits()),
        StateFollow::Replaced => inner.state_view.invalidate(),
    }
    if let Some(Event::ToolCallArgs(e)) = ctx.session.event() {
        if let Some(p) = ctx.partial.get_mut(&e.tool_call_id) {
            p.push(&e.delta);
        }
    }
}

/// Reads a response body into the session until it is done with it. A
/// body the session already refused (a framing it cannot read) is
/// cancelled unread, as one whose chunk failed is.
pub(super) async fn read_body(ctx: &mut RunCtx, body: &Body) -> Step {
    if ctx.session.stream_failed() {
        body.cancel();
    }
    // Detaching cancels this reader, which ends the read under way.
    if ctx.detachable {
        if let Some(a) = ctx.rc.borrow_mut().active.as_mut() {
            a.reader = Some(body.reader());
        }
    }
    loop {
        let step = steps(ctx).await;
        let Step::Read { due_in } = step else {
            return step;
        };
        // Before a read too: a detach may have come while the request was
        // still waiting for its response.
        let read = if ctx.detached() {
            Ok(Read::Chunk(None))
        } else {
            body.next_within(due_in).await
        };
        if ctx.detached() {
            body.cancel();
            ctx.session.detach();
            continue;
        }
        ctx.refresh_subscribers();
        match read {
            Ok(Read::Late) => ctx.session.late(),
            Ok(Read::Chunk(Some(bytes))) => {
                ctx.session.feed(&bytes);
                if ctx.session.stream_failed() {
                    body.cancel();
                }
            }
            Ok(Read::Chunk(None)) => ctx.session.finish(),
            Err(e) if is_abort(&e) => {
                let said = Reflect::get(&e, &"message".into())
                    .ok()
                    .and_then(|m| m.as_string());
                ctx.session.abort(said);
            }
            Err(e) => {
                ctx.error = Some(from_thrown(e));
                ctx.session.failed(None, true);
            }
        }
    }
}

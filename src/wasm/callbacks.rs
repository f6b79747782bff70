//! Callback parameters, subscribers' returned mutations, and the
//! onNewMessage / onMessagesChanged / onStateChanged rounds.

use std::rc::Rc;

use js_sys::{Function, Object, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::client::{handle_of, messages_of, state_of, sync_view, Shared};
use super::convert::{messages_from_js, state_from_js};
use super::js::{self, set};
use super::local_change::Step;
use super::subscribers::{self, any_has, Subscriber, Subscribers};
use crate::core::session::callbacks::{ON_MESSAGES_CHANGED, ON_STATE_CHANGED};

/// A callback parameter object. `messages` and `state` are the values as
/// of the call, as the reference's are, so a subscriber that keeps its
/// parameters and reads them later sees what it was told then: the view
/// is brought up to date (what changed since the last call) and the array
/// handed out, so the next change makes a new one instead of editing it.
/// `input` is the run's one input object (see `run::body_of`).
pub(super) fn params(rc: &Shared, input: &JsValue) -> Object {
    let messages = messages_of(rc).unwrap_or(JsValue::UNDEFINED);
    let state = state_of(rc).unwrap_or(JsValue::UNDEFINED);
    js::make_params(&messages, &state, &handle_of(rc), input)
}

/// An event callback's parameters: `state` as of the call, `messages`
/// read from the agent when the callback reads it. The reference passes
/// event callbacks its live working copy, which later events keep editing,
/// so a kept parameter object read later shows the history of then, in
/// both clients; and a callback that never reads the history (a tool-call
/// UI reading `partialToolCallArgs`) costs no array copy per event.
/// `event` and `extras` (at most three: an event's own callback has no
/// more) are its other members.
pub(super) fn event_params(
    rc: &Shared,
    input: &JsValue,
    event: &JsValue,
    extras: &[(&'static str, JsValue)],
) -> Object {
    let state = state_of(rc).unwrap_or(JsValue::UNDEFINED);
    let none = (JsValue::UNDEFINED, JsValue::UNDEFINED);
    let pair = |n: usize| {
        extras
            .get(n)
            .map_or(none.clone(), |(k, v)| (js::key(k), v.clone()))
    };
    let ((k1, v1), (k2, v2), (k3, v3)) = (pair(0), pair(1), pair(2));
    let p = js::make_event_params(
        &state,
        &handle_of(rc),
        input,
        event,
        &k1,
        &v1,
        &k2,
        &v2,
        &k3,
        &v3,
    );
    for (k, v) in extras.iter().skip(3) {
        js::set(&p, k, v);
    }
    p
}

/// Applies a subscriber's returned `messages` / `state`.
pub(super) fn apply_mutation(
    rc: &Shared,
    messages: Option<JsValue>,
    state: Option<JsValue>,
    dirty: &mut (bool, bool),
) {
    if let Some(m) = messages {
        let current = rc.borrow().view.array();
        if !js_sys::Object::is(&m, &current) {
            match messages_from_js(m, "messages returned by a subscriber") {
                Ok((ms, _)) => {
                    rc.borrow_mut().agent.messages.replace_all(ms);
                    dirty.0 = true;
                }
                Err(e) => web_warn(&e),
            }
        }
    }
    if let Some(s) = state {
        match state_from_js(s, "state returned by a subscriber") {
            Ok((v, text)) => {
                let mut inner = rc.borrow_mut();
                inner.agent.state = v.into();
                inner.state_view.handed_in(text);
                dirty.1 = true;
            }
            Err(e) => web_warn(&e),
        }
    }
}

pub(super) fn web_warn(e: &JsValue) {
    if let Ok(console) = Reflect::get(&js_sys::global(), &"console".into()) {
        if let Ok(f) = Reflect::get(&console, &"warn".into()).and_then(|f| f.dyn_into::<Function>())
        {
            let _ = f.call1(&console, e);
        }
    }
}

/// The parameters of `step`'s callback: the usual ones, and the message or
/// tool call it announces.
pub(super) fn step_params(rc: &Shared, step: &Step, input: &JsValue) -> Object {
    let p = params(rc, input);
    if let Some((k, v)) = step.extra() {
        set(&p, k, v);
    }
    p
}

/// One round of `step`'s callback over `subs`. An announcement changes
/// nothing, so returned mutations are ignored, as in the reference.
pub(super) async fn announce(rc: &Shared, subs: &[Rc<Subscriber>], step: &Step, input: &JsValue) {
    let name = step.callback();
    if !any_has(subs, name) {
        return;
    }
    subscribers::run(
        subs,
        name,
        &mut || step_params(rc, step, input),
        &mut |_, _| {},
    )
    .await;
}

/// One onMessagesChanged / onStateChanged round for what changed.
pub(super) async fn notify_changed(
    rc: &Shared,
    subs: &Subscribers,
    messages: bool,
    state: bool,
    input: &JsValue,
) {
    if messages {
        // Bring the view up to date even with no listener, so `messages`
        // reads are cheap and identity is decided per batch, but without
        // handing the array out: one nobody reads is then edited in place
        // at the next change instead of copied (O(H) per batch).
        let _ = sync_view(rc);
    }
    for (changed, name) in [(messages, ON_MESSAGES_CHANGED), (state, ON_STATE_CHANGED)] {
        if changed && any_has(subs, name) {
            subscribers::run(subs, name, &mut || params(rc, input), &mut |_, _| {}).await;
        }
    }
}

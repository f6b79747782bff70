//! Subscribers told of a change made through the API (`addMessage(s)`,
//! `setMessages`, `setState`), in the reference's order and at its time.
//!
//! The reference notifies from an async function that runs synchronously up
//! to its first `await`: the first subscriber's first callback is called
//! before the method returns, every later one after it (each `await`ed, so
//! an async subscriber finishes before the next starts). What a callback
//! returns changes nothing here, as in the reference.

use std::rc::Rc;

use js_sys::Array;
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::{spawn_local, JsFuture};

use super::callbacks::{announce, step_params};
use super::client::Shared;
use super::js::{field, is_thenable};
use super::subscribers::{report, Subscriber};
use crate::core::session::callbacks::{
    ON_MESSAGES_CHANGED, ON_NEW_MESSAGE, ON_NEW_TOOL_CALL, ON_STATE_CHANGED,
};

/// One round of announcements, each subscriber in turn (during runs too).
pub enum Step {
    NewMessage(JsValue),
    NewToolCall(JsValue),
    MessagesChanged,
    StateChanged,
}

impl Step {
    pub fn callback(&self) -> &'static str {
        match self {
            Step::NewMessage(_) => ON_NEW_MESSAGE,
            Step::NewToolCall(_) => ON_NEW_TOOL_CALL,
            Step::MessagesChanged => ON_MESSAGES_CHANGED,
            Step::StateChanged => ON_STATE_CHANGED,
        }
    }

    pub fn extra(&self) -> Option<(&'static str, &JsValue)> {
        match self {
            Step::NewMessage(m) => Some(("message", m)),
            Step::NewToolCall(tc) => Some(("toolCall", tc)),
            _ => None,
        }
    }
}

/// The rounds `addMessage(s)` makes: each message, then each tool call an
/// assistant message carries, then one onMessagesChanged.
pub fn added(objects: &[JsValue]) -> Vec<Step> {
    let mut steps = Vec::new();
    for obj in objects {
        steps.push(Step::NewMessage(obj.clone()));
        if field(obj, "role").as_string().as_deref() == Some("assistant") {
            let calls = field(obj, "toolCalls");
            if Array::is_array(&calls) {
                steps.extend(Array::from(&calls).iter().map(Step::NewToolCall));
            }
        }
    }
    steps.push(Step::MessagesChanged);
    steps
}

/// Calls every subscriber for every step: the first call now, the rest
/// after it, in the background, each awaited as a run's are.
pub fn notify(rc: &Shared, subs: Vec<Rc<Subscriber>>, steps: Vec<Step>) {
    let (Some(sub), Some(step)) = (subs.first(), steps.first()) else {
        return;
    };
    let first = call_now(rc, sub, step);
    let rc = rc.clone();
    spawn_local(async move {
        if is_thenable(&first) {
            if let Err(e) = JsFuture::from(js_sys::Promise::resolve(&first)).await {
                report(steps[0].callback(), &e);
            }
        }
        for (k, step) in steps.iter().enumerate() {
            let rest = if k == 0 { &subs[1..] } else { &subs[..] };
            announce(&rc, rest, step, &JsValue::UNDEFINED).await;
        }
    });
}

/// The first subscriber's callback of the first step, called before the
/// method that made the change returns; what it returned, to await.
fn call_now(rc: &Shared, sub: &Subscriber, step: &Step) -> JsValue {
    let name = step.callback();
    let Some(f) = sub.get(name) else {
        return JsValue::UNDEFINED;
    };
    f.call1(&sub.obj, &step_params(rc, step, &JsValue::UNDEFINED))
        .unwrap_or_else(|e| {
            report(name, &e);
            JsValue::UNDEFINED
        })
}

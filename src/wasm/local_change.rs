//! Subscribers told of a change made through the API (`addMessage(s)`,
//! `setMessages`, `setState`), in the reference's order and at its time.
//!
//! The reference notifies from an async function that runs synchronously up
//! to its first `await`: the first subscriber's first callback is called
//! before the method returns, every later one after it (each `await`ed, so
//! an async subscriber finishes before the next starts). What a callback
//! returns changes nothing here, as in the reference.

use std::rc::Rc;

use js_sys::{Array, Reflect};
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::{spawn_local, JsFuture};

use super::callbacks::params;
use super::client::Shared;
use super::js::is_thenable;
use super::js::set;
use super::subscribers::{report, Subscriber};

/// One round of callbacks, each subscriber in turn.
pub enum Step {
    NewMessage(JsValue),
    NewToolCall(JsValue),
    MessagesChanged,
    StateChanged,
}

impl Step {
    fn callback(&self) -> &'static str {
        match self {
            Step::NewMessage(_) => "onNewMessage",
            Step::NewToolCall(_) => "onNewToolCall",
            Step::MessagesChanged => "onMessagesChanged",
            Step::StateChanged => "onStateChanged",
        }
    }

    fn extra(&self) -> Option<(&'static str, &JsValue)> {
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
        let get = |k: &str| Reflect::get(obj, &JsValue::from_str(k)).unwrap_or(JsValue::UNDEFINED);
        if get("role").as_string().as_deref() == Some("assistant") {
            let calls = get("toolCalls");
            if Array::is_array(&calls) {
                steps.extend(Array::from(&calls).iter().map(Step::NewToolCall));
            }
        }
    }
    steps.push(Step::MessagesChanged);
    steps
}

/// Calls every subscriber for every step: the first call now, the rest
/// after it, in the background.
pub fn notify(rc: &Shared, subs: Vec<Rc<Subscriber>>, steps: Vec<Step>) {
    let calls: Vec<(usize, usize)> = (0..steps.len())
        .flat_map(|s| (0..subs.len()).map(move |i| (s, i)))
        .collect();
    let Some(&(s0, i0)) = calls.first() else {
        return;
    };
    let first = call(rc, &subs[i0], &steps[s0]);
    let rc = rc.clone();
    spawn_local(async move {
        settle(first).await;
        for &(s, i) in &calls[1..] {
            settle(call(&rc, &subs[i], &steps[s])).await;
        }
    });
}

fn call(rc: &Shared, sub: &Subscriber, step: &Step) -> JsValue {
    let name = step.callback();
    let Some(f) = sub.get(name) else {
        return JsValue::UNDEFINED;
    };
    let p = params(rc, &JsValue::UNDEFINED);
    if let Some((k, v)) = step.extra() {
        set(&p, k, v);
    }
    f.call1(&sub.obj, &p).unwrap_or_else(|e| {
        report(name, &e);
        JsValue::UNDEFINED
    })
}

async fn settle(returned: JsValue) {
    if is_thenable(&returned) {
        let _ = JsFuture::from(js_sys::Promise::resolve(&returned)).await;
    }
}

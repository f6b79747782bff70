//! Subscribers: JS objects with callbacks named as the reference names them.
//! Which callbacks a subscriber defines is read once, at subscribe time, so
//! an event that no subscriber listens for costs nothing on the JS side.

use std::rc::Rc;

use js_sys::{Function, Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use super::js::is_thenable;
use crate::core::session::{callbacks, Listening, AGENT_SUBSCRIBER_TS};

#[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
const AGENT_SUBSCRIBER: &'static str = AGENT_SUBSCRIBER_TS[0];
#[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
const AGENT_SUBSCRIBER_EVENTS: &'static str = AGENT_SUBSCRIBER_TS[1];

pub struct Subscriber {
    pub id: u32,
    pub obj: JsValue,
    callbacks: Vec<(&'static str, Function)>,
}

impl Subscriber {
    pub fn new(id: u32, obj: JsValue) -> Self {
        let callbacks = if obj.is_object() {
            callbacks()
                .filter_map(|name| {
                    let f = Reflect::get(&obj, &JsValue::from_str(name)).ok()?;
                    f.dyn_into::<Function>().ok().map(|f| (name, f))
                })
                .collect()
        } else {
            Vec::new()
        };
        Subscriber { id, obj, callbacks }
    }

    pub fn get(&self, name: &str) -> Option<&Function> {
        self.callbacks
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, f)| f)
    }
}

/// What subscribers asked for: replacement messages or state, or that the
/// event not be applied.
#[derive(Default)]
pub struct Mutation {
    pub stop: bool,
}

/// The subscribers of one call, in order: the client's, then the run's own.
pub type Subscribers = Vec<Rc<Subscriber>>;

/// The callbacks these subscribers define, for the session.
pub fn listening(subs: &[Rc<Subscriber>]) -> Listening {
    Listening::of(
        subs.iter()
            .flat_map(|s| s.callbacks.iter().map(|(n, _)| *n)),
    )
}

pub fn any_has(subs: &[Rc<Subscriber>], name: &str) -> bool {
    subs.iter().any(|s| s.get(name).is_some())
}

/// Calls `name` on each subscriber that defines it, in order, awaiting any
/// promise it returns. `params` builds the argument (only when called);
/// `apply` receives each returned mutation's `messages` and `state` at once,
/// so the next subscriber sees them. A subscriber that throws is reported
/// and skipped, as the reference does; `stopPropagation: true` ends the round.
///
/// The closures are `dyn`: one instance of this loop (and of its future)
/// serves every round, where one per caller was inlined into each.
pub async fn run(
    subs: &[Rc<Subscriber>],
    name: &str,
    params: &mut dyn FnMut() -> Object,
    apply: &mut dyn FnMut(Option<JsValue>, Option<JsValue>),
) -> Mutation {
    let mut out = Mutation::default();
    for sub in subs {
        let Some(f) = sub.get(name) else { continue };
        let arg = params();
        let mut ret = match f.call1(&sub.obj, &arg) {
            Ok(r) => r,
            Err(e) => {
                report(name, &e);
                continue;
            }
        };
        if is_thenable(&ret) {
            match JsFuture::from(js_sys::Promise::resolve(&ret)).await {
                Ok(r) => ret = r,
                Err(e) => {
                    report(name, &e);
                    continue;
                }
            }
        }
        if !ret.is_object() {
            continue;
        }
        let field = |k: &str| {
            Reflect::get(&ret, &JsValue::from_str(k))
                .ok()
                .filter(|v| !v.is_undefined())
        };
        apply(field("messages"), field("state"));
        if field("stopPropagation").and_then(|v| v.as_bool()) == Some(true) {
            out.stop = true;
            break;
        }
    }
    out
}

pub fn report(name: &str, e: &JsValue) {
    web_console_error(&format!("Subscriber error in {name}:"), e);
}

fn web_console_error(msg: &str, e: &JsValue) {
    let console = Reflect::get(&js_sys::global(), &"console".into()).ok();
    if let Some(f) = console
        .as_ref()
        .and_then(|c| Reflect::get(c, &"error".into()).ok())
        .and_then(|f| f.dyn_into::<Function>().ok())
    {
        let _ = f.call2(
            console.as_ref().unwrap_or(&JsValue::UNDEFINED),
            &JsValue::from_str(msg),
            e,
        );
    }
}

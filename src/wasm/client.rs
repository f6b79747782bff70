//! `AgentClient`: the JavaScript face of the core, shaped like the
//! reference's `HttpAgent` so that moving over is a one-line change.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use js_sys::{Array, Function, Object};
use serde_json::Value;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::convert::{from_js, from_js_opt, messages_from_js, state_from_js};
use super::error::{js_error, ErrorName};
use super::js::{self, AbortController};
use super::lifecycle::ActiveRun;
use super::local_change::{self, Step};
use super::subscribers::Subscriber;
use super::view::{MessagesView, StateView};
use crate::core::history::History;
use crate::core::ids;
use crate::core::reducer::AgentState;
use crate::core::stream::Limits;
use crate::core::types::*;

use super::js::{field, set};
use super::options::{parse_batching, Options};
use crate::core::session::{Batching, Settings};
pub(crate) struct Inner {
    pub(super) agent: AgentState,
    pub(super) thread_id: String,
    pub(super) agent_id: Option<String>,
    pub(super) description: String,
    pub(super) url: String,
    pub(super) connect_url: Option<String>,
    pub(super) headers: JsValue,
    pub(super) fetch: Option<Function>,
    pub(super) batching: Batching,
    pub(super) limits: Limits,
    pub(super) debug: bool,
    /// Ask for the protobuf transport in `Accept` (read only by the proto build).
    pub(super) accept_protobuf: bool,
    /// `protocolVersion` in the request body (as @ag-ui/client 1.0 sends it).
    pub(super) send_protocol_version: bool,
    pub(super) subscribers: Vec<Rc<Subscriber>>,
    pub(super) next_subscriber: u32,
    /// Bumped on every subscribe and unsubscribe, so a run in progress
    /// picks up a view that mounts (or unmounts) while it streams.
    pub(super) subscribers_rev: u64,
    pub(super) view: MessagesView,
    pub(super) state_view: StateView,
    pub(super) running: bool,
    /// `abortController`, as HttpAgent has it: replaced by each run (the
    /// run's `abortController` parameter, or a new one) and kept after it.
    pub(super) abort_controller: AbortController,
    /// The run under way: its completion and detach promises.
    pub(super) active: Option<ActiveRun>,
    /// A handle that JS callbacks receive as `agent`.
    pub(super) handle: Option<JsValue>,
    /// A `WeakRef` to the object callbacks receive as `agent` instead of
    /// the handle (the `agent` option: a wrapper class passes itself).
    pub(super) agent_ref: JsValue,
}

impl Inner {
    /// What a run's or a GET stream's session is made with.
    pub(super) fn session_settings(&self) -> Settings {
        Settings {
            limits: self.limits,
            batching: self.batching,
            ..Settings::default()
        }
    }

    /// The `fetch` option, or the global one.
    pub(super) fn fetch(&self) -> Result<Function, JsValue> {
        match &self.fetch {
            Some(f) => Ok(f.clone()),
            None => js::global_fetch(),
        }
    }
}

/// Shared by the client and the handles callbacks receive.
enum Link {
    Strong(Rc<RefCell<Inner>>),
    Weak(Weak<RefCell<Inner>>),
}

/// An AG-UI agent reached over HTTP. Messages, state and interrupts are held
/// and updated in WebAssembly; JavaScript sees finished values.
#[wasm_bindgen]
pub struct AgentClient {
    link: Link,
}

pub(crate) type Shared = Rc<RefCell<Inner>>;

#[wasm_bindgen]
impl AgentClient {
    /// `new AgentClient({ url, headers, threadId, agentId, initialMessages,
    /// initialState, fetch, connectUrl, batching, maxEventSize, debug })`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "AgentClientConfig")] config: JsValue,
    ) -> Result<AgentClient, JsValue> {
        ids::seed(js::random_seed() as u64);
        let opts: Options =
            from_js_opt(js::scalar_options(&config), "AgentClient options")?.unwrap_or_default();
        let (messages, messages_text) = match field(&config, "initialMessages") {
            v if v.is_undefined() || v.is_null() => (Vec::new(), None),
            v => messages_from_js(v, "initialMessages")?,
        };
        let mut state_view = StateView::default();
        let state = match field(&config, "initialState") {
            v if v.is_undefined() || v.is_null() => Value::Object(Default::default()).into(),
            v => {
                let (state, text) = state_from_js(v, "initialState")?;
                state_view.handed_in(text);
                state.into()
            }
        };
        let fetch = match field(&config, "fetch") {
            f if f.is_undefined() || f.is_null() => None,
            f => Some(
                f.dyn_into::<Function>()
                    .map_err(|_| js_error(ErrorName::Type, "fetch must be a function"))?,
            ),
        };
        let inner = Inner {
            agent: AgentState {
                messages: History::new(messages),
                state,
                pending_interrupts: Vec::new(),
            },
            thread_id: opts.thread_id.unwrap_or_else(ids::uuid),
            agent_id: opts.agent_id,
            description: opts.description.unwrap_or_default(),
            url: opts.url.unwrap_or_default(),
            connect_url: opts.connect_url,
            headers: field(&config, "headers"),
            fetch,
            batching: parse_batching(&field(&config, "batching"))?,
            limits: Limits {
                max_event_size: opts
                    .max_event_size
                    .unwrap_or(Limits::default().max_event_size),
                ..Limits::default()
            },
            debug: opts.debug.unwrap_or(false),
            accept_protobuf: opts.accept_protobuf.unwrap_or(false) && cfg!(feature = "proto"),
            send_protocol_version: opts.send_protocol_version.unwrap_or(true),
            subscribers: Vec::new(),
            next_subscriber: 0,
            subscribers_rev: 0,
            view: MessagesView::default(),
            state_view,
            running: false,
            abort_controller: js::new_abort_controller(),
            active: None,
            handle: None,
            agent_ref: field(&config, "agent"),
        };
        AgentClient::holding(inner, messages_text)
    }

    /// A client around `inner`, its history indexed and its history and
    /// state copied into JS objects now, once, as the reference copies
    /// `initialMessages` and `initialState` in its constructor: no run pays
    /// for a history or state it was given. The history's JS copy is parsed
    /// from `messages_text` where that says what the history holds.
    fn holding(mut inner: Inner, messages_text: Option<JsValue>) -> Result<AgentClient, JsValue> {
        inner.agent.messages.build_index();
        if let Some(text) = messages_text {
            let Inner { agent, view, .. } = &mut inner;
            view.adopt(&mut agent.messages, js::parse_json(&text)?.into(), false);
        }
        let rc = Rc::new(RefCell::new(inner));
        messages_of(&rc)?;
        state_of(&rc)?;
        Ok(AgentClient {
            link: Link::Strong(rc),
        })
    }

    pub(super) fn shared(&self) -> Result<Shared, JsValue> {
        match &self.link {
            Link::Strong(rc) => Ok(rc.clone()),
            Link::Weak(w) => w
                .upgrade()
                .ok_or_else(|| js_error(ErrorName::Agent, "this AgentClient has been freed")),
        }
    }

    /// Adds a subscriber to every run; returns `{ unsubscribe }`.
    #[wasm_bindgen(unchecked_return_type = "{ unsubscribe(): void }")]
    pub fn subscribe(
        &self,
        #[wasm_bindgen(unchecked_param_type = "AgentSubscriber")] subscriber: JsValue,
    ) -> Result<JsValue, JsValue> {
        let rc = self.shared()?;
        let id = {
            let mut inner = rc.borrow_mut();
            inner.next_subscriber += 1;
            inner.subscribers_rev += 1;
            let id = inner.next_subscriber;
            inner
                .subscribers
                .push(Rc::new(Subscriber::new(id, subscriber)));
            id
        };
        let weak = Rc::downgrade(&rc);
        let unsubscribe = Closure::once_into_js(move || {
            if let Some(rc) = weak.upgrade() {
                let mut inner = rc.borrow_mut();
                inner.subscribers.retain(|s| s.id != id);
                inner.subscribers_rev += 1;
            }
        });
        let out = Object::new();
        set(&out, "unsubscribe", &unsubscribe);
        Ok(out.into())
    }

    /// Appends a message; the array keeps the caller's object, as the
    /// reference's `messages.push` does.
    #[wasm_bindgen(js_name = addMessage)]
    pub fn add_message(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Message")] message: JsValue,
    ) -> Result<(), JsValue> {
        let m: Message = from_js(message.clone(), "message")?;
        self.add(vec![m], vec![message])
    }

    #[wasm_bindgen(js_name = addMessages)]
    pub fn add_messages(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Message[]")] messages: JsValue,
    ) -> Result<(), JsValue> {
        let (ms, _) = messages_from_js(messages.clone(), "messages")?;
        let objects = Array::from(&messages).iter().collect();
        self.add(ms, objects)
    }

    fn add(&self, ms: Vec<Message>, objects: Vec<JsValue>) -> Result<(), JsValue> {
        let rc = self.shared()?;
        take_js_edits(&rc)?;
        {
            let mut inner = rc.borrow_mut();
            let Inner { agent, view, .. } = &mut *inner;
            for (m, obj) in ms.into_iter().zip(&objects) {
                let i = agent.messages.push(m);
                view.keep(&agent.messages, i, obj.clone());
            }
        }
        let subs = rc.borrow().subscribers.clone();
        local_change::notify(&rc, subs, local_change::added(&objects));
        Ok(())
    }

    /// Replaces the history with a copy of `messages`. Messages equal to
    /// the ones they replace keep their objects, so the copy is converted,
    /// not parsed from the text as a constructor's history is.
    #[wasm_bindgen(js_name = setMessages)]
    pub fn set_messages(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Message[]")] messages: JsValue,
    ) -> Result<(), JsValue> {
        let (ms, _) = messages_from_js(messages, "messages")?;
        let rc = self.shared()?;
        rc.borrow_mut().agent.messages.replace_all(ms);
        let subs = rc.borrow().subscribers.clone();
        local_change::notify(&rc, subs, vec![Step::MessagesChanged]);
        Ok(())
    }

    #[wasm_bindgen(js_name = setState)]
    pub fn set_state(
        &self,
        #[wasm_bindgen(unchecked_param_type = "State")] state: JsValue,
    ) -> Result<(), JsValue> {
        let (s, text) = state_from_js(state, "state")?;
        let rc = self.shared()?;
        {
            let mut inner = rc.borrow_mut();
            inner.agent.state = s.into();
            inner.state_view.handed_in(text);
        }
        let subs = rc.borrow().subscribers.clone();
        local_change::notify(&rc, subs, vec![Step::StateChanged]);
        Ok(())
    }

    /// A new client with a copy of this one's history, state, interrupts and
    /// subscribers, and its own abort controller.
    #[wasm_bindgen(js_name = clone)]
    pub fn duplicate(&self) -> Result<AgentClient, JsValue> {
        let rc = self.shared()?;
        take_js_edits(&rc)?;
        let i = rc.borrow();
        let inner = Inner {
            agent: AgentState {
                messages: History::new(i.agent.messages.to_vec()),
                state: i.agent.state.clone(),
                pending_interrupts: i.agent.pending_interrupts.clone(),
            },
            thread_id: i.thread_id.clone(),
            agent_id: i.agent_id.clone(),
            description: i.description.clone(),
            url: i.url.clone(),
            connect_url: i.connect_url.clone(),
            headers: i.headers.clone(),
            fetch: i.fetch.clone(),
            batching: i.batching,
            limits: i.limits,
            debug: i.debug,
            accept_protobuf: i.accept_protobuf,
            send_protocol_version: i.send_protocol_version,
            subscribers: i.subscribers.clone(),
            next_subscriber: i.next_subscriber,
            subscribers_rev: 0,
            view: MessagesView::default(),
            state_view: StateView::default(),
            running: false,
            abort_controller: fresh_controller(&i.abort_controller),
            active: None,
            handle: None,
            agent_ref: JsValue::UNDEFINED,
        };
        drop(i);
        AgentClient::holding(inner, None)
    }
}

pub(super) fn opt_js(v: Option<Object>) -> JsValue {
    v.map(JsValue::from).unwrap_or(JsValue::UNDEFINED)
}

/// The view brought up to date, its array not handed out: one nobody
/// holds is edited in place at the next change.
pub(super) fn sync_view(rc: &Shared) -> Result<(), JsValue> {
    let mut inner = rc.borrow_mut();
    let Inner { view, agent, .. } = &mut *inner;
    view.sync(&mut agent.messages).map(|_| ())
}

/// The `messages` array, up to date and handed out.
pub(super) fn messages_of(rc: &Shared) -> Result<JsValue, JsValue> {
    sync_view(rc)?;
    Ok(rc.borrow().view.array())
}

/// Takes in the edits JavaScript made in place to the `messages` array it
/// was handed (CopilotKit pushes a tool's result into it, then runs): they
/// are what the next request sends and the history keeps. Checked once per
/// run and per API change, never per event.
pub(super) fn take_js_edits(rc: &Shared) -> Result<(), JsValue> {
    let edited = {
        let inner = rc.borrow();
        inner.view.js_edits(&inner.agent.messages)
    };
    let Some(array) = edited else {
        return Ok(());
    };
    let (ms, _) = messages_from_js(array.clone().into(), "messages")?;
    let mut inner = rc.borrow_mut();
    let Inner { agent, view, .. } = &mut *inner;
    agent.messages.replace_all(ms);
    view.adopt(&mut agent.messages, array, true);
    Ok(())
}

/// A clone's controller: its own, aborted if the original's already is.
pub(super) fn fresh_controller(of: &AbortController) -> AbortController {
    let c = js::new_abort_controller();
    if of.signal().aborted() {
        c.abort();
    }
    c
}

pub(super) fn state_of(rc: &Shared) -> Result<JsValue, JsValue> {
    let mut inner = rc.borrow_mut();
    let Inner {
        state_view, agent, ..
    } = &mut *inner;
    state_view.get(&agent.state)
}

/// The `agent` handed to callbacks: a handle on the same client that does
/// not keep it alive.
pub(super) fn handle_of(rc: &Shared) -> JsValue {
    let wrapper = js::deref_agent(&rc.borrow().agent_ref);
    if wrapper.is_object() {
        return wrapper;
    }
    if let Some(h) = rc.borrow().handle.clone() {
        return h;
    }
    let h: JsValue = AgentClient {
        link: Link::Weak(Rc::downgrade(rc)),
    }
    .into();
    rc.borrow_mut().handle = Some(h.clone());
    h
}

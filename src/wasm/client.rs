//! `AgentClient`: the JavaScript face of the core, shaped like the
//! reference's `HttpAgent` so that moving over is a one-line change.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::{Rc, Weak};

use crate::core::types::from_json::{loose_field, object, FromJson, ReadError};
use js_sys::{Array, Function, Object, Reflect};
use serde_json::Value;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::{future_to_promise, JsFuture};

use super::convert::{from_js, from_js_opt, to_js};
use super::error::{js_error, ErrorName};
use super::js::{self, AbortController};
use super::lifecycle::ActiveRun;
use super::local_change::{self, Step};
use super::partial::PartialArgs;
use super::run_error::{from_thrown, run_error};
use super::subscribers::{self, any_has, Subscriber, Subscribers};
use super::transport::{self, Body, Failure, Read};
use super::view::{MessagesView, StateView};
use crate::core::error::RunError;
use crate::core::history::History;
use crate::core::ids;
use crate::core::reducer::{AgentState, Finished, Reducer};
use crate::core::run::{check_interrupts, run_id_of, InputFrame, RunParams};
use crate::core::stream::{EventStream, Limits};
use crate::core::types::*;

/// When subscribers hear that messages or state changed.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Batching {
    /// Once per network chunk (the default).
    Chunk,
    /// After every event, as the reference does.
    Event,
    /// At most once per this many milliseconds, and at the end.
    Throttle(f64),
}

#[derive(Default)]
struct Options {
    url: Option<String>,
    connect_url: Option<String>,
    thread_id: Option<String>,
    agent_id: Option<String>,
    description: Option<String>,
    max_event_size: Option<usize>,
    debug: Option<bool>,
    accept_protobuf: Option<bool>,
    send_protocol_version: Option<bool>,
}

/// Options may be left out or given as `null`, as HttpAgent's are.
impl FromJson for Options {
    fn from_json(v: Value) -> Result<Self, ReadError> {
        let mut m = object(v)?;
        Ok(Options {
            url: loose_field(&mut m, "url")?,
            connect_url: loose_field(&mut m, "connectUrl")?,
            thread_id: loose_field(&mut m, "threadId")?,
            agent_id: loose_field(&mut m, "agentId")?,
            description: loose_field(&mut m, "description")?,
            max_event_size: loose_field(&mut m, "maxEventSize")?,
            debug: loose_field(&mut m, "debug")?,
            accept_protobuf: loose_field(&mut m, "acceptProtobuf")?,
            send_protocol_version: loose_field(&mut m, "sendProtocolVersion")?,
        })
    }
}

pub(crate) struct Inner {
    agent: AgentState,
    thread_id: String,
    agent_id: Option<String>,
    description: String,
    url: String,
    connect_url: Option<String>,
    headers: JsValue,
    fetch: Option<Function>,
    batching: Batching,
    limits: Limits,
    debug: bool,
    /// Ask for the protobuf transport in `Accept` (read only by the proto build).
    accept_protobuf: bool,
    /// `protocolVersion` in the request body (as @ag-ui/client 1.0 sends it).
    send_protocol_version: bool,
    subscribers: Vec<Rc<Subscriber>>,
    next_subscriber: u32,
    /// Bumped on every subscribe and unsubscribe, so a run in progress
    /// picks up a view that mounts (or unmounts) while it streams.
    subscribers_rev: u64,
    view: MessagesView,
    state_view: StateView,
    running: bool,
    /// `abortController`, as HttpAgent has it: replaced by each run (the
    /// run's `abortController` parameter, or a new one) and kept after it.
    abort_controller: AbortController,
    /// The run under way: its completion and detach promises.
    active: Option<ActiveRun>,
    /// A handle that JS callbacks receive as `agent`.
    handle: Option<JsValue>,
    /// A `WeakRef` to the object callbacks receive as `agent` instead of
    /// the handle (the `agent` option: a wrapper class passes itself).
    agent_ref: JsValue,
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

fn field(obj: &JsValue, k: &str) -> JsValue {
    if obj.is_object() {
        Reflect::get(obj, &JsValue::from_str(k)).unwrap_or(JsValue::UNDEFINED)
    } else {
        JsValue::UNDEFINED
    }
}

pub(crate) fn set(obj: &Object, k: &'static str, v: &JsValue) {
    let _ = Reflect::set(obj, &js::key(k), v);
}

fn parse_batching(v: &JsValue) -> Result<Batching, JsValue> {
    if v.is_undefined() || v.is_null() {
        return Ok(Batching::Chunk);
    }
    match v.as_string().as_deref() {
        Some("chunk") => return Ok(Batching::Chunk),
        Some("event") => return Ok(Batching::Event),
        _ => {}
    }
    match field(v, "throttleMs").as_f64() {
        Some(ms) if ms >= 0.0 => Ok(Batching::Throttle(ms)),
        _ => Err(js_error(
            ErrorName::Type,
            "batching must be \"chunk\", \"event\" or { throttleMs: number }",
        )),
    }
}

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
        let messages: Vec<Message> =
            from_js_opt(field(&config, "initialMessages"), "initialMessages")?.unwrap_or_default();
        let state: Value = from_js_opt(field(&config, "initialState"), "initialState")?
            .unwrap_or_else(|| Value::Object(Default::default()));
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
            },
            debug: opts.debug.unwrap_or(false),
            accept_protobuf: opts.accept_protobuf.unwrap_or(false) && cfg!(feature = "proto"),
            send_protocol_version: opts.send_protocol_version.unwrap_or(true),
            subscribers: Vec::new(),
            next_subscriber: 0,
            subscribers_rev: 0,
            view: MessagesView::default(),
            state_view: StateView::default(),
            running: false,
            abort_controller: js::new_abort_controller(),
            active: None,
            handle: None,
            agent_ref: field(&config, "agent"),
        };
        AgentClient::holding(inner)
    }

    /// A client around `inner`, its history indexed and its history and
    /// state copied into JS objects now, once, as the reference copies
    /// `initialMessages` and `initialState` in its constructor: no run pays
    /// for a history or state it was given.
    fn holding(mut inner: Inner) -> Result<AgentClient, JsValue> {
        inner.agent.messages.build_index();
        let rc = Rc::new(RefCell::new(inner));
        messages_of(&rc)?;
        state_of(&rc)?;
        Ok(AgentClient {
            link: Link::Strong(rc),
        })
    }

    fn shared(&self) -> Result<Shared, JsValue> {
        match &self.link {
            Link::Strong(rc) => Ok(rc.clone()),
            Link::Weak(w) => w
                .upgrade()
                .ok_or_else(|| js_error(ErrorName::Agent, "this AgentClient has been freed")),
        }
    }

    /// The conversation. The same array until something changes; unchanged
    /// messages keep their objects across updates.
    #[wasm_bindgen(getter, unchecked_return_type = "Message[]")]
    pub fn messages(&self) -> Result<JsValue, JsValue> {
        messages_of(&self.shared()?)
    }

    /// `agent.messages = list` is `setMessages(list)`, as on HttpAgent.
    #[wasm_bindgen(setter = messages)]
    pub fn assign_messages(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Message[]")] messages: JsValue,
    ) -> Result<(), JsValue> {
        self.set_messages(messages)
    }

    #[wasm_bindgen(getter, unchecked_return_type = "State")]
    pub fn state(&self) -> Result<JsValue, JsValue> {
        state_of(&self.shared()?)
    }

    /// `agent.state = value` is `setState(value)`.
    #[wasm_bindgen(setter = state)]
    pub fn assign_state(
        &self,
        #[wasm_bindgen(unchecked_param_type = "State")] state: JsValue,
    ) -> Result<(), JsValue> {
        self.set_state(state)
    }

    #[wasm_bindgen(getter, js_name = threadId)]
    pub fn thread_id(&self) -> Result<String, JsValue> {
        Ok(self.shared()?.borrow().thread_id.clone())
    }

    #[wasm_bindgen(setter, js_name = threadId)]
    pub fn set_thread_id(&self, id: String) -> Result<(), JsValue> {
        self.shared()?.borrow_mut().thread_id = id;
        Ok(())
    }

    #[wasm_bindgen(getter, js_name = agentId)]
    pub fn agent_id(&self) -> Result<Option<String>, JsValue> {
        Ok(self.shared()?.borrow().agent_id.clone())
    }

    /// Frameworks name an agent by assigning this (CopilotKit gives it the
    /// key it was registered under).
    #[wasm_bindgen(setter, js_name = agentId)]
    pub fn set_agent_id(&self, id: Option<String>) -> Result<(), JsValue> {
        self.shared()?.borrow_mut().agent_id = id;
        Ok(())
    }

    #[wasm_bindgen(getter)]
    pub fn description(&self) -> Result<String, JsValue> {
        Ok(self.shared()?.borrow().description.clone())
    }

    #[wasm_bindgen(setter)]
    pub fn set_description(&self, text: String) -> Result<(), JsValue> {
        self.shared()?.borrow_mut().description = text;
        Ok(())
    }

    #[wasm_bindgen(getter)]
    pub fn url(&self) -> Result<String, JsValue> {
        Ok(self.shared()?.borrow().url.clone())
    }

    #[wasm_bindgen(setter)]
    pub fn set_url(&self, url: String) -> Result<(), JsValue> {
        self.shared()?.borrow_mut().url = url;
        Ok(())
    }

    /// The headers of every request; one assigned applies from the next.
    #[wasm_bindgen(getter, unchecked_return_type = "Record<string, string>")]
    pub fn headers(&self) -> Result<JsValue, JsValue> {
        let rc = self.shared()?;
        let mut inner = rc.borrow_mut();
        if !inner.headers.is_object() {
            inner.headers = Object::new().into();
        }
        Ok(inner.headers.clone())
    }

    #[wasm_bindgen(setter)]
    pub fn set_headers(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Record<string, string>")] headers: JsValue,
    ) -> Result<(), JsValue> {
        self.shared()?.borrow_mut().headers = headers;
        Ok(())
    }

    #[wasm_bindgen(getter, js_name = isRunning)]
    pub fn is_running(&self) -> Result<bool, JsValue> {
        Ok(self.shared()?.borrow().running)
    }

    /// Interrupts the last run left open; the next run must answer each.
    #[wasm_bindgen(getter, js_name = pendingInterrupts, unchecked_return_type = "Interrupt[]")]
    pub fn pending_interrupts(&self) -> Result<JsValue, JsValue> {
        to_js(&self.shared()?.borrow().agent.pending_interrupts)
    }

    #[wasm_bindgen(setter, js_name = pendingInterrupts)]
    pub fn set_pending_interrupts(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Interrupt[]")] v: JsValue,
    ) -> Result<(), JsValue> {
        let list: Vec<Interrupt> = from_js_opt(v, "pendingInterrupts")?.unwrap_or_default();
        self.shared()?.borrow_mut().agent.pending_interrupts = list;
        Ok(())
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
        let ms: Vec<Message> = from_js(messages.clone(), "messages")?;
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
        messages_of(&rc)?;
        let subs = rc.borrow().subscribers.clone();
        local_change::notify(&rc, subs, local_change::added(&objects));
        Ok(())
    }

    /// Replaces the history with a copy of `messages`.
    #[wasm_bindgen(js_name = setMessages)]
    pub fn set_messages(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Message[]")] messages: JsValue,
    ) -> Result<(), JsValue> {
        let ms: Vec<Message> = from_js(messages, "messages")?;
        let rc = self.shared()?;
        rc.borrow_mut().agent.messages.replace_all(ms);
        messages_of(&rc)?;
        let subs = rc.borrow().subscribers.clone();
        local_change::notify(&rc, subs, vec![Step::MessagesChanged]);
        Ok(())
    }

    #[wasm_bindgen(js_name = setState)]
    pub fn set_state(
        &self,
        #[wasm_bindgen(unchecked_param_type = "State")] state: JsValue,
    ) -> Result<(), JsValue> {
        let s: Value = from_js(state, "state")?;
        let rc = self.shared()?;
        {
            let mut inner = rc.borrow_mut();
            inner.agent.state = s;
            inner.state_view.invalidate();
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
        AgentClient::holding(inner)
    }

    /// Stops the current run. The run ends quietly: its promise resolves with
    /// what arrived so far, and the client is ready for the next run.
    #[wasm_bindgen(js_name = abortRun)]
    pub fn abort_run(&self) -> Result<(), JsValue> {
        let controller: AbortController = self
            .shared()?
            .borrow()
            .abort_controller
            .clone()
            .unchecked_into();
        controller.abort();
        Ok(())
    }

    /// The controller whose `abort()` stops the current run, as HttpAgent's
    /// `abortController`. One set while a run streams stops that run too.
    #[wasm_bindgen(getter = abortController, unchecked_return_type = "AbortController")]
    pub fn abort_controller(&self) -> Result<JsValue, JsValue> {
        Ok(self.shared()?.borrow().abort_controller.clone())
    }

    #[wasm_bindgen(setter = abortController)]
    pub fn set_abort_controller(
        &self,
        #[wasm_bindgen(unchecked_param_type = "AbortController")] controller: JsValue,
    ) -> Result<(), JsValue> {
        if !field(&controller, "signal").is_object() {
            return Err(js_error(
                ErrorName::Type,
                "abortController must be an AbortController",
            ));
        }
        let rc = self.shared()?;
        let mut inner = rc.borrow_mut();
        if inner.running {
            js::link_abort(&controller, &inner.abort_controller);
        }
        inner.abort_controller = controller.unchecked_into();
        Ok(())
    }

    /// Settles when the run under way is over; `undefined` between runs.
    #[wasm_bindgen(getter = activeRunCompletionPromise, unchecked_return_type = "Promise<void> | undefined")]
    pub fn active_run_completion_promise(&self) -> Result<JsValue, JsValue> {
        let rc = self.shared()?;
        let inner = rc.borrow();
        Ok(inner
            .active
            .as_ref()
            .map_or(JsValue::UNDEFINED, |a| a.completion.promise.clone().into()))
    }

    /// Stops applying the run under way without failing it: the stream is
    /// left, what arrived so far is kept, onRunFinalized is called and
    /// `runAgent` resolves. Resolves when the run is over.
    #[wasm_bindgen(js_name = detachActiveRun, unchecked_return_type = "Promise<void>")]
    pub fn detach_active_run(&self) -> Result<js_sys::Promise, JsValue> {
        let rc = self.shared()?;
        let completion = rc.borrow_mut().active.as_mut().map(|a| {
            a.request_detach();
            a.completion.promise.clone()
        });
        Ok(future_to_promise(async move {
            if let Some(p) = completion {
                JsFuture::from(p).await?;
            }
            Ok(JsValue::UNDEFINED)
        }))
    }

    /// Runs the agent: POSTs the run input and applies the events it streams
    /// back. Resolves to `{ result, newMessages }`.
    #[wasm_bindgen(js_name = runAgent, unchecked_return_type = "Promise<RunAgentResult>")]
    pub fn run_agent(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "RunAgentParameters")] params: Option<
            Object,
        >,
        #[wasm_bindgen(unchecked_optional_param_type = "AgentSubscriber")] subscriber: Option<
            Object,
        >,
    ) -> Result<js_sys::Promise, JsValue> {
        let rc = self.shared()?;
        let (params, subscriber) = (opt_js(params), opt_js(subscriber));
        Ok(future_to_promise(run(rc, params, subscriber, Mode::Run)))
    }

    /// Re-attaches to the thread after a dropped stream: POSTs the run input
    /// to the connect URL (default `${url}/connect`) and applies what the
    /// server replays, usually a MESSAGES_SNAPSHOT.
    #[wasm_bindgen(js_name = connectAgent, unchecked_return_type = "Promise<RunAgentResult>")]
    pub fn connect_agent(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "RunAgentParameters")] params: Option<
            Object,
        >,
        #[wasm_bindgen(unchecked_optional_param_type = "AgentSubscriber")] subscriber: Option<
            Object,
        >,
    ) -> Result<js_sys::Promise, JsValue> {
        let rc = self.shared()?;
        let (params, subscriber) = (opt_js(params), opt_js(subscriber));
        Ok(future_to_promise(run(
            rc,
            params,
            subscriber,
            Mode::Connect,
        )))
    }

    /// Follows a GET Server-Sent Events stream of AG-UI events (servers that
    /// publish runs over GET), reconnecting with `Last-Event-ID` and the
    /// server's `retry` delay. Options: `{ url, retryMs = 3000, maxRetries =
    /// Infinity }`. Returns `{ close(), closed }`; `closed` settles when the
    /// stream is closed, or rejects when it fails for good.
    #[wasm_bindgen(js_name = openEventSource, unchecked_return_type = "EventSourceHandle")]
    pub fn open_event_source(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "EventSourceOptions")] options: Option<
            Object,
        >,
    ) -> Result<JsValue, JsValue> {
        let options = opt_js(options);
        let rc = self.shared()?;
        let url = field(&options, "url")
            .as_string()
            .unwrap_or_else(|| rc.borrow().url.clone());
        let retry_ms = field(&options, "retryMs").as_f64().unwrap_or(3000.0);
        let max_retries = field(&options, "maxRetries")
            .as_f64()
            .unwrap_or(f64::INFINITY);
        let closed_flag = Rc::new(RefCell::new(false));
        let controller = Rc::new(RefCell::new(js::new_abort_controller()));
        let task = event_source(
            rc,
            url,
            retry_ms,
            max_retries,
            closed_flag.clone(),
            controller.clone(),
        );
        let closed = future_to_promise(task);
        let close = Closure::<dyn FnMut()>::new(move || {
            *closed_flag.borrow_mut() = true;
            controller.borrow().abort();
        })
        .into_js_value();
        let out = Object::new();
        set(&out, "close", &close);
        set(&out, "closed", &closed);
        Ok(out.into())
    }
}

fn opt_js(v: Option<Object>) -> JsValue {
    v.map(JsValue::from).unwrap_or(JsValue::UNDEFINED)
}

fn messages_of(rc: &Shared) -> Result<JsValue, JsValue> {
    let mut inner = rc.borrow_mut();
    let Inner { view, agent, .. } = &mut *inner;
    view.sync(&mut agent.messages)?;
    Ok(view.array())
}

/// Takes in the edits JavaScript made in place to the `messages` array it
/// was handed (CopilotKit pushes a tool's result into it, then runs): they
/// are what the next request sends and the history keeps. Checked once per
/// run and per API change, never per event.
fn take_js_edits(rc: &Shared) -> Result<(), JsValue> {
    let edited = {
        let inner = rc.borrow();
        inner.view.js_edits(&inner.agent.messages)
    };
    let Some(array) = edited else {
        return Ok(());
    };
    let ms: Vec<Message> = from_js(array.clone().into(), "messages")?;
    let mut inner = rc.borrow_mut();
    let Inner { agent, view, .. } = &mut *inner;
    agent.messages.replace_all(ms);
    view.adopt(&mut agent.messages, array);
    Ok(())
}

/// A clone's controller: its own, aborted if the original's already is.
fn fresh_controller(of: &AbortController) -> AbortController {
    let c = js::new_abort_controller();
    if field(&of.signal(), "aborted").as_bool() == Some(true) {
        c.abort();
    }
    c
}

fn state_of(rc: &Shared) -> Result<JsValue, JsValue> {
    let mut inner = rc.borrow_mut();
    let Inner {
        state_view, agent, ..
    } = &mut *inner;
    state_view.get(&agent.state)
}

/// The `agent` handed to callbacks: a handle on the same client that does
/// not keep it alive.
fn handle_of(rc: &Shared) -> JsValue {
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

/// A callback parameter object. `messages` and `state` are the values as
/// of the call, as the reference's are, so a subscriber that keeps its
/// parameters and reads them later sees what it was told then: the view
/// is brought up to date (what changed since the last call) and the array
/// handed out, so the next change makes a new one instead of editing it.
/// `input` is read lazily: it does not change during a run.
pub(crate) fn params(rc: &Shared, input: &JsValue) -> Object {
    let messages = messages_of(rc).unwrap_or(JsValue::UNDEFINED);
    let state = state_of(rc).unwrap_or(JsValue::UNDEFINED);
    js::make_params(&messages, &state, &handle_of(rc), input)
}

/// A getter for a run's input: parsed from the request body the first time
/// a callback reads `input`, then shared, so a history of thousands costs
/// nothing per run unless someone looks.
fn lazy_input(body: JsValue) -> JsValue {
    let cached: RefCell<Option<JsValue>> = RefCell::new(None);
    Closure::<dyn FnMut() -> JsValue>::new(move || {
        if let Some(v) = cached.borrow().as_ref() {
            return v.clone();
        }
        let v = js::parse_json(&body).unwrap_or(JsValue::UNDEFINED);
        *cached.borrow_mut() = Some(v.clone());
        v
    })
    .into_js_value()
}

/// Applies a subscriber's returned `messages` / `state`.
fn apply_mutation(
    rc: &Shared,
    messages: Option<JsValue>,
    state: Option<JsValue>,
    dirty: &mut (bool, bool),
) {
    if let Some(m) = messages {
        let current = rc.borrow().view.array();
        if !js_sys::Object::is(&m, &current) {
            match from_js::<Vec<Message>>(m, "messages returned by a subscriber") {
                Ok(ms) => {
                    rc.borrow_mut().agent.messages.replace_all(ms);
                    dirty.0 = true;
                }
                Err(e) => web_warn(&e),
            }
        }
    }
    if let Some(s) = state {
        match from_js::<Value>(s, "state returned by a subscriber") {
            Ok(v) => {
                let mut inner = rc.borrow_mut();
                inner.agent.state = v;
                inner.state_view.invalidate();
                dirty.1 = true;
            }
            Err(e) => web_warn(&e),
        }
    }
}

fn web_warn(e: &JsValue) {
    if let Ok(console) = Reflect::get(&js_sys::global(), &"console".into()) {
        if let Ok(f) = Reflect::get(&console, &"warn".into()).and_then(|f| f.dyn_into::<Function>())
        {
            let _ = f.call1(&console, e);
        }
    }
}

/// An announcement (onNewMessage, onNewToolCall) carrying one value under
/// `key`; it changes nothing, so returned mutations are ignored, as in the
/// reference.
async fn announce(
    rc: &Shared,
    subs: &Subscribers,
    callback: &str,
    key: &'static str,
    value: &JsValue,
    input: &JsValue,
) {
    if !any_has(subs, callback) {
        return;
    }
    subscribers::run(
        subs,
        callback,
        || {
            let p = params(rc, input);
            set(&p, key, value);
            p
        },
        |_, _| {},
    )
    .await;
}

async fn notify_new_message(rc: &Shared, subs: &Subscribers, message: &JsValue, input: &JsValue) {
    announce(rc, subs, "onNewMessage", "message", message, input).await;
}

async fn notify_new_tool_call(
    rc: &Shared,
    subs: &Subscribers,
    tool_call: &JsValue,
    input: &JsValue,
) {
    announce(rc, subs, "onNewToolCall", "toolCall", tool_call, input).await;
}

/// One onMessagesChanged / onStateChanged round for what changed.
async fn notify_changed(
    rc: &Shared,
    subs: &Subscribers,
    messages: bool,
    state: bool,
    input: &JsValue,
) {
    if messages {
        // Bring the view up to date even with no listener, so `messages`
        // reads are cheap and identity is decided per batch.
        let _ = messages_of(rc);
        if any_has(subs, "onMessagesChanged") {
            subscribers::run(subs, "onMessagesChanged", || params(rc, input), |_, _| {}).await;
        }
    }
    if state && any_has(subs, "onStateChanged") {
        subscribers::run(subs, "onStateChanged", || params(rc, input), |_, _| {}).await;
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Run,
    Connect,
}

/// Everything one run keeps between events.
struct RunCtx {
    rc: Shared,
    /// The client's subscribers, then the run's own.
    subs: Subscribers,
    /// The run's own subscribers, and the subscriber list revision `subs` reflects.
    run_sub: Vec<Rc<Subscriber>>,
    subs_rev: u64,
    input: JsValue,
    stream: EventStream,
    reducer: Reducer,
    result: Option<Value>,
    /// Partial-JSON parsers of streaming tool arguments, made on demand.
    partial: HashMap<String, PartialArgs>,
    dirty: (bool, bool),
    batching: Batching,
    limits: Limits,
    last_flush: f64,
}

async fn run(
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

async fn run_inner(
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
    rc.borrow_mut().abort_controller = controller.clone().unchecked_into();

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
    let (subs, subs_rev) = live_subscribers(rc, &run_sub);
    let mut input_js = lazy_input(body.clone());
    let mut ctx = RunCtx {
        rc: rc.clone(),
        subs,
        run_sub,
        subs_rev,
        input: input_js.clone(),
        stream: EventStream::new(limits),
        reducer: Reducer::new(),
        result: None,
        partial: HashMap::new(),
        dirty: (false, false),
        batching,
        limits,
        last_flush: js::now(),
    };

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
fn body_of(
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
    let state = match &agent.state {
        Value::Null => JsValue::UNDEFINED,
        s => state_view.get(s)?,
    };
    Ok(js::write_body(&frame.head, &state, &messages, &frame.tail))
}

/// onRunFailed; returns whether a subscriber stopped the error's propagation.
async fn fail(ctx: &mut RunCtx, err: &JsValue) -> bool {
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
async fn finalize(ctx: &RunCtx) {
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

fn result_of(ctx: &RunCtx) -> Result<JsValue, JsValue> {
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

/// Reads the body chunk by chunk into the core, applying each event.
/// How the body is framed, chosen by its content type as the reference does.
enum Framing {
    Sse,
    #[cfg(feature = "proto")]
    Proto(Box<crate::core::proto::ProtoDecoder>),
}

fn framing_of(body: &Body, limits: Limits) -> Result<Framing, RunError> {
    let proto = body
        .content_type
        .as_deref()
        .is_some_and(crate::core::proto::is_proto_media_type);
    if !proto {
        return Ok(Framing::Sse);
    }
    #[cfg(feature = "proto")]
    {
        let cap = limits
            .max_event_size
            .min(crate::core::proto::DEFAULT_MAX_FRAME_SIZE);
        Ok(Framing::Proto(Box::new(
            crate::core::proto::ProtoDecoder::new(cap),
        )))
    }
    #[cfg(not(feature = "proto"))]
    {
        let _ = limits;
        Err(RunError::Request(
            "the response uses the AG-UI protobuf transport (application/vnd.ag-ui.event+proto): \
             import AgentClient from \"agui-wasm/proto\" to read it"
                .into(),
        ))
    }
}

async fn stream_body(ctx: &mut RunCtx, body: &Body) -> Result<(), Failure> {
    let mut framing = match framing_of(body, ctx.limits) {
        Ok(f) => f,
        Err(e) => {
            body.cancel();
            return Err(Failure::Run(e));
        }
    };
    let mut events = Vec::new();
    let detach = ctx
        .rc
        .borrow()
        .active
        .as_ref()
        .map(|a| a.detach.promise.clone());
    loop {
        let read = match &detach {
            Some(stop) => body.next_until(stop).await,
            None => body.next().await.map(Read::Chunk),
        };
        let chunk = match read {
            Ok(Read::Detached) => {
                // As the reference's: the stream is left where it is, with
                // no RUN_ERROR; the run finalizes with what it applied.
                body.cancel();
                flush(ctx, true).await;
                return Ok(());
            }
            Ok(Read::Chunk(c)) => c,
            Err(e) if super::run_error::is_abort(&e) => {
                // As the reference: an abort mid-stream ends the run with a
                // RUN_ERROR of code "abort", quietly.
                let said = Reflect::get(&e, &"message".into())
                    .ok()
                    .and_then(|m| m.as_string())
                    .filter(|m| !m.is_empty());
                let abort = Event::RunError(RunErrorEvent {
                    message: said.unwrap_or_else(|| "Request aborted".into()),
                    code: Some("abort".into()),
                    ..Default::default()
                });
                let r = ctx.stream.push_event(abort, &mut events);
                apply_all(ctx, &mut events).await;
                flush(ctx, true).await;
                return r.map_err(Failure::Run);
            }
            Err(e) => {
                flush(ctx, true).await;
                return Err(Failure::Thrown(e));
            }
        };
        let r = match (&mut framing, &chunk) {
            (Framing::Sse, Some(bytes)) => ctx.stream.feed(bytes, &mut events),
            (Framing::Sse, None) => ctx.stream.finish(&mut events),
            #[cfg(feature = "proto")]
            (Framing::Proto(d), Some(bytes)) => ctx.stream.feed_proto(d, bytes, &mut events),
            #[cfg(feature = "proto")]
            (Framing::Proto(d), None) => d.finish().map_err(RunError::from),
        };
        apply_all(ctx, &mut events).await;
        flush(ctx, chunk.is_none() || r.is_err()).await;
        if let Err(e) = r {
            body.cancel();
            return Err(Failure::Run(e));
        }
        if chunk.is_none() {
            return Ok(());
        }
    }
}

/// The client's subscribers as they are now, then the run's own.
fn live_subscribers(rc: &Shared, run_sub: &[Rc<Subscriber>]) -> (Subscribers, u64) {
    let inner = rc.borrow();
    let mut subs = inner.subscribers.clone();
    subs.extend(run_sub.iter().cloned());
    (subs, inner.subscribers_rev)
}

async fn apply_all(ctx: &mut RunCtx, events: &mut Vec<Event>) {
    if ctx.rc.borrow().subscribers_rev != ctx.subs_rev {
        (ctx.subs, ctx.subs_rev) = live_subscribers(&ctx.rc, &ctx.run_sub);
    }
    for event in std::mem::take(events) {
        process_event(ctx, event).await;
        if ctx.batching == Batching::Event {
            flush(ctx, true).await;
        }
    }
}

/// Notifies onMessagesChanged / onStateChanged for what the batch changed.
async fn flush(ctx: &mut RunCtx, force: bool) {
    if !ctx.dirty.0 && !ctx.dirty.1 {
        return;
    }
    if ctx.rc.borrow().subscribers_rev != ctx.subs_rev {
        (ctx.subs, ctx.subs_rev) = live_subscribers(&ctx.rc, &ctx.run_sub);
    }
    if let Batching::Throttle(ms) = ctx.batching {
        if !force && js::now() - ctx.last_flush < ms {
            return;
        }
    }
    let (m, s) = std::mem::take(&mut ctx.dirty);
    ctx.last_flush = js::now();
    notify_changed(&ctx.rc, &ctx.subs, m, s, &ctx.input).await;
}

/// The wire name of the subscriber callback for an event type.
fn callback_of(e: &Event) -> &'static str {
    match e {
        Event::TextMessageStart(_) => "onTextMessageStartEvent",
        Event::TextMessageContent(_) => "onTextMessageContentEvent",
        Event::TextMessageEnd(_) => "onTextMessageEndEvent",
        Event::ToolCallStart(_) => "onToolCallStartEvent",
        Event::ToolCallArgs(_) => "onToolCallArgsEvent",
        Event::ToolCallEnd(_) => "onToolCallEndEvent",
        Event::ToolCallResult(_) => "onToolCallResultEvent",
        Event::StateSnapshot(_) => "onStateSnapshotEvent",
        Event::StateDelta(_) => "onStateDeltaEvent",
        Event::MessagesSnapshot(_) => "onMessagesSnapshotEvent",
        Event::ActivitySnapshot(_) => "onActivitySnapshotEvent",
        Event::ActivityDelta(_) => "onActivityDeltaEvent",
        Event::Raw(_) => "onRawEvent",
        Event::Custom(_) => "onCustomEvent",
        Event::RunStarted(_) => "onRunStartedEvent",
        Event::RunFinished(_) => "onRunFinishedEvent",
        Event::RunError(_) => "onRunErrorEvent",
        Event::StepStarted(_) => "onStepStartedEvent",
        Event::StepFinished(_) => "onStepFinishedEvent",
        Event::ReasoningStart(_) => "onReasoningStartEvent",
        Event::ReasoningMessageStart(_) => "onReasoningMessageStartEvent",
        Event::ReasoningMessageContent(_) => "onReasoningMessageContentEvent",
        Event::ReasoningMessageEnd(_) => "onReasoningMessageEndEvent",
        Event::ReasoningEnd(_) => "onReasoningEndEvent",
        Event::ReasoningEncryptedValue(_) => "onReasoningEncryptedValueEvent",
        Event::SubagentStarted(_) => "onSubagentStartedEvent",
        Event::SubagentFinished(_) => "onSubagentFinishedEvent",
        Event::SubagentError(_) => "onSubagentErrorEvent",
        Event::TextMessageChunk(_) | Event::ToolCallChunk(_) | Event::ReasoningMessageChunk(_) => {
            ""
        }
    }
}

/// Extra parameters of an event's own callback, or `None` where the
/// reference does not call it (the message or tool call it names is missing).
fn extras(
    ctx: &mut RunCtx,
    event: &Event,
) -> Result<Option<Vec<(&'static str, JsValue)>>, JsValue> {
    let mut inner = ctx.rc.borrow_mut();
    let h = &mut inner.agent.messages;
    let text_of = |h: &mut History, id: &str| -> Option<String> {
        let i = h.find(id)?;
        let m = h.get(i)?;
        (!m.is_activity()).then(|| m.text().to_owned())
    };
    let tool_call = |h: &mut History, id: &str| -> Option<ToolCall> {
        let i = h.find_tool_call(id)?;
        h.get(i)?
            .tool_calls()?
            .iter()
            .find(|tc| tc.id == id)
            .cloned()
    };
    Ok(Some(match event {
        Event::TextMessageContent(TextMessageContentEvent { message_id, .. })
        | Event::TextMessageEnd(TextMessageEndEvent { message_id, .. }) => {
            let Some(t) = text_of(h, message_id) else {
                return Ok(None);
            };
            vec![("textMessageBuffer", JsValue::from_str(&t))]
        }
        Event::ReasoningMessageContent(ReasoningMessageContentEvent { message_id, .. })
        | Event::ReasoningMessageEnd(ReasoningMessageEndEvent { message_id, .. }) => {
            let Some(t) = text_of(h, message_id) else {
                return Ok(None);
            };
            vec![("reasoningMessageBuffer", JsValue::from_str(&t))]
        }
        Event::ToolCallArgs(e) => {
            // Borrowed, not cloned: the arguments grow with every delta.
            let Some(i) = h.find_tool_call(&e.tool_call_id) else {
                return Ok(None);
            };
            let Some(tc) = h
                .get(i)
                .and_then(Message::tool_calls)
                .and_then(|calls| calls.iter().find(|tc| tc.id == e.tool_call_id))
            else {
                return Ok(None);
            };
            let args = ctx
                .partial
                .entry(e.tool_call_id.clone())
                .or_insert_with(|| PartialArgs::new(&tc.function.arguments));
            let partial = args.js()?;
            vec![
                ("toolCallBuffer", args.buffer_js(&tc.function.arguments)),
                ("toolCallName", JsValue::from_str(&tc.function.name)),
                ("partialToolCallArgs", partial),
            ]
        }
        Event::ToolCallEnd(e) => {
            let Some(tc) = tool_call(h, &e.tool_call_id) else {
                return Ok(None);
            };
            let args = js_sys::JSON::parse(&tc.function.arguments)
                .unwrap_or_else(|_| Object::new().into());
            vec![
                ("toolCallName", JsValue::from_str(&tc.function.name)),
                ("toolCallArgs", args),
            ]
        }
        Event::ActivitySnapshot(e) => {
            let existing = h.find(&e.message_id).and_then(|i| h.get(i).cloned());
            let js = match &existing {
                Some(m) => to_js(m)?,
                None => JsValue::UNDEFINED,
            };
            let activity = if existing.as_ref().is_some_and(Message::is_activity) {
                js.clone()
            } else {
                JsValue::UNDEFINED
            };
            vec![("activityMessage", activity), ("existingMessage", js)]
        }
        Event::ActivityDelta(e) => match h.find(&e.message_id).and_then(|i| h.get(i).cloned()) {
            Some(m) if m.is_activity() => vec![("activityMessage", to_js(&m)?)],
            _ => return Ok(None),
        },
        Event::RunFinished(e) => {
            drop(inner);
            finished_params(&ctx.reducer.finished_of(e))?
        }
        _ => Vec::new(),
    }))
}

fn finished_params(f: &Finished) -> Result<Vec<(&'static str, JsValue)>, JsValue> {
    Ok(match f {
        Finished::Success {
            result,
            pending_tool_call_ids,
        } => vec![
            ("outcome", JsValue::from_str("success")),
            (
                "result",
                match result {
                    Some(v) => to_js(v)?,
                    None => JsValue::UNDEFINED,
                },
            ),
            ("pendingToolCallIds", to_js(pending_tool_call_ids)?),
        ],
        Finished::Interrupt { interrupts } => vec![
            ("outcome", JsValue::from_str("interrupt")),
            ("interrupts", to_js(interrupts)?),
        ],
        Finished::Cancelled => vec![("outcome", JsValue::from_str("cancelled"))],
    })
}

/// One verified event: onEvent, its own callback, the reducer, then the
/// announcements (onNewMessage, onNewToolCall) the reference makes.
async fn process_event(ctx: &mut RunCtx, mut event: Event) {
    let rc = ctx.rc.clone();
    let input = ctx.input.clone();
    let name = callback_of(&event);
    let wants_event = any_has(&ctx.subs, "onEvent");
    let wants_own = any_has(&ctx.subs, name);
    let event_js = if wants_event || wants_own {
        to_js(&event).unwrap_or(JsValue::UNDEFINED)
    } else {
        JsValue::UNDEFINED
    };
    let mut dirty = (false, false);
    if wants_event {
        let m = subscribers::run(
            &ctx.subs,
            "onEvent",
            || {
                let p = params(&rc, &input);
                set(&p, "event", &event_js);
                p
            },
            |m, s| apply_mutation(&rc, m, s, &mut dirty),
        )
        .await;
        ctx.dirty.0 |= dirty.0;
        ctx.dirty.1 |= dirty.1;
        if m.stop {
            return;
        }
    }
    let mut stop = false;
    if wants_own {
        if let Ok(Some(extra)) = extras(ctx, &event) {
            let m = subscribers::run(
                &ctx.subs,
                name,
                || {
                    let p = params(&rc, &input);
                    set(&p, "event", &event_js);
                    for (k, v) in &extra {
                        set(&p, k, v);
                    }
                    p
                },
                |m, s| apply_mutation(&rc, m, s, &mut dirty),
            )
            .await;
            stop = m.stop;
        }
    }
    ctx.dirty.0 |= dirty.0;
    ctx.dirty.1 |= dirty.1;

    if let Event::RunFinished(e) = &event {
        if let Finished::Success { result, .. } = ctx.reducer.finished_of(e) {
            ctx.result = result;
        }
    }
    let mut announce: Option<usize> = None;
    let mut announce_call: Option<(usize, String)> = None;
    if stop {
        // The reference still announces a finished message or tool call.
        let mut inner = rc.borrow_mut();
        let h = &mut inner.agent.messages;
        match &event {
            Event::TextMessageEnd(TextMessageEndEvent { message_id, .. })
            | Event::ReasoningMessageEnd(ReasoningMessageEndEvent { message_id, .. }) => {
                announce = h
                    .find(message_id)
                    .filter(|&i| !h.get(i).is_some_and(Message::is_activity));
            }
            Event::ToolCallEnd(e) => {
                announce_call = h
                    .find_tool_call(&e.tool_call_id)
                    .map(|i| (i, e.tool_call_id.clone()))
            }
            _ => {}
        }
    } else {
        let applied = {
            let mut inner = rc.borrow_mut();
            ctx.reducer.apply_mut(&mut inner.agent, &mut event)
        };
        if inner_debug(&rc) {
            for w in ctx.reducer.warnings.drain(..) {
                web_warn(&JsValue::from_str(&w));
            }
        } else {
            ctx.reducer.warnings.clear();
        }
        if applied.state_changed {
            let mut inner = rc.borrow_mut();
            match &event {
                // The JS copy follows the same patch, copying only what it touches.
                Event::StateDelta(e) => inner.state_view.patched(&e.delta),
                _ => inner.state_view.invalidate(),
            }
        }
        ctx.dirty.0 |= applied.messages_changed;
        ctx.dirty.1 |= applied.state_changed;
        announce = applied.new_message;
        announce_call = applied.new_tool_call;
        if let Event::ToolCallArgs(e) = &event {
            if let Some(p) = ctx.partial.get_mut(&e.tool_call_id) {
                p.push(&e.delta);
            }
        }
    }
    if let Some(i) = announce {
        if any_has(&ctx.subs, "onNewMessage") {
            let _ = messages_of(&rc);
            let obj = rc.borrow().view.at(i);
            notify_new_message(&rc, &ctx.subs, &obj, &input).await;
        }
    }
    if let Some((i, id)) = announce_call {
        if any_has(&ctx.subs, "onNewToolCall") {
            let tc = {
                let inner = rc.borrow();
                inner
                    .agent
                    .messages
                    .get(i)
                    .and_then(Message::tool_calls)
                    .and_then(|tcs| tcs.iter().find(|tc| tc.id == id))
                    .map(to_js)
            };
            if let Some(Ok(tc)) = tc {
                notify_new_tool_call(&rc, &ctx.subs, &tc, &input).await;
            }
        }
    }
}

fn inner_debug(rc: &Shared) -> bool {
    rc.borrow().debug
}

/// The GET stream behind `openEventSource`.
async fn event_source(
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
    let (subs, subs_rev) = live_subscribers(&rc, &[]);
    let mut ctx = RunCtx {
        rc: rc.clone(),
        subs,
        run_sub: Vec::new(),
        subs_rev,
        input: JsValue::UNDEFINED,
        stream: EventStream::new(limits),
        reducer: Reducer::new(),
        result: None,
        partial: HashMap::new(),
        dirty: (false, false),
        batching,
        limits,
        last_flush: js::now(),
    };
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

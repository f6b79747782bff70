//! A client's runs and GET streams, each a core `Session`, driven from
//! JavaScript one synchronous call at a time: the shell feeds the bytes it
//! read, asks for the next step, calls the subscribers itself and answers.
//! Nothing here awaits, and nothing here calls the application.

use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::convert::{from_text, to_js};
use super::core::Core;
use super::deltas::{is_delta, state_is};
use super::error::run_error;
use super::js::{self, set};
use super::params::{extras_js, lazy_js, LAZY_SOURCE};
use super::run::{Request, Run};
use crate::core::run::{run_id_of, InputFrame, RunParams, PROTOCOL_VERSION};
use crate::core::session::reconnect::{Dropped, Next, Reconnect};
use crate::core::session::{slots, Answer, Call, Changed, Extras, Listening, Session, Settings};
use crate::core::session::{StateFollow, Step as CoreStep};
use crate::core::types::Message;

/// What the shell does next: the low four bits of what `step` returns; the
/// rest (`>> 4`) is, for a call, the callback's place in `callbackNames()`
/// (six bits) and, from bit 10, the kind of delta the shell builds the
/// round of (`deltas`), 0 for none;
/// what changed for a notification (1 messages, 2 state), 1 for a run
/// that rejects.
#[wasm_bindgen]
#[derive(Clone, Copy)]
pub enum Step {
    /// Call the subscribers that define the callback, then `answer`.
    Call = 0,
    Notify = 1,
    /// Send the request (`requestBody`), then `response` or `fail`.
    Request = 2,
    /// Read a chunk, for no longer than `dueIn` ms if that is a number.
    Read = 3,
    Done = 4,
    /// A subscriber replaced messages or state before the request: write
    /// the body again.
    Rewrite = 5,
    /// Log `warnings` (the `debug` option).
    Warn = 6,
}

/// Every callback a subscriber may define, in the places `step` names
/// (`""` where a shorthand event would be, which calls none).
#[wasm_bindgen(js_name = callbackNames)]
pub fn callback_names() -> Array {
    slots().map(JsValue::from_str).collect()
}

#[wasm_bindgen]
impl Core {
    /// Starts a run; refused (`AGUIError`) when open interrupts are not all
    /// answered by the parameters' `resume`, unless it is a `connect`.
    /// `params`: their JSON. `requests`: whether a request is sent at all
    /// (a connect without a URL sends none). Returns the run's id.
    #[wasm_bindgen(js_name = startRun)]
    pub fn start_run(
        &mut self,
        params: &str,
        thread_id: String,
        now: f64,
        requests: bool,
        version: bool,
        connect: bool,
    ) -> Result<u32, JsValue> {
        let params: RunParams = from_text(params, "run parameters")?;
        let settings = self.settings();
        let session = if connect {
            Session::connect(&mut self.agent, now, settings, requests)
        } else {
            Session::run(
                &mut self.agent,
                params.resume.as_deref(),
                now,
                settings,
                requests,
            )
            .map_err(|e| run_error(&e))?
        };
        let mut run = Run::new(session);
        run.request = Some(Request {
            thread_id,
            run_id: run_id_of(&params),
            params,
            version,
        });
        Ok(self.keep(run))
    }

    /// Starts a GET stream: events applied as they come, reconnected after
    /// `retryMs` (or the server's `retry`) until `maxRetries` in a row fail.
    #[wasm_bindgen(js_name = startStream)]
    pub fn start_stream(&mut self, now: f64, retry_ms: f64, max_retries: f64) -> u32 {
        let mut run = Run::new(Session::stream(self.settings(), now));
        run.reconnect = Some(Reconnect::new(retry_ms, max_retries));
        self.keep(run)
    }

    /// The parts of the request body with the history and state as they
    /// are now, for the shell to write (with `JSON.stringify`, where an
    /// application's message objects may run code of their own):
    /// `[head, stateText, state, messages, tail]`, the state as the JSON
    /// text it was handed in as while unchanged, else its JS copy (both
    /// `undefined` leave it out), the messages as the view's objects.
    #[wasm_bindgen(js_name = requestParts)]
    pub fn request_parts(&mut self, id: u32) -> Result<Array, JsValue> {
        let Some(Some(Run {
            request: Some(r), ..
        })) = self.runs.get(id as usize)
        else {
            return Err(js_sys::Error::new("no such run").into());
        };
        let version = r.version.then_some(PROTOCOL_VERSION);
        let frame = InputFrame::new(&r.thread_id, &r.run_id, version, &r.params);
        let messages = self.view.outgoing(&mut self.agent.messages)?;
        let (text, state) = match self.state_view.text() {
            _ if self.agent.state.is_null() => (JsValue::UNDEFINED, JsValue::UNDEFINED),
            Some(text) => (text.clone(), JsValue::UNDEFINED),
            None => (JsValue::UNDEFINED, self.state_view.get(&self.agent.state)?),
        };
        Ok(Array::of5(
            &JsValue::from_str(&frame.head),
            &text,
            &state,
            &messages,
            &JsValue::from_str(&frame.tail),
        ))
    }

    /// The callbacks the subscribers define now (a round nobody listens for
    /// costs nothing): bit `i` of `mask` for `callbackNames()[i]`, a number
    /// rather than the names, which cost a string crossing each per chunk.
    pub fn listen(&mut self, id: u32, mask: f64) {
        let listening = Listening::from_places(mask as u64);
        self.with(id, |r| r.session.listen(listening));
    }

    /// The response arrived, framed by its content type.
    pub fn response(&mut self, id: u32, content_type: Option<String>) {
        self.with(id, |r| r.session.response(content_type.as_deref()));
    }

    /// A chunk of the body.
    pub fn feed(&mut self, id: u32, bytes: &[u8]) {
        self.with(id, |r| r.session.feed(bytes));
    }

    /// The body ended.
    pub fn finish(&mut self, id: u32) {
        self.with(id, |r| r.session.finish());
    }

    /// Aborted mid-stream: a quiet RUN_ERROR, with the abort's message.
    pub fn abort(&mut self, id: u32, message: Option<String>) {
        self.with(id, |r| r.session.abort(message));
    }

    /// `detachActiveRun()`: the rest is left unread, with no RUN_ERROR.
    pub fn detach(&mut self, id: u32) {
        self.with(id, |r| r.session.detach());
    }

    /// The request or the reading failed with what the shell holds;
    /// `rejects`: whether the run fails with it unless a subscriber stops it.
    pub fn fail(&mut self, id: u32, rejects: bool) {
        self.with(id, |r| r.session.failed(None, rejects));
    }

    /// The read's time ran out: what is held back goes out now.
    pub fn late(&mut self, id: u32) {
        self.with(id, |r| r.session.late());
    }

    /// Whether the stream failed: the rest of the body is not read.
    #[wasm_bindgen(js_name = streamFailed)]
    pub fn stream_failed(&self, id: u32) -> bool {
        self.run(id).is_some_and(|r| r.session.stream_failed())
    }

    /// The next thing to do (see [`Step`]). `answer`: what the subscribers
    /// of the last call did, if the last step was one (1 stopped it, 2
    /// replaced the messages, 4 the state, given already with
    /// `setMessages`/`setState`): one crossing a round, not two. The JS
    /// copies follow each applied event here, so the shell hears only of
    /// what it must do.
    pub fn step(&mut self, id: u32, now: f64, answer: u32) -> u32 {
        let Some(Some(run)) = self.runs.get_mut(id as usize) else {
            return Step::Done as u32;
        };
        if run.call.take().is_some() {
            run.session.answered(Answer {
                stop: answer & 1 != 0,
                changed: Changed {
                    messages: answer & 2 != 0,
                    state: answer & 4 != 0,
                },
            });
        }
        loop {
            // A patch's edits are worth recording only for a JS copy of the
            // state that will follow them.
            run.session.record_state_edits(self.state_view.is_cached());
            run.session.record_activity_edits(self.view.is_made());
            match run.session.step(&mut self.agent, now) {
                CoreStep::Call(call) => {
                    let at = call.place();
                    let h = &self.agent.messages;
                    let event = run.session.event();
                    let number = run.session.event_number();
                    let kind = run
                        .streams
                        .record(&mut self.record, &call, event, number, h);
                    state_is(&mut self.record, self.state_view.current());
                    run.call = Some(call);
                    return Step::Call as u32 | (at as u32) << 4 | kind << 10;
                }
                CoreStep::Applied { state, warnings } => {
                    match state {
                        StateFollow::Unchanged => {}
                        StateFollow::Edits => self
                            .state_view
                            .patched(run.session.state_edits(), self.agent.state.size()),
                        StateFollow::Replaced => self.state_view.invalidate(),
                    }
                    if let Some(e) = run.session.event() {
                        run.streams.applied(run.session.event_number(), e);
                    }
                    if !warnings.is_empty() {
                        run.warnings = warnings;
                        return Step::Warn as u32;
                    }
                }
                CoreStep::Notify(Changed { messages, state }) => {
                    return Step::Notify as u32
                        | (u32::from(messages) | u32::from(state) << 1) << 4;
                }
                CoreStep::Rewrite => return Step::Rewrite as u32,
                CoreStep::Request => return Step::Request as u32,
                CoreStep::Read { due_in } => {
                    run.due_in = due_in;
                    return Step::Read as u32;
                }
                CoreStep::Done { rejected } => return Step::Done as u32 | u32::from(rejected) << 4,
            }
        }
    }

    /// What the last `Warn` step reported.
    pub fn warnings(&mut self, id: u32) -> Vec<String> {
        self.with(id, |r| std::mem::take(&mut r.warnings))
            .unwrap_or_default()
    }

    /// How long the last `Read` may wait, in ms; `undefined` for as long
    /// as it takes.
    #[wasm_bindgen(js_name = dueIn)]
    pub fn due_in(&self, id: u32) -> Option<f64> {
        self.run(id).and_then(|r| r.due_in)
    }

    /// Whether [`Self::step`] reads the time: only a throttle does.
    #[wasm_bindgen(js_name = needsClock)]
    pub fn needs_clock(&self, id: u32) -> bool {
        self.run(id).is_some_and(|r| r.session.needs_clock())
    }

    /// What the event's callback under way gets besides what the shell
    /// holds, where the step named no delta the shell builds itself
    /// (`deltas`), and for such a delta with an optional field, whose
    /// object is made here: `[state, event, name, value, name, value,
    /// name, value]`, the extras of the event's own callback (none for
    /// onEvent or a delta, the unused `undefined`), in one crossing. The
    /// event is the same object for every callback of one event.
    pub fn event(&mut self, id: u32) -> Result<Array, JsValue> {
        let Some(Some(run)) = self.runs.get_mut(id as usize) else {
            return Ok(Array::new());
        };
        let n = run.session.event_number();
        let event = match &run.event_js {
            Some((at, js)) if *at == n => js.clone(),
            _ => {
                let js = match run.session.event() {
                    Some(e) => to_js(e)?,
                    None => JsValue::UNDEFINED,
                };
                run.event_js = Some((n, js.clone()));
                js
            }
        };
        let [(k1, v1), (k2, v2), (k3, v3)] = match &run.call {
            Some(Call::Own { extras, .. }) if !run.session.event().is_some_and(is_delta) => {
                extras_js(&self.agent.messages, extras)?
            }
            _ => Default::default(),
        };
        let state = self.state_view.get(&self.agent.state)?;
        // One call to make the array, not one per member.
        Ok(js::event_args(&state, &event, &k1, &v1, &k2, &v2, &k3, &v3))
    }

    /// Where the record of a delta's round lies in the module's memory
    /// (`deltas`): the same place for the core's life.
    #[wasm_bindgen(js_name = recordAt)]
    pub fn record_at(&self) -> u32 {
        self.record.as_ptr() as u32
    }

    /// The extra that `event` named last and did not make, made now that a
    /// subscriber reads it; `got`: what `event` returned, `current`:
    /// whether its round is still under way. The shell keeps it, so every
    /// subscriber of the round reads the same value.
    #[wasm_bindgen(js_name = lazyExtra)]
    pub fn lazy_extra(&mut self, id: u32, current: bool, got: &Array) -> Result<JsValue, JsValue> {
        let h = &self.agent.messages;
        let args = match self.runs.get_mut(id as usize) {
            Some(Some(run)) if current => match &run.call {
                Some(Call::Own {
                    extras:
                        Extras::ToolCallArgs {
                            at,
                            call,
                            restarted,
                        },
                    ..
                }) => h.tool_call(*at, *call).and_then(|tc| {
                    let entry = h.entries()[*at].serial;
                    let number = run.session.event_number();
                    let args = if *restarted {
                        ""
                    } else {
                        &tc.function.arguments
                    };
                    run.streams.partial(number, args, entry)
                }),
                _ => None,
            },
            _ => None,
        };
        match args {
            Some(args) => args.js(),
            None => lazy_js(&got.get(LAZY_SOURCE)),
        }
    }

    /// The message (onNewMessage) or tool call (onNewToolCall) the call
    /// under way announces.
    pub fn announced(&mut self, id: u32) -> Result<JsValue, JsValue> {
        let call = self.run(id).and_then(|r| r.call.clone());
        match call {
            Some(Call::NewMessage(i)) => {
                self.view.sync(&mut self.agent.messages)?;
                Ok(self.view.at(i))
            }
            Some(Call::NewToolCall { at, id }) => match self
                .agent
                .messages
                .get(at)
                .and_then(Message::tool_calls)
                .and_then(|tcs| tcs.iter().find(|tc| tc.id == id))
            {
                Some(tc) => to_js(tc),
                None => Ok(JsValue::UNDEFINED),
            },
            _ => Ok(JsValue::UNDEFINED),
        }
    }

    /// The error the run failed with, when it is the core's own (else the
    /// shell holds what was thrown): the same object each time.
    pub fn error(&self, id: u32) -> JsValue {
        self.run(id)
            .and_then(|r| r.session.error())
            .map_or(JsValue::UNDEFINED, run_error)
    }

    /// `{ result, newMessages }`: `RUN_FINISHED.result` of the run's last
    /// successful finish and the messages it added, in history order.
    #[wasm_bindgen(unchecked_return_type = "{ result: any; newMessages: Message[] }")]
    pub fn outcome(&mut self, id: u32) -> Result<Object, JsValue> {
        let array: Array = self.messages()?.unchecked_into();
        let new = self.agent.messages.new_since_watch();
        // Usually one run at the end: one slice, not a call per message.
        let new_messages = match (new.first(), new.last()) {
            (Some(&a), Some(&b)) if b - a + 1 == new.len() => array.slice(a as u32, b as u32 + 1),
            _ => new.iter().map(|&i| array.get(i as u32)).collect(),
        };
        let result = match self.run(id).and_then(|r| r.session.result()) {
            Some(v) => to_js(v)?,
            None => JsValue::UNDEFINED,
        };
        let out = Object::new();
        set(&out, "result", &result);
        set(&out, "newMessages", &new_messages);
        Ok(out)
    }

    /// A run that failed forgets which messages it added.
    #[wasm_bindgen(js_name = forgetNew)]
    pub fn forget_new(&mut self) {
        self.agent.messages.new_since_watch();
    }

    /// A GET stream's response arrived (again): what was verified holds.
    pub fn reconnected(&mut self, id: u32, content_type: Option<String>) {
        self.with(id, |r| {
            if let Some(p) = &mut r.reconnect {
                p.connected();
            }
            r.session.reconnected(content_type.as_deref());
        });
    }

    /// After a GET stream's connection ended (`refused`: the server refused
    /// it or broke the protocol): the delay before connecting again in ms,
    /// or -1 to fail with what ended it, or -2 to give up.
    #[wasm_bindgen(js_name = afterDrop)]
    pub fn after_drop(&mut self, id: u32, refused: bool) -> f64 {
        let dropped = match refused {
            true => Dropped::Refused,
            false => Dropped::Lost,
        };
        self.with(id, |r| {
            let retry = r.session.events().sse().retry();
            match r.reconnect.as_mut().map(|p| p.after(dropped, retry)) {
                Some(Next::RetryAfter(ms)) => ms,
                Some(Next::GiveUp) => -2.0,
                Some(Next::Fail) | None => -1.0,
            }
        })
        .unwrap_or(-1.0)
    }

    /// The id of the last event a GET stream read, for `Last-Event-ID`.
    #[wasm_bindgen(js_name = lastEventId)]
    pub fn last_event_id(&self, id: u32) -> Option<String> {
        self.run(id)
            .and_then(|r| r.session.events().sse().last_event_id().map(str::to_owned))
    }

    /// The run or stream is over: its session goes.
    pub fn close(&mut self, id: u32) {
        if let Some(slot) = self.runs.get_mut(id as usize) {
            *slot = None;
        }
    }
}

impl Core {
    fn settings(&self) -> Settings {
        Settings {
            limits: self.limits,
            batching: self.batching,
            ..Settings::default()
        }
    }

    /// Keeps `run` in the first free place; its place is its id.
    fn keep(&mut self, run: Run) -> u32 {
        match self.runs.iter().position(Option::is_none) {
            Some(i) => {
                self.runs[i] = Some(run);
                i as u32
            }
            None => {
                self.runs.push(Some(run));
                (self.runs.len() - 1) as u32
            }
        }
    }

    fn run(&self, id: u32) -> Option<&Run> {
        self.runs.get(id as usize)?.as_ref()
    }

    fn with<T>(&mut self, id: u32, f: impl FnOnce(&mut Run) -> T) -> Option<T> {
        self.runs.get_mut(id as usize)?.as_mut().map(f)
    }
}

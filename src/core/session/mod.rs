//! One run (or one GET stream) as the reference runs it, as a synchronous
//! state machine: the caller moves bytes and calls subscribers; the session
//! says what to call, with what, and when.
//!
//! The caller asks [`Session::step`] what to do next and does it: a
//! [`Call`] round over its subscribers (then [`Session::answered`] with
//! what they returned), following an applied event in its own copies,
//! telling subscribers what changed, sending the request, or reading the
//! next chunk (then [`Session::feed`], [`Session::finish`],
//! [`Session::abort`] or [`Session::detach`]). The binding drives it with
//! JavaScript subscribers and `fetch`; the native tests and benches drive
//! the same machine with Rust closures, so the rules that copy the
//! reference (which callback fires with which extras, what a
//! `stopPropagation` still lets through, an abort as `RUN_ERROR`, what a
//! connect without a URL does) live here once and are tested natively.

use super::json::LazyJson;

use super::error::RunError;
use super::json_patch::Edits;
use super::reducer::{AgentState, Reducer};
use super::run::check_interrupts;
use super::stream::{EventStream, Limits};
use super::types::{Event, ResumeEntry, RunErrorEvent};

pub mod batching;
pub mod callbacks;
mod event_round;
mod framing;
mod phases;
pub mod reconnect;
mod steps;
mod sync;

pub use batching::Batching;
pub use callbacks::{callbacks, slots, Listening};
// For the binding's TypeScript, which only the WebAssembly build compiles.
#[allow(unused_imports)]
pub(crate) use callbacks::callbacks_table;

pub use steps::{Answer, Call, Changed, Extras, StateFollow, Step};

use batching::Flushes;
use event_round::Round;
use framing::Framing;
pub use sync::Handler;

#[derive(Debug, Clone, Copy, PartialEq)]
enum Phase {
    Init,
    Initialized,
    Request,
    Reading,
    Ending,
    Failing,
    Failed,
    Finalizing,
    Finalized,
    Done,
}

/// How a run failed.
#[derive(Debug)]
struct Failure {
    /// `None`: the caller holds what was thrown.
    error: Option<RunError>,
    /// Whether the run rejects with it unless a subscriber stops it (an
    /// abort before the response is reported and still resolves).
    rejects: bool,
    swallowed: bool,
}

#[derive(Debug)]
pub struct Session {
    stream: EventStream,
    framing: Framing,
    reducer: Reducer,
    /// The events decoded and not yet taken up, in order.
    queue: std::vec::IntoIter<Event>,
    /// What the stream decodes from a chunk, before it is queued.
    decoded: Vec<Event>,
    round: Option<Round>,
    answer: Option<Answer>,
    listening: Listening,
    flushes: Flushes,
    changed: Changed,
    /// Notify what changed regardless of batching (after a lifecycle round).
    notify_now: bool,
    phase: Phase,
    /// A run has the lifecycle rounds; a GET stream has none.
    lifecycle: bool,
    /// Whether a request is sent (a connect without a URL sends none).
    requests: bool,
    ended: bool,
    failure: Option<Failure>,
    result: Option<LazyJson>,
    limits: Limits,
    rounds: u64,
}

impl Session {
    /// A run: refused before anything is called when the thread has
    /// interrupts `resume` does not answer. `now_ms` is the time since the
    /// epoch. `requests`: whether a request is sent at all.
    pub fn run(
        agent: &mut AgentState,
        resume: Option<&[ResumeEntry]>,
        now_ms: f64,
        settings: Settings,
        requests: bool,
    ) -> Result<Self, RunError> {
        check_interrupts(&agent.pending_interrupts, resume, now_ms)?;
        Ok(Self::connect(agent, now_ms, settings, requests))
    }

    /// A connect (`connectAgent`): a run that only reads the thread's
    /// history and answers nothing, so an interrupted thread connects
    /// without a `resume` (@ag-ui/client 1.0.2).
    pub fn connect(
        agent: &mut AgentState,
        now_ms: f64,
        settings: Settings,
        requests: bool,
    ) -> Self {
        agent.messages.watch_new();
        let mut s = Session::new(settings, now_ms);
        s.requests = requests;
        s
    }

    /// A GET stream: events applied as they come, no lifecycle rounds.
    pub fn stream(settings: Settings, now_ms: f64) -> Self {
        let mut s = Session::new(settings, now_ms);
        s.lifecycle = false;
        s.phase = Phase::Reading;
        s
    }

    fn new(settings: Settings, now_ms: f64) -> Self {
        let mut reducer = Reducer::new();
        reducer.bounds.max_size = settings.limits.max_state_size;
        Session {
            stream: EventStream::new(settings.limits),
            framing: Framing::Sse,
            reducer,
            queue: Vec::new().into_iter(),
            decoded: Vec::new(),
            round: None,
            answer: None,
            listening: settings.listening,
            flushes: Flushes::new(settings.batching, now_ms),
            changed: Changed::default(),
            notify_now: false,
            phase: Phase::Init,
            lifecycle: true,
            requests: true,
            ended: false,
            failure: None,
            result: None,
            limits: settings.limits,
            rounds: 0,
        }
    }

    /// Whether [`Self::step`] reads the time it is given: only a throttle
    /// does, so a caller may skip asking the clock otherwise.
    pub fn needs_clock(&self) -> bool {
        matches!(self.flushes.batching, Batching::Throttle(_))
    }

    /// The callbacks subscribers define now.
    pub fn listen(&mut self, listening: Listening) {
        self.listening = listening;
    }

    /// Whether a STATE_DELTA's edits are recorded for [`StateFollow::Edits`]:
    /// worth it only while the caller keeps a copy of the state to follow.
    pub fn record_state_edits(&mut self, on: bool) {
        self.reducer.record_state_edits = on;
    }

    /// Whether an ACTIVITY_DELTA's edits are recorded in the history's
    /// changes: worth it only while the caller keeps copies of the messages.
    pub fn record_activity_edits(&mut self, on: bool) {
        self.reducer.record_activity_edits = on;
    }

    /// What the last applied STATE_DELTA changed, when
    /// [`StateFollow::Edits`] said it did.
    pub fn state_edits(&self) -> &Edits {
        &self.reducer.state_edits
    }

    /// The event of the round under way.
    pub fn event(&self) -> Option<&Event> {
        self.round.as_ref().map(|r| &r.event)
    }

    /// Counts the events taken up so far: what the caller builds for
    /// [`Self::event`] holds while this stays the same.
    pub fn event_number(&self) -> u64 {
        self.rounds
    }

    /// The stream, for the last event id and the server's retry delay.
    pub fn events(&self) -> &EventStream {
        &self.stream
    }

    /// `RUN_FINISHED.result` of the last successful finish.
    pub fn result(&self) -> Option<&LazyJson> {
        self.result.as_ref()
    }

    /// The run's error, when it failed with one of the core's own.
    pub fn error(&self) -> Option<&RunError> {
        self.failure.as_ref().and_then(|f| f.error.as_ref())
    }

    /// Whether the stream failed: what is left of the body is not read.
    pub fn stream_failed(&self) -> bool {
        self.failure.is_some()
    }

    /// What the last [`Step::Call`] round's subscribers did.
    pub fn answered(&mut self, answer: Answer) {
        self.answer = Some(answer);
    }

    /// The response arrived, framed by its content type.
    pub fn response(&mut self, content_type: Option<&str>) {
        match Framing::of(content_type, self.limits) {
            Ok(f) => self.framing = f,
            Err(e) => self.fail_stream(e),
        }
    }

    /// A GET stream connected again: what was verified still holds.
    pub fn reconnected(&mut self, content_type: Option<&str>) {
        self.stream.reconnect();
        self.ended = false;
        self.failure = None;
        self.phase = Phase::Reading;
        self.response(content_type);
    }

    /// A network chunk of the body.
    pub fn feed(&mut self, bytes: &[u8]) {
        if self.ended {
            return;
        }
        let r = self
            .framing
            .feed(&mut self.stream, bytes, &mut self.decoded);
        self.take_decoded(r);
    }

    /// The body ended.
    pub fn finish(&mut self) {
        if self.ended {
            return;
        }
        let r = self.framing.finish(&mut self.stream, &mut self.decoded);
        self.ended = true;
        self.take_decoded(r);
    }

    /// An abort mid-stream ends the run with a RUN_ERROR of code `abort`,
    /// quietly, as the reference's does; `message` is the abort reason's.
    pub fn abort(&mut self, message: Option<String>) {
        if self.ended {
            return;
        }
        let event = Event::RunError(RunErrorEvent {
            message: message
                .filter(|m| !m.is_empty())
                .unwrap_or_else(|| "Request aborted".into()),
            code: Some("abort".into()),
            ..Default::default()
        });
        let r = self.stream.push_event(event, &mut self.decoded);
        self.ended = true;
        self.take_decoded(r);
    }

    /// `detachActiveRun()`: the rest of the stream is left unread, with no
    /// RUN_ERROR; the run finalizes with what it applied.
    pub fn detach(&mut self) {
        self.ended = true;
    }

    /// The request or the body's reading failed: with `error`, or with
    /// what the caller caught (`None`). `rejects`: whether the run fails
    /// with it unless a subscriber stops it.
    pub fn failed(&mut self, error: Option<RunError>, rejects: bool) {
        self.ended = true;
        self.failure.get_or_insert(Failure {
            error,
            rejects,
            swallowed: false,
        });
    }

    /// Queues what the stream decoded, events before a failure included,
    /// then the failure. The queue is nearly always empty by then (a chunk
    /// is read once the last one's events are taken up), and the decoded
    /// events become it as they are.
    fn take_decoded(&mut self, r: Result<(), RunError>) {
        if let Err(e) = r {
            self.fail_stream(e);
        }
        if self.queue.len() == 0 {
            self.queue = std::mem::take(&mut self.decoded).into_iter();
        } else {
            let mut all: Vec<Event> = self.queue.by_ref().collect();
            all.append(&mut self.decoded);
            self.queue = all.into_iter();
        }
    }

    fn fail_stream(&mut self, e: RunError) {
        self.failed(Some(e), true);
    }

    /// The read's time ran out: what is held back goes out now.
    pub fn late(&mut self) {
        self.flushes.late();
    }

    /// The next thing to do. `now_ms`: the time, for throttled batching.
    pub fn step(&mut self, agent: &mut AgentState, now_ms: f64) -> Step {
        loop {
            if let Some(round) = &mut self.round {
                let answer = self.answer.take();
                if let Some(step) = round.step(
                    &mut self.reducer,
                    agent,
                    &self.listening,
                    answer,
                    &mut self.changed,
                    &mut self.result,
                ) {
                    return step;
                }
                self.round = None;
                if self.flushes.batching == Batching::Event && self.changed.any() {
                    return self.notify(now_ms);
                }
            }
            if let Some(event) = self.queue.next() {
                self.rounds += 1;
                self.round = Some(Round::new(event));
                continue;
            }
            if let Some(step) = self.phase_step(now_ms) {
                return step;
            }
        }
    }

    fn notify(&mut self, now_ms: f64) -> Step {
        self.notify_now = false;
        self.flushes.flushed(now_ms);
        Step::Notify(std::mem::take(&mut self.changed))
    }
}

/// What a session is made with.
#[derive(Debug, Clone, Default)]
pub struct Settings {
    pub limits: Limits,
    pub batching: Batching,
    pub listening: Listening,
}

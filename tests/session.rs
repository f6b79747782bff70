//! The session driver's rules, natively: which callbacks a run calls, in
//! which order and with which extras, what a `stopPropagation` still lets
//! through, aborts, detaches, failures and batching. The binding drives
//! this same machine with JavaScript subscribers.

use agui_wasm::core::error::RunError;
use agui_wasm::core::reducer::AgentState;
use agui_wasm::core::session::{
    Answer, Batching, Call, Changed, Extras, Handler, Listening, Session, Settings, Step,
};
use agui_wasm::core::types::{Interrupt, Message};

/// Records every round and notification; answers `stop` to the named callback.
#[derive(Default)]
struct Log {
    seen: Vec<String>,
    stop_at: Option<&'static str>,
}

impl Handler for Log {
    fn call(&mut self, call: &Call, session: &Session, agent: &mut AgentState) -> Answer {
        let what = match call {
            Call::Event => format!("onEvent {}", session.event().unwrap().type_name()),
            Call::Own {
                extras: Extras::TextBuffer(i),
                ..
            } => format!(
                "{} {:?}",
                call.name(),
                agent.messages.get(*i).unwrap().text()
            ),
            Call::Own { extras, .. } => format!("{} {extras:?}", call.name()),
            Call::NewMessage(i) => format!("onNewMessage {}", agent.messages.get(*i).unwrap().id()),
            Call::NewToolCall { id, .. } => format!("onNewToolCall {id}"),
            other => other.name().to_owned(),
        };
        self.seen.push(what);
        Answer {
            stop: self.stop_at == Some(call.name()),
            changed: Changed::default(),
        }
    }

    fn notify(&mut self, changed: Changed, _agent: &mut AgentState) {
        self.seen.push(format!(
            "notify {}{}",
            changed.messages as u8, changed.state as u8
        ));
    }
}

fn sse(events: &[&str]) -> Vec<u8> {
    events
        .iter()
        .map(|e| format!("data: {e}\n\n"))
        .collect::<String>()
        .into_bytes()
}

const STARTED: &str = r#"{"type":"RUN_STARTED","threadId":"t","runId":"r"}"#;
const START: &str = r#"{"type":"TEXT_MESSAGE_START","messageId":"m","role":"assistant"}"#;
const HI: &str = r#"{"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"hi"}"#;
const END: &str = r#"{"type":"TEXT_MESSAGE_END","messageId":"m"}"#;
const FINISHED: &str = r#"{"type":"RUN_FINISHED","threadId":"t","runId":"r","result":7}"#;

/// A run of a thread without interrupts, started at time 0.
fn open(
    agent: &mut AgentState,
    listening: Listening,
    batching: Batching,
    requests: bool,
) -> Session {
    Session::run(agent, None, 0.0, settings(listening, batching), requests).expect("no interrupts")
}

fn settings(listening: Listening, batching: Batching) -> Settings {
    Settings {
        listening,
        batching,
        ..Settings::default()
    }
}

/// A run over `chunks` with every callback listened for; what it called.
fn run(chunks: &[Vec<u8>], log: &mut Log, batching: Batching) -> (Step, AgentState, Session) {
    let mut agent = AgentState::default();
    let mut s = open(&mut agent, Listening::all(), batching, true);
    assert_eq!(s.run_until_input(&mut agent, 0.0, log), Step::Request);
    s.response(Some("text/event-stream"));
    for c in chunks {
        s.feed(c);
        match s.run_until_input(&mut agent, 0.0, log) {
            Step::Read { .. } => {}
            end => return (end, agent, s),
        }
    }
    s.finish();
    let end = s.run_until_input(&mut agent, 0.0, log);
    (end, agent, s)
}

#[test]
fn a_run_calls_the_lifecycle_the_events_and_the_announcements_in_order() {
    let mut log = Log::default();
    let (end, agent, s) = run(
        &[sse(&[STARTED, START, HI, END, FINISHED])],
        &mut log,
        Batching::Chunk,
    );
    assert_eq!(end, Step::Done { rejected: false });
    assert_eq!(
        log.seen,
        [
            "onRunInitialized",
            "onEvent RUN_STARTED",
            "onRunStartedEvent Plain",
            "onEvent TEXT_MESSAGE_START",
            "onTextMessageStartEvent Plain",
            "onEvent TEXT_MESSAGE_CONTENT",
            // Callbacks run before the reducer: the buffer without the delta.
            "onTextMessageContentEvent \"\"",
            "onEvent TEXT_MESSAGE_END",
            "onTextMessageEndEvent \"hi\"",
            // A message is announced when it ends.
            "onNewMessage m",
            "onEvent RUN_FINISHED",
            "onRunFinishedEvent RunFinished(Success { result: Some(Number(7)), pending_tool_call_ids: [] })",
            "notify 10",
            "onRunFinalized",
        ]
    );
    assert_eq!(agent.messages.get(0).unwrap().text(), "hi");
    assert_eq!(s.result().map(|r| &**r), Some(&serde_json::json!(7)));
    assert_eq!(
        s.result().and_then(|r| r.text()),
        Some("7"),
        "kept as its text"
    );
}

#[test]
fn stopping_on_event_drops_the_event_and_its_own_callback() {
    let mut log = Log {
        stop_at: Some("onEvent"),
        ..Log::default()
    };
    let (_, agent, _) = run(&[sse(&[STARTED, START, HI])], &mut log, Batching::Chunk);
    assert!(agent.messages.is_empty());
    assert!(!log.seen.iter().any(|c| c.starts_with("onTextMessage")));
}

#[test]
fn a_stopped_end_is_not_applied_but_its_message_is_still_announced() {
    let mut log = Log {
        stop_at: Some("onTextMessageEndEvent"),
        ..Log::default()
    };
    let (_, _, _) = run(
        &[sse(&[STARTED, START, HI, END])],
        &mut log,
        Batching::Chunk,
    );
    let after_end: Vec<&str> = log
        .seen
        .iter()
        .skip_while(|c| !c.starts_with("onTextMessageEndEvent"))
        .map(String::as_str)
        .collect();
    assert_eq!(
        after_end[..2],
        ["onTextMessageEndEvent \"hi\"", "onNewMessage m"]
    );
}

#[test]
fn an_abort_mid_stream_is_a_quiet_run_error() {
    let mut agent = AgentState::default();
    let mut log = Log::default();
    let listening = Listening::of(["onRunErrorEvent", "onRunFailed", "onRunFinalized"]);
    let mut s = open(&mut agent, listening, Batching::Chunk, true);
    s.run_until_input(&mut agent, 0.0, &mut log);
    s.feed(&sse(&[STARTED, START]));
    s.run_until_input(&mut agent, 0.0, &mut log);
    s.abort(Some("user stopped".into()));
    assert_eq!(
        s.run_until_input(&mut agent, 0.0, &mut log),
        Step::Done { rejected: false }
    );
    assert_eq!(
        log.seen,
        ["notify 10", "onRunErrorEvent Plain", "onRunFinalized"]
    );
}

#[test]
fn a_failure_is_reported_and_a_subscriber_may_swallow_it() {
    for (stop_at, rejected) in [(None, true), (Some("onRunFailed"), false)] {
        let mut agent = AgentState::default();
        let mut log = Log {
            stop_at,
            ..Log::default()
        };
        let mut s = open(&mut agent, Listening::all(), Batching::Chunk, true);
        s.run_until_input(&mut agent, 0.0, &mut log);
        s.failed(
            Some(RunError::Http {
                status: 500,
                body: "no".into(),
            }),
            true,
        );
        assert_eq!(
            s.run_until_input(&mut agent, 0.0, &mut log),
            Step::Done { rejected }
        );
        assert_eq!(
            log.seen,
            ["onRunInitialized", "onRunFailed", "onRunFinalized"]
        );
    }
}

#[test]
fn a_bad_event_keeps_what_came_before_and_fails_the_run() {
    let mut log = Log::default();
    let bad = r#"{"type":"TEXT_MESSAGE_CONTENT","messageId":"nope","delta":"x"}"#;
    let (end, agent, s) = run(
        &[sse(&[STARTED, START, HI, bad])],
        &mut log,
        Batching::Chunk,
    );
    assert_eq!(end, Step::Done { rejected: true });
    assert!(s.error().is_some());
    assert_eq!(agent.messages.get(0).unwrap().text(), "hi");
    assert!(log.seen.ends_with(&[
        "notify 10".into(),
        "onRunFailed".into(),
        "onRunFinalized".into()
    ]));
}

#[test]
fn a_connect_without_a_url_sends_nothing() {
    let mut agent = AgentState::default();
    let mut log = Log::default();
    let mut s = open(&mut agent, Listening::all(), Batching::Chunk, false);
    assert_eq!(
        s.run_until_input(&mut agent, 0.0, &mut log),
        Step::Done { rejected: false }
    );
    assert_eq!(log.seen, ["onRunInitialized", "onRunFinalized"]);
}

#[test]
fn a_detached_run_finalizes_with_what_it_applied() {
    let mut agent = AgentState::default();
    let mut log = Log::default();
    let listening = Listening::of(["onRunErrorEvent", "onRunFailed", "onRunFinalized"]);
    let mut s = open(&mut agent, listening, Batching::Chunk, true);
    s.run_until_input(&mut agent, 0.0, &mut log);
    s.feed(&sse(&[STARTED, START, HI]));
    s.run_until_input(&mut agent, 0.0, &mut log);
    s.detach();
    s.feed(&sse(&[END]));
    assert_eq!(
        s.run_until_input(&mut agent, 0.0, &mut log),
        Step::Done { rejected: false }
    );
    assert_eq!(log.seen, ["notify 10", "onRunFinalized"]);
}

#[test]
fn unanswered_interrupts_refuse_the_run_before_anything_is_called() {
    let mut agent = AgentState {
        pending_interrupts: vec![Interrupt {
            id: "i1".into(),
            reason: "approval".into(),
            ..Default::default()
        }],
        ..AgentState::default()
    };
    let refused = Session::run(&mut agent, None, 0.0, Settings::default(), true);
    assert!(matches!(refused, Err(RunError::Interrupts(_))));
}

#[test]
fn batching_decides_how_often_changes_are_told() {
    let notifies = |batching, chunks: &[Vec<u8>]| {
        let mut log = Log::default();
        run(chunks, &mut log, batching);
        log.seen.iter().filter(|c| c.starts_with("notify")).count()
    };
    let one_chunk = [sse(&[STARTED, START, HI, HI, END])];
    assert_eq!(notifies(Batching::Chunk, &one_chunk), 1);
    assert_eq!(notifies(Batching::Event, &one_chunk), 3);
    let split: Vec<Vec<u8>> = [STARTED, START, HI, HI, END]
        .iter()
        .map(|e| sse(&[e]))
        .collect();
    // RUN_STARTED and TEXT_MESSAGE_END change nothing a subscriber sees.
    assert_eq!(notifies(Batching::Chunk, &split), 3);
    // Within the interval, only the end tells (all at `now` = 0).
    assert_eq!(notifies(Batching::Throttle(1000.0), &split), 1);
}

#[test]
fn a_held_back_change_says_when_it_is_due_and_goes_out_when_late() {
    let mut agent = AgentState::default();
    let mut log = Log::default();
    let listening = Listening::of(["onMessagesChanged"]);
    let mut s = open(&mut agent, listening, Batching::Throttle(100.0), true);
    s.run_until_input(&mut agent, 0.0, &mut log);
    s.feed(&sse(&[STARTED, START]));
    assert_eq!(
        s.run_until_input(&mut agent, 40.0, &mut log),
        Step::Read { due_in: Some(60.0) }
    );
    s.late();
    assert!(matches!(
        s.run_until_input(&mut agent, 50.0, &mut log),
        Step::Read { due_in: None }
    ));
    assert_eq!(log.seen, ["notify 10"]);
}

#[test]
fn a_replaced_history_before_the_request_rewrites_the_input_then_tells() {
    struct Replace(Vec<String>);
    impl Handler for Replace {
        fn call(&mut self, call: &Call, _: &Session, agent: &mut AgentState) -> Answer {
            self.0.push(call.name().into());
            if *call != Call::RunInitialized {
                return Answer::default();
            }
            agent
                .messages
                .replace_all(vec![Message::User(Default::default())]);
            Answer {
                stop: false,
                changed: Changed {
                    messages: true,
                    state: false,
                },
            }
        }
        fn notify(&mut self, _: Changed, _: &mut AgentState) {
            self.0.push("notify".into());
        }
        fn other(&mut self, step: &Step, _: &Session) {
            self.0.push(format!("{step:?}"));
        }
    }
    let mut agent = AgentState::default();
    let mut h = Replace(Vec::new());
    let mut s = open(&mut agent, Listening::all(), Batching::Chunk, true);
    assert_eq!(s.run_until_input(&mut agent, 0.0, &mut h), Step::Request);
    assert_eq!(h.0, ["onRunInitialized", "Rewrite", "notify"]);
}

#[test]
fn every_event_but_a_shorthand_calls_a_callback_a_subscriber_is_read_for() {
    use agui_wasm::core::session::callbacks;
    use agui_wasm::core::types::EVENT_TYPES;
    let all: Vec<&str> = callbacks().collect();
    let mut unique = all.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), all.len(), "a callback named twice");
    // 4 lifecycle, 4 announcements, one per event but the 3 shorthands.
    assert_eq!(all.len(), 8 + EVENT_TYPES.len() - 3);
    assert!(all.contains(&"onTextMessageContentEvent"));
    assert!(!all.iter().any(|c| c.contains("Chunk")));
}

#[test]
fn what_an_announcement_returns_is_not_taken() {
    // Says it replaced the state on every round, announcements included.
    struct Claims(Vec<String>);
    impl Handler for Claims {
        fn call(&mut self, call: &Call, _: &Session, _: &mut AgentState) -> Answer {
            self.0.push(call.name().into());
            let announces = matches!(call, Call::NewMessage(_) | Call::NewToolCall { .. });
            Answer {
                stop: false,
                changed: Changed {
                    messages: false,
                    state: announces,
                },
            }
        }
        fn notify(&mut self, changed: Changed, _: &mut AgentState) {
            self.0.push(format!(
                "notify {}{}",
                changed.messages as u8, changed.state as u8
            ));
        }
    }
    let mut agent = AgentState::default();
    let mut h = Claims(Vec::new());
    let listening = Listening::of(["onNewMessage"]);
    let mut s = open(&mut agent, listening, Batching::Event, true);
    s.run_until_input(&mut agent, 0.0, &mut h);
    s.feed(&sse(&[STARTED, START, HI, END]));
    s.run_until_input(&mut agent, 0.0, &mut h);
    assert_eq!(h.0, ["notify 10", "notify 10", "onNewMessage"]);
}

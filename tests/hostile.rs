//! Hostile input, natively: every case ends in a clear error within the
//! limits, never a crash, a hang or unbounded memory.

mod support;

use agui_wasm::core::error::RunError;
use agui_wasm::core::reducer::AgentState;
use agui_wasm::core::session::{Session, Settings, Step};
use agui_wasm::core::sse::SseError;
use agui_wasm::core::stream::Limits;
use serde_json::Value;

/// Feeds `chunks` to a fresh run; returns the error, if any.
fn run_bytes<'a>(
    chunks: impl IntoIterator<Item = &'a [u8]>,
    limits: Limits,
) -> (Option<RunError>, AgentState) {
    let mut agent = AgentState::default();
    let settings = Settings {
        limits,
        ..Settings::default()
    };
    let mut session = Session::stream(settings, 0.0);
    for c in chunks {
        session.feed(c);
        if let Step::Done { .. } = session.run_until_input(&mut agent, 0.0, &mut ()) {
            return (session.error().cloned(), agent);
        }
    }
    session.finish();
    session.run_until_input(&mut agent, 0.0, &mut ());
    (session.error().cloned(), agent)
}

const START: &str = "data: {\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}\n\n\
                     data: {\"type\":\"TEXT_MESSAGE_START\",\"messageId\":\"m\"}\n\n\
                     data: {\"type\":\"TEXT_MESSAGE_CONTENT\",\"messageId\":\"m\",\"delta\":\"kept\"}\n\n";

fn after_start(event: &str) -> (Option<RunError>, AgentState) {
    let body = format!("{START}data: {event}\n\n");
    run_bytes([body.as_bytes()], Limits::default())
}

fn kept(agent: &AgentState) -> bool {
    agent.messages.get(0).is_some_and(|m| m.text() == "kept")
}

#[test]
fn deep_nesting_is_a_clear_error_not_a_stack_overflow() {
    let deep = format!(
        "{{\"type\":\"CUSTOM\",\"name\":\"x\",\"value\":{}{}}}",
        "[".repeat(10_000),
        "]".repeat(10_000)
    );
    let (err, agent) = after_start(&deep);
    let err = err.expect("refused").to_string();
    assert!(
        err.contains("not JSON") && err.contains("recursion"),
        "{err}"
    );
    assert!(kept(&agent));
}

#[test]
fn huge_numbers_and_lone_surrogates_are_clear_errors() {
    for (event, why) in [
        (
            r#"{"type":"CUSTOM","name":"n","value":1e400}"#,
            "out of range",
        ),
        (
            r#"{"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"\ud800"}"#,
            "hex escape",
        ),
    ] {
        let (err, agent) = after_start(event);
        let err = err.expect("refused").to_string();
        assert!(err.contains(why), "{err}");
        assert!(kept(&agent));
    }
}

#[test]
fn invalid_utf8_is_replaced_not_fatal() {
    let body = format!("{START}data: {{\"type\":\"TEXT_MESSAGE_CONTENT\",\"messageId\":\"m\",\"delta\":\"a\u{FFFD}b\"}}\n\n");
    let bad = body.replace('\u{FFFD}', "\u{1}").into_bytes();
    let bad: Vec<u8> = bad
        .into_iter()
        .map(|b| if b == 1 { 0xFF } else { b })
        .collect();
    let (err, agent) = run_bytes([bad.as_slice()], Limits::default());
    assert!(err.is_none(), "{err:?}");
    assert_eq!(agent.messages.get(0).unwrap().text(), "kepta\u{FFFD}b");
}

#[test]
fn a_line_that_never_ends_stops_at_the_event_cap() {
    // 100 MB with no newline, in 64 KiB chunks, against a 16 MiB cap: the
    // run fails once the cap is passed and stops reading.
    let chunk = vec![b'x'; 64 * 1024];
    let mut fed = 0usize;
    let head = b"data: ".to_vec();
    let chunks = std::iter::once(head.as_slice())
        .chain(std::iter::repeat_n(chunk.as_slice(), 1600).inspect(|c| fed += c.len()));
    let (err, _) = run_bytes(chunks, Limits::default());
    assert!(
        matches!(err, Some(RunError::Sse(SseError::EventTooLarge { limit })) if limit == 16 * 1024 * 1024)
    );
    assert!(
        fed < 17 * 1024 * 1024,
        "stopped near the cap, read {fed} bytes"
    );
}

#[test]
fn events_after_a_failure_are_not_applied() {
    let body = format!("{START}data: {{oops\n\ndata: {{\"type\":\"TEXT_MESSAGE_CONTENT\",\"messageId\":\"m\",\"delta\":\" more\"}}\n\n");
    let (err, agent) = run_bytes([body.as_bytes()], Limits::default());
    assert!(err.is_some());
    assert!(
        kept(&agent),
        "the history before the failure stays, nothing after it"
    );
}

/// A body parsed in one piece and the same body split at random points give
/// the same outcome, for every recorded case (a seeded generator, so a
/// failure reproduces).
#[test]
fn random_splits_give_the_same_outcome() {
    let mut random = support::xorshift(0x2545_F491_4F6C_DD1D);
    let mut next = move |n: usize| (random() % n as u64) as usize;
    for dir in support::case_dirs() {
        for file in support::case_files(&dir) {
            let case: Value =
                serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
            if case["transport"] == "proto" || case["generatedIds"] == true {
                continue;
            }
            let whole = support::replay_chunked(&case, 0);
            let body = support::sse_body(&case);
            for _ in 0..5 {
                let mut cuts: Vec<usize> = (0..next(8) + 1).map(|_| next(body.len() + 1)).collect();
                cuts.sort_unstable();
                let split = support::replay_cut(&case, &cuts);
                assert_eq!(whole, split, "{} cut at {cuts:?}", file.display());
            }
        }
    }
}

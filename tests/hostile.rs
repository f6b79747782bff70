//! Hostile input, natively: every case ends in a clear error within the
//! limits, never a crash, a hang or unbounded memory.

mod support;

use agui_wasm::core::error::RunError;
use agui_wasm::core::json::{parse, to_json, weigh, MAX_NESTING};
use agui_wasm::core::json_patch::DEFAULT_MAX_STATE_SIZE;
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
fn huge_numbers_are_clear_errors() {
    let (err, agent) = after_start(r#"{"type":"CUSTOM","name":"n","value":1e400}"#);
    let err = err.expect("refused").to_string();
    assert!(err.contains("out of range"), "{err}");
    assert!(kept(&agent));
}

/// What a JavaScript agent that cuts text by UTF-16 index sends: each half
/// of a pair escaped alone by `JSON.stringify`.
fn deltas(ty: &str, id_key: &str, id: &str, pieces: &[&str]) -> String {
    pieces
        .iter()
        .map(|p| format!("data: {{\"type\":\"{ty}\",\"{id_key}\":\"{id}\",\"delta\":\"{p}\"}}\n\n"))
        .collect()
}

#[test]
fn surrogate_halves_split_across_deltas_are_joined_as_the_reference_concatenates_them() {
    let text = deltas(
        "TEXT_MESSAGE_CONTENT",
        "messageId",
        "m",
        &[
            r"a\ud83d",
            r"\ude00b",
            r"\ud83d",
            r"\ude00",
            r"\ud83d\ude00!",
        ],
    );
    let reasoning = deltas(
        "REASONING_MESSAGE_CONTENT",
        "messageId",
        "r",
        &[r"x\ud83e", r"\udd14y"],
    );
    // Two tool calls interleaved, each with a pair split across deltas.
    let args = format!(
        "{}{}{}{}",
        deltas(
            "TOOL_CALL_ARGS",
            "toolCallId",
            "t1",
            &[r#"{\"e\":\"\ud83d"#]
        ),
        deltas("TOOL_CALL_ARGS", "toolCallId", "t2", &[r"\ud83c"]),
        deltas("TOOL_CALL_ARGS", "toolCallId", "t1", &[r#"\ude00\"}"#]),
        deltas("TOOL_CALL_ARGS", "toolCallId", "t2", &[r"\udf89"]),
    );
    let body = format!(
        "{START}{text}\
         data: {{\"type\":\"REASONING_MESSAGE_START\",\"messageId\":\"r\",\"role\":\"reasoning\"}}\n\n{reasoning}\
         data: {{\"type\":\"TOOL_CALL_START\",\"toolCallId\":\"t1\",\"toolCallName\":\"f\",\"parentMessageId\":\"m\"}}\n\n\
         data: {{\"type\":\"TOOL_CALL_START\",\"toolCallId\":\"t2\",\"toolCallName\":\"g\",\"parentMessageId\":\"m\"}}\n\n{args}"
    );
    // Chunked anywhere, the same: the halves are read from each event's text.
    for size in [body.len(), 7, 1] {
        let chunks: Vec<&[u8]> = body.as_bytes().chunks(size).collect();
        let (err, agent) = run_bytes(chunks, Limits::default());
        assert!(err.is_none(), "{err:?}");
        let m = agent.messages.get(0).unwrap();
        assert_eq!(m.text(), "kepta😀b😀😀!");
        assert_eq!(agent.messages.get(1).unwrap().text(), "x🤔y");
        let calls = m.tool_calls().unwrap();
        assert_eq!(calls[0].function.arguments, r#"{"e":"😀"}"#);
        assert_eq!(calls[1].function.arguments, "🎉");
    }
}

#[test]
fn a_lone_surrogate_half_is_a_replacement_character_not_a_failed_run() {
    let body = format!(
        "{START}{}",
        deltas(
            "TEXT_MESSAGE_CONTENT",
            "messageId",
            "m",
            &[
                r"\ude00 low first",
                r" high last \ud83d",
                r" then no low half",
                r"\ud800\ud800"
            ]
        )
    );
    let (err, agent) = run_bytes([body.as_bytes()], Limits::default());
    assert!(err.is_none(), "{err:?}");
    assert_eq!(
        agent.messages.get(0).unwrap().text(),
        "kept\u{FFFD} low first high last \u{FFFD} then no low half\u{FFFD}\u{FFFD}"
    );
}

/// A STATE_SNAPSHOT of `snapshot`, then `n` STATE_DELTAs of `ops`.
fn patched(snapshot: &str, n: usize, ops: &str) -> String {
    let mut body =
        format!("{START}data: {{\"type\":\"STATE_SNAPSHOT\",\"snapshot\":{snapshot}}}\n\n");
    for _ in 0..n {
        body.push_str(&format!(
            "data: {{\"type\":\"STATE_DELTA\",\"delta\":[{ops}]}}\n\n"
        ));
    }
    body
}

#[test]
fn a_patch_cannot_build_a_state_deeper_than_events_may_be() {
    // One level deeper per event: `x` becomes `[x]`.
    let wrap = r#"{"op":"move","from":"/x","path":"/y"},{"op":"add","path":"/x","value":[]},{"op":"move","from":"/y","path":"/x/-"}"#;
    let (err, agent) = run_bytes(
        [patched(r#"{"x":[]}"#, 300, wrap).as_bytes()],
        Limits::default(),
    );
    assert!(
        err.is_none(),
        "a failing patch is a warning, as in the reference"
    );
    let depth = weigh(&agent.state).depth;
    assert_eq!(depth, MAX_NESTING, "grew to the limit and stopped there");
    // Written, read back and dropped: no recursion runs away.
    assert!(parse(&to_json(&agent.state)).is_ok());
    assert!(kept(&agent));
}

#[test]
fn a_copy_into_its_own_descendant_stops_at_the_state_size_limit() {
    // The issue's case: each small event doubles the state.
    let copy = r#"{"op":"copy","from":"/a","path":"/a/0/0/0"}"#;
    let (err, agent) = run_bytes(
        [patched(r#"{"a":[[[[0]]]]}"#, 30, copy).as_bytes()],
        Limits::default(),
    );
    assert!(err.is_none());
    let w = weigh(&agent.state);
    assert!(
        w.size <= DEFAULT_MAX_STATE_SIZE && w.size > DEFAULT_MAX_STATE_SIZE / 4,
        "{w:?}"
    );
    assert!(w.depth <= MAX_NESTING);
    // A smaller limit, as the `maxStateSize` option sets it.
    let limits = Limits {
        max_state_size: 1 << 20,
        ..Limits::default()
    };
    let wide = r#"{"op":"copy","from":"/a","path":"/a/-"}"#;
    let (err, agent) = run_bytes([patched(r#"{"a":[0]}"#, 40, wide).as_bytes()], limits);
    assert!(err.is_none());
    let size = weigh(&agent.state).size;
    assert!(
        size <= 1 << 20 && size > 1 << 18,
        "stopped near the limit: {size}"
    );
    assert!(kept(&agent));
}

#[test]
fn an_activity_patch_cannot_build_content_past_its_bounds() {
    let mut body = format!(
        "{START}data: {{\"type\":\"ACTIVITY_SNAPSHOT\",\"messageId\":\"act\",\"activityType\":\"PLAN\",\"content\":{{\"x\":[]}}}}\n\n"
    );
    let wrap = r#"{"op":"move","from":"/x","path":"/y"},{"op":"add","path":"/x","value":[]},{"op":"move","from":"/y","path":"/x/-"}"#;
    for _ in 0..300 {
        body.push_str(&format!("data: {{\"type\":\"ACTIVITY_DELTA\",\"messageId\":\"act\",\"activityType\":\"PLAN\",\"patch\":[{wrap}]}}\n\n"));
    }
    let (err, agent) = run_bytes([body.as_bytes()], Limits::default());
    assert!(err.is_none(), "{err:?}");
    // The whole history, the content two levels down in it, reads back.
    let history = to_json(&agent.messages.to_vec());
    assert_eq!(weigh(&parse(&history).unwrap()).depth, MAX_NESTING);
}

#[test]
fn many_tool_calls_on_one_message_are_found_without_scanning() {
    let mut body = String::from(START);
    let n = 20_000;
    for i in 0..n {
        body.push_str(&format!(
            "data: {{\"type\":\"TOOL_CALL_START\",\"toolCallId\":\"t{i}\",\"toolCallName\":\"f\",\"parentMessageId\":\"m\"}}\n\n\
             data: {{\"type\":\"TOOL_CALL_ARGS\",\"toolCallId\":\"t{i}\",\"delta\":\"{{}}\"}}\n\n\
             data: {{\"type\":\"TOOL_CALL_END\",\"toolCallId\":\"t{i}\"}}\n\n"
        ));
    }
    let (err, mut agent) = run_bytes([body.as_bytes()], Limits::default());
    assert!(err.is_none(), "{err:?}");
    assert_eq!(
        agent.messages.get(0).unwrap().tool_calls().unwrap().len(),
        n
    );
    assert_eq!(
        agent.messages.locate_tool_call(&format!("t{}", n - 1)),
        Some((0, n - 1))
    );
    assert_eq!(
        agent.messages.tool_call_scans(),
        0,
        "every call found by the index"
    );
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

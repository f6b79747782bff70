//! Conformance cases recorded from the reference client, and how to replay them.
#![allow(dead_code)]

use agui_wasm::core::types::FromJson;
use std::path::{Path, PathBuf};

use agui_wasm::core::error::RunError;
use agui_wasm::core::history::History;
use agui_wasm::core::json::{parse, to_json, ToJson};
use agui_wasm::core::reducer::AgentState;
use agui_wasm::core::run::{prepare_input, RunParams};
use agui_wasm::core::session::{Session, Settings, Step};
use agui_wasm::core::types::{Interrupt, Message};
use serde_json::{json, Value};

/// A seeded xorshift generator, so a failing random test reproduces.
pub fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

/// The folders of cases to run: the shared ones and `AGUI_CONFORMANCE_DIR`.
pub fn case_dirs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut dirs = vec![
        root.join("../shared/conformance/cases"),
        root.join("tests/cases"),
    ];
    if let Ok(extra) = std::env::var("AGUI_CONFORMANCE_DIR") {
        if !extra.is_empty() {
            dirs.push(PathBuf::from(extra));
        }
    }
    dirs
}

pub fn case_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
}

/// The SSE body of a case, as the recorder framed it.
pub fn sse_body(case: &Value) -> Vec<u8> {
    let nl = if case["framing"] == "crlf" {
        "\r\n"
    } else {
        "\n"
    };
    let mut body = String::new();
    for e in case["events"].as_array().into_iter().flatten() {
        match e {
            Value::String(raw) => body.push_str(raw),
            other => {
                body.push_str("data: ");
                body.push_str(&serde_json::to_string(other).unwrap());
            }
        }
        body.push_str(nl);
        body.push_str(nl);
    }
    if case["framing"] == "crlf" {
        // Raw blocks are written with LF inside; the recorder's CRLF cases
        // use the same line ending throughout.
        body = body.replace("\r\n", "\n").replace('\n', "\r\n");
    }
    body.into_bytes()
}

/// What a client ended with, in the case's `expected` shape.
#[derive(Debug, PartialEq)]
pub struct Outcome {
    pub error: Option<String>,
    pub messages: Value,
    pub state: Value,
    pub pending_interrupts: Value,
    pub result: Option<Value>,
    pub new_message_ids: Option<Value>,
    pub request: Value,
}

/// Replays a case natively: bytes in, in the case's chunking and framing.
pub fn replay(case: &Value) -> Outcome {
    let size = case["chunking"].as_u64().unwrap_or(0) as usize;
    replay_chunked(case, size)
}

/// Replays a case with its body cut into chunks of `size` bytes (0: whole).
pub fn replay_chunked(case: &Value, size: usize) -> Outcome {
    let body = sse_body(case);
    let cuts: Vec<usize> = if size == 0 {
        Vec::new()
    } else {
        (size..body.len()).step_by(size).collect()
    };
    replay_cut(case, &cuts)
}

/// Replays a case with its body cut at these byte offsets (sorted).
pub fn replay_cut(case: &Value, cuts: &[usize]) -> Outcome {
    replay_body(case, &sse_body(case), cuts, None)
}

/// Replays a case over `body`, sent with `content_type`, cut at these
/// byte offsets (sorted): the session driver, as the binding drives it.
pub fn replay_body(
    case: &Value,
    body: &[u8],
    cuts: &[usize],
    content_type: Option<&str>,
) -> Outcome {
    let initial = &case["initial"];
    let run_spec = &case["run"];
    let thread_id = initial["threadId"]
        .as_str()
        .unwrap_or("thread-1")
        .to_owned();
    let messages: Vec<Message> =
        FromJson::from_json(initial.get("messages").cloned().unwrap_or(json!([])))
            .expect("initial messages");
    let pending: Vec<Interrupt> = FromJson::from_json(
        initial
            .get("pendingInterrupts")
            .cloned()
            .unwrap_or(json!([])),
    )
    .expect("interrupts");
    let mut agent = AgentState {
        messages: History::new(messages),
        state: initial.get("state").cloned().unwrap_or(json!({})).into(),
        pending_interrupts: pending,
    };
    let mut params: RunParams = FromJson::from_json(run_spec.clone()).expect("run params");
    if params.run_id.is_none() {
        params.run_id = Some("run-1".into());
    }
    let input = prepare_input(&mut agent, &thread_id, &params);
    let mut outcome = Outcome {
        error: None,
        messages: Value::Null,
        state: Value::Null,
        pending_interrupts: Value::Null,
        result: None,
        new_message_ids: None,
        request: Value::Null,
    };
    let now = 1.7e12; // 2023-11: the cases' expiry instants are far from it
    let result = (|| -> Result<(), RunError> {
        let settings = Settings::default();
        let mut session = Session::run(&mut agent, input.resume.as_deref(), now, settings, true)?;
        assert_eq!(
            session.run_until_input(&mut agent, now, &mut ()),
            Step::Request
        );
        outcome.request = json_of(&input);
        let status = case["status"].as_u64().unwrap_or(200) as u16;
        if !(200..300).contains(&status) {
            session.failed(
                Some(RunError::Http {
                    status,
                    body: String::from_utf8_lossy(body).into_owned(),
                }),
                true,
            );
        } else {
            session.response(content_type);
        }
        let mut from = 0;
        for &cut in cuts.iter().chain(std::iter::once(&body.len())) {
            let cut = cut.clamp(from, body.len());
            session.feed(&body[from..cut]);
            from = cut;
            if let Step::Done { .. } = session.run_until_input(&mut agent, now, &mut ()) {
                break;
            }
        }
        session.finish();
        let Step::Done { rejected } = session.run_until_input(&mut agent, now, &mut ()) else {
            panic!("a finished body ends the session");
        };
        if let Some(e) = session.error().filter(|_| rejected) {
            return Err(e.clone());
        }
        outcome.result = session.result().map(|r| (**r).clone());
        let ids: Vec<&str> = agent
            .messages
            .new_since_watch()
            .into_iter()
            .filter_map(|i| agent.messages.get(i).map(|m| m.id()))
            .collect();
        outcome.new_message_ids = Some(json!(ids));
        Ok(())
    })();
    if let Err(e) = result {
        outcome.error = Some(e.to_string());
    }
    outcome.messages = json_of(&agent.messages.to_vec());
    outcome.state = (*agent.state).clone();
    outcome.pending_interrupts = json_of(&agent.pending_interrupts);
    outcome
}

/// A value as the client writes it to JavaScript (through `ToJson`).
pub fn json_of<T: ToJson + ?Sized>(v: &T) -> Value {
    parse(&to_json(v)).expect("ToJson writes JSON")
}

/// JSON with every number as f64, so `1` and `1.0` compare equal as in JS.
pub fn normalize(v: &Value, generated: bool) -> Value {
    match v {
        Value::Number(n) => json!(n.as_f64().unwrap_or(f64::NAN)),
        Value::Array(a) => Value::Array(a.iter().map(|x| normalize(x, generated)).collect()),
        Value::Object(o) => Value::Object(
            o.iter()
                .map(|(k, x)| (k.clone(), normalize(x, generated)))
                .collect(),
        ),
        Value::String(s) if generated && is_uuid(s) => json!("<generated>"),
        other => other.clone(),
    }
}

fn is_uuid(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 36
        && b.iter().enumerate().all(|(i, c)| match i {
            8 | 13 | 18 | 23 => *c == b'-',
            _ => c.is_ascii_hexdigit(),
        })
}

/// Compares an outcome with the case's `expected`; returns what differs.
pub fn compare(case: &Value, got: &Outcome) -> Vec<String> {
    let exp = &case["expected"];
    let generated = case["generatedIds"].as_bool().unwrap_or(false);
    let n = |v: &Value| normalize(v, generated);
    let mut diffs = Vec::new();
    let exp_error = exp["error"].as_str();
    if exp_error.is_some() != got.error.is_some() {
        diffs.push(format!(
            "error: expected {:?}, got {:?}",
            exp_error, got.error
        ));
    }
    let mut check = |name: &str, expected: &Value, actual: &Value| {
        if n(expected) != n(actual) {
            diffs.push(format!(
                "{name}:\n  expected {expected}\n  got      {actual}"
            ));
        }
    };
    check("messages", &exp["messages"], &got.messages);
    check("state", &exp["state"], &got.state);
    check(
        "pendingInterrupts",
        &exp["pendingInterrupts"],
        &got.pending_interrupts,
    );
    check("request", &exp["request"], &got.request);
    if exp_error.is_none() {
        let result = got.result.clone().unwrap_or(Value::Null);
        check("result", &exp["result"], &result);
        check(
            "newMessageIds",
            &exp["newMessageIds"],
            got.new_message_ids.as_ref().unwrap_or(&Value::Null),
        );
    }
    diffs
}

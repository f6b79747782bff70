//! Per-event cost of streaming a reply into histories of different lengths.
//!
//! 10,000 TEXT_MESSAGE_CONTENT deltas go through the whole pipeline (bytes,
//! SSE, decoding, verification, reducer) into a history of H prior messages,
//! in 16 KiB network chunks. The cost per event must not grow with H: the
//! reference client clones the whole history on every token.
//!
//! Run: `./run bench` (or `cargo bench --bench history_flat`).

use std::time::Instant;

use agui_wasm::core::history::History;
use agui_wasm::core::reducer::AgentState;
use agui_wasm::core::session::{Session, Settings, Step};
use agui_wasm::core::types::{AssistantMessage, Content, Message, UserMessage};
use serde_json::json;

const DELTAS: usize = 10_000;
const RUNS: usize = 7;

fn history(len: usize) -> Vec<Message> {
    (0..len)
        .map(|i| {
            let text = format!("message {i}: {}", "lorem ipsum dolor sit amet ".repeat(4));
            if i % 2 == 0 {
                Message::User(Box::new(UserMessage {
                    id: format!("h{i}"),
                    content: Content::Text(text),
                    ..Default::default()
                }))
            } else {
                Message::Assistant(Box::new(AssistantMessage {
                    id: format!("h{i}"),
                    content: Some(text),
                    ..Default::default()
                }))
            }
        })
        .collect()
}

fn body() -> Vec<u8> {
    let mut s = String::new();
    let mut event = |v: serde_json::Value| {
        s.push_str("data: ");
        s.push_str(&v.to_string());
        s.push_str("\n\n");
    };
    event(json!({"type": "RUN_STARTED", "threadId": "t", "runId": "r"}));
    event(json!({"type": "TEXT_MESSAGE_START", "messageId": "reply", "role": "assistant"}));
    for i in 0..DELTAS {
        event(
            json!({"type": "TEXT_MESSAGE_CONTENT", "messageId": "reply", "delta": format!("tok{i} ")}),
        );
    }
    event(json!({"type": "TEXT_MESSAGE_END", "messageId": "reply"}));
    event(json!({"type": "RUN_FINISHED", "threadId": "t", "runId": "r"}));
    s.into_bytes()
}

/// Microseconds per event for one run over a fresh copy of the history.
fn once(prior: &[Message], body: &[u8]) -> f64 {
    let mut agent = AgentState {
        messages: History::new(prior.to_vec()),
        state: json!({}).into(),
        pending_interrupts: Vec::new(),
    };
    let start = Instant::now();
    let mut session = Session::run(&mut agent, None, 0.0, Settings::default(), true).unwrap();
    session.run_until_input(&mut agent, 0.0, &mut ());
    session.response(None);
    for chunk in body.chunks(16 * 1024) {
        session.feed(chunk);
        session.run_until_input(&mut agent, 0.0, &mut ());
        // What a binding does per chunk: learn what changed.
        std::hint::black_box(agent.messages.take_changes());
    }
    session.finish();
    let end = session.run_until_input(&mut agent, 0.0, &mut ());
    assert_eq!(end, Step::Done { rejected: false }, "valid stream");
    let elapsed = start.elapsed();
    assert_eq!(agent.messages.len(), prior.len() + 1);
    elapsed.as_secs_f64() * 1e6 / (DELTAS + 4) as f64
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn main() {
    let body = body();
    println!(
        "history_flat: {DELTAS} TEXT_MESSAGE_CONTENT deltas, 16 KiB chunks, median of {RUNS} runs"
    );
    println!("{:>8} {:>12} {:>10}", "H", "µs/event", "vs H=0");
    let mut base = None;
    for h in [0, 100, 1_000, 10_000] {
        let prior = history(h);
        once(&prior, &body); // warm-up
        let m = median((0..RUNS).map(|_| once(&prior, &body)).collect());
        let b = *base.get_or_insert(m);
        println!("{h:>8} {m:>12.3} {:>9.2}x", m / b);
    }
}

//! A stable-toolchain fuzzer for the core (cargo fuzz needs nightly, which
//! this project's machines cannot fetch). Seeded, so a failure reproduces.
//!
//!   cargo run --profile fuzz --example fuzz -- <target> <seconds> [seed]
//!
//! Targets:
//! - `sse`: arbitrary bytes, arbitrarily split, into the SSE parser; and the
//!   property that any split gives the events of the whole body.
//! - `decode`: arbitrary and mutated JSON into the event decoder.
//! - `reducer`: sequences of valid-looking and mutated events (from the
//!   conformance corpus) through expansion, verification and the reducer.
//! - `session`: streams built from the protocol's structure, not mutated
//!   at random: every event kind, tool arguments nested deep across many
//!   deltas (read as partial JSON after each), JSON Patches that copy or
//!   move a value into its own descendant, surrogate pairs split across
//!   deltas, all through a whole session in random chunks; the state, the
//!   history and every partial value stay within the limits and write and
//!   read back.
//!
//! Each input runs under `catch_unwind`; a panic, or an input slower than a
//! second, stops the run and prints the seed and the input. The summary line
//! is `fuzz <target>: N inputs in S s, 0 panics, slowest M ms`.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use agui_wasm::core::chunks::ChunkExpander;
use agui_wasm::core::decode::Decoder;
use agui_wasm::core::json::{parse, to_json, weigh, MAX_NESTING};
use agui_wasm::core::json_patch::DEFAULT_MAX_STATE_SIZE;
use agui_wasm::core::partial_json::PartialJson;
use agui_wasm::core::reducer::{AgentState, Reducer};
use agui_wasm::core::session::{Session, Settings};
use agui_wasm::core::sse::SseParser;
use agui_wasm::core::stream::Limits;
use agui_wasm::core::verify::Verifier;
use serde_json::{json, Value};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

fn corpus() -> Vec<Value> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/conformance/cases");
    let mut events = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            let Ok(text) = std::fs::read_to_string(e.path()) else {
                continue;
            };
            let Ok(case) = serde_json::from_str::<Value>(&text) else {
                continue;
            };
            for ev in case["events"].as_array().into_iter().flatten() {
                if ev.is_object() {
                    events.push(ev.clone());
                }
            }
        }
    }
    if events.is_empty() {
        events.push(json!({"type": "RUN_STARTED", "threadId": "t", "runId": "r"}));
    }
    events.extend(repaired_shapes());
    events
}

/// Events the compatibility boundary repairs (the recorded cases carry
/// these shapes in histories, not in events): the decoder's clean route
/// must leave each to the repairing one.
fn repaired_shapes() -> Vec<Value> {
    let binary =
        json!({"type": "binary", "mimeType": "image/png", "data": "AAAA", "filename": "a.png"});
    let image = json!({"type": "image", "source": {"type": "url", "value": "u"}, "metadata": null});
    let user =
        json!({"id": "u", "role": "user", "content": [{"type": "text", "text": "hi"}, binary]});
    let with_null = json!({"id": "v", "role": "user", "content": [image]});
    vec![
        json!({"type": "MESSAGES_SNAPSHOT", "messages": [user.clone(), {"id": "a", "role": "assistant", "content": "x"}]}),
        json!({"type": "MESSAGES_SNAPSHOT", "messages": [with_null]}),
        json!({"type": "RUN_STARTED", "threadId": "t", "runId": "r", "input": {
            "threadId": "t", "runId": "r", "messages": [user], "state": null, "forwardedProps": null,
            "tools": [{"name": "f", "description": "d", "parameters": null}]}}),
        json!({"type": "TOOL_CALL_START", "toolCallId": "c", "toolCallName": "f", "parentMessageId": null, "rawEvent": null}),
        json!({"type": "RUN_FINISHED", "threadId": "t", "runId": "r", "result": null, "outcome": {"type": "later"}}),
        json!({"type": "STATE_DELTA", "delta": [{"op": "frob", "path": "/a"}, {"op": "add", "path": "/a", "value": 1}]}),
        json!({"type": "THINKING_TEXT_MESSAGE_START"}),
    ]
}

const TOKENS: &[&str] = &[
    "data: ",
    "data:",
    "\n",
    "\r",
    "\r\n",
    "\n\n",
    ":",
    "id: 1",
    "retry: 5",
    "event: x",
    "{",
    "}",
    "[",
    "]",
    "\"",
    "\\",
    "\\u",
    "\\ud800",
    "null",
    "1e400",
    "-0",
    "\u{feff}",
    "\u{fffd}",
    "😀",
    "TEXT_MESSAGE_CONTENT",
    ",",
];

fn random_bytes(rng: &mut Rng) -> Vec<u8> {
    let mut out = Vec::new();
    for _ in 0..rng.below(64) {
        if rng.below(3) == 0 {
            out.push(rng.next() as u8);
        } else {
            out.extend_from_slice(rng.pick(TOKENS).as_bytes());
        }
    }
    out
}

fn mutate(rng: &mut Rng, v: &Value, depth: usize) -> Value {
    if depth > 6 || rng.below(4) != 0 {
        return v.clone();
    }
    match v {
        Value::Object(m) => {
            let mut m = m.clone();
            let keys: Vec<String> = m.keys().cloned().collect();
            match rng.below(5) {
                0 if !keys.is_empty() => {
                    m.shift_remove(rng.pick(&keys));
                }
                1 if !keys.is_empty() => {
                    let k = rng.pick(&keys).clone();
                    m.insert(k, random_value(rng, 0));
                }
                2 => {
                    m.insert(format!("extra{}", rng.below(3)), random_value(rng, 0));
                }
                _ => {
                    for k in keys {
                        if let Some(x) = m.get(&k).cloned() {
                            m.insert(k, mutate(rng, &x, depth + 1));
                        }
                    }
                }
            }
            Value::Object(m)
        }
        Value::Array(a) => Value::Array(a.iter().map(|x| mutate(rng, x, depth + 1)).collect()),
        _ => random_value(rng, 0),
    }
}

fn random_value(rng: &mut Rng, depth: usize) -> Value {
    match rng.below(if depth > 4 { 6 } else { 8 }) {
        0 => Value::Null,
        1 => json!(rng.below(2) == 0),
        2 => json!(rng.next() as i64),
        3 => json!(f64::from_bits(rng.next()).clamp(-1e300, 1e300)),
        4 => json!(rng.pick(&["", "m1", "t1", "assistant", "RUN_STARTED", "😀", "\u{0}"])),
        5 => json!(rng.pick(TOKENS)),
        6 => Value::Array(
            (0..rng.below(4))
                .map(|_| random_value(rng, depth + 1))
                .collect(),
        ),
        _ => Value::Object(
            (0..rng.below(4))
                .map(|i| (format!("k{i}"), random_value(rng, depth + 1)))
                .collect(),
        ),
    }
}

fn run_sse(rng: &mut Rng) -> String {
    let body = random_bytes(rng);
    let whole = {
        let mut p = SseParser::new(4096);
        let mut out = Vec::new();
        let a = p.feed(&body, &mut out).is_ok();
        let b = a && p.finish(&mut out).is_ok();
        (a && b).then_some(out)
    };
    let mut p = SseParser::new(4096);
    let mut out = Vec::new();
    let mut ok = true;
    let mut at = 0;
    while at < body.len() && ok {
        let n = 1 + rng.below(8);
        let end = (at + n).min(body.len());
        ok = p.feed(&body[at..end], &mut out).is_ok();
        at = end;
    }
    ok = ok && p.finish(&mut out).is_ok();
    if let (Some(whole), true) = (whole, ok) {
        assert_eq!(whole, out, "split body gave other events");
    }
    String::from_utf8_lossy(&body).into_owned()
}

/// The decoder's clean route (an event read straight from its text) must
/// decode exactly as the repairing route (`Decoder::decode_repairing`: the
/// text parsed whole, repaired and read again), with the same warnings:
/// any difference panics.
fn run_decode(rng: &mut Rng, corpus: &[Value]) -> String {
    let text = match rng.below(4) {
        0 => String::from_utf8_lossy(&random_bytes(rng)).into_owned(),
        1 => {
            let text = large_snapshot(rng);
            edit_text(rng, text)
        }
        _ => {
            let base = rng.pick(corpus).clone();
            let text = mutate(rng, &base, 0).to_string();
            // Byte edits too: trailing text, a broken string, a key twice.
            match rng.below(3) {
                0 => edit_text(rng, text),
                _ => text,
            }
        }
    };
    let mut clean_warnings = Vec::new();
    let clean = Decoder::new().decode_str(&text, &mut clean_warnings);
    let mut repairing_warnings = Vec::new();
    let repairing = Decoder::new().decode_repairing(&text, &mut repairing_warnings);
    // Ids the decoder mints (for legacy events that carry none) are random.
    let seen = |r: &dyn std::fmt::Debug, w: &[String]| minted_ids_masked(&format!("{r:?} {w:?}"));
    assert_eq!(
        seen(&clean, &clean_warnings),
        seen(&repairing, &repairing_warnings),
        "the clean and the repairing route differ"
    );
    text
}

/// `text` with every UUID (8-4-4-4-12 hex digits) replaced by `<id>`.
fn minted_ids_masked(text: &str) -> String {
    let b = text.as_bytes();
    let is_uuid = |at: usize| {
        b.len() >= at + 36
            && (0..36).all(|i| match i {
                8 | 13 | 18 | 23 => b[at + i] == b'-',
                _ => b[at + i].is_ascii_hexdigit(),
            })
    };
    let (mut out, mut at) = (String::new(), 0);
    while at < b.len() {
        if is_uuid(at) {
            out.push_str("<id>");
            at += 36;
        } else {
            let c = text[at..].chars().next().unwrap();
            out.push(c);
            at += c.len_utf8();
        }
    }
    out
}

/// A large MESSAGES_SNAPSHOT, STATE_SNAPSHOT, ACTIVITY_SNAPSHOT, CUSTOM or
/// RAW event, with members in varied order and spacing.
fn large_snapshot(rng: &mut Rng) -> String {
    let roles = ["user", "assistant", "system", "developer", "reasoning"];
    let sp = |rng: &mut Rng| *rng.pick(&["", " ", "\n", "\t "]);
    let (ty, body) = if rng.below(2) == 0 {
        let mut items: Vec<String> = (0..60 + rng.below(140))
            .map(|i| {
                let role = rng.pick(&roles);
                let extra = match rng.below(5) {
                    0 => r#","name":"n\u00e9""#,
                    1 => r#","encryptedValue":"e","subagentRunId":"s""#,
                    2 => r#","error":"dropped: only tools have it""#,
                    _ => "",
                };
                let s = sp(rng);
                format!(
                    r#"{{"id":"m{i}",{s}"role":"{role}","content":"line {i}: \"q\" ☃ 😀"{extra}}}"#
                )
            })
            .collect();
        // Now and then one message of another shape, which the plain
        // reader may not take.
        if rng.below(4) == 0 {
            let at = rng.below(items.len());
            items[at] = rng
                .pick(&[
                    r#"{"id":"a","role":"tool","content":"c","toolCallId":"t"}"#,
                    r#"{"id":"a","role":"activity","activityType":"x","content":{}}"#,
                    r#"{"id":"a","role":"user","content":"x","metadata":{}}"#,
                    r#"{"id":"a","role":"assistant","toolCalls":[]}"#,
                ])
                .to_string();
        }
        (
            "MESSAGES_SNAPSHOT",
            format!(r#""messages":[{}]"#, items.join(",")),
        )
    } else {
        let items: Vec<String> = (0..100 + rng.below(200))
            .map(|i| format!(r#"{{"k":{i},"s":"v{i} é","a":[1.5e-3,true,null]}}"#))
            .collect();
        // The opaque members kept as their text: a state, an activity's
        // content (an object, or now and then not), a CUSTOM value, a RAW event.
        let value = format!(r#"{{"items":[{}]}}"#, items.join(","));
        match rng.below(4) {
            0 => ("STATE_SNAPSHOT", format!(r#""snapshot":{value}"#)),
            1 => {
                let content = if rng.below(8) == 0 {
                    format!("[{value}]")
                } else {
                    value
                };
                let members =
                    format!(r#""messageId":"a","activityType":"plan","content":{content}"#);
                ("ACTIVITY_SNAPSHOT", members)
            }
            2 => ("CUSTOM", format!(r#""name":"n","value":{value}"#)),
            _ => ("RAW", format!(r#""source":"s","event":{value}"#)),
        }
    };
    let head = format!(r#""type":"{ty}""#);
    let mut members = vec![head, body];
    if rng.below(3) == 0 {
        members.push(r#""timestamp":5"#.into());
    }
    if rng.below(4) == 0 {
        members.swap(0, 1);
    }
    let s = sp(rng);
    format!("{{{s}{}{s}}}", members.join(&format!("{s},{s}")))
}

/// A few byte-level edits (a byte changed, a span dropped, a token put in),
/// kept UTF-8.
fn edit_text(rng: &mut Rng, text: String) -> String {
    let mut bytes = text.into_bytes();
    for _ in 0..rng.below(4) {
        if bytes.is_empty() {
            break;
        }
        let at = rng.below(bytes.len());
        match rng.below(3) {
            0 => bytes[at] = rng.next() as u8,
            1 => {
                let end = (at + rng.below(8)).min(bytes.len());
                bytes.drain(at..end);
            }
            _ => {
                let token = rng.pick(TOKENS).as_bytes().to_vec();
                bytes.splice(at..at, token);
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

fn run_reducer(rng: &mut Rng, corpus: &[Value]) -> String {
    let mut agent = AgentState::default();
    // Half the runs report state edits, as the binding's reducer does
    // while a JS copy of the state exists.
    let mut reducer = Reducer::new();
    reducer.record_state_edits = rng.below(2) == 0;
    let (mut decoder, mut chunks, mut verifier, mut reducer) = (
        Decoder::new(),
        ChunkExpander::new(),
        Verifier::new(),
        reducer,
    );
    let mut seq = vec![json!({"type": "RUN_STARTED", "threadId": "t", "runId": "r"})];
    for _ in 0..rng.below(40) {
        let base = rng.pick(corpus).clone();
        seq.push(mutate(rng, &base, 0));
    }
    let mut w = Vec::new();
    let mut expanded = Vec::new();
    // Verification is skipped on some runs so the reducer also sees
    // sequences the verifier would refuse.
    let verify = rng.below(2) == 0;
    for v in &seq {
        let Ok(Some(event)) = decoder.decode_value(v.clone(), &mut w) else {
            continue;
        };
        expanded.clear();
        if chunks.push(event, &mut expanded).is_err() {
            continue;
        }
        for e in expanded.drain(..) {
            if verify && verifier.check(&e).is_err() {
                continue;
            }
            reducer.apply(&mut agent, &e);
        }
    }
    let _ = to_json(&agent.messages.to_vec());
    let _ = agui_wasm::core::json::to_json(&reducer.state_edits);
    Value::Array(seq).to_string()
}

/// The escape of a surrogate half, as `JSON.stringify` writes a lone one.
fn half(rng: &mut Rng, high: bool) -> String {
    let base = if high { 0xD800 } else { 0xDC00 };
    format!("\\u{:04x}", base + rng.below(0x400))
}

/// A delta's text as a JSON string's content: words, characters that need
/// escaping, emoji, and now and then a surrogate pair's half at an end (a
/// JavaScript agent that cut its text by UTF-16 index).
fn delta_text(rng: &mut Rng) -> String {
    let mut out = String::new();
    if rng.below(4) == 0 {
        out.push_str(&half(rng, false));
    }
    for _ in 0..1 + rng.below(4) {
        let piece: &str = rng.pick::<&str>(&[
            "a",
            "word ",
            "\\\"",
            "\\n",
            "é",
            "😀",
            "\\ud83d\\ude00",
            "{\\\"",
            "\\u00e9",
        ]);
        out.push_str(piece);
    }
    if rng.below(4) == 0 {
        out.push_str(&half(rng, true));
    }
    out
}

/// A pointer into a document of `depth` levels like the ones `session`
/// builds: keys a, b, x and array indices.
fn pointer(rng: &mut Rng) -> String {
    (0..rng.below(5))
        .map(|_| {
            rng.pick(&["/a", "/b", "/x", "/0", "/1", "/-", "/a/0", "/x/0/0/0"])
                .to_string()
        })
        .collect()
}

/// A JSON Patch op, often one that copies or moves a value into its own
/// descendant, which doubles what it copies.
fn patch_op(rng: &mut Rng) -> Value {
    let (from, path) = (pointer(rng), pointer(rng));
    let into_own = format!("{from}{}", pointer(rng));
    match rng.below(7) {
        0 => json!({"op": "copy", "from": from, "path": into_own}),
        1 => json!({"op": "move", "from": from, "path": path}),
        2 => json!({"op": "copy", "from": from, "path": path}),
        3 => json!({"op": "remove", "path": path}),
        4 => json!({"op": "replace", "path": path, "value": random_value(rng, 0)}),
        5 => json!({"op": "test", "path": path, "value": random_value(rng, 3)}),
        _ => json!({"op": "add", "path": path, "value": random_value(rng, 0)}),
    }
}

/// One event of a stream, drawn from every kind the protocol has, naming
/// the few ids the stream uses so that they meet.
fn structured_event(rng: &mut Rng, corpus: &[Value]) -> String {
    let m = *rng.pick(&["m1", "m2", "r1"]);
    let t = *rng.pick(&["t1", "t2"]);
    let ev = |v: Value| v.to_string();
    match rng.below(16) {
        0 => ev(json!({"type": "TEXT_MESSAGE_START", "messageId": m, "role": "assistant"})),
        1 | 2 => format!(
            r#"{{"type":"TEXT_MESSAGE_CONTENT","messageId":"{m}","delta":"{}"}}"#,
            delta_text(rng)
        ),
        3 => ev(json!({"type": "TEXT_MESSAGE_END", "messageId": m})),
        4 => ev(
            json!({"type": "TOOL_CALL_START", "toolCallId": t, "toolCallName": "f", "parentMessageId": m}),
        ),
        5 | 6 => {
            // Arguments that nest one more level, or close some, or carry text.
            let delta = match rng.below(4) {
                0 => "[".repeat(1 + rng.below(200)),
                1 => "{\\\"k\\\":".repeat(1 + rng.below(50)),
                2 => "]".repeat(1 + rng.below(50)),
                _ => delta_text(rng),
            };
            format!(r#"{{"type":"TOOL_CALL_ARGS","toolCallId":"{t}","delta":"{delta}"}}"#)
        }
        7 => ev(json!({"type": "TOOL_CALL_END", "toolCallId": t})),
        8 => ev(
            json!({"type": "STATE_SNAPSHOT", "snapshot": {"a": [[[[0]]]], "x": [], "b": random_value(rng, 0)}}),
        ),
        9 | 10 => ev(
            json!({"type": "STATE_DELTA", "delta": (0..1 + rng.below(3)).map(|_| patch_op(rng)).collect::<Vec<_>>()}),
        ),
        11 => ev(
            json!({"type": "ACTIVITY_SNAPSHOT", "messageId": "act", "activityType": "PLAN", "content": {"a": [[0]], "x": []}}),
        ),
        12 => ev(
            json!({"type": "ACTIVITY_DELTA", "messageId": "act", "activityType": "PLAN", "patch": (0..1 + rng.below(3)).map(|_| patch_op(rng)).collect::<Vec<_>>()}),
        ),
        13 => format!(
            r#"{{"type":"REASONING_MESSAGE_CONTENT","messageId":"r1","delta":"{}"}}"#,
            delta_text(rng)
        ),
        14 => format!(
            r#"{{"type":"TEXT_MESSAGE_CHUNK","messageId":"{m}","role":"assistant","delta":"{}"}}"#,
            delta_text(rng)
        ),
        _ => {
            let base = rng.pick(corpus).clone();
            mutate(rng, &base, 0).to_string()
        }
    }
}

/// Whether `v`, built from the stream, keeps within what every walk over a
/// value may meet, and writes and reads back.
fn within_limits(v: &Value, what: &str) {
    let w = weigh(v);
    assert!(w.depth <= MAX_NESTING, "{what} nests {} deep", w.depth);
    assert!(parse(&to_json(v)).is_ok(), "{what} does not read back");
}

/// Events that grow what the stream builds, one small event at a time:
/// the state or an activity's content nested one level deeper per event,
/// or doubled by a copy into its own descendant; tool arguments nested
/// deeper with every delta.
fn growing_event(rng: &mut Rng, kind: usize) -> String {
    let wrap = r#"[{"op":"move","from":"/x","path":"/y"},{"op":"add","path":"/x","value":[]},{"op":"move","from":"/y","path":"/x/-"}]"#;
    let double = r#"[{"op":"copy","from":"/a","path":"/a/0/0/0"}]"#;
    match kind {
        1 => format!(
            r#"{{"type":"STATE_DELTA","delta":{}}}"#,
            if rng.below(2) == 0 { wrap } else { double }
        ),
        2 => format!(
            r#"{{"type":"ACTIVITY_DELTA","messageId":"act","activityType":"PLAN","patch":{}}}"#,
            if rng.below(2) == 0 { wrap } else { double }
        ),
        _ => format!(
            r#"{{"type":"TOOL_CALL_ARGS","toolCallId":"t1","delta":"{}"}}"#,
            "[{\\\"k\\\":".repeat(1 + rng.below(40))
        ),
    }
}

fn run_session(rng: &mut Rng, corpus: &[Value]) -> String {
    let mut body =
        String::from("data: {\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}\n\n");
    // Half the streams grow one thing past the limits.
    let focus = rng.below(6);
    if (1..=3).contains(&focus) {
        body.push_str(r#"data: {"type":"STATE_SNAPSHOT","snapshot":{"a":[[[[0]]]],"x":[]}}"#);
        body.push_str("\n\ndata: ");
        body.push_str(r#"{"type":"ACTIVITY_SNAPSHOT","messageId":"act","activityType":"PLAN","content":{"a":[[[[0]]]],"x":[]}}"#);
        body.push_str("\n\ndata: ");
        body.push_str(r#"{"type":"TOOL_CALL_START","toolCallId":"t1","toolCallName":"f"}"#);
        body.push_str("\n\n");
    }
    for _ in 0..rng.below(if focus <= 3 && focus > 0 { 400 } else { 120 }) {
        body.push_str("data: ");
        // (Nothing else in them: a random event that breaks the protocol
        // would end the stream before it grew.)
        if (1..=3).contains(&focus) {
            body.push_str(&growing_event(rng, focus));
        } else {
            body.push_str(&structured_event(rng, corpus));
        }
        body.push_str("\n\n");
    }
    let limits = Limits {
        max_state_size: 1 << (12 + rng.below(5)),
        ..Limits::default()
    };
    let mut agent = AgentState::default();
    let mut session = Session::stream(
        Settings {
            limits,
            ..Settings::default()
        },
        0.0,
    );
    let bytes = body.as_bytes();
    let mut at = 0;
    while at < bytes.len() && !session.stream_failed() {
        let end = (at + 1 + rng.below(512)).min(bytes.len());
        session.feed(&bytes[at..end]);
        session.run_until_input(&mut agent, 0.0, &mut ());
        at = end;
    }
    session.finish();
    session.run_until_input(&mut agent, 0.0, &mut ());
    within_limits(&agent.state, "the state");
    assert!(weigh(&agent.state).size <= limits.max_state_size.max(DEFAULT_MAX_STATE_SIZE));
    let history: Value = serde_json::from_str(&to_json(&agent.messages.to_vec()))
        .expect("the history writes and reads back");
    within_limits(&history, "the history");
    // Every tool call's arguments as partial JSON, as a UI reads them.
    for m in agent.messages.iter() {
        for tc in m.tool_calls().into_iter().flatten() {
            let mut p = PartialJson::new();
            p.push(&tc.function.arguments);
            if p.depth() <= MAX_NESTING {
                if let Some(v) = p.value() {
                    within_limits(v, "partial arguments");
                }
            }
        }
    }
    body
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let target = args.get(1).map(String::as_str).unwrap_or("sse").to_owned();
    let seconds: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(10);
    let seed: u64 = args
        .get(3)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x9E37_79B9_7F4A_7C15);
    let corpus = corpus();
    std::panic::set_hook(Box::new(|_| {}));
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let (mut n, mut slowest) = (0u64, Duration::ZERO);
    let mut rng = Rng(seed | 1);
    while Instant::now() < deadline {
        let input_seed = rng.next() | 1;
        let mut case_rng = Rng(input_seed);
        let start = Instant::now();
        let result = catch_unwind(AssertUnwindSafe(|| match target.as_str() {
            "sse" => run_sse(&mut case_rng),
            "decode" => run_decode(&mut case_rng, &corpus),
            "reducer" => run_reducer(&mut case_rng, &corpus),
            "session" => run_session(&mut case_rng, &corpus),
            other => panic!("unknown target {other}"),
        }));
        let took = start.elapsed();
        slowest = slowest.max(took);
        n += 1;
        if result.is_err() || took > Duration::from_secs(1) {
            let input = catch_unwind(AssertUnwindSafe(|| match target.as_str() {
                "sse" => run_sse(&mut Rng(input_seed)),
                "decode" => run_decode(&mut Rng(input_seed), &corpus),
                "session" => run_session(&mut Rng(input_seed), &corpus),
                _ => run_reducer(&mut Rng(input_seed), &corpus),
            }));
            eprintln!(
                "fuzz {target}: {} on input seed {input_seed}: {:?}",
                if result.is_err() { "PANIC" } else { "SLOW" },
                input.ok()
            );
            std::process::exit(1);
        }
    }
    println!(
        "fuzz {target}: {n} inputs in {seconds} s, 0 panics, slowest {:.1} ms (seed {seed})",
        slowest.as_secs_f64() * 1000.0
    );
}

//! The protobuf transport, natively: the shared proto conformance cases,
//! round trips through the reference encoder (@ag-ui/proto 1.0.0, via
//! `tests/fixtures/proto/generate.mjs`), and broken streams.

mod support;

use std::path::{Path, PathBuf};

use agui_wasm::core::decode::{DecodeError, Decoder};
use agui_wasm::core::proto::{
    decode_event, decode_frames, ProtoDecoder, ProtoError, DEFAULT_MAX_FRAME_SIZE, MEDIA_TYPE,
};
use agui_wasm::core::reducer::AgentState;
use agui_wasm::core::session::{Session, Settings};
use agui_wasm::core::stream::Limits;
use agui_wasm::core::types::{Event, EVENT_TYPES};
use serde_json::Value;
use support::Outcome;

const REGENERATE: &str = "run `npm install && node generate.mjs` in tests/fixtures/proto";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn fixtures() -> PathBuf {
    root().join("tests/fixtures/proto")
}

fn load(path: &Path) -> Value {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e} ({REGENERATE})", path.display()));
    serde_json::from_str(&text).unwrap()
}

fn base64(s: &str) -> Vec<u8> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let (mut out, mut acc, mut bits) = (Vec::new(), 0u32, 0);
    for c in s.bytes().filter(|c| *c != b'=') {
        let v = ALPHABET.iter().position(|a| *a == c).expect("base64") as u32;
        acc = acc << 6 | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    out
}

/// Frames payloads as the oracle does: a 4-byte big-endian length each.
fn frame(payloads: &[Vec<u8>]) -> Vec<u8> {
    let mut body = Vec::new();
    for p in payloads {
        body.extend_from_slice(&(p.len() as u32).to_be_bytes());
        body.extend_from_slice(p);
    }
    body
}

/// Replays a case's frames in chunks of `size` bytes (0: whole), through
/// the session as `support::replay_cut` replays an SSE body.
fn replay(case: &Value, body: &[u8], size: usize) -> Outcome {
    let cuts: Vec<usize> = match size {
        0 => Vec::new(),
        n => (n..body.len()).step_by(n).collect(),
    };
    support::replay_body(case, body, &cuts, Some(MEDIA_TYPE))
}

/// Each shared proto case with the body the reference encoder makes for it.
fn proto_cases() -> Vec<(String, Value, Vec<u8>)> {
    let dir = root().join("../shared/conformance/proto");
    support::case_files(&dir)
        .into_iter()
        .filter_map(|file| {
            let case = load(&file);
            if case["transport"] != "proto" {
                return None;
            }
            let name = file.file_name().unwrap().to_string_lossy().to_string();
            let fixture = load(&fixtures().join("conformance").join(&name));
            assert_eq!(
                fixture["events"], case["events"],
                "{name}: the encoded fixture is stale; {REGENERATE}"
            );
            let frames: Vec<Vec<u8>> = fixture["frames"]
                .as_array()
                .unwrap()
                .iter()
                .map(|f| base64(f.as_str().unwrap()))
                .collect();
            Some((name, case, frame(&frames)))
        })
        .collect()
}

#[test]
fn proto_conformance_cases() {
    let (mut passed, mut failed) = (0, 0);
    for (name, case, body) in proto_cases() {
        let size = case["chunking"].as_u64().unwrap_or(0) as usize;
        let got = replay(&case, &body, size);
        let diffs = support::compare(&case, &got);
        if diffs.is_empty() {
            passed += 1;
        } else {
            failed += 1;
            println!("FAILED {name}:\n{}", diffs.join("\n"));
            if let Some(e) = &got.error {
                println!("  (our error: {e})");
            }
        }
    }
    println!("proto conformance: {passed} passed, {failed} failed");
    assert!(passed > 0, "no proto conformance case found");
    assert_eq!(failed, 0, "{failed} proto conformance case(s) failed");
}

#[test]
fn proto_outcome_does_not_depend_on_chunking() {
    for (name, case, body) in proto_cases() {
        let whole = replay(&case, &body, 0);
        for size in [1, 3, 7, 4096] {
            assert_eq!(
                whole,
                replay(&case, &body, size),
                "{name} in {size}-byte chunks"
            );
        }
    }
}

struct RoundTrip {
    name: String,
    event: Value,
    bytes: Vec<u8>,
    reference: Value,
}

fn round_trips() -> Vec<RoundTrip> {
    load(&fixtures().join("roundtrip.json"))
        .as_array()
        .unwrap()
        .iter()
        .map(|f| RoundTrip {
            name: f["name"].as_str().unwrap().to_owned(),
            event: f["event"].clone(),
            bytes: base64(f["bytes"].as_str().unwrap()),
            reference: f["reference"].clone(),
        })
        .collect()
}

fn decode_json(v: Value) -> Result<Option<Event>, DecodeError> {
    Decoder::new().decode_value(v, &mut Vec::new())
}

#[test]
fn round_trip_through_the_reference_encoder() {
    let fixtures = round_trips();
    let mut failures = Vec::new();
    for f in &fixtures {
        let ours = match decode_event(&f.bytes, &mut Vec::new()) {
            Ok(Some(v)) => v,
            other => {
                failures.push(format!("{}: {other:?}", f.name));
                continue;
            }
        };
        // The JSON @ag-ui/proto decodes the bytes to, exactly.
        if ours != f.reference {
            failures.push(format!(
                "{}: differs from @ag-ui/proto's decode\n  ours {ours}\n  ref  {}",
                f.name, f.reference
            ));
        }
        // The same event the JSON form gives, once validated.
        let from_json = decode_json(f.event.clone());
        let from_proto = decode_json(ours);
        if !matches!(from_json, Ok(Some(_))) || from_json != from_proto {
            failures.push(format!(
                "{}:\n  json  {from_json:?}\n  proto {from_proto:?}",
                f.name
            ));
        }
    }
    println!("round trips: {} events", fixtures.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    for ty in EVENT_TYPES.iter().filter(|t| !t.starts_with("THINKING")) {
        assert!(
            fixtures.iter().any(|f| f.event["type"] == *ty),
            "no round-trip fixture for {ty}"
        );
    }
}

#[test]
fn a_whole_stream_of_every_event_in_tiny_chunks() {
    let fixtures = round_trips();
    let body = frame(&fixtures.iter().map(|f| f.bytes.clone()).collect::<Vec<_>>());
    let expected: Vec<Value> = fixtures.iter().map(|f| f.reference.clone()).collect();
    assert_eq!(
        decode_frames(&body, DEFAULT_MAX_FRAME_SIZE, &mut Vec::new()),
        Ok(expected.clone())
    );
    for size in [1, 2, 5, 333] {
        let mut d = ProtoDecoder::default();
        let mut out = Vec::new();
        for chunk in body.chunks(size) {
            d.feed(chunk, &mut out).unwrap();
        }
        d.finish().unwrap();
        assert_eq!(out, expected, "{size}-byte chunks");
    }
}

/// Feeds a body through a session with a largest event of `max`; returns
/// the error and the ids of the messages it left.
fn run_body(body: &[u8], max: usize, chunk: usize) -> (Option<String>, Vec<String>) {
    let mut agent = AgentState::default();
    let settings = Settings {
        limits: Limits {
            max_event_size: max,
            ..Limits::default()
        },
        ..Settings::default()
    };
    let mut s = Session::stream(settings, 0.0);
    s.reconnected(Some(MEDIA_TYPE));
    for c in body.chunks(chunk.max(1)) {
        s.feed(c);
        if s.stream_failed() {
            break;
        }
        s.run_until_input(&mut agent, 0.0, &mut ());
    }
    s.finish();
    s.run_until_input(&mut agent, 0.0, &mut ());
    let ids = agent.messages.iter().map(|m| m.id().to_owned()).collect();
    (s.error().map(ToString::to_string), ids)
}

/// A short run from the round-trip fixtures: start, a message, its text.
fn opening() -> Vec<Vec<u8>> {
    let by_name = |n: &str| {
        round_trips()
            .into_iter()
            .find(|f| f.name == n)
            .unwrap_or_else(|| panic!("fixture {n}"))
            .bytes
    };
    vec![
        by_name("run started"),
        by_name("text start"),
        by_name("text content"),
    ]
}

#[test]
fn a_stream_cut_mid_frame_fails_and_keeps_what_came_before() {
    let body = frame(&opening());
    let last = body.len() - 3;
    for chunk in [1, 4, body.len()] {
        let (error, ids) = run_body(&body[..last], DEFAULT_MAX_FRAME_SIZE, chunk);
        let error = error.expect("truncation is an error");
        assert!(error.contains("ended mid-frame"), "{error}");
        assert_eq!(ids, ["m1"], "the message opened before the cut is kept");
    }
    // Cut inside the length prefix itself.
    let mut short = frame(&opening());
    short.extend_from_slice(&[0, 0]);
    let (error, ids) = run_body(&short, DEFAULT_MAX_FRAME_SIZE, 3);
    assert!(error.unwrap().contains("2 trailing bytes"));
    assert_eq!(ids, ["m1"]);
}

#[test]
fn an_oversized_frame_fails_on_its_prefix_and_keeps_what_came_before() {
    let mut frames = opening();
    let largest = frames.iter().map(Vec::len).max().unwrap() + 4;
    frames.push(vec![0u8; 64]);
    let body = frame(&frames);
    // The cap counts the prefix: exactly the largest earlier frame passes.
    let (error, ids) = run_body(&body, largest, 5);
    assert!(error.unwrap().contains("exceeded maximum limit"));
    assert_eq!(ids, ["m1"]);
    // The default cap, 10 MiB: a prefix declaring more fails without waiting
    // for the bytes.
    let mut body = frame(&opening());
    body.extend_from_slice(&(10 * 1024 * 1024u32 - 3).to_be_bytes());
    let mut d = ProtoDecoder::default();
    let mut out = Vec::new();
    assert_eq!(
        d.feed(&body, &mut out),
        Err(ProtoError::FrameTooLarge {
            size: 10 * 1024 * 1024 + 1,
            max: DEFAULT_MAX_FRAME_SIZE
        })
    );
    assert_eq!(out.len(), 3, "the frames before it are decoded");
    assert_eq!(d.finish(), Ok(()), "a failed stream reports once");
}

#[test]
fn garbage_frames_fail_clearly_and_keep_what_came_before() {
    let garbage: Vec<(&str, Vec<u8>)> = vec![
        ("empty frame", vec![]),
        ("text", b"data: {\"type\":\"RUN_STARTED\"}\n\n".to_vec()),
        ("bad varint", vec![0xff; 12]),
        ("field zero", vec![0x00, 0x01]),
        ("truncated arm", vec![0x0a, 0x05, 0x0a]),
        ("end group", vec![0x0c]),
        ("wire type 7", vec![0x0f]),
        ("arm as varint", vec![0x08, 0x01]),
        (
            "two arms",
            [opening()[1].clone(), opening()[2].clone()].concat(),
        ),
        ("no base event", vec![0x0a, 0x02, 0x12, 0x00]),
        // TEXT_MESSAGE_CONTENT's arm with a base event declaring type 5.
        ("mismatched type", vec![0x12, 0x04, 0x0a, 0x02, 0x08, 0x05]),
        // STEP_STARTED with a timestamp beyond 2^53.
        (
            "unsafe timestamp",
            vec![
                0x7a, 0x0d, 0x0a, 0x0b, 0x08, 0x0e, 0x10, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
                0x10,
            ],
        ),
    ];
    for (what, payload) in garbage {
        let mut frames = opening();
        frames.push(payload);
        frames.push(opening()[2].clone());
        let body = frame(&frames);
        for chunk in [1, body.len()] {
            let (error, ids) = run_body(&body, DEFAULT_MAX_FRAME_SIZE, chunk);
            let error = error.unwrap_or_else(|| panic!("{what}: no error"));
            assert!(
                error.contains("Failed to decode protocol buffer message (frame 4)"),
                "{what}: {error}"
            );
            assert_eq!(ids, ["m1"], "{what}");
            if chunk == 1 {
                println!("{what}: {error}");
            }
        }
    }
}

#[test]
fn invalid_utf8_is_replaced_as_the_reference_and_the_sse_path_do() {
    // TEXT_MESSAGE_CONTENT { messageId: "\xc3(" }
    let frame = [0x12, 0x08, 0x0a, 0x02, 0x08, 0x01, 0x12, 0x02, 0xc3, 0x28];
    let v = decode_event(&frame, &mut Vec::new()).unwrap().unwrap();
    assert_eq!(v["messageId"], "\u{fffd}(");
}

#[test]
fn an_event_from_a_later_protocol_is_dropped_with_a_warning() {
    // Field 40 holding a message: an envelope arm this build predates.
    let future = vec![0xc2, 0x02, 0x04, 0x0a, 0x02, 0x08, 0x1f];
    let mut frames = opening();
    frames.insert(2, future);
    let mut d = ProtoDecoder::default();
    let mut out = Vec::new();
    d.feed(&frame(&frames), &mut out).unwrap();
    d.finish().unwrap();
    assert_eq!(out.len(), 3);
    assert_eq!(d.warnings.len(), 1);
    // But an unknown field that is not a message is broken bytes.
    let mut w = Vec::new();
    assert!(decode_event(&[0xc2, 0x02, 0x02, 0xff, 0xff], &mut w).is_err());
    assert!(decode_event(&[0xc0, 0x02, 0x01], &mut w).is_err());
}

#[test]
fn json_nested_past_the_sse_limit_is_an_error_not_a_crash() {
    // STATE_SNAPSHOT whose snapshot nests 10 000 lists: refused at 128.
    let mut value = vec![0x08, 0x00]; // null
    for _ in 0..10_000 {
        let mut list_value = Vec::new();
        push_len(&mut list_value, 1, &value); // ListValue.values
        let mut v = Vec::new();
        push_len(&mut v, 6, &list_value); // Value.list_value
        value = v;
    }
    let mut event = Vec::new();
    push_len(&mut event, 1, &[0x08, 0x06]); // base_event { type: STATE_SNAPSHOT }
    push_len(&mut event, 2, &value);
    let mut envelope = Vec::new();
    push_len(&mut envelope, 7, &event);
    let err = decode_event(&envelope, &mut Vec::new()).unwrap_err();
    assert!(err.contains("128 levels"), "{err}");
}

fn push_len(out: &mut Vec<u8>, field: u32, payload: &[u8]) {
    let mut varint = |mut n: u64| {
        while n >= 0x80 {
            out.push(n as u8 | 0x80);
            n >>= 7;
        }
        out.push(n as u8);
    };
    varint(u64::from(field) << 3 | 2);
    varint(payload.len() as u64);
    out.extend_from_slice(payload);
}

/// Numbers within a few ULP are equal: serde_json's default float parsing
/// may miss the reference's shortest-round-trip text by one ULP, while ours
/// come straight from the wire's doubles.
fn same_json(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            let (x, y) = (x.as_f64().unwrap(), y.as_f64().unwrap());
            x == y || (x - y).abs() <= 4.0 * f64::EPSILON * x.abs().max(y.abs())
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same_json(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, a)| y.get(k).is_some_and(|b| same_json(a, b)))
        }
        _ => a == b,
    }
}

/// Corrupted frames decode to what @ag-ui/proto decodes them to, or fail
/// where it fails. Known differences, both bytes no encoder writes: a known
/// field with the wrong wire type, and field number 0 inside a nested
/// message, fail the frame here (prost, like protobuf's own decoders) where
/// the reference skips the field or stops reading that message.
#[test]
fn corrupted_frames_decode_as_the_reference_decodes_them() {
    let mutations = load(&fixtures().join("mutations.json"));
    let (mut agree, mut stricter, mut differ) = (0, 0, Vec::new());
    for m in mutations.as_array().unwrap() {
        let bytes = base64(m["bytes"].as_str().unwrap());
        let ours = decode_event(&bytes, &mut Vec::new());
        let same = match (&ours, m.get("reference")) {
            (Ok(Some(v)), Some(r)) => same_json(v, r),
            (Ok(None), None) => m.get("dropped").is_some(),
            (Err(_), None) => m.get("error").is_some(),
            (Err(e), Some(_))
                if e.contains("invalid wire type") || e.contains("invalid tag value: 0") =>
            {
                stricter += 1;
                continue;
            }
            _ => false,
        };
        if same {
            agree += 1;
        } else {
            differ.push(format!("{}: ours {ours:?}, reference {m}", m["name"]));
        }
    }
    println!("corrupted frames: {agree} as the reference, {stricter} refused where it is lenient");
    assert!(differ.is_empty(), "{}", differ.join("\n"));
    assert!(agree > 500);
}

/// Every truncation and many single-byte corruptions of every fixture:
/// any answer but a panic.
#[test]
fn mangled_fixtures_never_panic() {
    let mut w = Vec::new();
    let mut random = support::xorshift(0x9e37_79b9_7f4a_7c15);
    for f in round_trips() {
        for cut in 0..f.bytes.len() {
            let _ = decode_event(&f.bytes[..cut], &mut w);
        }
        for _ in 0..200 {
            let seed = random();
            let mut bytes = f.bytes.clone();
            let at = (seed as usize) % bytes.len();
            bytes[at] = (seed >> 32) as u8;
            if let Ok(Some(v)) = decode_event(&bytes, &mut w) {
                let _ = decode_json(v);
            }
        }
    }
}

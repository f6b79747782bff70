//! The WebAssembly face, from Rust, in headless Chromium (`wasm-pack test
//! --headless --chrome -- --test binding`, which `./run test` runs): a
//! core made from JSON text, a run's session fed bytes and stepped, the
//! callback rounds it asks for with their event and extras, the views'
//! identity, and errors as named `Error`s. Synchronous throughout: the
//! shell (`js/`) owns fetch, streams and subscribers.
#![cfg(all(target_arch = "wasm32", feature = "client"))]

use agui_wasm::{callback_names, Core, Step};
use js_sys::{Array, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

/// The `listen` mask of `names`: bit `i` for `callbackNames()[i]`.
fn mask(names: &[&str]) -> f64 {
    callback_names()
        .iter()
        .enumerate()
        .filter(|(_, n)| names.contains(&n.as_string().unwrap().as_str()))
        .map(|(i, _)| 2f64.powi(i as i32))
        .sum()
}

wasm_bindgen_test_configure!(run_in_browser);

fn get(v: &JsValue, k: &str) -> JsValue {
    Reflect::get(v, &k.into()).unwrap()
}

fn text(s: &str) -> JsValue {
    JsValue::from_str(s)
}

const STARTED: &str = r#"{"type":"RUN_STARTED","threadId":"t","runId":"r"}"#;
const START: &str = r#"{"type":"TEXT_MESSAGE_START","messageId":"a1","role":"assistant"}"#;
const HELLO: &str = r#"{"type":"TEXT_MESSAGE_CONTENT","messageId":"a1","delta":"Hello"}"#;
const END: &str = r#"{"type":"TEXT_MESSAGE_END","messageId":"a1"}"#;
const FINISHED: &str = r#"{"type":"RUN_FINISHED","threadId":"t","runId":"r","result":{"ok":1}}"#;

fn sse(events: &[&str]) -> Vec<u8> {
    events
        .iter()
        .map(|e| format!("data: {e}\n\n"))
        .collect::<String>()
        .into_bytes()
}

fn core(history: &str) -> Core {
    Core::new(text(history), text("{}"), &[f64::NAN, f64::NAN], 0.0).unwrap()
}

/// What `step` asks: its kind, and the callback's name for a call (whose
/// subscribers, if any, change nothing: the answer is 0).
fn next(core: &mut Core, id: u32) -> (u32, Option<String>) {
    let code = core.step(id, 0.0, 0);
    let kind = code & 15;
    (kind, (kind == Step::Call as u32).then(|| name_of(code)))
}

/// The callback a call's code names.
fn name_of(code: u32) -> String {
    callback_names().get((code >> 4) & 63).as_string().unwrap()
}

/// The record of a delta's round (`src/wasm/deltas.rs`) where the core
/// keeps it: the flags, then the delta, the id and the buffer it names.
fn record(core: &Core) -> (u32, String, String, String) {
    // SAFETY: the core's record, 12 numbers, and the texts it points at,
    // all alive until the next step.
    unsafe {
        let r = std::slice::from_raw_parts(core.record_at() as *const u32, 12);
        let at = |i: usize| {
            let bytes = std::slice::from_raw_parts(r[i] as *const u8, r[i + 1] as usize);
            String::from_utf8(bytes.to_vec()).unwrap()
        };
        (r[2], at(3), at(5), at(7))
    }
}

/// Steps, answering every call as a subscriber that changes nothing would,
/// until the session needs input; that step's whole code, and the calls
/// made, by name.
fn run_to_input(core: &mut Core, id: u32) -> (u32, Vec<String>) {
    let mut calls = Vec::new();
    loop {
        let code = core.step(id, 0.0, 0);
        let kind = code & 15;
        if kind == Step::Call as u32 {
            calls.push(name_of(code));
        } else if kind != Step::Notify as u32 && kind != Step::Warn as u32 {
            return (code, calls);
        }
    }
}

#[wasm_bindgen_test]
fn a_run_fed_bytes_applies_its_events_and_says_what_to_call() {
    let mut c = core(r#"[{"id":"u1","role":"user","content":"hi"}]"#);
    let before = c.messages().unwrap().unchecked_into::<Array>();
    let id = c
        .start_run("{}", "thread".into(), 0.0, true, true, false)
        .unwrap();
    // The request body's parts: head, state text, state, messages, tail.
    let parts = c.request_parts(id).unwrap();
    assert!(parts
        .get(0)
        .as_string()
        .unwrap()
        .contains(r#""threadId":"thread""#));
    assert_eq!(parts.get(3).unchecked_into::<Array>().length(), 1);
    c.listen(id, mask(&["onRunInitialized", "onTextMessageContentEvent"]));
    let (kind, calls) = run_to_input(&mut c, id);
    assert_eq!(
        (kind, calls),
        (Step::Request as u32, vec!["onRunInitialized".to_owned()])
    );
    c.response(id, Some("text/event-stream".into()));
    assert_eq!(next(&mut c, id).0, Step::Read as u32);
    c.feed(id, &sse(&[STARTED, START]));
    // A text delta's own round: the shell builds it from the record.
    let mut seen = None;
    c.feed(id, &sse(&[HELLO]));
    loop {
        let code = c.step(id, 0.0, 0);
        match code & 15 {
            k if k == Step::Call as u32 => {
                // The event as the core makes it (the shell asks only for
                // a delta with an optional field), with no extras: the
                // shell makes the buffer.
                let got = c.event(id).unwrap();
                assert_eq!(
                    get(&got.get(1), "delta").as_string().as_deref(),
                    Some("Hello")
                );
                assert!(got.get(2).is_undefined());
                seen = Some((name_of(code), code >> 10, record(&c)));
            }
            k if k == Step::Read as u32 => break,
            _ => {}
        }
    }
    assert_eq!(
        seen,
        Some((
            "onTextMessageContentEvent".into(),
            1,
            // A new id, no optional field, the event's own callback.
            (1 | 2 | 8, "Hello".into(), "a1".into(), "".into())
        )),
        "the buffer as it was before the delta, as the reference gives it"
    );
    c.feed(id, &sse(&[END, FINISHED]));
    c.finish(id);
    let (kind, _) = run_to_input(&mut c, id);
    assert_eq!(kind & 15, Step::Done as u32);
    assert_eq!(kind >> 4, 0, "resolves");
    let out = c.outcome(id).unwrap();
    assert_eq!(get(&get(&out, "result"), "ok").as_f64(), Some(1.0));
    let added = get(&out, "newMessages").unchecked_into::<Array>();
    assert_eq!(
        get(&added.get(0), "content").as_string().as_deref(),
        Some("Hello")
    );
    // The message that did not change kept its object.
    let after = c.messages().unwrap().unchecked_into::<Array>();
    assert!(after.get(0) == before.get(0));
    assert_eq!(after.length(), 2);
    c.close(id);
}

#[wasm_bindgen_test]
fn a_protocol_violation_fails_the_run_with_a_named_error_and_keeps_the_history() {
    let mut c = core("[]");
    let id = c
        .start_run("{}", "t".into(), 0.0, true, true, false)
        .unwrap();
    assert_eq!(run_to_input(&mut c, id).0, Step::Request as u32);
    c.response(id, None);
    c.feed(id, &sse(&[STARTED, START, HELLO]));
    c.feed(
        id,
        &sse(&[r#"{"type":"TEXT_MESSAGE_CONTENT","messageId":"ghost","delta":"x"}"#]),
    );
    let (code, _) = run_to_input(&mut c, id);
    assert_eq!(code & 15, Step::Done as u32);
    assert_eq!(code >> 4, 1, "rejects");
    let e = c.error(id);
    assert!(e.is_instance_of::<js_sys::Error>());
    assert_eq!(
        get(&e, "name").as_string().as_deref(),
        Some("AgentProtocolError")
    );
    let messages = c.messages().unwrap().unchecked_into::<Array>();
    assert_eq!(
        get(&messages.get(0), "content").as_string().as_deref(),
        Some("Hello")
    );
}

#[wasm_bindgen_test]
fn bad_arguments_are_type_errors_naming_what_was_wrong() {
    let e = Core::new(
        text(r#"[{"id":"x","role":"wizard"}]"#),
        JsValue::UNDEFINED,
        &[],
        0.0,
    )
    .err()
    .unwrap();
    assert!(e.is_instance_of::<js_sys::TypeError>());
    assert!(get(&e, "message")
        .as_string()
        .unwrap()
        .contains("initialMessages"));
    let mut c = core("[]");
    let e = c
        .start_run(r#"{"tools":5}"#, "t".into(), 0.0, true, true, false)
        .err()
        .unwrap();
    assert!(e.is_instance_of::<js_sys::TypeError>());
    let e = c.set_state(text("{"), "state").err().unwrap();
    assert!(get(&e, "message")
        .as_string()
        .unwrap()
        .starts_with("invalid state"));
}

#[wasm_bindgen_test]
fn unanswered_interrupts_refuse_a_run_before_anything_is_sent() {
    let mut c = core("[]");
    c.set_pending_interrupts(r#"[{"id":"i1","reason":"approve"}]"#)
        .unwrap();
    let e = c
        .start_run("{}", "t".into(), 0.0, true, true, false)
        .err()
        .unwrap();
    assert_eq!(get(&e, "name").as_string().as_deref(), Some("AGUIError"));
}

#[wasm_bindgen_test]
fn a_history_edited_in_place_is_offered_for_the_shell_to_check() {
    let mut c = core(r#"[{"id":"u1","role":"user","content":"hi"}]"#);
    assert!(c.messages_to_check().is_undefined(), "not handed out yet");
    let array = c.messages().unwrap().unchecked_into::<Array>();
    let check = c.messages_to_check();
    assert!(check.is_object(), "handed out: to check");
    let pair = check.unchecked_into::<Array>();
    assert!(
        js_sys::Object::is(&pair.get(0), &array),
        "the array handed out"
    );
    array.push(
        &js_sys::JSON::parse(r#"{"id":"t1","role":"tool","toolCallId":"c","content":"18C"}"#)
            .unwrap(),
    );
    let text = js_sys::JSON::stringify(&array).unwrap();
    c.adopt_messages(&text.into(), array.clone(), true).unwrap();
    let now = c.messages().unwrap().unchecked_into::<Array>();
    assert!(
        now.get(1) == array.get(1),
        "the pushed object is the history's"
    );
}

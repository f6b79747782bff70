//! The binding, from Rust, in headless Chromium (`wasm-pack test --headless
//! --chrome -- --test binding`, which `./run test` runs): construction, a
//! run over a fetch stub, abort mid-stream, errors as named `Error`s,
//! identity of unchanged messages, and a subscriber that calls back into
//! the client while it is being notified.
#![cfg(all(target_arch = "wasm32", feature = "client"))]

use agui_wasm::AgentClient;
use js_sys::{Array, Function, Object, Promise, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn get(v: &JsValue, k: &str) -> JsValue {
    Reflect::get(v, &k.into()).unwrap()
}

fn obj(pairs: &[(&str, JsValue)]) -> JsValue {
    let o = Object::new();
    for (k, v) in pairs {
        Reflect::set(&o, &(*k).into(), v).unwrap();
    }
    o.into()
}

fn json(text: &str) -> JsValue {
    js_sys::JSON::parse(text).unwrap()
}

/// A fetch that answers with these SSE events, one network chunk each; if
/// `hold` is set, the stream stops after the first chunk until aborted.
fn fetch_of(events: &[&str], hold: bool) -> JsValue {
    let body: Vec<String> = events.iter().map(|e| format!("data: {e}\n\n")).collect();
    let chunks = JsValue::from(body.iter().map(JsValue::from).collect::<Array>());
    Function::new_with_args(
        "chunks, hold",
        "return (url, init) => {
           const enc = new TextEncoder();
           let i = 0;
           const stream = new ReadableStream({
             start(ctrl) {
               init.signal.addEventListener('abort', () => ctrl.error(new DOMException('The operation was aborted.', 'AbortError')));
             },
             pull(ctrl) {
               if (hold && i === 1) return new Promise(() => {});
               if (i >= chunks.length) return ctrl.close();
               ctrl.enqueue(enc.encode(chunks[i++]));
             },
           });
           return Promise.resolve(new Response(stream, { headers: { 'content-type': 'text/event-stream' } }));
         };",
    )
    .call2(&JsValue::UNDEFINED, &chunks, &JsValue::from(hold))
    .unwrap()
}

const STARTED: &str = r#"{"type":"RUN_STARTED","threadId":"t","runId":"r"}"#;
const START: &str = r#"{"type":"TEXT_MESSAGE_START","messageId":"a1","role":"assistant"}"#;
const HELLO: &str = r#"{"type":"TEXT_MESSAGE_CONTENT","messageId":"a1","delta":"Hello"}"#;
const END: &str = r#"{"type":"TEXT_MESSAGE_END","messageId":"a1"}"#;
const FINISHED: &str = r#"{"type":"RUN_FINISHED","threadId":"t","runId":"r"}"#;

fn client(fetch: JsValue, history: &str) -> AgentClient {
    AgentClient::new(obj(&[
        ("url", "http://agent/run".into()),
        ("fetch", fetch),
        ("initialMessages", json(history)),
    ]))
    .unwrap()
}

async fn settle(p: Promise) -> Result<JsValue, JsValue> {
    JsFuture::from(p).await
}

#[wasm_bindgen_test]
fn constructs_with_the_reference_defaults() {
    let agent = client(JsValue::UNDEFINED, "[]");
    assert!(!agent.thread_id().unwrap().is_empty());
    assert_eq!(Array::from(&agent.messages().unwrap()).length(), 0);
    assert!(!agent.is_running().unwrap());
    let bad = AgentClient::new(obj(&[("fetch", "not a function".into())]));
    let err = bad.err().unwrap();
    assert!(err.is_instance_of::<js_sys::TypeError>());
}

#[wasm_bindgen_test]
async fn a_run_over_a_fetch_stub_applies_the_stream() {
    let agent = client(
        fetch_of(&[STARTED, START, HELLO, END, FINISHED], false),
        r#"[{"id":"u1","role":"user","content":"hi"}]"#,
    );
    let out = settle(agent.run_agent(None, None).unwrap()).await.unwrap();
    let messages = Array::from(&agent.messages().unwrap());
    assert_eq!(messages.length(), 2);
    assert_eq!(
        get(&messages.get(1), "content").as_string().unwrap(),
        "Hello"
    );
    let new_messages = Array::from(&get(&out, "newMessages"));
    assert_eq!(new_messages.length(), 1);
    assert!(Object::is(&new_messages.get(0), &messages.get(1)));
}

#[wasm_bindgen_test]
async fn unchanged_messages_keep_their_objects() {
    let agent = client(
        fetch_of(&[STARTED, START, HELLO, END, FINISHED], false),
        r#"[{"id":"u1","role":"user","content":"hi"}]"#,
    );
    let before = agent.messages().unwrap();
    let user = Array::from(&before).get(0);
    settle(agent.run_agent(None, None).unwrap()).await.unwrap();
    let after = agent.messages().unwrap();
    assert!(
        !Object::is(&before, &after),
        "a new array when something changed"
    );
    assert!(Object::is(&Array::from(&after).get(0), &user));
    assert!(
        Object::is(&after, &agent.messages().unwrap()),
        "the same array while nothing changes"
    );
}

#[wasm_bindgen_test]
async fn abort_mid_stream_ends_the_run_quietly_with_what_arrived() {
    let agent = client(
        fetch_of(
            &[
                &format!("{STARTED}\n\ndata: {START}\n\ndata: {HELLO}"),
                FINISHED,
            ],
            true,
        ),
        "[]",
    );
    let run = agent.run_agent(None, None).unwrap();
    // Let the first chunk through, then stop.
    while Array::from(&agent.messages().unwrap()).length() == 0 {
        settle(Promise::resolve(&JsValue::UNDEFINED)).await.unwrap();
        let tick = Promise::new(&mut |r, _| {
            let _ = web_timeout(&r);
        });
        settle(tick).await.unwrap();
    }
    agent.abort_run().unwrap();
    let out = settle(run).await.expect("an abort resolves");
    assert_eq!(Array::from(&get(&out, "newMessages")).length(), 1);
    assert!(!agent.is_running().unwrap());
}

fn web_timeout(resolve: &Function) -> Result<JsValue, JsValue> {
    let set_timeout: Function = get(&js_sys::global(), "setTimeout").unchecked_into();
    set_timeout.call2(&JsValue::UNDEFINED, resolve, &JsValue::from(1))
}

#[wasm_bindgen_test]
async fn failures_are_named_errors_and_keep_the_history() {
    let broken = "{oops";
    let agent = client(fetch_of(&[STARTED, START, HELLO, broken], false), "[]");
    let quiet: Function = Function::new_no_args("");
    let console = get(&js_sys::global(), "console");
    let error = get(&console, "error");
    Reflect::set(&console, &"error".into(), &quiet).unwrap();
    let err = settle(agent.run_agent(None, None).unwrap())
        .await
        .unwrap_err();
    Reflect::set(&console, &"error".into(), &error).unwrap();
    assert!(err.is_instance_of::<js_sys::Error>());
    assert_eq!(get(&err, "name").as_string().unwrap(), "AgentStreamError");
    let messages = Array::from(&agent.messages().unwrap());
    assert_eq!(
        get(&messages.get(0), "content").as_string().unwrap(),
        "Hello"
    );
    // A second run while one is under way is refused with an Error too.
    let busy = client(fetch_of(&[STARTED], true), "[]");
    let first = busy.run_agent(None, None).unwrap();
    let second = settle(busy.run_agent(None, None).unwrap())
        .await
        .unwrap_err();
    assert!(second.is_instance_of::<js_sys::Error>());
    busy.abort_run().unwrap();
    settle(first).await.unwrap();
}

#[wasm_bindgen_test]
async fn a_subscriber_may_call_back_into_the_client_while_it_is_notified() {
    let agent = client(
        fetch_of(&[STARTED, START, HELLO, END, FINISHED], false),
        "[]",
    );
    // Reads and writes through the `agent` it is handed, from inside the
    // notification: no borrow of the client's state may be held then.
    let on_changed = Function::new_with_args(
        "p",
        "const n = p.agent.messages.length; p.agent.isRunning; p.agent.state; \
         globalThis.__seen = (globalThis.__seen || []).concat([n]);",
    );
    let on_finished = Function::new_with_args(
        "p",
        "p.agent.setState({ done: true }); p.agent.addMessage({ id: 'u2', role: 'user', content: 'thanks' });",
    );
    let subscriber = obj(&[
        ("onMessagesChanged", on_changed.into()),
        ("onRunFinishedEvent", on_finished.into()),
    ]);
    settle(
        agent
            .run_agent(None, Some(subscriber.unchecked_into()))
            .unwrap(),
    )
    .await
    .unwrap();
    let messages = Array::from(&agent.messages().unwrap());
    assert_eq!(messages.length(), 2);
    assert_eq!(get(&messages.get(1), "id").as_string().unwrap(), "u2");
    assert_eq!(get(&agent.state().unwrap(), "done"), JsValue::TRUE);
    let seen = Array::from(&get(&js_sys::global(), "__seen"));
    assert!(seen.length() >= 1);
}

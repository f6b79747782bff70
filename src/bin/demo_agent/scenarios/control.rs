//! Runs that steer the conversation: shared state, an approval interrupt and
//! its resume, a RUN_ERROR, and a stream cut mid-answer.

use serde_json::{json, Value};

use crate::input::Input;
use crate::script::{Script, Step};
use crate::store::Store;

const STARTER: &[&str] = &[
    "Book flights ✈️",
    "Reserve a hotel 🏨",
    "Exchange currency 💱",
];
const MORE: &[&str] = &[
    "Pack chargers 🔌",
    "Download offline maps 🗺️",
    "Check visa rules 🛂",
    "Water the plants 🪴",
];

/// Works on the page's to-do list: a STATE_SNAPSHOT when there is none yet,
/// then STATE_DELTAs against the state the page sent.
pub fn todos(mut s: Script, input: &Input, _: &Store) -> Vec<Step> {
    let msg = s.id("msg");
    let mut items: Vec<Value> = match input.state.get("todos").and_then(Value::as_array) {
        Some(list) => {
            s.text(
                &msg,
                &format!(
                    "Your shared list has {} items; let me move it along.",
                    list.len()
                ),
            );
            list.clone()
        }
        None => {
            s.text(&msg, "Setting up a shared to-do list for your trip.");
            let items: Vec<Value> = STARTER
                .iter()
                .enumerate()
                .map(|(i, t)| json!({ "id": format!("todo-{i}"), "text": t, "done": false }))
                .collect();
            let mut state = if input.state.is_object() {
                input.state.clone()
            } else {
                json!({})
            };
            state["todos"] = json!(items);
            s.event(json!({ "type": "STATE_SNAPSHOT", "snapshot": state }));
            s.pause(4);
            items
        }
    };
    let added = MORE[items.len().saturating_sub(STARTER.len()) % MORE.len()];
    let new_item = json!({ "id": s.id("todo"), "text": added, "done": false });
    s.state_delta(
        json!([{ "op": "add", "path": "/todos/-", "value": new_item }]),
        4,
    );
    items.push(new_item);
    // `add` rather than `replace`: an item the user edited may have lost `done`.
    let open = items
        .iter()
        .position(|t| t.is_object() && t["done"] != true);
    let ticked = open.map(|i| {
        s.state_delta(
            json!([{ "op": "add", "path": format!("/todos/{i}/done"), "value": true }]),
            4,
        );
        items[i]["text"].as_str().unwrap_or("an item").to_owned()
    });
    let updates = input.state["agentUpdates"].as_u64().unwrap_or(0) + 1;
    s.state_delta(
        json!([{ "op": "add", "path": "/agentUpdates", "value": updates }]),
        1,
    );
    let done = s.id("done");
    let ticked = ticked.map_or(String::new(), |t| format!(" and ticked off “{t}”"));
    s.text(&done, &format!("Done: I added “{added}”{ticked}. Tick items in the side panel and I'll see it next time."));
    s.finish()
}

pub fn approval(mut s: Script, _: &Input, _: &Store) -> Vec<Step> {
    let msg = s.id("msg");
    s.text(
        &msg,
        "I'm ready to deploy v2.4 to production. That needs your approval first.",
    );
    let interrupt = json!({ "id": s.id("deploy"), "reason": "approval", "message": "Deploy v2.4 to production?" });
    s.finish_with(json!({ "type": "interrupt", "interrupts": [interrupt] }))
}

/// The run that carries the answer to the approval.
pub fn resume(mut s: Script, input: &Input, _: &Store) -> Vec<Step> {
    let approved = input
        .resume
        .iter()
        .all(|r| r["status"] == "resolved" && r["payload"]["approved"] != false);
    let id = s.id("answer");
    if approved {
        s.text_start(&id);
        s.text_pieces(&id, "✅ Approved — deploying v2.4… ");
        s.pause(8);
        s.text_pieces(&id, "done. Production now runs v2.4.");
        s.event(json!({ "type": "TEXT_MESSAGE_END", "messageId": id }));
    } else {
        s.text(&id, "❌ Cancelled — nothing was deployed.");
    }
    s.finish()
}

pub fn failure(mut s: Script, _: &Input, _: &Store) -> Vec<Step> {
    let msg = s.id("msg");
    s.text(&msg, "Calling the billing service…");
    s.pause(6);
    s.fail(
        "The billing service timed out after 3 s (a scripted failure).",
        "UPSTREAM_TIMEOUT",
    )
}

pub const CUT_ANSWER: &str = "This answer is cut off partway: connections drop for many reasons, \
    a proxy times out, a laptop sleeps, Wi-Fi blinks. A robust client keeps what it already has, \
    reconnects, and catches up from a snapshot. 끝까지 읽어 주셔서 감사합니다! 🙏";

/// Streams half an answer and ends the body inside the next event. The
/// whole conversation is kept for the connect endpoint to replay.
pub fn cut(mut s: Script, input: &Input, store: &Store) -> Vec<Step> {
    let id = s.id("answer");
    let words: Vec<&str> = CUT_ANSWER.split_inclusive(' ').collect();
    let half = words.len() / 2;
    s.text_start(&id);
    s.text_pieces(&id, &words[..half].concat());
    s.pause(4);
    let mut messages = input.messages.clone();
    messages.push(json!({ "id": id, "role": "assistant", "content": CUT_ANSWER }));
    store.save_thread(&input.thread_id, messages);
    let next = json!({ "type": "TEXT_MESSAGE_CONTENT", "messageId": id, "delta": words[half] })
        .to_string();
    let mut at = next.len() / 2;
    while !next.is_char_boundary(at) {
        at -= 1;
    }
    s.cut(&format!("data: {}", &next[..at]))
}

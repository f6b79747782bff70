//! What a callback round hands its subscribers besides what the shell
//! already holds: the event as its JS object, and the extras of an event's
//! own callback, read from the history where the session points.

use js_sys::Object;
use wasm_bindgen::prelude::*;

use super::convert::to_js;
use super::grown::GrownJs;
use super::js::{self, key};
use super::partial::PartialArgs;
use crate::core::history::History;
use crate::core::maps::HashMap;
use crate::core::reducer::Finished;
use crate::core::session::Extras;
use crate::core::types::declare::{member_tag, wire_name};
use crate::core::types::extras::{
    ACTIVITY_MESSAGE, EXISTING_MESSAGE, PARTIAL_TOOL_CALL_ARGS, REASONING_MESSAGE_BUFFER,
    TEXT_MESSAGE_BUFFER, TOOL_CALL_ARGS, TOOL_CALL_BUFFER, TOOL_CALL_NAME,
};
use crate::core::types::*;

/// An event's own callback's extras: at most three (name, value) pairs,
/// the unused ones `undefined`, and the name of one more that is made only
/// when a subscriber reads it ([`lazy_js`]), else `undefined`.
#[derive(Default)]
pub struct ExtrasJs {
    pub pairs: [(JsValue, JsValue); 3],
    pub lazy: JsValue,
}

/// Where in what `Core::event` returns a lazy extra is made from after its
/// round: the first extra's value, the arguments as that round had them.
pub const LAZY_SOURCE: u32 = 3;

/// The extras of an event's own callback; the costly one (the partial
/// arguments) left to be made when read, unless `eager`: the shell expects
/// it to be read, and made through the getter every time it cost scenario
/// 2 6.9 against 5.6 us an event.
pub fn extras_js(
    h: &History,
    partial: &mut HashMap<String, PartialArgs>,
    texts: &mut Option<GrownJs>,
    extras: &Extras,
    eager: bool,
    delta: Option<(&str, &JsValue)>,
) -> Result<ExtrasJs, JsValue> {
    let mut out = ExtrasJs::default();
    let mut n = 0;
    let mut put = |k: &'static str, v: JsValue| {
        out.pairs[n] = (key(k), v);
        n += 1;
    };
    let serial = |i: &usize| h.entries().get(*i).map_or(u64::MAX, |e| e.serial);
    let at = |i: &usize| h.get(*i).ok_or(JsValue::UNDEFINED);
    let tool_call = |i: &usize, k: &usize| -> Result<&ToolCall, JsValue> {
        at(i)?
            .tool_calls()
            .and_then(|calls| calls.get(*k))
            .ok_or(JsValue::UNDEFINED)
    };
    match extras {
        Extras::Plain => {}
        Extras::TextBuffer(i) | Extras::ReasoningBuffer(i) => {
            let name = match extras {
                Extras::TextBuffer(_) => TEXT_MESSAGE_BUFFER,
                _ => REASONING_MESSAGE_BUFFER,
            };
            put(name, GrownJs::js(texts, at(i)?.text(), serial(i)));
            if let Some((text, js)) = delta {
                GrownJs::expect(texts, text, js);
            }
        }
        Extras::ToolCallArgs(i, k) => {
            // Borrowed, not cloned: the arguments grow with every delta.
            let tc = tool_call(i, k)?;
            let args = partial
                .entry(tc.id.clone())
                .or_insert_with(|| PartialArgs::new(&tc.function.arguments));
            args.follow(&tc.function.arguments, serial(i));
            // First: LAZY_SOURCE.
            put(
                TOOL_CALL_BUFFER,
                args.buffer_js(&tc.function.arguments, delta),
            );
            put(TOOL_CALL_NAME, js::recent(&tc.function.name));
            // The partial value's JS update costs as much as the rest of
            // the round (scenario 2), and many callbacks never read it.
            match eager {
                true => put(PARTIAL_TOOL_CALL_ARGS, args.js()?),
                false => out.lazy = key(PARTIAL_TOOL_CALL_ARGS),
            }
        }
        Extras::ToolCallEnd(i, k) => {
            let tc = tool_call(i, k)?;
            let args = js_sys::JSON::parse(&tc.function.arguments)
                .unwrap_or_else(|_| Object::new().into());
            put(TOOL_CALL_NAME, js::recent(&tc.function.name));
            put(TOOL_CALL_ARGS, args);
        }
        Extras::ActivitySnapshot(existing) => {
            let m = existing.and_then(|i| h.get(i));
            let js = match m {
                Some(m) => to_js(m)?,
                None => JsValue::UNDEFINED,
            };
            let activity = if m.is_some_and(Message::is_activity) {
                js.clone()
            } else {
                JsValue::UNDEFINED
            };
            put(ACTIVITY_MESSAGE, activity);
            put(EXISTING_MESSAGE, js);
        }
        Extras::ActivityDelta(i) => put(ACTIVITY_MESSAGE, to_js(at(i)?)?),
        Extras::RunFinished(f) => {
            // The parameters are named as the outcome's members.
            let outcome = wire_name!(RunFinishedEvent, outcome);
            match f {
                Finished::Success {
                    result,
                    pending_tool_call_ids,
                } => {
                    put(outcome, js::recent(member_tag!(RunOutcome::Success)));
                    let result = match result {
                        Some(v) => to_js(v)?,
                        None => JsValue::UNDEFINED,
                    };
                    put(wire_name!(RunFinishedEvent, result), result);
                    put(
                        wire_name!(RunOutcome, pending_tool_call_ids),
                        to_js(pending_tool_call_ids)?,
                    );
                }
                Finished::Interrupt { interrupts } => {
                    put(outcome, js::recent(member_tag!(RunOutcome::Interrupt)));
                    put(wire_name!(RunOutcome, interrupts), to_js(interrupts)?);
                }
                Finished::Cancelled => put(outcome, js::recent(member_tag!(RunOutcome::Cancelled))),
            }
        }
    }
    Ok(out)
}

/// The extra [`extras_js`] left to be made when read, the partial
/// arguments, once its round is over: made again from `source`, the
/// arguments that round handed out, so a subscriber that kept its
/// parameters reads what they were. (While the round is under way, the
/// tool call's own parser follows from the value handed out last.)
pub fn lazy_js(source: &JsValue) -> Result<JsValue, JsValue> {
    PartialArgs::new(&source.as_string().unwrap_or_default()).js()
}

/// The event as the JS object its callbacks get. The deltas a reply is
/// made of, in their plain form (no optional field), are object literals
/// built in JavaScript, as cheap as the event's own `JSON.parse` would be;
/// everything else crosses as JSON text (a text delta's object: 1.7 us by
/// text, see `convert`). The patterns name every field, so a field added to
/// these events cannot be dropped here unnoticed. With it, such a delta's
/// text as a JS string, which the buffer it grows appends next round.
pub fn event_object(event: &Event) -> Result<(JsValue, Option<JsValue>), JsValue> {
    let ty = || key(event.type_name());
    let made = |delta: &str, f: fn(&JsValue, &JsValue, &JsValue) -> JsValue, id: &str| {
        let delta = JsValue::from_str(delta);
        (f(&ty(), &js::recent(id), &delta), Some(delta))
    };
    Ok(match event {
        Event::TextMessageContent(TextMessageContentEvent {
            message_id,
            delta,
            subagent_run_id: None,
            timestamp: None,
            raw_event: None,
            metadata: None,
            halves: _,
        })
        | Event::ReasoningMessageContent(ReasoningMessageContentEvent {
            message_id,
            delta,
            subagent_run_id: None,
            timestamp: None,
            raw_event: None,
            metadata: None,
            halves: _,
        }) => made(delta, js::text_delta, message_id),
        Event::ToolCallArgs(ToolCallArgsEvent {
            tool_call_id,
            delta,
            subagent_run_id: None,
            timestamp: None,
            raw_event: None,
            metadata: None,
            halves: _,
        }) => made(delta, js::args_delta, tool_call_id),
        _ => (to_js(event)?, None),
    })
}

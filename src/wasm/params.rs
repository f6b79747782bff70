//! What a callback round hands its subscribers besides what the shell
//! already holds: the extras of an event's own callback, read from the
//! history where the session points.

use js_sys::Object;
use wasm_bindgen::prelude::*;

use super::convert::to_js;
use super::partial::PartialArgs;
use crate::core::history::History;
use crate::core::reducer::Finished;
use crate::core::session::Extras;
use crate::core::types::declare::{member_tag, wire_name};
use crate::core::types::extras::{
    ACTIVITY_MESSAGE, EXISTING_MESSAGE, REASONING_MESSAGE_BUFFER, TEXT_MESSAGE_BUFFER,
    TOOL_CALL_ARGS, TOOL_CALL_NAME,
};
use crate::core::types::*;

/// An event's own callback's extras: at most three (name, value) pairs,
/// the unused ones `undefined`.
pub type ExtrasJs = [(JsValue, JsValue); 3];

/// Where in what the shell hands `Core::lazyExtra` the partial arguments
/// are made from after their round: the arguments that round had.
pub const LAZY_SOURCE: u32 = 3;

/// The extras of an event's own callback, but a delta's, which the shell
/// makes (see `deltas`): here a buffer is made whole, once a message.
pub fn extras_js(h: &History, extras: &Extras) -> Result<ExtrasJs, JsValue> {
    let mut out: ExtrasJs = Default::default();
    let mut n = 0;
    let mut put = |k: &'static str, v: JsValue| {
        out[n] = (JsValue::from_str(k), v);
        n += 1;
    };
    let at = |i: &usize| h.get(*i).ok_or(JsValue::UNDEFINED);
    match extras {
        // A delta's own round is the shell's; this is the end's.
        Extras::Plain | Extras::ToolCallArgs { .. } => {}
        Extras::TextBuffer(i) => put(TEXT_MESSAGE_BUFFER, JsValue::from_str(at(i)?.text())),
        Extras::ReasoningBuffer(i) => {
            put(REASONING_MESSAGE_BUFFER, JsValue::from_str(at(i)?.text()))
        }
        Extras::ToolCallEnd(i, k) => {
            let tc = h.tool_call(*i, *k).ok_or(JsValue::UNDEFINED)?;
            let args = js_sys::JSON::parse(&tc.function.arguments)
                .unwrap_or_else(|_| Object::new().into());
            put(TOOL_CALL_NAME, JsValue::from_str(&tc.function.name));
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
                    put(outcome, JsValue::from_str(member_tag!(RunOutcome::Success)));
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
                    put(
                        outcome,
                        JsValue::from_str(member_tag!(RunOutcome::Interrupt)),
                    );
                    put(wire_name!(RunOutcome, interrupts), to_js(interrupts)?);
                }
                Finished::Cancelled => put(
                    outcome,
                    JsValue::from_str(member_tag!(RunOutcome::Cancelled)),
                ),
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

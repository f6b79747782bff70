//! A session's callback rounds carried out: each subscriber called with
//! the reference's parameters, the event as its JS object, the extras of
//! an event's own callback read from the history where the session points.

use js_sys::Object;
use wasm_bindgen::prelude::*;

use super::callbacks::{announce, apply_mutation, event_params, params};
use super::client::messages_of;
use super::convert::to_js;
use super::drive::RunCtx;
use super::js::{self, key, set};
use super::local_change::Step;
use super::partial::PartialArgs;
use super::subscribers;
use crate::core::reducer::Finished;
use crate::core::session::{Answer, Call, Changed, Extras, Session};
use crate::core::types::declare::{member_tag, wire};
use crate::core::types::extras::{
    ACTIVITY_MESSAGE, EXISTING_MESSAGE, PARTIAL_TOOL_CALL_ARGS, REASONING_MESSAGE_BUFFER,
    TEXT_MESSAGE_BUFFER, TOOL_CALL_ARGS, TOOL_CALL_BUFFER, TOOL_CALL_NAME,
};
use crate::core::types::*;

/// One round of `call` over the run's subscribers; what they did.
pub(super) async fn perform(ctx: &mut RunCtx, call: &Call) -> Answer {
    let rc = ctx.rc.clone();
    let mut dirty = (false, false);
    let name = call.name();
    let mut apply = |m, s| apply_mutation(&rc, m, s, &mut dirty);
    let m = match call {
        Call::RunInitialized | Call::RunFinalized => {
            if matches!(call, Call::RunFinalized) {
                // `isRunning` is false by the time onRunFinalized runs, as in
                // the reference, so a UI that re-reads it there sees the end.
                rc.borrow_mut().running = false;
            }
            let input = &ctx.input;
            subscribers::run(&ctx.subs, name, &mut || params(&rc, input), &mut apply).await
        }
        Call::RunFailed => {
            let err = ctx.error();
            let input = &ctx.input;
            let mut with_error = || {
                let p = params(&rc, input);
                set(&p, "error", &err);
                p
            };
            subscribers::run(&ctx.subs, name, &mut with_error, &mut apply).await
        }
        Call::Event | Call::Own { .. } => {
            let extra = match call {
                Call::Own { extras, .. } => extras_js(ctx, extras).unwrap_or_default(),
                _ => Vec::new(),
            };
            let event_js = event_js(&mut ctx.event_js, &ctx.session);
            let input = &ctx.input;
            let mut with_event = || event_params(&rc, input, event_js, &extra);
            subscribers::run(&ctx.subs, name, &mut with_event, &mut apply).await
        }
        Call::NewMessage(i) => {
            let _ = messages_of(&rc);
            let obj = rc.borrow().view.at(*i);
            announce(&rc, &ctx.subs, &Step::NewMessage(obj), &ctx.input).await;
            return Answer::default();
        }
        Call::NewToolCall { at, id } => {
            let tc = {
                let inner = rc.borrow();
                inner
                    .agent
                    .messages
                    .get(*at)
                    .and_then(Message::tool_calls)
                    .and_then(|tcs| tcs.iter().find(|tc| tc.id == *id))
                    .map(to_js)
            };
            if let Some(Ok(tc)) = tc {
                announce(&rc, &ctx.subs, &Step::NewToolCall(tc), &ctx.input).await;
            }
            return Answer::default();
        }
    };
    Answer {
        stop: m.stop,
        changed: Changed {
            messages: dirty.0,
            state: dirty.1,
        },
    }
}

/// The event under way as its callbacks get it, made once per event.
fn event_js<'a>(cache: &'a mut Option<(u64, JsValue)>, session: &Session) -> &'a JsValue {
    let n = session.event_number();
    if cache.as_ref().is_some_and(|(at, _)| *at != n) {
        *cache = None;
    }
    let made = cache.get_or_insert_with(|| {
        let js = session.event().and_then(|e| event_object(e).ok());
        (n, js.unwrap_or(JsValue::UNDEFINED))
    });
    &made.1
}

/// The extras of an event's own callback, read where the session points.
fn extras_js(ctx: &mut RunCtx, extras: &Extras) -> Result<Vec<(&'static str, JsValue)>, JsValue> {
    let inner = ctx.rc.borrow();
    let h = &inner.agent.messages;
    let at = |i: &usize| h.get(*i).ok_or(JsValue::UNDEFINED);
    let tool_call = |i: &usize, k: &usize| -> Result<&ToolCall, JsValue> {
        at(i)?
            .tool_calls()
            .and_then(|calls| calls.get(*k))
            .ok_or(JsValue::UNDEFINED)
    };
    Ok(match extras {
        Extras::Plain => Vec::new(),
        Extras::TextBuffer(i) => vec![(TEXT_MESSAGE_BUFFER, JsValue::from_str(at(i)?.text()))],
        Extras::ReasoningBuffer(i) => {
            vec![(REASONING_MESSAGE_BUFFER, JsValue::from_str(at(i)?.text()))]
        }
        Extras::ToolCallArgs(i, k) => {
            // Borrowed, not cloned: the arguments grow with every delta.
            let tc = tool_call(i, k)?;
            let entry = h.entries().get(*i).map_or(u64::MAX, |e| e.serial);
            let args = ctx
                .partial
                .entry(tc.id.clone())
                .or_insert_with(|| PartialArgs::new(&tc.function.arguments));
            args.follow(&tc.function.arguments, entry);
            let partial = args.js()?;
            vec![
                (TOOL_CALL_BUFFER, args.buffer_js(&tc.function.arguments)),
                (TOOL_CALL_NAME, js::recent(&tc.function.name)),
                (PARTIAL_TOOL_CALL_ARGS, partial),
            ]
        }
        Extras::ToolCallEnd(i, k) => {
            let tc = tool_call(i, k)?;
            let args = js_sys::JSON::parse(&tc.function.arguments)
                .unwrap_or_else(|_| Object::new().into());
            vec![
                (TOOL_CALL_NAME, js::recent(&tc.function.name)),
                (TOOL_CALL_ARGS, args),
            ]
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
            vec![(ACTIVITY_MESSAGE, activity), (EXISTING_MESSAGE, js)]
        }
        Extras::ActivityDelta(i) => vec![(ACTIVITY_MESSAGE, to_js(at(i)?)?)],
        Extras::RunFinished(f) => finished_params(f)?,
    })
}

/// The event as the JS object its callbacks get. The deltas a reply is
/// made of, in their plain form (no optional field), are object literals
/// built in JavaScript, as cheap as the event's own `JSON.parse` would be;
/// everything else crosses as JSON text (a text delta's object: 1.7 us by
/// text, see `convert`). The patterns name every field, so a field added to
/// these events cannot be dropped here unnoticed.
fn event_object(event: &Event) -> Result<JsValue, JsValue> {
    let ty = || key(event.type_name());
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
        }) => js::text_delta(&ty(), &js::recent(message_id), delta),
        Event::ToolCallArgs(ToolCallArgsEvent {
            tool_call_id,
            delta,
            subagent_run_id: None,
            timestamp: None,
            raw_event: None,
            metadata: None,
            halves: _,
        }) => js::args_delta(&ty(), &js::recent(tool_call_id), delta),
        _ => to_js(event)?,
    })
}

pub(super) fn finished_params(f: &Finished) -> Result<Vec<(&'static str, JsValue)>, JsValue> {
    // The parameters are named as the outcome's members.
    let outcome = wire!(RunFinishedEvent, outcome);
    let tag = |t: &str| (outcome, js::recent(t));
    Ok(match f {
        Finished::Success {
            result,
            pending_tool_call_ids,
        } => vec![
            tag(member_tag!(RunOutcome::Success)),
            (
                wire!(RunFinishedEvent, result),
                match result {
                    Some(v) => to_js(v)?,
                    None => JsValue::UNDEFINED,
                },
            ),
            (
                wire!(RunOutcome, pending_tool_call_ids),
                to_js(pending_tool_call_ids)?,
            ),
        ],
        Finished::Interrupt { interrupts } => vec![
            tag(member_tag!(RunOutcome::Interrupt)),
            (wire!(RunOutcome, interrupts), to_js(interrupts)?),
        ],
        Finished::Cancelled => vec![tag(member_tag!(RunOutcome::Cancelled))],
    })
}

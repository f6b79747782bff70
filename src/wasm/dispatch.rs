//! One event: its subscriber callbacks with the reference's parameters, then
//! the reducer, then the announcements it makes (new messages, tool calls).

use js_sys::Object;
use wasm_bindgen::prelude::*;

use super::convert::to_js;
use super::partial::PartialArgs;
use super::subscribers::{self, any_has};
use crate::core::history::History;
use crate::core::reducer::Finished;
use crate::core::types::*;

use super::callback_table::callback_of;
use super::callbacks::{announce, apply_mutation, event_params, web_warn};
use super::client::messages_of;
use super::event_source::inner_debug;
use super::js::{self, key, set};
use super::local_change::Step;
use super::run::RunCtx;

/// Extra parameters of an event's own callback, or `None` where the
/// reference does not call it (the message or tool call it names is missing).
pub(super) fn extras(
    ctx: &mut RunCtx,
    event: &Event,
) -> Result<Option<Vec<(&'static str, JsValue)>>, JsValue> {
    let mut inner = ctx.rc.borrow_mut();
    let h = &mut inner.agent.messages;
    let text_of = |h: &mut History, id: &str| -> Option<String> {
        let i = h.find(id)?;
        let m = h.get(i)?;
        (!m.is_activity()).then(|| m.text().to_owned())
    };
    let tool_call = |h: &mut History, id: &str| -> Option<ToolCall> {
        let i = h.find_tool_call(id)?;
        h.get(i)?
            .tool_calls()?
            .iter()
            .find(|tc| tc.id == id)
            .cloned()
    };
    Ok(Some(match event {
        Event::TextMessageContent(TextMessageContentEvent { message_id, .. })
        | Event::TextMessageEnd(TextMessageEndEvent { message_id, .. }) => {
            let Some(t) = text_of(h, message_id) else {
                return Ok(None);
            };
            vec![("textMessageBuffer", JsValue::from_str(&t))]
        }
        Event::ReasoningMessageContent(ReasoningMessageContentEvent { message_id, .. })
        | Event::ReasoningMessageEnd(ReasoningMessageEndEvent { message_id, .. }) => {
            let Some(t) = text_of(h, message_id) else {
                return Ok(None);
            };
            vec![("reasoningMessageBuffer", JsValue::from_str(&t))]
        }
        Event::ToolCallArgs(e) => {
            // Borrowed, not cloned: the arguments grow with every delta.
            let Some(i) = h.find_tool_call(&e.tool_call_id) else {
                return Ok(None);
            };
            let Some(tc) = h
                .get(i)
                .and_then(Message::tool_calls)
                .and_then(|calls| calls.iter().find(|tc| tc.id == e.tool_call_id))
            else {
                return Ok(None);
            };
            let args = ctx
                .partial
                .entry(e.tool_call_id.clone())
                .or_insert_with(|| PartialArgs::new(&tc.function.arguments));
            let partial = args.js()?;
            vec![
                ("toolCallBuffer", args.buffer_js(&tc.function.arguments)),
                ("toolCallName", JsValue::from_str(&tc.function.name)),
                ("partialToolCallArgs", partial),
            ]
        }
        Event::ToolCallEnd(e) => {
            let Some(tc) = tool_call(h, &e.tool_call_id) else {
                return Ok(None);
            };
            let args = js_sys::JSON::parse(&tc.function.arguments)
                .unwrap_or_else(|_| Object::new().into());
            vec![
                ("toolCallName", JsValue::from_str(&tc.function.name)),
                ("toolCallArgs", args),
            ]
        }
        Event::ActivitySnapshot(e) => {
            let existing = h.find(&e.message_id).and_then(|i| h.get(i).cloned());
            let js = match &existing {
                Some(m) => to_js(m)?,
                None => JsValue::UNDEFINED,
            };
            let activity = if existing.as_ref().is_some_and(Message::is_activity) {
                js.clone()
            } else {
                JsValue::UNDEFINED
            };
            vec![("activityMessage", activity), ("existingMessage", js)]
        }
        Event::ActivityDelta(e) => match h.find(&e.message_id).and_then(|i| h.get(i).cloned()) {
            Some(m) if m.is_activity() => vec![("activityMessage", to_js(&m)?)],
            _ => return Ok(None),
        },
        Event::RunFinished(e) => {
            drop(inner);
            finished_params(&ctx.reducer.finished_of(e))?
        }
        _ => Vec::new(),
    }))
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
        })
        | Event::ReasoningMessageContent(ReasoningMessageContentEvent {
            message_id,
            delta,
            subagent_run_id: None,
            timestamp: None,
            raw_event: None,
            metadata: None,
        }) => js::text_delta(&ty(), message_id, delta),
        Event::ToolCallArgs(ToolCallArgsEvent {
            tool_call_id,
            delta,
            subagent_run_id: None,
            timestamp: None,
            raw_event: None,
            metadata: None,
        }) => js::args_delta(&ty(), tool_call_id, delta),
        _ => to_js(event)?,
    })
}

pub(super) fn finished_params(f: &Finished) -> Result<Vec<(&'static str, JsValue)>, JsValue> {
    Ok(match f {
        Finished::Success {
            result,
            pending_tool_call_ids,
        } => vec![
            ("outcome", JsValue::from_str("success")),
            (
                "result",
                match result {
                    Some(v) => to_js(v)?,
                    None => JsValue::UNDEFINED,
                },
            ),
            ("pendingToolCallIds", to_js(pending_tool_call_ids)?),
        ],
        Finished::Interrupt { interrupts } => vec![
            ("outcome", JsValue::from_str("interrupt")),
            ("interrupts", to_js(interrupts)?),
        ],
        Finished::Cancelled => vec![("outcome", JsValue::from_str("cancelled"))],
    })
}

/// One verified event: onEvent, its own callback, the reducer, then the
/// announcements (onNewMessage, onNewToolCall) the reference makes.
pub(super) async fn process_event(ctx: &mut RunCtx, mut event: Event) {
    let rc = ctx.rc.clone();
    let input = ctx.input.clone();
    let name = callback_of(&event);
    let wants_event = any_has(&ctx.subs, "onEvent");
    let wants_own = any_has(&ctx.subs, name);
    let event_js = if wants_event || wants_own {
        event_object(&event).unwrap_or(JsValue::UNDEFINED)
    } else {
        JsValue::UNDEFINED
    };
    let mut dirty = (false, false);
    if wants_event {
        let m = subscribers::run(
            &ctx.subs,
            "onEvent",
            || {
                let p = event_params(&rc, &input);
                set(&p, "event", &event_js);
                p
            },
            |m, s| apply_mutation(&rc, m, s, &mut dirty),
        )
        .await;
        ctx.dirty.0 |= dirty.0;
        ctx.dirty.1 |= dirty.1;
        if m.stop {
            return;
        }
    }
    let mut stop = false;
    if wants_own {
        if let Ok(Some(extra)) = extras(ctx, &event) {
            let m = subscribers::run(
                &ctx.subs,
                name,
                || {
                    let p = event_params(&rc, &input);
                    set(&p, "event", &event_js);
                    for (k, v) in &extra {
                        set(&p, k, v);
                    }
                    p
                },
                |m, s| apply_mutation(&rc, m, s, &mut dirty),
            )
            .await;
            stop = m.stop;
        }
    }
    ctx.dirty.0 |= dirty.0;
    ctx.dirty.1 |= dirty.1;

    if let Event::RunFinished(e) = &event {
        if let Finished::Success { result, .. } = ctx.reducer.finished_of(e) {
            ctx.result = result;
        }
    }
    let mut new_message: Option<usize> = None;
    let mut announce_call: Option<(usize, String)> = None;
    if stop {
        // The reference still announces a finished message or tool call.
        let mut inner = rc.borrow_mut();
        let h = &mut inner.agent.messages;
        match &event {
            Event::TextMessageEnd(TextMessageEndEvent { message_id, .. })
            | Event::ReasoningMessageEnd(ReasoningMessageEndEvent { message_id, .. }) => {
                new_message = h
                    .find(message_id)
                    .filter(|&i| !h.get(i).is_some_and(Message::is_activity));
            }
            Event::ToolCallEnd(e) => {
                announce_call = h
                    .find_tool_call(&e.tool_call_id)
                    .map(|i| (i, e.tool_call_id.clone()))
            }
            _ => {}
        }
    } else {
        let applied = {
            let mut inner = rc.borrow_mut();
            // A patch's edits are worth recording only for a JS copy of the
            // state that will follow them; without one, the next read
            // converts the state whole anyway.
            ctx.reducer.record_state_edits = inner.state_view.is_cached();
            ctx.reducer.apply_mut(&mut inner.agent, &mut event)
        };
        if inner_debug(&rc) {
            for w in ctx.reducer.warnings.drain(..) {
                web_warn(&JsValue::from_str(&w));
            }
        } else {
            ctx.reducer.warnings.clear();
        }
        if applied.state_changed {
            let mut inner = rc.borrow_mut();
            match &event {
                // The JS copy follows the core's edits, copying only what they touch.
                Event::StateDelta(_) => inner
                    .state_view
                    .patched(std::mem::take(&mut ctx.reducer.state_edits)),
                _ => inner.state_view.invalidate(),
            }
        }
        ctx.dirty.0 |= applied.messages_changed;
        ctx.dirty.1 |= applied.state_changed;
        new_message = applied.new_message;
        announce_call = applied.new_tool_call;
        if let Event::ToolCallArgs(e) = &event {
            if let Some(p) = ctx.partial.get_mut(&e.tool_call_id) {
                p.push(&e.delta);
            }
        }
    }
    if let Some(i) = new_message {
        if any_has(&ctx.subs, "onNewMessage") {
            let _ = messages_of(&rc);
            let obj = rc.borrow().view.at(i);
            announce(&rc, &ctx.subs, &Step::NewMessage(obj), &input).await;
        }
    }
    if let Some((i, id)) = announce_call {
        if any_has(&ctx.subs, "onNewToolCall") {
            let tc = {
                let inner = rc.borrow();
                inner
                    .agent
                    .messages
                    .get(i)
                    .and_then(Message::tool_calls)
                    .and_then(|tcs| tcs.iter().find(|tc| tc.id == id))
                    .map(to_js)
            };
            if let Some(Ok(tc)) = tc {
                announce(&rc, &ctx.subs, &Step::NewToolCall(tc), &input).await;
            }
        }
    }
}

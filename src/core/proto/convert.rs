//! Decoded protobuf events to the JSON object the same event has over SSE,
//! field for field as `@ag-ui/proto` 1.0.0 builds it, so that
//! `Decoder::decode_value` (compatibility, enforcement, validation) judges
//! both transports alike. Nothing here validates what it may pass on: a
//! missing required string is `""` (proto3's default), and the schema check
//! downstream says whether that is acceptable.
//!
//! No wire name is written here: each member is named by its Rust field,
//! and `wire_name!` reads the name off the protocol type that declares it
//! (its `#[protocol]` declaration), at compile time.

use serde_json::Value as Json;

use super::message::{interrupt, message, parts, run_agent_input, usage};
use super::obj::{members, text, Obj, ToJson};
use super::schema::*;
use crate::core::decode::Warnings;
use crate::core::types::declare::member_tag;
use crate::core::types::event as ev;
use crate::core::types::patch::PatchOp;
use crate::core::types::run::{RunOutcome, SubagentOutcome};
use crate::core::types::Event;

/// An event of type `$ty` from its arm `$e` (number `$number` in the
/// protobuf `EventType`): the base event's fields, then `$ty`'s own.
macro_rules! event_of {
    ($ty:ty, $number:literal, $e:ident { $($members:tt)* }) => {
        members!(base(<$ty>::TYPE, $number, $e.base_event), $ty { $($members)* })
    };
}

/// The fields every event carries; the arm fixes the type, and the base
/// event must agree with it. (`event!` declares them alike on every event;
/// RAW's declaration names them here.)
fn base(ty: &str, number: i32, base: Option<BaseEvent>) -> Obj {
    let Some(base) = base else {
        return Obj::new().fail(format!("Invalid event: {ty} carries no base event"));
    };
    if base.r#type != number {
        return Obj::new().fail(format!(
            "Invalid event: envelope carries {ty} but the base event declares type {}",
            base.r#type
        ));
    }
    members!(Obj::new().put(Event::TAG, ty), ev::RawEvent {
        int timestamp: base.timestamp,
        value raw_event: &base.raw_event,
        object metadata: &base.metadata,
    })
}

/// One event from its envelope arm.
pub(super) fn event(arm: Arm, warnings: &mut Warnings) -> Result<Json, String> {
    use Arm::*;
    let e = match arm {
        TextMessageStart(e) => event_of!(ev::TextMessageStartEvent, 0, e {
            put message_id: e.message_id,
            opt role: e.role,
            opt name: e.name,
            opt subagent_run_id: e.subagent_run_id,
        }),
        TextMessageContent(e) => event_of!(ev::TextMessageContentEvent, 1, e {
            put message_id: e.message_id,
            put delta: e.delta,
            opt subagent_run_id: e.subagent_run_id,
        }),
        TextMessageEnd(e) => event_of!(ev::TextMessageEndEvent, 2, e {
            put message_id: e.message_id,
            opt subagent_run_id: e.subagent_run_id,
        }),
        ToolCallStart(e) => event_of!(ev::ToolCallStartEvent, 3, e {
            put tool_call_id: e.tool_call_id,
            put tool_call_name: e.tool_call_name,
            opt parent_message_id: e.parent_message_id,
            opt subagent_run_id: e.subagent_run_id,
        }),
        ToolCallArgs(e) => event_of!(ev::ToolCallArgsEvent, 4, e {
            put tool_call_id: e.tool_call_id,
            put delta: e.delta,
            opt subagent_run_id: e.subagent_run_id,
        }),
        ToolCallEnd(e) => event_of!(ev::ToolCallEndEvent, 5, e {
            put tool_call_id: e.tool_call_id,
            opt subagent_run_id: e.subagent_run_id,
        }),
        StateSnapshot(e) => event_of!(ev::StateSnapshotEvent, 6, e {
            value snapshot: &e.snapshot,
            opt subagent_run_id: e.subagent_run_id,
        }),
        StateDelta(e) => event_of!(ev::StateDeltaEvent, 7, e {
            put delta: patch(e.delta),
            opt subagent_run_id: e.subagent_run_id,
        }),
        MessagesSnapshot(e) => {
            let messages: Result<Vec<_>, _> = e
                .messages
                .into_iter()
                .map(|m| message(m, warnings))
                .collect();
            event_of!(ev::MessagesSnapshotEvent, 8, e {
                put messages: messages,
            })
        }
        Raw(e) => event_of!(ev::RawEvent, 9, e {
            value event: &e.event,
            opt source: e.source,
            opt subagent_run_id: e.subagent_run_id,
        }),
        Custom(e) => event_of!(ev::CustomEvent, 10, e {
            put name: e.name,
            value value: &e.value,
            opt subagent_run_id: e.subagent_run_id,
        }),
        RunStarted(e) => {
            let input = e.input.map(|i| run_agent_input(i, warnings));
            event_of!(ev::RunStartedEvent, 11, e {
                put thread_id: e.thread_id,
                put run_id: e.run_id,
                opt parent_run_id: e.parent_run_id,
                opt input: input,
                opt protocol_version: e.protocol_version,
            })
        }
        RunFinished(e) => run_finished(e),
        RunError(e) => event_of!(ev::RunErrorEvent, 13, e {
            opt code: e.code,
            put message: e.message,
            non_empty usage: usage(e.usage),
        }),
        StepStarted(e) => event_of!(ev::StepStartedEvent, 14, e {
            put step_name: e.step_name,
            opt subagent_run_id: e.subagent_run_id,
        }),
        StepFinished(e) => event_of!(ev::StepFinishedEvent, 15, e {
            put step_name: e.step_name,
            opt subagent_run_id: e.subagent_run_id,
        }),
        SubagentStarted(e) => event_of!(ev::SubagentStartedEvent, 16, e {
            put subagent_run_id: e.subagent_run_id,
            put name: e.name,
            opt description: e.description,
            opt parent_subagent_run_id: e.parent_subagent_run_id,
            opt parent_tool_call_id: e.parent_tool_call_id,
            opt parent_message_id: e.parent_message_id,
        }),
        SubagentFinished(e) => subagent_finished(e),
        SubagentError(e) => event_of!(ev::SubagentErrorEvent, 18, e {
            put subagent_run_id: e.subagent_run_id,
            put message: e.message,
            opt code: e.code,
        }),
        TextMessageChunk(e) => event_of!(ev::TextMessageChunkEvent, 19, e {
            opt message_id: e.message_id,
            opt role: e.role,
            opt delta: e.delta,
            opt name: e.name,
            opt subagent_run_id: e.subagent_run_id,
        }),
        ToolCallChunk(e) => event_of!(ev::ToolCallChunkEvent, 20, e {
            opt tool_call_id: e.tool_call_id,
            opt tool_call_name: e.tool_call_name,
            opt parent_message_id: e.parent_message_id,
            opt delta: e.delta,
            opt subagent_run_id: e.subagent_run_id,
        }),
        ToolCallResult(e) => tool_call_result(e, warnings),
        ActivitySnapshot(e) => event_of!(ev::ActivitySnapshotEvent, 22, e {
            opt subagent_run_id: e.subagent_run_id,
            put message_id: e.message_id,
            put activity_type: e.activity_type,
            object content: &e.content,
            opt replace: e.replace,
        }),
        ActivityDelta(e) => event_of!(ev::ActivityDeltaEvent, 23, e {
            opt subagent_run_id: e.subagent_run_id,
            put message_id: e.message_id,
            put activity_type: e.activity_type,
            put patch: patch(e.patch),
        }),
        ReasoningStart(e) => event_of!(ev::ReasoningStartEvent, 24, e {
            opt subagent_run_id: e.subagent_run_id,
            put message_id: e.message_id,
        }),
        ReasoningMessageStart(e) => event_of!(ev::ReasoningMessageStartEvent, 25, e {
            opt subagent_run_id: e.subagent_run_id,
            put message_id: e.message_id,
            put role: e.role,
        }),
        ReasoningMessageContent(e) => event_of!(ev::ReasoningMessageContentEvent, 26, e {
            opt subagent_run_id: e.subagent_run_id,
            put message_id: e.message_id,
            put delta: e.delta,
        }),
        ReasoningMessageEnd(e) => event_of!(ev::ReasoningMessageEndEvent, 27, e {
            opt subagent_run_id: e.subagent_run_id,
            put message_id: e.message_id,
        }),
        ReasoningMessageChunk(e) => event_of!(ev::ReasoningMessageChunkEvent, 28, e {
            opt subagent_run_id: e.subagent_run_id,
            opt message_id: e.message_id,
            opt delta: e.delta,
        }),
        ReasoningEnd(e) => event_of!(ev::ReasoningEndEvent, 29, e {
            opt subagent_run_id: e.subagent_run_id,
            put message_id: e.message_id,
        }),
        ReasoningEncryptedValue(e) => event_of!(ev::ReasoningEncryptedValueEvent, 30, e {
            opt subagent_run_id: e.subagent_run_id,
            put subtype: e.subtype,
            put entity_id: e.entity_id,
            put encrypted_value: e.encrypted_value,
        }),
    };
    e.done()
}

/// The operations, named by enum value: the protobuf enum numbers them in
/// the order `PatchOp` declares them. One this build cannot name rides on
/// as its decimal spelling, which enforcement then strips with a warning,
/// as it strips an unknown `op` over SSE.
fn patch(ops: Vec<JsonPatchOperation>) -> Result<Vec<Json>, String> {
    ops.into_iter()
        .map(|o| {
            let op = usize::try_from(o.op)
                .ok()
                .and_then(|i| PatchOp::TAGS.get(i))
                .map_or_else(|| o.op.to_string(), |s| (*s).to_owned());
            members!(Obj::new().put(PatchOp::KEY, Json::String(op)), PatchOp {
                put path: o.path,
                opt from: o.from,
                value value: &o.value,
            })
            .done()
        })
        .collect()
}

/// The outcome travels as its type name plus two lists; absent (`""`) means
/// the producer named none, and then non-empty lists ride on the event.
fn run_finished(e: RunFinishedEvent) -> Obj {
    const INTERRUPT: &str = member_tag!(RunOutcome::Interrupt);
    let pending = || {
        Ok(e.pending_tool_call_ids
            .iter()
            .cloned()
            .map(|t| Json::String(text(t)))
            .collect())
    };
    let interrupts = e
        .interrupts
        .into_iter()
        .map(interrupt)
        .collect::<Result<Vec<_>, _>>();
    let obj = event_of!(ev::RunFinishedEvent, 12, e {
        put thread_id: e.thread_id,
        put run_id: e.run_id,
        value result: &e.result,
        non_empty usage: usage(e.usage),
    });
    match text(e.outcome).as_str() {
        // The lists ride on the event under the outcome's names.
        "" => members!(obj, RunOutcome {
            non_empty pending_tool_call_ids: pending(),
            non_empty interrupts: interrupts,
        }),
        // `interrupt` always has its list, even an empty one.
        INTERRUPT => {
            let outcome = members!(Obj::new().put(RunOutcome::KEY, INTERRUPT), RunOutcome {
                put interrupts: interrupts,
                non_empty pending_tool_call_ids: pending(),
            });
            members!(obj, ev::RunFinishedEvent { put outcome: outcome })
        }
        other => {
            let outcome = members!(Obj::new().put(RunOutcome::KEY, other), RunOutcome {
                non_empty pending_tool_call_ids: pending(),
                non_empty interrupts: interrupts,
            });
            members!(obj, ev::RunFinishedEvent { put outcome: outcome })
        }
    }
}

fn subagent_finished(e: SubagentFinishedEvent) -> Obj {
    let ids = || {
        Ok(e.interrupt_ids
            .iter()
            .cloned()
            .map(|t| Json::String(text(t)))
            .collect())
    };
    let obj = event_of!(ev::SubagentFinishedEvent, 17, e {
        put subagent_run_id: e.subagent_run_id,
        value result: &e.result,
    });
    match text(e.outcome).as_str() {
        "" => members!(obj, SubagentOutcome { non_empty interrupt_ids: ids() }),
        other => {
            let outcome = members!(Obj::new().put(SubagentOutcome::KEY, other), SubagentOutcome {
                non_empty interrupt_ids: ids(),
            });
            members!(obj, ev::SubagentFinishedEvent { put outcome: outcome })
        }
    }
}

/// Content is the string when one was sent, the parts otherwise (an empty
/// list included); both at once is a contradiction no encoder writes.
fn tool_call_result(e: ToolCallResultEvent, warnings: &mut Warnings) -> Obj {
    let content = match e.content {
        Some(_) if !e.content_parts.is_empty() => {
            Err("Invalid event: content carries both string content and content parts".into())
        }
        Some(t) => t.to_json(),
        None => parts(e.content_parts, warnings).map(Json::Array),
    };
    event_of!(ev::ToolCallResultEvent, 21, e {
        opt subagent_run_id: e.subagent_run_id,
        put message_id: e.message_id,
        put tool_call_id: e.tool_call_id,
        put content: content,
        opt role: e.role,
    })
}

//! The events of protocol 1.0, one struct each, and the [`Event`] union.

use agui_derive::protocol;
use serde_json::Value;

use super::content::Content;
use super::lazy_object::LazyObject;
use super::message::{ReasoningRole, TextRole, ToolRole};
use super::message_list::MessageList;
use super::patch::PatchOp;
use super::run::{RunAgentInput, RunOutcome, SubagentOutcome, TokenUsage};
use super::strict::Metadata;
use crate::core::json::LazyJson;
use crate::core::surrogates::Halves;

/// Opens a streamed text message.
#[protocol(event)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TextMessageStartEvent {
    pub message_id: String,
    pub role: Option<TextRole>,
    pub name: Option<String>,
    pub subagent_run_id: Option<String>,
}

/// Appends a fragment to a streamed text message.
#[protocol(event)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TextMessageContentEvent {
    pub message_id: String,
    pub delta: String,
    pub subagent_run_id: Option<String>,
    #[serde(skip)]
    pub halves: Halves,
}

/// Closes a streamed text message.
#[protocol(event)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TextMessageEndEvent {
    pub message_id: String,
    pub subagent_run_id: Option<String>,
}

/// Shorthand for start, content and end; expanded before it is applied.
#[protocol(event)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TextMessageChunkEvent {
    pub message_id: Option<String>,
    pub role: Option<TextRole>,
    pub delta: Option<String>,
    pub name: Option<String>,
    pub subagent_run_id: Option<String>,
    #[serde(skip)]
    pub halves: Halves,
}

/// Opens a tool call inside an assistant message.
#[protocol(event)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ToolCallStartEvent {
    pub tool_call_id: String,
    pub tool_call_name: String,
    pub parent_message_id: Option<String>,
    pub subagent_run_id: Option<String>,
}

/// Appends a fragment of a tool call's JSON arguments.
#[protocol(event)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ToolCallArgsEvent {
    pub tool_call_id: String,
    pub delta: String,
    pub subagent_run_id: Option<String>,
    #[serde(skip)]
    pub halves: Halves,
}

/// Closes a tool call: its arguments are complete.
#[protocol(event)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ToolCallEndEvent {
    pub tool_call_id: String,
    pub subagent_run_id: Option<String>,
}

/// Shorthand for a tool call's start, args and end.
#[protocol(event)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ToolCallChunkEvent {
    pub tool_call_id: Option<String>,
    pub tool_call_name: Option<String>,
    pub parent_message_id: Option<String>,
    pub delta: Option<String>,
    pub subagent_run_id: Option<String>,
    #[serde(skip)]
    pub halves: Halves,
}

/// What a tool returned; mints a tool message.
#[protocol(event)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ToolCallResultEvent {
    pub message_id: String,
    pub tool_call_id: String,
    pub content: Content,
    pub role: Option<ToolRole>,
    pub subagent_run_id: Option<String>,
}

/// Replaces the shared state wholesale.
#[protocol(event)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct StateSnapshotEvent {
    #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
    pub snapshot: LazyJson,
    pub subagent_run_id: Option<String>,
}

/// Changes the shared state by JSON Patch.
#[protocol(event)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct StateDeltaEvent {
    pub delta: Vec<PatchOp>,
    pub subagent_run_id: Option<String>,
}

/// Restates the whole conversation.
#[protocol(event)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MessagesSnapshotEvent {
    #[cfg_attr(target_arch = "wasm32", tsify(type = "Message[]"))]
    pub messages: MessageList,
}

/// Creates or replaces an activity message.
#[protocol(event)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ActivitySnapshotEvent {
    pub message_id: String,
    pub activity_type: String,
    #[cfg_attr(target_arch = "wasm32", tsify(type = "JsonObject"))]
    pub content: LazyObject,
    pub replace: Option<bool>,
    pub subagent_run_id: Option<String>,
}

/// Changes an activity message's content by JSON Patch.
#[protocol(event)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ActivityDeltaEvent {
    pub message_id: String,
    pub activity_type: String,
    pub patch: Vec<PatchOp>,
    pub subagent_run_id: Option<String>,
}

/// An event from an underlying system, passed through.
#[protocol(event)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RawEvent {
    #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
    pub event: LazyJson,
    pub source: Option<String>,
    pub subagent_run_id: Option<String>,
}

/// An application-defined event.
#[protocol(event)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CustomEvent {
    pub name: String,
    #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
    pub value: LazyJson,
    pub subagent_run_id: Option<String>,
}

/// Opens a run.
#[protocol(event)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RunStartedEvent {
    pub thread_id: String,
    pub run_id: String,
    pub protocol_version: Option<String>,
    pub parent_run_id: Option<String>,
    pub input: Option<Box<RunAgentInput>>,
}

/// Closes a run: success, interrupt or cancelled.
#[protocol(event)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RunFinishedEvent {
    pub thread_id: String,
    pub run_id: String,
    #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
    pub result: Option<LazyJson>,
    pub outcome: Option<RunOutcome>,
    pub usage: Option<Vec<TokenUsage>>,
}

/// The run failed on the agent's side.
#[protocol(event)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RunErrorEvent {
    pub message: String,
    pub code: Option<String>,
    pub usage: Option<Vec<TokenUsage>>,
}

/// Opens a named step.
#[protocol(event)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct StepStartedEvent {
    pub step_name: String,
    pub subagent_run_id: Option<String>,
}

/// Closes a named step.
#[protocol(event)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct StepFinishedEvent {
    pub step_name: String,
    pub subagent_run_id: Option<String>,
}

/// Opens a reasoning span.
#[protocol(event)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ReasoningStartEvent {
    pub message_id: String,
    pub subagent_run_id: Option<String>,
}

/// Opens a reasoning message.
#[protocol(event)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ReasoningMessageStartEvent {
    pub message_id: String,
    pub role: ReasoningRole,
    pub subagent_run_id: Option<String>,
}

/// Appends to a reasoning message.
#[protocol(event)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ReasoningMessageContentEvent {
    pub message_id: String,
    pub delta: String,
    pub subagent_run_id: Option<String>,
    #[serde(skip)]
    pub halves: Halves,
}

/// Closes a reasoning message.
#[protocol(event)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ReasoningMessageEndEvent {
    pub message_id: String,
    pub subagent_run_id: Option<String>,
}

/// Shorthand for a reasoning message's start, content and end.
#[protocol(event)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ReasoningMessageChunkEvent {
    pub message_id: Option<String>,
    pub delta: Option<String>,
    pub subagent_run_id: Option<String>,
    #[serde(skip)]
    pub halves: Halves,
}

/// Closes a reasoning span.
#[protocol(event)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ReasoningEndEvent {
    pub message_id: String,
    pub subagent_run_id: Option<String>,
}

/// What an encrypted reasoning value attaches to.
#[protocol]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "kebab-case")]
pub enum EncryptedSubtype {
    ToolCall,
    #[default]
    Message,
}

/// Attaches an opaque encrypted value to a message or tool call.
#[protocol(event)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ReasoningEncryptedValueEvent {
    pub subtype: EncryptedSubtype,
    pub entity_id: String,
    pub encrypted_value: String,
    pub subagent_run_id: Option<String>,
}

/// A subagent invocation begins.
#[protocol(event)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SubagentStartedEvent {
    pub subagent_run_id: String,
    pub name: String,
    pub description: Option<String>,
    pub parent_subagent_run_id: Option<String>,
    pub parent_tool_call_id: Option<String>,
    pub parent_message_id: Option<String>,
}

/// A subagent invocation ends.
#[protocol(event)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SubagentFinishedEvent {
    pub subagent_run_id: String,
    #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
    pub result: Option<LazyJson>,
    pub outcome: Option<SubagentOutcome>,
}

/// A subagent invocation failed.
#[protocol(event)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SubagentErrorEvent {
    pub subagent_run_id: String,
    pub message: String,
    pub code: Option<String>,
}

/// Generates the [`Event`] union and its type names from one list.
/// The events table: each event's variant, struct and type tag, and the
/// subscriber callback it calls, `on<Variant>Event`: `plain`, `with` the
/// TypeScript of its extra parameters, `as` a whole signature of its own,
/// or `none` for the `*_CHUNK` shorthands, which are expanded into the
/// events they stand for first.
/// The extra parameters of event callbacks, each name stated once:
/// `extra!(TOOL_CALL_NAME)` is `"toolCallName"`, for the binding's
/// TypeScript, and [`extras`] holds each as a constant for the code that
/// sets it.
macro_rules! extra {
    (TEXT_MESSAGE_BUFFER) => {
        "textMessageBuffer"
    };
    (REASONING_MESSAGE_BUFFER) => {
        "reasoningMessageBuffer"
    };
    (TOOL_CALL_BUFFER) => {
        "toolCallBuffer"
    };
    (TOOL_CALL_NAME) => {
        "toolCallName"
    };
    (PARTIAL_TOOL_CALL_ARGS) => {
        "partialToolCallArgs"
    };
    (TOOL_CALL_ARGS) => {
        "toolCallArgs"
    };
    (ACTIVITY_MESSAGE) => {
        "activityMessage"
    };
    (EXISTING_MESSAGE) => {
        "existingMessage"
    };
}
// For the binding's TypeScript, which only the WebAssembly build compiles.
#[allow(unused_imports)]
pub(crate) use extra;

/// The names of event callbacks' extra parameters.
pub mod extras {
    pub const TEXT_MESSAGE_BUFFER: &str = extra!(TEXT_MESSAGE_BUFFER);
    pub const REASONING_MESSAGE_BUFFER: &str = extra!(REASONING_MESSAGE_BUFFER);
    pub const TOOL_CALL_BUFFER: &str = extra!(TOOL_CALL_BUFFER);
    pub const TOOL_CALL_NAME: &str = extra!(TOOL_CALL_NAME);
    pub const PARTIAL_TOOL_CALL_ARGS: &str = extra!(PARTIAL_TOOL_CALL_ARGS);
    pub const TOOL_CALL_ARGS: &str = extra!(TOOL_CALL_ARGS);
    pub const ACTIVITY_MESSAGE: &str = extra!(ACTIVITY_MESSAGE);
    pub const EXISTING_MESSAGE: &str = extra!(EXISTING_MESSAGE);
}

macro_rules! events {
    ($($variant:ident($ty:ident) = $wire:literal, $kind:ident
        $({ $($x:ident $(: $opt:ident)?),* })?;)*) => {
        events!(@enum $($variant($ty) = $wire,)*);

        /// Every callback an event may call (`""` for the shorthands).
        pub const EVENT_CALLBACKS: &[&str] = &[$(events!(@name $kind $variant),)*];

        /// The events in the table's order.
        #[allow(dead_code)]
        enum Position {
            $($variant,)*
        }

        impl Event {
            /// The event's place in the events table (and in `EVENT_CALLBACKS`).
            pub fn position(&self) -> usize {
                match self {
                    $(Event::$variant(_) => Position::$variant as usize,)*
                }
            }

            /// The callback this event calls; `""` for a shorthand.
            pub fn callback(&self) -> &'static str {
                match self {
                    $(Event::$variant(_) => events!(@name $kind $variant),)*
                }
            }
        }
    };
    (@name none $variant:ident) => { "" };
    (@name $kind:ident $variant:ident) => { concat!("on", stringify!($variant), "Event") };
    (@enum $($variant:ident($ty:ident) = $wire:literal,)*) => {
        /// Any event of protocol 1.0.
        #[protocol]
        #[derive(Debug, Clone, PartialEq)]
        #[serde(tag = "type")]
        pub enum Event {
            $(#[serde(rename = $wire)] $variant($ty),)*
        }

        impl Event {
            /// Reads an event of a known type from its JSON object.
            pub fn from_value(type_name: &str, value: Value) -> Result<Event, String> {
                $crate::core::types::from_json::read_written(&value, |s, cx| {
                    Event::scan_as(type_name, s, cx)
                })
                .map_err(String::from)
            }

            /// The event's metadata, if it carries any.
            pub fn metadata(&self) -> Option<&Metadata> {
                match self {
                    $(Event::$variant(e) => e.metadata.as_ref(),)*
                }
            }
        }
    };
}

/// The events table: each event's variant, struct and type tag, and its
/// callback: `plain`, `with` the extras it is given (`: optional` where
/// one may be absent), `own` (its parameters are its own: RUN_FINISHED's
/// outcome), or `none` (a shorthand, expanded before any callback). Handed
/// to a macro: `events!` here, and the binding's, which writes the
/// TypeScript of the callbacks from it.
macro_rules! events_table {
    ($m:ident) => {
        $m! {
            TextMessageStart(TextMessageStartEvent) = "TEXT_MESSAGE_START", plain;
            TextMessageContent(TextMessageContentEvent) = "TEXT_MESSAGE_CONTENT", with { TEXT_MESSAGE_BUFFER };
            TextMessageEnd(TextMessageEndEvent) = "TEXT_MESSAGE_END", with { TEXT_MESSAGE_BUFFER };
            TextMessageChunk(TextMessageChunkEvent) = "TEXT_MESSAGE_CHUNK", none;
            ToolCallStart(ToolCallStartEvent) = "TOOL_CALL_START", plain;
            ToolCallArgs(ToolCallArgsEvent) = "TOOL_CALL_ARGS",
                with { TOOL_CALL_BUFFER, TOOL_CALL_NAME, PARTIAL_TOOL_CALL_ARGS };
            ToolCallEnd(ToolCallEndEvent) = "TOOL_CALL_END", with { TOOL_CALL_NAME, TOOL_CALL_ARGS };
            ToolCallChunk(ToolCallChunkEvent) = "TOOL_CALL_CHUNK", none;
            ToolCallResult(ToolCallResultEvent) = "TOOL_CALL_RESULT", plain;
            StateSnapshot(StateSnapshotEvent) = "STATE_SNAPSHOT", plain;
            StateDelta(StateDeltaEvent) = "STATE_DELTA", plain;
            MessagesSnapshot(MessagesSnapshotEvent) = "MESSAGES_SNAPSHOT", plain;
            ActivitySnapshot(ActivitySnapshotEvent) = "ACTIVITY_SNAPSHOT",
                with { ACTIVITY_MESSAGE: optional, EXISTING_MESSAGE: optional };
            ActivityDelta(ActivityDeltaEvent) = "ACTIVITY_DELTA", with { ACTIVITY_MESSAGE };
            Raw(RawEvent) = "RAW", plain;
            Custom(CustomEvent) = "CUSTOM", plain;
            RunStarted(RunStartedEvent) = "RUN_STARTED", plain;
            RunFinished(RunFinishedEvent) = "RUN_FINISHED", own;
            RunError(RunErrorEvent) = "RUN_ERROR", plain;
            StepStarted(StepStartedEvent) = "STEP_STARTED", plain;
            StepFinished(StepFinishedEvent) = "STEP_FINISHED", plain;
            ReasoningStart(ReasoningStartEvent) = "REASONING_START", plain;
            ReasoningMessageStart(ReasoningMessageStartEvent) = "REASONING_MESSAGE_START", plain;
            ReasoningMessageContent(ReasoningMessageContentEvent) = "REASONING_MESSAGE_CONTENT",
                with { REASONING_MESSAGE_BUFFER };
            ReasoningMessageEnd(ReasoningMessageEndEvent) = "REASONING_MESSAGE_END",
                with { REASONING_MESSAGE_BUFFER };
            ReasoningMessageChunk(ReasoningMessageChunkEvent) = "REASONING_MESSAGE_CHUNK", none;
            ReasoningEnd(ReasoningEndEvent) = "REASONING_END", plain;
            ReasoningEncryptedValue(ReasoningEncryptedValueEvent) = "REASONING_ENCRYPTED_VALUE", plain;
            SubagentStarted(SubagentStartedEvent) = "SUBAGENT_STARTED", plain;
            SubagentFinished(SubagentFinishedEvent) = "SUBAGENT_FINISHED", plain;
            SubagentError(SubagentErrorEvent) = "SUBAGENT_ERROR", plain;
        }
    };
}
// For the binding's TypeScript too.
#[allow(unused_imports)]
pub(crate) use events_table;

events_table!(events);

/// Every event type name of protocol 1.0.
pub const EVENT_TYPES: &[&str] = Event::TYPES;

impl Event {
    /// The `subagentRunId` attribution tag, where the event type carries one.
    pub fn subagent_run_id(&self) -> Option<&str> {
        use Event::*;
        match self {
            TextMessageStart(e) => e.subagent_run_id.as_deref(),
            TextMessageContent(e) => e.subagent_run_id.as_deref(),
            TextMessageEnd(e) => e.subagent_run_id.as_deref(),
            TextMessageChunk(e) => e.subagent_run_id.as_deref(),
            ToolCallStart(e) => e.subagent_run_id.as_deref(),
            ToolCallArgs(e) => e.subagent_run_id.as_deref(),
            ToolCallEnd(e) => e.subagent_run_id.as_deref(),
            ToolCallChunk(e) => e.subagent_run_id.as_deref(),
            ToolCallResult(e) => e.subagent_run_id.as_deref(),
            StateSnapshot(e) => e.subagent_run_id.as_deref(),
            StateDelta(e) => e.subagent_run_id.as_deref(),
            ActivitySnapshot(e) => e.subagent_run_id.as_deref(),
            ActivityDelta(e) => e.subagent_run_id.as_deref(),
            Raw(e) => e.subagent_run_id.as_deref(),
            Custom(e) => e.subagent_run_id.as_deref(),
            StepStarted(e) => e.subagent_run_id.as_deref(),
            StepFinished(e) => e.subagent_run_id.as_deref(),
            ReasoningStart(e) => e.subagent_run_id.as_deref(),
            ReasoningMessageStart(e) => e.subagent_run_id.as_deref(),
            ReasoningMessageContent(e) => e.subagent_run_id.as_deref(),
            ReasoningMessageEnd(e) => e.subagent_run_id.as_deref(),
            ReasoningMessageChunk(e) => e.subagent_run_id.as_deref(),
            ReasoningEnd(e) => e.subagent_run_id.as_deref(),
            ReasoningEncryptedValue(e) => e.subagent_run_id.as_deref(),
            SubagentStarted(e) => Some(&e.subagent_run_id),
            SubagentFinished(e) => Some(&e.subagent_run_id),
            SubagentError(e) => Some(&e.subagent_run_id),
            MessagesSnapshot(_) | RunStarted(_) | RunFinished(_) | RunError(_) => None,
        }
    }
}

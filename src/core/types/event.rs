//! The events of protocol 1.0, one struct each, and the [`Event`] union.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::content::Content;
use super::message::{Message, ReasoningRole, TextRole, ToolRole};
use super::patch::PatchOp;
use super::run::{RunAgentInput, RunOutcome, SubagentOutcome, TokenUsage};
use super::strict::{self, JsonObject, Metadata};

/// Declares an event struct with the fields every event carries.
macro_rules! event {
    ($(#[$doc:meta])* $name:ident { $($body:tt)* }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
        #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
        #[serde(rename_all = "camelCase")]
        pub struct $name {
            $($body)*
            #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::timestamp")]
            pub timestamp: Option<i64>,
            #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::non_null")]
            #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
            pub raw_event: Option<Value>,
            #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
            pub metadata: Option<Metadata>,
        }
    };
}

event!(
    /// Opens a streamed text message.
    TextMessageStartEvent {
        pub message_id: String,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub role: Option<TextRole>,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub name: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub subagent_run_id: Option<String>,
    }
);

event!(
    /// Appends a fragment to a streamed text message.
    TextMessageContentEvent {
        pub message_id: String,
        pub delta: String,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub subagent_run_id: Option<String>,
    }
);

event!(
    /// Closes a streamed text message.
    TextMessageEndEvent {
        pub message_id: String,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub subagent_run_id: Option<String>,
    }
);

event!(
    /// Shorthand for start, content and end; expanded before it is applied.
    TextMessageChunkEvent {
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub message_id: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub role: Option<TextRole>,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub delta: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub name: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub subagent_run_id: Option<String>,
    }
);

event!(
    /// Opens a tool call inside an assistant message.
    ToolCallStartEvent {
        pub tool_call_id: String,
        pub tool_call_name: String,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub parent_message_id: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub subagent_run_id: Option<String>,
    }
);

event!(
    /// Appends a fragment of a tool call's JSON arguments.
    ToolCallArgsEvent {
        pub tool_call_id: String,
        pub delta: String,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub subagent_run_id: Option<String>,
    }
);

event!(
    /// Closes a tool call: its arguments are complete.
    ToolCallEndEvent {
        pub tool_call_id: String,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub subagent_run_id: Option<String>,
    }
);

event!(
    /// Shorthand for a tool call's start, args and end.
    ToolCallChunkEvent {
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub tool_call_id: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub tool_call_name: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub parent_message_id: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub delta: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub subagent_run_id: Option<String>,
    }
);

event!(
    /// What a tool returned; mints a tool message.
    ToolCallResultEvent {
        pub message_id: String,
        pub tool_call_id: String,
        pub content: Content,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub role: Option<ToolRole>,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub subagent_run_id: Option<String>,
    }
);

event!(
    /// Replaces the shared state wholesale.
    StateSnapshotEvent {
        #[serde(deserialize_with = "strict::any_value")]
        #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
        pub snapshot: Value,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub subagent_run_id: Option<String>,
    }
);

event!(
    /// Changes the shared state by JSON Patch.
    StateDeltaEvent {
        pub delta: Vec<PatchOp>,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub subagent_run_id: Option<String>,
    }
);

event!(
    /// Restates the whole conversation.
    MessagesSnapshotEvent {
        pub messages: Vec<Message>,
    }
);

event!(
    /// Creates or replaces an activity message.
    ActivitySnapshotEvent {
        pub message_id: String,
        pub activity_type: String,
        pub content: JsonObject,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub replace: Option<bool>,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub subagent_run_id: Option<String>,
    }
);

event!(
    /// Changes an activity message's content by JSON Patch.
    ActivityDeltaEvent {
        pub message_id: String,
        pub activity_type: String,
        pub patch: Vec<PatchOp>,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub subagent_run_id: Option<String>,
    }
);

event!(
    /// An event from an underlying system, passed through.
    RawEvent {
        #[serde(deserialize_with = "strict::any_value")]
        #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
        pub event: Value,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub source: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub subagent_run_id: Option<String>,
    }
);

event!(
    /// An application-defined event.
    CustomEvent {
        pub name: String,
        #[serde(deserialize_with = "strict::any_value")]
        #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
        pub value: Value,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub subagent_run_id: Option<String>,
    }
);

event!(
    /// Opens a run.
    RunStartedEvent {
        pub thread_id: String,
        pub run_id: String,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub protocol_version: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub parent_run_id: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub input: Option<Box<RunAgentInput>>,
    }
);

event!(
    /// Closes a run: success, interrupt or cancelled.
    RunFinishedEvent {
        pub thread_id: String,
        pub run_id: String,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::non_null")]
        #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
        pub result: Option<Value>,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub outcome: Option<RunOutcome>,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub usage: Option<Vec<TokenUsage>>,
    }
);

event!(
    /// The run failed on the agent's side.
    RunErrorEvent {
        pub message: String,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub code: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub usage: Option<Vec<TokenUsage>>,
    }
);

event!(
    /// Opens a named step.
    StepStartedEvent {
        pub step_name: String,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub subagent_run_id: Option<String>,
    }
);

event!(
    /// Closes a named step.
    StepFinishedEvent {
        pub step_name: String,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub subagent_run_id: Option<String>,
    }
);

event!(
    /// Opens a reasoning span.
    ReasoningStartEvent {
        pub message_id: String,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub subagent_run_id: Option<String>,
    }
);

event!(
    /// Opens a reasoning message.
    ReasoningMessageStartEvent {
        pub message_id: String,
        pub role: ReasoningRole,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub subagent_run_id: Option<String>,
    }
);

event!(
    /// Appends to a reasoning message.
    ReasoningMessageContentEvent {
        pub message_id: String,
        pub delta: String,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub subagent_run_id: Option<String>,
    }
);

event!(
    /// Closes a reasoning message.
    ReasoningMessageEndEvent {
        pub message_id: String,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub subagent_run_id: Option<String>,
    }
);

event!(
    /// Shorthand for a reasoning message's start, content and end.
    ReasoningMessageChunkEvent {
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub message_id: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub delta: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub subagent_run_id: Option<String>,
    }
);

event!(
    /// Closes a reasoning span.
    ReasoningEndEvent {
        pub message_id: String,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub subagent_run_id: Option<String>,
    }
);

/// What an encrypted reasoning value attaches to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "kebab-case")]
pub enum EncryptedSubtype {
    ToolCall,
    #[default]
    Message,
}

event!(
    /// Attaches an opaque encrypted value to a message or tool call.
    ReasoningEncryptedValueEvent {
        pub subtype: EncryptedSubtype,
        pub entity_id: String,
        pub encrypted_value: String,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub subagent_run_id: Option<String>,
    }
);

event!(
    /// A subagent invocation begins.
    SubagentStartedEvent {
        pub subagent_run_id: String,
        pub name: String,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub description: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub parent_subagent_run_id: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub parent_tool_call_id: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub parent_message_id: Option<String>,
    }
);

event!(
    /// A subagent invocation ends.
    SubagentFinishedEvent {
        pub subagent_run_id: String,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::non_null")]
        #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
        pub result: Option<Value>,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub outcome: Option<SubagentOutcome>,
    }
);

event!(
    /// A subagent invocation failed.
    SubagentErrorEvent {
        pub subagent_run_id: String,
        pub message: String,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "strict::some")]
        pub code: Option<String>,
    }
);

/// Generates the [`Event`] union and its type names from one list.
macro_rules! events {
    ($($variant:ident($ty:ident) = $wire:literal),* $(,)?) => {
        /// Any event of protocol 1.0.
        #[derive(Debug, Clone, PartialEq, Serialize)]
        #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
        #[serde(tag = "type")]
        pub enum Event {
            $(#[serde(rename = $wire)] $variant($ty),)*
        }

        /// Every event type name of protocol 1.0.
        pub const EVENT_TYPES: &[&str] = &[$($wire),*];

        impl Event {
            /// The wire name of this event's type.
            pub fn type_name(&self) -> &'static str {
                match self {
                    $(Event::$variant(_) => $wire,)*
                }
            }

            /// Reads an event of a known type from its JSON object.
            pub fn from_value(type_name: &str, value: Value) -> Result<Event, String> {
                match type_name {
                    $($wire => typed::<$ty>(value).map(Event::$variant),)*
                    other => Err(format!("unknown event type '{other}'")),
                }
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

fn typed<T: serde::de::DeserializeOwned>(value: Value) -> Result<T, String> {
    serde_json::from_value(value).map_err(|e| e.to_string())
}

events!(
    TextMessageStart(TextMessageStartEvent) = "TEXT_MESSAGE_START",
    TextMessageContent(TextMessageContentEvent) = "TEXT_MESSAGE_CONTENT",
    TextMessageEnd(TextMessageEndEvent) = "TEXT_MESSAGE_END",
    TextMessageChunk(TextMessageChunkEvent) = "TEXT_MESSAGE_CHUNK",
    ToolCallStart(ToolCallStartEvent) = "TOOL_CALL_START",
    ToolCallArgs(ToolCallArgsEvent) = "TOOL_CALL_ARGS",
    ToolCallEnd(ToolCallEndEvent) = "TOOL_CALL_END",
    ToolCallChunk(ToolCallChunkEvent) = "TOOL_CALL_CHUNK",
    ToolCallResult(ToolCallResultEvent) = "TOOL_CALL_RESULT",
    StateSnapshot(StateSnapshotEvent) = "STATE_SNAPSHOT",
    StateDelta(StateDeltaEvent) = "STATE_DELTA",
    MessagesSnapshot(MessagesSnapshotEvent) = "MESSAGES_SNAPSHOT",
    ActivitySnapshot(ActivitySnapshotEvent) = "ACTIVITY_SNAPSHOT",
    ActivityDelta(ActivityDeltaEvent) = "ACTIVITY_DELTA",
    Raw(RawEvent) = "RAW",
    Custom(CustomEvent) = "CUSTOM",
    RunStarted(RunStartedEvent) = "RUN_STARTED",
    RunFinished(RunFinishedEvent) = "RUN_FINISHED",
    RunError(RunErrorEvent) = "RUN_ERROR",
    StepStarted(StepStartedEvent) = "STEP_STARTED",
    StepFinished(StepFinishedEvent) = "STEP_FINISHED",
    ReasoningStart(ReasoningStartEvent) = "REASONING_START",
    ReasoningMessageStart(ReasoningMessageStartEvent) = "REASONING_MESSAGE_START",
    ReasoningMessageContent(ReasoningMessageContentEvent) = "REASONING_MESSAGE_CONTENT",
    ReasoningMessageEnd(ReasoningMessageEndEvent) = "REASONING_MESSAGE_END",
    ReasoningMessageChunk(ReasoningMessageChunkEvent) = "REASONING_MESSAGE_CHUNK",
    ReasoningEnd(ReasoningEndEvent) = "REASONING_END",
    ReasoningEncryptedValue(ReasoningEncryptedValueEvent) = "REASONING_ENCRYPTED_VALUE",
    SubagentStarted(SubagentStartedEvent) = "SUBAGENT_STARTED",
    SubagentFinished(SubagentFinishedEvent) = "SUBAGENT_FINISHED",
    SubagentError(SubagentErrorEvent) = "SUBAGENT_ERROR",
);

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

//! The events of protocol 1.0, one struct each, and the [`Event`] union.

use serde::Serialize;
use serde_json::Value;

use super::content::Content;
use super::declare::{json_strings, wire_struct};
use super::from_json::FromJson;
use super::lazy_object::LazyObject;
use super::message::{ReasoningRole, TextRole, ToolRole};
use super::message_list::MessageList;
use super::patch::PatchOp;
use super::run::{RunAgentInput, RunOutcome, SubagentOutcome, TokenUsage};
use super::strict::{self, Metadata};
use crate::core::json::LazyJson;

/// Declares an event struct, with the fields every event carries, and how
/// it reads from JSON (each field names its wire key).
macro_rules! event {
    ($(#[$doc:meta])* $name:ident {
        $($(#[$fattr:meta])* pub $field:ident: $fty:ty = $wire:literal $(with $reader:path)?),* $(,)?
    } $(+ $halves:ident)?) => {
        wire_struct! {
            $(#[$doc])*
            #[derive(Debug, Clone, PartialEq, Default, Serialize)]
            #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
            pub struct $name {
                $($(#[$fattr])* pub $field: $fty = $wire $(with $reader)?,)*
                #[serde(skip_serializing_if = "Option::is_none")]
                pub timestamp: Option<i64> = "timestamp" with strict::timestamp,
                #[serde(skip_serializing_if = "Option::is_none")]
                #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
                pub raw_event: Option<Value> = "rawEvent" with strict::non_null,
                #[serde(skip_serializing_if = "Option::is_none")]
                pub metadata: Option<Metadata> = "metadata",
            }
            $(hidden {
                /// A surrogate pair's halves at the ends of `delta`
                /// (see `core::surrogates`).
                pub $halves: crate::core::surrogates::Halves,
            })?
        }
    };
}

event!(
    /// Opens a streamed text message.
    TextMessageStartEvent {
        pub message_id: String = "messageId",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub role: Option<TextRole> = "role",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub name: Option<String> = "name",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub subagent_run_id: Option<String> = "subagentRunId",
    }
);

event!(
    /// Appends a fragment to a streamed text message.
    TextMessageContentEvent {
        pub message_id: String = "messageId",
        pub delta: String = "delta",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub subagent_run_id: Option<String> = "subagentRunId",
    } + halves
);

event!(
    /// Closes a streamed text message.
    TextMessageEndEvent {
        pub message_id: String = "messageId",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub subagent_run_id: Option<String> = "subagentRunId",
    }
);

event!(
    /// Shorthand for start, content and end; expanded before it is applied.
    TextMessageChunkEvent {
        #[serde(skip_serializing_if = "Option::is_none")]
        pub message_id: Option<String> = "messageId",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub role: Option<TextRole> = "role",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub delta: Option<String> = "delta",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub name: Option<String> = "name",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub subagent_run_id: Option<String> = "subagentRunId",
    } + halves
);

event!(
    /// Opens a tool call inside an assistant message.
    ToolCallStartEvent {
        pub tool_call_id: String = "toolCallId",
        pub tool_call_name: String = "toolCallName",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub parent_message_id: Option<String> = "parentMessageId",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub subagent_run_id: Option<String> = "subagentRunId",
    }
);

event!(
    /// Appends a fragment of a tool call's JSON arguments.
    ToolCallArgsEvent {
        pub tool_call_id: String = "toolCallId",
        pub delta: String = "delta",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub subagent_run_id: Option<String> = "subagentRunId",
    } + halves
);

event!(
    /// Closes a tool call: its arguments are complete.
    ToolCallEndEvent {
        pub tool_call_id: String = "toolCallId",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub subagent_run_id: Option<String> = "subagentRunId",
    }
);

event!(
    /// Shorthand for a tool call's start, args and end.
    ToolCallChunkEvent {
        #[serde(skip_serializing_if = "Option::is_none")]
        pub tool_call_id: Option<String> = "toolCallId",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub tool_call_name: Option<String> = "toolCallName",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub parent_message_id: Option<String> = "parentMessageId",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub delta: Option<String> = "delta",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub subagent_run_id: Option<String> = "subagentRunId",
    } + halves
);

event!(
    /// What a tool returned; mints a tool message.
    ToolCallResultEvent {
        pub message_id: String = "messageId",
        pub tool_call_id: String = "toolCallId",
        pub content: Content = "content",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub role: Option<ToolRole> = "role",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub subagent_run_id: Option<String> = "subagentRunId",
    }
);

event!(
    /// Replaces the shared state wholesale.
    StateSnapshotEvent {
        #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
        pub snapshot: LazyJson = "snapshot",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub subagent_run_id: Option<String> = "subagentRunId",
    }
);

event!(
    /// Changes the shared state by JSON Patch.
    StateDeltaEvent {
        pub delta: Vec<PatchOp> = "delta",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub subagent_run_id: Option<String> = "subagentRunId",
    }
);

event!(
    /// Restates the whole conversation.
    MessagesSnapshotEvent {
        #[cfg_attr(target_arch = "wasm32", tsify(type = "Message[]"))]
        pub messages: MessageList = "messages",
    }
);

event!(
    /// Creates or replaces an activity message.
    ActivitySnapshotEvent {
        pub message_id: String = "messageId",
        pub activity_type: String = "activityType",
        #[cfg_attr(target_arch = "wasm32", tsify(type = "JsonObject"))]
        pub content: LazyObject = "content",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub replace: Option<bool> = "replace",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub subagent_run_id: Option<String> = "subagentRunId",
    }
);

event!(
    /// Changes an activity message's content by JSON Patch.
    ActivityDeltaEvent {
        pub message_id: String = "messageId",
        pub activity_type: String = "activityType",
        pub patch: Vec<PatchOp> = "patch",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub subagent_run_id: Option<String> = "subagentRunId",
    }
);

event!(
    /// An event from an underlying system, passed through.
    RawEvent {
        #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
        pub event: LazyJson = "event",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub source: Option<String> = "source",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub subagent_run_id: Option<String> = "subagentRunId",
    }
);

event!(
    /// An application-defined event.
    CustomEvent {
        pub name: String = "name",
        #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
        pub value: LazyJson = "value",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub subagent_run_id: Option<String> = "subagentRunId",
    }
);

event!(
    /// Opens a run.
    RunStartedEvent {
        pub thread_id: String = "threadId",
        pub run_id: String = "runId",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub protocol_version: Option<String> = "protocolVersion",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub parent_run_id: Option<String> = "parentRunId",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub input: Option<Box<RunAgentInput>> = "input",
    }
);

event!(
    /// Closes a run: success, interrupt or cancelled.
    RunFinishedEvent {
        pub thread_id: String = "threadId",
        pub run_id: String = "runId",
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
        pub result: Option<LazyJson> = "result",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub outcome: Option<RunOutcome> = "outcome",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub usage: Option<Vec<TokenUsage>> = "usage",
    }
);

event!(
    /// The run failed on the agent's side.
    RunErrorEvent {
        pub message: String = "message",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub code: Option<String> = "code",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub usage: Option<Vec<TokenUsage>> = "usage",
    }
);

event!(
    /// Opens a named step.
    StepStartedEvent {
        pub step_name: String = "stepName",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub subagent_run_id: Option<String> = "subagentRunId",
    }
);

event!(
    /// Closes a named step.
    StepFinishedEvent {
        pub step_name: String = "stepName",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub subagent_run_id: Option<String> = "subagentRunId",
    }
);

event!(
    /// Opens a reasoning span.
    ReasoningStartEvent {
        pub message_id: String = "messageId",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub subagent_run_id: Option<String> = "subagentRunId",
    }
);

event!(
    /// Opens a reasoning message.
    ReasoningMessageStartEvent {
        pub message_id: String = "messageId",
        pub role: ReasoningRole = "role",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub subagent_run_id: Option<String> = "subagentRunId",
    }
);

event!(
    /// Appends to a reasoning message.
    ReasoningMessageContentEvent {
        pub message_id: String = "messageId",
        pub delta: String = "delta",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub subagent_run_id: Option<String> = "subagentRunId",
    } + halves
);

event!(
    /// Closes a reasoning message.
    ReasoningMessageEndEvent {
        pub message_id: String = "messageId",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub subagent_run_id: Option<String> = "subagentRunId",
    }
);

event!(
    /// Shorthand for a reasoning message's start, content and end.
    ReasoningMessageChunkEvent {
        #[serde(skip_serializing_if = "Option::is_none")]
        pub message_id: Option<String> = "messageId",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub delta: Option<String> = "delta",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub subagent_run_id: Option<String> = "subagentRunId",
    } + halves
);

event!(
    /// Closes a reasoning span.
    ReasoningEndEvent {
        pub message_id: String = "messageId",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub subagent_run_id: Option<String> = "subagentRunId",
    }
);

/// What an encrypted reasoning value attaches to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "kebab-case")]
pub enum EncryptedSubtype {
    ToolCall,
    #[default]
    Message,
}

json_strings!(EncryptedSubtype {
    "tool-call" => ToolCall,
    "message" => Message,
});

event!(
    /// Attaches an opaque encrypted value to a message or tool call.
    ReasoningEncryptedValueEvent {
        pub subtype: EncryptedSubtype = "subtype",
        pub entity_id: String = "entityId",
        pub encrypted_value: String = "encryptedValue",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub subagent_run_id: Option<String> = "subagentRunId",
    }
);

event!(
    /// A subagent invocation begins.
    SubagentStartedEvent {
        pub subagent_run_id: String = "subagentRunId",
        pub name: String = "name",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub description: Option<String> = "description",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub parent_subagent_run_id: Option<String> = "parentSubagentRunId",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub parent_tool_call_id: Option<String> = "parentToolCallId",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub parent_message_id: Option<String> = "parentMessageId",
    }
);

event!(
    /// A subagent invocation ends.
    SubagentFinishedEvent {
        pub subagent_run_id: String = "subagentRunId",
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
        pub result: Option<LazyJson> = "result",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub outcome: Option<SubagentOutcome> = "outcome",
    }
);

event!(
    /// A subagent invocation failed.
    SubagentErrorEvent {
        pub subagent_run_id: String = "subagentRunId",
        pub message: String = "message",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub code: Option<String> = "code",
    }
);

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

        $(impl $ty {
            /// The event's type tag.
            #[allow(dead_code)]
            pub const TYPE: &'static str = $wire;
        })*

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
        #[derive(Debug, Clone, PartialEq, Serialize)]
        #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
        #[serde(tag = "type")]
        pub enum Event {
            $(#[serde(rename = $wire)] $variant($ty),)*
        }

        /// Written as serde writes an internally tagged union: `type` first.
        impl $crate::core::json::ToJson for Event {
            fn write_json(&self, out: &mut String) {
                let mut o = $crate::core::json::Object::open(out);
                o.field(Event::TAG, self.type_name());
                match self {
                    $(Event::$variant(e) => $crate::core::json::JsonFields::write_fields(e, &mut o),)*
                }
                o.close();
            }
        }

        impl Event {
            /// The member naming an event's type (serde's `tag` above).
            pub const TAG: &'static str = "type";
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
                $crate::core::types::from_json::read_written(&value, |s, cx| {
                    Event::scan_as(type_name, s, cx)
                })
                .map_err(String::from)
            }

            /// Reads an event of type `type_name` from the object at `s`.
            pub fn scan_as(
                type_name: &str,
                s: &mut $crate::core::json::Scanner<'_>,
                cx: &mut $crate::core::types::scan::ScanCx<'_>,
            ) -> $crate::core::types::scan::Scan<Event> {
                match type_name {
                    $($wire => $ty::scan(s, cx).map(Event::$variant),)*
                    other => Err($crate::core::types::from_json::ReadError::new(
                        format!("unknown event type '{other}'"),
                    ).into()),
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

//! The AG-UI protobuf schema as `@ag-ui/proto` 1.0.0 writes it: one message
//! per event, the `Event` envelope that carries one of them, and the types
//! they share. Field numbers are the schema's; the definitions are our own.
//!
//! Three departures from a literal transcription, all invisible on the wire:
//!
//! - `google.protobuf.Value` and `Struct` fields are kept as the raw bytes of
//!   each occurrence (`repeated bytes`, which reads the same records) and
//!   decoded by [`super::value`]. prost would decode them recursively with a
//!   fixed nesting limit of 100 messages, about 33 levels of JSON, where the
//!   SSE path accepts 128; our reader counts JSON levels and is the one limit.
//! - The arms of the two small oneofs inside content parts (`InputContent`,
//!   `InputContentSource`) are separate optional fields, so a part that
//!   names two arms can be rejected, as the reference does, rather than
//!   silently keep the last.
//! - Strings are [`Text`] (bytes), decoded leniently.

/// Raw occurrences of a `google.protobuf.Value` or `Struct` field.
pub type Json = Vec<Vec<u8>>;

/// A protobuf `string`, read as bytes: prost would refuse invalid UTF-8,
/// where the reference's `TextDecoder` (and our SSE parser) replace it with
/// U+FFFD. `convert::ToJson` makes the JSON string.
pub type Text = Vec<u8>;

#[derive(Clone, PartialEq, prost::Message)]
pub struct BaseEvent {
    #[prost(int32, tag = "1")]
    pub r#type: i32,
    #[prost(int64, optional, tag = "2")]
    pub timestamp: Option<i64>,
    /// Value.
    #[prost(bytes = "vec", repeated, tag = "3")]
    pub raw_event: Json,
    /// Struct.
    #[prost(bytes = "vec", repeated, tag = "4")]
    pub metadata: Json,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct TextMessageStartEvent {
    #[prost(message, optional, tag = "1")]
    pub base_event: Option<BaseEvent>,
    #[prost(bytes = "vec", tag = "2")]
    pub message_id: Text,
    #[prost(bytes = "vec", optional, tag = "3")]
    pub role: Option<Text>,
    #[prost(bytes = "vec", optional, tag = "4")]
    pub name: Option<Text>,
    #[prost(bytes = "vec", optional, tag = "5")]
    pub subagent_run_id: Option<Text>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct TextMessageContentEvent {
    #[prost(message, optional, tag = "1")]
    pub base_event: Option<BaseEvent>,
    #[prost(bytes = "vec", tag = "2")]
    pub message_id: Text,
    #[prost(bytes = "vec", tag = "3")]
    pub delta: Text,
    #[prost(bytes = "vec", optional, tag = "4")]
    pub subagent_run_id: Option<Text>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct TextMessageEndEvent {
    #[prost(message, optional, tag = "1")]
    pub base_event: Option<BaseEvent>,
    #[prost(bytes = "vec", tag = "2")]
    pub message_id: Text,
    #[prost(bytes = "vec", optional, tag = "3")]
    pub subagent_run_id: Option<Text>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct TextMessageChunkEvent {
    #[prost(message, optional, tag = "1")]
    pub base_event: Option<BaseEvent>,
    #[prost(bytes = "vec", optional, tag = "2")]
    pub message_id: Option<Text>,
    #[prost(bytes = "vec", optional, tag = "3")]
    pub role: Option<Text>,
    #[prost(bytes = "vec", optional, tag = "4")]
    pub delta: Option<Text>,
    #[prost(bytes = "vec", optional, tag = "5")]
    pub name: Option<Text>,
    #[prost(bytes = "vec", optional, tag = "6")]
    pub subagent_run_id: Option<Text>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct ToolCallStartEvent {
    #[prost(message, optional, tag = "1")]
    pub base_event: Option<BaseEvent>,
    #[prost(bytes = "vec", tag = "2")]
    pub tool_call_id: Text,
    #[prost(bytes = "vec", tag = "3")]
    pub tool_call_name: Text,
    #[prost(bytes = "vec", optional, tag = "4")]
    pub parent_message_id: Option<Text>,
    #[prost(bytes = "vec", optional, tag = "5")]
    pub subagent_run_id: Option<Text>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct ToolCallArgsEvent {
    #[prost(message, optional, tag = "1")]
    pub base_event: Option<BaseEvent>,
    #[prost(bytes = "vec", tag = "2")]
    pub tool_call_id: Text,
    #[prost(bytes = "vec", tag = "3")]
    pub delta: Text,
    #[prost(bytes = "vec", optional, tag = "4")]
    pub subagent_run_id: Option<Text>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct ToolCallEndEvent {
    #[prost(message, optional, tag = "1")]
    pub base_event: Option<BaseEvent>,
    #[prost(bytes = "vec", tag = "2")]
    pub tool_call_id: Text,
    #[prost(bytes = "vec", optional, tag = "3")]
    pub subagent_run_id: Option<Text>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct ToolCallChunkEvent {
    #[prost(message, optional, tag = "1")]
    pub base_event: Option<BaseEvent>,
    #[prost(bytes = "vec", optional, tag = "2")]
    pub tool_call_id: Option<Text>,
    #[prost(bytes = "vec", optional, tag = "3")]
    pub tool_call_name: Option<Text>,
    #[prost(bytes = "vec", optional, tag = "4")]
    pub parent_message_id: Option<Text>,
    #[prost(bytes = "vec", optional, tag = "5")]
    pub delta: Option<Text>,
    #[prost(bytes = "vec", optional, tag = "6")]
    pub subagent_run_id: Option<Text>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct ToolCallResultEvent {
    #[prost(message, optional, tag = "1")]
    pub base_event: Option<BaseEvent>,
    #[prost(bytes = "vec", optional, tag = "2")]
    pub subagent_run_id: Option<Text>,
    #[prost(bytes = "vec", tag = "3")]
    pub message_id: Text,
    #[prost(bytes = "vec", tag = "4")]
    pub tool_call_id: Text,
    /// String content; parts travel in `content_parts`.
    #[prost(bytes = "vec", optional, tag = "5")]
    pub content: Option<Text>,
    #[prost(bytes = "vec", optional, tag = "6")]
    pub role: Option<Text>,
    #[prost(message, repeated, tag = "7")]
    pub content_parts: Vec<InputContent>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct StateSnapshotEvent {
    #[prost(message, optional, tag = "1")]
    pub base_event: Option<BaseEvent>,
    /// Value.
    #[prost(bytes = "vec", repeated, tag = "2")]
    pub snapshot: Json,
    #[prost(bytes = "vec", optional, tag = "3")]
    pub subagent_run_id: Option<Text>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct StateDeltaEvent {
    #[prost(message, optional, tag = "1")]
    pub base_event: Option<BaseEvent>,
    #[prost(message, repeated, tag = "2")]
    pub delta: Vec<JsonPatchOperation>,
    #[prost(bytes = "vec", optional, tag = "3")]
    pub subagent_run_id: Option<Text>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct MessagesSnapshotEvent {
    #[prost(message, optional, tag = "1")]
    pub base_event: Option<BaseEvent>,
    #[prost(message, repeated, tag = "2")]
    pub messages: Vec<Message>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct ActivitySnapshotEvent {
    #[prost(message, optional, tag = "1")]
    pub base_event: Option<BaseEvent>,
    #[prost(bytes = "vec", optional, tag = "2")]
    pub subagent_run_id: Option<Text>,
    #[prost(bytes = "vec", tag = "3")]
    pub message_id: Text,
    #[prost(bytes = "vec", tag = "4")]
    pub activity_type: Text,
    /// Struct.
    #[prost(bytes = "vec", repeated, tag = "5")]
    pub content: Json,
    #[prost(bool, optional, tag = "6")]
    pub replace: Option<bool>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct ActivityDeltaEvent {
    #[prost(message, optional, tag = "1")]
    pub base_event: Option<BaseEvent>,
    #[prost(bytes = "vec", optional, tag = "2")]
    pub subagent_run_id: Option<Text>,
    #[prost(bytes = "vec", tag = "3")]
    pub message_id: Text,
    #[prost(bytes = "vec", tag = "4")]
    pub activity_type: Text,
    #[prost(message, repeated, tag = "5")]
    pub patch: Vec<JsonPatchOperation>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct RawEvent {
    #[prost(message, optional, tag = "1")]
    pub base_event: Option<BaseEvent>,
    /// Value.
    #[prost(bytes = "vec", repeated, tag = "2")]
    pub event: Json,
    #[prost(bytes = "vec", optional, tag = "3")]
    pub source: Option<Text>,
    #[prost(bytes = "vec", optional, tag = "4")]
    pub subagent_run_id: Option<Text>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct CustomEvent {
    #[prost(message, optional, tag = "1")]
    pub base_event: Option<BaseEvent>,
    #[prost(bytes = "vec", tag = "2")]
    pub name: Text,
    /// Value.
    #[prost(bytes = "vec", repeated, tag = "3")]
    pub value: Json,
    #[prost(bytes = "vec", optional, tag = "4")]
    pub subagent_run_id: Option<Text>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct RunStartedEvent {
    #[prost(message, optional, tag = "1")]
    pub base_event: Option<BaseEvent>,
    #[prost(bytes = "vec", tag = "2")]
    pub thread_id: Text,
    #[prost(bytes = "vec", tag = "3")]
    pub run_id: Text,
    #[prost(bytes = "vec", optional, tag = "4")]
    pub parent_run_id: Option<Text>,
    #[prost(message, optional, tag = "5")]
    pub input: Option<RunAgentInput>,
    #[prost(bytes = "vec", optional, tag = "6")]
    pub protocol_version: Option<Text>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct Usage {
    #[prost(bytes = "vec", optional, tag = "1")]
    pub provider: Option<Text>,
    #[prost(bytes = "vec", optional, tag = "2")]
    pub model: Option<Text>,
    #[prost(int64, optional, tag = "3")]
    pub input_tokens: Option<i64>,
    #[prost(int64, optional, tag = "4")]
    pub output_tokens: Option<i64>,
    #[prost(int64, optional, tag = "5")]
    pub total_tokens: Option<i64>,
    #[prost(int64, optional, tag = "6")]
    pub reasoning_tokens: Option<i64>,
    #[prost(int64, optional, tag = "7")]
    pub cached_input_tokens: Option<i64>,
    #[prost(int64, optional, tag = "8")]
    pub cache_write_input_tokens: Option<i64>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct RunFinishedEvent {
    #[prost(message, optional, tag = "1")]
    pub base_event: Option<BaseEvent>,
    #[prost(bytes = "vec", tag = "2")]
    pub thread_id: Text,
    #[prost(bytes = "vec", tag = "3")]
    pub run_id: Text,
    /// Value.
    #[prost(bytes = "vec", repeated, tag = "4")]
    pub result: Json,
    /// The outcome's `type`; its payload is the two lists below.
    #[prost(bytes = "vec", tag = "5")]
    pub outcome: Text,
    #[prost(message, repeated, tag = "6")]
    pub interrupts: Vec<Interrupt>,
    #[prost(message, repeated, tag = "7")]
    pub usage: Vec<Usage>,
    #[prost(bytes = "vec", repeated, tag = "8")]
    pub pending_tool_call_ids: Vec<Text>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct RunErrorEvent {
    #[prost(message, optional, tag = "1")]
    pub base_event: Option<BaseEvent>,
    #[prost(bytes = "vec", optional, tag = "2")]
    pub code: Option<Text>,
    #[prost(bytes = "vec", tag = "3")]
    pub message: Text,
    #[prost(message, repeated, tag = "4")]
    pub usage: Vec<Usage>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct StepEvent {
    #[prost(message, optional, tag = "1")]
    pub base_event: Option<BaseEvent>,
    #[prost(bytes = "vec", tag = "2")]
    pub step_name: Text,
    #[prost(bytes = "vec", optional, tag = "3")]
    pub subagent_run_id: Option<Text>,
}

/// REASONING_START, REASONING_MESSAGE_END and REASONING_END: the same fields.
#[derive(Clone, PartialEq, prost::Message)]
pub struct ReasoningIdEvent {
    #[prost(message, optional, tag = "1")]
    pub base_event: Option<BaseEvent>,
    #[prost(bytes = "vec", optional, tag = "2")]
    pub subagent_run_id: Option<Text>,
    #[prost(bytes = "vec", tag = "3")]
    pub message_id: Text,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct ReasoningMessageStartEvent {
    #[prost(message, optional, tag = "1")]
    pub base_event: Option<BaseEvent>,
    #[prost(bytes = "vec", optional, tag = "2")]
    pub subagent_run_id: Option<Text>,
    #[prost(bytes = "vec", tag = "3")]
    pub message_id: Text,
    #[prost(bytes = "vec", tag = "4")]
    pub role: Text,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct ReasoningMessageContentEvent {
    #[prost(message, optional, tag = "1")]
    pub base_event: Option<BaseEvent>,
    #[prost(bytes = "vec", optional, tag = "2")]
    pub subagent_run_id: Option<Text>,
    #[prost(bytes = "vec", tag = "3")]
    pub message_id: Text,
    #[prost(bytes = "vec", tag = "4")]
    pub delta: Text,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct ReasoningMessageChunkEvent {
    #[prost(message, optional, tag = "1")]
    pub base_event: Option<BaseEvent>,
    #[prost(bytes = "vec", optional, tag = "2")]
    pub subagent_run_id: Option<Text>,
    #[prost(bytes = "vec", optional, tag = "3")]
    pub message_id: Option<Text>,
    #[prost(bytes = "vec", optional, tag = "4")]
    pub delta: Option<Text>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct ReasoningEncryptedValueEvent {
    #[prost(message, optional, tag = "1")]
    pub base_event: Option<BaseEvent>,
    #[prost(bytes = "vec", optional, tag = "2")]
    pub subagent_run_id: Option<Text>,
    #[prost(bytes = "vec", tag = "3")]
    pub subtype: Text,
    #[prost(bytes = "vec", tag = "4")]
    pub entity_id: Text,
    #[prost(bytes = "vec", tag = "5")]
    pub encrypted_value: Text,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct SubagentStartedEvent {
    #[prost(message, optional, tag = "1")]
    pub base_event: Option<BaseEvent>,
    #[prost(bytes = "vec", tag = "2")]
    pub subagent_run_id: Text,
    #[prost(bytes = "vec", tag = "3")]
    pub name: Text,
    #[prost(bytes = "vec", optional, tag = "4")]
    pub description: Option<Text>,
    #[prost(bytes = "vec", optional, tag = "5")]
    pub parent_subagent_run_id: Option<Text>,
    #[prost(bytes = "vec", optional, tag = "6")]
    pub parent_tool_call_id: Option<Text>,
    #[prost(bytes = "vec", optional, tag = "7")]
    pub parent_message_id: Option<Text>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct SubagentFinishedEvent {
    #[prost(message, optional, tag = "1")]
    pub base_event: Option<BaseEvent>,
    #[prost(bytes = "vec", tag = "2")]
    pub subagent_run_id: Text,
    /// Value.
    #[prost(bytes = "vec", repeated, tag = "3")]
    pub result: Json,
    #[prost(bytes = "vec", tag = "4")]
    pub outcome: Text,
    #[prost(bytes = "vec", repeated, tag = "5")]
    pub interrupt_ids: Vec<Text>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct SubagentErrorEvent {
    #[prost(message, optional, tag = "1")]
    pub base_event: Option<BaseEvent>,
    #[prost(bytes = "vec", tag = "2")]
    pub subagent_run_id: Text,
    #[prost(bytes = "vec", tag = "3")]
    pub message: Text,
    #[prost(bytes = "vec", optional, tag = "4")]
    pub code: Option<Text>,
}

/// The frame: exactly one event.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Envelope {
    #[prost(
        oneof = "Arm",
        tags = "1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31"
    )]
    pub event: Option<Arm>,
}

/// The envelope's arms, by field number.
#[derive(Clone, PartialEq, prost::Oneof)]
pub enum Arm {
    #[prost(message, tag = "1")]
    TextMessageStart(TextMessageStartEvent),
    #[prost(message, tag = "2")]
    TextMessageContent(TextMessageContentEvent),
    #[prost(message, tag = "3")]
    TextMessageEnd(TextMessageEndEvent),
    #[prost(message, tag = "4")]
    ToolCallStart(ToolCallStartEvent),
    #[prost(message, tag = "5")]
    ToolCallArgs(ToolCallArgsEvent),
    #[prost(message, tag = "6")]
    ToolCallEnd(ToolCallEndEvent),
    #[prost(message, tag = "7")]
    StateSnapshot(StateSnapshotEvent),
    #[prost(message, tag = "8")]
    StateDelta(StateDeltaEvent),
    #[prost(message, tag = "9")]
    MessagesSnapshot(MessagesSnapshotEvent),
    #[prost(message, tag = "10")]
    Raw(RawEvent),
    #[prost(message, tag = "11")]
    Custom(CustomEvent),
    #[prost(message, tag = "12")]
    RunStarted(RunStartedEvent),
    #[prost(message, tag = "13")]
    RunFinished(RunFinishedEvent),
    #[prost(message, tag = "14")]
    RunError(RunErrorEvent),
    #[prost(message, tag = "15")]
    StepStarted(StepEvent),
    #[prost(message, tag = "16")]
    StepFinished(StepEvent),
    #[prost(message, tag = "17")]
    TextMessageChunk(TextMessageChunkEvent),
    #[prost(message, tag = "18")]
    ToolCallChunk(ToolCallChunkEvent),
    #[prost(message, tag = "19")]
    SubagentStarted(SubagentStartedEvent),
    #[prost(message, tag = "20")]
    SubagentFinished(SubagentFinishedEvent),
    #[prost(message, tag = "21")]
    SubagentError(SubagentErrorEvent),
    #[prost(message, tag = "22")]
    ToolCallResult(ToolCallResultEvent),
    #[prost(message, tag = "23")]
    ActivitySnapshot(ActivitySnapshotEvent),
    #[prost(message, tag = "24")]
    ActivityDelta(ActivityDeltaEvent),
    #[prost(message, tag = "25")]
    ReasoningStart(ReasoningIdEvent),
    #[prost(message, tag = "26")]
    ReasoningMessageStart(ReasoningMessageStartEvent),
    #[prost(message, tag = "27")]
    ReasoningMessageContent(ReasoningMessageContentEvent),
    #[prost(message, tag = "28")]
    ReasoningMessageEnd(ReasoningIdEvent),
    #[prost(message, tag = "29")]
    ReasoningMessageChunk(ReasoningMessageChunkEvent),
    #[prost(message, tag = "30")]
    ReasoningEnd(ReasoningIdEvent),
    #[prost(message, tag = "31")]
    ReasoningEncryptedValue(ReasoningEncryptedValueEvent),
}

/// The highest field number the envelope uses: 1..=this are its arms.
pub const LAST_ARM: u32 = 31;

#[derive(Clone, PartialEq, prost::Message)]
pub struct JsonPatchOperation {
    /// add, remove, replace, move, copy, test = 0..=5.
    #[prost(int32, tag = "1")]
    pub op: i32,
    #[prost(bytes = "vec", tag = "2")]
    pub path: Text,
    #[prost(bytes = "vec", optional, tag = "3")]
    pub from: Option<Text>,
    /// Value.
    #[prost(bytes = "vec", repeated, tag = "4")]
    pub value: Json,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct ToolCallFunction {
    #[prost(bytes = "vec", tag = "1")]
    pub name: Text,
    #[prost(bytes = "vec", tag = "2")]
    pub arguments: Text,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct ToolCall {
    #[prost(bytes = "vec", tag = "1")]
    pub id: Text,
    #[prost(bytes = "vec", tag = "2")]
    pub r#type: Text,
    #[prost(message, optional, tag = "3")]
    pub function: Option<ToolCallFunction>,
    /// Struct.
    #[prost(bytes = "vec", repeated, tag = "4")]
    pub metadata: Json,
    #[prost(bytes = "vec", optional, tag = "5")]
    pub encrypted_value: Option<Text>,
}

/// The union of every role's fields; which field feeds `content` depends on
/// the role (see `convert::message`).
#[derive(Clone, PartialEq, prost::Message)]
pub struct Message {
    #[prost(bytes = "vec", tag = "1")]
    pub id: Text,
    #[prost(bytes = "vec", tag = "2")]
    pub role: Text,
    #[prost(bytes = "vec", optional, tag = "3")]
    pub content: Option<Text>,
    #[prost(bytes = "vec", optional, tag = "4")]
    pub name: Option<Text>,
    #[prost(message, repeated, tag = "5")]
    pub tool_calls: Vec<ToolCall>,
    #[prost(bytes = "vec", optional, tag = "6")]
    pub tool_call_id: Option<Text>,
    #[prost(bytes = "vec", optional, tag = "7")]
    pub error: Option<Text>,
    #[prost(message, repeated, tag = "8")]
    pub content_parts: Vec<InputContent>,
    /// Struct.
    #[prost(bytes = "vec", repeated, tag = "9")]
    pub metadata: Json,
    #[prost(bytes = "vec", optional, tag = "10")]
    pub subagent_run_id: Option<Text>,
    #[prost(bytes = "vec", optional, tag = "11")]
    pub encrypted_value: Option<Text>,
    #[prost(bytes = "vec", optional, tag = "12")]
    pub activity_type: Option<Text>,
    /// Struct.
    #[prost(bytes = "vec", repeated, tag = "13")]
    pub activity_content: Json,
}

/// One content part; exactly one arm may be set.
#[derive(Clone, PartialEq, prost::Message)]
pub struct InputContent {
    #[prost(message, optional, tag = "1")]
    pub text: Option<TextInputPart>,
    #[prost(message, optional, tag = "2")]
    pub image: Option<MediaInputPart>,
    #[prost(message, optional, tag = "3")]
    pub audio: Option<MediaInputPart>,
    #[prost(message, optional, tag = "4")]
    pub video: Option<MediaInputPart>,
    #[prost(message, optional, tag = "5")]
    pub document: Option<MediaInputPart>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct TextInputPart {
    #[prost(bytes = "vec", tag = "1")]
    pub text: Text,
    #[prost(bytes = "vec", optional, tag = "2")]
    pub id: Option<Text>,
    /// Value.
    #[prost(bytes = "vec", repeated, tag = "3")]
    pub metadata: Json,
}

/// Image, audio, video and document parts share one layout.
#[derive(Clone, PartialEq, prost::Message)]
pub struct MediaInputPart {
    #[prost(message, optional, tag = "1")]
    pub source: Option<InputContentSource>,
    /// Value.
    #[prost(bytes = "vec", repeated, tag = "2")]
    pub metadata: Json,
    #[prost(bytes = "vec", optional, tag = "3")]
    pub id: Option<Text>,
}

/// Where a media part's bytes are; exactly one arm may be set.
#[derive(Clone, PartialEq, prost::Message)]
pub struct InputContentSource {
    #[prost(message, optional, tag = "1")]
    pub data: Option<DataSource>,
    #[prost(message, optional, tag = "2")]
    pub url: Option<UrlSource>,
    #[prost(message, optional, tag = "3")]
    pub file: Option<FileSource>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct DataSource {
    #[prost(bytes = "vec", tag = "1")]
    pub value: Text,
    #[prost(bytes = "vec", tag = "2")]
    pub mime_type: Text,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct UrlSource {
    #[prost(bytes = "vec", tag = "1")]
    pub value: Text,
    #[prost(bytes = "vec", optional, tag = "2")]
    pub mime_type: Option<Text>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct FileSource {
    #[prost(bytes = "vec", tag = "1")]
    pub value: Text,
    #[prost(bytes = "vec", optional, tag = "2")]
    pub provider: Option<Text>,
    #[prost(bytes = "vec", optional, tag = "3")]
    pub mime_type: Option<Text>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct Tool {
    #[prost(bytes = "vec", tag = "1")]
    pub name: Text,
    #[prost(bytes = "vec", tag = "2")]
    pub description: Text,
    /// Value.
    #[prost(bytes = "vec", repeated, tag = "3")]
    pub parameters: Json,
    /// Struct.
    #[prost(bytes = "vec", repeated, tag = "4")]
    pub metadata: Json,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct Context {
    #[prost(bytes = "vec", tag = "1")]
    pub description: Text,
    #[prost(bytes = "vec", tag = "2")]
    pub value: Text,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct ResumeEntry {
    #[prost(bytes = "vec", tag = "1")]
    pub interrupt_id: Text,
    #[prost(bytes = "vec", tag = "2")]
    pub status: Text,
    /// Value.
    #[prost(bytes = "vec", repeated, tag = "3")]
    pub payload: Json,
    /// Struct.
    #[prost(bytes = "vec", repeated, tag = "4")]
    pub metadata: Json,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct RunAgentInput {
    #[prost(bytes = "vec", tag = "1")]
    pub thread_id: Text,
    #[prost(bytes = "vec", tag = "2")]
    pub run_id: Text,
    #[prost(bytes = "vec", optional, tag = "3")]
    pub parent_run_id: Option<Text>,
    /// Value.
    #[prost(bytes = "vec", repeated, tag = "4")]
    pub state: Json,
    #[prost(message, repeated, tag = "5")]
    pub messages: Vec<Message>,
    #[prost(message, repeated, tag = "6")]
    pub tools: Vec<Tool>,
    #[prost(message, repeated, tag = "7")]
    pub context: Vec<Context>,
    /// Value.
    #[prost(bytes = "vec", repeated, tag = "8")]
    pub forwarded_props: Json,
    #[prost(message, repeated, tag = "9")]
    pub resume: Vec<ResumeEntry>,
    #[prost(bytes = "vec", optional, tag = "10")]
    pub protocol_version: Option<Text>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct Interrupt {
    #[prost(bytes = "vec", tag = "1")]
    pub id: Text,
    #[prost(bytes = "vec", tag = "2")]
    pub reason: Text,
    #[prost(bytes = "vec", optional, tag = "3")]
    pub message: Option<Text>,
    #[prost(bytes = "vec", optional, tag = "4")]
    pub tool_call_id: Option<Text>,
    /// Value.
    #[prost(bytes = "vec", repeated, tag = "5")]
    pub response_schema: Json,
    #[prost(bytes = "vec", optional, tag = "6")]
    pub expires_at: Option<Text>,
    /// Value.
    #[prost(bytes = "vec", repeated, tag = "7")]
    pub metadata: Json,
    #[prost(bytes = "vec", optional, tag = "8")]
    pub subagent_run_id: Option<Text>,
}

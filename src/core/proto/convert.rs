//! Decoded protobuf events to the JSON object the same event has over SSE,
//! field for field as `@ag-ui/proto` 1.0.0 builds it, so that
//! `Decoder::decode_value` (compatibility, enforcement, validation) judges
//! both transports alike. Nothing here validates what it may pass on: a
//! missing required string is `""` (proto3's default), and the schema check
//! downstream says whether that is acceptable.

use serde_json::{Map, Value as Json};

use super::message::{interrupt, message, parts, run_agent_input, usage};
use super::schema::*;
use super::value;
use crate::core::decode::Warnings;

/// What a decoded field becomes in JSON. Deliberately not `Into<Json>`:
/// serde_json turns a `Vec<u8>` into an array of numbers, and a protobuf
/// string ([`Text`]) must become a JSON string.
pub(super) trait ToJson {
    fn to_json(self) -> Json;
}

impl ToJson for Text {
    fn to_json(self) -> Json {
        Json::String(text(self))
    }
}

impl ToJson for &str {
    fn to_json(self) -> Json {
        Json::String(self.to_owned())
    }
}

impl ToJson for String {
    fn to_json(self) -> Json {
        Json::String(self)
    }
}

impl ToJson for Json {
    fn to_json(self) -> Json {
        self
    }
}

impl ToJson for Vec<Json> {
    fn to_json(self) -> Json {
        Json::Array(self)
    }
}

impl ToJson for bool {
    fn to_json(self) -> Json {
        Json::Bool(self)
    }
}

impl ToJson for i64 {
    fn to_json(self) -> Json {
        Json::from(self)
    }
}

/// A protobuf string as the reference's `TextDecoder` reads it: invalid
/// UTF-8 becomes U+FFFD. No copy when the bytes are valid.
pub(super) fn text(bytes: Text) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// A JSON object under construction; absent optional fields stay absent.
/// Boxed: the builder moves through a few hundred chained calls, and a
/// one-word move is measurably smaller WebAssembly than the map itself.
pub(super) struct Obj(Box<Map<String, Json>>);

impl Obj {
    pub fn new() -> Self {
        Obj(Box::default())
    }

    /// A field that is always present (proto3 scalars default to `""`).
    pub fn put(mut self, key: &str, value: impl ToJson) -> Self {
        self.0.insert(key.to_owned(), value.to_json());
        self
    }

    /// An optional field: present only when set.
    pub fn opt(mut self, key: &str, value: Option<impl ToJson>) -> Self {
        if let Some(v) = value {
            self.0.insert(key.to_owned(), v.to_json());
        }
        self
    }

    /// A `google.protobuf.Value` field.
    pub fn value(self, key: &str, raw: &[Vec<u8>]) -> Result<Self, String> {
        let v = value::value(raw).map_err(|e| format!("{key}: {e}"))?;
        Ok(self.opt(key, v))
    }

    /// A `google.protobuf.Struct` field.
    pub fn object(self, key: &str, raw: &[Vec<u8>]) -> Result<Self, String> {
        let v = value::object(raw).map_err(|e| format!("{key}: {e}"))?;
        Ok(self.opt(key, v.map(Json::Object)))
    }

    /// A list that is left out when empty.
    pub fn non_empty(self, key: &str, list: Vec<Json>) -> Self {
        self.opt(key, (!list.is_empty()).then_some(list))
    }

    pub fn done(self) -> Json {
        Json::Object(*self.0)
    }
}

/// `MAX_SAFE_INTEGER`: int64 fields beyond it are rejected, as the
/// reference's `longToNumber` does, since JSON numbers cannot hold them.
pub(super) fn safe(key: &str, n: Option<i64>) -> Result<Option<i64>, String> {
    const MAX_SAFE: i64 = (1 << 53) - 1;
    match n {
        Some(n) if !(-MAX_SAFE..=MAX_SAFE).contains(&n) => Err(format!(
            "{key}: {n} is outside the safe-integer range of a JSON number"
        )),
        other => Ok(other),
    }
}

/// The fields every event carries; the arm fixes the type, and the base
/// event must agree with it.
fn base(ty: &str, number: i32, base: Option<BaseEvent>) -> Result<Obj, String> {
    let base = base.ok_or_else(|| format!("Invalid event: {ty} carries no base event"))?;
    if base.r#type != number {
        return Err(format!(
            "Invalid event: envelope carries {ty} but the base event declares type {}",
            base.r#type
        ));
    }
    Obj::new()
        .put("type", ty)
        .opt("timestamp", safe("timestamp", base.timestamp)?)
        .value("rawEvent", &base.raw_event)?
        .object("metadata", &base.metadata)
}

/// One event from its envelope arm.
pub(super) fn event(arm: Arm, warnings: &mut Warnings) -> Result<Json, String> {
    use Arm::*;
    let e = match arm {
        TextMessageStart(e) => base("TEXT_MESSAGE_START", 0, e.base_event)?
            .put("messageId", e.message_id)
            .opt("role", e.role)
            .opt("name", e.name)
            .opt("subagentRunId", e.subagent_run_id),
        TextMessageContent(e) => base("TEXT_MESSAGE_CONTENT", 1, e.base_event)?
            .put("messageId", e.message_id)
            .put("delta", e.delta)
            .opt("subagentRunId", e.subagent_run_id),
        TextMessageEnd(e) => base("TEXT_MESSAGE_END", 2, e.base_event)?
            .put("messageId", e.message_id)
            .opt("subagentRunId", e.subagent_run_id),
        ToolCallStart(e) => base("TOOL_CALL_START", 3, e.base_event)?
            .put("toolCallId", e.tool_call_id)
            .put("toolCallName", e.tool_call_name)
            .opt("parentMessageId", e.parent_message_id)
            .opt("subagentRunId", e.subagent_run_id),
        ToolCallArgs(e) => base("TOOL_CALL_ARGS", 4, e.base_event)?
            .put("toolCallId", e.tool_call_id)
            .put("delta", e.delta)
            .opt("subagentRunId", e.subagent_run_id),
        ToolCallEnd(e) => base("TOOL_CALL_END", 5, e.base_event)?
            .put("toolCallId", e.tool_call_id)
            .opt("subagentRunId", e.subagent_run_id),
        StateSnapshot(e) => base("STATE_SNAPSHOT", 6, e.base_event)?
            .value("snapshot", &e.snapshot)?
            .opt("subagentRunId", e.subagent_run_id),
        StateDelta(e) => base("STATE_DELTA", 7, e.base_event)?
            .put("delta", patch(e.delta)?)
            .opt("subagentRunId", e.subagent_run_id),
        MessagesSnapshot(e) => {
            let messages = e
                .messages
                .into_iter()
                .map(|m| message(m, warnings))
                .collect::<Result<Vec<_>, _>>()?;
            base("MESSAGES_SNAPSHOT", 8, e.base_event)?.put("messages", messages)
        }
        Raw(e) => base("RAW", 9, e.base_event)?
            .value("event", &e.event)?
            .opt("source", e.source)
            .opt("subagentRunId", e.subagent_run_id),
        Custom(e) => base("CUSTOM", 10, e.base_event)?
            .put("name", e.name)
            .value("value", &e.value)?
            .opt("subagentRunId", e.subagent_run_id),
        RunStarted(e) => {
            let input = e.input.map(|i| run_agent_input(i, warnings)).transpose()?;
            base("RUN_STARTED", 11, e.base_event)?
                .put("threadId", e.thread_id)
                .put("runId", e.run_id)
                .opt("parentRunId", e.parent_run_id)
                .opt("input", input)
                .opt("protocolVersion", e.protocol_version)
        }
        RunFinished(e) => run_finished(e)?,
        RunError(e) => base("RUN_ERROR", 13, e.base_event)?
            .opt("code", e.code)
            .put("message", e.message)
            .non_empty("usage", usage(e.usage)?),
        StepStarted(e) => step("STEP_STARTED", 14, e)?,
        StepFinished(e) => step("STEP_FINISHED", 15, e)?,
        SubagentStarted(e) => base("SUBAGENT_STARTED", 16, e.base_event)?
            .put("subagentRunId", e.subagent_run_id)
            .put("name", e.name)
            .opt("description", e.description)
            .opt("parentSubagentRunId", e.parent_subagent_run_id)
            .opt("parentToolCallId", e.parent_tool_call_id)
            .opt("parentMessageId", e.parent_message_id),
        SubagentFinished(e) => subagent_finished(e)?,
        SubagentError(e) => base("SUBAGENT_ERROR", 18, e.base_event)?
            .put("subagentRunId", e.subagent_run_id)
            .put("message", e.message)
            .opt("code", e.code),
        TextMessageChunk(e) => base("TEXT_MESSAGE_CHUNK", 19, e.base_event)?
            .opt("messageId", e.message_id)
            .opt("role", e.role)
            .opt("delta", e.delta)
            .opt("name", e.name)
            .opt("subagentRunId", e.subagent_run_id),
        ToolCallChunk(e) => base("TOOL_CALL_CHUNK", 20, e.base_event)?
            .opt("toolCallId", e.tool_call_id)
            .opt("toolCallName", e.tool_call_name)
            .opt("parentMessageId", e.parent_message_id)
            .opt("delta", e.delta)
            .opt("subagentRunId", e.subagent_run_id),
        ToolCallResult(e) => tool_call_result(e, warnings)?,
        ActivitySnapshot(e) => base("ACTIVITY_SNAPSHOT", 22, e.base_event)?
            .opt("subagentRunId", e.subagent_run_id)
            .put("messageId", e.message_id)
            .put("activityType", e.activity_type)
            .object("content", &e.content)?
            .opt("replace", e.replace),
        ActivityDelta(e) => base("ACTIVITY_DELTA", 23, e.base_event)?
            .opt("subagentRunId", e.subagent_run_id)
            .put("messageId", e.message_id)
            .put("activityType", e.activity_type)
            .put("patch", patch(e.patch)?),
        ReasoningStart(e) => reasoning_id("REASONING_START", 24, e)?,
        ReasoningMessageStart(e) => base("REASONING_MESSAGE_START", 25, e.base_event)?
            .opt("subagentRunId", e.subagent_run_id)
            .put("messageId", e.message_id)
            .put("role", e.role),
        ReasoningMessageContent(e) => base("REASONING_MESSAGE_CONTENT", 26, e.base_event)?
            .opt("subagentRunId", e.subagent_run_id)
            .put("messageId", e.message_id)
            .put("delta", e.delta),
        ReasoningMessageEnd(e) => reasoning_id("REASONING_MESSAGE_END", 27, e)?,
        ReasoningMessageChunk(e) => base("REASONING_MESSAGE_CHUNK", 28, e.base_event)?
            .opt("subagentRunId", e.subagent_run_id)
            .opt("messageId", e.message_id)
            .opt("delta", e.delta),
        ReasoningEnd(e) => reasoning_id("REASONING_END", 29, e)?,
        ReasoningEncryptedValue(e) => base("REASONING_ENCRYPTED_VALUE", 30, e.base_event)?
            .opt("subagentRunId", e.subagent_run_id)
            .put("subtype", e.subtype)
            .put("entityId", e.entity_id)
            .put("encryptedValue", e.encrypted_value),
    };
    Ok(e.done())
}

fn step(ty: &str, number: i32, e: StepEvent) -> Result<Obj, String> {
    Ok(base(ty, number, e.base_event)?
        .put("stepName", e.step_name)
        .opt("subagentRunId", e.subagent_run_id))
}

fn reasoning_id(ty: &str, number: i32, e: ReasoningIdEvent) -> Result<Obj, String> {
    Ok(base(ty, number, e.base_event)?
        .opt("subagentRunId", e.subagent_run_id)
        .put("messageId", e.message_id))
}

/// The operation names by enum value. One this build cannot name rides on
/// as its decimal spelling, which enforcement then strips with a warning,
/// as it strips an unknown `op` over SSE.
fn patch(ops: Vec<JsonPatchOperation>) -> Result<Vec<Json>, String> {
    const OPS: [&str; 6] = ["add", "remove", "replace", "move", "copy", "test"];
    ops.into_iter()
        .map(|o| {
            let op = usize::try_from(o.op)
                .ok()
                .and_then(|i| OPS.get(i))
                .map_or_else(|| o.op.to_string(), |s| (*s).to_owned());
            Ok(Obj::new()
                .put("op", op)
                .put("path", o.path)
                .opt("from", o.from)
                .value("value", &o.value)?
                .done())
        })
        .collect()
}

/// The outcome travels as its type name plus two lists; absent (`""`) means
/// the producer named none, and then non-empty lists ride on the event.
fn run_finished(e: RunFinishedEvent) -> Result<Obj, String> {
    let pending: Vec<Json> = e
        .pending_tool_call_ids
        .into_iter()
        .map(ToJson::to_json)
        .collect();
    let interrupts = e
        .interrupts
        .into_iter()
        .map(interrupt)
        .collect::<Result<Vec<_>, _>>()?;
    let mut obj = base("RUN_FINISHED", 12, e.base_event)?
        .put("threadId", e.thread_id)
        .put("runId", e.run_id)
        .value("result", &e.result)?
        .non_empty("usage", usage(e.usage)?);
    obj = match text(e.outcome).as_str() {
        "" => obj
            .non_empty("pendingToolCallIds", pending)
            .non_empty("interrupts", interrupts),
        // `interrupt` always has its list, even an empty one.
        "interrupt" => obj.put(
            "outcome",
            Obj::new()
                .put("type", "interrupt")
                .put("interrupts", interrupts)
                .non_empty("pendingToolCallIds", pending)
                .done(),
        ),
        other => obj.put(
            "outcome",
            Obj::new()
                .put("type", other)
                .non_empty("pendingToolCallIds", pending)
                .non_empty("interrupts", interrupts)
                .done(),
        ),
    };
    Ok(obj)
}

fn subagent_finished(e: SubagentFinishedEvent) -> Result<Obj, String> {
    let ids: Vec<Json> = e.interrupt_ids.into_iter().map(ToJson::to_json).collect();
    let obj = base("SUBAGENT_FINISHED", 17, e.base_event)?
        .put("subagentRunId", e.subagent_run_id)
        .value("result", &e.result)?;
    Ok(match text(e.outcome).as_str() {
        "" => obj.non_empty("interruptIds", ids),
        other => obj.put(
            "outcome",
            Obj::new()
                .put("type", other)
                .non_empty("interruptIds", ids)
                .done(),
        ),
    })
}

/// Content is the string when one was sent, the parts otherwise (an empty
/// list included); both at once is a contradiction no encoder writes.
fn tool_call_result(e: ToolCallResultEvent, warnings: &mut Warnings) -> Result<Obj, String> {
    let content = match e.content {
        Some(_) if !e.content_parts.is_empty() => {
            return Err(
                "Invalid event: content carries both string content and content parts".into(),
            )
        }
        Some(t) => t.to_json(),
        None => Json::Array(parts(e.content_parts, warnings)?),
    };
    Ok(base("TOOL_CALL_RESULT", 21, e.base_event)?
        .opt("subagentRunId", e.subagent_run_id)
        .put("messageId", e.message_id)
        .put("toolCallId", e.tool_call_id)
        .put("content", content)
        .opt("role", e.role))
}

//! From one event, parsed, to a validated [`Event`] (the text's own
//! readers, which come back here, are in `decode_text`).
//!
//! Three steps, in the reference client's order:
//! 1. the compatibility boundary turns retired shapes into 1.0 ones
//!    (THINKING_* events, legacy `binary` parts, the tolerated `null`s);
//! 2. enforcement drops what the protocol does not describe (an unknown event
//!    type, an unknown member of a tagged union) with a warning;
//! 3. validation: a malformed value on a described field fails the run.

use serde_json::{Map, Value};
use thiserror::Error;

use super::ids;
use super::json::{parse, to_json};
use super::types::content::{AudioTag, BinaryTag, DocumentTag, ImageTag, VideoTag};
use super::types::content::{ImagePart, FILENAME, PART_TYPES};
use super::types::declare::wire_name;
use super::types::from_json::read_written_within;
use super::types::patch::PATCH_OPS;
use super::types::scan::ScanCx;
use super::types::*;

#[derive(Debug, Error, Clone, PartialEq)]
pub enum DecodeError {
    #[error("Invalid event: the data is not JSON ({reason})")]
    Json { reason: String },
    #[error("Invalid event: the frame is not a JSON object.")]
    NotAnObject,
    #[error("Invalid event: the frame carries no event type.")]
    NoType,
    #[error("Invalid {event_type} event: {reason}")]
    Schema { event_type: String, reason: String },
    /// More container entries than `maxEnforcedEntries` allows (the
    /// reference's `AGUIEnforcementLimitError`).
    #[error("Enforcement limit exceeded: the event has more than {limit} entries to validate. If it is legitimate, raise or disable the limit (maxEnforcedEntries).")]
    Limit { limit: usize },
}

/// How many container entries one event (or one outgoing input) may hold
/// by default: the reference's `DEFAULT_MAX_ENFORCED_ENTRIES`.
pub const DEFAULT_MAX_ENTRIES: usize = 1_000_000;

impl DecodeError {
    /// The error of a read stopped past `max_entries` (`None`: no limit).
    pub fn over_limit(max_entries: Option<usize>) -> Self {
        DecodeError::Limit {
            limit: max_entries.unwrap_or(usize::MAX),
        }
    }
}

/// Something the client repaired or dropped rather than failing on.
pub type Warnings = Vec<String>;

/// Per-stream decoding state (the THINKING_* translation needs the open ids).
#[derive(Debug, Default)]
pub struct Decoder {
    reasoning_id: Option<String>,
    message_id: Option<String>,
    /// The entries one event may hold (`None`: no limit).
    pub(super) max_entries: Option<usize>,
}

impl Decoder {
    pub fn new() -> Self {
        Self::default()
    }

    /// A decoder that refuses an event of more than `max_entries` entries.
    pub fn limited(max_entries: Option<usize>) -> Self {
        Decoder {
            max_entries,
            ..Self::default()
        }
    }

    /// Decodes one event given as a JSON value.
    pub fn decode_value(
        &mut self,
        value: Value,
        warnings: &mut Warnings,
    ) -> Result<Option<Event>, DecodeError> {
        let Value::Object(mut obj) = value else {
            return Err(DecodeError::NotAnObject);
        };
        let ty = match obj.get(Event::TAG) {
            Some(Value::String(t)) if !t.is_empty() => t.clone(),
            _ => return Err(DecodeError::NoType),
        };
        let ty = self.compat(ty, &mut obj, warnings);
        if !EVENT_TYPES.contains(&ty.as_str()) {
            warnings.push(format!("Dropping unrecognised event '{ty}'"));
            return Ok(None);
        }
        strip(&ty, &mut obj, warnings);
        let mut cx = ScanCx {
            entries_left: self.max_entries,
            ..Default::default()
        };
        let read = read_written_within(&Value::Object(obj), &mut cx, |s, cx| {
            Event::scan_as(&ty, s, cx)
        });
        match read {
            Ok(event) => Ok(Some(event)),
            Err(_) if cx.over_limit => Err(DecodeError::over_limit(self.max_entries)),
            Err(reason) => Err(DecodeError::Schema {
                event_type: ty,
                reason: reason.into(),
            }),
        }
    }

    /// The compatibility boundary; returns the (possibly renamed) type.
    fn compat(
        &mut self,
        ty: String,
        obj: &mut Map<String, Value>,
        warnings: &mut Warnings,
    ) -> String {
        // Whole optional fields read as absent when sent as `null`, by where
        // they sit (@ag-ui/client 1.0.4's table; any other null stays for
        // validation to reject).
        for field in OPTIONAL_NULLS_ON_ANY_EVENT {
            remove_null(obj, field, &ty, warnings);
        }
        for field in optional_nulls_of(&ty) {
            remove_null(obj, field, &ty, warnings);
        }
        match ty.as_str() {
            RunFinishedEvent::TYPE => {
                let outcome = wire_name!(RunFinishedEvent, outcome);
                if let Some(Value::Object(outcome)) = obj.get_mut(outcome) {
                    let pending = wire_name!(RunOutcome, pending_tool_call_ids);
                    remove_null(outcome, pending, "RUN_FINISHED.outcome", warnings);
                }
                remove_usage_nulls(obj.get_mut(wire_name!(RunFinishedEvent, usage)), warnings);
            }
            MessagesSnapshotEvent::TYPE => {
                let key = wire_name!(MessagesSnapshotEvent, messages);
                if let Some(Value::Array(messages)) = obj.get_mut(key) {
                    messages
                        .iter_mut()
                        .for_each(|m| upgrade_inbound_message(m, warnings));
                }
            }
            RunStartedEvent::TYPE => {
                if let Some(Value::Object(input)) = obj.get_mut(wire_name!(RunStartedEvent, input))
                {
                    normalize_input(input, warnings);
                }
            }
            _ => return self.thinking(ty, obj, warnings),
        }
        ty
    }

    /// THINKING_* (retired in 1.0) become their REASONING_* equivalents.
    fn thinking(
        &mut self,
        ty: String,
        obj: &mut Map<String, Value>,
        warnings: &mut Warnings,
    ) -> String {
        // The retired names are in no declaration of 1.0; the new ones are.
        let message_id = wire_name!(ReasoningStartEvent, message_id);
        let renamed = match ty.as_str() {
            "THINKING_START" => {
                let id = ids::uuid();
                self.reasoning_id = Some(id.clone());
                obj.remove("title");
                obj.insert(message_id.into(), Value::String(id));
                ReasoningStartEvent::TYPE
            }
            "THINKING_TEXT_MESSAGE_START" => {
                let id = ids::uuid();
                self.message_id = Some(id.clone());
                obj.insert(message_id.into(), Value::String(id));
                let role = wire_name!(ReasoningMessageStartEvent, role);
                obj.insert(role.into(), Value::String(ReasoningRole::NAME.into()));
                ReasoningMessageStartEvent::TYPE
            }
            "THINKING_TEXT_MESSAGE_CONTENT" => {
                let id = self.message_id.clone().unwrap_or_else(ids::uuid);
                obj.insert(message_id.into(), Value::String(id));
                ReasoningMessageContentEvent::TYPE
            }
            "THINKING_TEXT_MESSAGE_END" => {
                let id = self.message_id.take().unwrap_or_else(ids::uuid);
                obj.insert(message_id.into(), Value::String(id));
                ReasoningMessageEndEvent::TYPE
            }
            "THINKING_END" => {
                let id = self.reasoning_id.take().unwrap_or_else(ids::uuid);
                obj.insert(message_id.into(), Value::String(id));
                ReasoningEndEvent::TYPE
            }
            _ => return ty,
        };
        warnings.push(format!("Converting deprecated {ty} to {renamed}"));
        obj.insert(Event::TAG.into(), Value::String(renamed.into()));
        renamed.to_owned()
    }
}

/// The optional members of every event that read as absent when `null`.
const OPTIONAL_NULLS_ON_ANY_EVENT: [&str; 2] = [
    wire_name!(RunStartedEvent, raw_event),
    wire_name!(TextMessageStartEvent, subagent_run_id),
];

/// The optional members of the event type `ty` that read as absent when
/// `null`, besides [`OPTIONAL_NULLS_ON_ANY_EVENT`].
fn optional_nulls_of(ty: &str) -> &'static [&'static str] {
    match ty {
        RunStartedEvent::TYPE => &[
            wire_name!(RunStartedEvent, parent_run_id),
            wire_name!(RunStartedEvent, input),
        ],
        RunFinishedEvent::TYPE => &[
            wire_name!(RunFinishedEvent, result),
            wire_name!(RunFinishedEvent, outcome),
        ],
        RunErrorEvent::TYPE => &[wire_name!(RunErrorEvent, usage)],
        SubagentFinishedEvent::TYPE => &[wire_name!(SubagentFinishedEvent, result)],
        ToolCallStartEvent::TYPE => &[wire_name!(ToolCallStartEvent, parent_message_id)],
        ToolCallChunkEvent::TYPE => &[wire_name!(ToolCallChunkEvent, parent_message_id)],
        ToolCallResultEvent::TYPE => &[wire_name!(ToolCallResultEvent, role)],
        _ => &[],
    }
}

/// `null` on the optional counts and provider of RUN_FINISHED's usage entries.
fn remove_usage_nulls(usage: Option<&mut Value>, warnings: &mut Warnings) {
    let Some(Value::Array(entries)) = usage else {
        return;
    };
    let fields = [
        wire_name!(TokenUsage, provider),
        wire_name!(TokenUsage, reasoning_tokens),
        wire_name!(TokenUsage, cached_input_tokens),
        wire_name!(TokenUsage, cache_write_input_tokens),
    ];
    for entry in entries.iter_mut().filter_map(Value::as_object_mut) {
        for field in fields {
            remove_null(entry, field, "RUN_FINISHED.usage[]", warnings);
        }
    }
}

fn remove_null(obj: &mut Map<String, Value>, field: &str, context: &str, warnings: &mut Warnings) {
    if obj.get(field) == Some(&Value::Null) {
        obj.shift_remove(field);
        warnings.push(format!(
            "Converting deprecated {context}.{field}: null to an absent field"
        ));
    }
}

/// `null` on optional JSON fields of a run input, tolerated before 1.0.
fn normalize_input(input: &mut Map<String, Value>, warnings: &mut Warnings) {
    let forwarded = wire_name!(RunAgentInput, forwarded_props);
    remove_null(input, forwarded, "RunAgentInput", warnings);
    let (tools, context) = (
        wire_name!(RunAgentInput, tools),
        wire_name!(RunAgentInput, context),
    );
    // The schema defaults these to empty lists.
    for field in [tools, context] {
        if !input.contains_key(field) {
            input.insert(field.into(), Value::Array(Vec::new()));
        }
    }
    let state = wire_name!(RunAgentInput, state);
    if input.get(state) == Some(&Value::Null) {
        // The schema itself reads a null state as absent.
        input.shift_remove(state);
    }
    let lists = [
        (tools, wire_name!(Tool, parameters)),
        (
            wire_name!(RunAgentInput, resume),
            wire_name!(ResumeEntry, payload),
        ),
    ];
    for (field, inner) in lists {
        if let Some(Value::Array(items)) = input.get_mut(field) {
            for item in items.iter_mut().filter_map(Value::as_object_mut) {
                remove_null(item, inner, field, warnings);
            }
        }
    }
    if let Some(Value::Array(messages)) = input.get_mut(wire_name!(RunAgentInput, messages)) {
        messages
            .iter_mut()
            .for_each(|m| upgrade_inbound_message(m, warnings));
    }
}

/// Media-part `metadata: null` and legacy `binary` parts in a message that
/// arrives from the agent.
fn upgrade_inbound_message(message: &mut Value, warnings: &mut Warnings) {
    let Some(Value::Array(parts)) = message.get_mut(wire_name!(UserMessage, content)) else {
        return;
    };
    for part in parts.iter_mut().filter_map(Value::as_object_mut) {
        let media = matches!(
            part.get(ContentPart::KEY).and_then(Value::as_str),
            Some(ImageTag::NAME | AudioTag::NAME | VideoTag::NAME | DocumentTag::NAME)
        );
        if media {
            remove_null(
                part,
                wire_name!(ImagePart, metadata),
                "media part",
                warnings,
            );
        }
    }
    if parts
        .iter()
        .any(|p| p.get(ContentPart::KEY).and_then(Value::as_str) == Some(BinaryTag::NAME))
    {
        warnings.push(
            "Converting deprecated binary input content to the modern media content parts".into(),
        );
        *parts = upgrade_binary_values(parts);
    }
}

/// The JSON-level twin of [`super::types::content::upgrade_parts`], for parts
/// that have not been validated yet.
fn upgrade_binary_values(parts: &[Value]) -> Vec<Value> {
    let mut out = Vec::with_capacity(parts.len());
    for part in parts {
        let legacy = (part.get(ContentPart::KEY).and_then(Value::as_str) == Some(BinaryTag::NAME))
            .then(|| BinaryPart::from_json(part.clone()).ok())
            .flatten();
        let Some(legacy) = legacy else {
            out.push(part.clone());
            continue;
        };
        match legacy.upgrade() {
            Some(modern) => {
                let modern = parse(&to_json(&modern)).unwrap_or(Value::Null);
                if !parts
                    .iter()
                    .any(|other| matches_modern(other, &modern, &legacy))
                {
                    out.push(modern);
                }
            }
            None => out.push(part.clone()),
        }
    }
    out
}

fn matches_modern(other: &Value, modern: &Value, legacy: &BinaryPart) -> bool {
    if other.get(ContentPart::KEY) != modern.get(ContentPart::KEY) {
        return false;
    }
    let source = wire_name!(ImagePart, source);
    let (Some(a), Some(b)) = (other.get(source), modern.get(source)) else {
        return false;
    };
    let same = [
        PartSource::KEY,
        wire_name!(PartSource, value),
        wire_name!(PartSource, mime_type),
    ]
    .iter()
    .all(|k| a.get(k).is_some() && a.get(k) == b.get(k));
    let metadata = other.get(wire_name!(ImagePart, metadata));
    same && match legacy.filename.as_deref().filter(|f| !f.is_empty()) {
        None => true,
        Some(f) => {
            metadata
                .and_then(|m| m.get(FILENAME))
                .and_then(Value::as_str)
                == Some(f)
        }
    }
}

/// Enforcement: removes union members the protocol does not describe.
fn strip(ty: &str, obj: &mut Map<String, Value>, warnings: &mut Warnings) {
    let ops = |v: Option<&mut Value>, w: &mut Warnings| strip_tagged(v, PatchOp::KEY, PATCH_OPS, w);
    match ty {
        StateDeltaEvent::TYPE => ops(obj.get_mut(wire_name!(StateDeltaEvent, delta)), warnings),
        ActivityDeltaEvent::TYPE => {
            ops(obj.get_mut(wire_name!(ActivityDeltaEvent, patch)), warnings)
        }
        ToolCallResultEvent::TYPE => strip_parts(
            obj.get_mut(wire_name!(ToolCallResultEvent, content)),
            warnings,
        ),
        MessagesSnapshotEvent::TYPE => strip_messages(
            obj.get_mut(wire_name!(MessagesSnapshotEvent, messages)),
            warnings,
        ),
        RunStartedEvent::TYPE => {
            if let Some(Value::Object(input)) = obj.get_mut(wire_name!(RunStartedEvent, input)) {
                strip_messages(input.get_mut(wire_name!(RunAgentInput, messages)), warnings);
            }
        }
        RunFinishedEvent::TYPE => {
            let outcome = wire_name!(RunFinishedEvent, outcome);
            strip_field(obj, outcome, RunOutcome::KEY, RunOutcome::TAGS, warnings)
        }
        SubagentFinishedEvent::TYPE => {
            let outcome = wire_name!(SubagentFinishedEvent, outcome);
            strip_field(
                obj,
                outcome,
                SubagentOutcome::KEY,
                SubagentOutcome::TAGS,
                warnings,
            )
        }
        _ => {}
    }
}

fn known_tag(v: &Value, tag: &str, known: &[&str]) -> bool {
    v.get(tag)
        .and_then(Value::as_str)
        .is_some_and(|t| known.contains(&t))
}

/// Drops array elements that are objects with an unknown tag; anything that
/// is not an object is left for validation to reject.
fn strip_tagged(array: Option<&mut Value>, tag: &str, known: &[&str], warnings: &mut Warnings) {
    if let Some(Value::Array(items)) = array {
        items.retain(|v| {
            let keep = !v.is_object() || known_tag(v, tag, known);
            if !keep {
                warnings.push(format!(
                    "Removed an element with unrecognised {tag} {}",
                    to_json(v.get(tag).unwrap_or(&Value::Null))
                ));
            }
            keep
        });
    }
}

fn strip_field(
    obj: &mut Map<String, Value>,
    field: &str,
    tag: &str,
    known: &[&str],
    warnings: &mut Warnings,
) {
    if obj
        .get(field)
        .is_some_and(|v| v.is_object() && !known_tag(v, tag, known))
    {
        obj.shift_remove(field);
        warnings.push(format!("Removed unrecognised {field}"));
    }
}

fn strip_messages(messages: Option<&mut Value>, warnings: &mut Warnings) {
    let Some(Value::Array(items)) = messages else {
        return;
    };
    strip_tagged_in(items, Message::KEY, ROLES, warnings);
    for m in items.iter_mut() {
        let role = m.get(Message::KEY).and_then(Value::as_str);
        if matches!(role, Some(UserRole::NAME | ToolRole::NAME)) {
            // The same member in both.
            strip_parts(m.get_mut(wire_name!(UserMessage, content)), warnings);
        }
    }
}

fn strip_tagged_in(items: &mut Vec<Value>, tag: &str, known: &[&str], warnings: &mut Warnings) {
    let before = items.len();
    items.retain(|v| !v.is_object() || known_tag(v, tag, known));
    if items.len() != before {
        warnings.push(format!(
            "Removed {} element(s) with an unrecognised {tag}",
            before - items.len()
        ));
    }
}

/// Content parts: an unknown part type, or a media part whose source has an
/// unknown type (the source is required, so the whole part goes).
fn strip_parts(content: Option<&mut Value>, warnings: &mut Warnings) {
    let Some(Value::Array(parts)) = content else {
        return;
    };
    let before = parts.len();
    parts.retain(|p| {
        if !p.is_object() {
            return true;
        }
        if !known_tag(p, ContentPart::KEY, PART_TYPES) {
            return false;
        }
        match p.get(wire_name!(ImagePart, source)) {
            Some(s) if s.is_object() => known_tag(s, PartSource::KEY, PartSource::TAGS),
            _ => true,
        }
    });
    if parts.len() != before {
        warnings.push(format!(
            "Removed {} unrecognised content part(s)",
            before - parts.len()
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn decode(v: Value) -> (Result<Option<Event>, DecodeError>, Warnings) {
        let mut w = Vec::new();
        (Decoder::new().decode_value(v, &mut w), w)
    }

    #[test]
    fn rejects_non_objects_and_missing_type() {
        let mut w = Vec::new();
        let mut d = Decoder::new();
        assert_eq!(d.decode_str("[1]", &mut w), Err(DecodeError::NotAnObject));
        assert_eq!(d.decode_str("null", &mut w), Err(DecodeError::NotAnObject));
        assert_eq!(
            d.decode_str("{\"type\":\"\"}", &mut w),
            Err(DecodeError::NoType)
        );
        assert!(matches!(
            d.decode_str("{", &mut w),
            Err(DecodeError::Json { .. })
        ));
    }

    #[test]
    fn unknown_type_is_dropped_with_a_warning() {
        let (r, w) = decode(json!({"type": "FUTURE_THING", "x": 1}));
        assert_eq!(r, Ok(None));
        assert_eq!(w.len(), 1);
    }

    #[test]
    fn null_rules() {
        let (r, _) =
            decode(json!({"type": "TEXT_MESSAGE_START", "messageId": "m", "metadata": null}));
        assert!(matches!(r, Err(DecodeError::Schema { .. })));
        let (r, w) = decode(
            json!({"type": "TOOL_CALL_START", "toolCallId": "t", "toolCallName": "f", "parentMessageId": null, "rawEvent": null}),
        );
        let Ok(Some(Event::ToolCallStart(e))) = r else {
            panic!("{r:?}")
        };
        assert_eq!((e.parent_message_id, e.raw_event, w.len()), (None, None, 2));
        let (r, _) = decode(
            json!({"type": "RUN_FINISHED", "threadId": "t", "runId": "r", "outcome": null, "result": null}),
        );
        assert!(matches!(r, Ok(Some(Event::RunFinished(_)))));
        // 1.0.2: a null subagentRunId on any event, and the run fields of
        // the reference's table, read as absent; a null timestamp still fails.
        let (r, _) = decode(
            json!({"type": "TEXT_MESSAGE_CONTENT", "messageId": "m", "delta": "x", "subagentRunId": null}),
        );
        assert!(matches!(r, Ok(Some(Event::TextMessageContent(e))) if e.subagent_run_id.is_none()));
        let (r, _) = decode(
            json!({"type": "TEXT_MESSAGE_CONTENT", "messageId": "m", "delta": "x", "timestamp": null}),
        );
        assert!(r.is_err());
        let (r, w) = decode(json!({"type": "RUN_ERROR", "message": "m", "usage": null}));
        assert!(matches!(r, Ok(Some(Event::RunError(e))) if e.usage.is_none()));
        assert_eq!(w.len(), 1);
        let (r, w) = decode(
            json!({"type": "RUN_FINISHED", "threadId": "t", "runId": "r",
            "outcome": {"type": "success", "pendingToolCallIds": null},
            "usage": [{"provider": null, "reasoningTokens": null, "model": "x"}]}),
        );
        let Ok(Some(Event::RunFinished(e))) = r else {
            panic!("{r:?}")
        };
        assert_eq!(e.usage.map(|u| u[0].model.clone()), Some(Some("x".into())));
        assert_eq!(w.len(), 3);
        let (r, _) = decode(
            json!({"type": "RUN_FINISHED", "threadId": "t", "runId": "r",
            "usage": [{"model": null}]}),
        );
        assert!(r.is_err(), "a null the table does not name still fails");
    }

    /// The smallest limits each event passes with, as @ag-ui/client 1.0.4
    /// gives them (its `maxEnforcedEntries`, found by bisection): every
    /// array item and object member of what the schema describes counts,
    /// unknown members included; opaque values (metadata, state, patch
    /// values, tool parameters) cost nothing.
    #[test]
    fn the_entry_limit_counts_as_the_reference_does() {
        let cases = [
            (
                21,
                r#"{"type":"MESSAGES_SNAPSHOT","messages":[{"id":"u","role":"user","content":[{"type":"text","text":"hi"}],"extra":1},{"id":"a","role":"assistant","toolCalls":[{"id":"c","type":"function","function":{"name":"f","arguments":"{}"}}],"metadata":{"a":1,"b":2}}]}"#,
            ),
            (
                9,
                r#"{"type":"STATE_DELTA","delta":[{"op":"add","path":"/a","value":{"x":[1,2,3]}},{"op":"remove","path":"/b"}]}"#,
            ),
            (
                19,
                r#"{"type":"RUN_STARTED","threadId":"t","runId":"r","input":{"threadId":"t","runId":"r","state":{"a":[1,2]},"messages":[{"id":"u","role":"user","content":"x"}],"tools":[{"name":"n","description":"d","parameters":{"type":"object"}}],"context":[],"forwardedProps":{"z":1}}}"#,
            ),
        ];
        for (limit, text) in cases {
            let mut w = Vec::new();
            let ok = Decoder::limited(Some(limit)).decode_str(text, &mut w);
            assert!(matches!(ok, Ok(Some(_))), "{text} at {limit}: {ok:?}");
            let over = Decoder::limited(Some(limit - 1)).decode_str(text, &mut w);
            assert_eq!(over, Err(DecodeError::Limit { limit: limit - 1 }), "{text}");
        }
        // The repairing route counts too (a null it removes first).
        let text = r#"{"type":"STATE_DELTA","rawEvent":null,"delta":[{"op":"remove","path":"/a"},{"op":"remove","path":"/b"}]}"#;
        let over = Decoder::limited(Some(7)).decode_str(text, &mut Vec::new());
        assert_eq!(over, Err(DecodeError::Limit { limit: 7 }));
        assert!(Decoder::limited(Some(8))
            .decode_str(text, &mut Vec::new())
            .is_ok());
        assert!(Decoder::limited(None)
            .decode_str(text, &mut Vec::new())
            .is_ok());
    }

    #[test]
    fn timestamps_are_safe_integers() {
        let ok = decode(json!({"type": "STEP_STARTED", "stepName": "s", "timestamp": 5.0})).0;
        assert!(matches!(ok, Ok(Some(_))));
        let bad = decode(json!({"type": "STEP_STARTED", "stepName": "s", "timestamp": 5.5})).0;
        assert!(bad.is_err());
        let bad = decode(json!({"type": "STEP_STARTED", "stepName": "s", "timestamp": 1e300})).0;
        assert!(bad.is_err());
    }

    #[test]
    fn unknown_union_members_are_stripped() {
        let (r, _) = decode(
            json!({"type": "STATE_DELTA", "delta": [{"op": "frob", "path": "/a"}, {"op": "add", "path": "/a", "value": 1}]}),
        );
        let Ok(Some(Event::StateDelta(e))) = r else {
            panic!()
        };
        assert_eq!(e.delta.len(), 1);
        let (r, _) = decode(json!({"type": "MESSAGES_SNAPSHOT", "messages": [
            {"id": "a", "role": "wizard", "content": "x"},
            {"id": "b", "role": "user", "content": [{"type": "text", "text": "hi"}, {"type": "hologram"}, {"type": "image", "source": {"type": "ftp", "value": "x"}}]}
        ]}));
        let Ok(Some(Event::MessagesSnapshot(e))) = r else {
            panic!()
        };
        assert_eq!(e.messages.len(), 1);
        assert_eq!(
            serde_json::from_str::<Value>(&crate::core::json::to_json(&e.messages[0])).unwrap()
                ["content"],
            json!([{"type": "text", "text": "hi"}])
        );
        let (r, _) = decode(
            json!({"type": "RUN_FINISHED", "threadId": "t", "runId": "r", "outcome": {"type": "later"}}),
        );
        let Ok(Some(Event::RunFinished(e))) = r else {
            panic!()
        };
        assert_eq!(e.outcome, None);
    }

    #[test]
    fn thinking_events_become_reasoning() {
        let mut d = Decoder::new();
        let mut w = Vec::new();
        let start = d
            .decode_value(json!({"type": "THINKING_TEXT_MESSAGE_START"}), &mut w)
            .unwrap()
            .unwrap();
        let content = d
            .decode_value(
                json!({"type": "THINKING_TEXT_MESSAGE_CONTENT", "delta": "hm"}),
                &mut w,
            )
            .unwrap()
            .unwrap();
        let (Event::ReasoningMessageStart(s), Event::ReasoningMessageContent(c)) = (start, content)
        else {
            panic!()
        };
        assert_eq!(s.message_id, c.message_id);
        assert_eq!(c.delta, "hm");
    }

    #[test]
    fn legacy_binary_in_snapshot_is_upgraded() {
        let (r, _) = decode(
            json!({"type": "MESSAGES_SNAPSHOT", "messages": [{"id": "u", "role": "user", "content": [
                {"type": "binary", "mimeType": "image/png", "data": "AAAA", "filename": "a.png"},
                {"type": "binary", "mimeType": "text/plain", "id": "only-an-id"}
            ]}]}),
        );
        let Ok(Some(Event::MessagesSnapshot(e))) = r else {
            panic!("{r:?}")
        };
        assert_eq!(
            serde_json::from_str::<Value>(&crate::core::json::to_json(&e.messages[0])).unwrap()
                ["content"],
            json!([{"type": "image", "source": {"type": "data", "value": "AAAA", "mimeType": "image/png"}, "metadata": {"filename": "a.png"}}])
        );
    }
}

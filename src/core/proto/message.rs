//! The shared types inside events (messages, content parts, the run input,
//! interrupts, token usage) to their JSON form, as `@ag-ui/proto` 1.0.0
//! rebuilds them.

use serde_json::Value as Json;

use super::convert::{safe, text, Obj, ToJson};
use super::schema::*;
use crate::core::decode::Warnings;

const ROLES: &[&str] = &[
    "developer",
    "system",
    "assistant",
    "user",
    "tool",
    "activity",
    "reasoning",
];

/// The wire's one Message carries every role's fields; which carrier feeds
/// `content` (the string, the parts, the activity object) is a fact about
/// the role. A role this build does not know is rebuilt as it arrived, from
/// the one carrier it used, for enforcement to drop with a warning as it
/// would over SSE.
pub(super) fn message(m: Message, warnings: &mut Warnings) -> Result<Json, String> {
    let (id, role) = (text(m.id), text(m.role));
    let known = ROLES.contains(&role.as_str());
    let has_parts = !m.content_parts.is_empty();
    let has_map = !m.activity_content.is_empty();
    let has_text = m.content.is_some();
    let (uses_parts, uses_map) = if known {
        (matches!(role.as_str(), "user" | "tool"), role == "activity")
    } else {
        (has_parts, !has_parts && has_map)
    };
    let broken = if known {
        (!uses_parts && has_parts)
            || (has_map && !uses_map)
            || (uses_map && has_text)
            || (uses_parts && has_text && has_parts)
    } else {
        usize::from(has_text) + usize::from(has_parts) + usize::from(has_map) > 1
    };
    if broken {
        return Err(format!(
            "Invalid event: message '{}' (role '{}') carries content its role does not use",
            id, role
        ));
    }
    let content = if uses_parts && !has_text {
        Some(Json::Array(parts(m.content_parts, warnings)?))
    } else if uses_map && has_map {
        super::value::object(&m.activity_content)?.map(Json::Object)
    } else {
        m.content.map(ToJson::to_json)
    };
    let tool_calls = m
        .tool_calls
        .into_iter()
        .map(tool_call)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Obj::new()
        .put("id", id)
        .put("role", role)
        .opt("content", content)
        .opt("name", m.name)
        .non_empty("toolCalls", tool_calls)
        .opt("toolCallId", m.tool_call_id)
        .opt("error", m.error)
        .object("metadata", &m.metadata)?
        .opt("subagentRunId", m.subagent_run_id)
        .opt("encryptedValue", m.encrypted_value)
        .opt("activityType", m.activity_type)
        .done())
}

fn tool_call(t: ToolCall) -> Result<Json, String> {
    let function = t.function.map(|f| {
        Obj::new()
            .put("name", f.name)
            .put("arguments", f.arguments)
            .done()
    });
    Ok(Obj::new()
        .put("id", t.id)
        .put("type", t.r#type)
        .opt("function", function)
        .object("metadata", &t.metadata)?
        .opt("encryptedValue", t.encrypted_value)
        .done())
}

/// Content parts. A part that names no arm this build knows (or a media
/// part whose source names none) is dropped with a warning, as enforcement
/// drops an unknown part over SSE; a part naming two arms is broken.
pub(super) fn parts(list: Vec<InputContent>, warnings: &mut Warnings) -> Result<Vec<Json>, String> {
    let mut out = Vec::with_capacity(list.len());
    for p in list {
        let arms = [
            p.text.is_some(),
            p.image.is_some(),
            p.audio.is_some(),
            p.video.is_some(),
            p.document.is_some(),
        ];
        if arms.iter().filter(|a| **a).count() > 1 {
            return Err("Invalid event: content part carries more than one arm".into());
        }
        let part = match p {
            InputContent { text: Some(t), .. } => Some(
                Obj::new()
                    .put("type", "text")
                    .opt("id", t.id)
                    .put("text", t.text)
                    .value("metadata", &t.metadata)?
                    .done(),
            ),
            InputContent { image: Some(m), .. } => media("image", m)?,
            InputContent { audio: Some(m), .. } => media("audio", m)?,
            InputContent { video: Some(m), .. } => media("video", m)?,
            InputContent {
                document: Some(m), ..
            } => media("document", m)?,
            _ => None,
        };
        match part {
            Some(part) => out.push(part),
            None => warnings.push(
                "Dropped a protobuf content part this build does not know: the protocol has a variant this SDK predates".into(),
            ),
        }
    }
    Ok(out)
}

/// `None`: the source names no known arm, so the part is dropped. A part
/// without any source is passed on, for validation to reject.
fn media(kind: &str, m: MediaInputPart) -> Result<Option<Json>, String> {
    let source = match m.source {
        None => None,
        Some(s) => match source(s)? {
            Some(s) => Some(s),
            None => return Ok(None),
        },
    };
    Ok(Some(
        Obj::new()
            .put("type", kind)
            .opt("id", m.id)
            .opt("source", source)
            .value("metadata", &m.metadata)?
            .done(),
    ))
}

fn source(s: InputContentSource) -> Result<Option<Json>, String> {
    let arms = [s.data.is_some(), s.url.is_some(), s.file.is_some()];
    if arms.iter().filter(|a| **a).count() > 1 {
        return Err("Invalid event: source carries more than one arm".into());
    }
    Ok(match s {
        InputContentSource { data: Some(d), .. } => Some(
            Obj::new()
                .put("type", "data")
                .put("value", d.value)
                .put("mimeType", d.mime_type),
        ),
        InputContentSource { url: Some(u), .. } => Some(
            Obj::new()
                .put("type", "url")
                .put("value", u.value)
                .opt("mimeType", u.mime_type),
        ),
        InputContentSource { file: Some(f), .. } => Some(
            Obj::new()
                .put("type", "file")
                .put("value", f.value)
                .opt("provider", f.provider)
                .opt("mimeType", f.mime_type),
        ),
        _ => None,
    }
    .map(Obj::done))
}

/// The run input RUN_STARTED echoes. Its lists are always present, as the
/// reference rebuilds them.
pub(super) fn run_agent_input(i: RunAgentInput, warnings: &mut Warnings) -> Result<Json, String> {
    let messages = i
        .messages
        .into_iter()
        .map(|m| message(m, warnings))
        .collect::<Result<Vec<_>, _>>()?;
    let tools = i
        .tools
        .into_iter()
        .map(|t| {
            Ok(Obj::new()
                .put("name", t.name)
                .put("description", t.description)
                .value("parameters", &t.parameters)?
                .object("metadata", &t.metadata)?
                .done())
        })
        .collect::<Result<Vec<_>, String>>()?;
    let context: Vec<Json> = i
        .context
        .into_iter()
        .map(|c| {
            Obj::new()
                .put("description", c.description)
                .put("value", c.value)
                .done()
        })
        .collect();
    let resume = i
        .resume
        .into_iter()
        .map(|r| {
            Ok(Obj::new()
                .put("interruptId", r.interrupt_id)
                .put("status", r.status)
                .value("payload", &r.payload)?
                .object("metadata", &r.metadata)?
                .done())
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok(Obj::new()
        .put("threadId", i.thread_id)
        .put("runId", i.run_id)
        .opt("protocolVersion", i.protocol_version)
        .opt("parentRunId", i.parent_run_id)
        .value("state", &i.state)?
        .put("messages", messages)
        .put("tools", tools)
        .put("context", context)
        .value("forwardedProps", &i.forwarded_props)?
        .put("resume", resume)
        .done())
}

pub(super) fn interrupt(i: Interrupt) -> Result<Json, String> {
    Ok(Obj::new()
        .put("id", i.id)
        .put("reason", i.reason)
        .opt("message", i.message)
        .opt("toolCallId", i.tool_call_id)
        .value("responseSchema", &i.response_schema)?
        .opt("expiresAt", i.expires_at)
        .value("metadata", &i.metadata)?
        .opt("subagentRunId", i.subagent_run_id)
        .done())
}

pub(super) fn usage(list: Vec<Usage>) -> Result<Vec<Json>, String> {
    list.into_iter()
        .map(|u| {
            Ok(Obj::new()
                .opt("provider", u.provider)
                .opt("model", u.model)
                .opt("inputTokens", safe("inputTokens", u.input_tokens)?)
                .opt("outputTokens", safe("outputTokens", u.output_tokens)?)
                .opt("totalTokens", safe("totalTokens", u.total_tokens)?)
                .opt(
                    "reasoningTokens",
                    safe("reasoningTokens", u.reasoning_tokens)?,
                )
                .opt(
                    "cachedInputTokens",
                    safe("cachedInputTokens", u.cached_input_tokens)?,
                )
                .opt(
                    "cacheWriteInputTokens",
                    safe("cacheWriteInputTokens", u.cache_write_input_tokens)?,
                )
                .done())
        })
        .collect()
}

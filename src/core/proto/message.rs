//! The shared types inside events (messages, content parts, the run input,
//! interrupts, token usage) to their JSON form, as `@ag-ui/proto` 1.0.0
//! rebuilds them. Members are named by the protocol types' Rust fields, as
//! in `convert`.

use serde_json::Value as Json;

use super::obj::{members, text, Obj};
use super::schema::*;
use crate::core::decode::Warnings;
use crate::core::types::content::{self as part, PartSource};
use crate::core::types::declare::member_tag;
use crate::core::types::message::{self as msg, ROLES};
use crate::core::types::{run, tool};

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
        (
            role == msg::UserRole::NAME || role == msg::ToolRole::NAME,
            role == msg::ActivityRole::NAME,
        )
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
        m.content.map(|t| Json::String(text(t)))
    };
    let tool_calls = m.tool_calls.into_iter().map(tool_call).collect();
    // One object with every role's members, in the reference's order; each
    // is named by a role that has it.
    let obj = members!(Obj::new(), msg::UserMessage {
        put id: id,
        put role: role,
        opt content: content,
        opt name: m.name,
    });
    let obj = members!(obj, msg::AssistantMessage { non_empty tool_calls: tool_calls });
    let obj = members!(obj, msg::ToolMessage {
        opt tool_call_id: m.tool_call_id,
        opt error: m.error,
    });
    let obj = members!(obj, msg::UserMessage {
        object metadata: &m.metadata,
        opt subagent_run_id: m.subagent_run_id,
        opt encrypted_value: m.encrypted_value,
    });
    members!(obj, msg::ActivityMessage { opt activity_type: m.activity_type }).done()
}

fn tool_call(t: ToolCall) -> Result<Json, String> {
    let function = t.function.map(|f| {
        members!(Obj::new(), tool::FunctionCall {
            put name: f.name,
            put arguments: f.arguments,
        })
    });
    members!(Obj::new(), tool::ToolCall {
        put id: t.id,
        put kind: t.r#type,
        opt function: function,
        object metadata: &t.metadata,
        opt encrypted_value: t.encrypted_value,
    })
    .done()
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
                members!(Obj::new(), part::TextPart {
                    put kind: part::TextTag::NAME,
                    opt id: t.id,
                    put text: t.text,
                    value metadata: &t.metadata,
                })
                .done()?,
            ),
            InputContent { image: Some(m), .. } => media(part::ImageTag::NAME, m)?,
            InputContent { audio: Some(m), .. } => media(part::AudioTag::NAME, m)?,
            InputContent { video: Some(m), .. } => media(part::VideoTag::NAME, m)?,
            InputContent {
                document: Some(m), ..
            } => media(part::DocumentTag::NAME, m)?,
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
    members!(Obj::new(), part::ImagePart {
        put kind: kind,
        opt id: m.id,
        opt source: source,
        value metadata: &m.metadata,
    })
    .done()
    .map(Some)
}

fn source(s: InputContentSource) -> Result<Option<Json>, String> {
    let arms = [s.data.is_some(), s.url.is_some(), s.file.is_some()];
    if arms.iter().filter(|a| **a).count() > 1 {
        return Err("Invalid event: source carries more than one arm".into());
    }
    let of = |member: &str| Obj::new().put(PartSource::KEY, member);
    let obj = match s {
        InputContentSource { data: Some(d), .. } => {
            members!(of(member_tag!(PartSource::Data)), PartSource {
                put value: d.value,
                put mime_type: d.mime_type,
            })
        }
        InputContentSource { url: Some(u), .. } => {
            members!(of(member_tag!(PartSource::Url)), PartSource {
                put value: u.value,
                opt mime_type: u.mime_type,
            })
        }
        InputContentSource { file: Some(f), .. } => {
            members!(of(member_tag!(PartSource::File)), PartSource {
                put value: f.value,
                opt provider: f.provider,
                opt mime_type: f.mime_type,
            })
        }
        _ => return Ok(None),
    };
    obj.done().map(Some)
}

/// The run input RUN_STARTED echoes. Its lists are always present, as the
/// reference rebuilds them.
pub(super) fn run_agent_input(i: RunAgentInput, warnings: &mut Warnings) -> Result<Json, String> {
    let messages: Result<Vec<_>, _> = i
        .messages
        .into_iter()
        .map(|m| message(m, warnings))
        .collect();
    let tools: Vec<Obj> = i
        .tools
        .into_iter()
        .map(|t| {
            members!(Obj::new(), tool::Tool {
                put name: t.name,
                put description: t.description,
                value parameters: &t.parameters,
                object metadata: &t.metadata,
            })
        })
        .collect();
    let context: Vec<Obj> = i
        .context
        .into_iter()
        .map(|c| {
            members!(Obj::new(), tool::Context {
                put description: c.description,
                put value: c.value,
            })
        })
        .collect();
    let resume: Vec<Obj> = i
        .resume
        .into_iter()
        .map(|r| {
            members!(Obj::new(), run::ResumeEntry {
                put interrupt_id: r.interrupt_id,
                put status: r.status,
                value payload: &r.payload,
                object metadata: &r.metadata,
            })
        })
        .collect();
    members!(Obj::new(), run::RunAgentInput {
        put thread_id: i.thread_id,
        put run_id: i.run_id,
        opt protocol_version: i.protocol_version,
        opt parent_run_id: i.parent_run_id,
        value state: &i.state,
        put messages: messages,
        put tools: tools,
        put context: context,
        value forwarded_props: &i.forwarded_props,
        put resume: resume,
    })
    .done()
}

pub(super) fn interrupt(i: Interrupt) -> Result<Json, String> {
    members!(Obj::new(), run::Interrupt {
        put id: i.id,
        put reason: i.reason,
        opt message: i.message,
        opt tool_call_id: i.tool_call_id,
        value response_schema: &i.response_schema,
        opt expires_at: i.expires_at,
        value metadata: &i.metadata,
        opt subagent_run_id: i.subagent_run_id,
    })
    .done()
}

pub(super) fn usage(list: Vec<Usage>) -> Result<Vec<Json>, String> {
    list.into_iter()
        .map(|u| {
            members!(Obj::new(), run::TokenUsage {
                opt provider: u.provider,
                opt model: u.model,
                int input_tokens: u.input_tokens,
                int output_tokens: u.output_tokens,
                int total_tokens: u.total_tokens,
                int reasoning_tokens: u.reasoning_tokens,
                int cached_input_tokens: u.cached_input_tokens,
                int cache_write_input_tokens: u.cache_write_input_tokens,
            })
            .done()
        })
        .collect()
}

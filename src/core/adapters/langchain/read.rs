//! Reading LangChain message dicts back into AG-UI (see the parent module for
//! what is accepted).

use serde_json::{Map, Value};

use super::{DEVELOPER_MARKER, READ};
use crate::core::adapters::common::{self, MediaKind};
use crate::core::adapters::error::AdapterError;
use crate::core::adapters::openai;
use crate::core::types::{
    AssistantMessage, Content, ContentPart, DeveloperMessage, FunctionCall, Message, PartSource,
    ReasoningMessage, ToolCall, ToolCallType, ToolMessage, UserMessage,
};

/// Reads LangChain message dicts back into an AG-UI history (see the module
/// docs for what is accepted and what the round trip keeps).
pub fn from_langchain(value: &Value) -> Result<Vec<Message>, AdapterError> {
    let mut out = Vec::new();
    for (index, raw) in READ.messages(value)?.iter().enumerate() {
        let at = format!("messages[{index}]");
        let mut o = READ.object(raw, &at)?;
        let kind = match READ.opt_str(o, "type", &at)? {
            Some(k) => k,
            None => READ.str(o, "role", &at)?,
        };
        // `messages_to_dict` wraps the fields in `data`.
        if let (Some(Value::Object(data)), false) = (o.get("data"), o.contains_key("content")) {
            o = data;
        }
        let id = READ.id_or(o, &at, || format!("langchain-{index}"))?;
        let name = READ.opt_str(o, "name", &at)?.map(str::to_owned);
        match kind {
            "human" | "user" | "HumanMessageChunk" => out.push(Message::User(UserMessage {
                content: read_content(o.get("content"), &at)?,
                id,
                name,
                ..Default::default()
            })),
            "system" | "developer" | "SystemMessageChunk" => {
                let developer = kind == "developer"
                    || o.get("additional_kwargs")
                        .and_then(|k| k.get(DEVELOPER_MARKER))
                        .and_then(Value::as_str)
                        == Some("developer");
                let m = DeveloperMessage {
                    content: read_text(o.get("content"), &at)?,
                    id,
                    name,
                    ..Default::default()
                };
                out.push(if developer {
                    Message::Developer(m)
                } else {
                    Message::System(m.into_role())
                });
            }
            "tool" | "ToolMessageChunk" => out.push(read_tool(o, id, &at)?),
            "ai" | "assistant" | "AIMessageChunk" => read_ai(o, id, name, &at, &mut out)?,
            other => {
                return Err(READ.invalid(
                    &format!("{at}.type"),
                    format!("AG-UI has no message for LangChain type {other:?}"),
                ))
            }
        }
    }
    Ok(out)
}

fn read_ai(
    o: &Map<String, Value>,
    id: String,
    name: Option<String>,
    at: &str,
    out: &mut Vec<Message>,
) -> Result<(), AdapterError> {
    let mut text = String::new();
    let mut reasoning = Vec::new();
    match o.get("content") {
        None | Some(Value::Null) => {}
        Some(Value::String(s)) => text.push_str(s),
        Some(Value::Array(blocks)) => {
            for (j, b) in blocks.iter().enumerate() {
                let bat = format!("{at}.content[{j}]");
                if let Value::String(s) = b {
                    text.push_str(s);
                    continue;
                }
                let bo = READ.object(b, &bat)?;
                match READ.str(bo, "type", &bat)? {
                    "text" => text.push_str(READ.str(bo, "text", &bat)?),
                    "reasoning" => reasoning.extend(read_reasoning(bo, &id, j, &bat)?),
                    "thinking" => reasoning.push(ReasoningMessage {
                        id: format!("{id}-reasoning-{j}"),
                        content: READ.str(bo, "thinking", &bat)?.to_owned(),
                        encrypted_value: READ.opt_str(bo, "signature", &bat)?.map(str::to_owned),
                        ..Default::default()
                    }),
                    "redacted_thinking" => reasoning.push(ReasoningMessage {
                        id: format!("{id}-reasoning-{j}"),
                        encrypted_value: Some(READ.str(bo, "data", &bat)?.to_owned()),
                        ..Default::default()
                    }),
                    // Provider copies of what `tool_calls` holds.
                    "tool_use" | "tool_call" | "tool_call_chunk" | "function_call" => {}
                    other => {
                        return Err(READ.invalid(
                            &bat,
                            format!("an AG-UI assistant message holds text and tool calls, not {other:?} blocks"),
                        ))
                    }
                }
            }
        }
        Some(other) => {
            return Err(READ.invalid(
                &format!("{at}.content"),
                format!(
                    "expected a string or a list, got {}",
                    common::json_kind(other)
                ),
            ))
        }
    }
    let calls = read_tool_calls(o, &id, at)?;
    // A lone reasoning block under its own id is how `to_langchain` writes
    // reasoning that no reply followed; it stands for that reasoning only.
    let standalone = calls.is_empty()
        && text.is_empty()
        && reasoning.len() == 1
        && reasoning.first().is_some_and(|r| r.id == id);
    out.extend(reasoning.into_iter().map(Message::Reasoning));
    if !standalone {
        out.push(Message::Assistant(AssistantMessage {
            id,
            content: (!text.is_empty()).then_some(text),
            tool_calls: (!calls.is_empty()).then_some(calls),
            name,
            ..Default::default()
        }));
    }
    Ok(())
}

fn read_reasoning(
    b: &Map<String, Value>,
    message_id: &str,
    index: usize,
    at: &str,
) -> Result<Option<ReasoningMessage>, AdapterError> {
    let mut summary = Vec::new();
    for (k, s) in READ.opt_array(b, "summary", at)?.iter().enumerate() {
        let sat = format!("{at}.summary[{k}]");
        summary.push(READ.str(READ.object(s, &sat)?, "text", &sat)?);
    }
    let content = if summary.is_empty() {
        // The standard block and some providers carry flat text instead.
        match READ.opt_str(b, "reasoning", at)? {
            Some(r) => r.to_owned(),
            None => READ.opt_str(b, "text", at)?.unwrap_or("").to_owned(),
        }
    } else {
        summary.join("\n")
    };
    let encrypted_value = READ.opt_str(b, "encrypted_content", at)?.map(str::to_owned);
    let id = READ.opt_str(b, "id", at)?.filter(|i| !i.is_empty());
    if id.is_none() && content.is_empty() && encrypted_value.is_none() {
        // Nothing to show and nothing to send back.
        return Ok(None);
    }
    Ok(Some(ReasoningMessage {
        id: id.map_or_else(|| format!("{message_id}-reasoning-{index}"), str::to_owned),
        content,
        encrypted_value,
        ..Default::default()
    }))
}

fn read_tool_calls(
    o: &Map<String, Value>,
    message_id: &str,
    at: &str,
) -> Result<Vec<ToolCall>, AdapterError> {
    let mut calls = Vec::new();
    let mint = |k: usize| format!("{message_id}-call-{k}");
    for (k, c) in READ.opt_array(o, "tool_calls", at)?.iter().enumerate() {
        let cat = format!("{at}.tool_calls[{k}]");
        let co = READ.object(c, &cat)?;
        let id = READ.id_or(co, &cat, || mint(k))?;
        // `convert_to_messages` also takes OpenAI-style calls here.
        let (name, arguments) = match co.get("function") {
            Some(f) => {
                let fat = format!("{cat}.function");
                let fo = READ.object(f, &fat)?;
                (
                    READ.str(fo, "name", &fat)?,
                    READ.str(fo, "arguments", &fat)?.to_owned(),
                )
            }
            None => {
                let args = match co.get("args") {
                    None | Some(Value::Null) => "{}".to_owned(),
                    Some(v @ Value::Object(_)) => v.to_string(),
                    Some(other) => {
                        return Err(READ.invalid(
                            &format!("{cat}.args"),
                            format!("expected an object, got {}", common::json_kind(other)),
                        ))
                    }
                };
                (READ.str(co, "name", &cat)?, args)
            }
        };
        calls.push(call(id, name, arguments));
    }
    let first_invalid = calls.len();
    for (k, c) in READ
        .opt_array(o, "invalid_tool_calls", at)?
        .iter()
        .enumerate()
    {
        let cat = format!("{at}.invalid_tool_calls[{k}]");
        let co = READ.object(c, &cat)?;
        let id = READ.id_or(co, &cat, || mint(first_invalid + k))?;
        let name = READ.opt_str(co, "name", &cat)?.unwrap_or("");
        let args = READ.opt_str(co, "args", &cat)?.unwrap_or("").to_owned();
        calls.push(call(id, name, args));
    }
    Ok(calls)
}

fn call(id: String, name: &str, arguments: String) -> ToolCall {
    ToolCall {
        id,
        kind: ToolCallType::Function,
        function: FunctionCall {
            name: name.to_owned(),
            arguments,
        },
        ..Default::default()
    }
}

fn read_tool(o: &Map<String, Value>, id: String, at: &str) -> Result<Message, AdapterError> {
    let tool_call_id = READ.str(o, "tool_call_id", at)?.to_owned();
    let mut content = read_content(o.get("content"), at)?;
    let mut error = None;
    if READ.opt_str(o, "status", at)? == Some("error") {
        let (body, text) = split_error(content);
        content = body;
        error = Some(text);
    }
    Ok(Message::Tool(ToolMessage {
        id,
        content,
        tool_call_id,
        error,
        ..Default::default()
    }))
}

/// Undoes `tool_body`: the error text is the whole body or its last text
/// part. A body that ends otherwise says only that the tool failed, which the
/// AG-UI LangGraph adapter writes as "error".
fn split_error(content: Content) -> (Content, String) {
    let mut parts = match content {
        Content::Text(s) => return (Content::Text(String::new()), s),
        Content::Parts(parts) => parts,
    };
    match parts.pop() {
        Some(ContentPart::Text(t)) => {
            let body = if let [ContentPart::Text(only)] = parts.as_slice() {
                Content::Text(only.text.clone())
            } else {
                Content::Parts(parts)
            };
            (body, t.text)
        }
        Some(other) => {
            parts.push(other);
            (Content::Parts(parts), "error".to_owned())
        }
        None => (Content::Parts(parts), "error".to_owned()),
    }
}

fn read_text(v: Option<&Value>, at: &str) -> Result<String, AdapterError> {
    let mut text = String::new();
    match read_content(v, at)? {
        Content::Text(s) => text = s,
        Content::Parts(parts) => {
            for (j, p) in parts.into_iter().enumerate() {
                match p {
                    ContentPart::Text(t) => text.push_str(&t.text),
                    _ => {
                        return Err(READ.invalid(
                            &format!("{at}.content[{j}]"),
                            "AG-UI system and developer messages hold text only",
                        ))
                    }
                }
            }
        }
    }
    Ok(text)
}

fn read_content(v: Option<&Value>, at: &str) -> Result<Content, AdapterError> {
    match v {
        None | Some(Value::Null) => Ok(Content::Text(String::new())),
        Some(Value::String(s)) => Ok(Content::Text(s.clone())),
        Some(Value::Array(blocks)) => {
            let mut parts = Vec::with_capacity(blocks.len());
            for (j, b) in blocks.iter().enumerate() {
                parts.push(read_block(b, &format!("{at}.content[{j}]"))?);
            }
            Ok(Content::Parts(parts))
        }
        Some(other) => Err(READ.invalid(
            &format!("{at}.content"),
            format!(
                "expected a string or a list, got {}",
                common::json_kind(other)
            ),
        )),
    }
}

fn read_block(b: &Value, at: &str) -> Result<ContentPart, AdapterError> {
    if let Value::String(s) = b {
        return Ok(common::text_part(s.clone()));
    }
    let o = READ.object(b, at)?;
    let kind = READ.str(o, "type", at)?;
    let media = match kind {
        "text" => return Ok(common::text_part(READ.str(o, "text", at)?.to_owned())),
        "image_url" => return read_image_url(o, at),
        "input_audio" => return read_input_audio(o, at),
        "file" if o.contains_key("file") => return read_openai_file(o, at),
        "image" => MediaKind::Image,
        "audio" => MediaKind::Audio,
        "video" => MediaKind::Video,
        "file" => MediaKind::Document,
        other => {
            return Err(READ.invalid(at, format!("no AG-UI content part for a {other:?} block")))
        }
    };
    let mime = match READ.opt_str(o, "mime_type", at)? {
        Some(m) => Some(m),
        None => READ.opt_str(o, "mimeType", at)?,
    }
    .map(str::to_owned);
    let source = match o.get("source") {
        Some(Value::Object(src)) => read_anthropic_source(src, &format!("{at}.source"))?,
        _ => read_standard_source(o, mime, at)?,
    };
    Ok(media.part(source, block_filename(o)))
}

fn read_standard_source(
    o: &Map<String, Value>,
    mime: Option<String>,
    at: &str,
) -> Result<PartSource, AdapterError> {
    // v1 blocks name the field; older ones say which field via `source_type`.
    let (base64, url, file_id) = match READ.opt_str(o, "source_type", at)? {
        Some("base64") => (READ.opt_str(o, "data", at)?, None, None),
        Some("url") => (None, READ.opt_str(o, "url", at)?, None),
        Some("id") => (None, None, READ.opt_str(o, "id", at)?),
        Some(other) => {
            return Err(READ.invalid(
                &format!("{at}.source_type"),
                format!("unknown source_type {other:?}"),
            ))
        }
        None => (
            match READ.opt_str(o, "base64", at)? {
                Some(b) => Some(b),
                None => READ.opt_str(o, "data", at)?,
            },
            READ.opt_str(o, "url", at)?,
            READ.opt_str(o, "file_id", at)?,
        ),
    };
    if let Some(data) = base64 {
        let mime_type = mime.ok_or_else(|| {
            READ.invalid(at, "inline data needs a mime_type, which AG-UI requires")
        })?;
        return Ok(PartSource::Data {
            value: data.to_owned(),
            mime_type,
        });
    }
    if let Some(url) = url {
        return Ok(match common::source_from_url(url) {
            PartSource::Url { value, .. } => PartSource::Url {
                value,
                mime_type: mime,
            },
            data => data,
        });
    }
    if let Some(file_id) = file_id {
        return Ok(PartSource::File {
            value: file_id.to_owned(),
            provider: None,
            mime_type: mime,
        });
    }
    Err(READ.invalid(at, "a media block needs base64 data, a url or a file_id"))
}

fn read_anthropic_source(src: &Map<String, Value>, at: &str) -> Result<PartSource, AdapterError> {
    match READ.str(src, "type", at)? {
        "base64" => Ok(PartSource::Data {
            value: READ.str(src, "data", at)?.to_owned(),
            mime_type: READ.str(src, "media_type", at)?.to_owned(),
        }),
        "url" => Ok(common::source_from_url(READ.str(src, "url", at)?)),
        "file" => Ok(PartSource::File {
            value: READ.str(src, "file_id", at)?.to_owned(),
            provider: None,
            mime_type: None,
        }),
        other => Err(READ.invalid(
            &format!("{at}.type"),
            format!("no AG-UI source for a {other:?} source"),
        )),
    }
}

fn block_filename(o: &Map<String, Value>) -> Option<String> {
    let nested = |key: &str| o.get(key).and_then(|m| m.get("filename"));
    [o.get("filename"), nested("extras"), nested("metadata")]
        .into_iter()
        .flatten()
        .find_map(Value::as_str)
        .filter(|f| !f.is_empty())
        .map(str::to_owned)
}

fn read_image_url(o: &Map<String, Value>, at: &str) -> Result<ContentPart, AdapterError> {
    let url = match o.get("image_url") {
        Some(Value::String(s)) => s.as_str(),
        Some(Value::Object(io)) => READ.str(io, "url", &format!("{at}.image_url"))?,
        _ => return Err(READ.invalid(at, "image_url needs a url")),
    };
    // The AG-UI TypeScript LangGraph adapter sends every media type as
    // `image_url` and names the real one here.
    let kind = o
        .get("metadata")
        .and_then(|m| m.get("__agui_type"))
        .and_then(Value::as_str)
        .and_then(MediaKind::from_name)
        .unwrap_or(MediaKind::Image);
    Ok(kind.part(common::source_from_url(url), None))
}

fn read_input_audio(o: &Map<String, Value>, at: &str) -> Result<ContentPart, AdapterError> {
    let iat = format!("{at}.input_audio");
    let audio = READ.object(o.get("input_audio").unwrap_or(&Value::Null), &iat)?;
    let data = READ.str(audio, "data", &iat)?.to_owned();
    let format = READ.str(audio, "format", &iat)?;
    Ok(MediaKind::Audio.part(
        PartSource::Data {
            value: data,
            mime_type: openai::audio_mime(format),
        },
        None,
    ))
}

fn read_openai_file(o: &Map<String, Value>, at: &str) -> Result<ContentPart, AdapterError> {
    let fat = format!("{at}.file");
    let file = READ.object(o.get("file").unwrap_or(&Value::Null), &fat)?;
    openai::read_file_part(READ, file, &fat)
}

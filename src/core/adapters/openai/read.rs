//! Reading Chat Completions `messages` back into AG-UI (see the parent
//! module for ids and what is accepted).

use serde_json::{Map, Value};

use super::{audio_mime, READ};
use crate::core::adapters::common::{self, MediaKind};
use crate::core::adapters::error::AdapterError;
use crate::core::adapters::reader::Reader;
use crate::core::types::{
    AssistantMessage, Content, ContentPart, DeveloperMessage, FunctionCall, Message, PartSource,
    ReasoningMessage, ToolCall, ToolCallType, ToolMessage, UserMessage,
};

/// Reads Chat Completions `messages` (a bare array or a request body) back
/// into an AG-UI history, minting ids as the module docs describe.
pub fn from_openai_chat(value: &Value) -> Result<Vec<Message>, AdapterError> {
    let mut out = Vec::new();
    for (index, raw) in READ.messages(value)?.iter().enumerate() {
        let at = format!("messages[{index}]");
        let o = READ.object(raw, &at)?;
        let role = READ.str(o, "role", &at)?;
        for key in ["refusal", "audio", "function_call"] {
            if o.get(key).is_some_and(|v| !v.is_null()) {
                return Err(READ.invalid(
                    &format!("{at}.{key}"),
                    format!("AG-UI messages have no {key}"),
                ));
            }
        }
        let id = format!("openai-{index}");
        let name = READ.opt_str(o, "name", &at)?.map(str::to_owned);
        match role {
            "system" | "developer" => {
                let m = DeveloperMessage {
                    content: read_text(o.get("content"), &at)?.unwrap_or_default(),
                    id,
                    name,
                    ..Default::default()
                };
                out.push(if role == "developer" {
                    Message::Developer(Box::new(m))
                } else {
                    Message::System(Box::new(m.into_role()))
                });
            }
            "user" => out.push(Message::User(Box::new(UserMessage {
                content: read_user_content(o.get("content"), &at)?,
                id,
                name,
                ..Default::default()
            }))),
            "assistant" => {
                out.extend(read_reasoning(o, index, &at)?);
                let calls = read_tool_calls(o, &at)?;
                out.push(Message::Assistant(Box::new(AssistantMessage {
                    content: read_text(o.get("content"), &at)?.filter(|t| !t.is_empty()),
                    tool_calls: (!calls.is_empty()).then_some(calls),
                    id,
                    name,
                    ..Default::default()
                })));
            }
            "tool" => out.push(Message::Tool(Box::new(ToolMessage {
                tool_call_id: READ.str(o, "tool_call_id", &at)?.to_owned(),
                content: read_tool_content(o.get("content"), &at)?,
                id,
                ..Default::default()
            }))),
            other => {
                return Err(READ.invalid(
                    &format!("{at}.role"),
                    format!("AG-UI has no message for the {other:?} role"),
                ))
            }
        }
    }
    Ok(out)
}

/// Text content: a string, `null`, or text parts joined as OpenAI reads them.
fn read_text(v: Option<&Value>, at: &str) -> Result<Option<String>, AdapterError> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(Value::Array(parts)) => {
            let mut text = String::new();
            for (j, p) in parts.iter().enumerate() {
                text.push_str(&read_text_part(p, &format!("{at}.content[{j}]"))?);
            }
            Ok(Some(text))
        }
        Some(other) => Err(READ.invalid(
            &format!("{at}.content"),
            format!(
                "expected a string or an array, got {}",
                common::json_kind(other)
            ),
        )),
    }
}

fn read_text_part(p: &Value, at: &str) -> Result<String, AdapterError> {
    let po = READ.object(p, at)?;
    match READ.str(po, "type", at)? {
        "text" => Ok(READ.str(po, "text", at)?.to_owned()),
        other => Err(READ.invalid(
            at,
            format!("only text parts can go here in AG-UI, not {other:?}"),
        )),
    }
}

fn read_tool_content(v: Option<&Value>, at: &str) -> Result<Content, AdapterError> {
    match v {
        Some(Value::Array(parts)) => {
            let mut out = Vec::with_capacity(parts.len());
            for (j, p) in parts.iter().enumerate() {
                out.push(common::text_part(read_text_part(
                    p,
                    &format!("{at}.content[{j}]"),
                )?));
            }
            Ok(Content::Parts(out))
        }
        other => Ok(Content::Text(read_text(other, at)?.unwrap_or_default())),
    }
}

fn read_user_content(v: Option<&Value>, at: &str) -> Result<Content, AdapterError> {
    let parts = match v {
        Some(Value::Array(parts)) => parts,
        other => return Ok(Content::Text(read_text(other, at)?.unwrap_or_default())),
    };
    let mut out = Vec::with_capacity(parts.len());
    for (j, p) in parts.iter().enumerate() {
        let pat = format!("{at}.content[{j}]");
        let po = READ.object(p, &pat)?;
        let part = match READ.str(po, "type", &pat)? {
            "text" => common::text_part(READ.str(po, "text", &pat)?.to_owned()),
            "image_url" => {
                let iat = format!("{pat}.image_url");
                let image = READ.object(po.get("image_url").unwrap_or(&Value::Null), &iat)?;
                MediaKind::Image.part(common::source_from_url(READ.str(image, "url", &iat)?), None)
            }
            "input_audio" => {
                let aat = format!("{pat}.input_audio");
                let audio = READ.object(po.get("input_audio").unwrap_or(&Value::Null), &aat)?;
                MediaKind::Audio.part(
                    PartSource::Data {
                        value: READ.str(audio, "data", &aat)?.to_owned(),
                        mime_type: audio_mime(READ.str(audio, "format", &aat)?),
                    },
                    None,
                )
            }
            "file" => {
                let fat = format!("{pat}.file");
                let file = READ.object(po.get("file").unwrap_or(&Value::Null), &fat)?;
                read_file_part(READ, file, &fat)?
            }
            other => {
                return Err(
                    READ.invalid(&pat, format!("no AG-UI content part for a {other:?} part"))
                )
            }
        };
        out.push(part);
    }
    Ok(Content::Parts(out))
}

/// The document an OpenAI `file` object stands for. Shared with LangChain,
/// which accepts OpenAI-style file blocks too.
pub(in crate::core::adapters) fn read_file_part(
    read: Reader,
    file: &Map<String, Value>,
    at: &str,
) -> Result<ContentPart, AdapterError> {
    let filename = read
        .opt_str(file, "filename", at)?
        .filter(|f| !f.is_empty())
        .map(str::to_owned);
    let source = if let Some(data) = read.opt_str(file, "file_data", at)? {
        match common::parse_data_url(data) {
            Some((mime, value)) => PartSource::Data {
                value,
                mime_type: mime.unwrap_or_else(|| "application/pdf".into()),
            },
            // Bare base64: Chat Completions files are PDFs.
            None => PartSource::Data {
                value: data.to_owned(),
                mime_type: "application/pdf".into(),
            },
        }
    } else if let Some(file_id) = read.opt_str(file, "file_id", at)? {
        PartSource::File {
            value: file_id.to_owned(),
            provider: None,
            mime_type: None,
        }
    } else {
        return Err(read.invalid(at, "a file part needs file_data or file_id"));
    };
    Ok(MediaKind::Document.part(source, filename))
}

fn read_tool_calls(o: &Map<String, Value>, at: &str) -> Result<Vec<ToolCall>, AdapterError> {
    let mut calls = Vec::new();
    for (k, c) in READ.opt_array(o, "tool_calls", at)?.iter().enumerate() {
        let cat = format!("{at}.tool_calls[{k}]");
        let co = READ.object(c, &cat)?;
        if let Some(kind) = READ.opt_str(co, "type", &cat)? {
            if kind != "function" {
                return Err(READ.invalid(
                    &format!("{cat}.type"),
                    format!("AG-UI tool calls are functions, not {kind:?}"),
                ));
            }
        }
        let fat = format!("{cat}.function");
        let f = READ.object(co.get("function").unwrap_or(&Value::Null), &fat)?;
        calls.push(ToolCall {
            id: READ.str(co, "id", &cat)?.to_owned(),
            kind: ToolCallType::Function,
            function: FunctionCall {
                name: READ.str(f, "name", &fat)?.to_owned(),
                arguments: READ.str(f, "arguments", &fat)?.to_owned(),
            },
            ..Default::default()
        });
    }
    Ok(calls)
}

fn read_reasoning(
    o: &Map<String, Value>,
    index: usize,
    at: &str,
) -> Result<Vec<Message>, AdapterError> {
    let mut out = Vec::new();
    for (k, d) in READ
        .opt_array(o, "reasoning_details", at)?
        .iter()
        .enumerate()
    {
        let dat = format!("{at}.reasoning_details[{k}]");
        let dobj = READ.object(d, &dat)?;
        let (content, encrypted_value) = match READ.str(dobj, "type", &dat)? {
            "reasoning.encrypted" => (
                String::new(),
                Some(READ.str(dobj, "data", &dat)?.to_owned()),
            ),
            "reasoning.summary" => (READ.str(dobj, "summary", &dat)?.to_owned(), None),
            "reasoning.text" => {
                if READ.opt_str(dobj, "signature", &dat)?.is_some() {
                    return Err(READ.invalid(
                        &dat,
                        "a signed reasoning.text must go back with text and signature together; \
                         AG-UI's one encryptedValue cannot hold both",
                    ));
                }
                (
                    READ.opt_str(dobj, "text", &dat)?.unwrap_or("").to_owned(),
                    None,
                )
            }
            other => {
                return Err(READ.invalid(
                    &format!("{dat}.type"),
                    format!("unknown reasoning detail {other:?}"),
                ))
            }
        };
        out.push(Message::Reasoning(Box::new(ReasoningMessage {
            id: format!("openai-{index}-reasoning-{k}"),
            content,
            encrypted_value,
            ..Default::default()
        })));
    }
    Ok(out)
}

//! Reading LangChain message dicts back into AG-UI (see the parent module for
//! what is accepted).

use serde_json::{Map, Value};

use super::read_blocks::read_content;
use super::{DEVELOPER_MARKER, ERROR_PREFIX, FAILED, READ};
use crate::core::adapters::common;
use crate::core::adapters::error::AdapterError;
use crate::core::types::{
    AssistantMessage, Content, ContentPart, DeveloperMessage, FunctionCall, Message,
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
            "human" | "user" | "HumanMessageChunk" => {
                out.push(Message::User(Box::new(UserMessage {
                    content: read_content(o.get("content"), &at)?,
                    id,
                    name,
                    ..Default::default()
                })))
            }
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
                    Message::Developer(Box::new(m))
                } else {
                    Message::System(Box::new(m.into_role()))
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
    // A lone reasoning block under its own id is how earlier versions of
    // `to_langchain` wrote reasoning that no reply followed, and LangGraph
    // state keeps what it was given; it stands for that reasoning only.
    let standalone = calls.is_empty()
        && text.is_empty()
        && reasoning.len() == 1
        && reasoning.first().is_some_and(|r| r.id == id);
    out.extend(
        reasoning
            .into_iter()
            .map(|r| Message::Reasoning(Box::new(r))),
    );
    if !standalone {
        out.push(Message::Assistant(Box::new(AssistantMessage {
            id,
            content: (!text.is_empty()).then_some(text),
            tool_calls: (!calls.is_empty()).then_some(calls),
            name,
            ..Default::default()
        })));
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
                // `args` should be an object; whatever else a producer put
                // there (the AG-UI LangGraph adapters parse an array into
                // it) is kept as the JSON text AG-UI holds arguments in.
                let args = match co.get("args") {
                    None | Some(Value::Null) => "{}".to_owned(),
                    Some(Value::String(raw)) => raw.clone(),
                    Some(v) => v.to_string(),
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
    Ok(Message::Tool(Box::new(ToolMessage {
        id,
        content,
        tool_call_id,
        error,
        ..Default::default()
    })))
}

/// Undoes what `to_langchain` writes for a failed tool: a last text block
/// `Error: <error>` after what the tool returned. A body without one is the
/// tool's own output, which is how LangChain's `ToolNode` (the exception's
/// text) and the AG-UI LangGraph adapters (the result, as a string or as
/// AG-UI parts) write a failure, and says only that the tool failed.
fn split_error(content: Content) -> (Content, String) {
    let Content::Parts(mut parts) = content else {
        return (content, FAILED.to_owned());
    };
    let error = match parts.last() {
        Some(ContentPart::Text(t)) => t.text.strip_prefix(ERROR_PREFIX).map(str::to_owned),
        _ => None,
    };
    let Some(error) = error else {
        return (Content::Parts(parts), FAILED.to_owned());
    };
    parts.pop();
    let body = match parts.as_slice() {
        [] => Content::Text(String::new()),
        [ContentPart::Text(only)] => Content::Text(only.text.clone()),
        _ => Content::Parts(parts),
    };
    (body, error)
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

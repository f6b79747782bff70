//! AG-UI history to and from LangChain messages.
//!
//! # The form
//!
//! One JSON object per message in LangChain's flat serialized form: the
//! message's own fields plus its `type`, which is what Python's
//! `BaseMessage.model_dump()` (with `type`) and the LangGraph SDK's `Message`
//! give, and what `langchain_core.messages.convert_to_messages` and
//! LangGraph's `add_messages` read back. Field names are the Python ones
//! (`tool_calls`, `tool_call_id`, `additional_kwargs`, `mime_type`). Keys
//! LangChain fills with defaults (`response_metadata`, `example`, an empty
//! `additional_kwargs`) are left out.
//!
//! | AG-UI | LangChain |
//! | --- | --- |
//! | user | `{"type": "human", "id", "content", "name"?}` |
//! | assistant | `{"type": "ai", "id", "content", "tool_calls": [{"name", "args": {..}, "id", "type": "tool_call"}], "invalid_tool_calls"?, "name"?}` |
//! | system | `{"type": "system", "id", "content", "name"?}` |
//! | developer | `{"type": "system", ..., "additional_kwargs": {"__openai_role__": "developer"}}`, the marker `convert_to_messages` itself sets for a `developer` role and `langchain-openai` sends back as `developer` |
//! | tool | `{"type": "tool", "id", "content", "tool_call_id", "status": "error"?}` |
//! | reasoning | a `{"type": "reasoning", "id", "summary": [{"type": "summary_text", "text"}], "encrypted_content"?}` block at the head of the next `ai` message's content (the OpenAI Responses shape `langchain-openai` keeps and the AG-UI LangGraph adapters write) |
//! | activity | dropped: it is UI state, never sent to an agent |
//!
//! # Content parts
//!
//! Text is `{"type": "text", "text"}`. Images are OpenAI-style
//! `{"type": "image_url", "image_url": {"url"}}` with a `data:` URL for
//! inline bytes, the block every LangChain chat model reads. An `image_url`
//! cannot say "audio" or "PDF", so other media use LangChain's standard
//! multimodal blocks, `{"type": "audio" | "video" | "file", "base64" | "url" |
//! "file_id", "mime_type"?, "filename"?}` (`filename` is where
//! `langchain-openai` looks for a document's name); an image held by a
//! provider file id is `{"type": "image", "file_id"}`.
//!
//! # Choices where LangChain cannot say everything
//!
//! - Tool-call arguments that are not a JSON object go to `invalid_tool_calls`
//!   with the raw string as `args`, LangChain's own place for a call whose
//!   arguments did not parse (and `langchain-openai` sends those back to the
//!   model verbatim). Empty arguments are `{}`.
//! - A tool error: `status: "error"`, and since `status` carries no text, the
//!   error text is the body when the tool returned nothing, else a last text
//!   block after the result.
//! - Reasoning that no assistant message follows (the run ended, or a user
//!   spoke next) becomes an `ai` message of its own whose id is the reasoning
//!   id and whose content is that one reasoning block; reading it back yields
//!   the reasoning message alone.
//! - Not carried: the url-source `mimeType` of an image (`image_url` has no
//!   slot), a file source's `provider`, part ids and part metadata other than
//!   `filename`, `encryptedValue` outside reasoning, tool-call `metadata`,
//!   message `metadata` and `subagentRunId`. They are UI or AG-UI
//!   bookkeeping that LangChain has no field for.
//!
//! # Round trip
//!
//! `from_langchain(to_langchain(h))` gives `h` back, ids, tool-call links
//! and content included, minus what is listed as not carried and activity,
//! and with these normalizations: assistant content `""` reads back absent
//! and an empty `toolCalls` list absent; arguments come back compact
//! (`{"a":1}` for `{ "a": 1 }`, `"{}"` for `""`), JSON-equal to what went
//! in; calls with invalid arguments come after the valid ones of their
//! message; a failed tool's result that was one text part reads back as a
//! plain string; a legacy binary part comes back as its 1.0 form, and a url
//! source holding a base64 `data:` URL as a data source.
//!
//! Reading is lenient where LangChain is: `role` instead of `type`, the
//! `{"type", "data": {...}}` envelope of `messages_to_dict`, plain strings
//! in a content list, OpenAI-style (`input_audio`, `file`) and the older
//! `source_type` multimodal blocks, Anthropic-style `source` blocks, and
//! `thinking`/`redacted_thinking` blocks (to reasoning, the signature or data
//! as `encryptedValue`). Messages without an id get `langchain-{index}`.
//! Provider copies of tool calls in content (`tool_use`, `tool_call`) are
//! skipped, the calls being read from `tool_calls`. Bookkeeping with no
//! AG-UI field (`response_metadata`, `usage_metadata`, `artifact`, a tool
//! message's `name`) is not read. Anything else that AG-UI cannot hold is an
//! error, never dropped.

use serde_json::{json, Map, Value};

use super::common::{self, data_url, MediaKind, Part, Reader};
use super::error::{AdapterError, Format};
use crate::core::types::{
    AssistantMessage, Content, InstructionMessage, Message, PartSource, ReasoningMessage,
    ToolMessage, UserMessage,
};

mod read;

pub use read::from_langchain;

const FORMAT: Format = Format::LangChain;
const READ: Reader = Reader { format: FORMAT };
const DEVELOPER_MARKER: &str = "__openai_role__";

/// Converts an AG-UI history to LangChain message dicts (see the module docs
/// for the form and every choice).
pub fn to_langchain(messages: &[Message]) -> Result<Value, AdapterError> {
    let mut out = Vec::with_capacity(messages.len());
    // Reasoning streams before the reply it led to, and LangChain keeps it
    // as blocks on that reply, so it waits for the next assistant message.
    let mut reasoning: Vec<(String, Value)> = Vec::new();
    for message in messages {
        match message {
            Message::Activity(_) => {}
            Message::Reasoning(r) => reasoning.push((r.id.clone(), reasoning_block(r))),
            Message::Assistant(a) => out.push(ai(a, std::mem::take(&mut reasoning))),
            Message::User(u) => {
                flush_reasoning(&mut out, &mut reasoning);
                out.push(human(u)?);
            }
            Message::System(s) => {
                flush_reasoning(&mut out, &mut reasoning);
                out.push(system(s, false));
            }
            Message::Developer(d) => {
                flush_reasoning(&mut out, &mut reasoning);
                out.push(system(d, true));
            }
            Message::Tool(t) => {
                flush_reasoning(&mut out, &mut reasoning);
                out.push(tool(t)?);
            }
        }
    }
    flush_reasoning(&mut out, &mut reasoning);
    Ok(Value::Array(out))
}

fn reasoning_block(r: &ReasoningMessage) -> Value {
    let summary: Vec<Value> = if r.content.is_empty() {
        Vec::new()
    } else {
        vec![json!({ "type": "summary_text", "text": r.content })]
    };
    let mut block = json!({ "type": "reasoning", "id": r.id, "summary": summary });
    if let (Some(ev), Some(o)) = (&r.encrypted_value, block.as_object_mut()) {
        o.insert("encrypted_content".into(), json!(ev));
    }
    block
}

fn flush_reasoning(out: &mut Vec<Value>, pending: &mut Vec<(String, Value)>) {
    for (id, block) in pending.drain(..) {
        out.push(json!({ "type": "ai", "id": id, "content": [block], "tool_calls": [] }));
    }
}

fn base(kind: &str, id: &str, content: Value, name: Option<&String>) -> Map<String, Value> {
    let mut m = Map::new();
    m.insert("type".into(), json!(kind));
    m.insert("id".into(), json!(id));
    m.insert("content".into(), content);
    if let Some(name) = name {
        m.insert("name".into(), json!(name));
    }
    m
}

fn ai(a: &AssistantMessage, reasoning: Vec<(String, Value)>) -> Value {
    let text = a.content.as_deref().unwrap_or("");
    let content = if reasoning.is_empty() {
        json!(text)
    } else {
        let mut blocks: Vec<Value> = reasoning.into_iter().map(|(_, b)| b).collect();
        if !text.is_empty() {
            blocks.push(json!({ "type": "text", "text": text }));
        }
        Value::Array(blocks)
    };
    let mut calls = Vec::new();
    let mut invalid = Vec::new();
    for call in a.tool_calls.iter().flatten() {
        match common::parse_arguments(&call.function.arguments) {
            Ok(args) => calls.push(json!({
                "name": call.function.name,
                "args": args,
                "id": call.id,
                "type": "tool_call",
            })),
            Err(reason) => invalid.push(json!({
                "name": call.function.name,
                "args": call.function.arguments,
                "id": call.id,
                "error": format!("arguments are not a JSON object: {reason}"),
                "type": "invalid_tool_call",
            })),
        }
    }
    let mut m = base("ai", &a.id, content, a.name.as_ref());
    m.insert("tool_calls".into(), Value::Array(calls));
    if !invalid.is_empty() {
        m.insert("invalid_tool_calls".into(), Value::Array(invalid));
    }
    Value::Object(m)
}

fn human(u: &UserMessage) -> Result<Value, AdapterError> {
    let content = content(&u.id, &u.content)?;
    Ok(Value::Object(base(
        "human",
        &u.id,
        content,
        u.name.as_ref(),
    )))
}

fn system<R>(s: &InstructionMessage<R>, developer: bool) -> Value {
    let mut m = base("system", &s.id, json!(s.content), s.name.as_ref());
    if developer {
        m.insert(
            "additional_kwargs".into(),
            json!({ DEVELOPER_MARKER: "developer" }),
        );
    }
    Value::Object(m)
}

fn tool(t: &ToolMessage) -> Result<Value, AdapterError> {
    let body = common::tool_body(&t.content, t.error.as_deref(), "");
    let mut m = base("tool", &t.id, content(&t.id, &body)?, None);
    m.insert("tool_call_id".into(), json!(t.tool_call_id));
    if t.error.is_some() {
        m.insert("status".into(), json!("error"));
    }
    Ok(Value::Object(m))
}

fn content(message_id: &str, c: &Content) -> Result<Value, AdapterError> {
    match c {
        Content::Text(s) => Ok(json!(s)),
        Content::Parts(parts) => Ok(Value::Array(
            common::parts(FORMAT, message_id, parts)?
                .iter()
                .map(block)
                .collect(),
        )),
    }
}

fn block(part: &Part) -> Value {
    let media = match part {
        Part::Text(text) => return json!({ "type": "text", "text": text }),
        Part::Media(m) => m,
    };
    let kind = match media.kind {
        MediaKind::Image => match &media.source {
            PartSource::Data { value, mime_type } => {
                return json!({ "type": "image_url", "image_url": { "url": data_url(mime_type, value) } })
            }
            PartSource::Url { value, .. } => {
                return json!({ "type": "image_url", "image_url": { "url": value } })
            }
            PartSource::File { .. } => "image",
        },
        MediaKind::Audio => "audio",
        MediaKind::Video => "video",
        MediaKind::Document => "file",
    };
    let mut b = Map::new();
    b.insert("type".into(), json!(kind));
    let mime = match &media.source {
        PartSource::Data { value, mime_type } => {
            b.insert("base64".into(), json!(value));
            Some(mime_type)
        }
        PartSource::Url { value, mime_type } => {
            b.insert("url".into(), json!(value));
            mime_type.as_ref()
        }
        PartSource::File {
            value, mime_type, ..
        } => {
            b.insert("file_id".into(), json!(value));
            mime_type.as_ref()
        }
    };
    if let Some(mime) = mime {
        b.insert("mime_type".into(), json!(mime));
    }
    if let Some(filename) = &media.filename {
        b.insert("filename".into(), json!(filename));
    }
    Value::Object(b)
}

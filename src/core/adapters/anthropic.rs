//! AG-UI history to an Anthropic Messages API request's `system` and
//! `messages`.
//!
//! # Writing
//!
//! The result is `{"system"?: ..., "messages": [...]}`, to merge into a
//! request body.
//!
//! - System and developer messages are lifted, in history order, into
//!   `system`: absent when there are none, a string when there is one, text
//!   blocks `[{"type": "text", "text"}]` when there are several, so their
//!   boundaries survive. The API has no developer role. It does take
//!   `{"role": "system"}` turns in `messages` (SDK 0.100 and later), but only
//!   on models that support them and only after a user turn (see
//!   `mid_conversation_system_messages` in langchain-anthropic's model
//!   profiles); lifting works on every model and at every position, at the
//!   cost of the instruction's place in the conversation. Empty ones are
//!   skipped (the API rejects empty text and they say nothing).
//! - User: `{"role": "user", "content": "..." | [blocks]}`. A user message
//!   with empty content (`""` or `[]`) is skipped: the API rejects it and it
//!   says nothing.
//! - Assistant: `{"role": "assistant", "content": "..."}` for text alone;
//!   otherwise blocks: thinking (see below), `{"type": "text", "text"}`, then
//!   one `{"type": "tool_use", "id", "name", "input": {...}}` per tool call,
//!   the arguments parsed (empty arguments are `{}`). An assistant message
//!   with no text, no tool calls and no thinking is skipped: the API rejects
//!   empty content and there is nothing to lose.
//! - Tool: `{"type": "tool_result", "tool_use_id", "content": "..." | [blocks],
//!   "is_error"?: true}` in a user turn. Consecutive tool results (ignoring
//!   activity, and system messages, which are lifted) share one user turn,
//!   in history order: the API wants every result of an assistant turn's
//!   parallel calls in the next user message.
//! - Activity: dropped, it is UI state never sent to an agent.
//!
//! Parts: text as text blocks; images as `{"type": "image", "source":
//! {"type": "base64", "media_type", "data"}}`, `{"type": "url", "url"}` or
//! `{"type": "file", "file_id"}`; documents the same way as `"type":
//! "document"`, with `metadata.filename` as the document `title`. File
//! sources use the Files API, which needs its beta header on the request.
//!
//! # Errors: what the request cannot say
//!
//! Each is an [`AdapterError`] naming message, part and reason: audio and
//! video (no such blocks); base64 images other than JPEG, PNG, GIF and WebP
//! and base64 documents other than PDF (`media_type` is that enum); a
//! document URL declared as something other than PDF; a file source whose
//! `provider` is set and is not `anthropic`; tool-call arguments that are not
//! a JSON object (`input` must be one) as
//! [`AdapterError::InvalidToolArguments`].
//!
//! # Choices
//!
//! - A tool error sets `is_error`; the error text is the body when the tool
//!   returned nothing, else a last text block after the result.
//! - Reasoning is omitted by default. AG-UI's `encryptedValue` is opaque: it
//!   may be a thinking block's signature or a redacted thinking block's
//!   data, and only the caller knows which, so only the caller can turn it
//!   into a block the API will verify. [`AnthropicReasoning::Thinking`]
//!   sends `{"type": "thinking", "thinking": <content>, "signature":
//!   <encryptedValue>}` (faithful only when the content is the exact thinking
//!   text the signature covers); [`AnthropicReasoning::RedactedThinking`]
//!   sends `{"type": "redacted_thinking", "data": <encryptedValue>}`. Either
//!   way the block goes first in the assistant turn right after the
//!   reasoning, where the API wants it; reasoning without an
//!   `encryptedValue` (unsigned thinking is rejected) or with no assistant
//!   turn right after it is omitted.
//! - Not carried: `name` (no field), part ids and metadata other than
//!   `filename`, a url source's `mimeType` (beyond the PDF check),
//!   `encryptedValue` outside reasoning, tool-call and message `metadata`,
//!   `subagentRunId`, message ids (the API has none).

use serde_json::{json, Map, Value};

use super::common::{self, mime_base, Media, MediaKind, Part, PDF};
use super::error::{AdapterError, Format};
use crate::core::types::{
    AssistantMessage, Content, ContentPart, Message, PartSource, ReasoningMessage,
};

const FORMAT: Format = Format::Anthropic;

/// What [`to_anthropic`] makes of reasoning messages.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum AnthropicReasoning {
    /// Leave reasoning out.
    #[default]
    Omit,
    /// `encryptedValue` is a thinking signature and `content` the thinking.
    Thinking,
    /// `encryptedValue` is a redacted thinking block's data.
    RedactedThinking,
}

/// How [`to_anthropic`] treats what AG-UI does not say precisely enough.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AnthropicOptions {
    pub reasoning: AnthropicReasoning,
}

/// Converts an AG-UI history to `{"system"?, "messages"}` for the Messages
/// API (see the module docs for every mapping, error and choice).
pub fn to_anthropic(
    messages: &[Message],
    options: &AnthropicOptions,
) -> Result<Value, AdapterError> {
    let mut system: Vec<&str> = Vec::new();
    let mut out: Vec<Value> = Vec::new();
    let mut thinking: Vec<Value> = Vec::new();
    // Whether the last turn is one of tool results that the next may join.
    let mut results_open = false;
    for message in messages {
        match message {
            Message::Activity(_) => {}
            Message::System(_) | Message::Developer(_) => {
                let content = message.text();
                if !content.is_empty() {
                    system.push(content);
                }
            }
            Message::Reasoning(r) => thinking.extend(thinking_block(r, options.reasoning)),
            Message::Assistant(a) => {
                if let Some(turn) = assistant(a, std::mem::take(&mut thinking))? {
                    out.push(turn);
                    results_open = false;
                }
            }
            Message::User(u) => {
                thinking.clear();
                if common::is_empty(&u.content) {
                    continue;
                }
                let content = match &u.content {
                    Content::Text(s) => json!(s),
                    Content::Parts(parts) => blocks(&u.id, parts, false)?,
                };
                out.push(json!({ "role": "user", "content": content }));
                results_open = false;
            }
            Message::Tool(t) => {
                thinking.clear();
                let content = match common::tool_body(&t.content, t.error.as_deref(), "") {
                    Content::Text(s) => json!(s),
                    Content::Parts(parts) => blocks(&t.id, &parts, true)?,
                };
                let mut result = json!({
                    "type": "tool_result",
                    "tool_use_id": t.tool_call_id,
                    "content": content,
                });
                if let (Some(_), Some(o)) = (&t.error, result.as_object_mut()) {
                    o.insert("is_error".into(), json!(true));
                }
                if results_open {
                    if let Some(Value::Array(turn)) =
                        out.last_mut().and_then(|m| m.get_mut("content"))
                    {
                        turn.push(result);
                        continue;
                    }
                }
                out.push(json!({ "role": "user", "content": [result] }));
                results_open = true;
            }
        }
    }
    let mut request = Map::new();
    match system.as_slice() {
        [] => {}
        [one] => {
            request.insert("system".into(), json!(one));
        }
        many => {
            let texts: Vec<Value> = many
                .iter()
                .map(|t| json!({ "type": "text", "text": t }))
                .collect();
            request.insert("system".into(), Value::Array(texts));
        }
    }
    request.insert("messages".into(), Value::Array(out));
    Ok(Value::Object(request))
}

fn thinking_block(r: &ReasoningMessage, mode: AnthropicReasoning) -> Option<Value> {
    let ev = r.encrypted_value.as_ref()?;
    match mode {
        AnthropicReasoning::Omit => None,
        AnthropicReasoning::Thinking => {
            Some(json!({ "type": "thinking", "thinking": r.content, "signature": ev }))
        }
        AnthropicReasoning::RedactedThinking => {
            Some(json!({ "type": "redacted_thinking", "data": ev }))
        }
    }
}

fn assistant(a: &AssistantMessage, thinking: Vec<Value>) -> Result<Option<Value>, AdapterError> {
    let text = a.content.as_deref().unwrap_or("");
    let calls = a.tool_calls.as_deref().unwrap_or(&[]);
    if thinking.is_empty() && calls.is_empty() {
        return Ok((!text.is_empty()).then(|| json!({ "role": "assistant", "content": text })));
    }
    let mut content = thinking;
    if !text.is_empty() {
        content.push(json!({ "type": "text", "text": text }));
    }
    for call in calls {
        let input = common::call_arguments(FORMAT, &a.id, call)?;
        content.push(json!({
            "type": "tool_use",
            "id": call.id,
            "name": call.function.name,
            "input": input,
        }));
    }
    Ok(Some(json!({ "role": "assistant", "content": content })))
}

fn blocks(
    message_id: &str,
    parts: &[ContentPart],
    in_tool_result: bool,
) -> Result<Value, AdapterError> {
    let mut out = Vec::with_capacity(parts.len());
    for (index, part) in common::parts(FORMAT, message_id, parts)?.iter().enumerate() {
        out.push(match part {
            Part::Text(text) => json!({ "type": "text", "text": text }),
            Part::Media(media) => media_block(message_id, index, media, in_tool_result)?,
        });
    }
    Ok(Value::Array(out))
}

const IMAGE_TYPES: &[&str] = &["image/jpeg", "image/png", "image/gif", "image/webp"];

fn media_block(
    message_id: &str,
    index: usize,
    media: &Media,
    in_tool_result: bool,
) -> Result<Value, AdapterError> {
    let refuse = |reason: String| AdapterError::Unsupported {
        target: FORMAT,
        message_id: message_id.to_owned(),
        part: media.label(index),
        reason,
    };
    let (kind, allowed): (&str, &[&str]) = match media.kind {
        MediaKind::Image => ("image", IMAGE_TYPES),
        MediaKind::Document => ("document", &[PDF]),
        MediaKind::Audio | MediaKind::Video => {
            let place = if in_tool_result {
                "tool_result content takes text, image and document blocks"
            } else {
                "the Messages API has text, image and document blocks"
            };
            return Err(refuse(format!("{place}, no {} block", media.kind.name())));
        }
    };
    let source = match &media.source {
        PartSource::Data { value, mime_type } => {
            let base = mime_base(mime_type);
            if !allowed.contains(&base.as_str()) {
                return Err(refuse(format!(
                    "base64 {kind} sources take {}, not {mime_type:?}",
                    allowed.join(", ")
                )));
            }
            json!({ "type": "base64", "media_type": base, "data": value })
        }
        PartSource::Url { value, mime_type } => {
            if let (MediaKind::Document, Some(m)) = (media.kind, mime_type) {
                if mime_base(m) != PDF {
                    return Err(refuse(format!(
                        "document URLs must be PDFs, and this one is {m:?}"
                    )));
                }
            }
            json!({ "type": "url", "url": value })
        }
        PartSource::File {
            value, provider, ..
        } => {
            if let Some(p) = provider
                .as_ref()
                .filter(|p| !p.eq_ignore_ascii_case("anthropic"))
            {
                return Err(refuse(format!(
                    "the file is held by {p:?}, and only an Anthropic file id means anything to Anthropic"
                )));
            }
            json!({ "type": "file", "file_id": value })
        }
    };
    let mut block = Map::new();
    block.insert("type".into(), json!(kind));
    block.insert("source".into(), source);
    if let (MediaKind::Document, Some(filename)) = (media.kind, &media.filename) {
        block.insert("title".into(), json!(filename));
    }
    Ok(Value::Object(block))
}

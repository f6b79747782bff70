//! AG-UI history to and from OpenAI Chat Completions `messages`.
//!
//! # Writing
//!
//! | AG-UI | Chat Completions |
//! | --- | --- |
//! | system, developer | `{"role": "system" \| "developer", "content": "...", "name"?}`, the role kept as AG-UI names it; one that arrives between an assistant's tool calls and their last result goes right after the results, since OpenAI wants a call's results right after it |
//! | user | `{"role": "user", "content": "..." \| [parts], "name"?}`; a user message with empty content (`""` or `[]`) is skipped: OpenAI rejects it and it says nothing |
//! | assistant | `{"role": "assistant", "content", "tool_calls"?: [{"id", "type": "function", "function": {"name", "arguments": "<JSON string>"}}], "name"?}`; `content` is `null` when there are only tool calls, `""` when there is nothing at all |
//! | tool | `{"role": "tool", "tool_call_id", "content": "..." \| [text parts]}` |
//! | activity | dropped: it is UI state, never sent to an agent |
//! | reasoning | dropped by default (see below) |
//!
//! Arguments go out as the JSON string AG-UI holds, unparsed, so they never
//! fail here. User parts:
//!
//! - text: `{"type": "text", "text"}`;
//! - image: `{"type": "image_url", "image_url": {"url"}}`, a `data:` URL for
//!   inline bytes;
//! - audio with inline data: `{"type": "input_audio", "input_audio": {"data",
//!   "format"}}`, the format `wav` (`audio/wav`, `audio/x-wav`, `audio/wave`,
//!   `audio/vnd.wave`) or `mp3` (`audio/mpeg`, `audio/mp3`);
//! - document: `{"type": "file", "file": {"file_data": "data:<mime>;base64,...",
//!   "filename"}}` for inline bytes, `{"type": "file", "file": {"file_id",
//!   "filename"?}}` for a file source. The `filename` is the part's
//!   `metadata.filename`; OpenAI may refuse `file_data` without one, so an
//!   inline document without a name goes as `document.pdf` (a PDF) or
//!   `document`. OpenAI documents file parts for PDFs, but the request can
//!   say any type, so the type is not checked here.
//!
//! # Errors: what the request cannot say
//!
//! Each is an [`AdapterError::Unsupported`] naming message, part and reason:
//! video (no such part); audio other than inline wav or mp3
//! (`input_audio.format` is that enum, and it takes no URL or file id); an
//! image by file id and a document by URL (no field for either); a file
//! source whose `provider` is set and is not `openai` (another vendor's
//! handle means nothing here); media in a tool message (tool content takes
//! text parts only).
//!
//! # Fallbacks
//!
//! - A tool error: Chat Completions has no error flag, so the text
//!   `Error: <error>` is the body when the tool returned nothing, else a last
//!   text part after the result.
//! - Reasoning: never sent as text; the summary is for people, and OpenAI
//!   does not take reasoning in chat messages. With
//!   [`OpenAiChatOptions::encrypted_reasoning`], each reasoning message with
//!   an `encryptedValue` rides on the assistant message right after it as
//!   `"reasoning_details": [{"type": "reasoning.encrypted", "data": "<encryptedValue>"}]`.
//!   That field is **not** part of OpenAI's API: it is the extension
//!   OpenRouter documents for handing reasoning back, so turn the option on
//!   only for a provider that takes it. Reasoning that no assistant message
//!   follows is omitted, as it is by default: there is no turn to attach it
//!   to.
//! - Not carried: part ids and metadata other than `filename`, a url
//!   source's `mimeType`, `encryptedValue` outside reasoning, tool-call and
//!   message `metadata`, `subagentRunId`.
//!
//! # Reading and the round trip
//!
//! Chat messages carry no ids, so [`from_openai_chat`] mints them from the
//! position in the list: `openai-{index}`, and `openai-{index}-reasoning-{k}`
//! for the `k`th reasoning detail of message `index`. The same list always
//! gets the same ids; they are unique within it, not across conversations.
//! Tool-call ids are carried by the format and kept, so every tool result
//! stays linked to its call.
//!
//! `from_openai_chat(to_openai_chat(h))` therefore gives `h` back with new
//! message ids and otherwise equal roles, names, text, parts, tool calls
//! (arguments byte for byte) and tool-call links, except: activity and
//! reasoning are gone (with `encrypted_reasoning`, reasoning comes back
//! with its `encryptedValue` and empty content); a tool error is part of the
//! result's text; assistant content `""` reads back absent; an audio MIME
//! type comes back as `audio/wav` or `audio/mpeg`; a file source's
//! `provider` is gone; an inline document without a filename comes back
//! named as it was sent; empty user messages are gone; an instruction that
//! came between a call and its last result comes after the results; plus
//! what is listed as not carried.
//!
//! Reading takes a bare array or a request body with `messages`. Text-part
//! arrays in system, developer and assistant content are joined. An
//! `image_url`'s `detail` has no AG-UI field and is not read. A `file_data`
//! that is not a `data:` URL is taken as base64 PDF bytes, the only kind
//! Chat Completions files are. What AG-UI cannot hold is an error: the
//! `function` role, `refusal`, `audio` (a reference to a past audio reply),
//! `function_call`, non-function tool calls, and signed `reasoning.text`
//! details (text and signature must go back together; one `encryptedValue`
//! cannot hold both). Other keys, outside the Chat Completions schema, are
//! not read.

use serde_json::{json, Map, Value};

use super::common::{self, data_url, MediaKind, Part};
use super::error::{AdapterError, Format};
use super::reader::Reader;
use crate::core::types::{
    AssistantMessage, Content, InstructionMessage, Message, PartSource, ToolMessage, UserMessage,
};

mod read;

pub use read::from_openai_chat;
pub(in crate::core::adapters) use read::read_file_part;

const FORMAT: Format = Format::OpenAiChat;
const READ: Reader = Reader { format: FORMAT };

/// How [`to_openai_chat`] treats what OpenAI itself does not take.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OpenAiChatOptions {
    /// Carry each reasoning `encryptedValue` in the next assistant message's
    /// `reasoning_details`, an OpenRouter extension outside OpenAI's API.
    /// Off by default.
    pub encrypted_reasoning: bool,
}

/// Converts an AG-UI history to Chat Completions `messages` (see the module
/// docs for every mapping, error and fallback).
pub fn to_openai_chat(
    messages: &[Message],
    options: &OpenAiChatOptions,
) -> Result<Value, AdapterError> {
    let mut out = Vec::with_capacity(messages.len());
    let mut details = Vec::new();
    for message in common::results_first(messages) {
        match message {
            Message::Activity(_) => {}
            Message::Reasoning(r) => {
                if let (true, Some(ev)) = (options.encrypted_reasoning, &r.encrypted_value) {
                    details.push(json!({ "type": "reasoning.encrypted", "data": ev }));
                }
            }
            Message::Assistant(a) => out.push(assistant(a, std::mem::take(&mut details))),
            // Reasoning belongs to the reply right after it; anything else
            // in between leaves it without one.
            Message::System(s) => {
                details.clear();
                out.push(text_message("system", s));
            }
            Message::Developer(d) => {
                details.clear();
                out.push(text_message("developer", d));
            }
            // OpenAI rejects a user turn with nothing in it, and it says
            // nothing.
            Message::User(u) => {
                details.clear();
                if !common::is_empty(&u.content) {
                    out.push(user(u)?);
                }
            }
            Message::Tool(t) => {
                details.clear();
                out.push(tool(t)?);
            }
        }
    }
    Ok(Value::Array(out))
}

fn with_name(mut m: Map<String, Value>, name: Option<&String>) -> Map<String, Value> {
    if let Some(name) = name {
        m.insert("name".into(), json!(name));
    }
    m
}

fn text_message<R>(role: &str, m: &InstructionMessage<R>) -> Value {
    let mut o = Map::new();
    o.insert("role".into(), json!(role));
    o.insert("content".into(), json!(m.content));
    Value::Object(with_name(o, m.name.as_ref()))
}

fn assistant(a: &AssistantMessage, details: Vec<Value>) -> Value {
    let calls: Vec<Value> = a
        .tool_calls
        .iter()
        .flatten()
        .map(|c| {
            json!({
                "id": c.id,
                "type": "function",
                "function": { "name": c.function.name, "arguments": c.function.arguments },
            })
        })
        .collect();
    let content = match a.content.as_deref() {
        Some(text) if !text.is_empty() => json!(text),
        // OpenAI wants content unless there are tool calls.
        _ if !calls.is_empty() => Value::Null,
        _ => json!(""),
    };
    let mut m = Map::new();
    m.insert("role".into(), json!("assistant"));
    m.insert("content".into(), content);
    let mut m = with_name(m, a.name.as_ref());
    if !calls.is_empty() {
        m.insert("tool_calls".into(), Value::Array(calls));
    }
    if !details.is_empty() {
        m.insert("reasoning_details".into(), Value::Array(details));
    }
    Value::Object(m)
}

fn user(u: &UserMessage) -> Result<Value, AdapterError> {
    let content = match &u.content {
        Content::Text(s) => json!(s),
        Content::Parts(parts) => {
            let mut out = Vec::with_capacity(parts.len());
            for (i, part) in common::parts(FORMAT, &u.id, parts)?.iter().enumerate() {
                out.push(user_part(&u.id, i, part)?);
            }
            Value::Array(out)
        }
    };
    let mut m = Map::new();
    m.insert("role".into(), json!("user"));
    m.insert("content".into(), content);
    Ok(Value::Object(with_name(m, u.name.as_ref())))
}

fn user_part(message_id: &str, index: usize, part: &Part) -> Result<Value, AdapterError> {
    let media = match part {
        Part::Text(text) => return Ok(json!({ "type": "text", "text": text })),
        Part::Media(m) => m,
    };
    let refuse = |reason: String| AdapterError::Unsupported {
        target: FORMAT,
        message_id: message_id.to_owned(),
        part: media.label(index),
        reason,
    };
    match (media.kind, &media.source) {
        (MediaKind::Image, PartSource::Data { value, mime_type }) => {
            Ok(json!({ "type": "image_url", "image_url": { "url": data_url(mime_type, value) } }))
        }
        (MediaKind::Image, PartSource::Url { value, .. }) => {
            Ok(json!({ "type": "image_url", "image_url": { "url": value } }))
        }
        (MediaKind::Image, PartSource::File { .. }) => Err(refuse(
            "Chat Completions takes images by URL or data URL, not by file id".into(),
        )),
        (MediaKind::Audio, PartSource::Data { value, mime_type }) => {
            match audio_format(mime_type) {
                Some(format) => Ok(json!({
                    "type": "input_audio",
                    "input_audio": { "data": value, "format": format },
                })),
                None => Err(refuse(format!(
                    "input_audio.format is wav or mp3, and {mime_type:?} is neither"
                ))),
            }
        }
        (MediaKind::Audio, _) => Err(refuse(
            "input_audio takes inline base64 data only, not a URL or file id".into(),
        )),
        (MediaKind::Video, _) => Err(refuse("Chat Completions has no video content part".into())),
        (MediaKind::Document, PartSource::Data { value, mime_type }) => Ok(file_part(
            "file_data",
            data_url(mime_type, value),
            Some(media.document_filename()),
        )),
        (
            MediaKind::Document,
            PartSource::File {
                value, provider, ..
            },
        ) => match provider {
            Some(p) if !p.eq_ignore_ascii_case("openai") => Err(refuse(format!(
                "the file is held by {p:?}, and only an OpenAI file id means anything to OpenAI"
            ))),
            _ => Ok(file_part("file_id", value.clone(), media.filename.clone())),
        },
        (MediaKind::Document, PartSource::Url { .. }) => Err(refuse(
            "Chat Completions file parts take base64 data or a file id, not a URL".into(),
        )),
    }
}

fn file_part(key: &str, value: String, filename: Option<String>) -> Value {
    let mut file = Map::new();
    file.insert(key.into(), json!(value));
    if let Some(filename) = filename {
        file.insert("filename".into(), json!(filename));
    }
    json!({ "type": "file", "file": file })
}

/// The `input_audio.format` for a MIME type. MIME types are case-insensitive
/// and may carry parameters; `audio/mpeg` is the registered name for MP3.
pub(in crate::core::adapters) fn audio_format(mime_type: &str) -> Option<&'static str> {
    match common::mime_base(mime_type).as_str() {
        "audio/wav" | "audio/x-wav" | "audio/wave" | "audio/vnd.wave" => Some("wav"),
        "audio/mp3" | "audio/mpeg" => Some("mp3"),
        _ => None,
    }
}

/// The MIME type an `input_audio.format` stands for, spelled canonically.
pub(in crate::core::adapters) fn audio_mime(format: &str) -> String {
    match format {
        "wav" => "audio/wav".into(),
        "mp3" => "audio/mpeg".into(),
        other => format!("audio/{other}"),
    }
}

fn tool(t: &ToolMessage) -> Result<Value, AdapterError> {
    let content = match common::tool_body(&t.content, t.error.as_deref(), "Error: ") {
        Content::Text(s) => json!(s),
        Content::Parts(parts) => {
            let mut out = Vec::with_capacity(parts.len());
            for (i, part) in common::parts(FORMAT, &t.id, &parts)?
                .into_iter()
                .enumerate()
            {
                match part {
                    Part::Text(text) => out.push(json!({ "type": "text", "text": text })),
                    Part::Media(m) => {
                        return Err(AdapterError::Unsupported {
                            target: FORMAT,
                            message_id: t.id.clone(),
                            part: m.label(i),
                            reason: "Chat Completions tool messages take text parts only".into(),
                        })
                    }
                }
            }
            Value::Array(out)
        }
    };
    Ok(json!({ "role": "tool", "tool_call_id": t.tool_call_id, "content": content }))
}

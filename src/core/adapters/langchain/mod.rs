//! AG-UI history to and from LangChain messages.
//!
//! # The form
//!
//! One JSON object per message in LangChain's flat serialized form: the
//! message's own fields plus its `type`, which is what Python's
//! `BaseMessage.model_dump()` (with `type`) and the LangGraph SDK's `Message`
//! give, and what `langchain_core.messages.convert_to_messages`, LangGraph's
//! `add_messages` and LangChain.js's `coerceMessageLikeToMessage` read back.
//! Field names are the Python ones (`tool_calls`, `tool_call_id`,
//! `additional_kwargs`, `mime_type`). Keys LangChain fills with defaults
//! (`response_metadata`, `example`, an empty `additional_kwargs`) are left
//! out.
//!
//! | AG-UI | LangChain |
//! | --- | --- |
//! | user | `{"type": "human", "id", "content", "name"?}` |
//! | assistant | `{"type": "ai", "id", "content", "tool_calls": [{"name", "args": {..}, "id", "type": "tool_call"}], "name"?}` |
//! | system | `{"type": "system", "id", "content", "name"?}` |
//! | developer | `{"type": "system", ..., "additional_kwargs": {"__openai_role__": "developer"}}`, the marker `convert_to_messages` itself sets for a `developer` role and `langchain-openai` sends back as `developer` (LangChain.js's `ChatOpenAI` sends every system message as `system`, or as `developer` to reasoning models) |
//! | tool | `{"type": "tool", "id", "content", "tool_call_id", "status": "error"?}` |
//! | reasoning | a `{"type": "reasoning", "id", "summary": [{"type": "summary_text", "text"}], "encrypted_content"?}` block at the head of the next `ai` message's content when that message has text (the OpenAI Responses shape `langchain-openai` keeps and the AG-UI LangGraph adapters write) |
//! | activity | dropped: it is UI state, never sent to an agent |
//!
//! # Content blocks, and why these
//!
//! The output is loaded by LangChain in either language and then turned
//! into a vendor request by its chat model classes, so each block is the
//! shape that LangChain.js and Python LangChain both convert correctly for
//! the vendors that can take it. Checked with `@langchain/core` 1.4.0,
//! `@langchain/openai` 1.5.8, `@langchain/anthropic` 1.5.11, and
//! `langchain-core` 1.8.3, `langchain-openai` 1.7.4, `langchain-anthropic`
//! 1.7.10 (`tests/adapters-langchain`, which sends every output through
//! `ChatOpenAI` and `ChatAnthropic` in both).
//!
//! - Text: `{"type": "text", "text"}`.
//! - Images by data or URL: `{"type": "image_url", "image_url": {"url"}}`,
//!   a `data:` URL for inline bytes. Every chat model class in both
//!   languages reads it once; LangChain.js's `ChatAnthropic` sends a
//!   `source_type` image twice, the copy labelled JPEG whatever it is.
//! - Audio, video and documents by data or URL: the `source_type` blocks,
//!   `{"type": "audio" | "video" | "file", "source_type": "base64", "data",
//!   "mime_type"}` and `{..., "source_type": "url", "url", "mime_type"?}`.
//!   Both languages read this shape; LangChain.js does not read Python's v1
//!   names (`base64`, `file_id`), and Python does not read LangChain.js's
//!   (`mimeType`, `fileId`). A document's name is `metadata.filename`, where
//!   both look, and an inline document without one is named as
//!   [`to_openai_chat`](super::to_openai_chat) names it, since both
//!   libraries otherwise send OpenAI a made-up name. WAV and MP3 audio carry
//!   `audio/wav` and `audio/mp3`, the spellings both turn into
//!   `input_audio.format` `wav` and `mp3` (`audio/mpeg` would become `mpeg`
//!   in Python and an error in LangChain.js). LangChain.js's `ChatAnthropic`
//!   sends a `source_type` document twice (one block from each of its two
//!   readings); both copies are the same valid document, and no other shape
//!   reaches both `ChatOpenAI` and `ChatAnthropic` there.
//! - A provider file id means something to one vendor only, so its shape
//!   follows the source's `provider`: `anthropic` (and every image, which
//!   only Anthropic takes by file id) is `{"type": "image" | "file",
//!   "file_id", "fileId"}`, the two libraries' names for one value, since
//!   LangChain.js's `ChatAnthropic` refuses a `source_type: "id"` block and
//!   Python reads no `fileId`; any other is `{"type", "source_type": "id",
//!   "id"}`, which both `ChatOpenAI`s send as a `file_id`.
//!
//! # Choices where LangChain cannot say everything
//!
//! - Tool-call arguments must be a JSON object (`args` is a dict in both
//!   languages); anything else is [`AdapterError::InvalidToolArguments`].
//!   LangChain's `invalid_tool_calls` is no way out: `convert_to_messages`
//!   files it under `additional_kwargs` and LangChain.js's `ChatOpenAI` never
//!   sends it, so the call would vanish and its result be orphaned. Empty
//!   arguments are `{}`.
//! - A tool error: `status: "error"` says the call failed, and a last text
//!   block `Error: <error>` says how, after what the tool returned (alone,
//!   in a one-block list, when it returned nothing). The text travels
//!   because LangChain.js's chat models drop `status`; a block of its own,
//!   with its prefix, keeps it apart from the tool's own output, which is
//!   where LangChain's `ToolNode` and the AG-UI LangGraph adapters put a
//!   failed tool's body.
//! - Reasoning rides on the next assistant message only when that message
//!   has text: LangChain.js's `ChatOpenAI` strips reasoning blocks from
//!   content and would send a tool-call-only reply as `"content": []`, which
//!   OpenAI rejects. Reasoning before such a reply, or with no assistant
//!   message right after it, is omitted, as the vendor adapters omit it.
//! - A system or developer message that arrives between an assistant's tool
//!   calls and their last result goes right after the results: both
//!   `ChatOpenAI`s keep the order they are given, and OpenAI wants a call's
//!   results right after it.
//! - Messages with nothing in them are skipped: a user, system or developer
//!   message with empty content and an assistant message with neither text
//!   nor tool calls. The vendors reject empty turns (Anthropic mid-history,
//!   OpenAI for users), LangChain.js forwards them as they are, and they say
//!   nothing.
//! - Not carried: the url-source `mimeType` of an image (`image_url` has no
//!   slot), a file source's `provider`, part ids and part metadata other than
//!   `filename`, `encryptedValue` outside reasoning, tool-call `metadata`,
//!   message `metadata` and `subagentRunId`. They are UI or AG-UI
//!   bookkeeping that LangChain has no field for.
//!
//! # Round trip
//!
//! `from_langchain(to_langchain(h))` gives `h` back, ids, tool-call links
//! and content included, minus what is listed as not carried, activity,
//! omitted reasoning and skipped empty messages, and with these
//! normalizations: assistant content `""` reads back absent and an empty
//! `toolCalls` list absent; arguments come back compact (`{"a":1}` for
//! `{ "a": 1 }`, `"{}"` for `""`), JSON-equal to what went in; a failed
//! tool's result that was one text part reads back as a plain string; WAV
//! and MP3 MIME types come back as `audio/wav` and `audio/mp3`; an inline
//! document without a filename comes back with the name it was sent under;
//! an instruction that came between a call and its last result comes after
//! the results; a legacy binary part comes back as its 1.0 form, and a url
//! source holding a base64 `data:` URL as a data source.
//!
//! Reading is lenient where LangChain is: `role` instead of `type`, the
//! `{"type", "data": {...}}` envelope of `messages_to_dict`, plain strings
//! in a content list, v1 multimodal blocks under either language's names,
//! OpenAI-style (`input_audio`, `file`) and Anthropic-style `source` blocks,
//! `image_url` blocks holding any medium as a `data:` URL (the AG-UI
//! LangGraph adapters send everything that way; the URL's MIME type says
//! what it is), `invalid_tool_calls`, and `thinking`/`redacted_thinking`
//! blocks (to reasoning, the signature or data as `encryptedValue`), and
//! what the AG-UI LangGraph adapters write besides: AG-UI parts passed
//! through in a tool result, and `args` that are not an object (kept as the
//! JSON text AG-UI holds arguments in). A failed tool's body without that
//! last `Error: ` block is read as its result, with `error` `"error"`, since
//! LangChain holds no error text apart from it. Messages without an id get
//! `langchain-{index}`. Provider copies of tool calls in
//! content (`tool_use`, `tool_call`) are skipped, the calls being read from
//! `tool_calls`. Bookkeeping with no AG-UI field (`response_metadata`,
//! `usage_metadata`, `artifact`, a tool message's `name`) is not read.
//! Anything else that AG-UI cannot hold is an error, never dropped.

use serde_json::{json, Map, Value};

use super::common;
use super::error::{AdapterError, Format};
use super::reader::Reader;
use crate::core::types::{
    AssistantMessage, Content, InstructionMessage, Message, ReasoningMessage, ToolMessage,
    UserMessage,
};

mod blocks;
mod read;
mod read_blocks;

pub use read::from_langchain;

const FORMAT: Format = Format::LangChain;
const READ: Reader = Reader { format: FORMAT };
const DEVELOPER_MARKER: &str = "__openai_role__";
/// Opens the text block that carries a tool error.
const ERROR_PREFIX: &str = "Error: ";
/// AG-UI's `error` for a failure LangChain gives no text for, the word the
/// AG-UI LangGraph adapters use too.
const FAILED: &str = "error";

/// Converts an AG-UI history to LangChain message dicts (see the module docs
/// for the form and every choice).
pub fn to_langchain(messages: &[Message]) -> Result<Value, AdapterError> {
    let mut out = Vec::with_capacity(messages.len());
    // Reasoning streams before the reply it led to, and LangChain keeps it
    // as blocks on that reply, so it waits for the next assistant message.
    let mut reasoning: Vec<Value> = Vec::new();
    for message in common::results_first(messages) {
        match message {
            Message::Activity(_) => {}
            Message::Reasoning(r) => reasoning.push(reasoning_block(r)),
            Message::Assistant(a) => out.extend(ai(a, std::mem::take(&mut reasoning))?),
            Message::User(u) => {
                reasoning.clear();
                if !common::is_empty(&u.content) {
                    out.push(human(u)?);
                }
            }
            Message::System(s) => {
                reasoning.clear();
                out.extend(system(s, false));
            }
            Message::Developer(d) => {
                reasoning.clear();
                out.extend(system(d, true));
            }
            Message::Tool(t) => {
                reasoning.clear();
                out.push(tool(t)?);
            }
        }
    }
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

fn ai(a: &AssistantMessage, reasoning: Vec<Value>) -> Result<Option<Value>, AdapterError> {
    let text = a.content.as_deref().unwrap_or("");
    let mut calls = Vec::new();
    for call in a.tool_calls.iter().flatten() {
        let args = common::call_arguments(FORMAT, &a.id, call)?;
        calls.push(json!({
            "name": call.function.name,
            "args": args,
            "id": call.id,
            "type": "tool_call",
        }));
    }
    if text.is_empty() && calls.is_empty() {
        return Ok(None);
    }
    let content = if text.is_empty() || reasoning.is_empty() {
        json!(text)
    } else {
        let mut blocks = reasoning;
        blocks.push(json!({ "type": "text", "text": text }));
        Value::Array(blocks)
    };
    let mut m = base("ai", &a.id, content, a.name.as_ref());
    m.insert("tool_calls".into(), Value::Array(calls));
    Ok(Some(Value::Object(m)))
}

fn human(u: &UserMessage) -> Result<Value, AdapterError> {
    let content = blocks::content(&u.id, &u.content)?;
    Ok(Value::Object(base(
        "human",
        &u.id,
        content,
        u.name.as_ref(),
    )))
}

fn system<R>(s: &InstructionMessage<R>, developer: bool) -> Option<Value> {
    if s.content.is_empty() {
        return None;
    }
    let mut m = base("system", &s.id, json!(s.content), s.name.as_ref());
    if developer {
        m.insert(
            "additional_kwargs".into(),
            json!({ DEVELOPER_MARKER: "developer" }),
        );
    }
    Some(Value::Object(m))
}

fn tool(t: &ToolMessage) -> Result<Value, AdapterError> {
    let body = match common::tool_body(&t.content, t.error.as_deref(), ERROR_PREFIX) {
        // A plain string with `status: error` reads as the tool's own output.
        Content::Text(error) if t.error.is_some() => Content::Parts(vec![common::text_part(error)]),
        body => body,
    };
    let mut m = base("tool", &t.id, blocks::content(&t.id, &body)?, None);
    m.insert("tool_call_id".into(), json!(t.tool_call_id));
    if t.error.is_some() {
        m.insert("status".into(), json!("error"));
    }
    Ok(Value::Object(m))
}

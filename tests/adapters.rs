//! Table tests for the adapters: AG-UI history to and from LangChain, OpenAI
//! Chat Completions and Anthropic Messages.
//!
//! Inputs are AG-UI wire JSON. Every expected output is written from the
//! target's documented format (LangChain's message classes and serialized
//! dicts, the Chat Completions request schema, the Messages API), and each
//! case names the rule it checks in `rule`.

use agui_wasm::core::adapters::{
    from_langchain, from_openai_chat, to_anthropic, to_langchain, to_openai_chat, AdapterError,
    AnthropicOptions, AnthropicReasoning, Format, OpenAiChatOptions,
};
use agui_wasm::core::types::FromJson;
use agui_wasm::core::types::Message;
use serde_json::{json, Value};

struct Case {
    name: &'static str,
    rule: &'static str,
    input: Value,
    expected: Value,
}

struct ErrCase {
    name: &'static str,
    rule: &'static str,
    input: Value,
    expected: AdapterError,
}

fn history(name: &str, v: &Value) -> Vec<Message> {
    FromJson::from_json(v.clone()).unwrap_or_else(|e| panic!("{name}: not AG-UI: {e}"))
}

fn run(cases: &[Case], convert: impl Fn(&[Message]) -> Result<Value, AdapterError>) {
    let mut failures = Vec::new();
    for c in cases {
        match convert(&history(c.name, &c.input)) {
            Ok(got) if got == c.expected => {}
            Ok(got) => failures.push(format!(
                "{} [{}]\n  expected {}\n  got      {}",
                c.name, c.rule, c.expected, got
            )),
            Err(e) => failures.push(format!("{} [{}]: error: {e}", c.name, c.rule)),
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

fn run_errors(cases: &[ErrCase], convert: impl Fn(&[Message]) -> Result<Value, AdapterError>) {
    let mut failures = Vec::new();
    for c in cases {
        match convert(&history(c.name, &c.input)) {
            Err(e) if e == c.expected => {}
            Err(e) => failures.push(format!(
                "{} [{}]\n  expected {:?}\n  got      {e:?}",
                c.name, c.rule, c.expected
            )),
            Ok(v) => failures.push(format!("{} [{}]: no error, got {v}", c.name, c.rule)),
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

fn unsupported(target: Format, id: &str, part: &str, reason: &str) -> AdapterError {
    AdapterError::Unsupported {
        target,
        message_id: id.into(),
        part: part.into(),
        reason: reason.into(),
    }
}

/// Parallel calls to one tool, answered in the opposite order.
fn parallel_calls() -> Value {
    json!([
        { "id": "u1", "role": "user", "content": "Weather in Paris and Rome?" },
        { "id": "a1", "role": "assistant", "toolCalls": [
            { "id": "call_paris", "type": "function",
              "function": { "name": "get_weather", "arguments": "{\"city\":\"Paris\"}" } },
            { "id": "call_rome", "type": "function",
              "function": { "name": "get_weather", "arguments": "{\"city\":\"Rome\"}" } }
        ] },
        { "id": "t_rome", "role": "tool", "toolCallId": "call_rome", "content": "22C" },
        { "id": "t_paris", "role": "tool", "toolCallId": "call_paris", "content": "18C" }
    ])
}

fn tool_calls_only() -> Value {
    json!([{ "id": "a1", "role": "assistant", "toolCalls": [
        { "id": "call_1", "type": "function",
          "function": { "name": "get_weather", "arguments": "{\"city\":\"Paris\"}" } }
    ] }])
}

fn activity_in_the_middle() -> Value {
    json!([
        { "id": "u1", "role": "user", "content": "Plan my trip" },
        { "id": "act1", "role": "activity", "activityType": "PLAN",
          "content": { "steps": ["book", "pack"] } },
        { "id": "a1", "role": "assistant", "content": "Done." }
    ])
}

fn system_and_developer() -> Value {
    json!([
        { "id": "s1", "role": "system", "content": "You are terse." },
        { "id": "d1", "role": "developer", "content": "Answer in French." },
        { "id": "u1", "role": "user", "content": "Hi" }
    ])
}

fn reasoning_then_reply() -> Value {
    json!([
        { "id": "u1", "role": "user", "content": "2+2?" },
        { "id": "r1", "role": "reasoning", "content": "Adding.", "encryptedValue": "enc_r1" },
        { "id": "a1", "role": "assistant", "content": "4" }
    ])
}

fn invalid_arguments() -> Value {
    json!([{ "id": "a1", "role": "assistant", "toolCalls": [
        { "id": "call_ok", "type": "function", "function": { "name": "f", "arguments": "{\"x\":1}" } },
        { "id": "call_bad", "type": "function", "function": { "name": "g", "arguments": "{\"x\":" } },
        { "id": "call_list", "type": "function", "function": { "name": "h", "arguments": "[1,2]" } },
        { "id": "call_empty", "type": "function", "function": { "name": "k", "arguments": "" } }
    ] }])
}

fn multimodal_user() -> Value {
    json!([{ "id": "u1", "role": "user", "content": [
        { "type": "text", "text": "What is in these?" },
        { "type": "image", "source": { "type": "data", "value": "iVBORw0KGgo=", "mimeType": "image/png" } },
        { "type": "image", "source": { "type": "url", "value": "https://example.com/cat.jpg" } },
        { "type": "document",
          "source": { "type": "data", "value": "JVBERi0xLjQ=", "mimeType": "application/pdf" },
          "metadata": { "filename": "report.pdf" } }
    ] }])
}

// ---------------------------------------------------------------- LangChain

#[test]
fn to_langchain_table() {
    let cases = [
        Case {
            name: "assistant with only tool calls",
            rule: "AIMessage content is a string, \"\" when empty; tool_calls are {name, args: <parsed object>, id, type: tool_call}",
            input: tool_calls_only(),
            expected: json!([{ "type": "ai", "id": "a1", "content": "", "tool_calls": [
                { "name": "get_weather", "args": { "city": "Paris" }, "id": "call_1", "type": "tool_call" }
            ] }]),
        },
        Case {
            name: "parallel tool calls, results out of order",
            rule: "ToolMessage is {type: tool, tool_call_id}; results link by id and keep history order",
            input: parallel_calls(),
            expected: json!([
                { "type": "human", "id": "u1", "content": "Weather in Paris and Rome?" },
                { "type": "ai", "id": "a1", "content": "", "tool_calls": [
                    { "name": "get_weather", "args": { "city": "Paris" }, "id": "call_paris", "type": "tool_call" },
                    { "name": "get_weather", "args": { "city": "Rome" }, "id": "call_rome", "type": "tool_call" }
                ] },
                { "type": "tool", "id": "t_rome", "content": "22C", "tool_call_id": "call_rome" },
                { "type": "tool", "id": "t_paris", "content": "18C", "tool_call_id": "call_paris" }
            ]),
        },
        Case {
            name: "multimodal user with data and url sources",
            rule: "images as image_url (data: URL for inline bytes); a document as a source_type base64 file block named in metadata.filename",
            input: multimodal_user(),
            expected: json!([{ "type": "human", "id": "u1", "content": [
                { "type": "text", "text": "What is in these?" },
                { "type": "image_url", "image_url": { "url": "data:image/png;base64,iVBORw0KGgo=" } },
                { "type": "image_url", "image_url": { "url": "https://example.com/cat.jpg" } },
                { "type": "file", "source_type": "base64", "data": "JVBERi0xLjQ=", "mime_type": "application/pdf",
                  "metadata": { "filename": "report.pdf" } }
            ] }]),
        },
        Case {
            name: "audio, video and file sources",
            rule: "source_type blocks for audio and video; WAV and MP3 as audio/wav and audio/mp3; a file id as source_type id, or as file_id + fileId when Anthropic holds it or it is an image",
            input: json!([{ "id": "u1", "role": "user", "content": [
                { "type": "audio", "source": { "type": "data", "value": "UklGRiQ=", "mimeType": "Audio/X-WAV; codecs=1" } },
                { "type": "audio", "source": { "type": "data", "value": "SUQz", "mimeType": "audio/mpeg" } },
                { "type": "audio", "source": { "type": "data", "value": "T2dn", "mimeType": "audio/ogg" } },
                { "type": "video", "source": { "type": "url", "value": "https://example.com/v.mp4", "mimeType": "video/mp4" } },
                { "type": "document", "source": { "type": "file", "value": "file-abc", "provider": "openai" } },
                { "type": "document", "source": { "type": "file", "value": "file_01", "provider": "Anthropic", "mimeType": "application/pdf" } },
                { "type": "image", "source": { "type": "file", "value": "file-img" } },
                { "type": "document", "source": { "type": "url", "value": "https://example.com/d.pdf" },
                  "metadata": { "filename": "d.pdf" } }
            ] }]),
            expected: json!([{ "type": "human", "id": "u1", "content": [
                { "type": "audio", "source_type": "base64", "data": "UklGRiQ=", "mime_type": "audio/wav" },
                { "type": "audio", "source_type": "base64", "data": "SUQz", "mime_type": "audio/mp3" },
                { "type": "audio", "source_type": "base64", "data": "T2dn", "mime_type": "audio/ogg" },
                { "type": "video", "source_type": "url", "url": "https://example.com/v.mp4", "mime_type": "video/mp4" },
                { "type": "file", "source_type": "id", "id": "file-abc" },
                { "type": "file", "file_id": "file_01", "fileId": "file_01", "mime_type": "application/pdf" },
                { "type": "image", "file_id": "file-img", "fileId": "file-img" },
                { "type": "file", "source_type": "url", "url": "https://example.com/d.pdf", "metadata": { "filename": "d.pdf" } }
            ] }]),
        },
        Case {
            name: "inline documents without a filename",
            rule: "an inline document always has a name: document.pdf for a PDF, document otherwise",
            input: json!([{ "id": "u1", "role": "user", "content": [
                { "type": "document", "source": { "type": "data", "value": "JVBE", "mimeType": "Application/PDF" } },
                { "type": "document", "source": { "type": "data", "value": "aGk=", "mimeType": "text/plain" } }
            ] }]),
            expected: json!([{ "type": "human", "id": "u1", "content": [
                { "type": "file", "source_type": "base64", "data": "JVBE", "mime_type": "Application/PDF",
                  "metadata": { "filename": "document.pdf" } },
                { "type": "file", "source_type": "base64", "data": "aGk=", "mime_type": "text/plain",
                  "metadata": { "filename": "document" } }
            ] }]),
        },
        Case {
            name: "reasoning with encryptedValue before the reply",
            rule: "reasoning is a Responses-style block {type: reasoning, id, summary: [summary_text], encrypted_content} at the head of the next ai message",
            input: reasoning_then_reply(),
            expected: json!([
                { "type": "human", "id": "u1", "content": "2+2?" },
                { "type": "ai", "id": "a1", "content": [
                    { "type": "reasoning", "id": "r1",
                      "summary": [{ "type": "summary_text", "text": "Adding." }],
                      "encrypted_content": "enc_r1" },
                    { "type": "text", "text": "4" }
                ], "tool_calls": [] }
            ]),
        },
        Case {
            name: "reasoning with no text reply after it",
            rule: "reasoning before a tool-call-only reply, before a user message or at the end is omitted, never an ai message of its own",
            input: json!([
                { "id": "r0", "role": "reasoning", "content": "lost", "encryptedValue": "enc0" },
                { "id": "u1", "role": "user", "content": "go" },
                { "id": "r1", "role": "reasoning", "content": "Need a tool.", "encryptedValue": "enc1" },
                { "id": "a1", "role": "assistant", "toolCalls": [
                    { "id": "c1", "type": "function", "function": { "name": "f", "arguments": "{}" } }
                ] },
                { "id": "t1", "role": "tool", "toolCallId": "c1", "content": "ok" },
                { "id": "r2", "role": "reasoning", "content": "", "encryptedValue": "enc2" }
            ]),
            expected: json!([
                { "type": "human", "id": "u1", "content": "go" },
                { "type": "ai", "id": "a1", "content": "", "tool_calls": [
                    { "name": "f", "args": {}, "id": "c1", "type": "tool_call" }
                ] },
                { "type": "tool", "id": "t1", "content": "ok", "tool_call_id": "c1" }
            ]),
        },
        Case {
            name: "activity in the middle",
            rule: "activity messages are UI state and are dropped",
            input: activity_in_the_middle(),
            expected: json!([
                { "type": "human", "id": "u1", "content": "Plan my trip" },
                { "type": "ai", "id": "a1", "content": "Done.", "tool_calls": [] }
            ]),
        },
        Case {
            name: "system and developer together",
            rule: "both become SystemMessage; developer carries additional_kwargs.__openai_role__ = developer, as convert_to_messages sets it",
            input: system_and_developer(),
            expected: json!([
                { "type": "system", "id": "s1", "content": "You are terse." },
                { "type": "system", "id": "d1", "content": "Answer in French.",
                  "additional_kwargs": { "__openai_role__": "developer" } },
                { "type": "human", "id": "u1", "content": "Hi" }
            ]),
        },
        Case {
            name: "an instruction while tools run",
            rule: "a system or developer message between a call and its last result goes right after the results",
            input: json!([
                { "id": "a1", "role": "assistant", "toolCalls": [
                    { "id": "c1", "type": "function", "function": { "name": "f", "arguments": "{}" } },
                    { "id": "c2", "type": "function", "function": { "name": "g", "arguments": "{}" } }
                ] },
                { "id": "t1", "role": "tool", "toolCallId": "c1", "content": "one" },
                { "id": "s1", "role": "system", "content": "Stay calm." },
                { "id": "act", "role": "activity", "activityType": "T", "content": {} },
                { "id": "t2", "role": "tool", "toolCallId": "c2", "content": "two" },
                { "id": "u1", "role": "user", "content": "and?" }
            ]),
            expected: json!([
                { "type": "ai", "id": "a1", "content": "", "tool_calls": [
                    { "name": "f", "args": {}, "id": "c1", "type": "tool_call" },
                    { "name": "g", "args": {}, "id": "c2", "type": "tool_call" }
                ] },
                { "type": "tool", "id": "t1", "content": "one", "tool_call_id": "c1" },
                { "type": "tool", "id": "t2", "content": "two", "tool_call_id": "c2" },
                { "type": "system", "id": "s1", "content": "Stay calm." },
                { "type": "human", "id": "u1", "content": "and?" }
            ]),
        },
        Case {
            name: "tool errors",
            rule: "status: error, and `Error: <error>` as a last text block, alone when the tool returned nothing",
            input: json!([
                { "id": "t1", "role": "tool", "toolCallId": "c1", "content": "", "error": "timeout" },
                { "id": "t2", "role": "tool", "toolCallId": "c2", "content": "partial rows", "error": "disk full" }
            ]),
            expected: json!([
                { "type": "tool", "id": "t1", "content": [{ "type": "text", "text": "Error: timeout" }],
                  "tool_call_id": "c1", "status": "error" },
                { "type": "tool", "id": "t2", "content": [
                    { "type": "text", "text": "partial rows" }, { "type": "text", "text": "Error: disk full" }
                ], "tool_call_id": "c2", "status": "error" }
            ]),
        },
        Case {
            name: "empty messages",
            rule: "user, system and developer messages with empty content and assistant messages with neither text nor calls are skipped",
            input: json!([
                { "id": "s1", "role": "system", "content": "" },
                { "id": "d1", "role": "developer", "content": "" },
                { "id": "u1", "role": "user", "content": "" },
                { "id": "u2", "role": "user", "content": [] },
                { "id": "a1", "role": "assistant" },
                { "id": "a2", "role": "assistant", "content": "", "toolCalls": [] },
                { "id": "u3", "role": "user", "content": "hi" }
            ]),
            expected: json!([{ "type": "human", "id": "u3", "content": "hi" }]),
        },
        Case {
            name: "names and a legacy binary part",
            rule: "name is kept; a legacy binary part travels as its 1.0 media part",
            input: json!([{ "id": "u1", "role": "user", "name": "ada", "content": [
                { "type": "binary", "mimeType": "application/pdf", "data": "JVBE", "filename": "a.pdf" }
            ] }]),
            expected: json!([{ "type": "human", "id": "u1", "name": "ada", "content": [
                { "type": "file", "source_type": "base64", "data": "JVBE", "mime_type": "application/pdf",
                  "metadata": { "filename": "a.pdf" } }
            ] }]),
        },
    ];
    run(&cases, to_langchain);
}

#[test]
fn to_langchain_refuses_what_langchain_cannot_hold() {
    let t = Format::LangChain;
    let cases = [
        ErrCase {
            name: "binary with only an id",
            rule: "a legacy part with neither data nor url has no 1.0 form",
            input: json!([{ "id": "u1", "role": "user", "content": [
                { "type": "text", "text": "see" },
                { "type": "binary", "mimeType": "image/png", "id": "blob-1" }
            ] }]),
            expected: unsupported(
                t,
                "u1",
                "content[1] (binary)",
                "a legacy binary part with neither data nor a url has no 1.0 form to send",
            ),
        },
        ErrCase {
            name: "invalid JSON arguments",
            rule: "args is an object in LangChain, and invalid_tool_calls never reach the vendor",
            input: invalid_arguments(),
            expected: AdapterError::InvalidToolArguments {
                target: t,
                message_id: "a1".into(),
                tool_call_id: "call_bad".into(),
                reason: "they are not valid JSON (EOF while parsing a value at line 1 column 5)"
                    .into(),
            },
        },
        ErrCase {
            name: "arguments that are a list",
            rule: "args is an object in LangChain",
            input: json!([{ "id": "a1", "role": "assistant", "toolCalls": [
                { "id": "call_list", "type": "function", "function": { "name": "h", "arguments": "[1,2]" } }
            ] }]),
            expected: AdapterError::InvalidToolArguments {
                target: t,
                message_id: "a1".into(),
                tool_call_id: "call_list".into(),
                reason: "they parse as an array, not an object".into(),
            },
        },
    ];
    run_errors(&cases, to_langchain);
}

#[test]
fn from_langchain_table() {
    let cases = [
        Case {
            name: "role instead of type, and the messages_to_dict envelope",
            rule: "convert_to_messages reads `role`; messages_from_dict reads {type, data}",
            input: json!([
                { "role": "user", "content": "hi", "id": "h1" },
                { "type": "ai", "data": { "content": "hello", "id": "a1", "type": "ai",
                                          "tool_calls": [], "response_metadata": {} } }
            ]),
            expected: json!([
                { "id": "h1", "role": "user", "content": "hi" },
                { "id": "a1", "role": "assistant", "content": "hello" }
            ]),
        },
        Case {
            name: "missing ids are minted from the position",
            rule: "LangChain ids are optional; AG-UI's are not",
            input: json!([{ "type": "human", "content": "hi" }, { "type": "ai", "content": "yo", "id": null }]),
            expected: json!([
                { "id": "langchain-0", "role": "user", "content": "hi" },
                { "id": "langchain-1", "role": "assistant", "content": "yo" }
            ]),
        },
        Case {
            name: "older and foreign multimodal block shapes",
            rule: "source_type blocks, either language's v1 names, Anthropic source blocks, OpenAI input_audio and file parts, plain strings in a list",
            input: json!([{ "type": "human", "id": "h1", "content": [
                "plain",
                { "type": "image", "source_type": "base64", "data": "iVBO", "mime_type": "image/png" },
                { "type": "file", "source_type": "url", "url": "https://x/doc.pdf" },
                { "type": "image", "source": { "type": "base64", "media_type": "image/jpeg", "data": "/9j/" } },
                { "type": "document", "source": { "type": "url", "url": "https://x/a.pdf" } },
                { "type": "input_audio", "input_audio": { "data": "SUQz", "format": "mp3" } },
                { "type": "file", "file": { "file_data": "data:application/pdf;base64,JVBE", "filename": "x.pdf" } },
                { "type": "audio", "base64": "UklG", "mime_type": "audio/wav" },
                { "type": "image", "data": "R0lG", "mimeType": "image/gif" },
                { "type": "file", "fileId": "file_9" }
            ] }]),
            expected: json!([{ "id": "h1", "role": "user", "content": [
                { "type": "text", "text": "plain" },
                { "type": "image", "source": { "type": "data", "value": "iVBO", "mimeType": "image/png" } },
                { "type": "document", "source": { "type": "url", "value": "https://x/doc.pdf" } },
                { "type": "image", "source": { "type": "data", "value": "/9j/", "mimeType": "image/jpeg" } },
                { "type": "document", "source": { "type": "url", "value": "https://x/a.pdf" } },
                { "type": "audio", "source": { "type": "data", "value": "SUQz", "mimeType": "audio/mpeg" } },
                { "type": "document", "source": { "type": "data", "value": "JVBE", "mimeType": "application/pdf" },
                  "metadata": { "filename": "x.pdf" } },
                { "type": "audio", "source": { "type": "data", "value": "UklG", "mimeType": "audio/wav" } },
                { "type": "image", "source": { "type": "data", "value": "R0lG", "mimeType": "image/gif" } },
                { "type": "document", "source": { "type": "file", "value": "file_9" } }
            ] }]),
        },
        Case {
            name: "the AG-UI LangGraph adapters' output",
            rule: "every medium as an image_url data URL, read by the URL's MIME type; AG-UI parts passed through in a tool result; args parsed from a list kept as JSON text",
            input: json!([
                { "type": "human", "id": "h1", "role": "user", "content": [
                    { "type": "image_url", "image_url": { "url": "data:audio/wav;base64,UklG" } },
                    { "type": "image_url", "image_url": { "url": "data:application/pdf;base64,JVBE" } },
                    { "type": "image_url", "image_url": { "url": "data:video/mp4;base64,AAAA" } },
                    { "type": "image_url", "image_url": { "url": "data:image/png;base64,iVBO" } },
                    { "type": "image_url", "image_url": { "url": "https://x/song.mp3" } }
                ] },
                { "type": "ai", "id": "a1", "role": "assistant", "content": "", "tool_calls": [
                    { "id": "c1", "name": "plot", "args": [1, 2], "type": "tool_call" }
                ] },
                { "type": "tool", "id": "t1", "role": "tool", "tool_call_id": "c1", "status": "success", "content": [
                    { "type": "image", "source": { "type": "data", "value": "iVBO", "mimeType": "image/png" } }
                ] }
            ]),
            expected: json!([
                { "id": "h1", "role": "user", "content": [
                    { "type": "audio", "source": { "type": "data", "value": "UklG", "mimeType": "audio/wav" } },
                    { "type": "document", "source": { "type": "data", "value": "JVBE", "mimeType": "application/pdf" } },
                    { "type": "video", "source": { "type": "data", "value": "AAAA", "mimeType": "video/mp4" } },
                    { "type": "image", "source": { "type": "data", "value": "iVBO", "mimeType": "image/png" } },
                    { "type": "image", "source": { "type": "url", "value": "https://x/song.mp3" } }
                ] },
                { "id": "a1", "role": "assistant", "toolCalls": [
                    { "id": "c1", "type": "function", "function": { "name": "plot", "arguments": "[1,2]" } }
                ] },
                { "id": "t1", "role": "tool", "toolCallId": "c1", "content": [
                    { "type": "image", "source": { "type": "data", "value": "iVBO", "mimeType": "image/png" } }
                ] }
            ]),
        },
        Case {
            name: "Anthropic-style ai content",
            rule: "thinking/redacted_thinking become reasoning (signature or data as encryptedValue); tool_use copies are skipped for tool_calls",
            input: json!([{ "type": "ai", "id": "a1", "content": [
                { "type": "thinking", "thinking": "hmm", "signature": "sig" },
                { "type": "redacted_thinking", "data": "opaque" },
                { "type": "text", "text": "Checking." },
                { "type": "tool_use", "id": "toolu_1", "name": "f", "input": {} }
            ], "tool_calls": [{ "name": "f", "args": {}, "id": "toolu_1", "type": "tool_call" }] }]),
            expected: json!([
                { "id": "a1-reasoning-0", "role": "reasoning", "content": "hmm", "encryptedValue": "sig" },
                { "id": "a1-reasoning-1", "role": "reasoning", "content": "", "encryptedValue": "opaque" },
                { "id": "a1", "role": "assistant", "content": "Checking.", "toolCalls": [
                    { "id": "toolu_1", "type": "function", "function": { "name": "f", "arguments": "{}" } }
                ] }
            ]),
        },
        Case {
            name: "failed tools as others write them",
            rule: "a body without a last `Error: ` block is the tool's own output (ToolNode's exception text, ag-ui's result), with error \"error\"; our own last block is the error text",
            input: json!([
                { "type": "tool", "id": "t1", "tool_call_id": "c1", "content": "Error: boom\n Please fix your mistakes.",
                  "status": "error", "name": "f" },
                { "type": "tool", "id": "t2", "tool_call_id": "c2", "content": "partial rows", "status": "error" },
                { "type": "tool", "id": "t3", "tool_call_id": "c3", "status": "error",
                  "content": [{ "type": "text", "text": "rows" }] },
                { "type": "tool", "id": "t4", "tool_call_id": "c4", "status": "error",
                  "content": [{ "type": "text", "text": "rows" }, { "type": "text", "text": "Error: disk full" }] }
            ]),
            expected: json!([
                { "id": "t1", "role": "tool", "toolCallId": "c1", "content": "Error: boom\n Please fix your mistakes.", "error": "error" },
                { "id": "t2", "role": "tool", "toolCallId": "c2", "content": "partial rows", "error": "error" },
                { "id": "t3", "role": "tool", "toolCallId": "c3", "content": [{ "type": "text", "text": "rows" }], "error": "error" },
                { "id": "t4", "role": "tool", "toolCallId": "c4", "content": "rows", "error": "disk full" }
            ]),
        },
        Case {
            name: "OpenAI-style and invalid tool calls",
            rule: "convert_to_messages accepts {id, function: {name, arguments}}; arguments stay as sent; invalid_tool_calls keep their raw args, after the valid calls",
            input: json!([{ "type": "ai", "id": "a1", "content": "", "tool_calls": [
                { "id": "c1", "type": "function", "function": { "name": "f", "arguments": "{\"a\": 1}" } }
            ], "invalid_tool_calls": [
                { "id": "c2", "name": "g", "args": "{oops", "error": "bad", "type": "invalid_tool_call" }
            ] }]),
            expected: json!([{ "id": "a1", "role": "assistant", "toolCalls": [
                { "id": "c1", "type": "function", "function": { "name": "f", "arguments": "{\"a\": 1}" } },
                { "id": "c2", "type": "function", "function": { "name": "g", "arguments": "{oops" } }
            ] }]),
        },
    ];
    let mut failures = Vec::new();
    for c in &cases {
        let want = history(c.name, &c.expected);
        match from_langchain(&c.input) {
            Ok(got) if got == want => {}
            Ok(got) => failures.push(format!("{} [{}]: got {got:?}", c.name, c.rule)),
            Err(e) => failures.push(format!("{} [{}]: error: {e}", c.name, c.rule)),
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn from_langchain_refuses_what_ag_ui_cannot_hold() {
    let cases = [
        (
            json!([{ "type": "ai", "id": "a1", "content": [{ "type": "image_url", "image_url": { "url": "https://x" } }] }]),
            "messages[0].content[0]",
            "an AG-UI assistant message holds text and tool calls, not \"image_url\" blocks",
        ),
        (
            json!([{ "type": "function", "content": "x", "name": "f" }]),
            "messages[0].type",
            "AG-UI has no message for LangChain type \"function\"",
        ),
        (
            json!([{ "type": "human", "content": [{ "type": "weird" }] }]),
            "messages[0].content[0]",
            "no AG-UI content part for a \"weird\" block",
        ),
        (
            json!([{ "type": "human", "content": [{ "type": "image", "base64": "AAA" }] }]),
            "messages[0].content[0]",
            "inline data needs a mime_type, which AG-UI requires",
        ),
        (
            json!([{ "type": "human", "content": [{ "type": "image", "source": { "type": "data", "value": "AAA" } }] }]),
            "messages[0].content[0].source",
            "not an AG-UI source: `mimeType`: missing field",
        ),
        (
            json!([{ "type": "tool", "content": "x" }]),
            "messages[0].tool_call_id",
            "a string is required here",
        ),
        (
            json!({ "nope": 1 }),
            "messages",
            "expected an array of messages",
        ),
    ];
    for (input, at, reason) in cases {
        assert_eq!(
            from_langchain(&input),
            Err(AdapterError::Invalid {
                format: Format::LangChain,
                at: at.into(),
                reason: reason.into()
            }),
            "{input}"
        );
    }
}

#[test]
fn langchain_round_trip_keeps_ids_links_and_content() {
    // Built to avoid the documented normalizations, so it must come back
    // exactly, activity aside.
    let original = json!([
        { "id": "s1", "role": "system", "content": "Be brief." },
        { "id": "d1", "role": "developer", "content": "Use metric units.", "name": "ops" },
        { "id": "u1", "role": "user", "name": "ada", "content": [
            { "type": "text", "text": "Here:" },
            { "type": "image", "source": { "type": "data", "value": "iVBORw0KGgo=", "mimeType": "image/png" } },
            { "type": "image", "source": { "type": "url", "value": "https://example.com/cat.jpg" } },
            { "type": "image", "source": { "type": "file", "value": "file_img" } },
            { "type": "audio", "source": { "type": "url", "value": "https://example.com/a.ogg", "mimeType": "audio/ogg" } },
            { "type": "audio", "source": { "type": "data", "value": "SUQz", "mimeType": "audio/mp3" } },
            { "type": "video", "source": { "type": "file", "value": "file-v", "mimeType": "video/mp4" } },
            { "type": "document", "source": { "type": "data", "value": "JVBERi0=", "mimeType": "application/pdf" },
              "metadata": { "filename": "r.pdf" } },
            { "type": "document", "source": { "type": "file", "value": "file-1", "mimeType": "application/pdf" } }
        ] },
        { "id": "act", "role": "activity", "activityType": "PLAN", "content": { "n": 1 } },
        { "id": "r1", "role": "reasoning", "content": "Two lookups.", "encryptedValue": "enc1" },
        { "id": "a1", "role": "assistant", "content": "Looking up.", "toolCalls": [
            { "id": "c1", "type": "function", "function": { "name": "get", "arguments": "{\"city\":\"Paris\",\"n\":[1,2]}" } },
            { "id": "c2", "type": "function", "function": { "name": "get", "arguments": "{}" } },
            { "id": "c3", "type": "function", "function": { "name": "put", "arguments": "{\"x\":null}" } }
        ] },
        { "id": "t2", "role": "tool", "toolCallId": "c2", "content": "ok" },
        { "id": "t1", "role": "tool", "toolCallId": "c1", "content": [{ "type": "text", "text": "18C" }] },
        { "id": "t3", "role": "tool", "toolCallId": "c3", "content": "", "error": "Error: nested prefix" },
        { "id": "r2", "role": "reasoning", "content": "Done thinking." },
        { "id": "a2", "role": "assistant", "content": "Paris is 18C." },
        { "id": "u2", "role": "user", "content": "thanks" }
    ]);
    let h = history("round trip", &original);
    let lc = to_langchain(&h).expect("converts");
    let back = from_langchain(&lc).expect("reads back");
    let want: Vec<Message> = h.into_iter().filter(|m| !m.is_activity()).collect();
    assert_eq!(back, want, "via {lc}");
}

#[test]
fn langchain_round_trip_normalizations() {
    // Each documented normalization, as it comes back.
    let original = json!([
        { "id": "a1", "role": "assistant", "content": "", "toolCalls": [] },
        { "id": "u0", "role": "user", "content": [] },
        { "id": "r0", "role": "reasoning", "content": "before a call", "encryptedValue": "enc0" },
        { "id": "a2", "role": "assistant", "toolCalls": [
            { "id": "c2", "type": "function", "function": { "name": "g", "arguments": " { \"a\" : 1 } " } },
            { "id": "c3", "type": "function", "function": { "name": "h", "arguments": "" } }
        ] },
        { "id": "t1", "role": "tool", "toolCallId": "c2",
          "content": [{ "type": "text", "text": "rows" }], "error": "truncated" },
        { "id": "s1", "role": "system", "content": "Be quick." },
        { "id": "t2", "role": "tool", "toolCallId": "c3", "content": "done" },
        { "id": "u1", "role": "user", "content": [
            { "type": "image", "source": { "type": "url", "value": "https://x/i.png", "mimeType": "image/png" } },
            { "type": "image", "source": { "type": "url", "value": "data:image/gif;base64,R0lG" } },
            { "type": "binary", "mimeType": "image/png", "url": "https://x/b.png" },
            { "type": "audio", "source": { "type": "data", "value": "SUQz", "mimeType": "audio/mpeg" } },
            { "type": "audio", "source": { "type": "data", "value": "UklG", "mimeType": "audio/x-wav" } },
            { "type": "document", "source": { "type": "data", "value": "JVBE", "mimeType": "application/pdf" } },
            { "type": "document", "source": { "type": "file", "value": "file_01", "provider": "anthropic" } }
        ] },
        { "id": "r1", "role": "reasoning", "content": "trailing", "encryptedValue": "enc1" }
    ]);
    let expected = json!([
        { "id": "a2", "role": "assistant", "toolCalls": [
            { "id": "c2", "type": "function", "function": { "name": "g", "arguments": "{\"a\":1}" } },
            { "id": "c3", "type": "function", "function": { "name": "h", "arguments": "{}" } }
        ] },
        { "id": "t1", "role": "tool", "toolCallId": "c2", "content": "rows", "error": "truncated" },
        { "id": "t2", "role": "tool", "toolCallId": "c3", "content": "done" },
        { "id": "s1", "role": "system", "content": "Be quick." },
        { "id": "u1", "role": "user", "content": [
            { "type": "image", "source": { "type": "url", "value": "https://x/i.png" } },
            { "type": "image", "source": { "type": "data", "value": "R0lG", "mimeType": "image/gif" } },
            { "type": "image", "source": { "type": "url", "value": "https://x/b.png" } },
            { "type": "audio", "source": { "type": "data", "value": "SUQz", "mimeType": "audio/mp3" } },
            { "type": "audio", "source": { "type": "data", "value": "UklG", "mimeType": "audio/wav" } },
            { "type": "document", "source": { "type": "data", "value": "JVBE", "mimeType": "application/pdf" },
              "metadata": { "filename": "document.pdf" } },
            { "type": "document", "source": { "type": "file", "value": "file_01" } }
        ] }
    ]);
    let lc = to_langchain(&history("normalizations", &original)).expect("converts");
    assert_eq!(
        from_langchain(&lc).expect("reads back"),
        history("expected", &expected),
        "via {lc}"
    );
}

// ---------------------------------------------------------------- OpenAI chat

#[test]
fn to_openai_chat_table() {
    let cases = [
        Case {
            name: "assistant with only tool calls",
            rule: "content is null when there are only tool_calls; arguments stay a JSON string",
            input: tool_calls_only(),
            expected: json!([{ "role": "assistant", "content": null, "tool_calls": [
                { "id": "call_1", "type": "function",
                  "function": { "name": "get_weather", "arguments": "{\"city\":\"Paris\"}" } }
            ] }]),
        },
        Case {
            name: "parallel tool calls, results out of order",
            rule: "tool messages carry tool_call_id and keep history order",
            input: parallel_calls(),
            expected: json!([
                { "role": "user", "content": "Weather in Paris and Rome?" },
                { "role": "assistant", "content": null, "tool_calls": [
                    { "id": "call_paris", "type": "function",
                      "function": { "name": "get_weather", "arguments": "{\"city\":\"Paris\"}" } },
                    { "id": "call_rome", "type": "function",
                      "function": { "name": "get_weather", "arguments": "{\"city\":\"Rome\"}" } }
                ] },
                { "role": "tool", "tool_call_id": "call_rome", "content": "22C" },
                { "role": "tool", "tool_call_id": "call_paris", "content": "18C" }
            ]),
        },
        Case {
            name: "multimodal user with data and url sources",
            rule: "text and image_url parts (data: URL for inline bytes); a PDF as a file part with file_data and filename",
            input: multimodal_user(),
            expected: json!([{ "role": "user", "content": [
                { "type": "text", "text": "What is in these?" },
                { "type": "image_url", "image_url": { "url": "data:image/png;base64,iVBORw0KGgo=" } },
                { "type": "image_url", "image_url": { "url": "https://example.com/cat.jpg" } },
                { "type": "file", "file": { "file_data": "data:application/pdf;base64,JVBERi0xLjQ=", "filename": "report.pdf" } }
            ] }]),
        },
        Case {
            name: "inline audio and an uploaded file",
            rule: "input_audio {data, format} with format wav|mp3 from the MIME type; a file source as {file: {file_id}}",
            input: json!([{ "id": "u1", "role": "user", "content": [
                { "type": "audio", "source": { "type": "data", "value": "SUQz", "mimeType": "audio/mpeg" } },
                { "type": "audio", "source": { "type": "data", "value": "UklG", "mimeType": "Audio/X-WAV; codecs=1" } },
                { "type": "document", "source": { "type": "file", "value": "file-abc", "provider": "OpenAI" } }
            ] }]),
            expected: json!([{ "role": "user", "content": [
                { "type": "input_audio", "input_audio": { "data": "SUQz", "format": "mp3" } },
                { "type": "input_audio", "input_audio": { "data": "UklG", "format": "wav" } },
                { "type": "file", "file": { "file_id": "file-abc" } }
            ] }]),
        },
        Case {
            name: "reasoning with encryptedValue, default options",
            rule: "reasoning is not sent by default: OpenAI chat takes no reasoning",
            input: reasoning_then_reply(),
            expected: json!([
                { "role": "user", "content": "2+2?" },
                { "role": "assistant", "content": "4" }
            ]),
        },
        Case {
            name: "activity in the middle",
            rule: "activity messages are dropped",
            input: activity_in_the_middle(),
            expected: json!([
                { "role": "user", "content": "Plan my trip" },
                { "role": "assistant", "content": "Done." }
            ]),
        },
        Case {
            name: "system and developer together",
            rule: "developer keeps its role (OpenAI has both), in place",
            input: system_and_developer(),
            expected: json!([
                { "role": "system", "content": "You are terse." },
                { "role": "developer", "content": "Answer in French." },
                { "role": "user", "content": "Hi" }
            ]),
        },
        Case {
            name: "invalid JSON arguments",
            rule: "arguments are a string in OpenAI, so they go out verbatim",
            input: invalid_arguments(),
            expected: json!([{ "role": "assistant", "content": null, "tool_calls": [
                { "id": "call_ok", "type": "function", "function": { "name": "f", "arguments": "{\"x\":1}" } },
                { "id": "call_bad", "type": "function", "function": { "name": "g", "arguments": "{\"x\":" } },
                { "id": "call_list", "type": "function", "function": { "name": "h", "arguments": "[1,2]" } },
                { "id": "call_empty", "type": "function", "function": { "name": "k", "arguments": "" } }
            ] }]),
        },
        Case {
            name: "tool errors and text parts",
            rule: "no error flag in OpenAI: `Error: <error>` is the body or a last text part; tool content takes text parts",
            input: json!([
                { "id": "t1", "role": "tool", "toolCallId": "c1", "content": "", "error": "timeout" },
                { "id": "t2", "role": "tool", "toolCallId": "c2", "content": [{ "type": "text", "text": "a" }] },
                { "id": "t3", "role": "tool", "toolCallId": "c3", "content": "rows", "error": "cut" }
            ]),
            expected: json!([
                { "role": "tool", "tool_call_id": "c1", "content": "Error: timeout" },
                { "role": "tool", "tool_call_id": "c2", "content": [{ "type": "text", "text": "a" }] },
                { "role": "tool", "tool_call_id": "c3", "content": [
                    { "type": "text", "text": "rows" }, { "type": "text", "text": "Error: cut" }
                ] }
            ]),
        },
        Case {
            name: "text, tool calls and names together",
            rule: "assistant keeps content next to tool_calls; name on user/assistant; empty assistant is content \"\"",
            input: json!([
                { "id": "u1", "role": "user", "content": "go", "name": "ada" },
                { "id": "a1", "role": "assistant", "content": "On it.", "name": "bot", "toolCalls": [
                    { "id": "c1", "type": "function", "function": { "name": "f", "arguments": "{}" } }
                ] },
                { "id": "a2", "role": "assistant" }
            ]),
            expected: json!([
                { "role": "user", "content": "go", "name": "ada" },
                { "role": "assistant", "content": "On it.", "name": "bot", "tool_calls": [
                    { "id": "c1", "type": "function", "function": { "name": "f", "arguments": "{}" } }
                ] },
                { "role": "assistant", "content": "" }
            ]),
        },
        Case {
            name: "inline documents without a filename",
            rule: "file_data always has a filename: document.pdf for a PDF, document otherwise",
            input: json!([{ "id": "u1", "role": "user", "content": [
                { "type": "document", "source": { "type": "data", "value": "JVBE", "mimeType": "application/pdf; x=1" } },
                { "type": "document", "source": { "type": "data", "value": "aGk=", "mimeType": "text/plain" } },
                { "type": "document", "source": { "type": "file", "value": "file-1" } }
            ] }]),
            expected: json!([{ "role": "user", "content": [
                { "type": "file", "file": { "file_data": "data:application/pdf; x=1;base64,JVBE", "filename": "document.pdf" } },
                { "type": "file", "file": { "file_data": "data:text/plain;base64,aGk=", "filename": "document" } },
                { "type": "file", "file": { "file_id": "file-1" } }
            ] }]),
        },
        Case {
            name: "empty user messages and an instruction while tools run",
            rule: "a user message with empty content is skipped; a system message between a call and its last result goes right after the results",
            input: json!([
                { "id": "u0", "role": "user", "content": "" },
                { "id": "a1", "role": "assistant", "toolCalls": [
                    { "id": "c1", "type": "function", "function": { "name": "f", "arguments": "{}" } },
                    { "id": "c2", "type": "function", "function": { "name": "g", "arguments": "{}" } }
                ] },
                { "id": "t1", "role": "tool", "toolCallId": "c1", "content": "one" },
                { "id": "d1", "role": "developer", "content": "Stay calm." },
                { "id": "t2", "role": "tool", "toolCallId": "c2", "content": "two" },
                { "id": "u1", "role": "user", "content": [] },
                { "id": "u2", "role": "user", "content": "and?" }
            ]),
            expected: json!([
                { "role": "assistant", "content": null, "tool_calls": [
                    { "id": "c1", "type": "function", "function": { "name": "f", "arguments": "{}" } },
                    { "id": "c2", "type": "function", "function": { "name": "g", "arguments": "{}" } }
                ] },
                { "role": "tool", "tool_call_id": "c1", "content": "one" },
                { "role": "tool", "tool_call_id": "c2", "content": "two" },
                { "role": "developer", "content": "Stay calm." },
                { "role": "user", "content": "and?" }
            ]),
        },
    ];
    run(&cases, |h| to_openai_chat(h, &OpenAiChatOptions::default()));
}

#[test]
fn to_openai_chat_carries_encrypted_reasoning_only_when_asked() {
    let options = OpenAiChatOptions {
        encrypted_reasoning: true,
    };
    let cases = [
        Case {
            name: "reasoning before the reply",
            rule: "extension: encryptedValue as reasoning_details [{type: reasoning.encrypted, data}] on the next assistant message (OpenRouter's field)",
            input: reasoning_then_reply(),
            expected: json!([
                { "role": "user", "content": "2+2?" },
                { "role": "assistant", "content": "4",
                  "reasoning_details": [{ "type": "reasoning.encrypted", "data": "enc_r1" }] }
            ]),
        },
        Case {
            name: "summaries, orphans and activity",
            rule: "only encryptedValue travels; reasoning with no reply right after it is omitted; activity does not separate",
            input: json!([
                { "id": "r0", "role": "reasoning", "content": "lost", "encryptedValue": "enc0" },
                { "id": "u1", "role": "user", "content": "hi" },
                { "id": "r1", "role": "reasoning", "content": "summary only" },
                { "id": "r2", "role": "reasoning", "content": "x", "encryptedValue": "enc2" },
                { "id": "act", "role": "activity", "activityType": "T", "content": {} },
                { "id": "a1", "role": "assistant", "toolCalls": [
                    { "id": "c1", "type": "function", "function": { "name": "f", "arguments": "{}" } }
                ] }
            ]),
            expected: json!([
                { "role": "user", "content": "hi" },
                { "role": "assistant", "content": null, "tool_calls": [
                    { "id": "c1", "type": "function", "function": { "name": "f", "arguments": "{}" } }
                ], "reasoning_details": [{ "type": "reasoning.encrypted", "data": "enc2" }] }
            ]),
        },
    ];
    run(&cases, |h| to_openai_chat(h, &options));
}

#[test]
fn to_openai_chat_refuses_what_chat_completions_cannot_say() {
    let t = Format::OpenAiChat;
    let user = |part: Value| json!([{ "id": "u1", "role": "user", "content": [part] }]);
    let cases = [
        ErrCase {
            name: "video",
            rule: "Chat Completions has no video part",
            input: user(json!({ "type": "video", "source": { "type": "url", "value": "https://x/v.mp4" } })),
            expected: unsupported(t, "u1", "content[0] (video, url source)", "Chat Completions has no video content part"),
        },
        ErrCase {
            name: "ogg audio",
            rule: "input_audio.format is the enum wav | mp3",
            input: user(json!({ "type": "audio", "source": { "type": "data", "value": "T2dn", "mimeType": "audio/ogg" } })),
            expected: unsupported(t, "u1", "content[0] (audio, data source)", "input_audio.format is wav or mp3, and \"audio/ogg\" is neither"),
        },
        ErrCase {
            name: "audio by url",
            rule: "input_audio takes inline base64 only",
            input: user(json!({ "type": "audio", "source": { "type": "url", "value": "https://x/a.mp3" } })),
            expected: unsupported(t, "u1", "content[0] (audio, url source)", "input_audio takes inline base64 data only, not a URL or file id"),
        },
        ErrCase {
            name: "image by file id",
            rule: "image_url takes a URL or data URL, no file id",
            input: user(json!({ "type": "image", "source": { "type": "file", "value": "file-1" } })),
            expected: unsupported(t, "u1", "content[0] (image, file source)", "Chat Completions takes images by URL or data URL, not by file id"),
        },
        ErrCase {
            name: "document by url",
            rule: "file parts take file_data or file_id, no URL",
            input: user(json!({ "type": "document", "source": { "type": "url", "value": "https://x/d.pdf" } })),
            expected: unsupported(t, "u1", "content[0] (document, url source)", "Chat Completions file parts take base64 data or a file id, not a URL"),
        },
        ErrCase {
            name: "another vendor's file",
            rule: "a file id issued by another provider means nothing to OpenAI",
            input: user(json!({ "type": "document", "source": { "type": "file", "value": "file_01", "provider": "anthropic" } })),
            expected: unsupported(t, "u1", "content[0] (document, file source)", "the file is held by \"anthropic\", and only an OpenAI file id means anything to OpenAI"),
        },
        ErrCase {
            name: "image in a tool result",
            rule: "tool message content takes text parts only",
            input: json!([{ "id": "t1", "role": "tool", "toolCallId": "c1", "content": [
                { "type": "text", "text": "chart:" },
                { "type": "image", "source": { "type": "url", "value": "https://x/c.png" } }
            ] }]),
            expected: unsupported(t, "t1", "content[1] (image, url source)", "Chat Completions tool messages take text parts only"),
        },
    ];
    run_errors(&cases, |h| to_openai_chat(h, &OpenAiChatOptions::default()));
}

#[test]
fn errors_name_the_target_the_message_and_the_part() {
    let h = history(
        "video",
        &json!([{ "id": "u7", "role": "user", "content": [
            { "type": "text", "text": "watch" },
            { "type": "video", "source": { "type": "data", "value": "AAAA", "mimeType": "video/mp4" } }
        ] }]),
    );
    let e = to_openai_chat(&h, &OpenAiChatOptions::default()).expect_err("video");
    assert_eq!(
        e.to_string(),
        "OpenAI chat cannot express message \"u7\", content[1] (video, data source): \
         Chat Completions has no video content part"
    );
}

#[test]
fn from_openai_chat_table() {
    let cases = [
        Case {
            name: "a request body, ids minted from positions",
            rule: "chat messages carry no ids: openai-{index}; tool_call ids are kept",
            input: json!({ "model": "gpt-4o", "messages": [
                { "role": "developer", "content": [{ "type": "text", "text": "Be " }, { "type": "text", "text": "brief." }] },
                { "role": "user", "content": "hi", "name": "ada" },
                { "role": "assistant", "content": null, "refusal": null, "tool_calls": [
                    { "id": "call_1", "type": "function", "function": { "name": "f", "arguments": "{\"a\": 1}" } }
                ] },
                { "role": "tool", "tool_call_id": "call_1", "content": "done" }
            ] }),
            expected: json!([
                { "id": "openai-0", "role": "developer", "content": "Be brief." },
                { "id": "openai-1", "role": "user", "content": "hi", "name": "ada" },
                { "id": "openai-2", "role": "assistant", "toolCalls": [
                    { "id": "call_1", "type": "function", "function": { "name": "f", "arguments": "{\"a\": 1}" } }
                ] },
                { "id": "openai-3", "role": "tool", "toolCallId": "call_1", "content": "done" }
            ]),
        },
        Case {
            name: "user parts",
            rule: "image_url (detail not read), input_audio, file_data (data URL or bare base64 PDF) and file_id",
            input: json!([{ "role": "user", "content": [
                { "type": "image_url", "image_url": { "url": "https://x/i.png", "detail": "high" } },
                { "type": "input_audio", "input_audio": { "data": "UklG", "format": "wav" } },
                { "type": "file", "file": { "file_data": "JVBE", "filename": "d.pdf" } },
                { "type": "file", "file": { "file_id": "file-9" } }
            ] }]),
            expected: json!([{ "id": "openai-0", "role": "user", "content": [
                { "type": "image", "source": { "type": "url", "value": "https://x/i.png" } },
                { "type": "audio", "source": { "type": "data", "value": "UklG", "mimeType": "audio/wav" } },
                { "type": "document", "source": { "type": "data", "value": "JVBE", "mimeType": "application/pdf" },
                  "metadata": { "filename": "d.pdf" } },
                { "type": "document", "source": { "type": "file", "value": "file-9" } }
            ] }]),
        },
        Case {
            name: "reasoning_details",
            rule: "OpenRouter reasoning details become reasoning messages before the assistant message",
            input: json!([{ "role": "assistant", "content": "4", "reasoning_details": [
                { "type": "reasoning.summary", "summary": "Adding." },
                { "type": "reasoning.encrypted", "data": "enc" }
            ] }]),
            expected: json!([
                { "id": "openai-0-reasoning-0", "role": "reasoning", "content": "Adding." },
                { "id": "openai-0-reasoning-1", "role": "reasoning", "content": "", "encryptedValue": "enc" },
                { "id": "openai-0", "role": "assistant", "content": "4" }
            ]),
        },
    ];
    let mut failures = Vec::new();
    for c in &cases {
        let want = history(c.name, &c.expected);
        match from_openai_chat(&c.input) {
            Ok(got) if got == want => {}
            Ok(got) => failures.push(format!("{} [{}]: got {got:?}", c.name, c.rule)),
            Err(e) => failures.push(format!("{} [{}]: error: {e}", c.name, c.rule)),
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn from_openai_chat_refuses_what_ag_ui_cannot_hold() {
    let cases = [
        (
            json!([{ "role": "assistant", "content": null, "refusal": "I can't." }]),
            "messages[0].refusal",
            "AG-UI messages have no refusal",
        ),
        (
            json!([{ "role": "function", "name": "f", "content": "x" }]),
            "messages[0].role",
            "AG-UI has no message for the \"function\" role",
        ),
        (
            json!([{ "role": "assistant", "tool_calls": [{ "id": "c", "type": "custom", "custom": {} }] }]),
            "messages[0].tool_calls[0].type",
            "AG-UI tool calls are functions, not \"custom\"",
        ),
        (
            json!([{ "role": "assistant", "content": "x", "reasoning_details": [
                { "type": "reasoning.text", "text": "t", "signature": "s" }
            ] }]),
            "messages[0].reasoning_details[0]",
            "a signed reasoning.text must go back with text and signature together; \
             AG-UI's one encryptedValue cannot hold both",
        ),
        (
            json!([{ "role": "user", "content": [{ "type": "input_video" }] }]),
            "messages[0].content[0]",
            "no AG-UI content part for a \"input_video\" part",
        ),
        (
            json!([{ "role": "tool", "tool_call_id": "c", "content": [{ "type": "image_url" }] }]),
            "messages[0].content[0]",
            "only text parts can go here in AG-UI, not \"image_url\"",
        ),
        (
            json!("hello"),
            "$",
            "expected an array of messages or an object with `messages`, got a string",
        ),
    ];
    for (input, at, reason) in cases {
        assert_eq!(
            from_openai_chat(&input),
            Err(AdapterError::Invalid {
                format: Format::OpenAiChat,
                at: at.into(),
                reason: reason.into()
            }),
            "{input}"
        );
    }
}

#[test]
fn openai_round_trip_keeps_links_and_content_with_minted_ids() {
    let original = json!([
        { "id": "s1", "role": "system", "content": "Be brief." },
        { "id": "d1", "role": "developer", "content": "Metric.", "name": "ops" },
        { "id": "u1", "role": "user", "name": "ada", "content": [
            { "type": "text", "text": "Here:" },
            { "type": "image", "source": { "type": "data", "value": "iVBO", "mimeType": "image/png" } },
            { "type": "image", "source": { "type": "url", "value": "https://x/cat.jpg" } },
            { "type": "audio", "source": { "type": "data", "value": "SUQz", "mimeType": "audio/mpeg" } },
            { "type": "document", "source": { "type": "data", "value": "JVBE", "mimeType": "application/pdf" },
              "metadata": { "filename": "r.pdf" } },
            { "type": "document", "source": { "type": "file", "value": "file-1" } }
        ] },
        { "id": "act", "role": "activity", "activityType": "PLAN", "content": {} },
        { "id": "r1", "role": "reasoning", "content": "Two lookups.", "encryptedValue": "enc1" },
        { "id": "a1", "role": "assistant", "content": "Looking.", "toolCalls": [
            { "id": "c1", "type": "function", "function": { "name": "get", "arguments": "{ \"city\": \"Paris\" }" } },
            { "id": "c2", "type": "function", "function": { "name": "get", "arguments": "not json" } }
        ] },
        { "id": "t2", "role": "tool", "toolCallId": "c2", "content": "ok" },
        { "id": "t1", "role": "tool", "toolCallId": "c1", "content": [{ "type": "text", "text": "18C" }] },
        { "id": "a2", "role": "assistant", "content": "Paris: 18C." }
    ]);
    // Same messages, minus activity and reasoning, ids minted by position;
    // arguments byte for byte.
    let expected = json!([
        { "id": "openai-0", "role": "system", "content": "Be brief." },
        { "id": "openai-1", "role": "developer", "content": "Metric.", "name": "ops" },
        { "id": "openai-2", "role": "user", "name": "ada", "content": [
            { "type": "text", "text": "Here:" },
            { "type": "image", "source": { "type": "data", "value": "iVBO", "mimeType": "image/png" } },
            { "type": "image", "source": { "type": "url", "value": "https://x/cat.jpg" } },
            { "type": "audio", "source": { "type": "data", "value": "SUQz", "mimeType": "audio/mpeg" } },
            { "type": "document", "source": { "type": "data", "value": "JVBE", "mimeType": "application/pdf" },
              "metadata": { "filename": "r.pdf" } },
            { "type": "document", "source": { "type": "file", "value": "file-1" } }
        ] },
        { "id": "openai-3", "role": "assistant", "content": "Looking.", "toolCalls": [
            { "id": "c1", "type": "function", "function": { "name": "get", "arguments": "{ \"city\": \"Paris\" }" } },
            { "id": "c2", "type": "function", "function": { "name": "get", "arguments": "not json" } }
        ] },
        { "id": "openai-4", "role": "tool", "toolCallId": "c2", "content": "ok" },
        { "id": "openai-5", "role": "tool", "toolCallId": "c1", "content": [{ "type": "text", "text": "18C" }] },
        { "id": "openai-6", "role": "assistant", "content": "Paris: 18C." }
    ]);
    let h = history("round trip", &original);
    let chat = to_openai_chat(&h, &OpenAiChatOptions::default()).expect("converts");
    assert_eq!(
        from_openai_chat(&chat).expect("reads back"),
        history("expected", &expected),
        "via {chat}"
    );

    // With the extension on, the encrypted value survives too.
    let options = OpenAiChatOptions {
        encrypted_reasoning: true,
    };
    let chat = to_openai_chat(&h, &options).expect("converts");
    let back = from_openai_chat(&chat).expect("reads back");
    assert_eq!(
        back.get(3),
        history(
            "reasoning",
            &json!([{ "id": "openai-3-reasoning-0", "role": "reasoning", "content": "", "encryptedValue": "enc1" }])
        )
        .first(),
        "via {chat}"
    );
}

// ---------------------------------------------------------------- Anthropic

#[test]
fn to_anthropic_table() {
    let cases = [
        Case {
            name: "assistant with only tool calls",
            rule: "tool calls are tool_use blocks {id, name, input: <parsed object>}",
            input: tool_calls_only(),
            expected: json!({ "messages": [{ "role": "assistant", "content": [
                { "type": "tool_use", "id": "call_1", "name": "get_weather", "input": { "city": "Paris" } }
            ] }] }),
        },
        Case {
            name: "parallel tool calls, results out of order",
            rule: "consecutive tool results merge into one user turn of tool_result blocks, in history order",
            input: parallel_calls(),
            expected: json!({ "messages": [
                { "role": "user", "content": "Weather in Paris and Rome?" },
                { "role": "assistant", "content": [
                    { "type": "tool_use", "id": "call_paris", "name": "get_weather", "input": { "city": "Paris" } },
                    { "type": "tool_use", "id": "call_rome", "name": "get_weather", "input": { "city": "Rome" } }
                ] },
                { "role": "user", "content": [
                    { "type": "tool_result", "tool_use_id": "call_rome", "content": "22C" },
                    { "type": "tool_result", "tool_use_id": "call_paris", "content": "18C" }
                ] }
            ] }),
        },
        Case {
            name: "multimodal user with data and url sources",
            rule: "image/document blocks with base64 or url sources; filename as the document title",
            input: multimodal_user(),
            expected: json!({ "messages": [{ "role": "user", "content": [
                { "type": "text", "text": "What is in these?" },
                { "type": "image", "source": { "type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo=" } },
                { "type": "image", "source": { "type": "url", "url": "https://example.com/cat.jpg" } },
                { "type": "document", "source": { "type": "base64", "media_type": "application/pdf", "data": "JVBERi0xLjQ=" },
                  "title": "report.pdf" }
            ] }] }),
        },
        Case {
            name: "url and file document sources",
            rule: "documents by url, and Files API file ids as {type: file, file_id}",
            input: json!([{ "id": "u1", "role": "user", "content": [
                { "type": "document", "source": { "type": "url", "value": "https://x/d.pdf", "mimeType": "application/pdf" } },
                { "type": "image", "source": { "type": "file", "value": "file_011", "provider": "anthropic" } }
            ] }]),
            expected: json!({ "messages": [{ "role": "user", "content": [
                { "type": "document", "source": { "type": "url", "url": "https://x/d.pdf" } },
                { "type": "image", "source": { "type": "file", "file_id": "file_011" } }
            ] }] }),
        },
        Case {
            name: "reasoning with encryptedValue, default options",
            rule: "reasoning is omitted unless the caller says what encryptedValue is",
            input: reasoning_then_reply(),
            expected: json!({ "messages": [
                { "role": "user", "content": "2+2?" },
                { "role": "assistant", "content": "4" }
            ] }),
        },
        Case {
            name: "activity in the middle",
            rule: "activity messages are dropped",
            input: activity_in_the_middle(),
            expected: json!({ "messages": [
                { "role": "user", "content": "Plan my trip" },
                { "role": "assistant", "content": "Done." }
            ] }),
        },
        Case {
            name: "system and developer together",
            rule: "both lift into system, as text blocks when there are several",
            input: system_and_developer(),
            expected: json!({
                "system": [
                    { "type": "text", "text": "You are terse." },
                    { "type": "text", "text": "Answer in French." }
                ],
                "messages": [{ "role": "user", "content": "Hi" }]
            }),
        },
        Case {
            name: "one system message mid-history",
            rule: "a single system prompt is a string; lifting it lets tool results around it merge",
            input: json!([
                { "id": "a1", "role": "assistant", "content": "Checking.", "toolCalls": [
                    { "id": "c1", "type": "function", "function": { "name": "f", "arguments": "" } },
                    { "id": "c2", "type": "function", "function": { "name": "g", "arguments": "{}" } }
                ] },
                { "id": "t1", "role": "tool", "toolCallId": "c1", "content": "one" },
                { "id": "s1", "role": "system", "content": "Stay calm." },
                { "id": "act", "role": "activity", "activityType": "T", "content": {} },
                { "id": "t2", "role": "tool", "toolCallId": "c2", "content": "", "error": "timeout" },
                { "id": "u1", "role": "user", "content": "and?" }
            ]),
            expected: json!({
                "system": "Stay calm.",
                "messages": [
                    { "role": "assistant", "content": [
                        { "type": "text", "text": "Checking." },
                        { "type": "tool_use", "id": "c1", "name": "f", "input": {} },
                        { "type": "tool_use", "id": "c2", "name": "g", "input": {} }
                    ] },
                    { "role": "user", "content": [
                        { "type": "tool_result", "tool_use_id": "c1", "content": "one" },
                        { "type": "tool_result", "tool_use_id": "c2", "content": "timeout", "is_error": true }
                    ] },
                    { "role": "user", "content": "and?" }
                ]
            }),
        },
        Case {
            name: "tool error after a result, media in a result, an empty assistant",
            rule: "is_error with the error as a last text block; tool_result content takes images; an empty assistant turn is skipped",
            input: json!([
                { "id": "a0", "role": "assistant", "content": "" },
                { "id": "t1", "role": "tool", "toolCallId": "c1", "error": "partial", "content": [
                    { "type": "image", "source": { "type": "data", "value": "R0lG", "mimeType": "IMAGE/GIF" } }
                ] }
            ]),
            expected: json!({ "messages": [{ "role": "user", "content": [
                { "type": "tool_result", "tool_use_id": "c1", "is_error": true, "content": [
                    { "type": "image", "source": { "type": "base64", "media_type": "image/gif", "data": "R0lG" } },
                    { "type": "text", "text": "partial" }
                ] }
            ] }] }),
        },
        Case {
            name: "empty user messages",
            rule: "a user message with empty content is skipped: the API rejects empty turns",
            input: json!([
                { "id": "u0", "role": "user", "content": [] },
                { "id": "u1", "role": "user", "content": "hi" },
                { "id": "a1", "role": "assistant", "content": "hello" },
                { "id": "u2", "role": "user", "content": "" }
            ]),
            expected: json!({ "messages": [
                { "role": "user", "content": "hi" },
                { "role": "assistant", "content": "hello" }
            ] }),
        },
    ];
    run(&cases, |h| to_anthropic(h, &AnthropicOptions::default()));
}

#[test]
fn to_anthropic_reasoning_modes() {
    let input = json!([
        { "id": "u1", "role": "user", "content": "2+2?" },
        { "id": "r0", "role": "reasoning", "content": "unsigned" },
        { "id": "r1", "role": "reasoning", "content": "Adding.", "encryptedValue": "sig_1" },
        { "id": "a1", "role": "assistant", "content": "4" },
        { "id": "r2", "role": "reasoning", "content": "orphan", "encryptedValue": "sig_2" },
        { "id": "u2", "role": "user", "content": "ok" }
    ]);
    let cases = [
        (
            AnthropicReasoning::Thinking,
            "thinking {thinking: content, signature: encryptedValue} first in the next assistant turn; unsigned and orphan reasoning omitted",
            json!({ "type": "thinking", "thinking": "Adding.", "signature": "sig_1" }),
        ),
        (
            AnthropicReasoning::RedactedThinking,
            "redacted_thinking {data: encryptedValue} first in the next assistant turn",
            json!({ "type": "redacted_thinking", "data": "sig_1" }),
        ),
    ];
    for (mode, rule, block) in cases {
        let got = to_anthropic(
            &history("modes", &input),
            &AnthropicOptions { reasoning: mode },
        )
        .expect("converts");
        let expected = json!({ "messages": [
            { "role": "user", "content": "2+2?" },
            { "role": "assistant", "content": [block, { "type": "text", "text": "4" }] },
            { "role": "user", "content": "ok" }
        ] });
        assert_eq!(got, expected, "{rule}");
    }
}

#[test]
fn to_anthropic_refuses_what_the_messages_api_cannot_say() {
    let t = Format::Anthropic;
    let user = |part: Value| json!([{ "id": "u1", "role": "user", "content": [part] }]);
    let cases = [
        ErrCase {
            name: "audio",
            rule: "the Messages API has no audio block",
            input: user(json!({ "type": "audio", "source": { "type": "data", "value": "UklG", "mimeType": "audio/wav" } })),
            expected: unsupported(t, "u1", "content[0] (audio, data source)", "the Messages API has text, image and document blocks, no audio block"),
        },
        ErrCase {
            name: "video in a tool result",
            rule: "tool_result content takes text, image and document blocks",
            input: json!([{ "id": "t1", "role": "tool", "toolCallId": "c", "content": [
                { "type": "video", "source": { "type": "url", "value": "https://x/v.mp4" } }
            ] }]),
            expected: unsupported(t, "t1", "content[0] (video, url source)", "tool_result content takes text, image and document blocks, no video block"),
        },
        ErrCase {
            name: "svg image",
            rule: "base64 image media_type is jpeg | png | gif | webp",
            input: user(json!({ "type": "image", "source": { "type": "data", "value": "PHN2", "mimeType": "image/svg+xml" } })),
            expected: unsupported(t, "u1", "content[0] (image, data source)", "base64 image sources take image/jpeg, image/png, image/gif, image/webp, not \"image/svg+xml\""),
        },
        ErrCase {
            name: "base64 text document",
            rule: "base64 document media_type is application/pdf",
            input: user(json!({ "type": "document", "source": { "type": "data", "value": "aGk=", "mimeType": "text/plain" } })),
            expected: unsupported(t, "u1", "content[0] (document, data source)", "base64 document sources take application/pdf, not \"text/plain\""),
        },
        ErrCase {
            name: "docx by url",
            rule: "url documents are PDFs",
            input: user(json!({ "type": "document", "source": { "type": "url", "value": "https://x/d.docx",
                "mimeType": "application/vnd.openxmlformats-officedocument.wordprocessingml.document" } })),
            expected: unsupported(t, "u1", "content[0] (document, url source)", "document URLs must be PDFs, and this one is \"application/vnd.openxmlformats-officedocument.wordprocessingml.document\""),
        },
        ErrCase {
            name: "OpenAI file",
            rule: "a file id issued by another provider means nothing to Anthropic",
            input: user(json!({ "type": "image", "source": { "type": "file", "value": "file-abc", "provider": "openai" } })),
            expected: unsupported(t, "u1", "content[0] (image, file source)", "the file is held by \"openai\", and only an Anthropic file id means anything to Anthropic"),
        },
        ErrCase {
            name: "invalid JSON arguments",
            rule: "tool_use.input must be an object",
            input: json!([{ "id": "a1", "role": "assistant", "toolCalls": [
                { "id": "call_bad", "type": "function", "function": { "name": "g", "arguments": "{\"x\":" } }
            ] }]),
            expected: AdapterError::InvalidToolArguments {
                target: t,
                message_id: "a1".into(),
                tool_call_id: "call_bad".into(),
                reason: "they are not valid JSON (EOF while parsing a value at line 1 column 5)".into(),
            },
        },
        ErrCase {
            name: "arguments that are not an object",
            rule: "tool_use.input must be an object",
            input: json!([{ "id": "a1", "role": "assistant", "toolCalls": [
                { "id": "call_n", "type": "function", "function": { "name": "g", "arguments": "42" } }
            ] }]),
            expected: AdapterError::InvalidToolArguments {
                target: t,
                message_id: "a1".into(),
                tool_call_id: "call_n".into(),
                reason: "they parse as a number, not an object".into(),
            },
        },
    ];
    run_errors(&cases, |h| to_anthropic(h, &AnthropicOptions::default()));
}

// ---------------------------------------------------------------- robustness

/// A tiny deterministic generator of JSON built from the keys and values the
/// readers look at, so malformed input reaches deep into them.
struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[(self.next() as usize) % items.len()]
    }

    fn value(&mut self, depth: u32) -> Value {
        const KEYS: &[&str] = &[
            "type",
            "role",
            "content",
            "id",
            "name",
            "tool_calls",
            "tool_call_id",
            "function",
            "arguments",
            "args",
            "invalid_tool_calls",
            "status",
            "image_url",
            "url",
            "data",
            "base64",
            "mime_type",
            "source_type",
            "source",
            "file",
            "file_data",
            "file_id",
            "input_audio",
            "format",
            "summary",
            "text",
            "reasoning_details",
            "signature",
            "additional_kwargs",
            "__openai_role__",
            "messages",
            "metadata",
            "fileId",
            "value",
            "media_type",
            "refusal",
            "thinking",
            "encrypted_content",
        ];
        const STRINGS: &[&str] = &[
            "human",
            "ai",
            "system",
            "tool",
            "user",
            "assistant",
            "developer",
            "text",
            "image_url",
            "image",
            "audio",
            "video",
            "file",
            "reasoning",
            "thinking",
            "redacted_thinking",
            "input_audio",
            "base64",
            "url",
            "id",
            "error",
            "function",
            "reasoning.encrypted",
            "reasoning.text",
            "reasoning.summary",
            "wav",
            "mp3",
            "data:image/png;base64,AAA",
            "data:;base64,",
            "data:x",
            "{\"a\":1}",
            "",
            "ä",
        ];
        match if depth == 0 {
            self.next() % 4
        } else {
            self.next() % 7
        } {
            0 => Value::Null,
            1 => json!(self.next() % 3 == 0),
            2 => json!(self.next() % 100),
            3 => json!(self.pick(STRINGS)),
            4 | 5 => {
                let n = self.next() % 5;
                let mut o = serde_json::Map::new();
                for _ in 0..n {
                    let k = self.pick(KEYS);
                    o.insert(k.into(), self.value(depth - 1));
                }
                Value::Object(o)
            }
            _ => Value::Array(
                (0..self.next() % 4)
                    .map(|_| self.value(depth - 1))
                    .collect(),
            ),
        }
    }

    /// Replaces a random node of `v` with generated JSON, or drops a key.
    fn mutate(&mut self, v: &mut Value) {
        let descend = self.next() % 4 != 0;
        match v {
            Value::Object(o) if descend && !o.is_empty() => {
                let i = (self.next() as usize) % o.len();
                if self.next() % 5 == 0 {
                    if let Some(k) = o.keys().nth(i).cloned() {
                        o.remove(&k);
                    }
                } else if let Some((_, child)) = o.iter_mut().nth(i) {
                    self.mutate(child);
                }
            }
            Value::Array(a) if descend && !a.is_empty() => {
                let i = (self.next() as usize) % a.len();
                if let Some(child) = a.get_mut(i) {
                    self.mutate(child);
                }
            }
            _ => *v = self.value(2),
        }
    }
}

/// Valid histories in every format, for the fuzzers to break.
fn seeds() -> Vec<Value> {
    let mut ag_ui = vec![
        parallel_calls(),
        multimodal_user(),
        reasoning_then_reply(),
        invalid_arguments(),
        system_and_developer(),
    ];
    let mut all: Vec<Value> = ag_ui.clone();
    for h in ag_ui.drain(..) {
        let h = history("seed", &h);
        all.extend(to_langchain(&h).ok());
        let options = OpenAiChatOptions {
            encrypted_reasoning: true,
        };
        all.extend(to_openai_chat(&h, &options).ok());
    }
    all
}

#[test]
fn readers_never_panic_on_malformed_input() {
    let seeds = seeds();
    let mut g = Gen(0x5EED);
    for round in 0..40_000usize {
        let mut v = seeds[round % seeds.len()].clone();
        for _ in 0..=(g.next() % 3) {
            g.mutate(&mut v);
        }
        let _ = from_langchain(&v);
        let _ = from_openai_chat(&v);
        let _ = from_langchain(&g.value(5));
    }
}

#[test]
fn writers_never_panic_on_any_valid_history() {
    let seeds = seeds();
    let options = [
        AnthropicReasoning::Omit,
        AnthropicReasoning::Thinking,
        AnthropicReasoning::RedactedThinking,
    ];
    let mut g = Gen(0xFEED);
    let mut converted = 0;
    for round in 0..40_000usize {
        let mut v = seeds[round % seeds.len()].clone();
        g.mutate(&mut v);
        // Mutations that still read as AG-UI are histories a client may hold.
        let Ok(h) = Vec::<Message>::from_json(v) else {
            continue;
        };
        converted += 1;
        let _ = to_langchain(&h);
        let _ = to_openai_chat(&h, &OpenAiChatOptions::default());
        let reasoning = options[round % options.len()];
        let _ = to_anthropic(&h, &AnthropicOptions { reasoning });
    }
    assert!(converted > 1_000, "only {converted} mutations stayed AG-UI");
}

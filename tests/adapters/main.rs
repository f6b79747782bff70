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

mod anthropic;
mod langchain;
mod openai;
mod robustness;

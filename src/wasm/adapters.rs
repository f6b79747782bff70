//! The history adapters as package functions, so a backend-for-frontend,
//! an edge function or a test converts the very messages the client holds.

use js_sys::Reflect;
use serde_json::Value;
use wasm_bindgen::prelude::*;

use super::convert::{from_js, to_js};
use super::error::{js_error, ErrorName};
use crate::core::adapters::{
    self, AdapterError, AnthropicOptions, AnthropicReasoning, OpenAiChatOptions,
};
use crate::core::types::Message;

fn adapter_error(e: AdapterError) -> JsValue {
    js_error(ErrorName::Adapter, &e.to_string())
}

fn option(options: &Option<js_sys::Object>, key: &str) -> JsValue {
    match options {
        Some(o) => Reflect::get(o, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED),
        None => JsValue::UNDEFINED,
    }
}

/// AG-UI messages as LangChain's serialized message dicts.
#[wasm_bindgen(js_name = toLangChain, unchecked_return_type = "Record<string, any>[]")]
pub fn to_langchain(
    #[wasm_bindgen(unchecked_param_type = "Message[]")] messages: JsValue,
) -> Result<JsValue, JsValue> {
    let ms: Vec<Message> = from_js(messages, "messages")?;
    to_js(&adapters::to_langchain(&ms).map_err(adapter_error)?)
}

/// LangChain messages back to AG-UI messages.
#[wasm_bindgen(js_name = fromLangChain, unchecked_return_type = "Message[]")]
pub fn from_langchain(
    #[wasm_bindgen(unchecked_param_type = "Record<string, any>[]")] messages: JsValue,
) -> Result<JsValue, JsValue> {
    let v: Value = from_js(messages, "LangChain messages")?;
    to_js(&adapters::from_langchain(&v).map_err(adapter_error)?)
}

/// AG-UI messages as an OpenAI chat.completions `messages` array. Options:
/// `{ encryptedReasoning: boolean }`.
#[wasm_bindgen(js_name = toOpenAIChat, unchecked_return_type = "Record<string, any>[]")]
pub fn to_openai_chat(
    #[wasm_bindgen(unchecked_param_type = "Message[]")] messages: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "{ encryptedReasoning?: boolean }")]
    options: Option<js_sys::Object>,
) -> Result<JsValue, JsValue> {
    let ms: Vec<Message> = from_js(messages, "messages")?;
    let opts = OpenAiChatOptions {
        encrypted_reasoning: option(&options, "encryptedReasoning")
            .as_bool()
            .unwrap_or(false),
    };
    to_js(&adapters::to_openai_chat(&ms, &opts).map_err(adapter_error)?)
}

/// OpenAI chat messages (an array, or `{ messages }`) back to AG-UI messages.
#[wasm_bindgen(js_name = fromOpenAIChat, unchecked_return_type = "Message[]")]
pub fn from_openai_chat(
    #[wasm_bindgen(
        unchecked_param_type = "Record<string, any>[] | { messages: Record<string, any>[] }"
    )]
    messages: JsValue,
) -> Result<JsValue, JsValue> {
    let v: Value = from_js(messages, "OpenAI chat messages")?;
    to_js(&adapters::from_openai_chat(&v).map_err(adapter_error)?)
}

/// AG-UI messages as an Anthropic Messages request's `{ system, messages }`.
/// Options: `{ reasoning: "omit" | "thinking" | "redacted_thinking" }`.
#[wasm_bindgen(
    js_name = toAnthropic,
    unchecked_return_type = "{ system?: string | Record<string, any>[]; messages: Record<string, any>[] }"
)]
pub fn to_anthropic(
    #[wasm_bindgen(unchecked_param_type = "Message[]")] messages: JsValue,
    #[wasm_bindgen(
        unchecked_optional_param_type = "{ reasoning?: \"omit\" | \"thinking\" | \"redacted_thinking\" }"
    )]
    options: Option<js_sys::Object>,
) -> Result<JsValue, JsValue> {
    let ms: Vec<Message> = from_js(messages, "messages")?;
    let reasoning = match option(&options, "reasoning").as_string().as_deref() {
        None | Some("omit") => AnthropicReasoning::Omit,
        Some("thinking") => AnthropicReasoning::Thinking,
        Some("redacted_thinking") => AnthropicReasoning::RedactedThinking,
        Some(other) => {
            return Err(js_error(
                ErrorName::Type,
                &format!("reasoning must be \"omit\", \"thinking\" or \"redacted_thinking\", not \"{other}\""),
            ))
        }
    };
    to_js(&adapters::to_anthropic(&ms, &AnthropicOptions { reasoning }).map_err(adapter_error)?)
}

//! Tool calls, tool definitions and context.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::strict::{self, Metadata};

/// The only tool-call kind the protocol has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "lowercase")]
pub enum ToolCallType {
    #[default]
    Function,
}

/// The function a tool call invokes; `arguments` is a JSON string.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct FunctionCall {
    pub name: String,
    pub arguments: String,
}

/// A call the assistant made to a tool.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ToolCall {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: ToolCallType,
    pub function: FunctionCall,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::some"
    )]
    pub encrypted_value: Option<String>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::some"
    )]
    pub metadata: Option<Metadata>,
}

/// A tool the frontend offers the agent.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct Tool {
    pub name: String,
    pub description: String,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::non_null"
    )]
    #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
    pub parameters: Option<Value>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::some"
    )]
    pub metadata: Option<Metadata>,
}

/// A piece of context the frontend hands the agent.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct Context {
    pub description: String,
    pub value: String,
}

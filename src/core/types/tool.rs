//! Tool calls, tool definitions and context.

use serde::Serialize;
use serde_json::Value;

use super::from_json::{json_strings, json_struct};
use super::strict::{self, Metadata};

/// The only tool-call kind the protocol has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "lowercase")]
pub enum ToolCallType {
    #[default]
    Function,
}

json_strings!(ToolCallType { "function" => Function });

/// The function a tool call invokes; `arguments` is a JSON string.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct FunctionCall {
    pub name: String,
    pub arguments: String,
}

json_struct!(FunctionCall {
    name: "name",
    arguments: "arguments",
});

/// A call the assistant made to a tool.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ToolCall {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: ToolCallType,
    pub function: FunctionCall,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub encrypted_value: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metadata: Option<Metadata>,
}

json_struct!(ToolCall {
    id: "id",
    kind: "type",
    function: "function",
    encrypted_value: "encryptedValue",
    metadata: "metadata",
});

/// A tool the frontend offers the agent.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct Tool {
    pub name: String,
    pub description: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
    pub parameters: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metadata: Option<Metadata>,
}

json_struct!(Tool {
    name: "name",
    description: "description",
    parameters: "parameters" with strict::non_null,
    metadata: "metadata",
});

/// A piece of context the frontend hands the agent.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct Context {
    pub description: String,
    pub value: String,
}

json_struct!(Context {
    description: "description",
    value: "value",
});

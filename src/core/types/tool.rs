//! Tool calls, tool definitions and context.

use agui_derive::protocol;
use serde_json::Value;

use super::strict::{self, Metadata};

/// The only tool-call kind the protocol has.
#[protocol]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum ToolCallType {
    #[default]
    Function,
}

/// The function a tool call invokes; `arguments` is a JSON string.
#[protocol]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct FunctionCall {
    pub name: String,
    pub arguments: String,
}

/// A call the assistant made to a tool.
#[protocol]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ToolCall {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: ToolCallType,
    pub function: FunctionCall,
    pub encrypted_value: Option<String>,
    pub metadata: Option<Metadata>,
}

/// A tool the frontend offers the agent.
#[protocol]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Tool {
    pub name: String,
    pub description: String,
    #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
    #[wire(with = strict::non_null)]
    pub parameters: Option<Value>,
    pub metadata: Option<Metadata>,
}

/// A piece of context the frontend hands the agent.
#[protocol]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Context {
    pub description: String,
    pub value: String,
}

//! Tool calls, tool definitions and context.

use serde::Serialize;
use serde_json::Value;

use super::declare::{json_strings, wire_struct};
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

wire_struct! {
    /// The function a tool call invokes; `arguments` is a JSON string.
    #[derive(Debug, Clone, PartialEq, Default, Serialize)]
    #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
    pub struct FunctionCall {
        pub name: String = "name",
        pub arguments: String = "arguments",
    }
}

wire_struct! {
    /// A call the assistant made to a tool.
    #[derive(Debug, Clone, PartialEq, Default, Serialize)]
    #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
    pub struct ToolCall {
        pub id: String = "id",
        pub kind: ToolCallType = "type",
        pub function: FunctionCall = "function",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub encrypted_value: Option<String> = "encryptedValue",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub metadata: Option<Metadata> = "metadata",
    }
}

wire_struct! {
    /// A tool the frontend offers the agent.
    #[derive(Debug, Clone, PartialEq, Default, Serialize)]
    #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
    pub struct Tool {
        pub name: String = "name",
        pub description: String = "description",
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
        pub parameters: Option<Value> = "parameters" with strict::non_null,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub metadata: Option<Metadata> = "metadata",
    }
}

wire_struct! {
    /// A piece of context the frontend hands the agent.
    #[derive(Debug, Clone, PartialEq, Default, Serialize)]
    #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
    pub struct Context {
        pub description: String = "description",
        pub value: String = "value",
    }
}

//! What a run is given and how it ends: input, interrupts, resume, usage, outcomes.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::message::Message;
use super::strict::{self, JsonObject, Metadata};
use super::tool::{Context, Tool};

/// A question the agent needs answered before the thread can go on.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Interrupt {
    pub id: String,
    pub reason: String,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::some"
    )]
    pub message: Option<String>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::some"
    )]
    pub tool_call_id: Option<String>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::some"
    )]
    pub response_schema: Option<JsonObject>,
    /// An ISO 8601 instant after which the interrupt can no longer be answered.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::some"
    )]
    pub expires_at: Option<String>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::some"
    )]
    pub metadata: Option<Metadata>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::some"
    )]
    pub subagent_run_id: Option<String>,
}

/// How an interrupt was answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "lowercase")]
pub enum ResumeStatus {
    Resolved,
    Cancelled,
}

/// The answer to one interrupt, sent with the next run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ResumeEntry {
    pub interrupt_id: String,
    pub status: ResumeStatus,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::non_null"
    )]
    #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
    pub payload: Option<Value>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::some"
    )]
    pub metadata: Option<Metadata>,
}

/// Tokens one model call used.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct TokenUsage {
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::some"
    )]
    pub provider: Option<String>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::some"
    )]
    pub model: Option<String>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::count"
    )]
    pub input_tokens: Option<i64>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::count"
    )]
    pub output_tokens: Option<i64>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::count"
    )]
    pub total_tokens: Option<i64>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::count"
    )]
    pub reasoning_tokens: Option<i64>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::count"
    )]
    pub cached_input_tokens: Option<i64>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::count"
    )]
    pub cache_write_input_tokens: Option<i64>,
}

/// How a run ended (RUN_FINISHED.outcome). Absent means success.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum RunOutcome {
    #[serde(rename_all = "camelCase")]
    Success {
        #[serde(
            default,
            skip_serializing_if = "Option::is_none",
            deserialize_with = "strict::some"
        )]
        pending_tool_call_ids: Option<Vec<String>>,
    },
    Interrupt {
        #[serde(deserialize_with = "non_empty")]
        interrupts: Vec<Interrupt>,
    },
    Cancelled {},
}

/// The `type` names of [`RunOutcome`].
pub const RUN_OUTCOMES: &[&str] = &["success", "interrupt", "cancelled"];

fn non_empty<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Interrupt>, D::Error> {
    let v = Vec::<Interrupt>::deserialize(d)?;
    if v.is_empty() {
        return Err(serde::de::Error::custom(
            "an interrupt outcome needs at least one interrupt",
        ));
    }
    Ok(v)
}

/// How a subagent ended (SUBAGENT_FINISHED.outcome).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum SubagentOutcome {
    Success {},
    #[serde(rename_all = "camelCase")]
    Suspended {
        #[serde(
            default,
            skip_serializing_if = "Option::is_none",
            deserialize_with = "strict::some"
        )]
        interrupt_ids: Option<Vec<String>>,
    },
}

/// The `type` names of [`SubagentOutcome`].
pub const SUBAGENT_OUTCOMES: &[&str] = &["success", "suspended"];

/// The body a client POSTs to start a run.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct RunAgentInput {
    pub thread_id: String,
    pub run_id: String,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::some"
    )]
    pub protocol_version: Option<String>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::some"
    )]
    pub parent_run_id: Option<String>,
    /// Any JSON value; `null` reads as absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
    pub state: Option<Value>,
    pub messages: Vec<Message>,
    /// Required here; a RUN_STARTED input that leaves it out is read as `[]`
    /// (see `decode`), as the schema's default has it.
    pub tools: Vec<Tool>,
    pub context: Vec<Context>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::non_null"
    )]
    #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
    pub forwarded_props: Option<Value>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::some"
    )]
    pub resume: Option<Vec<ResumeEntry>>,
}

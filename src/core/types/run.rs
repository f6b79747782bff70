//! What a run is given and how it ends: input, interrupts, resume, usage, outcomes.

use agui_derive::protocol;
use serde_json::Value;

use super::from_json::{FromJson, ReadError};
use super::message::Message;
use super::strict::{self, JsonObject, Metadata};
use super::tool::{Context, Tool};

/// A question the agent needs answered before the thread can go on.
#[protocol]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Interrupt {
    pub id: String,
    pub reason: String,
    pub message: Option<String>,
    pub tool_call_id: Option<String>,
    pub response_schema: Option<JsonObject>,
    /// An ISO 8601 instant after which the interrupt can no longer be answered.
    pub expires_at: Option<String>,
    pub metadata: Option<Metadata>,
    pub subagent_run_id: Option<String>,
}

/// How an interrupt was answered.
#[protocol]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum ResumeStatus {
    #[default]
    Resolved,
    Cancelled,
}

/// The answer to one interrupt, sent with the next run.
#[protocol]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ResumeEntry {
    pub interrupt_id: String,
    pub status: ResumeStatus,
    #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
    #[wire(with = strict::non_null)]
    pub payload: Option<Value>,
    pub metadata: Option<Metadata>,
}

/// Tokens one model call used.
#[protocol]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TokenUsage {
    pub provider: Option<String>,
    pub model: Option<String>,
    #[wire(with = strict::count)]
    pub input_tokens: Option<i64>,
    #[wire(with = strict::count)]
    pub output_tokens: Option<i64>,
    #[wire(with = strict::count)]
    pub total_tokens: Option<i64>,
    #[wire(with = strict::count)]
    pub reasoning_tokens: Option<i64>,
    #[wire(with = strict::count)]
    pub cached_input_tokens: Option<i64>,
    #[wire(with = strict::count)]
    pub cache_write_input_tokens: Option<i64>,
}

/// How a run ended (RUN_FINISHED.outcome). Absent means success.
#[protocol]
#[derive(Debug, Clone, PartialEq)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum RunOutcome {
    Success {
        pending_tool_call_ids: Option<Vec<String>>,
    },
    Interrupt {
        #[wire(with = at_least_one_interrupt)]
        interrupts: Vec<Interrupt>,
    },
    Cancelled {},
}

/// An interrupt outcome names what it waits for.
fn at_least_one_interrupt(v: Value) -> Result<Vec<Interrupt>, ReadError> {
    let interrupts = Vec::<Interrupt>::from_json(v)?;
    if interrupts.is_empty() {
        return Err(ReadError::new(
            "an interrupt outcome needs at least one interrupt",
        ));
    }
    Ok(interrupts)
}

/// How a subagent ended (SUBAGENT_FINISHED.outcome).
#[protocol]
#[derive(Debug, Clone, PartialEq)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum SubagentOutcome {
    Success {},
    Suspended { interrupt_ids: Option<Vec<String>> },
}

/// The body a client POSTs to start a run.
#[protocol]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RunAgentInput {
    pub thread_id: String,
    pub run_id: String,
    pub protocol_version: Option<String>,
    pub parent_run_id: Option<String>,
    /// Any JSON value; `null` reads as absent.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
    #[wire(with = strict::nullable)]
    pub state: Option<Value>,
    pub messages: Vec<Message>,
    /// Required here; a RUN_STARTED input that leaves it out is read as `[]`
    /// (see `decode`), as the schema's default has it.
    pub tools: Vec<Tool>,
    pub context: Vec<Context>,
    #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
    #[wire(with = strict::non_null)]
    pub forwarded_props: Option<Value>,
    pub resume: Option<Vec<ResumeEntry>>,
}

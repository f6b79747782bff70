//! What a run is given and how it ends: input, interrupts, resume, usage, outcomes.

use serde::Serialize;
use serde_json::Value;

use super::declare::{json_strings, wire_struct};
use super::from_json::{FromJson, ReadError};
use super::message::Message;
use super::strict::{self, JsonObject, Metadata};
use super::tool::{Context, Tool};
use super::wire_union::wire_union;

wire_struct! {
    /// A question the agent needs answered before the thread can go on.
    #[derive(Debug, Clone, PartialEq, Default, Serialize)]
    #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
    pub struct Interrupt {
        pub id: String = "id",
        pub reason: String = "reason",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub message: Option<String> = "message",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub tool_call_id: Option<String> = "toolCallId",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub response_schema: Option<JsonObject> = "responseSchema",
        /// An ISO 8601 instant after which the interrupt can no longer be answered.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub expires_at: Option<String> = "expiresAt",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub metadata: Option<Metadata> = "metadata",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub subagent_run_id: Option<String> = "subagentRunId",
    }
}

/// How an interrupt was answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "lowercase")]
pub enum ResumeStatus {
    #[default]
    Resolved,
    Cancelled,
}

json_strings!(ResumeStatus {
    "resolved" => Resolved,
    "cancelled" => Cancelled,
});

wire_struct! {
    /// The answer to one interrupt, sent with the next run.
    #[derive(Debug, Clone, PartialEq, Default, Serialize)]
    #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
    pub struct ResumeEntry {
        pub interrupt_id: String = "interruptId",
        pub status: ResumeStatus = "status",
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
        pub payload: Option<Value> = "payload" with strict::non_null,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub metadata: Option<Metadata> = "metadata",
    }
}

wire_struct! {
    /// Tokens one model call used.
    #[derive(Debug, Clone, PartialEq, Default, Serialize)]
    #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
    pub struct TokenUsage {
        #[serde(skip_serializing_if = "Option::is_none")]
        pub provider: Option<String> = "provider",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub model: Option<String> = "model",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub input_tokens: Option<i64> = "inputTokens" with strict::count,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub output_tokens: Option<i64> = "outputTokens" with strict::count,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub total_tokens: Option<i64> = "totalTokens" with strict::count,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub reasoning_tokens: Option<i64> = "reasoningTokens" with strict::count,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub cached_input_tokens: Option<i64> = "cachedInputTokens" with strict::count,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub cache_write_input_tokens: Option<i64> = "cacheWriteInputTokens" with strict::count,
    }
}

wire_union! {
    /// How a run ended (RUN_FINISHED.outcome). Absent means success.
    #[derive(Debug, Clone, PartialEq, Serialize)]
    #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
    pub enum RunOutcome = "type" {
        Success = "success" {
            #[serde(skip_serializing_if = "Option::is_none")]
            pending_tool_call_ids: Option<Vec<String>> = "pendingToolCallIds",
        },
        Interrupt = "interrupt" {
            interrupts: Vec<Interrupt> = "interrupts" with at_least_one_interrupt,
        },
        Cancelled = "cancelled" {},
    }
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

wire_union! {
    /// How a subagent ended (SUBAGENT_FINISHED.outcome).
    #[derive(Debug, Clone, PartialEq, Serialize)]
    #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
    pub enum SubagentOutcome = "type" {
        Success = "success" {},
        Suspended = "suspended" {
            #[serde(skip_serializing_if = "Option::is_none")]
            interrupt_ids: Option<Vec<String>> = "interruptIds",
        },
    }
}

wire_struct! {
    /// The body a client POSTs to start a run.
    #[derive(Debug, Clone, PartialEq, Default, Serialize)]
    #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
    pub struct RunAgentInput {
        pub thread_id: String = "threadId",
        pub run_id: String = "runId",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub protocol_version: Option<String> = "protocolVersion",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub parent_run_id: Option<String> = "parentRunId",
        /// Any JSON value; `null` reads as absent.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
        pub state: Option<Value> = "state" with strict::nullable,
        pub messages: Vec<Message> = "messages",
        /// Required here; a RUN_STARTED input that leaves it out is read as `[]`
        /// (see `decode`), as the schema's default has it.
        pub tools: Vec<Tool> = "tools",
        pub context: Vec<Context> = "context",
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
        pub forwarded_props: Option<Value> = "forwardedProps" with strict::non_null,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub resume: Option<Vec<ResumeEntry>> = "resume",
    }
}

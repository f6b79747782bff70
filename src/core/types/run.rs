//! What a run is given and how it ends: input, interrupts, resume, usage, outcomes.

use agui_derive::protocol;
use serde_json::Value;

use super::from_json::{FromJson, ReadError};
use super::message::Message;
use super::scan::{Scan, ScanCx};
use super::strict::{self, JsonObject, Metadata};
use super::tool::{Context, Tool};
use crate::core::json::Scanner;

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
fn at_least_one_interrupt(s: &mut Scanner<'_>, cx: &mut ScanCx<'_>) -> Scan<Vec<Interrupt>> {
    let interrupts = Vec::<Interrupt>::scan(s, cx)?;
    if interrupts.is_empty() {
        return Err(ReadError::new("an interrupt outcome needs at least one interrupt").into());
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn error<T: FromJson>(v: Value) -> String {
        T::from_json(v).map(|_| ()).unwrap_err().to_string()
    }

    /// The fields' own readers (`#[wire(with = ...)]`): each rule, and the
    /// error's path through the type.
    #[test]
    fn field_readers_hold_their_rules() {
        let e = error::<RunOutcome>(json!({"type": "interrupt", "interrupts": []}));
        assert_eq!(
            e,
            "`interrupts`: an interrupt outcome needs at least one interrupt"
        );
        let e = error::<RunOutcome>(json!({"type": "interrupt", "interrupts": [{"id": "i"}]}));
        assert_eq!(e, "`interrupts[0].reason`: missing field");
        let ok = RunOutcome::from_json(
            json!({"type": "interrupt", "interrupts": [{"id": "i", "reason": "r"}]}),
        );
        assert!(matches!(ok, Ok(RunOutcome::Interrupt { interrupts }) if interrupts.len() == 1));

        let usage = TokenUsage::from_json(json!({"inputTokens": 5.0})).unwrap();
        assert_eq!(usage.input_tokens, Some(5));
        let e = error::<TokenUsage>(json!({"inputTokens": -1}));
        assert_eq!(
            e,
            "`inputTokens`: expected a non-negative integer, got a number"
        );
        let e = error::<TokenUsage>(json!({"outputTokens": 1.5}));
        assert_eq!(
            e,
            "`outputTokens`: expected a non-negative integer, got a number"
        );

        let e = error::<ResumeEntry>(
            json!({"interruptId": "i", "status": "resolved", "payload": null}),
        );
        assert_eq!(e, "`payload`: null is not allowed here: omit the field");
        let input = RunAgentInput::from_json(json!({
            "threadId": "t", "runId": "r", "state": null, "messages": [], "tools": [], "context": []
        }));
        assert_eq!(input.unwrap().state, None);
    }

    /// A fieldless enum's value names every value it may be.
    #[test]
    fn fixed_strings_name_what_they_may_be() {
        let entry = |status: Value| json!({"interruptId": "i", "status": status});
        let want = "`status`: expected one of \"resolved\" \"cancelled\"";
        assert_eq!(error::<ResumeEntry>(entry(json!("done"))), want);
        assert_eq!(error::<ResumeEntry>(entry(json!(5))), want);
        let e =
            error::<super::super::UserMessage>(json!({"id": "a", "role": "robot", "content": ""}));
        assert_eq!(e, "`role`: expected one of \"user\"");
        let ok = ResumeEntry::from_json(entry(json!("cancelled"))).unwrap();
        assert_eq!(ok.status, ResumeStatus::Cancelled);
    }
}

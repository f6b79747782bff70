//! Verification of the event sequence, as the reference client checks it.
//!
//! Runs after chunk expansion. It tracks what is open (text messages, tool
//! calls, reasoning spans and messages, steps, subagents) and who owns each
//! entity (the parent agent or a subagent), and rejects a sequence that the
//! reducer could only apply by inventing or misattributing something.

use thiserror::Error;

mod active;
mod owners;

use self::active::Active;
use self::owners::{Maps, Owner, Owners};
use super::maps::{HashMap, HashSet};
use super::types::*;

#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("{0}")]
pub struct VerifyError(pub String);

#[derive(Debug, Default)]
pub struct Verifier {
    active_messages: Active,
    active_tool_calls: Active,
    active_spans: Active,
    active_reasoning: Active,
    owners: Owners,
    /// Open steps per owner, in the order they opened.
    steps: Vec<(Owner, String)>,
    active_subagents: Vec<String>,
    closed_subagents: HashSet<String>,
    first_seen: bool,
    run_started: bool,
    run_finished: bool,
    run_error: bool,
}

fn err<T>(msg: String) -> Result<T, VerifyError> {
    Err(VerifyError(msg))
}

fn owner_name(o: &Owner) -> &str {
    o.as_deref().unwrap_or("(the parent agent)")
}

/// A tag must agree with the owner of what it continues; no tag always agrees.
fn tag_check(
    ty: &str,
    tag: Option<&str>,
    owner: Option<&Owner>,
    kind: &str,
    id: &str,
) -> Result<(), VerifyError> {
    if let (Some(tag), Some(owner)) = (tag, owner) {
        if owner.as_deref() != Some(tag) {
            return err(format!(
                "Cannot send '{ty}': subagentRunId '{tag}' does not match the {kind} '{id}' opener's subagent '{}'.",
                owner_name(owner)
            ));
        }
    }
    Ok(())
}

impl Verifier {
    pub fn new() -> Self {
        Self::default()
    }

    fn reset_run(&mut self) {
        *self = Verifier {
            first_seen: true,
            run_started: true,
            ..Verifier::default()
        };
    }

    /// A continuation's tag against the owner of what it continues, in the
    /// map `pick` chooses. An untagged event (most are) agrees without
    /// looking it up: a SipHash per text delta saved.
    fn continues(
        &mut self,
        ty: &str,
        tag: Option<&str>,
        pick: fn(Maps<'_>) -> &mut HashMap<String, Owner>,
        kind: &str,
        id: &str,
    ) -> Result<(), VerifyError> {
        if tag.is_none() {
            return Ok(());
        }
        tag_check(ty, tag, pick(self.owners.seeded()).get(id), kind, id)
    }

    /// Checks one event against everything seen before it.
    pub fn check(&mut self, event: &Event) -> Result<(), VerifyError> {
        let ty = event.type_name();
        let is_started = matches!(event, Event::RunStarted(_));
        if self.run_error && !is_started {
            return err(format!(
                "Cannot send event type '{ty}': The run has already errored with 'RUN_ERROR'. No further events can be sent."
            ));
        }
        if self.run_finished && !is_started && !matches!(event, Event::RunError(_)) {
            return err(format!(
                "Cannot send event type '{ty}': The run has already finished with 'RUN_FINISHED'. Start a new run with 'RUN_STARTED'."
            ));
        }
        if !self.first_seen {
            self.first_seen = true;
            if !is_started && !matches!(event, Event::RunError(_)) {
                return err("First event must be 'RUN_STARTED'".into());
            }
        } else if is_started {
            if self.run_started && !self.run_finished && !self.run_error {
                return err("Cannot send 'RUN_STARTED' while a run is still active. The previous run must be finished with 'RUN_FINISHED' before starting a new run.".into());
            }
            if self.run_finished || self.run_error {
                self.reset_run();
            }
        }

        let tag = event.subagent_run_id();
        match event {
            Event::TextMessageStart(e) => {
                let id = &e.message_id;
                if self.active_messages.contains(id) {
                    return err(format!("Cannot send 'TEXT_MESSAGE_START' event: A text message with ID '{id}' is already in progress. Complete it with 'TEXT_MESSAGE_END' first."));
                }
                let existing = self.owners.seeded().message.get(id);
                tag_check(ty, tag, existing, "message", id)?;
                self.active_messages.insert(id.clone());
                if existing.is_none() {
                    self.owners
                        .seeded()
                        .message
                        .insert(id.clone(), tag.map(str::to_owned));
                }
            }
            Event::TextMessageContent(TextMessageContentEvent { message_id: id, .. })
            | Event::TextMessageEnd(TextMessageEndEvent { message_id: id, .. }) => {
                if !self.active_messages.contains(id) {
                    return err(if matches!(event, Event::TextMessageContent(_)) {
                        format!("Cannot send 'TEXT_MESSAGE_CONTENT' event: No active text message found with ID '{id}'. Start a text message with 'TEXT_MESSAGE_START' first.")
                    } else {
                        format!("Cannot send 'TEXT_MESSAGE_END' event: No active text message found with ID '{id}'. A 'TEXT_MESSAGE_START' event must be sent first.")
                    });
                }
                self.continues(ty, tag, |m| m.message, "message", id)?;
                if matches!(event, Event::TextMessageEnd(_)) {
                    self.active_messages.remove(id);
                }
            }
            Event::ToolCallStart(e) => self.tool_call_start(e)?,
            Event::ToolCallArgs(ToolCallArgsEvent {
                tool_call_id: id, ..
            })
            | Event::ToolCallEnd(ToolCallEndEvent {
                tool_call_id: id, ..
            }) => {
                if !self.active_tool_calls.contains(id) {
                    return err(if matches!(event, Event::ToolCallArgs(_)) {
                        format!("Cannot send 'TOOL_CALL_ARGS' event: No active tool call found with ID '{id}'. Start a tool call with 'TOOL_CALL_START' first.")
                    } else {
                        format!("Cannot send 'TOOL_CALL_END' event: No active tool call found with ID '{id}'. A 'TOOL_CALL_START' event must be sent first.")
                    });
                }
                self.continues(ty, tag, |m| m.tool_call, "tool call", id)?;
                if matches!(event, Event::ToolCallEnd(_)) {
                    self.active_tool_calls.remove(id);
                }
            }
            Event::StepStarted(e) => {
                let owner = tag.map(str::to_owned);
                if self
                    .steps
                    .iter()
                    .any(|(o, n)| *o == owner && *n == e.step_name)
                {
                    let inside = tag
                        .map(|t| format!(" in subagent '{t}'"))
                        .unwrap_or_default();
                    return err(format!(
                        "Step \"{}\" is already active for 'STEP_STARTED'{inside}",
                        e.step_name
                    ));
                }
                self.steps.push((owner, e.step_name.clone()));
            }
            Event::StepFinished(e) => {
                let owner = tag.map(str::to_owned);
                let name = &e.step_name;
                match self
                    .steps
                    .iter()
                    .position(|(o, n)| *o == owner && n == name)
                {
                    Some(i) => {
                        self.steps.remove(i);
                    }
                    None => {
                        if let Some((other, _)) =
                            self.steps.iter().find(|(o, n)| *o != owner && n == name)
                        {
                            let by = |o: &Owner| {
                                o.as_ref().map_or("the parent agent".to_owned(), |s| {
                                    format!("subagent '{s}'")
                                })
                            };
                            return err(format!(
                                "Cannot send 'STEP_FINISHED' for step \"{name}\" attributed to {}: that step is open under {}. A step must be finished by whoever started it.",
                                by(&owner),
                                by(other)
                            ));
                        }
                        return err(format!(
                            "Cannot send 'STEP_FINISHED' for step \"{name}\" that was not started"
                        ));
                    }
                }
            }
            Event::ActivitySnapshot(e)
                if !self.owners.seeded().activity.contains_key(&e.message_id)
                    || e.replace != Some(false) =>
            {
                self.owners
                    .seeded()
                    .activity
                    .insert(e.message_id.clone(), tag.map(str::to_owned));
            }
            Event::ActivityDelta(e) => {
                self.continues(ty, tag, |m| m.activity, "activity", &e.message_id)?;
            }
            Event::ToolCallResult(e) => {
                self.owners
                    .seeded()
                    .message
                    .insert(e.message_id.clone(), tag.map(str::to_owned));
            }
            Event::ReasoningStart(ReasoningStartEvent { message_id: id, .. })
            | Event::ReasoningMessageStart(ReasoningMessageStartEvent { message_id: id, .. }) => {
                let span = matches!(event, Event::ReasoningStart(_));
                let open = if span {
                    &mut self.active_spans
                } else {
                    &mut self.active_reasoning
                };
                if open.contains(id) {
                    return err(if span {
                        format!("Cannot send 'REASONING_START' event: A reasoning span with ID '{id}' is already in progress. Complete it with 'REASONING_END' first.")
                    } else {
                        format!("Cannot send 'REASONING_MESSAGE_START' event: A reasoning message with ID '{id}' is already in progress. Complete it with 'REASONING_MESSAGE_END' first.")
                    });
                }
                let existing = self.owners.seeded().reasoning.get(id);
                tag_check(ty, tag, existing, "reasoning message", id)?;
                let fresh = existing.is_none();
                if span {
                    self.active_spans.insert(id.clone());
                } else {
                    self.active_reasoning.insert(id.clone());
                }
                if fresh {
                    self.owners
                        .seeded()
                        .reasoning
                        .insert(id.clone(), tag.map(str::to_owned));
                }
            }
            Event::ReasoningMessageContent(ReasoningMessageContentEvent {
                message_id: id, ..
            })
            | Event::ReasoningMessageEnd(ReasoningMessageEndEvent { message_id: id, .. })
            | Event::ReasoningEnd(ReasoningEndEvent { message_id: id, .. }) => {
                let span = matches!(event, Event::ReasoningEnd(_));
                let open = if span {
                    &mut self.active_spans
                } else {
                    &mut self.active_reasoning
                };
                if !open.contains(id) {
                    return err(if span {
                        format!("Cannot send 'REASONING_END' event: No active reasoning span found with ID '{id}'. A 'REASONING_START' event must be sent first.")
                    } else {
                        format!("Cannot send '{ty}' event: No active reasoning message found with ID '{id}'. Start a reasoning message with 'REASONING_MESSAGE_START' first.")
                    });
                }
                self.continues(ty, tag, |m| m.reasoning, "reasoning message", id)?;
                match event {
                    Event::ReasoningEnd(_) => {
                        self.active_spans.remove(id);
                    }
                    Event::ReasoningMessageEnd(_) => {
                        self.active_reasoning.remove(id);
                    }
                    _ => {}
                }
            }
            Event::ReasoningEncryptedValue(e) => {
                let id = &e.entity_id;
                let owners = self.owners.seeded();
                let (owner, kind) = match e.subtype {
                    EncryptedSubtype::ToolCall => (owners.tool_call.get(id), "tool call"),
                    EncryptedSubtype::Message => (
                        owners.message.get(id).or_else(|| owners.reasoning.get(id)),
                        "message",
                    ),
                };
                tag_check(ty, tag, owner, kind, id)?;
            }
            Event::SubagentStarted(e) => {
                let id = &e.subagent_run_id;
                if self.active_subagents.contains(id) {
                    return err(format!("Cannot send 'SUBAGENT_STARTED': subagent '{id}' is already active. Finish it with 'SUBAGENT_FINISHED' first."));
                }
                if self.closed_subagents.contains(id) {
                    return err(format!("Cannot send 'SUBAGENT_STARTED': subagent '{id}' has already finished in this run. Subagent IDs are per-invocation and cannot be reused."));
                }
                if let Some(parent) = &e.parent_subagent_run_id {
                    if !self.active_subagents.contains(parent)
                        && !self.closed_subagents.contains(parent)
                    {
                        return err(format!("Cannot send 'SUBAGENT_STARTED': parentSubagentRunId '{parent}' has not been started in this run."));
                    }
                }
                self.active_subagents.push(id.clone());
            }
            Event::SubagentFinished(SubagentFinishedEvent {
                subagent_run_id: id,
                ..
            })
            | Event::SubagentError(SubagentErrorEvent {
                subagent_run_id: id,
                ..
            }) => {
                let Some(i) = self.active_subagents.iter().position(|s| s == id) else {
                    return err(format!("Cannot send '{ty}': no active subagent found with ID '{id}'. A 'SUBAGENT_STARTED' event must be sent first."));
                };
                self.active_subagents.remove(i);
                self.closed_subagents.insert(id.clone());
            }
            Event::MessagesSnapshot(e) => self.owners.seed(&e.messages, true),
            Event::RunStarted(e) => {
                self.run_started = true;
                if let Some(input) = &e.input {
                    self.owners.seed(&input.messages, false);
                }
            }
            Event::RunFinished(_) => self.run_finished_check()?,
            Event::RunError(_) => self.run_error = true,
            _ => {}
        }
        Ok(())
    }

    fn tool_call_start(&mut self, e: &ToolCallStartEvent) -> Result<(), VerifyError> {
        let id = &e.tool_call_id;
        if self.active_tool_calls.contains(id) {
            return err(format!("Cannot send 'TOOL_CALL_START' event: A tool call with ID '{id}' is already in progress. Complete it with 'TOOL_CALL_END' first."));
        }
        let tag = e.subagent_run_id.as_deref();
        let mut inherited: Option<Owner> = None;
        if let Some(parent) = &e.parent_message_id {
            if let Some(parent_owner) = self.owners.seeded().message.get(parent) {
                if let Some(t) = tag {
                    if parent_owner.as_deref() != Some(t) {
                        return err(format!(
                            "Cannot send 'TOOL_CALL_START': subagentRunId '{t}' does not match its parent message '{parent}' owner '{}'. A tool call belongs to the message that carries it.",
                            owner_name(parent_owner)
                        ));
                    }
                }
                inherited = Some(parent_owner.clone());
            }
        }
        let existing = self.owners.seeded().tool_call.get(id).cloned();
        if let Some(existing) = &existing {
            tag_check(
                ToolCallStartEvent::TYPE,
                tag,
                Some(existing),
                "tool call",
                id,
            )?;
            if let (None, Some(inh)) = (tag, &inherited) {
                if inh != existing {
                    return err(format!(
                        "Cannot send 'TOOL_CALL_START': tool call '{id}' is owned by '{}' but its parent message '{}' is owned by '{}'. A tool call belongs to the message that carries it.",
                        owner_name(existing),
                        e.parent_message_id.as_deref().unwrap_or(""),
                        owner_name(inh)
                    ));
                }
            }
        }
        self.active_tool_calls.insert(id.clone());
        if existing.is_none() {
            let owner = match tag {
                Some(t) => Some(t.to_owned()),
                None => inherited.unwrap_or(None),
            };
            self.owners.seeded().tool_call.insert(id.clone(), owner);
        }
        Ok(())
    }

    fn run_finished_check(&mut self) -> Result<(), VerifyError> {
        if !self.steps.is_empty() {
            let names: Vec<String> = self
                .steps
                .iter()
                .map(|(o, n)| match o {
                    Some(o) => format!("{n} (subagent '{o}')"),
                    None => n.clone(),
                })
                .collect();
            return err(format!(
                "Cannot send 'RUN_FINISHED' while steps are still active: {}",
                names.join(", ")
            ));
        }
        let open = [
            (&self.active_messages, "text messages"),
            (&self.active_reasoning, "reasoning messages"),
            (&self.active_spans, "reasoning spans"),
            (&self.active_tool_calls, "tool calls"),
        ];
        for (set, what) in open {
            if !set.is_empty() {
                let ids: Vec<&str> = set.iter().map(String::as_str).collect();
                return err(format!(
                    "Cannot send 'RUN_FINISHED' while {what} are still active: {}",
                    ids.join(", ")
                ));
            }
        }
        if !self.active_subagents.is_empty() {
            return err(format!(
                "Cannot send 'RUN_FINISHED' while subagents are still active: {}",
                self.active_subagents.join(", ")
            ));
        }
        self.run_finished = true;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::Verifier;
    use crate::core::decode::Decoder;

    fn finish_with_open(open: serde_json::Value) -> String {
        let mut v = Verifier::new();
        let events = [
            json!({"type": "RUN_STARTED", "threadId": "t", "runId": "r"}),
            open,
            json!({"type": "RUN_FINISHED", "threadId": "t", "runId": "r"}),
        ];
        let mut out = Ok(());
        for e in events {
            let event = Decoder::new().decode_value(e, &mut Vec::new()).unwrap();
            out = v.check(&event.unwrap());
        }
        out.unwrap_err().0
    }

    #[test]
    fn a_run_cannot_finish_with_anything_open_and_says_what() {
        assert_eq!(
            finish_with_open(
                json!({"type": "TEXT_MESSAGE_START", "messageId": "m1", "role": "assistant"})
            ),
            "Cannot send 'RUN_FINISHED' while text messages are still active: m1"
        );
        assert_eq!(
            finish_with_open(
                json!({"type": "TOOL_CALL_START", "toolCallId": "c1", "toolCallName": "f"})
            ),
            "Cannot send 'RUN_FINISHED' while tool calls are still active: c1"
        );
        assert_eq!(
            finish_with_open(json!({"type": "REASONING_START", "messageId": "r1"})),
            "Cannot send 'RUN_FINISHED' while reasoning spans are still active: r1"
        );
    }
}

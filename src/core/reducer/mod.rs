//! The reducer: the effect of each verified event on messages, state and
//! pending interrupts, exactly as the reference client applies it.

mod activity;
mod snapshot;
#[cfg(test)]
mod tests;
mod text;
mod tool_calls;

use super::json::SharedText;
use std::borrow::Cow;

use serde_json::Value;

use super::history::{Entry, History};
use super::json::LazyJson;
use super::json_patch::{apply_patch, apply_patch_edits, Bounds, Budget, Edits};
use super::maps::{HashMap, HashSet};
use super::surrogates::{Halves, Waiting};
use super::types::strict::merge_metadata;
use super::types::*;
use tool_calls::tool_call_mut;

/// Everything a client materializes from a thread.
#[derive(Debug, Default)]
pub struct AgentState {
    pub messages: History,
    /// Kept as the text a STATE_SNAPSHOT brought until Rust needs the value.
    pub state: LazyJson,
    pub pending_interrupts: Vec<Interrupt>,
}

/// What applying one event did, for the binding to notify subscribers.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Applied {
    pub messages_changed: bool,
    pub state_changed: bool,
    /// Messages to announce with onNewMessage, by position.
    pub new_message: Option<usize>,
    /// A tool call to announce with onNewToolCall: message position and id.
    pub new_tool_call: Option<(usize, String)>,
    /// Set by RUN_FINISHED.
    pub finished: Option<Finished>,
}

/// How a run finished, as onRunFinishedEvent reports it.
#[derive(Debug, Clone, PartialEq)]
pub enum Finished {
    Success {
        result: Option<LazyJson>,
        pending_tool_call_ids: Vec<String>,
    },
    Interrupt {
        interrupts: Vec<Interrupt>,
    },
    Cancelled,
}

/// Per-run bookkeeping: which tool calls the run started and answered.
#[derive(Debug, Default)]
pub struct Reducer {
    run_tool_calls: Vec<String>,
    run_tool_call_set: HashSet<String>,
    answered: HashSet<String>,
    /// Tool calls whose argument stream is open (started, not ended) in
    /// this run; a start outside one begins a new stream.
    streaming_calls: HashSet<String>,
    /// Calls restarted while the history already held them (1.0.4): their
    /// next TOOL_CALL_ARGS replaces the arguments instead of appending, and
    /// its round's `toolCallBuffer` is empty. A start with no arguments
    /// keeps them.
    restarted_calls: HashSet<String>,
    /// Things applied leniently (a patch that failed, an id that matched nothing).
    pub warnings: Vec<String>,
    /// When set, what each STATE_DELTA changed goes to `state_edits`, for a
    /// caller that keeps a copy of the state in step (the binding's JS copy).
    pub record_state_edits: bool,
    pub state_edits: Edits,
    /// When set, what each ACTIVITY_DELTA changed goes to the history's
    /// changes (`History::patch`), for a caller whose copies of the
    /// messages follow them (the binding's view, once it made any).
    pub record_activity_edits: bool,
    /// What a STATE_DELTA may build (an activity's content, two levels
    /// less deep: it lies inside a message inside the history).
    pub bounds: Bounds,
    /// High surrogate halves that ended a delta, waiting for the low half.
    halves: Waiting,
}

impl Reducer {
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether the next TOOL_CALL_ARGS of `tool_call_id` replaces its
    /// arguments (its round hands out an empty `toolCallBuffer`).
    pub fn restarts_args(&self, tool_call_id: &str) -> bool {
        self.restarted_calls.contains(tool_call_id)
    }

    fn warn(&mut self, w: String) {
        self.warnings.push(w);
    }

    /// How RUN_FINISHED reads given what this run did so far: a success names
    /// the tool calls still waiting for results, or they are tallied from the
    /// calls the run started and answered.
    pub fn finished_of(&self, e: &RunFinishedEvent) -> Finished {
        match &e.outcome {
            Some(RunOutcome::Interrupt { interrupts }) => Finished::Interrupt {
                interrupts: interrupts.clone(),
            },
            Some(RunOutcome::Cancelled {}) => Finished::Cancelled,
            Some(RunOutcome::Success {
                pending_tool_call_ids: Some(named),
            }) if !named.is_empty() => Finished::Success {
                result: e.result.clone(),
                pending_tool_call_ids: named.clone(),
            },
            _ => Finished::Success {
                result: e.result.clone(),
                pending_tool_call_ids: self
                    .run_tool_calls
                    .iter()
                    .filter(|id| !self.answered.contains(*id))
                    .cloned()
                    .collect(),
            },
        }
    }

    /// [`Self::apply`], but a snapshot's bulk is moved in rather than
    /// copied (it can be megabytes): the event is left holding a `null`
    /// STATE_SNAPSHOT, or a MESSAGES_SNAPSHOT without its messages.
    pub fn apply_mut(&mut self, s: &mut AgentState, event: &mut Event) -> Applied {
        let mut out = Applied::default();
        match event {
            Event::StateSnapshot(e) => set_state(s, std::mem::take(&mut e.snapshot), &mut out),
            Event::MessagesSnapshot(e) => {
                let (messages, text) = std::mem::take(&mut e.messages).into_parts();
                self.messages_snapshot(s, e, Cow::Owned(messages), text);
                out.messages_changed = true;
            }
            _ => return self.apply(s, event),
        }
        out
    }

    /// Applies one event that passed verification.
    pub fn apply(&mut self, s: &mut AgentState, event: &Event) -> Applied {
        let mut out = Applied::default();
        match event {
            Event::TextMessageStart(e) => {
                let role = e.role.unwrap_or_default();
                let created = || {
                    let id = e.message_id.clone();
                    let (name, sub) = (e.name.clone(), e.subagent_run_id.clone());
                    match role {
                        TextRole::Assistant => Message::Assistant(Box::new(AssistantMessage {
                            id,
                            content: Some(String::new()),
                            name,
                            subagent_run_id: sub,
                            ..Default::default()
                        })),
                        TextRole::User => Message::User(Box::new(UserMessage {
                            id,
                            name,
                            subagent_run_id: sub,
                            ..Default::default()
                        })),
                        TextRole::Developer | TextRole::System => {
                            let m = DeveloperMessage {
                                id,
                                name,
                                subagent_run_id: sub,
                                ..Default::default()
                            };
                            if role == TextRole::System {
                                Message::System(Box::new(m.into_role()))
                            } else {
                                Message::Developer(Box::new(m))
                            }
                        }
                    }
                };
                self.open_message(
                    s,
                    &e.message_id,
                    TextMessageStartEvent::TYPE,
                    e.metadata.as_ref(),
                    created,
                    &mut out,
                );
            }
            Event::ReasoningMessageStart(e) => {
                let created = || {
                    Message::Reasoning(Box::new(ReasoningMessage {
                        id: e.message_id.clone(),
                        subagent_run_id: e.subagent_run_id.clone(),
                        ..Default::default()
                    }))
                };
                self.open_message(
                    s,
                    &e.message_id,
                    ReasoningMessageStartEvent::TYPE,
                    e.metadata.as_ref(),
                    created,
                    &mut out,
                );
            }
            Event::TextMessageContent(e) => self.append(
                s,
                &e.message_id,
                &e.delta,
                e.halves,
                e.metadata.as_ref(),
                TextMessageContentEvent::TYPE,
                &mut out,
            ),
            Event::ReasoningMessageContent(e) => self.append(
                s,
                &e.message_id,
                &e.delta,
                e.halves,
                e.metadata.as_ref(),
                ReasoningMessageContentEvent::TYPE,
                &mut out,
            ),
            Event::TextMessageEnd(e) => self.close(
                s,
                &e.message_id,
                e.metadata.as_ref(),
                TextMessageEndEvent::TYPE,
                &mut out,
            ),
            Event::ReasoningMessageEnd(e) => self.close(
                s,
                &e.message_id,
                e.metadata.as_ref(),
                ReasoningMessageEndEvent::TYPE,
                &mut out,
            ),
            Event::ToolCallStart(e) => self.tool_call_start(s, e, &mut out),
            Event::ToolCallArgs(e) => {
                let Some(i) = s.messages.find_tool_call(&e.tool_call_id) else {
                    self.warn(format!(
                        "TOOL_CALL_ARGS: No message found containing tool call with ID '{}'",
                        e.tool_call_id
                    ));
                    return out;
                };
                let joined = self.halves.next(true, &e.tool_call_id, e.halves);
                if self.restarted_calls.remove(&e.tool_call_id) {
                    if let Some(tc) = tool_call_mut(&mut s.messages, &e.tool_call_id) {
                        tc.function.arguments.clear();
                    }
                }
                if s.messages.append_args(i, &e.tool_call_id, &e.delta, joined) {
                    if let Some(md) = &e.metadata {
                        if let Some(tc) = tool_call_mut(&mut s.messages, &e.tool_call_id) {
                            merge_metadata(&mut tc.metadata, md);
                        }
                    }
                    out.messages_changed = true;
                }
            }
            Event::ToolCallEnd(e) => {
                self.streaming_calls.remove(&e.tool_call_id);
                self.restarted_calls.remove(&e.tool_call_id);
                let Some(i) = s.messages.find_tool_call(&e.tool_call_id) else {
                    self.warn(format!(
                        "TOOL_CALL_END: No message found containing tool call with ID '{}'",
                        e.tool_call_id
                    ));
                    return out;
                };
                if let Some(md) = &e.metadata {
                    if let Some(tc) = tool_call_mut(&mut s.messages, &e.tool_call_id) {
                        merge_metadata(&mut tc.metadata, md);
                        out.messages_changed = true;
                    }
                }
                out.new_tool_call = Some((i, e.tool_call_id.clone()));
            }
            Event::ToolCallResult(e) => self.tool_call_result(s, e, &mut out),
            Event::StateSnapshot(e) => set_state(s, e.snapshot.clone(), &mut out),
            Event::StateDelta(e) => {
                let mut budget = Budget::new(self.bounds, s.state.size());
                let patched = if self.record_state_edits {
                    apply_patch_edits(&mut s.state, &e.delta, &mut budget, &mut self.state_edits)
                } else {
                    apply_patch(&mut s.state, &e.delta, &mut budget)
                };
                // Counted as it was patched: the next patch needs no measuring.
                s.state.set_size(budget.size);
                match patched {
                    Ok(()) => out.state_changed = true,
                    Err(err) => self.warn(format!("Failed to apply state patch: {err}")),
                }
            }
            Event::MessagesSnapshot(e) => {
                let text = e.messages.text().cloned();
                self.messages_snapshot(s, e, Cow::Borrowed(&e.messages), text);
                out.messages_changed = true;
            }
            Event::ActivitySnapshot(e) => self.activity_snapshot(s, e, &mut out),
            Event::ActivityDelta(e) => self.activity_delta(s, e, &mut out),
            Event::RunStarted(e) => {
                self.run_tool_calls.clear();
                self.run_tool_call_set.clear();
                self.answered.clear();
                self.streaming_calls.clear();
                self.restarted_calls.clear();
                if let Some(input) = &e.input {
                    for m in &input.messages {
                        if s.messages.find(m.id()).is_none() {
                            s.messages.push(m.clone());
                        }
                    }
                    out.messages_changed = true;
                }
            }
            Event::RunFinished(e) => {
                let finished = self.finished_of(e);
                s.pending_interrupts = match &finished {
                    Finished::Interrupt { interrupts } => interrupts.clone(),
                    _ => Vec::new(),
                };
                out.finished = Some(finished);
            }
            Event::ReasoningEncryptedValue(e) => {
                let updated = match e.subtype {
                    EncryptedSubtype::ToolCall => tool_call_mut(&mut s.messages, &e.entity_id)
                        .map(|tc| tc.encrypted_value = Some(e.encrypted_value.clone()))
                        .is_some(),
                    EncryptedSubtype::Message => match s.messages.find(&e.entity_id) {
                        Some(i) if !s.messages.get(i).is_some_and(Message::is_activity) => s
                            .messages
                            .get_mut(i)
                            .and_then(Message::encrypted_value_mut)
                            .map(|slot| *slot = Some(e.encrypted_value.clone()))
                            .is_some(),
                        _ => false,
                    },
                };
                out.messages_changed = updated;
            }
            Event::TextMessageChunk(_)
            | Event::ToolCallChunk(_)
            | Event::ReasoningMessageChunk(_) => {
                // Expanded before they get here; see `chunks`.
                self.warn(format!(
                    "{} reached the reducer unexpanded",
                    event.type_name()
                ));
            }
            Event::Raw(_)
            | Event::Custom(_)
            | Event::RunError(_)
            | Event::StepStarted(_)
            | Event::StepFinished(_)
            | Event::ReasoningStart(_)
            | Event::ReasoningEnd(_)
            | Event::SubagentStarted(_)
            | Event::SubagentFinished(_)
            | Event::SubagentError(_) => {}
        }
        out
    }
}

fn patch_targets_root(op: &PatchOp) -> bool {
    match op {
        PatchOp::Add { path, .. }
        | PatchOp::Remove { path }
        | PatchOp::Replace { path, .. }
        | PatchOp::Move { path, .. }
        | PatchOp::Copy { path, .. } => path.as_str().is_empty(),
        PatchOp::Test { .. } => false,
    }
}

fn set_state(s: &mut AgentState, state: LazyJson, out: &mut Applied) {
    s.state = state;
    out.state_changed = true;
}

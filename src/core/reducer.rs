//! The reducer: the effect of each verified event on messages, state and
//! pending interrupts, exactly as the reference client applies it.

use crate::core::maps::{HashMap, HashSet};

use serde_json::Value;

use super::history::{Entry, History};
use super::json::LazyJson;
use super::json_patch::{apply_patch, apply_patch_edits, Edit};
use super::types::strict::merge_metadata;
use super::types::*;

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
        result: Option<Value>,
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
    /// Things applied leniently (a patch that failed, an id that matched nothing).
    pub warnings: Vec<String>,
    /// When set, what each STATE_DELTA changed goes to `state_edits`, for a
    /// caller that keeps a copy of the state in step (the binding's JS copy).
    pub record_state_edits: bool,
    pub state_edits: Vec<Edit>,
}

/// The metadata key under which a snapshot declares which activity types it owns.
const ACTIVITY_HISTORY_KEY: &str = "@ag-ui/client";

impl Reducer {
    pub fn new() -> Self {
        Self::default()
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

    /// [`Self::apply`], but a STATE_SNAPSHOT's value is moved into the
    /// state rather than copied (a snapshot can be megabytes); the event is
    /// left holding a `null` snapshot.
    pub fn apply_mut(&mut self, s: &mut AgentState, event: &mut Event) -> Applied {
        if let Event::StateSnapshot(e) = event {
            let mut out = Applied::default();
            set_state(s, std::mem::take(&mut e.snapshot), &mut out);
            return out;
        }
        self.apply(s, event)
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
                        TextRole::Assistant => Message::Assistant(AssistantMessage {
                            id,
                            content: Some(String::new()),
                            name,
                            subagent_run_id: sub,
                            ..Default::default()
                        }),
                        TextRole::User => Message::User(UserMessage {
                            id,
                            name,
                            subagent_run_id: sub,
                            ..Default::default()
                        }),
                        TextRole::Developer | TextRole::System => {
                            let m = DeveloperMessage {
                                id,
                                name,
                                subagent_run_id: sub,
                                ..Default::default()
                            };
                            if role == TextRole::System {
                                Message::System(m.into_role())
                            } else {
                                Message::Developer(m)
                            }
                        }
                    }
                };
                self.open_message(
                    s,
                    &e.message_id,
                    "TEXT_MESSAGE_START",
                    e.metadata.as_ref(),
                    created,
                    &mut out,
                );
            }
            Event::ReasoningMessageStart(e) => {
                let created = || {
                    Message::Reasoning(ReasoningMessage {
                        id: e.message_id.clone(),
                        subagent_run_id: e.subagent_run_id.clone(),
                        ..Default::default()
                    })
                };
                self.open_message(
                    s,
                    &e.message_id,
                    "REASONING_MESSAGE_START",
                    e.metadata.as_ref(),
                    created,
                    &mut out,
                );
            }
            Event::TextMessageContent(e) => self.append(
                s,
                &e.message_id,
                &e.delta,
                e.metadata.as_ref(),
                "TEXT_MESSAGE_CONTENT",
                &mut out,
            ),
            Event::ReasoningMessageContent(e) => self.append(
                s,
                &e.message_id,
                &e.delta,
                e.metadata.as_ref(),
                "REASONING_MESSAGE_CONTENT",
                &mut out,
            ),
            Event::TextMessageEnd(e) => self.close(
                s,
                &e.message_id,
                e.metadata.as_ref(),
                "TEXT_MESSAGE_END",
                &mut out,
            ),
            Event::ReasoningMessageEnd(e) => self.close(
                s,
                &e.message_id,
                e.metadata.as_ref(),
                "REASONING_MESSAGE_END",
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
                if s.messages.append_args(i, &e.tool_call_id, &e.delta) {
                    if let Some(md) = &e.metadata {
                        if let Some(tc) = tool_call_mut(&mut s.messages, i, &e.tool_call_id) {
                            merge_metadata(&mut tc.metadata, md);
                        }
                    }
                    out.messages_changed = true;
                }
            }
            Event::ToolCallEnd(e) => {
                let Some(i) = s.messages.find_tool_call(&e.tool_call_id) else {
                    self.warn(format!(
                        "TOOL_CALL_END: No message found containing tool call with ID '{}'",
                        e.tool_call_id
                    ));
                    return out;
                };
                if let Some(md) = &e.metadata {
                    if let Some(tc) = tool_call_mut(&mut s.messages, i, &e.tool_call_id) {
                        merge_metadata(&mut tc.metadata, md);
                        out.messages_changed = true;
                    }
                }
                out.new_tool_call = Some((i, e.tool_call_id.clone()));
            }
            Event::ToolCallResult(e) => self.tool_call_result(s, e, &mut out),
            Event::StateSnapshot(e) => set_state(s, e.snapshot.clone(), &mut out),
            Event::StateDelta(e) => match if self.record_state_edits {
                apply_patch_edits(&mut s.state, &e.delta, &mut self.state_edits)
            } else {
                apply_patch(&mut s.state, &e.delta)
            } {
                Ok(()) => out.state_changed = true,
                Err(err) => self.warn(format!("Failed to apply state patch: {err}")),
            },
            Event::MessagesSnapshot(e) => {
                self.messages_snapshot(s, e);
                out.messages_changed = true;
            }
            Event::ActivitySnapshot(e) => self.activity_snapshot(s, e, &mut out),
            Event::ActivityDelta(e) => self.activity_delta(s, e, &mut out),
            Event::RunStarted(e) => {
                self.run_tool_calls.clear();
                self.run_tool_call_set.clear();
                self.answered.clear();
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
                    EncryptedSubtype::ToolCall => s
                        .messages
                        .find_tool_call(&e.entity_id)
                        .and_then(|i| tool_call_mut(&mut s.messages, i, &e.entity_id))
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

    /// TEXT_MESSAGE_START and REASONING_MESSAGE_START: reuse a message with
    /// the id (a tool call may have created it) or create one.
    fn open_message(
        &mut self,
        s: &mut AgentState,
        id: &str,
        ty: &str,
        metadata: Option<&Metadata>,
        create: impl FnOnce() -> Message,
        out: &mut Applied,
    ) {
        match s.messages.find(id) {
            Some(i) if s.messages.get(i).is_some_and(Message::is_activity) => {
                self.warn(format!(
                    "{ty}: Message '{id}' is an activity message; message ids must be unique"
                ));
            }
            Some(i) => {
                if let Some(md) = metadata {
                    if let Some(m) = s.messages.get_mut(i) {
                        merge_metadata(m.metadata_mut(), md);
                    }
                    out.messages_changed = true;
                }
            }
            None => {
                let mut m = create();
                if let Some(md) = metadata {
                    merge_metadata(m.metadata_mut(), md);
                }
                s.messages.push(m);
                out.messages_changed = true;
            }
        }
    }

    fn append(
        &mut self,
        s: &mut AgentState,
        id: &str,
        delta: &str,
        metadata: Option<&Metadata>,
        ty: &str,
        out: &mut Applied,
    ) {
        let Some(i) = s.messages.find(id) else {
            self.warn(format!("{ty}: No message found with ID '{id}'"));
            return;
        };
        if s.messages.get(i).is_some_and(Message::is_activity) {
            self.warn(format!(
                "{ty}: Message '{id}' is an activity message; message ids must be unique"
            ));
            return;
        }
        s.messages.append_text(i, delta);
        if let Some(md) = metadata {
            if let Some(m) = s.messages.get_mut(i) {
                merge_metadata(m.metadata_mut(), md);
            }
        }
        out.messages_changed = true;
    }

    fn close(
        &mut self,
        s: &mut AgentState,
        id: &str,
        metadata: Option<&Metadata>,
        ty: &str,
        out: &mut Applied,
    ) {
        let Some(i) = s.messages.find(id) else {
            self.warn(format!("{ty}: No message found with ID '{id}'"));
            return;
        };
        if s.messages.get(i).is_some_and(Message::is_activity) {
            self.warn(format!(
                "{ty}: Message '{id}' is an activity message; message ids must be unique"
            ));
            return;
        }
        if let Some(md) = metadata {
            if let Some(m) = s.messages.get_mut(i) {
                merge_metadata(m.metadata_mut(), md);
            }
            out.messages_changed = true;
        }
        out.new_message = Some(i);
    }

    fn tool_call_start(&mut self, s: &mut AgentState, e: &ToolCallStartEvent, out: &mut Applied) {
        let id = &e.tool_call_id;
        if self.run_tool_call_set.insert(id.clone()) {
            self.run_tool_calls.push(id.clone());
        }
        // Idempotent: a replayed start updates the call it already has.
        if let Some(i) = s.messages.find_tool_call(id) {
            let renamed = s
                .messages
                .get(i)
                .and_then(|m| m.tool_calls())
                .and_then(|tcs| tcs.iter().find(|tc| tc.id == *id))
                .is_some_and(|tc| tc.function.name != e.tool_call_name);
            if renamed {
                self.warn(format!(
                    "TOOL_CALL_START: tool call '{id}' already exists; renaming it to '{}'",
                    e.tool_call_name
                ));
            }
            if renamed || e.metadata.is_some() {
                if let Some(tc) = tool_call_mut(&mut s.messages, i, id) {
                    tc.function.name = e.tool_call_name.clone();
                    if let Some(md) = &e.metadata {
                        merge_metadata(&mut tc.metadata, md);
                    }
                }
                out.messages_changed = true;
            }
            return;
        }
        let i = self.resolve_parent(s, e);
        let mut call = ToolCall {
            id: id.clone(),
            function: FunctionCall {
                name: e.tool_call_name.clone(),
                arguments: String::new(),
            },
            ..Default::default()
        };
        if let Some(md) = &e.metadata {
            merge_metadata(&mut call.metadata, md);
        }
        if let Some(Message::Assistant(a)) = s.messages.get_mut(i) {
            a.tool_calls.get_or_insert_with(Vec::new).push(call);
        }
        s.messages.note_tool_call(i, id);
        out.messages_changed = true;
    }

    /// The assistant message a new tool call goes into, created if needed.
    fn resolve_parent(&mut self, s: &mut AgentState, e: &ToolCallStartEvent) -> usize {
        // An empty parentMessageId counts as none, as the reference's truthiness test has it.
        let created_id = match e.parent_message_id.as_ref().filter(|p| !p.is_empty()) {
            Some(pid) => match s.messages.find(pid) {
                Some(i) if matches!(s.messages.get(i), Some(Message::Assistant(_))) => return i,
                Some(i) => {
                    let role = s.messages.get(i).map_or("", Message::role);
                    self.warn(format!(
                        "TOOL_CALL_START: parentMessageId '{pid}' matches a '{role}' message, not assistant; falling back to toolCallId"
                    ));
                    e.tool_call_id.clone()
                }
                None => pid.clone(),
            },
            None => e.tool_call_id.clone(),
        };
        let was_new = s.messages.find(&created_id).is_none();
        let subagent_run_id = if was_new {
            e.subagent_run_id.clone()
        } else {
            None
        };
        s.messages.push(Message::Assistant(AssistantMessage {
            id: created_id,
            tool_calls: Some(Vec::new()),
            subagent_run_id,
            ..Default::default()
        }))
    }

    fn tool_call_result(&mut self, s: &mut AgentState, e: &ToolCallResultEvent, out: &mut Applied) {
        self.answered.insert(e.tool_call_id.clone());
        let mut msg = ToolMessage {
            id: e.message_id.clone(),
            content: e.content.clone(),
            tool_call_id: e.tool_call_id.clone(),
            subagent_run_id: e.subagent_run_id.clone(),
            ..Default::default()
        };
        if let Some(md) = &e.metadata {
            merge_metadata(&mut msg.metadata, md);
        }
        // Right after the assistant message that issued the call (after the
        // results already recorded for it), so providers see call then result.
        let at = match s.messages.find_tool_call(&e.tool_call_id) {
            None => s.messages.len(),
            Some(owner) => {
                let mut at = owner + 1;
                while matches!(s.messages.get(at), Some(Message::Tool(_))) {
                    at += 1;
                }
                at
            }
        };
        s.messages.insert(at, Message::Tool(msg));
        out.new_message = Some(at);
        out.messages_changed = true;
    }

    fn messages_snapshot(&mut self, s: &mut AgentState, e: &MessagesSnapshotEvent) {
        let owned = authoritative_activity_types(e.metadata.as_ref());
        let has_activity = e.messages.iter().any(Message::is_activity);
        let has_reasoning = e
            .messages
            .iter()
            .any(|m| matches!(m, Message::Reasoning(_)));
        let preserved = |m: &Message| match m {
            Message::Activity(a) => match &owned {
                Authority::Types(types) => !types.contains(&a.activity_type),
                Authority::All => false,
                Authority::Inferred => !has_activity,
            },
            Message::Reasoning(_) => !has_reasoning,
            _ => false,
        };
        // The last snapshot message with an id wins, as a JS Map's `set` does.
        let mut by_id = HashMap::with_capacity_and_hasher(e.messages.len(), Default::default());
        for (i, m) in e.messages.iter().enumerate() {
            by_id.insert(m.id(), i);
        }
        let old = s.messages.take_entries();
        let mut kept: Vec<Entry> = Vec::with_capacity(e.messages.len());
        let mut ids: HashSet<String> = HashSet::default();
        for entry in old {
            let id = entry.message.id().to_owned();
            match by_id.get(id.as_str()) {
                Some(&j) => {
                    let fresh = &e.messages[j];
                    if *fresh == entry.message {
                        kept.push(entry);
                    } else {
                        kept.push(s.messages.make_entry(fresh.clone()));
                    }
                }
                None if preserved(&entry.message) => kept.push(entry),
                None => continue,
            }
            ids.insert(id);
        }
        for m in &e.messages {
            if !ids.contains(m.id()) {
                kept.push(s.messages.make_entry(m.clone()));
            }
        }
        s.messages.set_entries(kept);
    }

    fn activity_snapshot(
        &mut self,
        s: &mut AgentState,
        e: &ActivitySnapshotEvent,
        out: &mut Applied,
    ) {
        let fresh = || ActivityMessage {
            id: e.message_id.clone(),
            activity_type: e.activity_type.clone(),
            content: e.content.clone(),
            subagent_run_id: e.subagent_run_id.clone(),
            ..Default::default()
        };
        let replace = e.replace.unwrap_or(true);
        out.messages_changed = true;
        match s.messages.find(&e.message_id) {
            None => {
                let mut m = fresh();
                if let Some(md) = &e.metadata {
                    merge_metadata(&mut m.metadata, md);
                }
                out.new_message = Some(s.messages.push(Message::Activity(m)));
            }
            Some(i) if s.messages.get(i).is_some_and(Message::is_activity) => {
                if replace || e.metadata.is_some() {
                    if let Some(Message::Activity(a)) = s.messages.get_mut(i) {
                        if replace {
                            // A replace re-mints the content and the owner, not the metadata.
                            a.activity_type = e.activity_type.clone();
                            a.content = e.content.clone();
                            a.subagent_run_id = e.subagent_run_id.clone();
                        }
                        if let Some(md) = &e.metadata {
                            merge_metadata(&mut a.metadata, md);
                        }
                    }
                }
            }
            Some(i) => {
                if replace {
                    let mut m = fresh();
                    if let Some(md) = &e.metadata {
                        merge_metadata(&mut m.metadata, md);
                    }
                    s.messages.replace(i, Message::Activity(m));
                    out.new_message = Some(i);
                }
            }
        }
    }

    fn activity_delta(&mut self, s: &mut AgentState, e: &ActivityDeltaEvent, out: &mut Applied) {
        let Some(i) = s.messages.find(&e.message_id) else {
            return;
        };
        if !s.messages.get(i).is_some_and(Message::is_activity) {
            self.warn(format!(
                "ACTIVITY_DELTA: Message '{}' is not an activity message",
                e.message_id
            ));
            return;
        }
        let Some(Message::Activity(a)) = s.messages.get_mut(i) else {
            return;
        };
        if let Some(md) = &e.metadata {
            merge_metadata(&mut a.metadata, md);
        }
        // A patch that replaces the root could leave a non-object; keep a copy
        // for that rare case only, so the common path patches in place.
        let backup = e
            .patch
            .iter()
            .any(patch_targets_root)
            .then(|| a.content.clone());
        let mut doc = Value::Object(std::mem::take(&mut a.content));
        match apply_patch(&mut doc, &e.patch) {
            Ok(()) => match doc {
                Value::Object(map) => {
                    a.content = map;
                    a.activity_type = e.activity_type.clone();
                }
                _ => {
                    a.content = backup.unwrap_or_default();
                    self.warn(format!(
                        "Failed to apply activity patch for '{}': the result is not an object",
                        e.message_id
                    ));
                }
            },
            Err(err) => {
                if let Value::Object(map) = doc {
                    a.content = map;
                }
                self.warn(format!(
                    "Failed to apply activity patch for '{}': {err}",
                    e.message_id
                ));
            }
        }
        out.messages_changed = true;
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

fn tool_call_mut<'a>(h: &'a mut History, i: usize, id: &str) -> Option<&'a mut ToolCall> {
    h.get_mut(i)?
        .tool_calls_mut()?
        .iter_mut()
        .find(|tc| tc.id == id)
}

/// Which activity types a snapshot declares it owns.
enum Authority {
    /// No declaration: a snapshot that carries activity owns all of it.
    Inferred,
    /// `null`: every type.
    All,
    /// These types only (an invalid declaration owns none).
    Types(Vec<String>),
}

fn authoritative_activity_types(metadata: Option<&Metadata>) -> Authority {
    let Some(v) = metadata.and_then(|m| m.get(ACTIVITY_HISTORY_KEY)) else {
        return Authority::Inferred;
    };
    let Value::Object(decl) = v else {
        return Authority::Types(Vec::new());
    };
    match decl.get("authoritativeActivityTypes") {
        None => Authority::Inferred,
        Some(Value::Null) => Authority::All,
        Some(Value::Array(items)) => {
            let types: Option<Vec<String>> = items
                .iter()
                .map(|t| t.as_str().map(str::to_owned))
                .collect();
            Authority::Types(types.unwrap_or_default())
        }
        Some(_) => Authority::Types(Vec::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn apply_mut_moves_a_snapshot_and_otherwise_applies() {
        let snapshot = serde_json::json!({"items": [1, 2, 3], "n": {"deep": true}});
        let events = [
            Event::StateSnapshot(StateSnapshotEvent {
                snapshot: snapshot.clone().into(),
                ..Default::default()
            }),
            Event::StateDelta(StateDeltaEvent {
                delta: vec![PatchOp::Replace {
                    path: Pointer::parse("/n/deep").unwrap(),
                    value: false.into(),
                }],
                ..Default::default()
            }),
        ];
        let (mut by_ref, mut by_mut) = (AgentState::default(), AgentState::default());
        let (mut r1, mut r2) = (Reducer::new(), Reducer::new());
        for event in events {
            let applied = r1.apply(&mut by_ref, &event);
            let mut owned = event.clone();
            assert_eq!(r2.apply_mut(&mut by_mut, &mut owned), applied);
            assert_eq!(by_mut.state, by_ref.state);
        }
        assert_eq!(by_mut.state["n"]["deep"], false);
        assert_eq!(by_mut.state["items"], snapshot["items"]);
    }
}

//! TOOL_CALL_*: a tool call opened in its parent message, and its result.

use super::*;

impl Reducer {
    pub(super) fn tool_call_start(
        &mut self,
        s: &mut AgentState,
        e: &ToolCallStartEvent,
        out: &mut Applied,
    ) {
        let id = &e.tool_call_id;
        if self.run_tool_call_set.insert(id.clone()) {
            self.run_tool_calls.push(id.clone());
        }
        let existing = s.messages.locate_tool_call(id);
        if self.streaming_calls.insert(id.clone()) && existing.is_some() {
            self.restarted_calls.insert(id.clone());
        }
        // Idempotent: a replayed start updates the call it already has.
        if let Some((i, k)) = existing {
            let renamed = s
                .messages
                .get(i)
                .and_then(|m| m.tool_calls())
                .and_then(|tcs| tcs.get(k))
                .is_some_and(|tc| tc.function.name != e.tool_call_name);
            if renamed {
                self.warn(format!(
                    "TOOL_CALL_START: tool call '{id}' already exists; renaming it to '{}'",
                    e.tool_call_name
                ));
            }
            if renamed || e.metadata.is_some() {
                if let Some(tc) = s.messages.tool_call_mut(i, k) {
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
            let calls = a.tool_calls.get_or_insert_with(Vec::new);
            calls.push(call);
            let k = calls.len() - 1;
            s.messages.note_tool_call(i, k, id);
        }
        out.messages_changed = true;
    }

    /// The assistant message a new tool call goes into, created if needed.
    pub(super) fn resolve_parent(&mut self, s: &mut AgentState, e: &ToolCallStartEvent) -> usize {
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
        s.messages
            .push(Message::Assistant(Box::new(AssistantMessage {
                id: created_id,
                tool_calls: Some(Vec::new()),
                subagent_run_id,
                ..Default::default()
            })))
    }

    pub(super) fn tool_call_result(
        &mut self,
        s: &mut AgentState,
        e: &ToolCallResultEvent,
        out: &mut Applied,
    ) {
        self.answered.insert(e.tool_call_id.clone());
        // A repeated message id for the same call corrects the result in
        // place (1.0.3): its position and other members kept, metadata
        // merged, nothing announced.
        if let Some(i) = s.messages.find_tool_result(&e.message_id, &e.tool_call_id) {
            if let Some(Message::Tool(m)) = s.messages.get_mut(i) {
                m.content = e.content.clone();
                m.subagent_run_id = e.subagent_run_id.clone();
                if let Some(md) = &e.metadata {
                    merge_metadata(&mut m.metadata, md);
                }
            }
            out.messages_changed = true;
            return;
        }
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
        // Right after the assistant message that issued the call, past the
        // results and activity already behind it, so providers see call
        // then result (activity never goes to the agent).
        let at = match s.messages.result_owner(&e.tool_call_id) {
            None => s.messages.len(),
            Some(owner) => {
                let mut at = owner + 1;
                while matches!(
                    s.messages.get(at),
                    Some(Message::Tool(_) | Message::Activity(_))
                ) {
                    at += 1;
                }
                at
            }
        };
        s.messages.insert(at, Message::Tool(Box::new(msg)));
        out.new_message = Some(at);
        out.messages_changed = true;
    }
}

/// The tool call `id`, to change: found in O(1).
pub(super) fn tool_call_mut<'a>(h: &'a mut History, id: &str) -> Option<&'a mut ToolCall> {
    let (i, k) = h.locate_tool_call(id)?;
    h.tool_call_mut(i, k)
}

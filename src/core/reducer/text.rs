//! TEXT_MESSAGE_* and REASONING_MESSAGE_*: opening a streamed message,
//! appending to it, closing it.

use super::*;

impl Reducer {
    /// TEXT_MESSAGE_START and REASONING_MESSAGE_START: reuse a message with
    /// the id (a tool call may have created it) or create one.
    pub(super) fn open_message(
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

    #[allow(clippy::too_many_arguments)]
    pub(super) fn append(
        &mut self,
        s: &mut AgentState,
        id: &str,
        delta: &str,
        halves: Halves,
        metadata: Option<&Metadata>,
        ty: &str,
        out: &mut Applied,
    ) {
        let Some(i) = self.streamed(s, id, ty) else {
            return;
        };
        let joined = self.halves.next(false, id, halves);
        s.messages.append_text(i, delta, joined);
        merge_into(s, i, metadata);
        out.messages_changed = true;
    }

    pub(super) fn close(
        &mut self,
        s: &mut AgentState,
        id: &str,
        metadata: Option<&Metadata>,
        ty: &str,
        out: &mut Applied,
    ) {
        let Some(i) = self.streamed(s, id, ty) else {
            return;
        };
        if metadata.is_some() {
            merge_into(s, i, metadata);
            out.messages_changed = true;
        }
        out.new_message = Some(i);
    }

    /// The position of the streamed message `id` that event type `ty` goes
    /// on, or a warning: there is none, or it is an activity.
    fn streamed(&mut self, s: &mut AgentState, id: &str, ty: &str) -> Option<usize> {
        let Some(i) = s.messages.find(id) else {
            self.warn(format!("{ty}: No message found with ID '{id}'"));
            return None;
        };
        if s.messages.get(i).is_some_and(Message::is_activity) {
            self.warn(format!(
                "{ty}: Message '{id}' is an activity message; message ids must be unique"
            ));
            return None;
        }
        Some(i)
    }
}

/// An event's metadata merged into the message at `i`.
fn merge_into(s: &mut AgentState, i: usize, metadata: Option<&Metadata>) {
    if let Some(md) = metadata {
        if let Some(m) = s.messages.get_mut(i) {
            merge_metadata(m.metadata_mut(), md);
        }
    }
}

//! One verified event, as the reference handles it: onEvent, the event's
//! own callback with its extras, the reducer, then the announcements of a
//! message or tool call it finished. A `stopPropagation` from onEvent
//! drops the event; one from its own callback keeps it from being applied
//! but still lets the finished message or tool call be announced.

use crate::core::json::LazyJson;

use super::callbacks::{own_place, Listening, ON_EVENT, ON_NEW_MESSAGE, ON_NEW_TOOL_CALL};
use super::{Answer, Call, Changed, Extras, StateFollow, Step};
use crate::core::history::History;
use crate::core::reducer::{AgentState, Finished, Reducer};
use crate::core::types::*;

#[derive(Debug)]
pub(super) struct Round {
    pub(super) event: Event,
    stage: Stage,
}

#[derive(Debug)]
enum Stage {
    Start,
    AskedOnEvent,
    Own,
    AskedOwn,
    Announce {
        message: Option<usize>,
        tool_call: Option<(usize, String)>,
    },
}

impl Round {
    pub(super) fn new(event: Event) -> Self {
        Round {
            event,
            stage: Stage::Start,
        }
    }

    /// The round's next step; `None` when it is over. `answer`: what the
    /// last call's subscribers did.
    pub(super) fn step(
        &mut self,
        reducer: &mut Reducer,
        agent: &mut AgentState,
        listening: &Listening,
        answer: Option<Answer>,
        changed: &mut Changed,
        result: &mut Option<LazyJson>,
    ) -> Option<Step> {
        let answer = answer.unwrap_or_default();
        // An announcement changes nothing, as in the reference: what its
        // subscribers return is not taken.
        if !matches!(self.stage, Stage::Announce { .. }) {
            changed.merge(answer.changed);
        }
        loop {
            match &mut self.stage {
                Stage::Start => {
                    self.stage = Stage::AskedOnEvent;
                    if listening.has(ON_EVENT) {
                        return Some(Step::Call(Call::Event));
                    }
                }
                Stage::AskedOnEvent => {
                    if answer.stop {
                        return None;
                    }
                    self.stage = Stage::Own;
                }
                Stage::Own => {
                    self.stage = Stage::AskedOwn;
                    if listening.has_own(&self.event) {
                        if let Some(extras) = extras_of(reducer, &mut agent.messages, &self.event) {
                            let place = own_place(&self.event);
                            return Some(Step::Call(Call::Own { place, extras }));
                        }
                    }
                    if let Some(step) = self.apply(reducer, agent, false, changed, result) {
                        return Some(step);
                    }
                }
                Stage::AskedOwn => {
                    let stop = answer.stop;
                    if let Some(step) = self.apply(reducer, agent, stop, changed, result) {
                        return Some(step);
                    }
                }
                Stage::Announce { message, tool_call } => {
                    if let Some(i) = message.take() {
                        if listening.has(ON_NEW_MESSAGE) {
                            return Some(Step::Call(Call::NewMessage(i)));
                        }
                    }
                    let (at, id) = tool_call.take()?;
                    if listening.has(ON_NEW_TOOL_CALL) {
                        return Some(Step::Call(Call::NewToolCall { at, id }));
                    }
                }
            }
        }
    }

    /// Applies the event unless a callback stopped it; a stopped end of a
    /// message or tool call is still announced, as the reference does.
    /// `None`: nothing was applied, the announcements come next.
    fn apply(
        &mut self,
        reducer: &mut Reducer,
        agent: &mut AgentState,
        stopped: bool,
        changed: &mut Changed,
        result: &mut Option<LazyJson>,
    ) -> Option<Step> {
        if let Event::RunFinished(e) = &self.event {
            if let Finished::Success { result: r, .. } = reducer.finished_of(e) {
                *result = r;
            }
        }
        if stopped {
            let h = &mut agent.messages;
            let (message, tool_call) = match &self.event {
                Event::TextMessageEnd(TextMessageEndEvent { message_id, .. })
                | Event::ReasoningMessageEnd(ReasoningMessageEndEvent { message_id, .. }) => (
                    h.find(message_id)
                        .filter(|&i| !h.get(i).is_some_and(Message::is_activity)),
                    None,
                ),
                Event::ToolCallEnd(e) => (
                    None,
                    h.find_tool_call(&e.tool_call_id)
                        .map(|i| (i, e.tool_call_id.clone())),
                ),
                _ => (None, None),
            };
            self.stage = Stage::Announce { message, tool_call };
            return None;
        }
        // Cleared, not taken: one buffer for every event's edits, where a
        // new one per event grew four times (a tenth of the instructions of
        // a 1 MB-state run of two-op deltas).
        reducer.state_edits.clear();
        let applied = reducer.apply_mut(agent, &mut self.event);
        changed.messages |= applied.messages_changed;
        changed.state |= applied.state_changed;
        let state = match (&self.event, applied.state_changed) {
            (_, false) => StateFollow::Unchanged,
            (Event::StateDelta(_), true) => StateFollow::Edits,
            (_, true) => StateFollow::Replaced,
        };
        self.stage = Stage::Announce {
            message: applied.new_message,
            tool_call: applied.new_tool_call,
        };
        Some(Step::Applied {
            state,
            warnings: std::mem::take(&mut reducer.warnings),
        })
    }
}

/// The extras of an event's own callback, or `None` where the reference
/// does not call it: the message or tool call the event names is missing.
fn extras_of(reducer: &Reducer, h: &mut History, event: &Event) -> Option<Extras> {
    let text_at = |h: &mut History, id: &str| {
        let i = h.find(id)?;
        (!h.get(i)?.is_activity()).then_some(i)
    };
    let call_at = |h: &mut History, id: &str| h.locate_tool_call(id);
    Some(match event {
        Event::TextMessageContent(TextMessageContentEvent { message_id, .. })
        | Event::TextMessageEnd(TextMessageEndEvent { message_id, .. }) => {
            Extras::TextBuffer(text_at(h, message_id)?)
        }
        Event::ReasoningMessageContent(ReasoningMessageContentEvent { message_id, .. })
        | Event::ReasoningMessageEnd(ReasoningMessageEndEvent { message_id, .. }) => {
            Extras::ReasoningBuffer(text_at(h, message_id)?)
        }
        Event::ToolCallArgs(e) => {
            let (at, call) = call_at(h, &e.tool_call_id)?;
            Extras::ToolCallArgs {
                at,
                call,
                restarted: reducer.restarts_args(&e.tool_call_id),
            }
        }
        Event::ToolCallEnd(e) => {
            let (i, k) = call_at(h, &e.tool_call_id)?;
            Extras::ToolCallEnd(i, k)
        }
        Event::ActivitySnapshot(e) => Extras::ActivitySnapshot(h.find(&e.message_id)),
        Event::ActivityDelta(e) => {
            let i = h.find(&e.message_id)?;
            h.get(i)?
                .is_activity()
                .then_some(Extras::ActivityDelta(i))?
        }
        Event::RunFinished(e) => Extras::RunFinished(reducer.finished_of(e)),
        _ => Extras::Plain,
    })
}

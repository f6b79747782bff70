//! What a session asks of its caller, and what the caller answers.

use super::callbacks::{
    place, slots, ON_EVENT, ON_NEW_MESSAGE, ON_NEW_TOOL_CALL, ON_RUN_FAILED, ON_RUN_FINALIZED,
    ON_RUN_INITIALIZED,
};
use crate::core::reducer::Finished;

/// A round of one callback over the subscribers that define it, in order,
/// each awaited; a `stopPropagation: true` ends the round.
#[derive(Debug, Clone, PartialEq)]
pub enum Call {
    RunInitialized,
    /// With the error the run failed with.
    RunFailed,
    RunFinalized,
    /// onEvent, with [`Session::event`].
    Event,
    /// The event's own callback (its place in `slots`), with its extras.
    Own {
        place: usize,
        extras: Extras,
    },
    /// onNewMessage, with the message at this position.
    NewMessage(usize),
    /// onNewToolCall, with this tool call of the message at `at`.
    NewToolCall {
        at: usize,
        id: String,
    },
}

impl Call {
    pub fn name(&self) -> &'static str {
        match self {
            Call::RunInitialized => ON_RUN_INITIALIZED,
            Call::RunFailed => ON_RUN_FAILED,
            Call::RunFinalized => ON_RUN_FINALIZED,
            Call::Event => ON_EVENT,
            Call::Own { place, .. } => slots().nth(*place).unwrap_or_default(),
            Call::NewMessage(_) => ON_NEW_MESSAGE,
            Call::NewToolCall { .. } => ON_NEW_TOOL_CALL,
        }
    }

    /// The callback's place in [`slots`].
    pub fn place(&self) -> usize {
        match self {
            Call::Own { place, .. } => *place,
            other => place(other.name()).unwrap_or_default(),
        }
    }
}

/// What an event's own callback gets besides the event, by position in
/// the history (read there when the parameters are built).
#[derive(Debug, Clone, PartialEq)]
pub enum Extras {
    Plain,
    /// `textMessageBuffer`: the text of the message at this position.
    TextBuffer(usize),
    /// `reasoningMessageBuffer`.
    ReasoningBuffer(usize),
    /// `toolCallBuffer`, `toolCallName`, `partialToolCallArgs` of the
    /// event's tool call: the message at this position, the call at that
    /// index of its tool calls; `restarted`: the call was started again and
    /// this delta replaces its arguments, so the buffer is empty.
    ToolCallArgs {
        at: usize,
        call: usize,
        restarted: bool,
    },
    /// `toolCallName` and `toolCallArgs`, likewise.
    ToolCallEnd(usize, usize),
    /// `existingMessage`: the message with the activity's id, if any
    /// (`activityMessage` too when it is an activity).
    ActivitySnapshot(Option<usize>),
    /// `activityMessage`.
    ActivityDelta(usize),
    /// `outcome` and what goes with it.
    RunFinished(Finished),
}

/// Which of messages and state changed.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Changed {
    pub messages: bool,
    pub state: bool,
}

impl Changed {
    pub fn any(&self) -> bool {
        self.messages || self.state
    }

    pub(super) fn merge(&mut self, other: Changed) {
        self.messages |= other.messages;
        self.state |= other.state;
    }
}

/// What a round's subscribers did: replaced messages or state (already
/// applied by the caller), or stopped the event.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Answer {
    pub stop: bool,
    pub changed: Changed,
}

/// How the caller's copy of the state follows an applied event.
#[derive(Debug, Clone, PartialEq)]
pub enum StateFollow {
    Unchanged,
    /// A STATE_DELTA's concrete edits, [`Session::state_edits`] (recorded
    /// when asked for, see [`Session::record_state_edits`]).
    Edits,
    /// Anything else that changed the state: the copy is stale.
    Replaced,
}

/// What the caller does next.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    /// Make the round; then [`Session::answered`].
    Call(Call),
    /// [`Session::event`] was applied to the agent.
    Applied {
        state: StateFollow,
        warnings: Vec<String>,
    },
    /// onMessagesChanged / onStateChanged, for what changed.
    Notify(Changed),
    /// A subscriber replaced messages or state before the request: the
    /// run's input is written again from them.
    Rewrite,
    /// Send the request; then [`Session::response`] or [`Session::failed`].
    Request,
    /// Read the next chunk, for no longer than `due_in` milliseconds if
    /// given (then [`Session::late`]).
    Read { due_in: Option<f64> },
    /// Over; `rejected`: the run fails with its error.
    Done { rejected: bool },
}

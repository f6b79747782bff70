//! The subscriber callbacks that are not an event's own: the run's
//! lifecycle and the announcements. An event's own callback comes from the
//! events table (`Event::callback`, `EVENT_CALLBACKS`), so every callback
//! is named once, and the `AgentSubscriber` interface of the `.d.ts` is
//! written from the same tables.

use crate::core::types::{Event, EVENT_CALLBACKS, EVENT_CALLBACKS_TS};

macro_rules! callbacks {
    (
        lifecycle { $($lconst:ident = $lname:literal: $lts:literal;)* }
        announcements { $($aconst:ident = $aname:literal: $ats:literal;)* }
    ) => {
        $(pub const $lconst: &str = $lname;)*
        $(pub const $aconst: &str = $aname;)*

        /// The lifecycle and announcement callbacks, in the reference's order.
        const OTHER_CALLBACKS: &[&str] = &[$($lname,)* $($aname,)*];

        /// The `AgentSubscriber` interface, for the binding's `.d.ts`: these
        /// callbacks, then the events' (TypeScript merges the two).
        pub const AGENT_SUBSCRIBER_TS: [&str; 2] = [
            concat!(
                "/** Callbacks named as @ag-ui/client names them; define only the ones you need. */\n",
                "export interface AgentSubscriber {\n",
                $("  ", $lname, $lts, ";\n",)*
                $("  ", $aname, $ats, ";\n",)*
                "}\n",
            ),
            EVENT_CALLBACKS_TS,
        ];
    };
}

/// Every callback a subscriber may define.
pub fn callbacks() -> impl Iterator<Item = &'static str> {
    slots().filter(|c| !c.is_empty())
}

/// The callbacks in their fixed places: the lifecycle's and the
/// announcements, then one per event (`""` for a shorthand).
fn slots() -> impl Iterator<Item = &'static str> {
    OTHER_CALLBACKS.iter().chain(EVENT_CALLBACKS).copied()
}

callbacks! {
    lifecycle {
        ON_EVENT = "onEvent": "?(params: { event: Event } & AgentSubscriberParams): SubscriberResult";
        ON_RUN_INITIALIZED = "onRunInitialized": "?(params: AgentSubscriberParams): SubscriberResult";
        ON_RUN_FAILED = "onRunFailed": "?(params: { error: Error } & AgentSubscriberParams): SubscriberResult";
        ON_RUN_FINALIZED = "onRunFinalized": "?(params: AgentSubscriberParams): SubscriberResult";
    }
    announcements {
        ON_NEW_MESSAGE = "onNewMessage": "?(params: { message: Message } & Omit<AgentSubscriberParams, \"input\"> & { input?: RunAgentInput }): SubscriberResult";
        ON_NEW_TOOL_CALL = "onNewToolCall": "?(params: { toolCall: ToolCall } & Omit<AgentSubscriberParams, \"input\"> & { input?: RunAgentInput }): SubscriberResult";
        ON_MESSAGES_CHANGED = "onMessagesChanged": "?(params: Omit<AgentSubscriberParams, \"input\"> & { input?: RunAgentInput }): SubscriberResult";
        ON_STATE_CHANGED = "onStateChanged": "?(params: Omit<AgentSubscriberParams, \"input\"> & { input?: RunAgentInput }): SubscriberResult";
    }
}

/// The callbacks at least one subscriber defines, so that a callback no
/// one listens for costs nothing: no parameters built, no call made. One
/// bit per place in [`slots`]; an event's own is found by its position.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Listening(u64);

impl Listening {
    /// From the names subscribers define; names that are not callbacks are left out.
    pub fn of<'a>(names: impl IntoIterator<Item = &'a str>) -> Self {
        let mut bits = 0;
        for name in names {
            if let Some(i) = place(name) {
                bits |= 1 << i;
            }
        }
        Listening(bits)
    }

    /// Every callback, as a subscriber that defines them all.
    pub fn all() -> Self {
        Listening::of(callbacks())
    }

    pub fn has(&self, name: &str) -> bool {
        place(name).is_some_and(|i| self.0 & (1 << i) != 0)
    }

    /// Whether anyone listens for the event's own callback.
    pub fn has_own(&self, event: &Event) -> bool {
        self.0 & (1 << (OTHER_CALLBACKS.len() + event.position())) != 0
    }
}

fn place(name: &str) -> Option<usize> {
    if name.is_empty() {
        return None;
    }
    slots().position(|c| c == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_callback_has_a_bit_of_its_own() {
        assert!(slots().count() <= 64);
        let all = Listening::all();
        for name in callbacks() {
            assert!(all.has(name));
            assert_eq!(Listening::of([name]).0.count_ones(), 1, "{name}");
        }
        assert!(!all.has(""));
        assert!(!all.has("onNothing"));
    }
}

//! The subscriber callbacks that are not an event's own: the run's
//! lifecycle and the announcements. An event's own callback comes from the
//! events table (`Event::callback`, `EVENT_CALLBACKS`), so every callback
//! is named once, and the `AgentSubscriber` interface of the `.d.ts` is
//! written from the same tables.

use crate::core::types::{EVENT_CALLBACKS, EVENT_CALLBACKS_TS};

macro_rules! callbacks {
    (
        lifecycle { $($lname:literal: $lts:literal;)* }
        announcements { $($aname:literal: $ats:literal;)* }
    ) => {
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
    OTHER_CALLBACKS
        .iter()
        .chain(EVENT_CALLBACKS)
        .copied()
        .filter(|c| !c.is_empty())
}

callbacks! {
    lifecycle {
        "onEvent": "?(params: { event: Event } & AgentSubscriberParams): SubscriberResult";
        "onRunInitialized": "?(params: AgentSubscriberParams): SubscriberResult";
        "onRunFailed": "?(params: { error: Error } & AgentSubscriberParams): SubscriberResult";
        "onRunFinalized": "?(params: AgentSubscriberParams): SubscriberResult";
    }
    announcements {
        "onNewMessage": "?(params: { message: Message } & Omit<AgentSubscriberParams, \"input\"> & { input?: RunAgentInput }): SubscriberResult";
        "onNewToolCall": "?(params: { toolCall: ToolCall } & Omit<AgentSubscriberParams, \"input\"> & { input?: RunAgentInput }): SubscriberResult";
        "onMessagesChanged": "?(params: Omit<AgentSubscriberParams, \"input\"> & { input?: RunAgentInput }): SubscriberResult";
        "onStateChanged": "?(params: Omit<AgentSubscriberParams, \"input\"> & { input?: RunAgentInput }): SubscriberResult";
    }
}

/// The callbacks at least one subscriber defines, so that a callback no
/// one listens for costs nothing: no parameters built, no call made.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Listening(Vec<&'static str>);

impl Listening {
    /// From the names subscribers define; names that are not callbacks are left out.
    pub fn of<'a>(names: impl IntoIterator<Item = &'a str>) -> Self {
        let mut set = Vec::new();
        for name in names {
            if let Some(known) = callbacks().find(|c| *c == name) {
                if !set.contains(&known) {
                    set.push(known);
                }
            }
        }
        Listening(set)
    }

    /// Every callback, as a subscriber that defines them all.
    pub fn all() -> Self {
        Listening(callbacks().collect())
    }

    pub fn has(&self, name: &str) -> bool {
        self.0.contains(&name)
    }
}

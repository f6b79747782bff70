//! The subscriber callbacks that are not an event's own: the run's
//! lifecycle and the announcements. An event's own callback comes from the
//! events table (`Event::callback`, `EVENT_CALLBACKS`), so every callback
//! is named once; the binding writes the `AgentSubscriber` interface of the
//! `.d.ts` from the same tables (`callbacks_table!`, `events_table!`).

use crate::core::types::{Event, EVENT_CALLBACKS};

/// The lifecycle and announcement callbacks, in the reference's order,
/// handed to a macro: `callbacks!` here, and the binding's TypeScript.
macro_rules! callbacks_table {
    ($m:ident) => {
        $m! {
            lifecycle {
                ON_EVENT = "onEvent";
                ON_RUN_INITIALIZED = "onRunInitialized";
                ON_RUN_FAILED = "onRunFailed";
                ON_RUN_FINALIZED = "onRunFinalized";
            }
            announcements {
                ON_NEW_MESSAGE = "onNewMessage";
                ON_NEW_TOOL_CALL = "onNewToolCall";
                ON_MESSAGES_CHANGED = "onMessagesChanged";
                ON_STATE_CHANGED = "onStateChanged";
            }
        }
    };
}
pub(crate) use callbacks_table;

macro_rules! callbacks {
    (
        lifecycle { $($lconst:ident = $lname:literal;)* }
        announcements { $($aconst:ident = $aname:literal;)* }
    ) => {
        $(pub const $lconst: &str = $lname;)*
        $(pub const $aconst: &str = $aname;)*

        /// The lifecycle and announcement callbacks, in the reference's order.
        const OTHER_CALLBACKS: &[&str] = &[$($lname,)* $($aname,)*];
    };
}

callbacks_table!(callbacks);

/// Every callback a subscriber may define.
pub fn callbacks() -> impl Iterator<Item = &'static str> {
    slots().filter(|c| !c.is_empty())
}

/// The callbacks in their fixed places: the lifecycle's and the
/// announcements, then one per event (`""` for a shorthand). A step names
/// its callback by place, which the shell looks up: finding it by name
/// (string comparisons down the list) was 6% of a round.
pub fn slots() -> impl Iterator<Item = &'static str> {
    OTHER_CALLBACKS.iter().chain(EVENT_CALLBACKS).copied()
}

/// The place of an event's own callback in [`slots`].
pub fn own_place(event: &Event) -> usize {
    OTHER_CALLBACKS.len() + event.position()
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

    /// From one bit per place in [`slots`] (a shorthand's place, which
    /// has no callback, never set).
    pub fn from_places(bits: u64) -> Self {
        let real = slots()
            .enumerate()
            .filter(|(_, c)| !c.is_empty())
            .fold(0, |m, (i, _)| m | 1 << i);
        Listening(bits & real)
    }

    /// Every callback, as a subscriber that defines them all.
    pub fn all() -> Self {
        Listening::from_places(u64::MAX)
    }

    pub fn has(&self, name: &str) -> bool {
        place(name).is_some_and(|i| self.0 & (1 << i) != 0)
    }

    /// Whether anyone listens for the event's own callback.
    pub fn has_own(&self, event: &Event) -> bool {
        self.0 & (1 << own_place(event)) != 0
    }
}

pub(super) fn place(name: &str) -> Option<usize> {
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

    #[test]
    fn places_are_the_bits_and_a_shorthand_has_none() {
        assert_eq!(Listening::all(), Listening::of(callbacks()));
        for (i, name) in slots().enumerate() {
            let one = Listening::from_places(1 << i);
            match name {
                "" => assert_eq!(one, Listening::default()),
                _ => assert_eq!((one, place(name)), (Listening::of([name]), Some(i))),
            }
        }
    }
}

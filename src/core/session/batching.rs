//! When subscribers hear that messages or state changed: once per network
//! chunk, after every event, or at most once per interval (and always at
//! the end, and when a held-back change falls due with no chunk coming).

/// How change notifications are batched.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum Batching {
    /// Once per network chunk (the default).
    #[default]
    Chunk,
    /// After every event, as the reference does.
    Event,
    /// At most once per this many milliseconds, and at the end.
    Throttle(f64),
}

/// The last notification's time and whether a held-back one fell due.
#[derive(Debug, Clone, Copy)]
pub(super) struct Flushes {
    pub(super) batching: Batching,
    last: f64,
    late: bool,
}

impl Flushes {
    pub(super) fn new(batching: Batching, now: f64) -> Self {
        Flushes {
            batching,
            last: now,
            late: false,
        }
    }

    /// Whether a pending change goes out now; `force` at the end of a
    /// stream or a failure, when nothing may be held back.
    pub(super) fn due(&self, now: f64, force: bool) -> bool {
        match self.batching {
            Batching::Throttle(ms) => force || self.late || now - self.last >= ms,
            Batching::Chunk | Batching::Event => true,
        }
    }

    pub(super) fn flushed(&mut self, now: f64) {
        self.last = now;
        self.late = false;
    }

    /// The timer the reader set ran out: what is held back goes out now.
    pub(super) fn late(&mut self) {
        self.late = true;
    }

    /// How long a held-back change may still wait (only under a throttle).
    pub(super) fn due_in(&self, now: f64) -> Option<f64> {
        match self.batching {
            Batching::Throttle(ms) => Some((ms - (now - self.last)).max(0.0)),
            Batching::Chunk | Batching::Event => None,
        }
    }
}

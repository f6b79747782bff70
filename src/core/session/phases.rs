//! A run's own steps around its events: onRunInitialized and a rewrite of
//! the input, the request, reading until the stream is over, then
//! onRunFailed (which may swallow the failure) and onRunFinalized. A GET
//! stream has none of them: it is done when its body is.

use super::{Call, Phase, Session, Step};

impl Session {
    /// With no event under way: the run's own steps. `None`: ask again.
    pub(super) fn phase_step(&mut self, now_ms: f64) -> Option<Step> {
        if self.notify_now && self.changed.any() {
            return Some(self.notify(now_ms));
        }
        let call = |s: &Self, c: Call| s.listening.has(c.name()).then_some(Step::Call(c));
        match self.phase {
            Phase::Init => {
                self.phase = Phase::Initialized;
                call(self, Call::RunInitialized)
            }
            Phase::Initialized => {
                self.phase = Phase::Request;
                let changed = self.answer.take().unwrap_or_default().changed;
                self.changed.merge(changed);
                self.notify_now = changed.any();
                changed.any().then_some(Step::Rewrite)
            }
            Phase::Request => {
                if self.requests && !self.ended {
                    self.phase = Phase::Reading;
                    Some(Step::Request)
                } else {
                    self.phase = if self.ended {
                        Phase::Ending
                    } else {
                        Phase::Finalizing
                    };
                    None
                }
            }
            Phase::Reading => {
                if self.ended {
                    self.phase = Phase::Ending;
                    return None;
                }
                if self.changed.any() && self.flushes.due(now_ms, false) {
                    return Some(self.notify(now_ms));
                }
                let due_in = self.changed.any().then(|| self.flushes.due_in(now_ms));
                Some(Step::Read {
                    due_in: due_in.flatten(),
                })
            }
            Phase::Ending => {
                if self.changed.any() {
                    return Some(self.notify(now_ms));
                }
                if self.lifecycle {
                    self.phase = Phase::Failing;
                    return None;
                }
                self.phase = Phase::Done;
                Some(self.done())
            }
            Phase::Failing => {
                self.phase = Phase::Failed;
                self.failure.as_ref()?;
                call(self, Call::RunFailed)
            }
            Phase::Failed => {
                self.phase = Phase::Finalizing;
                let answer = self.answer.take().unwrap_or_default();
                if let Some(f) = &mut self.failure {
                    f.swallowed = answer.stop;
                }
                self.changed.merge(answer.changed);
                self.notify_now = true;
                None
            }
            Phase::Finalizing => {
                self.phase = Phase::Finalized;
                call(self, Call::RunFinalized)
            }
            Phase::Finalized => {
                self.phase = Phase::Done;
                self.changed
                    .merge(self.answer.take().unwrap_or_default().changed);
                if self.changed.any() {
                    return Some(self.notify(now_ms));
                }
                None
            }
            Phase::Done => Some(self.done()),
        }
    }

    fn done(&self) -> Step {
        Step::Done {
            rejected: self
                .failure
                .as_ref()
                .is_some_and(|f| f.rejects && !f.swallowed),
        }
    }
}

//! A session driven synchronously, for a caller whose subscribers answer
//! at once: native Rust code, the conformance suite and the benches.

use super::{Answer, Call, Changed, Session, Step};
use crate::core::reducer::AgentState;

/// Synchronous subscribers. Each method sees the session, for the event
/// under way and the run's result.
pub trait Handler {
    /// A callback round: what the subscribers did.
    fn call(&mut self, _call: &Call, _session: &Session, _agent: &mut AgentState) -> Answer {
        Answer::default()
    }

    /// onMessagesChanged / onStateChanged.
    fn notify(&mut self, _changed: Changed, _agent: &mut AgentState) {}

    /// Any other step but the ones that need input.
    fn other(&mut self, _step: &Step, _session: &Session) {}
}

/// No subscribers at all.
impl Handler for () {}

impl Session {
    /// Steps until the session needs what only the caller can give: a
    /// request sent ([`Step::Request`]), a chunk read ([`Step::Read`]),
    /// or nothing more ([`Step::Done`]), which it returns.
    pub fn run_until_input(
        &mut self,
        agent: &mut AgentState,
        now_ms: f64,
        handler: &mut dyn Handler,
    ) -> Step {
        loop {
            match self.step(agent, now_ms) {
                Step::Call(call) => {
                    let answer = handler.call(&call, self, agent);
                    self.answered(answer);
                }
                Step::Notify(changed) => handler.notify(changed, agent),
                step @ (Step::Request | Step::Read { .. } | Step::Done { .. }) => return step,
                step => handler.other(&step, self),
            }
        }
    }
}

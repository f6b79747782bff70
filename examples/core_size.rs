//! The core with the thinnest binding that still uses all of it, to weigh
//! the core apart from `src/wasm/` (`scripts/core-size.sh` builds it as
//! the package's `.wasm` is built and prints its gzipped size).
//!
//! It reaches what the package's binding reaches in the core, and no more:
//! a history and state handed in as JSON text, a run's input read and its
//! body written, a session fed bytes and stepped to the end, each callback
//! round's event and extras (buffers, partial tool arguments, a run's
//! outcome) written as JSON, what changed in the history written as JSON,
//! a STATE_DELTA's edits, errors as text, a GET stream with its
//! reconnection policy. What it hands out is one string, which
//! JavaScript would have to take apart: a measure of the core, not a
//! client. Natively it builds to nothing.

#[cfg(target_arch = "wasm32")]
mod probe {
    use agui_wasm::core::history::History;
    use agui_wasm::core::json::{to_json, LazyJson, ToJson};
    use agui_wasm::core::maps::HashMap;
    use agui_wasm::core::partial_json::{PartialJson, Update};
    use agui_wasm::core::reducer::{AgentState, Finished};
    use agui_wasm::core::run::{run_id_of, write_input, RunParams};
    use agui_wasm::core::session::reconnect::{Dropped, Next, Reconnect};
    use agui_wasm::core::session::{Call, Extras, Session, Settings, StateFollow, Step};
    use agui_wasm::core::types::scan::{self, ScanCx};
    use agui_wasm::core::types::{Message, MessageList};
    use wasm_bindgen::prelude::*;

    #[wasm_bindgen]
    pub struct Core {
        agent: AgentState,
        session: Option<Session>,
        partial: HashMap<String, PartialJson>,
        reconnect: Reconnect,
    }

    fn messages_of(text: &str) -> Result<Vec<Message>, String> {
        scan::from_text::<MessageList>(text, &mut ScanCx::default())
            .map(|list| list.into_parts().0)
            .map_err(|e| e.to_string())
    }

    #[wasm_bindgen]
    impl Core {
        #[wasm_bindgen(constructor)]
        pub fn new(messages: &str, state: &str) -> Result<Core, String> {
            let agent = AgentState {
                messages: History::new(messages_of(messages)?),
                state: LazyJson::from_text(state).map_err(|e| e.to_string())?,
                ..Default::default()
            };
            Ok(Core {
                agent,
                session: None,
                partial: HashMap::default(),
                reconnect: Reconnect::new(1000.0, 3.0),
            })
        }

        /// Starts a run; returns its request body.
        pub fn run(&mut self, params: &str, now: f64) -> Result<String, String> {
            let params: RunParams =
                scan::from_text(params, &mut ScanCx::default()).map_err(|e| e.to_string())?;
            let run_id = run_id_of(&params);
            let session = Session::run(
                &mut self.agent,
                params.resume.as_deref(),
                now,
                Settings::default(),
                true,
            )
            .map_err(|e| e.to_string())?;
            self.session = Some(session);
            Ok(write_input(&mut self.agent, "thread", &run_id, &params))
        }

        /// Starts a GET stream.
        pub fn stream(&mut self, now: f64) {
            self.session = Some(Session::stream(Settings::default(), now));
        }

        pub fn set_messages(&mut self, text: &str) -> Result<(), String> {
            self.agent.messages.replace_all(messages_of(text)?);
            Ok(())
        }

        pub fn response(&mut self, content_type: Option<String>) -> String {
            self.with(|s| s.response(content_type.as_deref()))
        }

        pub fn feed(&mut self, bytes: &[u8]) -> String {
            self.with(|s| s.feed(bytes))
        }

        pub fn finish(&mut self) -> String {
            self.with(Session::finish)
        }

        pub fn abort(&mut self, message: Option<String>) -> String {
            self.with(|s| s.abort(message))
        }

        /// Whether a dropped GET stream connects again, and after how long.
        pub fn dropped(&mut self, refused: bool) -> f64 {
            let retry = self.session.as_ref().and_then(|s| s.events().sse().retry());
            let how = if refused {
                Dropped::Refused
            } else {
                Dropped::Lost
            };
            match self.reconnect.after(how, retry) {
                Next::RetryAfter(ms) => ms,
                _ => -1.0,
            }
        }

        /// `input` given to the session, then its steps to the next input,
        /// written out.
        fn with(&mut self, input: impl FnOnce(&mut Session)) -> String {
            let Some(mut session) = self.session.take() else {
                return String::new();
            };
            input(&mut session);
            // As the binding does while JavaScript keeps a copy of the state.
            session.record_state_edits(true);
            let mut out = String::new();
            loop {
                match session.step(&mut self.agent, 0.0) {
                    Step::Call(call) => {
                        self.round(&session, &call, &mut out);
                        session.answered(Default::default());
                    }
                    Step::Applied { state, warnings } => {
                        if state == StateFollow::Edits {
                            session.state_edits().write_json(&mut out);
                        }
                        warnings.write_json(&mut out);
                    }
                    Step::Notify(changed) => {
                        if changed.messages {
                            let changes = self.agent.messages.take_changes();
                            for (i, _) in changes.dirty {
                                if let Some(m) = self.agent.messages.get(i) {
                                    m.write_json(&mut out);
                                }
                            }
                        }
                        if changed.state {
                            out.push_str(&to_json(&self.agent.state));
                        }
                    }
                    Step::Done { rejected } => {
                        if rejected {
                            if let Some(e) = session.error() {
                                out.push_str(&e.to_string());
                            }
                        }
                        break;
                    }
                    Step::Read { .. } | Step::Request => break,
                    Step::Rewrite => {}
                }
            }
            self.session = Some(session);
            out
        }

        /// A callback round's parameters, as the binding builds them.
        fn round(&mut self, session: &Session, call: &Call, out: &mut String) {
            out.push_str(call.name());
            if let Some(event) = session.event() {
                event.write_json(out);
            }
            let Call::Own { extras, .. } = call else {
                return;
            };
            let h = &self.agent.messages;
            match extras {
                Extras::TextBuffer(i) | Extras::ReasoningBuffer(i) | Extras::ActivityDelta(i) => {
                    if let Some(m) = h.get(*i) {
                        out.push_str(m.text());
                        m.write_json(out);
                    }
                }
                Extras::ToolCallArgs { at: i, call: k, .. } | Extras::ToolCallEnd(i, k) => {
                    let call = h
                        .get(*i)
                        .and_then(Message::tool_calls)
                        .and_then(|c| c.get(*k));
                    if let Some(tc) = call {
                        let p = self.partial.entry(tc.id.clone()).or_default();
                        let args = &tc.function.arguments;
                        if let Some(delta) = args.get(p.buffer().len()..) {
                            p.push(delta);
                        }
                        if let Update::Tail { container, .. } = p.take_update() {
                            container.write_json(out);
                        }
                        out.push_str(&tc.function.name);
                    }
                }
                Extras::ActivitySnapshot(Some(i)) => {
                    if let Some(m) = h.get(*i) {
                        m.write_json(out);
                    }
                }
                Extras::RunFinished(Finished::Success {
                    result,
                    pending_tool_call_ids,
                }) => {
                    result.write_json(out);
                    pending_tool_call_ids.write_json(out);
                }
                Extras::RunFinished(Finished::Interrupt { interrupts }) => {
                    interrupts.write_json(out)
                }
                Extras::RunFinished(Finished::Cancelled) => {}
                Extras::ActivitySnapshot(None) | Extras::Plain => {}
            }
        }
    }
}

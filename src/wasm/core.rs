//! `Core`: one client's messages, state and interrupts, held in Rust, and
//! the JavaScript copies of them, kept as objects that stay the same while
//! what they show does. Everything comes in as JSON text that JavaScript
//! wrote (`JSON.stringify` runs in the shell, so no user code runs while
//! this is borrowed) and goes out as finished values.

use js_sys::Array;
use wasm_bindgen::prelude::*;

use super::convert::{from_text, messages_from_text, state_from_text, to_js};
use super::error::{js_error, ErrorName};
use super::js;
use super::view::{MessagesView, StateView};
use crate::core::history::History;
use crate::core::ids;
use crate::core::reducer::AgentState;
use crate::core::session::Batching;
use crate::core::stream::Limits;
use crate::core::types::Interrupt;

/// A client's history, state and interrupts, and its runs' sessions (see
/// `session.rs`). Synchronous: it never calls back into the application.
#[wasm_bindgen]
pub struct Core {
    pub(super) agent: AgentState,
    pub(super) view: MessagesView,
    pub(super) state_view: StateView,
    pub(super) limits: Limits,
    pub(super) batching: Batching,
    pub(super) runs: Vec<Option<super::run::Run>>,
    /// What the last step said of a delta's round (`deltas`), read by the
    /// shell from the module's memory.
    pub(super) record: Box<[u32; super::deltas::RECORD]>,
}

#[wasm_bindgen]
impl Core {
    /// A client's core. `messages`/`state`: `JSON.stringify` of the
    /// initial history and state (`undefined` for none); `limits`:
    /// `[maxEventSize, maxStateSize]`; `batching`: 0 per chunk, 1 per
    /// event, or a throttle in milliseconds as `2 + ms`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "string | undefined")] messages: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string | undefined")] state: JsValue,
        limits: &[f64],
        batching: f64,
    ) -> Result<Core, JsValue> {
        ids::seed(js::random_seed() as u64);
        let defaults = Limits::default();
        let limit = |i: usize, default: usize| {
            limits
                .get(i)
                .filter(|n| n.is_finite() && **n >= 0.0)
                .map_or(default, |n| *n as usize)
        };
        let mut core = Core {
            agent: AgentState::default(),
            view: MessagesView::default(),
            state_view: StateView::default(),
            limits: Limits {
                max_event_size: limit(0, defaults.max_event_size),
                max_state_size: limit(1, defaults.max_state_size),
                max_entries: defaults.max_entries,
            },
            batching: if batching >= 2.0 {
                Batching::Throttle(batching - 2.0)
            } else if batching == 1.0 {
                Batching::Event
            } else {
                Batching::Chunk
            },
            runs: Vec::new(),
            record: Box::default(),
        };
        if messages.is_string() {
            core.take_messages(&messages, "initialMessages", None, false)?;
        }
        if state.is_string() {
            core.take_state(state, "initialState")?;
        }
        Ok(core)
    }

    /// The history as an array, up to date; the same array until something
    /// changes, and unchanged messages keep their objects.
    #[wasm_bindgen(unchecked_return_type = "Message[]")]
    pub fn messages(&mut self) -> Result<JsValue, JsValue> {
        self.view.sync(&mut self.agent.messages)?;
        Ok(self.view.array())
    }

    /// Brings the array up to date without handing it out: one nobody
    /// holds is edited in place at the next change.
    #[wasm_bindgen(js_name = syncMessages)]
    pub fn sync_messages(&mut self) -> Result<(), JsValue> {
        self.view.sync(&mut self.agent.messages).map(|_| ())
    }

    /// `[array, copy]`: the array handed out and a private copy of what
    /// the view put in it, for the shell to compare (JavaScript may have
    /// changed the array in place since: CopilotKit pushes a tool's result
    /// into it); `undefined` when it cannot have (not handed out, or the
    /// history changed since).
    #[wasm_bindgen(js_name = messagesToCheck, unchecked_return_type = "[Message[], Message[] | undefined] | undefined")]
    pub fn messages_to_check(&self) -> JsValue {
        match self.view.to_check(&self.agent.messages) {
            Some((array, copy)) => {
                Array::of2(&array, &copy.map_or(JsValue::UNDEFINED, JsValue::from)).into()
            }
            None => JsValue::UNDEFINED,
        }
    }

    /// Takes `array` as the history (one edited in place, or the shell's
    /// copy): `text` is its JSON, and its objects stay the messages'
    /// objects. `handed_out`: whether anyone holds `array` itself (then the
    /// next change makes a new one rather than editing it).
    #[wasm_bindgen(js_name = adoptMessages)]
    pub fn adopt_messages(
        &mut self,
        text: &JsValue,
        array: Array,
        handed_out: bool,
    ) -> Result<(), JsValue> {
        let (ms, exact) = messages_from_text(text_of(text), "messages")?;
        self.agent.messages.replace_all(ms);
        self.view.adopt(&mut self.agent.messages, array, handed_out);
        self.view.foreign |= !exact;
        Ok(())
    }

    /// The history the shell kept while there was no core: `array`, whose
    /// JSON `text` is, keeps its objects where the messages keep all they
    /// say. `handed_out`: whether anyone holds `array` itself.
    #[wasm_bindgen(js_name = takeHistory)]
    pub fn take_history(
        &mut self,
        text: &JsValue,
        array: Array,
        handed_out: bool,
    ) -> Result<(), JsValue> {
        self.take_messages(text, "initialMessages", Some(array), handed_out)
    }

    /// Replaces the history with a copy of `text`'s: new objects, parsed
    /// from it, with every member and the key order the application wrote,
    /// as the reference's `structuredClone`.
    #[wasm_bindgen(js_name = setMessages)]
    pub fn set_messages(&mut self, text: &JsValue, what: &str) -> Result<(), JsValue> {
        self.take_messages(text, what, None, false)
    }

    /// Appends messages; each keeps its object in the array (`objects`,
    /// which `text` is the JSON of), as the reference's `push` does.
    #[wasm_bindgen(js_name = addMessages)]
    pub fn add_messages(
        &mut self,
        text: &JsValue,
        objects: Array,
        what: &str,
    ) -> Result<(), JsValue> {
        let (ms, exact) = messages_from_text(text_of(text), what)?;
        self.view.foreign |= !exact;
        for (m, obj) in ms.into_iter().zip(objects.iter()) {
            let i = self.agent.messages.push(m);
            self.view.keep(&self.agent.messages, i, obj);
        }
        Ok(())
    }

    #[wasm_bindgen(unchecked_return_type = "State")]
    pub fn state(&mut self) -> Result<JsValue, JsValue> {
        let state = self.state_view.get(&self.agent.state)?;
        super::deltas::state_is(&mut self.record, self.state_view.current());
        Ok(state)
    }

    #[wasm_bindgen(js_name = setState)]
    pub fn set_state(&mut self, text: JsValue, what: &str) -> Result<(), JsValue> {
        self.take_state(text, what)
    }

    /// Takes the state `text` says, with `value` (its JS copy, if the
    /// shell has one) kept as what `state()` hands out. Read now, as the
    /// reference copies `initialState` in its constructor: no run pays
    /// for a state it was given.
    #[wasm_bindgen(js_name = adoptState)]
    pub fn adopt_state(&mut self, text: JsValue, value: JsValue) -> Result<(), JsValue> {
        self.take_state(text, "state")?;
        let _ = &*self.agent.state;
        if !value.is_undefined() {
            self.state_view.adopt(value);
        }
        Ok(())
    }

    #[wasm_bindgen(js_name = pendingInterrupts, unchecked_return_type = "Interrupt[]")]
    pub fn pending_interrupts(&self) -> Result<JsValue, JsValue> {
        to_js(&self.agent.pending_interrupts)
    }

    /// `maxEnforcedEntries` for the runs started from now on (`Infinity`:
    /// no limit; the shell has checked it is a positive integer).
    #[wasm_bindgen(js_name = setMaxEntries)]
    pub fn set_max_entries(&mut self, n: f64) {
        self.limits.max_entries = n.is_finite().then_some(n as usize);
    }

    /// The `AgentEnforcementLimitError` a run's request body `body` earns
    /// where it holds more entries than `maxEnforcedEntries` (read as the
    /// reference's enforcement walks it), else `undefined`. The shell asks
    /// only of a body long enough to hold that many (two bytes an entry at
    /// the least).
    #[wasm_bindgen(js_name = inputOver)]
    pub fn input_over(&self, body: &str) -> JsValue {
        let over = crate::core::run::input_over(body, self.limits.max_entries);
        match over {
            Some(e) => js_error(ErrorName::Limit, &e.to_string()),
            None => JsValue::UNDEFINED,
        }
    }

    #[wasm_bindgen(js_name = setPendingInterrupts)]
    pub fn set_pending_interrupts(&mut self, text: &str) -> Result<(), JsValue> {
        let list: Vec<Interrupt> = from_text(text, "pendingInterrupts")?;
        self.agent.pending_interrupts = list;
        Ok(())
    }
}

impl Core {
    /// `text` as the history, and as its JS copy `array` (the shell's) or
    /// else parsed from the text: the objects as the application wrote
    /// them, members the protocol does not know included ([`MessagesView::foreign`]).
    fn take_messages(
        &mut self,
        text: &JsValue,
        what: &str,
        array: Option<Array>,
        handed_out: bool,
    ) -> Result<(), JsValue> {
        let (ms, exact) = messages_from_text(text_of(text), what)?;
        self.agent.messages = History::new(ms);
        self.agent.messages.build_index();
        let array = match array {
            Some(a) => a,
            None => js::parse_json(text)?.unchecked_into(),
        };
        self.view.adopt(&mut self.agent.messages, array, handed_out);
        self.view.foreign = !exact;
        Ok(())
    }

    /// `text` as the state; the JS copy is parsed from the same text.
    fn take_state(&mut self, text: JsValue, what: &str) -> Result<(), JsValue> {
        self.agent.state = state_from_text(&text_of(&text), what)?;
        self.state_view.handed_in(text);
        Ok(())
    }
}

/// A JS string's text, copied in one piece (see `js::string_of`).
fn text_of(text: &JsValue) -> String {
    js::string_of(text).unwrap_or_default()
}

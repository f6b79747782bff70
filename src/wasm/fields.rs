//! `AgentClient`'s fields, as `HttpAgent` has them: readable and writable,
//! with HttpAgent's meaning (`messages = x` is `setMessages(x)`).

use js_sys::Object;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::client::{messages_of, state_of, AgentClient};
use super::convert::{from_js_opt, to_js};
use super::error::{js_error, ErrorName};
use super::js::{self, field};
use crate::core::types::Interrupt;

#[wasm_bindgen]
impl AgentClient {
    /// The conversation. The same array until something changes; unchanged
    /// messages keep their objects across updates.
    #[wasm_bindgen(getter, unchecked_return_type = "Message[]")]
    pub fn messages(&self) -> Result<JsValue, JsValue> {
        messages_of(&self.shared()?)
    }

    /// `agent.messages = list` is `setMessages(list)`, as on HttpAgent.
    #[wasm_bindgen(setter = messages)]
    pub fn assign_messages(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Message[]")] messages: JsValue,
    ) -> Result<(), JsValue> {
        self.set_messages(messages)
    }

    #[wasm_bindgen(getter, unchecked_return_type = "State")]
    pub fn state(&self) -> Result<JsValue, JsValue> {
        state_of(&self.shared()?)
    }

    /// `agent.state = value` is `setState(value)`.
    #[wasm_bindgen(setter = state)]
    pub fn assign_state(
        &self,
        #[wasm_bindgen(unchecked_param_type = "State")] state: JsValue,
    ) -> Result<(), JsValue> {
        self.set_state(state)
    }

    #[wasm_bindgen(getter, js_name = threadId)]
    pub fn thread_id(&self) -> Result<String, JsValue> {
        Ok(self.shared()?.borrow().thread_id.clone())
    }

    #[wasm_bindgen(setter, js_name = threadId)]
    pub fn set_thread_id(&self, id: String) -> Result<(), JsValue> {
        self.shared()?.borrow_mut().thread_id = id;
        Ok(())
    }

    #[wasm_bindgen(getter, js_name = agentId)]
    pub fn agent_id(&self) -> Result<Option<String>, JsValue> {
        Ok(self.shared()?.borrow().agent_id.clone())
    }

    /// Frameworks name an agent by assigning this (CopilotKit gives it the
    /// key it was registered under).
    #[wasm_bindgen(setter, js_name = agentId)]
    pub fn set_agent_id(&self, id: Option<String>) -> Result<(), JsValue> {
        self.shared()?.borrow_mut().agent_id = id;
        Ok(())
    }

    #[wasm_bindgen(getter)]
    pub fn description(&self) -> Result<String, JsValue> {
        Ok(self.shared()?.borrow().description.clone())
    }

    #[wasm_bindgen(setter)]
    pub fn set_description(&self, text: String) -> Result<(), JsValue> {
        self.shared()?.borrow_mut().description = text;
        Ok(())
    }

    #[wasm_bindgen(getter)]
    pub fn url(&self) -> Result<String, JsValue> {
        Ok(self.shared()?.borrow().url.clone())
    }

    #[wasm_bindgen(setter)]
    pub fn set_url(&self, url: String) -> Result<(), JsValue> {
        self.shared()?.borrow_mut().url = url;
        Ok(())
    }

    /// The headers of every request; one assigned applies from the next.
    #[wasm_bindgen(getter, unchecked_return_type = "Record<string, string>")]
    pub fn headers(&self) -> Result<JsValue, JsValue> {
        let rc = self.shared()?;
        let mut inner = rc.borrow_mut();
        if !inner.headers.is_object() {
            inner.headers = Object::new().into();
        }
        Ok(inner.headers.clone())
    }

    #[wasm_bindgen(setter)]
    pub fn set_headers(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Record<string, string>")] headers: JsValue,
    ) -> Result<(), JsValue> {
        self.shared()?.borrow_mut().headers = headers;
        Ok(())
    }

    #[wasm_bindgen(getter, js_name = isRunning)]
    pub fn is_running(&self) -> Result<bool, JsValue> {
        Ok(self.shared()?.borrow().running)
    }

    /// Interrupts the last run left open; the next run must answer each.
    #[wasm_bindgen(getter, js_name = pendingInterrupts, unchecked_return_type = "Interrupt[]")]
    pub fn pending_interrupts(&self) -> Result<JsValue, JsValue> {
        to_js(&self.shared()?.borrow().agent.pending_interrupts)
    }

    #[wasm_bindgen(setter, js_name = pendingInterrupts)]
    pub fn set_pending_interrupts(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Interrupt[]")] v: JsValue,
    ) -> Result<(), JsValue> {
        let list: Vec<Interrupt> = from_js_opt(v, "pendingInterrupts")?.unwrap_or_default();
        self.shared()?.borrow_mut().agent.pending_interrupts = list;
        Ok(())
    }
    /// The controller whose `abort()` stops the current run, as HttpAgent's
    /// `abortController`. One set while a run streams stops that run too.
    #[wasm_bindgen(getter = abortController, unchecked_return_type = "AbortController")]
    pub fn abort_controller(&self) -> Result<JsValue, JsValue> {
        Ok(self.shared()?.borrow().abort_controller.clone().into())
    }

    #[wasm_bindgen(setter = abortController)]
    pub fn set_abort_controller(
        &self,
        #[wasm_bindgen(unchecked_param_type = "AbortController")] controller: JsValue,
    ) -> Result<(), JsValue> {
        if !field(&controller, "signal").is_object() {
            return Err(js_error(
                ErrorName::Type,
                "abortController must be an AbortController",
            ));
        }
        let rc = self.shared()?;
        let mut inner = rc.borrow_mut();
        if inner.running {
            js::link_abort(&controller, &inner.abort_controller);
        }
        inner.abort_controller = controller.unchecked_into();
        Ok(())
    }

    /// Settles when the run under way is over; `undefined` between runs.
    #[wasm_bindgen(getter = activeRunCompletionPromise, unchecked_return_type = "Promise<void> | undefined")]
    pub fn active_run_completion_promise(&self) -> Result<JsValue, JsValue> {
        let rc = self.shared()?;
        let inner = rc.borrow();
        Ok(inner
            .active
            .as_ref()
            .map_or(JsValue::UNDEFINED, |a| a.completion.promise.clone().into()))
    }
}

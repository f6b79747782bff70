//! `AgentClient`'s runs: `runAgent`, `connectAgent`, `openEventSource`,
//! and stopping them with `abortRun` and `detachActiveRun`.

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::Object;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::{future_to_promise, JsFuture};

use super::client::{opt_js, AgentClient};
use super::event_source::event_source;
use super::js::{self, field, set};
use super::run::{run, Mode};

#[wasm_bindgen]
impl AgentClient {
    /// Stops the current run. The run ends quietly: its promise resolves with
    /// what arrived so far, and the client is ready for the next run.
    #[wasm_bindgen(js_name = abortRun)]
    pub fn abort_run(&self) -> Result<(), JsValue> {
        let controller = self.shared()?.borrow().abort_controller.clone();
        controller.abort();
        Ok(())
    }

    /// Stops applying the run under way without failing it: the stream is
    /// left, what arrived so far is kept, onRunFinalized is called and
    /// `runAgent` resolves. Resolves when the run is over.
    #[wasm_bindgen(js_name = detachActiveRun, unchecked_return_type = "Promise<void>")]
    pub fn detach_active_run(&self) -> Result<js_sys::Promise, JsValue> {
        let rc = self.shared()?;
        let completion = rc.borrow_mut().active.as_mut().map(|a| {
            a.request_detach();
            a.completion.promise.clone()
        });
        Ok(future_to_promise(async move {
            if let Some(p) = completion {
                JsFuture::from(p).await?;
            }
            Ok(JsValue::UNDEFINED)
        }))
    }

    /// Runs the agent: POSTs the run input and applies the events it streams
    /// back. Resolves to `{ result, newMessages }`.
    #[wasm_bindgen(js_name = runAgent, unchecked_return_type = "Promise<RunAgentResult>")]
    pub fn run_agent(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "RunAgentParameters")] params: Option<
            Object,
        >,
        #[wasm_bindgen(unchecked_optional_param_type = "AgentSubscriber")] subscriber: Option<
            Object,
        >,
    ) -> Result<js_sys::Promise, JsValue> {
        let rc = self.shared()?;
        let (params, subscriber) = (opt_js(params), opt_js(subscriber));
        Ok(future_to_promise(run(rc, params, subscriber, Mode::Run)))
    }

    /// Re-attaches to the thread after a dropped stream: POSTs the run input
    /// to the connect URL (default `${url}/connect`) and applies what the
    /// server replays, usually a MESSAGES_SNAPSHOT.
    #[wasm_bindgen(js_name = connectAgent, unchecked_return_type = "Promise<RunAgentResult>")]
    pub fn connect_agent(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "RunAgentParameters")] params: Option<
            Object,
        >,
        #[wasm_bindgen(unchecked_optional_param_type = "AgentSubscriber")] subscriber: Option<
            Object,
        >,
    ) -> Result<js_sys::Promise, JsValue> {
        let rc = self.shared()?;
        let (params, subscriber) = (opt_js(params), opt_js(subscriber));
        Ok(future_to_promise(run(
            rc,
            params,
            subscriber,
            Mode::Connect,
        )))
    }

    /// Follows a GET Server-Sent Events stream of AG-UI events (servers that
    /// publish runs over GET), reconnecting with `Last-Event-ID` and the
    /// server's `retry` delay. Options: `{ url, retryMs = 3000, maxRetries =
    /// Infinity }`. Returns `{ close(), closed }`; `closed` settles when the
    /// stream is closed, or rejects when it fails for good.
    #[wasm_bindgen(js_name = openEventSource, unchecked_return_type = "EventSourceHandle")]
    pub fn open_event_source(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "EventSourceOptions")] options: Option<
            Object,
        >,
    ) -> Result<JsValue, JsValue> {
        let options = opt_js(options);
        let rc = self.shared()?;
        let url = field(&options, "url")
            .as_string()
            .unwrap_or_else(|| rc.borrow().url.clone());
        let retry_ms = field(&options, "retryMs").as_f64().unwrap_or(3000.0);
        let max_retries = field(&options, "maxRetries")
            .as_f64()
            .unwrap_or(f64::INFINITY);
        let closed_flag = Rc::new(RefCell::new(false));
        let controller = Rc::new(RefCell::new(js::new_abort_controller()));
        let task = event_source(
            rc,
            url,
            retry_ms,
            max_retries,
            closed_flag.clone(),
            controller.clone(),
        );
        let closed = future_to_promise(task);
        let close = Closure::<dyn FnMut()>::new(move || {
            *closed_flag.borrow_mut() = true;
            controller.borrow().abort();
        })
        .into_js_value();
        let out = Object::new();
        set(&out, "close", &close);
        set(&out, "closed", &closed);
        Ok(out.into())
    }
}

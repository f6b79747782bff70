//! Bytes in: a fetch, its response checked, and its body read chunk by
//! chunk straight into the core.

use std::cell::RefCell;

use js_sys::{Function, Object, Promise, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use web_sys::{ReadableStreamDefaultReader, ReadableStreamReadResult, Response};

use super::js::{chunk_bytes, reader_of};
use crate::core::error::RunError;

/// How a request ended before its body could be read.
pub enum Failure {
    /// The caller aborted: end quietly.
    Aborted(JsValue),
    /// A run error (HTTP status, unreadable response).
    Run(RunError),
    /// Whatever the fetch threw (network failure, a bad URL).
    Thrown(JsValue),
}

/// A response that is streaming its body.
pub struct Body {
    pub content_type: Option<String>,
    reader: ReadableStreamDefaultReader,
    /// A read that outlived a wait (`next_within`), taken up by the next one.
    pending: RefCell<Option<Promise>>,
}

/// What a wait for the next chunk gave.
pub enum Read {
    /// A chunk, or `None` at the end of the body.
    Chunk(Option<Vec<u8>>),
    /// Nothing came within the wait; the read goes on.
    Late,
}

fn set(obj: &Object, k: &str, v: &JsValue) {
    let _ = Reflect::set(obj, &JsValue::from_str(k), v);
}

/// The `RequestInit` of a request: method, headers (the caller's, then ours),
/// body and abort signal.
pub fn request_init(
    method: &str,
    user_headers: &JsValue,
    extra: &[(&str, &str)],
    body: Option<&JsValue>,
    signal: &JsValue,
) -> Object {
    let init = Object::new();
    set(&init, "method", &JsValue::from_str(method));
    let headers = Object::new();
    if user_headers.is_object() {
        let _ = Object::assign(&headers, &Object::from(user_headers.clone()));
    }
    for (k, v) in extra {
        set(&headers, k, &JsValue::from_str(v));
    }
    set(&init, "headers", &headers);
    if let Some(b) = body {
        set(&init, "body", b);
    }
    if !signal.is_undefined() {
        set(&init, "signal", signal);
    }
    init
}

async fn await_promise(p: Result<Promise, JsValue>) -> Result<JsValue, JsValue> {
    JsFuture::from(p?).await
}

/// Sends the request and checks the status; a non-2xx response becomes an
/// error carrying the status and the body, as the reference reports it.
pub async fn open(fetch: &Function, url: &str, init: &Object) -> Result<Body, Failure> {
    let thrown = |e: JsValue| {
        if super::run_error::is_abort(&e) {
            Failure::Aborted(e)
        } else {
            Failure::Thrown(e)
        }
    };
    let called = fetch
        .call2(&JsValue::UNDEFINED, &JsValue::from_str(url), init)
        .map_err(thrown)?;
    let response: Response = JsFuture::from(Promise::resolve(&called))
        .await
        .map_err(thrown)?
        .unchecked_into();
    let content_type = response.headers().get("content-type").ok().flatten();
    if !response.ok() {
        let text = await_promise(response.text()).await.map_err(thrown)?;
        return Err(Failure::Run(RunError::Http {
            status: response.status(),
            body: text.as_string().unwrap_or_default(),
        }));
    }
    let Some(body) = response.body() else {
        return Err(Failure::Run(RunError::Request(
            "Failed to getReader() from response".into(),
        )));
    };
    let reader = reader_of(&body).map_err(thrown)?;
    Ok(Body {
        content_type,
        reader,
        pending: RefCell::new(None),
    })
}

impl Body {
    /// The next chunk (`None` at the end of the body), waiting at most `ms`
    /// when given: a throttled notification that is due must not wait for a
    /// stream that paused.
    pub async fn next_within(&self, ms: Option<f64>) -> Result<Read, JsValue> {
        let read = self
            .pending
            .borrow_mut()
            .take()
            .unwrap_or_else(|| self.reader.read());
        let waited = match ms {
            Some(ms) => super::js::within(&read, ms),
            None => read.clone(),
        };
        match JsFuture::from(waited).await {
            Ok(v) if v.is_undefined() => {
                *self.pending.borrow_mut() = Some(read);
                Ok(Read::Late)
            }
            Ok(v) => Ok(Read::Chunk(bytes_of(&v.unchecked_into()))),
            Err(e) => Err(e),
        }
    }

    /// The reader, for a detach to cancel.
    pub fn reader(&self) -> ReadableStreamDefaultReader {
        self.reader.clone()
    }

    /// Stops reading (the run failed or was detached).
    pub fn cancel(&self) {
        // A rejection here only says the stream was already gone.
        super::js::ignore_rejection(&self.reader.cancel());
    }
}

fn bytes_of(r: &ReadableStreamReadResult) -> Option<Vec<u8>> {
    (r.get_done() != Some(true)).then(|| chunk_bytes(&r.get_value()))
}

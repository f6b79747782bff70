//! Reading untyped JSON in a target's format without panics.

use serde_json::{Map, Value};

use super::common::json_kind;
use super::error::{AdapterError, Format};

/// Reads untyped JSON in one format, turning every shape mismatch into an
/// [`AdapterError::Invalid`] that says where it is.
#[derive(Clone, Copy)]
pub(super) struct Reader {
    pub format: Format,
}

impl Reader {
    pub(super) fn invalid(self, at: &str, reason: impl Into<String>) -> AdapterError {
        AdapterError::Invalid {
            format: self.format,
            at: at.to_owned(),
            reason: reason.into(),
        }
    }

    /// The message list: a bare array, or a request body's `messages`.
    pub(super) fn messages(self, value: &Value) -> Result<&[Value], AdapterError> {
        match value {
            Value::Array(list) => Ok(list),
            Value::Object(o) => match o.get("messages") {
                Some(Value::Array(list)) => Ok(list),
                _ => Err(self.invalid("messages", "expected an array of messages")),
            },
            other => Err(self.invalid(
                "$",
                format!(
                    "expected an array of messages or an object with `messages`, got {}",
                    json_kind(other)
                ),
            )),
        }
    }

    pub(super) fn object<'a>(
        self,
        v: &'a Value,
        at: &str,
    ) -> Result<&'a Map<String, Value>, AdapterError> {
        v.as_object()
            .ok_or_else(|| self.invalid(at, format!("expected an object, got {}", json_kind(v))))
    }

    /// A string field that may be absent or `null`.
    pub(super) fn opt_str<'a>(
        self,
        o: &'a Map<String, Value>,
        key: &str,
        at: &str,
    ) -> Result<Option<&'a str>, AdapterError> {
        match o.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(other) => Err(self.invalid(
                &format!("{at}.{key}"),
                format!("expected a string, got {}", json_kind(other)),
            )),
        }
    }

    pub(super) fn str<'a>(
        self,
        o: &'a Map<String, Value>,
        key: &str,
        at: &str,
    ) -> Result<&'a str, AdapterError> {
        self.opt_str(o, key, at)?
            .ok_or_else(|| self.invalid(&format!("{at}.{key}"), "a string is required here"))
    }

    /// An array field that may be absent or `null` (read as empty).
    pub(super) fn opt_array<'a>(
        self,
        o: &'a Map<String, Value>,
        key: &str,
        at: &str,
    ) -> Result<&'a [Value], AdapterError> {
        match o.get(key) {
            None | Some(Value::Null) => Ok(&[]),
            Some(Value::Array(list)) => Ok(list),
            Some(other) => Err(self.invalid(
                &format!("{at}.{key}"),
                format!("expected an array, got {}", json_kind(other)),
            )),
        }
    }

    /// A message id, or a deterministic one when the format carries none.
    pub(super) fn id_or(
        self,
        o: &Map<String, Value>,
        at: &str,
        mint: impl FnOnce() -> String,
    ) -> Result<String, AdapterError> {
        Ok(match self.opt_str(o, "id", at)? {
            Some(id) if !id.is_empty() => id.to_owned(),
            _ => mint(),
        })
    }
}

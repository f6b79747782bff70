//! A JSON value kept as the text it arrived in until Rust needs it.
//!
//! A STATE_SNAPSHOT can be megabytes, and the state it carries is read
//! mostly by JavaScript, which parses the same text itself. Building the
//! Rust value as well, and writing it out again for JavaScript, was most of
//! the cost: three quarters of taking in a 5 MB snapshot. The text is
//! checked when it arrives ([`super::validate`], the grammar of
//! [`super::parse`]), so the value Rust builds the first time it needs it (a
//! STATE_DELTA, a native read) is what parsing would have given then.

use std::cell::{Cell, OnceCell};
use std::fmt;
use std::ops::{Deref, DerefMut};

use serde_json::Value;

use super::shared::SharedText;
use super::write::ToJson;

#[derive(Clone, Default)]
pub struct LazyJson {
    /// The checked text, while the value is still what it says.
    text: Option<SharedText>,
    value: OnceCell<Value>,
    /// The value's [`super::Weight::size`], once measured, while no
    /// change has been made to it but through [`Self::set_size`].
    size: Cell<Option<usize>>,
}

impl LazyJson {
    /// A value from its JSON text, checked; `Err` with the parser's reason.
    pub fn from_text(text: &str) -> Result<Self, super::ParseError> {
        super::validate(text)?;
        Ok(Self::checked(text.into()))
    }

    /// A value from text [`super::validate`] or [`super::members`] accepted.
    pub fn checked(text: SharedText) -> Self {
        LazyJson {
            text: Some(text),
            value: OnceCell::new(),
            size: Cell::new(None),
        }
    }

    /// Whether the value is `null`, without building it.
    pub fn is_null(&self) -> bool {
        match &self.text {
            Some(t) => t.trim() == "null",
            None => self.value.get().is_none_or(Value::is_null),
        }
    }

    /// The JSON text the value arrived as, while it is unchanged.
    pub fn text(&self) -> Option<&str> {
        self.text.as_deref()
    }

    /// About the size of the value's JSON text ([`super::Weight::size`]):
    /// its text's length while it has one, else measured once and kept
    /// until the value is changed other than by [`Self::set_size`].
    pub fn size(&self) -> usize {
        if let Some(n) = self.size.get() {
            return n;
        }
        let n = match &self.text {
            Some(t) => t.len(),
            None => super::weigh(self).size,
        };
        self.size.set(Some(n));
        n
    }

    /// The size after a change whose effect on it the caller counted (a
    /// JSON Patch): changing the value forgets it, this restores it.
    pub fn set_size(&mut self, n: usize) {
        self.size.set(Some(n));
    }
}

impl From<Value> for LazyJson {
    fn from(v: Value) -> Self {
        LazyJson {
            text: None,
            value: OnceCell::from(v),
            size: Cell::new(None),
        }
    }
}

impl Deref for LazyJson {
    type Target = Value;

    fn deref(&self) -> &Value {
        self.value.get_or_init(|| match &self.text {
            // Checked on arrival by the same grammar, so this cannot fail;
            // `null` rather than a panic all the same.
            Some(t) => super::parse(t).unwrap_or(Value::Null),
            None => Value::Null,
        })
    }
}

impl DerefMut for LazyJson {
    /// The value to change: the text no longer says what it holds.
    fn deref_mut(&mut self) -> &mut Value {
        let _ = Deref::deref(self);
        self.text = None;
        self.size.set(None);
        self.value.get_mut().expect("initialized just above")
    }
}

impl PartialEq for LazyJson {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl fmt::Debug for LazyJson {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

impl ToJson for LazyJson {
    fn write_json(&self, out: &mut String) {
        match &self.text {
            Some(t) => out.push_str(t),
            None => (**self).write_json(out),
        }
    }
}

impl serde::Serialize for LazyJson {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        (**self).serialize(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_text_stands_until_the_value_changes() {
        let mut v = LazyJson::from_text(r#" {"a": [1, 2.5, "x"], "b": null} "#).unwrap();
        assert_eq!(*v, json!({"a": [1, 2.5, "x"], "b": null}));
        assert!(v.text().is_some(), "reading keeps the text");
        v["b"] = json!(true);
        assert_eq!(v.text(), None, "a change drops it");
        assert_eq!(crate::to_json(&v), r#"{"a":[1,2.5,"x"],"b":true}"#);
    }

    #[test]
    fn text_that_parse_refuses_is_refused_with_its_reason() {
        for bad in ["{", "[1,]", "\"\\ud800", "1e400", "{\"a\":1} x", "01"] {
            let parsed = crate::parse(bad).unwrap_err();
            let lazy = LazyJson::from_text(bad).unwrap_err();
            assert_eq!(lazy, parsed, "{bad}");
        }
    }
}

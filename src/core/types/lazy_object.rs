//! An open JSON object (an activity's content) kept as the text it arrived
//! in until Rust needs the tree: an ACTIVITY_DELTA, a native read.
//!
//! JavaScript reads the content, and parses the same text itself. Built as
//! a `Value`, deep-cloned into the message and written out again for
//! JavaScript, a 4 MB ACTIVITY_SNAPSHOT took 5.7x `JSON.parse` of its
//! event in Node (102 ms against 18); kept as text, what a STATE_SNAPSHOT
//! costs (1.5x). It is the same [`LazyJson`], held to be an object.

use serde_json::{Map, Value};

use super::from_json::FromJson;
use super::scan::{self, Scan, ScanCx};
use crate::core::json::{LazyJson, Scanner, SharedText, ToJson};

#[derive(Clone, PartialEq, Debug)]
pub struct LazyObject(LazyJson);

impl LazyObject {
    /// Text the JSON grammar accepted ([`crate::core::json::members`]),
    /// if it is an object.
    pub fn checked(text: SharedText) -> Option<Self> {
        text.trim_start()
            .starts_with('{')
            .then(|| LazyObject(LazyJson::checked(text)))
    }

    /// The JSON text it arrived as, while it is unchanged.
    pub fn text(&self) -> Option<&str> {
        self.0.text()
    }

    /// The object (built from the text the first time).
    pub fn value(&self) -> &Value {
        &self.0
    }

    /// The value to change and its size before the change ([`LazyJson::size`]);
    /// a caller whose change leaves anything but an object puts an object
    /// back (the reducer restores the content it had).
    pub fn value_mut(&mut self) -> (&mut Value, usize) {
        let size = self.0.size();
        (&mut self.0, size)
    }

    /// The size after a change the caller counted ([`LazyJson::set_size`]).
    pub fn set_size(&mut self, n: usize) {
        self.0.set_size(n);
    }
}

impl Default for LazyObject {
    fn default() -> Self {
        Map::new().into()
    }
}

impl From<Map<String, Value>> for LazyObject {
    fn from(map: Map<String, Value>) -> Self {
        LazyObject(Value::Object(map).into())
    }
}

impl FromJson for LazyObject {
    fn scan(s: &mut Scanner<'_>, cx: &mut ScanCx<'_>) -> Scan<Self> {
        if scan::peek(s) != Some(b'{') {
            return Err(scan::expected(s, "an object"));
        }
        LazyJson::scan(s, cx).map(LazyObject)
    }
}

impl ToJson for LazyObject {
    fn write_json(&self, out: &mut String) {
        self.0.write_json(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn only_an_object_is_taken_and_its_text_stands_until_it_changes() {
        assert!(LazyObject::checked(" [1]".into()).is_none());
        assert!(LazyObject::checked("\"x\"".into()).is_none());
        let mut o = LazyObject::checked(r#" {"a": [1, "é"]}"#.into()).unwrap();
        assert_eq!(o.value()["a"], json!([1, "é"]));
        assert_eq!(o.text(), Some(r#" {"a": [1, "é"]}"#), "reading keeps it");
        let (v, size) = o.value_mut();
        assert_eq!(size, r#" {"a": [1, "é"]}"#.len());
        v["b"] = json!(null);
        assert_eq!(o.text(), None, "a change drops it");
        assert_eq!(crate::core::json::to_json(&o), r#"{"a":[1,"é"],"b":null}"#);
        assert_eq!(*LazyObject::default().value(), json!({}));
        assert!(LazyObject::from_json(json!([])).is_err());
    }
}

//! Reading protocol values out of parsed JSON.
//!
//! serde's derived `Deserialize` generates a visitor per type and per input
//! format, and in the WebAssembly build those visitors were two fifths of the
//! binary. Every value reaches the protocol types as a `serde_json::Value`
//! anyway (events, and what JavaScript hands us), so the types read
//! themselves from a `Value` through this one small trait. The types are
//! declared by wire name (`super::declare`: `wire_struct!`, each field as
//! `pub tool_calls: Option<Vec<ToolCall>> = "toolCalls"`, and the union
//! macros), which implement it with the helpers here.

use std::fmt;

use serde_json::{Map, Value};

use crate::core::json::take_member;

/// Why a value does not fit, and where: `toolCalls[0].function: missing field`.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadError {
    path: String,
    reason: String,
}

impl ReadError {
    pub fn new(reason: impl Into<String>) -> Self {
        ReadError {
            path: String::new(),
            reason: reason.into(),
        }
    }

    /// The same error seen from the object holding field `key`.
    pub fn within(self, key: &str) -> Self {
        self.under(key)
    }

    /// The same error seen from the array holding it at `index`.
    pub fn at(self, index: usize) -> Self {
        self.under(&format!("[{index}]"))
    }

    /// `segment` put in front of the path: `a` + `b.c` is `a.b.c`, and an
    /// index needs no dot (`a` + `[0].b` is `a[0].b`).
    fn under(mut self, segment: &str) -> Self {
        let sep = if self.path.is_empty() || self.path.starts_with('[') {
            ""
        } else {
            "."
        };
        self.path = format!("{segment}{sep}{}", self.path);
        self
    }

    /// A union's tag (`type`, `op`, `role`) that names no member.
    pub fn unknown_tag(key: &str, tag: &str) -> Self {
        ReadError::new(format!("unknown {key} '{tag}'")).within(key)
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            f.write_str(&self.reason)
        } else {
            write!(f, "`{}`: {}", self.path, self.reason)
        }
    }
}

impl From<ReadError> for String {
    fn from(e: ReadError) -> String {
        e.to_string()
    }
}

/// The JSON kind of a value, for error messages (values themselves may be
/// large or private, so they are not quoted).
pub fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

pub fn expected(what: &str, got: &Value) -> ReadError {
    ReadError::new(format!("expected {what}, got {}", kind(got)))
}

/// A protocol value that can be read from JSON.
pub trait FromJson: Sized {
    fn from_json(v: Value) -> Result<Self, ReadError>;

    /// Reads a struct field. Absent is an error, except for `Option`.
    fn from_field(v: Option<Value>, key: &str) -> Result<Self, ReadError> {
        match v {
            Some(v) => Self::from_json(v).map_err(|e| e.within(key)),
            None => Err(ReadError::new("missing field").within(key)),
        }
    }
}

/// An optional field: absent reads as `None`; present, it must hold a `T`.
/// `null` is not "absent": the protocol schema rejects it on optional fields
/// (the few that tolerate it are repaired before reading, in `decode`).
impl<T: FromJson> FromJson for Option<T> {
    fn from_json(v: Value) -> Result<Self, ReadError> {
        match v {
            Value::Null => Err(ReadError::new("null is not allowed here: omit the field")),
            v => T::from_json(v).map(Some),
        }
    }

    fn from_field(v: Option<Value>, key: &str) -> Result<Self, ReadError> {
        match v {
            None => Ok(None),
            Some(v) => Self::from_json(v).map_err(|e| e.within(key)),
        }
    }
}

impl FromJson for String {
    fn from_json(v: Value) -> Result<Self, ReadError> {
        match v {
            Value::String(s) => Ok(s),
            other => Err(expected("a string", &other)),
        }
    }
}

impl FromJson for bool {
    fn from_json(v: Value) -> Result<Self, ReadError> {
        match v {
            Value::Bool(b) => Ok(b),
            other => Err(expected("a boolean", &other)),
        }
    }
}

impl FromJson for usize {
    fn from_json(v: Value) -> Result<Self, ReadError> {
        v.as_u64()
            .and_then(|n| usize::try_from(n).ok())
            .ok_or_else(|| expected("a non-negative integer", &v))
    }
}

/// Any JSON value, `null` included.
impl FromJson for Value {
    fn from_json(v: Value) -> Result<Self, ReadError> {
        Ok(v)
    }
}

impl FromJson for crate::core::json::LazyJson {
    fn from_json(v: Value) -> Result<Self, ReadError> {
        Ok(v.into())
    }
}

impl FromJson for Map<String, Value> {
    fn from_json(v: Value) -> Result<Self, ReadError> {
        match v {
            Value::Object(m) => Ok(m),
            other => Err(expected("an object", &other)),
        }
    }
}

impl<T: FromJson> FromJson for Vec<T> {
    fn from_json(v: Value) -> Result<Self, ReadError> {
        let mut out = Vec::new();
        each_item(v, &mut |n, item| {
            out.reserve_exact(n);
            out.push(T::from_json(item)?);
            Ok(())
        })?;
        Ok(out)
    }
}

/// Hands each item of an array to `read` with how many are left, and says
/// where one failed. One loop for every item type: the per-type part is
/// only the push (an instance of this loop per item type was a sixth of
/// the readers' code).
fn each_item(
    v: Value,
    read: &mut dyn FnMut(usize, Value) -> Result<(), ReadError>,
) -> Result<(), ReadError> {
    let Value::Array(items) = v else {
        return Err(expected("an array", &v));
    };
    let mut items = items.into_iter().enumerate();
    while let Some((i, item)) = items.next() {
        read(items.len() + 1, item).map_err(|e| e.at(i))?;
    }
    Ok(())
}

impl<T: FromJson> FromJson for Box<T> {
    fn from_json(v: Value) -> Result<Self, ReadError> {
        T::from_json(v).map(Box::new)
    }
}

/// Reads field `key` of `m` as a `T`.
pub fn field<T: FromJson>(m: &mut Map<String, Value>, key: &str) -> Result<T, ReadError> {
    T::from_field(take_member(m, key), key)
}

/// Reads field `key` of `m` unless an earlier field failed; a failure is
/// kept in `err` (the first one only) and reads as the default, which the
/// caller then discards. One instance per field type, shared by every
/// struct.
#[inline(never)]
pub fn take<T: FromJson + Default>(
    m: &mut Map<String, Value>,
    key: &str,
    err: &mut Option<ReadError>,
) -> T {
    if err.is_some() {
        return T::default();
    }
    keep_first(field(m, key), err)
}

/// [`take`] with the field's own reader.
#[inline(never)]
pub fn take_with<T: Default>(
    m: &mut Map<String, Value>,
    key: &str,
    err: &mut Option<ReadError>,
    reader: fn(Option<Value>) -> Result<T, ReadError>,
) -> T {
    if err.is_some() {
        return T::default();
    }
    keep_first(reader(take_member(m, key)).map_err(|e| e.within(key)), err)
}

fn keep_first<T: Default>(read: Result<T, ReadError>, err: &mut Option<ReadError>) -> T {
    read.unwrap_or_else(|e| {
        *err = Some(e);
        T::default()
    })
}

/// Reads field `key` of `m` where `null` means absent, as options passed
/// from JavaScript (`{ tools: null }`) are read.
pub fn loose_field<T: FromJson>(
    m: &mut Map<String, Value>,
    key: &str,
) -> Result<Option<T>, ReadError> {
    match take_member(m, key) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => T::from_json(v).map(Some).map_err(|e| e.within(key)),
    }
}

/// The object a struct is read from.
pub fn object(v: Value) -> Result<Map<String, Value>, ReadError> {
    Map::from_json(v)
}

/// The string tag (`role`, `type`, `op`) a union is read by.
pub fn tag(v: &Value, key: &str) -> Result<String, ReadError> {
    match v.get(key) {
        Some(Value::String(t)) => Ok(t.clone()),
        Some(other) => Err(expected("a string", other).within(key)),
        None if v.is_object() => Err(ReadError::new("missing field").within(key)),
        None => Err(expected("an object", v)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::types::declare::json_struct;
    use serde_json::json;

    #[derive(Debug, PartialEq)]
    struct Inner {
        name: String,
    }
    json_struct!(Inner { name: "name" });

    #[derive(Debug, PartialEq)]
    struct Outer {
        items: Vec<Inner>,
        note: Option<String>,
    }
    json_struct!(Outer {
        items: "items",
        note: "note"
    });

    #[test]
    fn reads_fields_and_ignores_unknown_ones() {
        let v = json!({"items": [{"name": "a", "extra": 1}], "other": true});
        assert_eq!(
            Outer::from_json(v).unwrap(),
            Outer {
                items: vec![Inner { name: "a".into() }],
                note: None
            }
        );
    }

    #[test]
    fn errors_name_the_path() {
        let e = Outer::from_json(json!({"items": [{"name": "a"}, {"name": 3}]})).unwrap_err();
        assert_eq!(
            e.to_string(),
            "`items[1].name`: expected a string, got a number"
        );
        let e = Outer::from_json(json!({"items": [{}]})).unwrap_err();
        assert_eq!(e.to_string(), "`items[0].name`: missing field");
        let e = Outer::from_json(json!({"items": [], "note": null})).unwrap_err();
        assert_eq!(
            e.to_string(),
            "`note`: null is not allowed here: omit the field"
        );
        let e = Outer::from_json(json!([])).unwrap_err();
        assert_eq!(e.to_string(), "expected an object, got an array");
    }
}

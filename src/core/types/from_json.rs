//! Reading protocol values out of JSON.
//!
//! serde's derived `Deserialize` generates a visitor per type and per input
//! format, and in the WebAssembly build those visitors were two fifths of
//! the binary. So the types read themselves through this one small trait,
//! straight from the JSON text ([`FromJson::scan`], the loops in
//! [`super::scan`]): no `serde_json::Value` is built for typed data, only
//! for the open values the protocol leaves untyped. `#[derive(Wire)]`
//! (`agui-derive`, through `#[protocol]` on each declaration) implements it
//! from the type's serde attributes; a `Value` in hand is read by writing it out and
//! scanning that ([`from_value`]), so there is one reader per type.

use std::fmt;

use serde_json::{Map, Value};

use super::scan::{self, Miss, Scan, ScanCx};
use crate::core::json::{to_json, Scanner};

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
    expected_kind(what, kind(got))
}

/// [`expected`] of a value known by its kind.
pub fn expected_kind(what: &str, got: &str) -> ReadError {
    ReadError::new(format!("expected {what}, got {got}"))
}

/// A protocol value that can be read from JSON.
pub trait FromJson: Sized {
    /// Reads the value at `s`, `cx.depth` containers deep in its text.
    fn scan(s: &mut Scanner<'_>, cx: &mut ScanCx<'_>) -> Scan<Self>;

    /// Whether a field of this type may be absent (then it is `None`).
    const OPTIONAL: bool = false;

    /// Reads a parsed value (written out and scanned: one reader a type).
    fn from_json(v: Value) -> Result<Self, ReadError> {
        from_value(&v)
    }
}

/// `T` from a parsed value, through its text.
pub fn from_value<T: FromJson>(v: &Value) -> Result<T, ReadError> {
    read_written(v, T::scan)
}

/// `v` written out and read by `read` (a type's reader, or an event's by
/// its type name).
pub fn read_written<T>(
    v: &Value,
    read: impl FnOnce(&mut Scanner<'_>, &mut ScanCx<'_>) -> Scan<T>,
) -> Result<T, ReadError> {
    read_written_within(v, &mut ScanCx::default(), read)
}

/// [`read_written`] with the scan's context given (an entry limit).
pub fn read_written_within<T>(
    v: &Value,
    cx: &mut ScanCx<'_>,
    read: impl FnOnce(&mut Scanner<'_>, &mut ScanCx<'_>) -> Scan<T>,
) -> Result<T, ReadError> {
    let text = to_json(v);
    let mut s = Scanner::new(&text);
    read(&mut s, cx).map_err(|m| match m {
        Miss::Read(e) => e,
        // What `to_json` writes is JSON; a value nested past the parser's
        // limit is the one way here.
        Miss::Text => ReadError::new("nested too deeply"),
    })
}

/// An optional field: absent reads as `None`; present, it must hold a `T`.
/// `null` is not "absent": the protocol schema rejects it on optional fields
/// (the few that tolerate it are repaired before reading, in `decode`).
impl<T: FromJson> FromJson for Option<T> {
    fn scan(s: &mut Scanner<'_>, cx: &mut ScanCx<'_>) -> Scan<Self> {
        if scan::peek(s) == Some(b'n') {
            return Err(ReadError::new("null is not allowed here: omit the field").into());
        }
        T::scan(s, cx).map(Some)
    }

    const OPTIONAL: bool = true;
}

impl FromJson for String {
    fn scan(s: &mut Scanner<'_>, _: &mut ScanCx<'_>) -> Scan<Self> {
        scan::string(s)
    }
}

impl FromJson for bool {
    fn scan(s: &mut Scanner<'_>, cx: &mut ScanCx<'_>) -> Scan<Self> {
        match scan::value(s, cx)? {
            Value::Bool(b) => Ok(b),
            other => Err(expected("a boolean", &other).into()),
        }
    }
}

impl FromJson for usize {
    fn scan(s: &mut Scanner<'_>, cx: &mut ScanCx<'_>) -> Scan<Self> {
        let v = scan::value(s, cx)?;
        v.as_u64()
            .and_then(|n| usize::try_from(n).ok())
            .ok_or_else(|| expected("a non-negative integer", &v).into())
    }
}

/// A JavaScript safe integer (a field's own reader may ask more: see
/// `strict`).
impl FromJson for i64 {
    fn scan(s: &mut Scanner<'_>, cx: &mut ScanCx<'_>) -> Scan<Self> {
        Ok(super::strict::timestamp(s, cx)?.unwrap_or_default())
    }
}

/// Any JSON value, `null` included.
impl FromJson for Value {
    fn scan(s: &mut Scanner<'_>, cx: &mut ScanCx<'_>) -> Scan<Self> {
        scan::value(s, cx)
    }

    fn from_json(v: Value) -> Result<Self, ReadError> {
        Ok(v)
    }
}

/// Kept as its text, checked (a slice of the event's where it is shared).
impl FromJson for crate::core::json::LazyJson {
    fn scan(s: &mut Scanner<'_>, cx: &mut ScanCx<'_>) -> Scan<Self> {
        let text = s.skip(cx.depth).ok_or(Miss::Text)?;
        Ok(Self::checked(cx.keep(text)))
    }
}

impl FromJson for Map<String, Value> {
    fn scan(s: &mut Scanner<'_>, cx: &mut ScanCx<'_>) -> Scan<Self> {
        if scan::peek(s) != Some(b'{') {
            return Err(scan::expected(s, "an object"));
        }
        match scan::value(s, cx)? {
            Value::Object(m) => Ok(m),
            _ => Err(Miss::Text),
        }
    }
}

impl<T: FromJson> FromJson for Vec<T> {
    fn scan(s: &mut Scanner<'_>, cx: &mut ScanCx<'_>) -> Scan<Self> {
        let mut out = Vec::new();
        scan::items(s, cx, &mut |s, cx| {
            out.push(T::scan(s, cx)?);
            Ok(())
        })?;
        Ok(out)
    }
}

impl<T: FromJson> FromJson for Box<T> {
    fn scan(s: &mut Scanner<'_>, cx: &mut ScanCx<'_>) -> Scan<Self> {
        T::scan(s, cx).map(Box::new)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[derive(Debug, PartialEq, Default, agui_derive::Wire)]
    struct Inner {
        name: String,
    }

    #[derive(Debug, PartialEq, Default, agui_derive::Wire)]
    struct Outer {
        items: Vec<Inner>,
        note: Option<String>,
    }

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

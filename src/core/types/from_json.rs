//! Reading protocol values out of parsed JSON.
//!
//! serde's derived `Deserialize` generates a visitor per type and per input
//! format, and in the WebAssembly build those visitors were two fifths of the
//! binary. Every value reaches the protocol types as a `serde_json::Value`
//! anyway (events, and what JavaScript hands us), so the types read
//! themselves from a `Value` through this one small trait. A struct is
//! declared with `wire_struct!`, each field with its wire name
//! (`pub tool_calls: Option<Vec<ToolCall>> = "toolCalls"`): that one name is
//! serde's (so tsify's TypeScript), and `json_struct!`'s for reading and
//! for writing back out (`core::json::ToJson`). The members of tagged
//! unions with inline fields (content sources, run outcomes) still name
//! their fields in their hand-written readers.

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

/// Implements [`FromJson`] and [`ToJson`](crate::core::json::ToJson) for a
/// struct from its fields' wire names, listed in declaration order (the
/// order they are written in). A field may name its own reader
/// (`fn(Option<Value>) -> Result<T, ReadError>`) for rules its type does not
/// carry, such as "a safe integer". Fields the protocol does not describe
/// are ignored when reading, as the schema strips them; absent options are
/// left out when writing.
macro_rules! json_struct {
    ($ty:ident $(<$g:ident>)? { $($field:ident: $wire:literal $(with $reader:path)?),* $(,)? }) => {
        impl$(<$g: $crate::core::types::from_json::FromJson + Default>)? $crate::core::types::from_json::FromJson for $ty$(<$g>)? {
            fn from_json(
                v: serde_json::Value,
            ) -> Result<Self, $crate::core::types::from_json::ReadError> {
                #[allow(unused_mut)]
                let mut m = $crate::core::types::from_json::object(v)?;
                // Every field is read, in order, and the first error kept:
                // one error exit for the whole struct instead of one per
                // field, each dropping the fields read before it.
                let mut _err = None;
                let built = Self {
                    $($field: $crate::core::types::from_json::read_field!(m, $wire, _err $(, $reader)?),)*
                };
                match _err {
                    None => Ok(built),
                    Some(e) => Err(e),
                }
            }
        }

        impl$(<$g>)? $ty$(<$g>)? {
            /// The wire name of the Rust field `field`. Meant for constants
            /// ([`wire!`](crate::core::types::from_json::wire)), where a
            /// field the struct lacks fails the build.
            #[allow(dead_code)]
            pub const fn wire_name(field: &str) -> &'static str {
                $(if $crate::core::types::from_json::same(field, stringify!($field)) {
                    return $wire;
                })*
                panic!("no such field")
            }
        }

        impl$(<$g: $crate::core::json::ToJson>)? $crate::core::json::JsonFields for $ty$(<$g>)? {
            fn write_fields(&self, _o: &mut $crate::core::json::Object<'_>) {
                $(_o.field($wire, &self.$field);)*
            }
        }

        impl$(<$g: $crate::core::json::ToJson>)? $crate::core::json::ToJson for $ty$(<$g>)? {
            fn write_json(&self, out: &mut String) {
                let mut o = $crate::core::json::Object::open(out);
                $crate::core::json::JsonFields::write_fields(self, &mut o);
                o.close();
            }
        }
    };
}
pub(crate) use json_struct;

/// Declares a protocol struct with each field's wire name stated once, as
/// `pub field: Type = "wireName"`: the struct gets it as its serde name (so
/// the TypeScript tsify generates uses it) and [`json_struct!`] reads and
/// writes by it. Fields are written in the order they are declared.
macro_rules! wire_struct {
    (
        $(#[$attr:meta])*
        pub struct $name:ident $(<$g:ident>)? {
            $($(#[$fattr:meta])* pub $field:ident: $fty:ty = $wire:literal $(with $reader:path)?),* $(,)?
        }
    ) => {
        $(#[$attr])*
        pub struct $name $(<$g>)? {
            $($(#[$fattr])* #[serde(rename = $wire)] pub $field: $fty,)*
        }

        $crate::core::types::from_json::json_struct!($name $(<$g>)? {
            $($field: $wire $(with $reader)?,)*
        });
    };
}
pub(crate) use wire_struct;

/// The wire name of a protocol struct's field, `wire!(ToolMessage, tool_call_id)`
/// is `"toolCallId"`: taken from the struct's declaration at compile time,
/// for code that builds the JSON of a protocol value by hand (the protobuf
/// conversion) without writing the name a second time.
macro_rules! wire {
    ($ty:ty, $field:ident) => {
        const { <$ty>::wire_name(stringify!($field)) }
    };
}
pub(crate) use wire;

/// The tag of a `wire_union!` member, `member_tag!(PartSource::Url)` is
/// `"url"`, taken from the union's declaration at compile time.
macro_rules! member_tag {
    ($ty:ident :: $variant:ident) => {
        const { $ty::tag_of(stringify!($variant)) }
    };
}
pub(crate) use member_tag;

/// `a == b`, in a constant.
pub const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

macro_rules! read_field {
    ($m:ident, $wire:literal, $err:ident) => {
        $crate::core::types::from_json::take(&mut $m, $wire, &mut $err)
    };
    ($m:ident, $wire:literal, $err:ident, $reader:path) => {
        $crate::core::types::from_json::take_with(&mut $m, $wire, &mut $err, $reader)
    };
}
pub(crate) use read_field;

/// Implements [`FromJson`] and `ToJson` for a fieldless enum written as
/// fixed strings.
macro_rules! json_strings {
    ($ty:ident { $($wire:literal => $variant:ident),* $(,)? }) => {
        impl $crate::core::types::from_json::FromJson for $ty {
            fn from_json(
                v: serde_json::Value,
            ) -> Result<Self, $crate::core::types::from_json::ReadError> {
                match v.as_str() {
                    $(Some($wire) => Ok($ty::$variant),)*
                    _ => Err($crate::core::types::from_json::ReadError::new(concat!(
                        "expected one of" $(, " \"", $wire, "\"")*
                    ))),
                }
            }
        }

        impl $crate::core::json::ToJson for $ty {
            fn write_json(&self, out: &mut String) {
                $crate::core::json::write_str(
                    match self {
                        $($ty::$variant => $wire,)*
                    },
                    out,
                );
            }
        }
    };
}
pub(crate) use json_strings;

/// Implements [`FromJson`] and `ToJson` for a union of structs that each
/// carry the tag, named by the tag's own type (`role_tag!`), so the tag's
/// spelling lives there alone.
macro_rules! json_tagged {
    ($ty:ident, $tag:literal, { $($tagty:ident => $variant:ident),* $(,)? }) => {
        impl $ty {
            /// Every member's tag, in the order declared.
            pub const TAGS: &'static [&'static str] = &[$($tagty::NAME),*];
        }

        impl $crate::core::types::from_json::FromJson for $ty {
            fn from_json(
                v: serde_json::Value,
            ) -> Result<Self, $crate::core::types::from_json::ReadError> {
                use $crate::core::types::from_json::{tag, FromJson, ReadError};
                match tag(&v, $tag)?.as_str() {
                    $($tagty::NAME => FromJson::from_json(v).map($ty::$variant),)*
                    other => Err(ReadError::unknown_tag($tag, other)),
                }
            }
        }

        impl $crate::core::json::ToJson for $ty {
            fn write_json(&self, out: &mut String) {
                match self {
                    $($ty::$variant(m) => $crate::core::json::ToJson::write_json(m, out),)*
                }
            }
        }
    };
}
pub(crate) use json_tagged;

#[cfg(test)]
mod tests {
    use super::*;
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

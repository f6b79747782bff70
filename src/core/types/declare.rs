//! The macros that declare protocol types by their wire names, each name
//! stated once: `wire_struct!` (a struct: serde's name, so tsify's
//! TypeScript, and the reader and writer of `json_struct!`),
//! `json_strings!` and `json_tagged!` (enums and unions by their tags),
//! and `wire!` / `member_tag!`, which hand code that builds a protocol
//! value's JSON by hand (the protobuf conversion) those names at compile
//! time. `wire_union!` declares the unions whose members carry their fields
//! inline.

/// Implements [`FromJson`](super::from_json::FromJson) and
/// [`ToJson`](crate::core::json::ToJson) for a struct from its fields' wire names, listed in declaration order (the
/// order they are written in). A field may name its own reader
/// (`fn(Option<Value>) -> Result<T, ReadError>`) for rules its type does not
/// carry, such as "a safe integer". Fields the protocol does not describe
/// are ignored when reading, as the schema strips them; absent options are
/// left out when writing.
macro_rules! json_struct {
    ($ty:ident $(<$g:ident>)? { $($field:ident: $wire:literal $(with $reader:path)?),* $(,)? } $(hidden { $($hidden:ident),* })?) => {
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
                    $($field: $crate::core::types::declare::read_field!(m, $wire, _err $(, $reader)?),)*
                    $($($hidden: Default::default(),)*)?
                };
                match _err {
                    None => Ok(built),
                    Some(e) => Err(e),
                }
            }
        }

        impl$(<$g>)? $ty$(<$g>)? {
            /// Every field's wire name, in declaration order.
            #[allow(dead_code)]
            pub const WIRE_FIELDS: &'static [&'static str] = &[$($wire),*];

            /// The wire name of the Rust field `field`. Meant for constants
            /// (`declare::wire!`), where a field the struct lacks fails the
            /// build.
            #[allow(dead_code)]
            pub const fn wire_name(field: &str) -> &'static str {
                $(if $crate::core::types::declare::same(field, stringify!($field)) {
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
/// `hidden` fields are the client's own, never on the wire: made with
/// their default when read, never written.
macro_rules! wire_struct {
    (
        $(#[$attr:meta])*
        pub struct $name:ident $(<$g:ident>)? {
            $($(#[$fattr:meta])* pub $field:ident: $fty:ty = $wire:literal $(with $reader:path)?),* $(,)?
        }
        $(hidden { $($(#[$hattr:meta])* pub $hidden:ident: $hty:ty),* $(,)? })?
    ) => {
        $(#[$attr])*
        pub struct $name $(<$g>)? {
            $($(#[$fattr])* #[serde(rename = $wire)] pub $field: $fty,)*
            $($($(#[$hattr])* #[serde(skip)] pub $hidden: $hty,)*)?
        }

        $crate::core::types::declare::json_struct!($name $(<$g>)? {
            $($field: $wire $(with $reader)?,)*
        } $(hidden { $($hidden),* })?);
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

/// Implements [`FromJson`](super::from_json::FromJson) and `ToJson` for a fieldless enum written as
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

        impl $ty {
            /// The value's wire name.
            #[allow(dead_code)]
            pub const fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $wire,)*
                }
            }
        }

        impl $crate::core::json::ToJson for $ty {
            fn write_json(&self, out: &mut String) {
                $crate::core::json::write_str(self.name(), out);
            }
        }
    };
}
pub(crate) use json_strings;

/// Declares the one-value enum that a struct carries as its tag (a
/// message's `role`, a content part's `type`), so each type names its tag
/// in TypeScript as @ag-ui/core does.
macro_rules! role_tag {
    ($(#[$doc:meta])* $name:ident = $lit:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
        #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
        pub enum $name {
            #[default]
            #[serde(rename = $lit)]
            Tag,
        }

        impl $name {
            /// The tag as it is written.
            pub const NAME: &'static str = $lit;
        }

        $crate::core::types::declare::json_strings!($name { $lit => Tag });
    };
}
pub(crate) use role_tag;

/// Implements [`FromJson`](super::from_json::FromJson) and `ToJson` for a union of structs that each
/// carry the tag, named by the tag's own type (`role_tag!`), so the tag's
/// spelling lives there alone.
macro_rules! json_tagged {
    ($ty:ident, $tag:literal, { $($tagty:ident => $variant:ident),* $(,)? }) => {
        impl $ty {
            /// Every member's tag, in the order declared.
            pub const TAGS: &'static [&'static str] = &[$($tagty::NAME),*];

            /// The member holding the tag.
            #[allow(dead_code)]
            pub const KEY: &'static str = $tag;
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

//! The macros that declare protocol types by their wire names, each name
//! stated once: `wire_struct!` (a struct: serde's name, so tsify's
//! TypeScript, and the reader and writer of `json_struct!`),
//! `json_strings!` and `json_tagged!` (enums and unions by their tags),
//! and `wire!` / `member_tag!`, which hand code that builds a protocol
//! value's JSON by hand (the protobuf conversion) those names at compile
//! time. `wire_union!` declares the unions whose members carry their fields
//! inline.

/// Implements [`FromJson`](super::from_json::FromJson) and
/// [`ToJson`](crate::core::json::ToJson) for a struct from its fields'
/// types and wire names, listed in declaration order (the order they are
/// written in). A field may name its own reader (`fn(Value) -> Result<T,
/// ReadError>`, of a member that is there) for rules its type does not
/// carry, such as "a safe integer". Fields the protocol does not describe
/// are ignored when reading, as the schema strips them; absent options are
/// `None` when read and left out when written.
macro_rules! json_struct {
    ($ty:ident $(<$g:ident>)? { $($field:ident: $fty:ty = $wire:literal $(with $reader:path)?),* $(,)? }) => {
        impl$(<$g: $crate::core::types::from_json::FromJson + Default>)? $crate::core::types::from_json::FromJson for $ty$(<$g>)? {
            fn scan(
                s: &mut $crate::core::json::Scanner<'_>,
                cx: &mut $crate::core::types::scan::ScanCx<'_>,
            ) -> $crate::core::types::scan::Scan<Self> {
                // A field index into the one shared member loop: the
                // struct's own code is this and `Default`.
                use $crate::core::types::{from_json::FromJson, scan};
                let mut out = Self::default();
                let optional = const { scan::optional(&[$(<$fty as FromJson>::OPTIONAL),*]) };
                scan::object(s, cx, Self::WIRE_FIELDS, optional, &mut |i, _s, _cx| {
                    let mut _n = 0usize;
                    $(
                        if i == _n {
                            return $crate::core::types::declare::scan_field!(out.$field, _s, _cx $(, $reader)?);
                        }
                        _n += 1;
                    )*
                    Ok(())
                })?;
                Ok(out)
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
            $($field: $fty = $wire $(with $reader)?,)*
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

/// A field read into place from its member.
macro_rules! scan_field {
    ($dst:expr, $s:ident, $cx:ident) => {
        $crate::core::types::scan::field(&mut $dst, $s, $cx)
    };
    ($dst:expr, $s:ident, $cx:ident, $reader:path) => {
        $crate::core::types::scan::field_with(&mut $dst, $s, $cx, $reader)
    };
}
pub(crate) use scan_field;

/// Implements [`FromJson`](super::from_json::FromJson) and `ToJson` for a fieldless enum written as
/// fixed strings.
macro_rules! json_strings {
    ($ty:ident { $($wire:literal => $variant:ident),* $(,)? }) => {
        impl $crate::core::types::from_json::FromJson for $ty {
            fn scan(
                s: &mut $crate::core::json::Scanner<'_>,
                _: &mut $crate::core::types::scan::ScanCx<'_>,
            ) -> $crate::core::types::scan::Scan<Self> {
                let got = match $crate::core::types::scan::peek(s) {
                    Some(b'"') => Some(s.string().ok_or($crate::core::types::scan::Miss::Text)?),
                    _ => None,
                };
                match got.as_deref() {
                    $(Some($wire) => Ok($ty::$variant),)*
                    _ => Err($crate::core::types::from_json::ReadError::new(concat!(
                        "expected one of" $(, " \"", $wire, "\"")*
                    )).into()),
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
            fn scan(
                s: &mut $crate::core::json::Scanner<'_>,
                cx: &mut $crate::core::types::scan::ScanCx<'_>,
            ) -> $crate::core::types::scan::Scan<Self> {
                use $crate::core::types::from_json::{FromJson, ReadError};
                // The tag, then the member's struct from the object's start.
                match &*$crate::core::types::scan::tag(s, cx, $tag)? {
                    $($tagty::NAME => FromJson::scan(s, cx).map($ty::$variant),)*
                    other => Err(ReadError::unknown_tag($tag, other).into()),
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

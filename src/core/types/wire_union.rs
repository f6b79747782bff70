//! Declares an internally tagged union whose members carry their fields
//! inline (`{"type": "url", "value": ...}`), each member's tag and each
//! field's wire name stated once, as `wire_struct!` does for structs: the
//! names become serde's (so tsify's TypeScript), the reader's and the
//! writer's, and the list of tags the decoder checks against.

/// `pub enum Name = "tagKey" { Member = "tag" { pub-less field: Type = "wire" [with reader], ... }, ... }`.
/// Writes the tag first, then the member's fields in the order declared,
/// absent options left out; reads the tag, then the fields, reporting the
/// first error in that order.
macro_rules! wire_union {
    (
        $(#[$attr:meta])*
        pub enum $name:ident = $key:literal {
            $(
                $(#[$vattr:meta])*
                $variant:ident = $tag:literal {
                    $($(#[$fattr:meta])* $field:ident: $fty:ty = $wire:literal $(with $reader:path)?),* $(,)?
                }
            ),* $(,)?
        }
    ) => {
        $(#[$attr])*
        #[serde(tag = $key)]
        pub enum $name {
            $(
                $(#[$vattr])*
                #[serde(rename = $tag)]
                $variant {
                    $($(#[$fattr])* #[serde(rename = $wire)] $field: $fty,)*
                },
            )*
        }

        impl $name {
            /// Every member's tag.
            pub const TAGS: &'static [&'static str] = &[$($tag),*];

            /// The member holding the tag.
            #[allow(dead_code)]
            pub const KEY: &'static str = $key;

            /// The tag of the member named `variant` in Rust, for constants
            /// (as `wire_name`).
            #[allow(dead_code)]
            pub const fn tag_of(variant: &str) -> &'static str {
                $(if $crate::core::types::declare::same(variant, stringify!($variant)) {
                    return $tag;
                })*
                panic!("no such member")
            }

            /// The wire name of a member's field named `field` in Rust (a
            /// name means the same in every member), for constants
            /// (`declare::wire!`).
            #[allow(dead_code)]
            pub const fn wire_name(field: &str) -> &'static str {
                $($(if $crate::core::types::declare::same(field, stringify!($field)) {
                    return $wire;
                })*)*
                panic!("no such field")
            }
        }

        impl $crate::core::types::from_json::FromJson for $name {
            fn scan(
                s: &mut $crate::core::json::Scanner<'_>,
                cx: &mut $crate::core::types::scan::ScanCx<'_>,
            ) -> $crate::core::types::scan::Scan<Self> {
                use $crate::core::types::{scan, from_json::{FromJson, ReadError}};
                match &*scan::tag(s, cx, $key)? {
                    $($tag => {
                        $(let mut $field: $fty = Default::default();)*
                        // The tag, then the member's fields, in the order declared.
                        let optional = const { scan::optional(&[true $(, <$fty as FromJson>::OPTIONAL)*]) };
                        scan::object(s, cx, &[$key $(, $wire)*], optional, &mut |_i, _s, _cx| {
                            let mut _n = 1usize;
                            $(
                                if _i == _n {
                                    return $crate::core::types::declare::scan_field!($field, _s, _cx $(, $reader)?);
                                }
                                _n += 1;
                            )*
                            scan::known(_s, _cx)
                        })?;
                        Ok($name::$variant { $($field),* })
                    })*
                    other => Err(ReadError::unknown_tag($key, other).into()),
                }
            }
        }

        impl $crate::core::json::ToJson for $name {
            fn write_json(&self, out: &mut String) {
                let mut o = $crate::core::json::Object::open(out);
                match self {
                    $($name::$variant { $($field),* } => {
                        o.field($key, $tag);
                        $(o.field($wire, $field);)*
                    })*
                }
                o.close();
            }
        }
    };
}
pub(crate) use wire_union;

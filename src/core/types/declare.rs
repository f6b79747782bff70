//! What code that builds a protocol value's JSON by hand (the protobuf
//! conversion, the repairs of the compatibility boundary) asks of the
//! declarations at compile time: a field's wire name (`wire_name!`), a union
//! member's tag (`member_tag!`); and the traits `#[derive(Wire)]`
//! (`agui-derive`) implements for the unions read by a member their
//! structs carry.

/// The wire name of a protocol struct's field, `wire_name!(ToolMessage, tool_call_id)`
/// is `"toolCallId"`: taken from the struct's declaration at compile time,
/// for code that builds the JSON of a protocol value by hand (the protobuf
/// conversion) without writing the name a second time.
macro_rules! wire_name {
    ($ty:ty, $field:ident) => {
        const { <$ty>::wire_name(stringify!($field)) }
    };
}
pub(crate) use wire_name;

/// The tag of an inline union's member, `member_tag!(PartSource::Url)` is
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

/// A type with exactly one value, written as `NAME`: the tag a struct
/// carries (a message's `role`, a content part's `type`).
pub trait OneName {
    const NAME: &'static str;
}

/// A struct whose member `KEY` always holds `TAG` (its `#[wire(tag)]`
/// member): a union of such structs is read by that member.
pub trait Tagged {
    const KEY: &'static str;
    const TAG: &'static str;
}

impl<T: Tagged> Tagged for Box<T> {
    const KEY: &'static str = T::KEY;
    const TAG: &'static str = T::TAG;
}

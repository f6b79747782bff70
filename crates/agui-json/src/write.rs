//! Values to JSON text.
//!
//! Protocol types write themselves through [`ToJson`], whose impls the
//! field tables in `core::types::from_json` generate, instead of derived
//! serde `Serialize` driving serde_json's serializer: in the WebAssembly
//! build that machinery was a tenth of the binary. The text is byte for
//! byte what `serde_json::to_string` gives for the same value (a test holds
//! the two together), so request bodies do not change.

use serde_json::{Map, Value};

/// A value that can write itself as JSON.
pub trait ToJson {
    fn write_json(&self, out: &mut String);

    /// An absent optional field, left out of its object.
    fn is_absent(&self) -> bool {
        false
    }
}

/// A struct's fields, written into an object its caller opened (a tagged
/// union writes its tag first, then the member's fields).
pub trait JsonFields {
    fn write_fields(&self, o: &mut Object<'_>);
}

/// `v` as compact JSON text.
pub fn to_json<T: ToJson + ?Sized>(v: &T) -> String {
    let mut out = String::new();
    v.write_json(&mut out);
    out
}

/// An object being written: `{`, then fields, then [`Object::close`].
pub struct Object<'a> {
    out: &'a mut String,
    empty: bool,
}

impl<'a> Object<'a> {
    pub fn open(out: &'a mut String) -> Self {
        out.push('{');
        Object { out, empty: true }
    }

    /// Writes `key: value`, unless the value is an absent option.
    pub fn field<T: ToJson + ?Sized>(&mut self, key: &str, value: &T) {
        if value.is_absent() {
            return;
        }
        if !self.empty {
            self.out.push(',');
        }
        self.empty = false;
        write_str(key, self.out);
        self.out.push(':');
        value.write_json(self.out);
    }

    pub fn close(self) {
        self.out.push('}');
    }
}

/// A JSON string literal, escaped as serde_json escapes it: quotes,
/// backslashes and control characters; everything else as it is.
pub fn write_str(s: &str, out: &mut String) {
    out.reserve(s.len() + 2);
    out.push('"');
    let bytes = s.as_bytes();
    let mut plain = 0;
    loop {
        // Up to the next byte that needs escaping, eight bytes at a time.
        let i = super::plain_run_end(bytes, plain);
        let Some(&b) = bytes.get(i) else { break };
        let short = match b {
            b'"' => '"',
            b'\\' => '\\',
            b'\n' => 'n',
            b'\r' => 'r',
            b'\t' => 't',
            0x08 => 'b',
            0x0c => 'f',
            _ => 'u',
        };
        // `i` is an ASCII byte, so both slices end on char boundaries.
        out.push_str(&s[plain..i]);
        plain = i + 1;
        out.push('\\');
        out.push(short);
        if short == 'u' {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.push_str("00");
            out.push(HEX[usize::from(b >> 4)] as char);
            out.push(HEX[usize::from(b & 0xf)] as char);
        }
    }
    out.push_str(&s[plain..]);
    out.push('"');
}

/// A JSON array of `items`.
pub fn write_items<T: ToJson>(items: impl IntoIterator<Item = T>, out: &mut String) {
    out.push('[');
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        item.write_json(out);
    }
    out.push(']');
}

impl ToJson for Value {
    fn write_json(&self, out: &mut String) {
        match self {
            Value::Null => out.push_str("null"),
            Value::Bool(b) => b.write_json(out),
            // Integers straight into the text; floats by serde_json's own
            // formatting (zmij), as `to_string` writes them.
            Value::Number(n) => match (n.as_u64(), n.as_i64()) {
                (Some(u), _) => write_int(u, out),
                (None, Some(i)) => write_int(i, out),
                (None, None) => out.push_str(&n.to_string()),
            },
            Value::String(s) => write_str(s, out),
            Value::Array(items) => write_items(items, out),
            Value::Object(map) => map.write_json(out),
        }
    }
}

impl ToJson for Map<String, Value> {
    fn write_json(&self, out: &mut String) {
        let mut o = Object::open(out);
        for (k, v) in self {
            o.field(k, v);
        }
        o.close();
    }
}

impl ToJson for str {
    fn write_json(&self, out: &mut String) {
        write_str(self, out);
    }
}

impl ToJson for String {
    fn write_json(&self, out: &mut String) {
        write_str(self, out);
    }
}

impl ToJson for bool {
    fn write_json(&self, out: &mut String) {
        out.push_str(if *self { "true" } else { "false" });
    }
}

/// An integer with no `String` of its own and no formatting machinery:
/// `to_string` took a quarter of writing a state delta's edits.
fn write_int(n: impl itoa::Integer, out: &mut String) {
    out.push_str(itoa::Buffer::new().format(n));
}

impl ToJson for i64 {
    fn write_json(&self, out: &mut String) {
        write_int(*self, out);
    }
}

impl ToJson for usize {
    fn write_json(&self, out: &mut String) {
        write_int(*self, out);
    }
}

impl<T: ToJson> ToJson for Option<T> {
    fn write_json(&self, out: &mut String) {
        match self {
            Some(v) => v.write_json(out),
            None => out.push_str("null"),
        }
    }

    fn is_absent(&self) -> bool {
        self.is_none()
    }
}

impl<T: ToJson> ToJson for [T] {
    fn write_json(&self, out: &mut String) {
        write_items(self, out);
    }
}

impl<T: ToJson> ToJson for Vec<T> {
    fn write_json(&self, out: &mut String) {
        write_items(self, out);
    }
}

/// A pair, as an array of two (as serde writes tuples).
impl<A: ToJson, B: ToJson> ToJson for (A, B) {
    fn write_json(&self, out: &mut String) {
        out.push('[');
        self.0.write_json(out);
        out.push(',');
        self.1.write_json(out);
        out.push(']');
    }
}

impl<T: ToJson + Clone> ToJson for std::borrow::Cow<'_, T> {
    fn write_json(&self, out: &mut String) {
        (**self).write_json(out);
    }
}

impl<T: ToJson + ?Sized> ToJson for Box<T> {
    fn write_json(&self, out: &mut String) {
        (**self).write_json(out);
    }

    fn is_absent(&self) -> bool {
        (**self).is_absent()
    }
}

impl<T: ToJson + ?Sized> ToJson for &T {
    fn write_json(&self, out: &mut String) {
        (**self).write_json(out);
    }

    fn is_absent(&self) -> bool {
        (**self).is_absent()
    }
}

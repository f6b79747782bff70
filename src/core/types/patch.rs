//! JSON Patch (RFC 6902) operations as STATE_DELTA and ACTIVITY_DELTA carry them.

use std::borrow::Cow;

use agui_derive::protocol;

use crate::core::json::{Scanner, ToJson};

use super::from_json::{FromJson, ReadError};
use super::scan::{Scan, ScanCx};
use serde_json::Value;

/// A JSON Pointer (RFC 6901): empty, or `/`-prefixed tokens with `~0`/`~1` escapes.
// `Default` is the root, `""`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), serde(transparent))]
pub struct Pointer(String);

impl Pointer {
    /// Checks the RFC 6901 grammar the protocol schema demands.
    pub fn parse(s: impl Into<String>) -> Result<Self, String> {
        let s = s.into();
        if is_pointer(&s) {
            Ok(Pointer(s))
        } else {
            Err(format!("'{s}' is not a JSON Pointer"))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The unescaped reference tokens, in order: borrowed from the pointer
    /// unless they hold an escape, so a plain path is walked without
    /// allocating.
    pub fn tokens(&self) -> Tokens<'_> {
        Tokens(self.0.strip_prefix('/'))
    }
}

/// [`Pointer::tokens`]: each token found, and checked for an escape, in
/// one pass over its bytes. `split('/')` then a search for `~` in each
/// token cost 186 instructions a token against 73 (native, callgrind; a
/// 1 MB-state run of two-op deltas 4% fewer in all), and 83 bytes less of
/// the package; in the WebAssembly build the difference is below what
/// alternated runs can tell (0.997x).
pub struct Tokens<'a>(Option<&'a str>);

impl<'a> Iterator for Tokens<'a> {
    type Item = Cow<'a, str>;

    fn next(&mut self) -> Option<Cow<'a, str>> {
        let rest = self.0?;
        let bytes = rest.as_bytes();
        let (mut end, mut escaped) = (0, false);
        while let Some(&b) = bytes.get(end).filter(|&&b| b != b'/') {
            escaped |= b == b'~';
            end += 1;
        }
        // `/` is ASCII, so both sides of it are char boundaries.
        let (token, after) = rest.split_at(end);
        // Past the `/`; none when this was the last token.
        self.0 = after.get(1..);
        Some(if escaped {
            Cow::Owned(unescape(token))
        } else {
            Cow::Borrowed(token)
        })
    }
}

/// `~1` is `/` and `~0` is `~`, in one pass (so `~01` is `~1`, as RFC 6901
/// orders it); the grammar check has already refused any other `~`.
fn unescape(token: &str) -> String {
    let mut out = String::with_capacity(token.len());
    let mut chars = token.chars();
    while let Some(c) = chars.next() {
        if c == '~' {
            out.push(if chars.next() == Some('1') { '/' } else { '~' });
        } else {
            out.push(c);
        }
    }
    out
}

fn is_pointer(s: &str) -> bool {
    if s.is_empty() {
        return true;
    }
    if !s.starts_with('/') {
        return false;
    }
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'~' {
            if i + 1 >= b.len() || (b[i + 1] != b'0' && b[i + 1] != b'1') {
                return false;
            }
            i += 2;
        } else {
            i += 1;
        }
    }
    true
}

impl FromJson for Pointer {
    fn scan(s: &mut Scanner<'_>, cx: &mut ScanCx<'_>) -> Scan<Self> {
        Ok(Pointer::parse(String::scan(s, cx)?).map_err(ReadError::new)?)
    }
}

impl ToJson for Pointer {
    fn write_json(&self, out: &mut String) {
        self.0.write_json(out);
    }
}

/// One JSON Patch operation. A missing `value` is an error; `null` is a value.
#[protocol]
#[derive(Debug, Clone, PartialEq)]
#[serde(tag = "op", rename_all = "lowercase")]
pub enum PatchOp {
    Add {
        path: Pointer,
        #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
        value: Value,
    },
    Remove {
        path: Pointer,
    },
    Replace {
        path: Pointer,
        #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
        value: Value,
    },
    Move {
        from: Pointer,
        path: Pointer,
    },
    Copy {
        from: Pointer,
        path: Pointer,
    },
    Test {
        path: Pointer,
        #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
        value: Value,
    },
}

/// The `op` names a patch array may contain; anything else is dropped, not fatal.
pub const PATCH_OPS: &[&str] = PatchOp::TAGS;

#[cfg(test)]
mod tests {
    use super::*;

    /// The order serde writes (`op`, `from`, `path`, `value`) and the first
    /// failure named, as serde writes them.
    #[test]
    fn ops_read_and_write_by_their_wire_names() {
        let op = PatchOp::from_json(serde_json::json!({"path": "/b", "op": "move", "from": "/a"}));
        let op = op.unwrap();
        assert_eq!(
            crate::core::json::to_json(&op),
            r#"{"op":"move","from":"/a","path":"/b"}"#
        );
        let e = PatchOp::from_json(serde_json::json!({"op": "add", "path": "/a"})).unwrap_err();
        assert_eq!(e.to_string(), "`value`: missing field");
        let e = PatchOp::from_json(serde_json::json!({"op": "nope", "path": ""})).unwrap_err();
        assert_eq!(e.to_string(), "`op`: unknown op 'nope'");
    }

    #[test]
    fn pointer_grammar() {
        for ok in ["", "/", "/a", "/a~0b/~1", "//"] {
            assert!(Pointer::parse(ok).is_ok(), "{ok}");
        }
        for bad in ["a", "/~", "/~2", "x/"] {
            assert!(Pointer::parse(bad).is_err(), "{bad}");
        }
        let p = Pointer::parse("/a~1b/c~0d").unwrap();
        assert_eq!(p.tokens().collect::<Vec<_>>(), vec!["a/b", "c~d"]);
        let p = Pointer::parse("/~01/é~1~0/").unwrap();
        assert_eq!(p.tokens().collect::<Vec<_>>(), vec!["~1", "é/~", ""]);
        // As `split('/')` after the leading slash: every token, empty ones too.
        for text in ["", "/", "//", "/a", "/a/", "/a//b", "/items/716/value"] {
            let p = Pointer::parse(text).unwrap();
            let split: Vec<&str> = text.split('/').skip(1).collect();
            assert_eq!(p.tokens().collect::<Vec<_>>(), split, "{text:?}");
        }
    }
}

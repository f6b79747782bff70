//! The loops every reader shares ([`FromJson::scan`]): an object's members
//! to its fields, an array's items, a union's tag, read straight from the
//! JSON text.
//!
//! The reader used to parse into a `serde_json::Value` (an
//! insertion-ordered map per object, each key hashed) and take it apart
//! again: for a MESSAGES_SNAPSHOT of mixed messages that was over two
//! thirds of taking it in (4 MiB: 92 ms the old way, 43 scanned). Each
//! struct adds only a field index (`#[derive(Wire)]`, `agui-derive`); the loops
//! here are one copy for all of them, which is what keeps the reader as
//! small as the one it replaced (docs/size.md).
//!
//! Errors are the old reader's, to the letter: a struct reports its first
//! failing field in declaration order (a member of the wrong kind, or a
//! required one absent), an array its first failing item, each with its
//! path; and text that is not JSON anywhere in the value is the parser's
//! error, whatever else is wrong ([`Miss::Text`]: the caller asks the
//! parser why). A reader that fails leaves the scanner anywhere inside the
//! value: the loop that called it goes back to the value's start and skips
//! it whole, which checks its text.

use std::borrow::Cow;
use std::rc::Rc;

use serde_json::Value;

use super::from_json::{expected_kind, FromJson, ReadError};
use crate::core::json::{Scanner, SharedText};

/// Why a value was not read.
#[derive(Debug)]
pub enum Miss {
    /// The text is not JSON there.
    Text,
    /// It is, but not the value the type describes.
    Read(ReadError),
}

impl From<ReadError> for Miss {
    fn from(e: ReadError) -> Self {
        Miss::Read(e)
    }
}

pub type Scan<T> = Result<T, Miss>;

/// What a scan carries down.
#[derive(Debug, Default)]
pub struct ScanCx<'w> {
    /// How many containers deep it is, for the nesting limit the parser
    /// applies there.
    pub depth: usize,
    /// A member no field names was passed over: the text says more than
    /// the values written back would.
    pub dropped: bool,
    /// A pre-1.0 shape was read (a `binary` part), which an event has
    /// upgraded by the compatibility boundary (`decode`).
    pub legacy: bool,
    /// The string being read, when it is shared: an opaque value is kept
    /// as a part of it rather than a copy (see [`SharedText`]).
    pub whole: Option<&'w Rc<String>>,
    /// The next object is already open, its first member read (an event's
    /// `type`, by [`tag_first`]): its reader goes on from there.
    pub opened: bool,
    /// How many more container entries (array items, object members, known
    /// or not) may be read: `maxEnforcedEntries`, spent as the reference's
    /// enforcement spends it (opaque values, read whole, cost nothing).
    /// `None`: no limit.
    pub entries_left: Option<usize>,
    /// The read stopped because `entries_left` ran out.
    pub over_limit: bool,
}

impl<'w> ScanCx<'w> {
    /// One entry read: past the limit the read stops at once, as text that
    /// does not read (the caller tells the two apart by `over_limit`).
    #[inline]
    fn spend(&mut self) -> Scan<()> {
        match &mut self.entries_left {
            Some(0) => {
                self.over_limit = true;
                Err(Miss::Text)
            }
            Some(n) => {
                *n -= 1;
                Ok(())
            }
            None => Ok(()),
        }
    }

    /// For text that is the string `whole`, held shared.
    pub fn within(whole: Option<&'w Rc<String>>) -> Self {
        ScanCx {
            whole,
            ..Default::default()
        }
    }

    /// `text`, a part of the text being read, to keep.
    pub fn keep(&self, text: &str) -> SharedText {
        self.whole
            .and_then(|w| SharedText::within(w, text))
            .unwrap_or_else(|| text.into())
    }
}

/// The next byte that is not whitespace.
#[inline(always)]
pub fn peek(s: &mut Scanner<'_>) -> Option<u8> {
    s.skip_ws();
    s.peek()
}

/// "expected `what`, got" the kind of the value at `s`, known by its first
/// byte (text that is not JSON fails the caller's skip afterwards).
pub fn expected(s: &mut Scanner<'_>, what: &str) -> Miss {
    let got = match peek(s) {
        Some(b'n') => "null",
        Some(b't' | b'f') => "a boolean",
        Some(b'"') => "a string",
        Some(b'[') => "an array",
        Some(b'{') => "an object",
        _ => "a number",
    };
    expected_kind(what, got).into()
}

/// A string, escapes decoded.
#[inline(never)]
pub fn string(s: &mut Scanner<'_>) -> Scan<String> {
    if peek(s) != Some(b'"') {
        return Err(expected(s, "a string"));
    }
    s.string().map(Into::into).ok_or_else(text)
}

/// Any value, built by the parser (the open values the types leave
/// untyped, and numbers).
pub fn value(s: &mut Scanner<'_>, cx: &ScanCx<'_>) -> Scan<Value> {
    s.skip_ws();
    s.value(cx.depth).ok_or_else(text)
}

/// Goes back to `start` and passes over the value there, checking it.
fn skip_from(s: &mut Scanner<'_>, cx: &ScanCx<'_>, start: usize) -> Scan<()> {
    s.set_offset(start);
    skip_value(s, cx.depth)
}

/// Passes over the value at `s`, checking it; a string (the usual member
/// passed over: an event's `type`) without starting the parser.
fn skip_value(s: &mut Scanner<'_>, depth: usize) -> Scan<()> {
    let skipped = match peek(s) {
        Some(b'"') => s.string().map(drop),
        _ => s.skip(depth).map(drop),
    };
    skipped.ok_or_else(text)
}

/// An array's items, each read by `item`; the first that fails is the
/// array's error, at its index. One loop for every item type.
#[inline(never)]
pub fn items(
    s: &mut Scanner<'_>,
    cx: &mut ScanCx<'_>,
    item: &mut dyn FnMut(&mut Scanner<'_>, &mut ScanCx<'_>) -> Scan<()>,
) -> Scan<()> {
    if peek(s) != Some(b'[') {
        return Err(expected(s, "an array"));
    }
    cx.depth += 1;
    let mut err = None;
    let mut i = 0;
    let read = s.array(|s| {
        s.skip_ws();
        let start = s.offset();
        cx.spend().ok()?;
        if err.is_some() {
            return skip_from(s, cx, start).ok();
        }
        match item(s, cx) {
            Ok(()) => {}
            Err(Miss::Text) => return None,
            Err(Miss::Read(e)) => {
                err = Some(e.at(i));
                skip_from(s, cx, start).ok()?;
            }
        }
        i += 1;
        Some(())
    });
    cx.depth -= 1;
    read.ok_or_else(text)?;
    err.map_or(Ok(()), |e| Err(Miss::Read(e)))
}

/// An object's members handed to `field` by their index in `names` (a
/// struct's fields in declaration order). A field absent from the object
/// keeps the value it has (`Default`: `None`) where its bit in `optional`
/// is set, and is missing otherwise. The error is the first field's, in
/// declaration order, as reading the fields one by one would give; a
/// member named twice counts as the last one (`JSON.parse`'s rule). One
/// loop for every struct.
#[inline(never)]
pub fn object(
    s: &mut Scanner<'_>,
    cx: &mut ScanCx<'_>,
    names: &[&str],
    optional: u64,
    field: &mut dyn FnMut(usize, &mut Scanner<'_>, &mut ScanCx<'_>) -> Scan<()>,
) -> Scan<()> {
    debug_assert!(names.len() <= 64);
    let mut first = !std::mem::take(&mut cx.opened);
    if first {
        if peek(s) != Some(b'{') {
            return Err(expected(s, "an object"));
        }
        s.open_object().ok_or_else(text)?;
    }
    cx.depth += 1;
    let mut seen = 0u64;
    let mut errs: Vec<(usize, ReadError)> = Vec::new();
    while let Some(key) = s.next_key(&mut first).ok_or_else(text)? {
        cx.spend()?;
        let Some(i) = names.iter().position(|n| *n == key) else {
            cx.dropped = true;
            skip_value(s, cx.depth)?;
            continue;
        };
        seen |= 1 << i;
        errs.retain(|(j, _)| *j != i);
        let start = s.offset();
        match field(i, s, cx) {
            Ok(()) => {}
            Err(Miss::Text) => return Err(Miss::Text),
            Err(Miss::Read(e)) => {
                errs.push((i, e.within(names[i])));
                skip_from(s, cx, start)?;
            }
        }
    }
    cx.depth -= 1;
    let missing = !seen & !optional & (u64::MAX >> (64 - names.len().max(1)));
    if missing != 0 {
        let i = missing.trailing_zeros() as usize;
        errs.push((i, ReadError::new("missing field").within(names[i])));
    }
    match errs.into_iter().min_by_key(|(i, _)| *i) {
        None => Ok(()),
        Some((_, e)) => Err(Miss::Read(e)),
    }
}

/// The bits of the fields that may be absent, by their `OPTIONAL`s in
/// declaration order.
pub const fn optional(flags: &[bool]) -> u64 {
    let mut mask = 0;
    let mut i = 0;
    while i < flags.len() {
        if flags[i] {
            mask |= 1 << i;
        }
        i += 1;
    }
    mask
}

/// Which of `names` the string at `s` is (a fieldless enum's values):
/// anything else is "expected one of" them. One copy for every such enum.
#[inline(never)]
pub fn one_of(s: &mut Scanner<'_>, names: &[&str]) -> Scan<usize> {
    let got = match peek(s) {
        Some(b'"') => Some(s.string().ok_or_else(text)?),
        _ => None,
    };
    match got.and_then(|g| names.iter().position(|n| *n == g)) {
        Some(i) => Ok(i),
        None => {
            let mut what = String::from("expected one of");
            for n in names {
                what.push_str(" \"");
                what.push_str(n);
                what.push('"');
            }
            Err(ReadError::new(what).into())
        }
    }
}

/// A field read into place.
#[inline(never)]
pub fn field<T: FromJson>(dst: &mut T, s: &mut Scanner<'_>, cx: &mut ScanCx<'_>) -> Scan<()> {
    *dst = T::scan(s, cx)?;
    Ok(())
}

/// [`field`] by the field's own reader (`#[wire(with = ...)]`).
#[inline(never)]
pub fn field_with<T>(
    dst: &mut T,
    s: &mut Scanner<'_>,
    cx: &mut ScanCx<'_>,
    reader: fn(&mut Scanner<'_>, &mut ScanCx<'_>) -> Scan<T>,
) -> Scan<()> {
    *dst = reader(s, cx)?;
    Ok(())
}

/// A member that is there only to be known (a union's tag, read first).
pub fn known(s: &mut Scanner<'_>, cx: &mut ScanCx<'_>) -> Scan<()> {
    skip_value(s, cx.depth)
}

/// Text that is not JSON (a function, so that `ok_or_else` builds nothing
/// on the way that succeeds: the build optimizes for size, and does not
/// inline `ok_or`).
#[inline(always)]
fn text() -> Miss {
    Miss::Text
}

/// The string tag (`role`, `type`, `op`) of the object at `s`, which a
/// union is read by; the scanner is left at the object's start. The tag
/// comes first in practice, so only the members before it are passed over.
pub fn tag<'a>(s: &mut Scanner<'a>, cx: &ScanCx<'_>, key: &str) -> Scan<Cow<'a, str>> {
    if peek(s) != Some(b'{') {
        return Err(expected(s, "an object"));
    }
    let start = s.offset();
    s.open_object().ok_or_else(text)?;
    let mut first = true;
    let found = loop {
        let Some(k) = s.next_key(&mut first).ok_or_else(text)? else {
            break Err(ReadError::new("missing field").into());
        };
        if k == key {
            break match peek(s) {
                Some(b'"') => s.string().ok_or_else(text),
                _ => Err(expected(s, "a string")),
            };
        }
        skip_value(s, cx.depth + 1)?;
    };
    s.set_offset(start);
    found.map_err(|m| match m {
        Miss::Read(e) => Miss::Read(e.within(key)),
        text => text,
    })
}

/// The string tag `key` of the object at `s` where it is its first member
/// (an event's `type`, in practice always), the scanner left past it with
/// `cx.opened` set, so the event's reader does not read it twice; else
/// [`tag`].
pub fn tag_first<'a>(s: &mut Scanner<'a>, cx: &mut ScanCx<'_>, key: &str) -> Scan<Cow<'a, str>> {
    let start = s.offset();
    let mut first = true;
    if s.open_object().is_some() {
        if let Some(Some(k)) = s.next_key(&mut first) {
            if k == key && peek(s) == Some(b'"') {
                if let Some(tag) = s.string() {
                    cx.opened = true;
                    cx.spend()?;
                    return Ok(tag);
                }
            }
        }
    }
    s.set_offset(start);
    tag(s, cx, key)
}

/// The JSON text `text`, nothing around it, read as a `T`: where it is
/// not JSON, the parser's error (over any other).
pub fn from_text<T: FromJson>(text: &str, cx: &mut ScanCx<'_>) -> Result<T, TextError> {
    let mut s = Scanner::new(text);
    let read = T::scan(&mut s, cx);
    let read = match read {
        Ok(v) if s.at_end() => return Ok(v),
        other => other,
    };
    match (crate::core::json::validate(text), read) {
        (Err(e), _) => Err(TextError::Json(e)),
        (Ok(()), Err(Miss::Read(e))) => Err(TextError::Read(e)),
        // The scanner reads by the parser's grammar, so this is not expected.
        (Ok(()), _) => Err(TextError::Read(ReadError::new("unreadable"))),
    }
}

/// Why a JSON text was refused: not JSON, or not the value asked for.
#[derive(Debug)]
pub enum TextError {
    Json(crate::core::json::ParseError),
    Read(ReadError),
}

impl std::fmt::Display for TextError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TextError::Json(e) => e.fmt(f),
            TextError::Read(e) => e.fmt(f),
        }
    }
}

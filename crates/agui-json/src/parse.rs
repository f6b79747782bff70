//! JSON text to a `serde_json::Value`.
//!
//! serde_json's parser is generic over readers and visitors, and with its
//! error machinery (which formats floats for "invalid type" messages) it was
//! a tenth of the WebAssembly build, where only this one use of it remains:
//! text in, `Value` out. This parser accepts exactly what serde_json accepts
//! (a test holds the two together), reads numbers as `JSON.parse` does
//! (correctly rounded), and reports errors in serde_json's words.

use std::fmt;
use std::marker::PhantomData;

use crate::swar::{below, equal, scan_until};
use serde_json::{Map, Number, Value};

use super::number::parse_f64;

/// How deeply arrays and objects may nest: serde_json's recursion limit, so
/// a document refused before is refused now.
pub const MAX_DEPTH: usize = 128;

/// The most containers a document that parses may nest (a 128th is
/// refused, as serde_json refuses it).
pub const MAX_NESTING: usize = MAX_DEPTH - 1;

/// Why a text is not JSON, and where (1-based line and column, in bytes).
#[derive(Debug, Clone, PartialEq)]
pub struct ParseError {
    reason: &'static str,
    line: usize,
    column: usize,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at line {} column {}",
            self.reason, self.line, self.column
        )
    }
}

impl std::error::Error for ParseError {}

/// Parses one JSON document; anything but whitespace after it is an error.
pub fn parse(text: &str) -> Result<Value, ParseError> {
    Parser::<Build>::new(text).document()
}

/// Whether `text` is one JSON document `parse` accepts, and if not, the
/// same error, without building the value: the same grammar, read by
/// [`Check`], which makes nothing.
pub fn validate(text: &str) -> Result<(), ParseError> {
    Parser::<Check>::new(text).document()
}

/// The members of the JSON object `text`, as each key and its value's
/// text, every value checked; `None` where `text` is not one valid object
/// (its parse then reports why).
pub fn members(text: &str) -> Option<Vec<(String, &str)>> {
    let mut p = Parser::<Check>::new(text);
    if p.peek()? != b'{' {
        return None;
    }
    p.at += 1;
    p.depth = 1;
    let mut out = Vec::new();
    if p.peek()? == b'}' {
        p.at += 1;
    } else {
        loop {
            p.expect(b'"', "", "").ok()?;
            let mut key = Parser::<Build>::new(text);
            key.at = p.at;
            let k = key.string().ok()?;
            p.at = key.at;
            p.expect(b':', "", "").ok()?;
            p.skip_space();
            let start = p.at;
            p.value().ok()?;
            out.push((k, &text[start..p.at]));
            if !p.another(b'}', "", "").ok()? {
                break;
            }
        }
    }
    p.skip_space();
    (p.at == p.bytes.len()).then_some(out)
}

/// The value at byte `at` of `text` (whitespace before it skipped), `depth`
/// containers deep, and where it ends; `None` where `parse` of the whole
/// document would fail there (the caller then goes the general way, which
/// reports why). For readers that walk an event's text themselves.
pub fn value_at(text: &str, at: usize, depth: usize) -> Option<(Value, usize)> {
    let mut p = Parser::<Build>::new(text);
    p.at = at;
    p.depth = depth;
    let v = p.value().ok()?;
    Some((v, p.at))
}

/// Where the value at byte `at` of `text` ends, `depth` containers deep,
/// checked as [`value_at`] reads it but built into nothing; `None` where
/// `parse` would fail there.
pub fn skip_at(text: &str, at: usize, depth: usize) -> Option<usize> {
    let mut p = Parser::<Check>::new(text);
    p.at = at;
    p.depth = depth;
    p.value().ok()?;
    Some(p.at)
}

/// The JSON string whose opening quote is byte `at` of `text`, escapes
/// decoded, and where it ends (past the closing quote); `None` where `parse`
/// would fail there. One pass: finding the end first and decoding after
/// took a 4 MB tool-argument delta twice as long.
pub fn string_at(text: &str, at: usize) -> Option<(String, usize)> {
    let mut p = Parser::<Build>::new(text);
    (p.bytes.get(at) == Some(&b'"')).then_some(())?;
    p.at = at + 1;
    let s = p.string().ok()?;
    Some((s, p.at))
}

/// Where the plain run of a string starting at `i` ends: the first `"`,
/// `\` or control character, or the end.
pub fn plain_run_end(bytes: &[u8], i: usize) -> usize {
    scan_until(
        bytes,
        i,
        |w| equal(w, b'"') | equal(w, b'\\') | below(w, 0x20),
        |b| b == b'"' || b == b'\\' || b < 0x20,
    )
}

/// What the parser makes of what it reads. The grammar is written once
/// ([`Parser`]) and read by two makers: [`Build`], which makes the
/// `Value`, and [`Check`], whose every type is `()`, so that checking a
/// text makes no string, vector or map to drop again. Checking a 5 MB
/// state through the builder with its values left empty was about as slow
/// as `JSON.parse` of it in Node.
trait Make {
    type Value;
    type Str;
    type Arr;
    type Obj;
    /// A string from the run `text[from..to]`: the whole of one with no
    /// escape (the common case, made at its size at once), or the start of
    /// one with escapes. Runs are given by position so that a maker that
    /// makes nothing slices nothing.
    fn plain(text: &str, from: usize, to: usize) -> Self::Str;
    /// A string with escapes as they are undone: its first run, then runs
    /// and characters, then the string.
    type Buf;
    fn buffer(text: &str, from: usize, to: usize) -> Self::Buf;
    fn push_run(s: &mut Self::Buf, text: &str, from: usize, to: usize);
    fn push_char(s: &mut Self::Buf, c: char);
    fn finish(s: Self::Buf) -> Self::Str;
    fn string(s: Self::Str) -> Self::Value;
    fn new_array() -> Self::Arr;
    fn push(a: &mut Self::Arr, v: Self::Value);
    fn array(a: Self::Arr) -> Self::Value;
    fn new_object() -> Self::Obj;
    fn insert(o: &mut Self::Obj, k: Self::Str, v: Self::Value);
    fn object(o: Self::Obj) -> Self::Value;
    fn bool(b: bool) -> Self::Value;
    fn null() -> Self::Value;
    /// A number whose text, `text[from..to]`, the grammar accepted; `None`
    /// when out of range.
    fn number(
        text: &str,
        from: usize,
        to: usize,
        negative: bool,
        integral: bool,
    ) -> Option<Self::Value>;
}

/// Makes the `serde_json::Value`.
struct Build;

impl Make for Build {
    type Value = Value;
    type Str = String;
    type Arr = Vec<Value>;
    type Obj = Map<String, Value>;
    fn plain(text: &str, from: usize, to: usize) -> String {
        text[from..to].to_owned()
    }
    /// Bytes, not a `String`: a run pushed onto a `String` is sliced from
    /// the text with a check that both ends are characters' boundaries,
    /// which they always are (stops fall on ASCII bytes); `finish` checks
    /// the whole once instead. JSON inside a string (a tool call's
    /// arguments) is runs of a few bytes between `\"`s: 4 MiB of it in one
    /// string took 0.84x to 0.91x the time (Node, alternated pairs).
    type Buf = Vec<u8>;
    fn buffer(text: &str, from: usize, to: usize) -> Vec<u8> {
        text.as_bytes()[from..to].to_vec()
    }
    fn push_run(s: &mut Vec<u8>, text: &str, from: usize, to: usize) {
        s.extend_from_slice(&text.as_bytes()[from..to]);
    }
    fn push_char(s: &mut Vec<u8>, c: char) {
        s.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
    }
    fn finish(s: Vec<u8>) -> String {
        // Never empty for want of UTF-8: every run and character pushed
        // is whole.
        String::from_utf8(s).unwrap_or_default()
    }
    fn string(s: String) -> Value {
        Value::String(s)
    }
    fn new_array() -> Vec<Value> {
        Vec::new()
    }
    fn push(a: &mut Vec<Value>, v: Value) {
        a.push(v);
    }
    fn array(a: Vec<Value>) -> Value {
        Value::Array(a)
    }
    fn new_object() -> Map<String, Value> {
        Map::new()
    }
    fn insert(o: &mut Map<String, Value>, k: String, v: Value) {
        // A repeated key keeps its first place and takes the last value,
        // as `JSON.parse` does.
        o.insert(k, v);
    }
    fn object(o: Map<String, Value>) -> Value {
        Value::Object(o)
    }
    fn bool(b: bool) -> Value {
        Value::Bool(b)
    }
    fn null() -> Value {
        Value::Null
    }
    /// An integer when it has neither fraction nor exponent and fits 64
    /// bits, else the nearest double, as serde_json (and `JSON.parse`) read it.
    fn number(text: &str, from: usize, to: usize, negative: bool, integral: bool) -> Option<Value> {
        let text = &text[from..to];
        if integral {
            let n = if negative {
                text.parse::<i64>().ok().map(Number::from)
            } else {
                text.parse::<u64>().ok().map(Number::from)
            };
            // `-0` is a double in serde_json, as in JavaScript.
            if let Some(n) = n.filter(|_| text != "-0") {
                return Some(Value::Number(n));
            }
        }
        Number::from_f64(parse_f64(text).unwrap_or(f64::NAN)).map(Value::Number)
    }
}

/// Makes nothing: only whether the text is what `parse` accepts.
struct Check;

impl Make for Check {
    type Value = ();
    type Str = ();
    type Arr = ();
    type Obj = ();
    fn plain(_: &str, _: usize, _: usize) {}
    type Buf = ();
    fn buffer(_: &str, _: usize, _: usize) {}
    fn push_run(_: &mut (), _: &str, _: usize, _: usize) {}
    fn push_char(_: &mut (), _: char) {}
    fn finish(_: ()) {}
    fn string(_: ()) {}
    fn new_array() {}
    fn push(_: &mut (), _: ()) {}
    fn array(_: ()) {}
    fn new_object() {}
    fn insert(_: &mut (), _: (), _: ()) {}
    fn object(_: ()) {}
    fn bool(_: bool) {}
    fn null() {}
    fn number(text: &str, from: usize, to: usize, negative: bool, integral: bool) -> Option<()> {
        // Only whether it is in range, which a number of at most 15
        // characters without an exponent always is.
        let digits = &text.as_bytes()[from..to];
        if digits.len() <= 15 && !digits.iter().any(|b| b | 0x20 == b'e') {
            return Some(());
        }
        Build::number(text, from, to, negative, integral).map(drop)
    }
}

struct Parser<'a, M> {
    text: &'a str,
    bytes: &'a [u8],
    at: usize,
    depth: usize,
    make: PhantomData<M>,
}

type Parsed<T> = Result<T, ParseError>;

impl<'a, M: Make> Parser<'a, M> {
    fn new(text: &'a str) -> Self {
        Parser {
            text,
            bytes: text.as_bytes(),
            at: 0,
            depth: 0,
            make: PhantomData,
        }
    }

    /// One value and nothing but whitespace after it.
    fn document(&mut self) -> Parsed<M::Value> {
        let value = self.value()?;
        self.skip_space();
        if self.at < self.bytes.len() {
            return Err(self.fail_here("trailing characters"));
        }
        Ok(value)
    }

    /// An error at byte `pos` (that byte counted, as serde_json counts).
    fn fail_at(&self, pos: usize, reason: &'static str) -> ParseError {
        let pos = pos.min(self.bytes.len());
        let before = &self.bytes[..pos];
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        ParseError {
            reason,
            line: 1 + before.iter().filter(|&&b| b == b'\n').count(),
            column: pos - line_start,
        }
    }

    /// An error at the byte under the cursor, or at the end.
    fn fail_here(&self, reason: &'static str) -> ParseError {
        self.fail_at(self.at + 1, reason)
    }

    fn eof(&self, reason: &'static str) -> ParseError {
        self.fail_at(self.bytes.len(), reason)
    }

    #[inline(always)]
    fn skip_space(&mut self) {
        while let Some(b' ' | b'\n' | b'\t' | b'\r') = self.bytes.get(self.at) {
            self.at += 1;
        }
    }

    /// The next byte that is not whitespace, without taking it.
    #[inline(always)]
    fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.bytes.get(self.at).copied()
    }

    fn value(&mut self) -> Parsed<M::Value> {
        let Some(b) = self.peek() else {
            return Err(self.eof("EOF while parsing a value"));
        };
        match b {
            b'"' => {
                self.at += 1;
                self.string().map(M::string)
            }
            b'{' => self.nested(Self::object),
            b'[' => self.nested(Self::array),
            b't' => self.word("true").map(|()| M::bool(true)),
            b'f' => self.word("false").map(|()| M::bool(false)),
            b'n' => self.word("null").map(|()| M::null()),
            b'-' | b'0'..=b'9' => self.number(),
            _ => Err(self.fail_here("expected value")),
        }
    }

    fn nested(&mut self, read: fn(&mut Self) -> Parsed<M::Value>) -> Parsed<M::Value> {
        self.depth += 1;
        if self.depth >= MAX_DEPTH {
            return Err(self.fail_here("recursion limit exceeded"));
        }
        self.at += 1;
        let v = read(self)?;
        self.depth -= 1;
        Ok(v)
    }

    #[inline(never)]
    fn word(&mut self, word: &'static str) -> Parsed<()> {
        for &want in word.as_bytes() {
            match self.bytes.get(self.at) {
                Some(&b) if b == want => self.at += 1,
                Some(_) => return Err(self.fail_here("expected ident")),
                None => return Err(self.eof("EOF while parsing a value")),
            }
        }
        Ok(())
    }

    fn array(&mut self) -> Parsed<M::Value> {
        let mut items = M::new_array();
        if matches!(self.peek(), Some(b']')) {
            self.at += 1;
            return Ok(M::array(items));
        }
        loop {
            let v = self.value()?;
            M::push(&mut items, v);
            if !self.another(b']', "expected `,` or `]`", "EOF while parsing a list")? {
                return Ok(M::array(items));
            }
        }
    }

    fn object(&mut self) -> Parsed<M::Value> {
        const EOF: &str = "EOF while parsing an object";
        let mut map = M::new_object();
        if matches!(self.peek(), Some(b'}')) {
            self.at += 1;
            return Ok(M::object(map));
        }
        loop {
            self.expect(b'"', "key must be a string", EOF)?;
            let key = self.string()?;
            self.expect(b':', "expected `:`", EOF)?;
            let v = self.value()?;
            M::insert(&mut map, key, v);
            if !self.another(b'}', "expected `,` or `}`", EOF)? {
                return Ok(M::object(map));
            }
        }
    }

    /// Takes `want`, the next byte that is not whitespace.
    #[inline(always)]
    fn expect(&mut self, want: u8, reason: &'static str, eof: &'static str) -> Parsed<()> {
        match self.peek() {
            Some(b) if b == want => {
                self.at += 1;
                Ok(())
            }
            Some(_) => Err(self.fail_here(reason)),
            None => Err(self.eof(eof)),
        }
    }

    /// After a member: `true` past a `,`, `false` past the closing `close`.
    #[inline(always)]
    fn another(&mut self, close: u8, reason: &'static str, eof: &'static str) -> Parsed<bool> {
        if matches!(self.peek(), Some(b',')) {
            self.at += 1;
            return Ok(true);
        }
        self.expect(close, reason, eof).map(|()| false)
    }

    /// The rest of a string whose opening quote has been taken.
    fn string(&mut self) -> Parsed<M::Str> {
        let start = self.at;
        self.at = plain_run_end(self.bytes, self.at);
        // Stops fall on ASCII bytes, so both ends are char boundaries.
        if matches!(self.bytes.get(self.at), Some(b'"')) {
            // Most strings have no escape: one allocation of the right size
            // instead of a growing buffer (a tenth of parsing a large
            // snapshot went to regrowing).
            self.at += 1;
            return Ok(M::plain(self.text, start, self.at - 1));
        }
        let mut out = M::buffer(self.text, start, self.at);
        loop {
            match self.bytes.get(self.at) {
                Some(b'"') => {
                    self.at += 1;
                    return Ok(M::finish(out));
                }
                Some(b'\\') => {
                    self.at += 1;
                    if let Some(b'"' | b'\\' | b'/') = self.bytes.get(self.at) {
                        // The escaped byte stands for itself: the next run
                        // starts at it (JSON in a string, a tool call's
                        // arguments, is mostly `\"`: 15% off decoding it).
                        let start = self.at;
                        self.at = plain_run_end(self.bytes, self.at + 1);
                        M::push_run(&mut out, self.text, start, self.at);
                        continue;
                    }
                    let c = self.escape()?;
                    M::push_char(&mut out, c);
                }
                Some(_) => {
                    return Err(self.fail_here(
                        "control character (\\u0000-\\u001F) found while parsing a string",
                    ))
                }
                None => return Err(self.eof("EOF while parsing a string")),
            }
            let start = self.at;
            self.at = plain_run_end(self.bytes, self.at);
            M::push_run(&mut out, self.text, start, self.at);
        }
    }

    /// The character an escape stands for, its `\` taken.
    #[inline(never)]
    fn escape(&mut self) -> Parsed<char> {
        let Some(&b) = self.bytes.get(self.at) else {
            return Err(self.eof("EOF while parsing a string"));
        };
        self.at += 1;
        Ok(match b {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => self.unicode()?,
            _ => return Err(self.fail_at(self.at, "invalid escape")),
        })
    }

    /// `\uXXXX`, its `u` taken. A surrogate pair is one character; a lone
    /// half is U+FFFD. `JSON.parse` keeps a lone half in its string, as
    /// `JSON.stringify` writes one (a JavaScript agent that cuts text by
    /// UTF-16 index splits an emoji across two events), and a Rust string
    /// cannot hold it: serde_json refuses the text, which failed whole runs
    /// over one character. Where both halves arrive in separate deltas,
    /// `surrogates` joins them again.
    fn unicode(&mut self) -> Parsed<char> {
        let first = self.hex4()?;
        if (0xDC00..=0xDFFF).contains(&first) {
            return Ok(char::REPLACEMENT_CHARACTER);
        }
        if !(0xD800..=0xDBFF).contains(&first) {
            return char::from_u32(first)
                .ok_or_else(|| self.fail_at(self.at, "invalid unicode code point"));
        }
        // A high half: a pair only with a low half's escape right after it;
        // any other escape there is read on its own.
        let resume = self.at;
        if self.bytes.get(self.at..self.at + 2) == Some(b"\\u") {
            self.at += 2;
            let second = self.hex4()?;
            if (0xDC00..=0xDFFF).contains(&second) {
                let code = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00);
                return char::from_u32(code)
                    .ok_or_else(|| self.fail_at(self.at, "invalid unicode code point"));
            }
            self.at = resume;
        }
        Ok(char::REPLACEMENT_CHARACTER)
    }

    fn hex4(&mut self) -> Parsed<u32> {
        let mut n = 0;
        for _ in 0..4 {
            let Some(&b) = self.bytes.get(self.at) else {
                return Err(self.eof("EOF while parsing a string"));
            };
            self.at += 1;
            let digit = match b {
                b'0'..=b'9' => b - b'0',
                b'a'..=b'f' => b - b'a' + 10,
                b'A'..=b'F' => b - b'A' + 10,
                _ => return Err(self.fail_at(self.at, "invalid escape")),
            };
            n = n * 16 + u32::from(digit);
        }
        Ok(n)
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, made by the maker.
    fn number(&mut self) -> Parsed<M::Value> {
        let start = self.at;
        let (negative, integral) = self.number_text()?;
        M::number(self.text, start, self.at, negative, integral)
            .ok_or_else(|| self.fail_at(self.at, "number out of range"))
    }

    /// Takes a number's text: whether it is negative, and whether it is
    /// integral (neither fraction nor exponent). Apart from the makers'
    /// code (`inline(never)`), so that the two parsers share it.
    #[inline(never)]
    fn number_text(&mut self) -> Parsed<(bool, bool)> {
        let negative = self.bytes[self.at] == b'-';
        if negative {
            self.at += 1;
        }
        match self.bytes.get(self.at) {
            Some(b'0') => self.at += 1,
            Some(b'1'..=b'9') => self.digits(),
            Some(_) => return Err(self.fail_here("invalid number")),
            None => return Err(self.eof("EOF while parsing a value")),
        }
        let mut integral = true;
        if matches!(self.bytes.get(self.at), Some(b'.')) {
            self.at += 1;
            self.required_digits()?;
            integral = false;
        }
        if let Some(b'e' | b'E') = self.bytes.get(self.at) {
            self.at += 1;
            if let Some(b'+' | b'-') = self.bytes.get(self.at) {
                self.at += 1;
            }
            self.required_digits()?;
            integral = false;
        }
        Ok((negative, integral))
    }

    fn digits(&mut self) {
        while let Some(b'0'..=b'9') = self.bytes.get(self.at) {
            self.at += 1;
        }
    }

    fn required_digits(&mut self) -> Parsed<()> {
        match self.bytes.get(self.at) {
            Some(b'0'..=b'9') => {
                self.digits();
                Ok(())
            }
            Some(_) => Err(self.fail_here("invalid number")),
            None => Err(self.eof("EOF while parsing a value")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::plain_run_end;

    #[test]
    fn a_plain_run_ends_where_the_byte_loop_says() {
        let slow = |b: &[u8], mut i: usize| {
            while i < b.len() && !(b[i] == b'"' || b[i] == b'\\' || b[i] < 0x20) {
                i += 1;
            }
            i
        };
        // Every stop byte at every offset within and across words, after
        // bytes just above and below each threshold and multi-byte text.
        let fillers: [&[u8]; 4] = [
            b"abcdefghijklmnopqrstuvwx",
            "éàü😀ÿ€".as_bytes(),
            b"\x20!#[]\x7f\x21",
            b"\x80\xa2\xdc\xff",
        ];
        for fill in fillers {
            for stop in [b'"', b'\\', 0x00, 0x1f, 0x0a] {
                for at in 0..20 {
                    let mut text: Vec<u8> = fill.iter().cycle().take(24).copied().collect();
                    if at < text.len() {
                        text[at] = stop;
                    }
                    for from in 0..text.len() {
                        assert_eq!(
                            plain_run_end(&text, from),
                            slow(&text, from),
                            "{text:?} from {from}"
                        );
                    }
                }
            }
        }
    }
}

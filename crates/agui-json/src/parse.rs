//! JSON text to a `serde_json::Value`.
//!
//! serde_json's parser is generic over readers and visitors, and with its
//! error machinery (which formats floats for "invalid type" messages) it was
//! a tenth of the WebAssembly build, where only this one use of it remains:
//! text in, `Value` out. This parser accepts exactly what serde_json accepts
//! (a test holds the two together), reads numbers as `JSON.parse` does
//! (correctly rounded), and reports errors in serde_json's words.

use std::fmt;

use crate::swar::{below, equal, scan_until};
use serde_json::{Map, Number, Value};

use super::number::parse_f64;

/// How deeply arrays and objects may nest: serde_json's recursion limit, so
/// a document refused before is refused now.
pub const MAX_DEPTH: usize = 128;

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
    Parser::new(text, true).document()
}

/// Whether `text` is one JSON document `parse` accepts, and if not, the
/// same error, without building the value: the grammar is the same code,
/// which only skips the allocations and the maps (a fifth of the time of
/// `parse` on a 5 MB state).
pub fn validate(text: &str) -> Result<(), ParseError> {
    Parser::new(text, false).document().map(drop)
}

/// A reader of one member's value for [`members`]: given the text from
/// where the value starts, how many bytes it took.
pub type ReadMember<'r, 'a> = &'r mut dyn FnMut(&'a str) -> Option<usize>;

/// The members of the JSON object `text`, as each key and its value's
/// text, every value checked; `None` where `text` is not one valid object
/// (its parse then reports why). With `reading` as `(key, read)`, the value
/// of member `key` is read by `read` instead, given the text from where the
/// value starts: it answers how many bytes the value took, or `None` to
/// give up. That is for a large member whose reader checks it as it goes,
/// so that its text is walked once, not twice.
pub fn members<'a>(
    text: &'a str,
    mut reading: Option<(&str, ReadMember<'_, 'a>)>,
) -> Option<Vec<(String, &'a str)>> {
    let mut p = Parser::new(text, false);
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
            p.build = true;
            let k = p.string().ok()?;
            p.build = false;
            p.expect(b':', "", "").ok()?;
            p.skip_space();
            let start = p.at;
            match reading.as_mut().filter(|(key, _)| k == *key) {
                Some((_, read)) => {
                    let end = start + read(&text[start..])?;
                    text.is_char_boundary(end).then_some(())?;
                    p.at = end;
                }
                None => drop(p.value().ok()?),
            }
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
    let mut p = Parser::new(text, true);
    p.at = at;
    p.depth = depth;
    let v = p.value().ok()?;
    Some((v, p.at))
}

/// Parses a JSON string literal, quotes included.
pub fn parse_string(text: &str) -> Option<String> {
    match parse(text) {
        Ok(Value::String(s)) => Some(s),
        _ => None,
    }
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

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    at: usize,
    depth: usize,
    /// Whether values are built (`parse`) or only checked (`validate`,
    /// which answers `null` for every value).
    build: bool,
}

type Parsed<T> = Result<T, ParseError>;

impl<'a> Parser<'a> {
    fn new(text: &'a str, build: bool) -> Self {
        Parser {
            text,
            bytes: text.as_bytes(),
            at: 0,
            depth: 0,
            build,
        }
    }

    /// One value and nothing but whitespace after it.
    fn document(&mut self) -> Parsed<Value> {
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

    fn value(&mut self) -> Parsed<Value> {
        let Some(b) = self.peek() else {
            return Err(self.eof("EOF while parsing a value"));
        };
        match b {
            b'"' => {
                self.at += 1;
                self.string().map(Value::String)
            }
            b'{' => self.nested(Self::object),
            b'[' => self.nested(Self::array),
            b't' => self.word("true", Value::Bool(true)),
            b'f' => self.word("false", Value::Bool(false)),
            b'n' => self.word("null", Value::Null),
            b'-' | b'0'..=b'9' => self.number(),
            _ => Err(self.fail_here("expected value")),
        }
    }

    fn nested(&mut self, read: fn(&mut Self) -> Parsed<Value>) -> Parsed<Value> {
        self.depth += 1;
        if self.depth >= MAX_DEPTH {
            return Err(self.fail_here("recursion limit exceeded"));
        }
        self.at += 1;
        let v = read(self)?;
        self.depth -= 1;
        Ok(v)
    }

    fn word(&mut self, word: &'static str, v: Value) -> Parsed<Value> {
        for &want in word.as_bytes() {
            match self.bytes.get(self.at) {
                Some(&b) if b == want => self.at += 1,
                Some(_) => return Err(self.fail_here("expected ident")),
                None => return Err(self.eof("EOF while parsing a value")),
            }
        }
        Ok(v)
    }

    fn array(&mut self) -> Parsed<Value> {
        let mut items = Vec::new();
        if self.peek() == Some(b']') {
            self.at += 1;
            return Ok(Value::Array(items));
        }
        loop {
            let v = self.value()?;
            if self.build {
                items.push(v);
            }
            if !self.another(b']', "expected `,` or `]`", "EOF while parsing a list")? {
                return Ok(Value::Array(items));
            }
        }
    }

    fn object(&mut self) -> Parsed<Value> {
        const EOF: &str = "EOF while parsing an object";
        let mut map = Map::new();
        if self.peek() == Some(b'}') {
            self.at += 1;
            return Ok(Value::Object(map));
        }
        loop {
            self.expect(b'"', "key must be a string", EOF)?;
            let key = self.string()?;
            self.expect(b':', "expected `:`", EOF)?;
            // A repeated key keeps its first place and takes the last value,
            // as `JSON.parse` does.
            let v = self.value()?;
            if self.build {
                map.insert(key, v);
            }
            if !self.another(b'}', "expected `,` or `}`", EOF)? {
                return Ok(Value::Object(map));
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
        if self.peek() == Some(b',') {
            self.at += 1;
            return Ok(true);
        }
        self.expect(close, reason, eof).map(|()| false)
    }

    /// The rest of a string whose opening quote has been taken.
    fn string(&mut self) -> Parsed<String> {
        let mut out = String::new();
        loop {
            let start = self.at;
            self.at = plain_run_end(self.bytes, self.at);
            // Stops fall on ASCII bytes, so both ends are char boundaries.
            let run = &self.text[start..self.at];
            if out.is_empty() && self.bytes.get(self.at) == Some(&b'"') {
                // Most strings have no escape: one allocation of the right
                // size instead of a growing buffer (a tenth of parsing a
                // large snapshot went to regrowing).
                self.at += 1;
                return Ok(if self.build {
                    run.to_owned()
                } else {
                    String::new()
                });
            }
            out.push_str(run);
            match self.bytes.get(self.at) {
                Some(b'"') => {
                    self.at += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.at += 1;
                    self.escape(&mut out)?;
                }
                Some(_) => {
                    return Err(self.fail_here(
                        "control character (\\u0000-\\u001F) found while parsing a string",
                    ))
                }
                None => return Err(self.eof("EOF while parsing a string")),
            }
        }
    }

    fn escape(&mut self, out: &mut String) -> Parsed<()> {
        let Some(&b) = self.bytes.get(self.at) else {
            return Err(self.eof("EOF while parsing a string"));
        };
        self.at += 1;
        let c = match b {
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
        };
        out.push(c);
        Ok(())
    }

    /// `\uXXXX`, its `u` taken; a surrogate must come in a pair.
    fn unicode(&mut self) -> Parsed<char> {
        let first = self.hex4()?;
        let code = match first {
            0xD800..=0xDBFF => {
                if self.bytes.get(self.at..self.at + 2) != Some(b"\\u") {
                    return Err(self.fail_at(self.at, "lone leading surrogate in hex escape"));
                }
                self.at += 2;
                let second = self.hex4()?;
                if !(0xDC00..=0xDFFF).contains(&second) {
                    return Err(self.fail_at(self.at, "lone leading surrogate in hex escape"));
                }
                0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            }
            0xDC00..=0xDFFF => {
                return Err(self.fail_at(self.at, "lone trailing surrogate in hex escape"))
            }
            c => c,
        };
        char::from_u32(code).ok_or_else(|| self.fail_at(self.at, "invalid unicode code point"))
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

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`: an integer when it
    /// has neither fraction nor exponent and fits 64 bits, else the nearest
    /// double, as serde_json (and `JSON.parse`) read it.
    fn number(&mut self) -> Parsed<Value> {
        let start = self.at;
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
        if self.bytes.get(self.at) == Some(&b'.') {
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
        let text = &self.text[start..self.at];
        // Checking needs no value, only whether the number is in range, and
        // a number of at most 15 characters without an exponent always is.
        if !self.build && text.len() <= 15 && !text.contains(['e', 'E']) {
            return Ok(Value::Null);
        }
        if integral {
            let n = if negative {
                text.parse::<i64>().ok().map(Number::from)
            } else {
                text.parse::<u64>().ok().map(Number::from)
            };
            // `-0` is a double in serde_json, as in JavaScript.
            if let Some(n) = n.filter(|_| text != "-0") {
                return Ok(Value::Number(n));
            }
        }
        let f = parse_f64(text).unwrap_or(f64::NAN);
        Number::from_f64(f)
            .map(Value::Number)
            .ok_or_else(|| self.fail_at(self.at, "number out of range"))
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

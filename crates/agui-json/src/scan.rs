//! Walking JSON text token by token, for readers that build what they
//! read straight from it (the protocol types' `FromJson::scan`) rather
//! than a `Value` (with a hashed map per object) to take apart again.
//! Every step checks by the parser's grammar; `None` is text the parser
//! would refuse there, and the caller asks the parser why.

use std::borrow::Cow;

use serde_json::Value;

pub struct Scanner<'a> {
    text: &'a str,
    at: usize,
}

// Small and called per byte or per token: inlined, since the WebAssembly
// build optimizes for size and would otherwise call each one.
impl<'a> Scanner<'a> {
    pub fn new(text: &'a str) -> Self {
        Scanner { text, at: 0 }
    }

    /// How far it has read, in bytes.
    pub fn offset(&self) -> usize {
        self.at
    }

    /// The whole text being read.
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// Reads on from byte `at` (a place it has been before).
    pub fn set_offset(&mut self, at: usize) {
        self.at = at;
    }

    /// Any JSON value, checked and built into nothing, `depth` containers
    /// deep; its text.
    pub fn skip(&mut self, depth: usize) -> Option<&'a str> {
        self.skip_ws();
        let start = self.at;
        self.at = super::skip_at(self.text, self.at, depth)?;
        self.text.get(start..self.at)
    }

    /// Steps into the object at hand, past its `{`, for [`Self::next_key`].
    pub fn open_object(&mut self) -> Option<()> {
        self.skip_ws();
        self.eat(b'{')
    }

    /// The next member's key of an object opened by [`Self::open_object`],
    /// the scanner left at its value (which the caller must read), or
    /// `Some(None)` past the closing `}`; `first`: no member read yet. One
    /// loop for every reader that walks an object member by member.
    #[inline(never)]
    pub fn next_key(&mut self, first: &mut bool) -> Option<Option<Cow<'a, str>>> {
        self.skip_ws();
        if std::mem::take(first) {
            if self.peek() == Some(b'}') {
                self.at += 1;
                return Some(None);
            }
        } else {
            match self.take_byte()? {
                b',' => self.skip_ws(),
                b'}' => return Some(None),
                _ => return None,
            }
        }
        let key = self.string()?;
        self.skip_ws();
        self.eat(b':')?;
        self.skip_ws();
        Some(Some(key))
    }

    /// Whether only whitespace is left.
    pub fn at_end(&mut self) -> bool {
        self.skip_ws();
        self.at == self.text.len()
    }

    /// An array, `[` to `]`: `item` reads each element (or refuses with `None`).
    pub fn array(&mut self, item: impl FnMut(&mut Self) -> Option<()>) -> Option<()> {
        self.container(b'[', b']', item)
    }

    /// `open`, the entries `entry` reads, separated by commas, and `close`.
    #[inline(always)]
    fn container(
        &mut self,
        open: u8,
        close: u8,
        mut entry: impl FnMut(&mut Self) -> Option<()>,
    ) -> Option<()> {
        self.skip_ws();
        self.eat(open)?;
        self.skip_ws();
        if self.peek() == Some(close) {
            self.at += 1;
            return Some(());
        }
        loop {
            entry(self)?;
            self.skip_ws();
            match self.take_byte()? {
                b',' => continue,
                b if b == close => return Some(()),
                _ => return None,
            }
        }
    }

    /// Any JSON value, built by the general parser, `depth` containers
    /// deep (so its nesting limit holds as it would for the whole text).
    pub fn value(&mut self, depth: usize) -> Option<Value> {
        let (v, end) = super::value_at(self.text, self.at, depth)?;
        self.at = end;
        Some(v)
    }

    #[inline(always)]
    pub fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }
    #[inline(always)]
    pub fn take_byte(&mut self) -> Option<u8> {
        let b = *self.text.as_bytes().get(self.at)?;
        self.at += 1;
        Some(b)
    }

    #[inline(always)]
    pub fn eat(&mut self, want: u8) -> Option<()> {
        (self.take_byte()? == want).then_some(())
    }

    #[inline(always)]
    pub fn skip_ws(&mut self) {
        let b = self.text.as_bytes();
        while matches!(b.get(self.at), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    /// A JSON string. Without escapes it is borrowed; with them, the general
    /// parser decodes it (surrogate pairs and all), so the two cannot differ.
    pub fn string(&mut self) -> Option<Cow<'a, str>> {
        let start = self.at;
        self.eat(b'"')?;
        let bytes = self.text.as_bytes();
        // The plain case in one pass: up to the closing quote, with neither
        // an escape nor a raw control character (invalid JSON, which the
        // general path reports) on the way.
        let stop = super::plain_run_end(bytes, self.at);
        if *bytes.get(stop)? == b'"' {
            self.at = stop + 1;
            // Both ends sit on ASCII quotes, so they are character boundaries.
            return self.text.get(start + 1..stop).map(Cow::Borrowed);
        }
        let (s, end) = super::string_at(self.text, start)?;
        self.at = end;
        Some(Cow::Owned(s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Strings with escapes decode as `parse` decodes them, in one pass, and
    /// the scanner goes on from just past them.
    #[test]
    fn strings_read_as_parse_reads_them_and_end_where_they_end() {
        for (text, want) in [
            (r#"{"a":"x\"y","b":"z"}"#, Some(vec!["x\"y", "z"])),
            (
                r#"{"a":"\u00e9\ud83d\ude00\\\/\n","b":""}"#,
                Some(vec!["é😀\\/\n", ""]),
            ),
            (
                r#"{"a":"lone \ud800","b":"ok"}"#,
                Some(vec!["lone \u{FFFD}", "ok"]),
            ),
            (r#"{"a":"bad \q","b":"z"}"#, None),
            ("{\"a\":\"raw\ttab \\n\",\"b\":\"z\"}", None),
            (r#"{"a":"cut \"#, None),
        ] {
            let mut s = Scanner::new(text);
            let mut got = Vec::new();
            let read = (|| {
                s.open_object()?;
                let mut first = true;
                while s.next_key(&mut first)?.is_some() {
                    got.push(s.string()?.into_owned());
                }
                Some(())
            })();
            let got = read.filter(|_| s.at_end()).map(|_| got);
            assert_eq!(
                got,
                want.map(|w| w.iter().map(|s| s.to_string()).collect::<Vec<_>>()),
                "{text}"
            );
        }
    }
}

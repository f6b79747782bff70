//! An incremental Server-Sent Events parser, by the WHATWG rules.
//!
//! Bytes arrive in network chunks of any size and split anywhere: inside a
//! UTF-8 character, between the CR and LF of a line ending, inside the BOM.
//! Each byte is looked at once; only a line that spans chunks is copied, so
//! the cost is linear in the body whatever the chunking.

use thiserror::Error;

use crate::core::json::{equal, scan_until};

/// The default cap on one event's size (its data plus the line being read).
pub const DEFAULT_MAX_EVENT_SIZE: usize = 16 * 1024 * 1024;

/// One dispatched event: the joined `data` lines and the fields kept with it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SseEvent {
    pub data: String,
    /// The `event` field, when the server named one.
    pub event: Option<String>,
    /// The last event id in force when this event was dispatched.
    pub id: Option<String>,
}

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum SseError {
    #[error("an SSE event exceeded the {limit}-byte limit (maxEventSize); the stream was stopped")]
    EventTooLarge { limit: usize },
}

/// The parser's state between chunks.
#[derive(Debug)]
pub struct SseParser {
    max_event_size: usize,
    /// A line that started in an earlier chunk.
    partial: Vec<u8>,
    /// The previous chunk ended in CR, so a leading LF belongs to that line ending.
    after_cr: bool,
    /// Bytes of a possible BOM seen so far at the very start of the stream.
    bom_seen: usize,
    started: bool,
    data: String,
    has_data: bool,
    event_type: Option<String>,
    id_buffer: Option<String>,
    last_event_id: Option<String>,
    retry: Option<u64>,
}

const BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];

impl Default for SseParser {
    fn default() -> Self {
        Self::new(DEFAULT_MAX_EVENT_SIZE)
    }
}

impl SseParser {
    pub fn new(max_event_size: usize) -> Self {
        SseParser {
            max_event_size,
            partial: Vec::new(),
            after_cr: false,
            bom_seen: 0,
            started: false,
            data: String::new(),
            has_data: false,
            event_type: None,
            id_buffer: None,
            last_event_id: None,
            retry: None,
        }
    }

    /// Starts reading a new connection of the same stream: framing starts
    /// afresh, the last event id and the retry delay carry over.
    pub fn restart(&mut self) {
        *self = SseParser {
            last_event_id: self.last_event_id.take(),
            retry: self.retry,
            ..SseParser::new(self.max_event_size)
        };
    }

    /// The id to send as `Last-Event-ID` when reconnecting.
    pub fn last_event_id(&self) -> Option<&str> {
        self.last_event_id.as_deref()
    }

    /// The reconnection delay the server asked for, in milliseconds.
    pub fn retry(&self) -> Option<u64> {
        self.retry
    }

    /// Feeds one network chunk; complete events are appended to `out`.
    pub fn feed(&mut self, mut chunk: &[u8], out: &mut Vec<SseEvent>) -> Result<(), SseError> {
        if !self.started {
            chunk = self.skip_bom(chunk);
            if !self.started {
                return Ok(());
            }
        }
        if self.after_cr && !chunk.is_empty() {
            self.after_cr = false;
            if let Some(rest) = chunk.strip_prefix(b"\n") {
                chunk = rest;
            }
        }
        while let Some(end) = line_end(chunk) {
            let (line, rest) = chunk.split_at(end);
            let cr = rest[0] == b'\r';
            chunk = &rest[1..];
            if cr {
                match chunk.first() {
                    Some(b'\n') => chunk = &chunk[1..],
                    None => self.after_cr = true,
                    Some(_) => {}
                }
            }
            if self.partial.is_empty() {
                self.line(line, out)?;
            } else {
                let mut whole = std::mem::take(&mut self.partial);
                whole.extend_from_slice(line);
                self.check_size(whole.len())?;
                if let Some(mut whole) = self.take_data_line(whole) {
                    self.line(&whole, out)?;
                    whole.clear();
                    self.partial = whole;
                }
            }
        }
        if !chunk.is_empty() {
            self.check_size(self.partial.len() + chunk.len())?;
            self.partial.extend_from_slice(chunk);
        }
        Ok(())
    }

    /// Ends the stream. Unlike a browser's EventSource, an event that was not
    /// closed by a blank line is still dispatched, as the reference client
    /// does: a body cut mid-event then fails on its JSON instead of vanishing.
    pub fn finish(&mut self, out: &mut Vec<SseEvent>) -> Result<(), SseError> {
        if !self.started && self.bom_seen > 0 {
            // A stream shorter than the BOM: what was held back was text.
            let held = BOM[..self.bom_seen].to_vec();
            self.started = true;
            self.partial.extend_from_slice(&held);
        }
        if !self.partial.is_empty() {
            let line = std::mem::take(&mut self.partial);
            self.line(&line, out)?;
        }
        self.dispatch(out);
        Ok(())
    }

    fn skip_bom<'a>(&mut self, chunk: &'a [u8]) -> &'a [u8] {
        let mut i = 0;
        while self.bom_seen < BOM.len() && i < chunk.len() {
            if chunk[i] != BOM[self.bom_seen] {
                // Not a BOM after all: the bytes held back are ordinary text.
                self.partial.extend_from_slice(&BOM[..self.bom_seen]);
                self.started = true;
                return &chunk[i..];
            }
            self.bom_seen += 1;
            i += 1;
        }
        if self.bom_seen == BOM.len() {
            self.started = true;
        }
        &chunk[i..]
    }

    fn check_size(&self, line_len: usize) -> Result<(), SseError> {
        if self.data.len() + line_len > self.max_event_size {
            Err(SseError::EventTooLarge {
                limit: self.max_event_size,
            })
        } else {
            Ok(())
        }
    }

    /// A line that spanned chunks (a large event's data, most often), made
    /// the event's data itself when it is its first `data` line: the bytes
    /// become the string where they are, instead of being copied into it
    /// (megabytes: scenario 4, a 1.45 MB event, 0.975x in 16 alternated
    /// pairs in Node). Hands the line back when it is anything else, for
    /// [`Self::line`].
    fn take_data_line(&mut self, line: Vec<u8>) -> Option<Vec<u8>> {
        let (name, value) = field(&line);
        if self.has_data || name != b"data" {
            return Some(line);
        }
        let start = line.len() - value.len();
        // Checked whole (the name is ASCII), then the name taken off the front.
        match String::from_utf8(line) {
            Ok(mut text) => {
                text.replace_range(..start, "");
                self.data = text;
                self.has_data = true;
                None
            }
            // Not UTF-8: the general way, which replaces what is not.
            Err(e) => Some(e.into_bytes()),
        }
    }

    fn line(&mut self, line: &[u8], out: &mut Vec<SseEvent>) -> Result<(), SseError> {
        if line.is_empty() {
            self.dispatch(out);
            return Ok(());
        }
        if line[0] == b':' {
            return Ok(());
        }
        let (name, value) = field(line);
        match name {
            b"data" => {
                self.check_size(value.len() + 1)?;
                if self.has_data {
                    self.data.push('\n');
                }
                // Valid UTF-8 is the rule; `from_utf8` checks it much faster
                // than the lossy decoder walks it.
                match std::str::from_utf8(value) {
                    Ok(text) => self.data.push_str(text),
                    Err(_) => self.data.push_str(&String::from_utf8_lossy(value)),
                }
                self.has_data = true;
            }
            b"event" => self.event_type = Some(String::from_utf8_lossy(value).into_owned()),
            b"id" if !value.contains(&0) => {
                self.id_buffer = Some(String::from_utf8_lossy(value).into_owned());
            }
            b"retry" if !value.is_empty() && value.iter().all(u8::is_ascii_digit) => {
                // Digits only, so this fails only on overflow, which is ignored.
                if let Ok(ms) = std::str::from_utf8(value).unwrap_or("").parse() {
                    self.retry = Some(ms);
                }
            }
            _ => {}
        }
        Ok(())
    }

    fn dispatch(&mut self, out: &mut Vec<SseEvent>) {
        if self.id_buffer.is_some() {
            self.last_event_id = self.id_buffer.clone();
        }
        let event_type = self.event_type.take();
        if !self.has_data {
            return;
        }
        self.has_data = false;
        out.push(SseEvent {
            data: std::mem::take(&mut self.data),
            event: event_type,
            id: self.last_event_id.clone(),
        });
    }
}

/// A field line's name and value: the value is what follows the first
/// colon, less one space; a line without a colon is all name.
fn field(line: &[u8]) -> (&[u8], &[u8]) {
    match line.iter().position(|&b| b == b':') {
        Some(colon) => {
            let v = &line[colon + 1..];
            (&line[..colon], v.strip_prefix(b" ").unwrap_or(v))
        }
        None => (line, &b""[..]),
    }
}

/// Where the first line of `chunk` ends (its `\n` or `\r`), if it does: a
/// data line can be megabytes, so it is searched for a word at a time.
fn line_end(chunk: &[u8]) -> Option<usize> {
    let end = scan_until(
        chunk,
        0,
        |w| equal(w, b'\n') | equal(w, b'\r'),
        |b| b == b'\n' || b == b'\r',
    );
    (end < chunk.len()).then_some(end)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_chunks(chunks: &[&[u8]]) -> Vec<SseEvent> {
        let mut p = SseParser::default();
        let mut out = Vec::new();
        for c in chunks {
            p.feed(c, &mut out).unwrap();
        }
        p.finish(&mut out).unwrap();
        out
    }

    fn datas(events: &[SseEvent]) -> Vec<&str> {
        events.iter().map(|e| e.data.as_str()).collect()
    }

    /// Every way of cutting `body` in two and in three gives the same events.
    fn same_at_every_split(body: &[u8], expected: &[&str]) {
        assert_eq!(datas(&parse_chunks(&[body])), expected, "whole body");
        for i in 0..=body.len() {
            let got = parse_chunks(&[&body[..i], &body[i..]]);
            assert_eq!(datas(&got), expected, "split at {i}");
            for j in i..=body.len() {
                let got = parse_chunks(&[&body[..i], &body[i..j], &body[j..]]);
                assert_eq!(datas(&got), expected, "split at {i} and {j}");
            }
        }
    }

    #[test]
    fn lf_cr_and_crlf_endings_at_every_split() {
        let expected = ["안녕 😀", "two\nlines", "x"];
        for nl in ["\n", "\r", "\r\n"] {
            let body = format!(
                "data: 안녕 😀{nl}{nl}: comment{nl}data:two{nl}data: lines{nl}{nl}event: e{nl}data: x{nl}{nl}"
            );
            same_at_every_split(body.as_bytes(), &expected);
        }
    }

    #[test]
    fn mixed_endings_and_bom() {
        let body = "\u{feff}data: a\r\n\rdata: b\n\r\ndata: c\r\r";
        same_at_every_split(body.as_bytes(), &["a", "b", "c"]);
    }

    #[test]
    fn bom_only_at_start_and_partial_bom_is_text() {
        // A BOM later in the stream is content, not skipped.
        let got = parse_chunks(&[b"data: \xEF\xBB\xBFx\n\n"]);
        assert_eq!(datas(&got), ["\u{feff}x"]);
        // Bytes that begin like a BOM but are not one are kept.
        let got = parse_chunks(&[b"\xEF", b"data: y\n\n"]);
        assert_eq!(
            got.len(),
            0,
            "a lone 0xEF makes the first line's field name garbage"
        );
    }

    #[test]
    fn fields_id_retry_event() {
        let mut p = SseParser::default();
        let mut out = Vec::new();
        p.feed(
            b"id: 7\nretry: 1500\nevent: update\ndata\ndata: x\n\n",
            &mut out,
        )
        .unwrap();
        assert_eq!(
            out,
            vec![SseEvent {
                data: "\nx".into(),
                event: Some("update".into()),
                id: Some("7".into())
            }]
        );
        assert_eq!(p.last_event_id(), Some("7"));
        assert_eq!(p.retry(), Some(1500));
        // An id with NUL is ignored; a bad retry is ignored; the id persists.
        p.feed(b"id: a\0b\nretry: 12x\ndata: y\n\n", &mut out)
            .unwrap();
        assert_eq!(out[1].id.as_deref(), Some("7"));
        assert_eq!(p.retry(), Some(1500));
        // An empty id resets it; an id-only block updates it without an event.
        p.feed(b"id\n\n", &mut out).unwrap();
        assert_eq!(p.last_event_id(), Some(""));
        assert_eq!(out.len(), 2);
    }

    #[test]
    fn only_one_space_after_colon_is_removed() {
        same_at_every_split(
            b"data:  two\n\ndata:none\n\ndata\ndata: x\n\n",
            &[" two", "none", "\nx"],
        );
    }

    #[test]
    fn unterminated_event_is_dispatched_at_end() {
        assert_eq!(
            datas(&parse_chunks(&[b"data: {\"a\"", b":1}"])),
            ["{\"a\":1}"]
        );
        assert_eq!(datas(&parse_chunks(&[b"data: x\n"])), ["x"]);
        assert!(parse_chunks(&[b": just a comment"]).is_empty());
    }

    #[test]
    fn invalid_utf8_is_replaced_not_fatal() {
        same_at_every_split(
            b"data: a\xFFb\n\ndata: \xC3\ndata: \xA9\n\n",
            &["a\u{fffd}b", "\u{fffd}\n\u{fffd}"],
        );
    }

    #[test]
    fn event_size_cap() {
        let mut p = SseParser::new(12);
        let mut out = Vec::new();
        assert!(p.feed(b"data: 12345", &mut out).is_ok());
        assert_eq!(
            p.feed(b"678901", &mut out),
            Err(SseError::EventTooLarge { limit: 12 })
        );
        let mut p = SseParser::new(12);
        assert!(p.feed(b"data: 12345678\ndata: 12345\n", &mut out).is_err());
    }

    #[test]
    fn long_line_in_one_byte_chunks_is_linear() {
        // 200 KB fed a byte at a time: quadratic rescanning would take minutes.
        let body = format!("data: {}\n\n", "x".repeat(200_000));
        let mut p = SseParser::default();
        let mut out = Vec::new();
        for b in body.as_bytes().chunks(1) {
            p.feed(b, &mut out).unwrap();
        }
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].data.len(), 200_000);
    }
}

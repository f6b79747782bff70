//! The strict incremental JSON parser over the committed text: the value
//! tree with every open string, number and container in place, filled in
//! as if it had been closed (see the module's doc).

use serde_json::{map::Entry, Map, Value};

use super::number::NumTok;
use super::scanner::{Kind, Lit};
use super::tree::{child_mut, put_back, Frame, Slot, State};
use super::{drop_deep, is_ws};

#[derive(Debug)]
pub(super) enum Token {
    None,
    Str(StrTok),
    Num(NumTok),
    /// A literal and how many of its letters have been read.
    Word(Lit, usize),
}

#[derive(Debug)]
pub(super) struct StrTok {
    pub(super) key: bool,
    pub(super) esc: Esc,
    /// A `\u` high surrogate whose U+FFFD stand-in ends the text so far; a
    /// low surrogate right after it replaces the stand-in with the pair.
    pub(super) high: Option<u32>,
}

#[derive(Clone, Copy, Debug)]
pub(super) enum Esc {
    None,
    Backslash,
    Hex(u8, u32),
}

pub(super) struct Parser {
    pub(super) frames: Vec<Frame>,
    pub(super) token: Token,
    pub(super) started: bool,
    pub(super) failed: bool,
    /// A tree invariant did not hold. Not expected to happen; it turns the
    /// value off rather than panicking.
    pub(super) broken: bool,
    pub(super) root: Value,
    /// During a push, the open containers, outermost first, each taken out
    /// of its parent (which holds a `Null` in its place), so that the
    /// innermost one and its parent can be reached in O(1). Between pushes
    /// everything is back in the tree and `open` is empty.
    pub(super) open: Vec<Value>,
    pub(super) detached: bool,
    /// Where the current string or number token sits in its parent.
    pub(super) leaf: Slot,
    /// The last object key read, kept until its value starts.
    pub(super) key: String,
    /// Decoded string text not yet written to the tree.
    pub(super) text: String,
    /// Remove the tree string's last character (a surrogate stand-in) before
    /// writing `text`.
    pub(super) trim: bool,
    pub(super) work: u64,
    /// The fewest containers open at any time since this was last reset:
    /// the outer ones that stayed open (see `PartialJson::take_update`).
    pub(super) low: usize,
    /// An object repeated a key since this was last reset: a member that
    /// is not the last changed.
    pub(super) repeated: bool,
    /// The most containers ever open at once: the tree's depth, since a
    /// closed container stays in it.
    pub(super) deepest: usize,
}

impl Parser {
    pub(super) fn new() -> Self {
        Parser {
            frames: Vec::new(),
            token: Token::None,
            started: false,
            failed: false,
            broken: false,
            root: Value::Null,
            open: Vec::new(),
            detached: false,
            leaf: Slot::Root,
            key: String::new(),
            text: String::new(),
            trim: false,
            work: 0,
            low: 0,
            repeated: false,
            deepest: 0,
        }
    }

    pub(super) fn step(&mut self, c: char) {
        self.work += 1;
        match &mut self.token {
            Token::None => {}
            Token::Str(_) => return self.string_char(c),
            Token::Num(n) => {
                if n.accept(c) {
                    return;
                }
                if !n.complete() {
                    self.failed = true;
                    return;
                }
                self.end_token();
            }
            Token::Word(lit, read) => {
                if let Some(&want) = lit.text().as_bytes().get(*read) {
                    if c.is_ascii() && c as u8 == want {
                        *read += 1;
                    } else {
                        self.failed = true;
                    }
                    return;
                }
                self.end_token();
            }
        }
        self.structural(c);
    }

    /// A character outside any token.
    pub(super) fn structural(&mut self, c: char) {
        if c.is_ascii() && is_ws(c as u8) {
            return;
        }
        let Some(frame) = self.frames.last_mut() else {
            if self.started {
                self.failed = true; // Text after the top-level value.
            } else {
                self.begin_value(c);
            }
            return;
        };
        let closer = match frame.kind {
            Kind::Arr => ']',
            Kind::Obj => '}',
        };
        match (frame.kind, frame.state, c) {
            (_, State::Open | State::AfterValue, _) if c == closer => self.close(),
            (_, State::AfterValue, ',') => frame.state = State::AfterComma,
            (Kind::Arr, State::Open | State::AfterComma, _) => self.begin_value(c),
            (Kind::Obj, State::Open | State::AfterComma, '"') => {
                frame.state = State::Colon;
                self.key.clear();
                self.token = Token::Str(StrTok {
                    key: true,
                    esc: Esc::None,
                    high: None,
                });
            }
            (Kind::Obj, State::Colon, ':') => frame.state = State::AfterColon,
            (Kind::Obj, State::AfterColon, _) => self.begin_value(c),
            _ => self.failed = true,
        }
    }

    pub(super) fn begin_value(&mut self, c: char) {
        if let Some(frame) = self.frames.last_mut() {
            frame.state = State::AfterValue;
        }
        self.started = true;
        match c {
            '"' => {
                self.leaf = self.place(Value::String(String::new()));
                self.token = Token::Str(StrTok {
                    key: false,
                    esc: Esc::None,
                    high: None,
                });
            }
            '-' | '0'..='9' => {
                // The number's value is written when the token is flushed.
                self.leaf = self.place(Value::Null);
                let mut n = NumTok::default();
                n.accept(c);
                self.token = Token::Num(n);
            }
            '[' => self.open_container(Kind::Arr),
            '{' => self.open_container(Kind::Obj),
            _ => match u8::try_from(c).ok().and_then(Lit::starting) {
                Some(lit) => {
                    // `t` already reads as `true`: nothing to update later.
                    self.leaf = self.place(lit.value());
                    self.token = Token::Word(lit, 1);
                }
                None => self.failed = true,
            },
        }
    }

    /// What [`Self::step`] does with each character of `run`, all of them
    /// plain (no quote, backslash or control character), in an open string
    /// with no escape under way; `false`, and nothing done, where that is
    /// not so.
    pub(super) fn plain_run(&mut self, run: &str) -> bool {
        let Token::Str(t) = &mut self.token else {
            return false;
        };
        if !matches!(t.esc, Esc::None) {
            return false;
        }
        t.high = None;
        let out = if t.key { &mut self.key } else { &mut self.text };
        out.push_str(run);
        self.work += run.chars().count() as u64;
        true
    }

    pub(super) fn string_char(&mut self, c: char) {
        let Token::Str(t) = &mut self.token else {
            return;
        };
        let out = if t.key { &mut self.key } else { &mut self.text };
        let decoded = match t.esc {
            Esc::None => match c {
                '"' => return self.end_token(),
                '\\' => {
                    t.esc = Esc::Backslash;
                    return;
                }
                c if (c as u32) < 0x20 => {
                    self.failed = true;
                    return;
                }
                c => c,
            },
            Esc::Backslash => match c {
                '"' | '\\' | '/' => c,
                'b' => '\u{8}',
                'f' => '\u{c}',
                'n' => '\n',
                'r' => '\r',
                't' => '\t',
                'u' => {
                    t.esc = Esc::Hex(0, 0);
                    return;
                }
                _ => {
                    self.failed = true;
                    return;
                }
            },
            Esc::Hex(n, code) => {
                let Some(digit) = c.to_digit(16) else {
                    self.failed = true;
                    return;
                };
                let code = code * 16 + digit;
                if n < 3 {
                    t.esc = Esc::Hex(n + 1, code);
                    return;
                }
                t.esc = Esc::None;
                match (t.high, code) {
                    (_, 0xD800..=0xDBFF) => {
                        out.push(char::REPLACEMENT_CHARACTER);
                        t.high = Some(code);
                        return;
                    }
                    (Some(high), 0xDC00..=0xDFFF) => {
                        if out.pop().is_none() {
                            self.trim = true; // The stand-in is already in the tree.
                        }
                        0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00)
                    }
                    _ => code, // A lone low surrogate fails `try_into` below.
                }
                .try_into()
                .unwrap_or(char::REPLACEMENT_CHARACTER)
            }
        };
        t.esc = Esc::None;
        t.high = None;
        out.push(decoded);
    }

    pub(super) fn end_token(&mut self) {
        self.flush();
        self.token = Token::None;
    }

    /// Writes the pending token's news to the tree.
    pub(super) fn flush(&mut self) {
        let number = match &mut self.token {
            Token::Num(n) if n.dirty => {
                n.dirty = false;
                Some(n.value(&mut self.work))
            }
            Token::Str(t) if !t.key && (self.trim || !self.text.is_empty()) => None,
            _ => return,
        };
        self.detach();
        self.work += self.text.len() as u64;
        let target = match &self.leaf {
            Slot::Root => Some(&mut self.root),
            at => self
                .open
                .last_mut()
                .and_then(|parent| child_mut(parent, at)),
        };
        match (target, number) {
            (Some(target), Some(number)) => *target = number,
            (Some(Value::String(s)), None) => {
                if std::mem::take(&mut self.trim) {
                    s.pop();
                }
                s.push_str(&self.text);
                self.text.clear();
            }
            _ => self.broken = true,
        }
    }

    pub(super) fn finish_push(&mut self) {
        if !self.failed {
            self.flush();
        }
        self.attach();
    }

    /// Puts `value` where the next value goes and says where that is.
    pub(super) fn place(&mut self, value: Value) -> Slot {
        self.detach();
        let Some(parent) = self.open.last_mut() else {
            drop_deep(std::mem::replace(&mut self.root, value));
            return Slot::Root;
        };
        match parent {
            Value::Array(items) => {
                items.push(value);
                Slot::Last
            }
            Value::Object(map) => match map.entry(std::mem::take(&mut self.key)) {
                Entry::Vacant(entry) => {
                    entry.insert(value);
                    Slot::Last
                }
                Entry::Occupied(mut entry) => {
                    self.repeated = true;
                    drop_deep(entry.insert(value));
                    Slot::Key(entry.key().clone())
                }
            },
            _ => {
                self.broken = true;
                Slot::Last
            }
        }
    }

    /// See `PartialJson::shown_key`.
    pub(super) fn key_depth(&self) -> Option<usize> {
        let frame = self
            .frames
            .iter()
            .position(|f| matches!(f.at, Slot::Key(_)));
        let token = matches!(self.token, Token::Str(_) | Token::Num(_))
            && matches!(self.leaf, Slot::Key(_));
        frame.or(token.then_some(self.frames.len()))
    }

    pub(super) fn open_container(&mut self, kind: Kind) {
        let at = self.place(Value::Null);
        self.open.push(match kind {
            Kind::Arr => Value::Array(Vec::new()),
            Kind::Obj => Value::Object(Map::new()),
        });
        self.frames.push(Frame {
            kind,
            at,
            state: State::Open,
        });
        self.deepest = self.deepest.max(self.frames.len());
    }

    pub(super) fn close(&mut self) {
        let Some(frame) = self.frames.pop() else {
            return;
        };
        self.low = self.low.min(self.frames.len());
        if self.detached {
            if let Some(value) = self.open.pop() {
                self.broken |= !put_back(&mut self.root, &mut self.open, value, &frame.at);
            }
        }
    }

    /// Takes the open containers out of the tree (see `open`).
    pub(super) fn detach(&mut self) {
        if self.detached {
            return;
        }
        self.detached = true;
        for frame in &self.frames {
            self.work += 1;
            let value = match &frame.at {
                Slot::Root => std::mem::take(&mut self.root),
                at => match self
                    .open
                    .last_mut()
                    .and_then(|parent| child_mut(parent, at))
                {
                    Some(child) => std::mem::take(child),
                    None => {
                        self.broken = true;
                        Value::Null
                    }
                },
            };
            self.open.push(value);
        }
    }

    pub(super) fn attach(&mut self) {
        while let Some(value) = self.open.pop() {
            self.work += 1;
            let ok = match self.frames.get(self.open.len()) {
                Some(frame) => put_back(&mut self.root, &mut self.open, value, &frame.at),
                None => {
                    drop_deep(value);
                    false
                }
            };
            self.broken |= !ok;
        }
        self.detached = false;
    }

    /// The text that finishes the pending token, if any does.
    pub(super) fn natural_end(&self) -> Option<&'static str> {
        match &self.token {
            Token::None => Some(""),
            Token::Str(t) => (!t.key && matches!(t.esc, Esc::None)).then_some("\""),
            Token::Num(n) => Some(if n.complete() { "" } else { "0" }),
            Token::Word(lit, read) => lit.text().get(*read..),
        }
    }

    /// Whether, between tokens, closing the open containers now is valid.
    pub(super) fn closable(&self) -> bool {
        match self.frames.last() {
            None => self.started,
            Some(frame) => matches!(frame.state, State::Open | State::AfterValue),
        }
    }
}

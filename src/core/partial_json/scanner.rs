//! The scanner that mirrors the reference's `untruncateJson`, quirks
//! included (see the module's doc): which prefix of the buffer is committed,
//! and what suffix the reference would append.

use serde_json::Value;

use super::is_ws;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Lit {
    True,
    False,
    Null,
}

impl Lit {
    pub(super) fn starting(b: u8) -> Option<Lit> {
        match b {
            b't' => Some(Lit::True),
            b'f' => Some(Lit::False),
            b'n' => Some(Lit::Null),
            _ => None,
        }
    }

    pub(super) fn text(self) -> &'static str {
        match self {
            Lit::True => "true",
            Lit::False => "false",
            Lit::Null => "null",
        }
    }

    pub(super) fn value(self) -> Value {
        match self {
            Lit::True => Value::Bool(true),
            Lit::False => Value::Bool(false),
            Lit::Null => Value::Null,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Kind {
    Arr,
    Obj,
}

// ---------------------------------------------------------------------------
// The reference scanner.

/// One entry of the reference scanner's context stack.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Ctx {
    Top,
    Str,
    Escape,
    Unicode,
    Num,
    NumDigit,
    NumExp,
    Word(Lit),
    ArrValue,
    ArrComma,
    ObjKey,
    ObjColon,
    ObjValue,
    ObjComma,
}

impl Ctx {
    pub(super) fn kind(self) -> Option<Kind> {
        match self {
            Ctx::ArrValue | Ctx::ArrComma => Some(Kind::Arr),
            Ctx::ObjKey | Ctx::ObjColon | Ctx::ObjValue | Ctx::ObjComma => Some(Kind::Obj),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Reason {
    Escape,
    Item,
}

/// The reference's respawn point. (Where it is in the text is `PartialJson::fed`.)
#[derive(Debug)]
pub(super) struct Hold {
    /// Stack depth at that moment: the suffix is built from this many entries.
    pub(super) depth: usize,
    pub(super) reason: Reason,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Event {
    None,
    /// A respawn point was set at this character: hold it and what follows.
    Held,
    /// The respawn point was dropped: everything held is committed.
    Released,
}

/// Stands for any non-ASCII UTF-16 code unit; the reference only ever
/// compares code units with ASCII characters.
pub(super) const OTHER: u8 = 0x80;

/// A transcription of the reference scanner's state machine (with the
/// `\uXXXX` fix described in the module docs), fed the same
/// UTF-16 code units.
pub(super) struct Scanner {
    pub(super) stack: Vec<Ctx>,
    pub(super) hold: Option<Hold>,
    /// Code units scanned: the reference's `json.length`.
    pub(super) units: usize,
    /// Code units since the last `u`: the reference ends a `\u` escape when
    /// this reaches 4, wherever that `u` was.
    pub(super) since_u: usize,
    /// One past the position of the last `t`, `f` and `n` (0: none). The
    /// reference completes a word from the last occurrence of its first
    /// letter anywhere in the text.
    pub(super) last_initial: [usize; 3],
}

impl Scanner {
    pub(super) fn new() -> Self {
        Scanner {
            stack: vec![Ctx::Top],
            hold: None,
            units: 0,
            since_u: 0,
            last_initial: [0; 3],
        }
    }

    pub(super) fn step(&mut self, c: char) -> Event {
        if c.is_ascii() {
            return self.unit(c as u8);
        }
        let mut event = Event::None;
        for _ in 0..c.len_utf16() {
            let e = self.unit(OTHER);
            if e != Event::None {
                event = e;
            }
        }
        event
    }

    pub(super) fn unit(&mut self, u: u8) -> Event {
        self.units += 1;
        self.since_u = if u == b'u' {
            0
        } else {
            self.since_u.saturating_add(1)
        };
        if let Some(lit) = Lit::starting(u) {
            self.last_initial[lit as usize] = self.units;
        }
        let mut event = Event::None;
        // A number or word ends at the first character that cannot be part
        // of it, and that character is then looked at again.
        loop {
            let top = self.stack.last().copied().unwrap_or(Ctx::Top);
            match top {
                Ctx::Top => self.begin(u),
                Ctx::Str => match u {
                    b'"' => self.pop(),
                    b'\\' => {
                        event = self.hold(Reason::Escape);
                        self.stack.push(Ctx::Escape);
                    }
                    _ => {}
                },
                Ctx::Escape if u == b'u' => self.stack.push(Ctx::Unicode),
                Ctx::Escape => {
                    event = self.release(Reason::Escape);
                    self.pop();
                }
                // The fourth hex digit ends the whole escape, so the next
                // character is read as part of the string. (The reference
                // pops only `Unicode` here and so takes that character as
                // escaped too; see the module docs.)
                Ctx::Unicode if self.since_u == 4 => {
                    event = self.release(Reason::Escape);
                    self.pop();
                    self.pop();
                }
                Ctx::Unicode => {}
                Ctx::Num => match u {
                    b'.' => self.replace(Ctx::NumDigit),
                    b'e' | b'E' => self.replace(Ctx::NumExp),
                    b'0'..=b'9' => {}
                    _ => {
                        self.pop();
                        continue;
                    }
                },
                Ctx::NumDigit => self.replace(Ctx::Num),
                Ctx::NumExp if u == b'+' || u == b'-' => self.replace(Ctx::NumDigit),
                Ctx::NumExp => self.replace(Ctx::Num),
                Ctx::Word(_) if u.is_ascii_lowercase() => {}
                Ctx::Word(_) => {
                    self.pop();
                    continue;
                }
                Ctx::ArrValue if u == b']' => self.pop(),
                Ctx::ArrValue | Ctx::ObjValue if !is_ws(u) => {
                    event = self.release(Reason::Item);
                    self.replace(if top == Ctx::ArrValue {
                        Ctx::ArrComma
                    } else {
                        Ctx::ObjComma
                    });
                    self.begin(u);
                }
                Ctx::ArrValue | Ctx::ObjValue => {}
                Ctx::ArrComma | Ctx::ObjComma => match u {
                    b']' if top == Ctx::ArrComma => self.pop(),
                    b'}' if top == Ctx::ObjComma => self.pop(),
                    b',' => {
                        event = self.hold(Reason::Item);
                        self.replace(if top == Ctx::ArrComma {
                            Ctx::ArrValue
                        } else {
                            Ctx::ObjKey
                        });
                    }
                    _ => {}
                },
                Ctx::ObjKey => match u {
                    b'}' => self.pop(),
                    b'"' => {
                        event = self.hold(Reason::Item);
                        self.replace(Ctx::ObjColon);
                        self.stack.push(Ctx::Str);
                    }
                    _ => {}
                },
                Ctx::ObjColon if u == b':' => self.replace(Ctx::ObjValue),
                Ctx::ObjColon => {}
            }
            return event;
        }
    }

    /// What the reference does with a character where a value may start.
    pub(super) fn begin(&mut self, u: u8) {
        let ctx = match u {
            b'0'..=b'9' => Ctx::Num,
            b'-' => Ctx::NumDigit,
            b'"' => Ctx::Str,
            b'[' => Ctx::ArrValue,
            b'{' => Ctx::ObjKey,
            _ => match Lit::starting(u) {
                Some(lit) => Ctx::Word(lit),
                None => return,
            },
        };
        self.stack.push(ctx);
    }

    pub(super) fn pop(&mut self) {
        if self.stack.len() > 1 {
            self.stack.pop();
        }
    }

    pub(super) fn replace(&mut self, ctx: Ctx) {
        if let Some(top) = self.stack.last_mut() {
            *top = ctx;
        }
    }

    pub(super) fn hold(&mut self, reason: Reason) -> Event {
        if self.hold.is_some() {
            return Event::None;
        }
        self.hold = Some(Hold {
            depth: self.stack.len(),
            reason,
        });
        Event::Held
    }

    pub(super) fn release(&mut self, reason: Reason) -> Event {
        match &self.hold {
            Some(h) if h.reason == reason => {
                self.hold = None;
                Event::Released
            }
            _ => Event::None,
        }
    }

    /// The number of containers on the stack. Only a string (with at most two
    /// escape entries), a number or a word can sit above them.
    pub(super) fn containers(&self) -> usize {
        let mut top = self.stack.len();
        while top > 1 && self.stack[top - 1].kind().is_none() {
            top -= 1;
        }
        top.saturating_sub(1)
    }

    /// What the reference appends for the non-container entries above the
    /// containers, given as `leaf`.
    pub(super) fn leaf_suffix(&self, leaf: &[Ctx]) -> &'static str {
        let mut suffix = "";
        for ctx in leaf {
            match *ctx {
                Ctx::Str => suffix = "\"",
                Ctx::NumDigit | Ctx::NumExp => suffix = "0",
                Ctx::Word(lit) => {
                    let last = self.last_initial[lit as usize];
                    let typed = (self.units + 1).saturating_sub(last);
                    suffix = if last == 0 {
                        ""
                    } else {
                        lit.text().get(typed..).unwrap_or("")
                    };
                }
                _ => {}
            }
        }
        suffix
    }
}

// ---------------------------------------------------------------------------
// The strict parser and its value tree.

//! Best-effort JSON values of incomplete buffers.
//!
//! Tool-call arguments stream in as JSON text cut into small deltas. After
//! each delta [`PartialJson`] holds the value the reference TypeScript client
//! would show: `JSON.parse(untruncateJson(buffer))` with the npm package
//! `untruncate-json` 0.0.1, or `None` where that throws (the client then falls
//! back to `{}`), except where that package has a bug (below).
//!
//! # What the reference does
//!
//! `untruncateJson` scans the text once, keeping a stack of contexts, and then
//! appends a suffix built from that stack: `"` for an open string, `0` for a
//! number that ends in `-`, `.`, `e` or an exponent sign, the rest of a partial
//! `true`/`false`/`null`, and `]` or `}` for each open container. Where the
//! kind of the next value is still unknown (after a `,`, inside an unfinished
//! key, up to the first character of a member's value, inside an unfinished
//! `\` escape) it remembers a *respawn point* and cuts the text back to it
//! before appending. It validates nothing; `JSON.parse` does. Consequences
//! that this module reproduces on purpose:
//!
//! * The respawn point survives the closing of its container: `[1,][` gives
//!   `[1]`, while `[1,]` throws.
//! * Text behind a respawn point never reaches `JSON.parse`: `{"a":1, junk`
//!   gives `{"a":1}`.
//! * A `\u` escape ends four UTF-16 code units after the last `u` in the
//!   text, whatever they are, and an invalid escape is only rejected once it
//!   has ended: `"\uZZ` gives `""`, `"\uZZZZ` throws.
//!
//! # Where we differ: the `\uXXXX` bug
//!
//! After a `\uXXXX` escape the reference's scanner takes the next character
//! as escaped too. If that character is the closing quote, it thinks the
//! string is still open and appends another `"`, so `JSON.parse` throws and
//! the value vanishes mid-stream: `"\u00e9"` on its own throws, and so does
//! every prefix of `{"a":"\u00e9","b":"x"}` from the quote after `\u00e9` up
//! to `"x`. A backslash right after the escape is swallowed the same way, so
//! `"\u0041\u00` throws where `"\u0041` gives `"A"`. Arguments written with
//! ASCII-only escapes (Python's `json.dumps` default, emoji as surrogate
//! pairs) flicker to `{}` in the reference client.
//!
//! This module does not reproduce that: a `\uXXXX` escape is complete after
//! its fourth hex digit and the next character is read normally, exactly as
//! after any other escape. So `"\u00e9"` gives `"é"` and `"\u0041\u00`
//! gives `"A"`. Everything else matches the reference. The fixtures in
//! `tests/fixtures/partial-json` are computed with the corrected algorithm
//! and also record, for each prefix where the reference differs, what the
//! real package gives there; `tests/partial_json.rs` checks both.
//!
//! # How it is computed
//!
//! Re-running the reference on every delta would cost O(N²) in total, so the
//! work is split in two, and each part consumes each byte once:
//!
//! * `Scanner` mirrors the reference scanner, quirks included, with the one
//!   fix above. It says which prefix of the buffer is *committed* (everything
//!   before the respawn point, or all of it) and what suffix the reference
//!   would append.
//! * `Parser` is a strict incremental JSON parser over the committed text. It
//!   keeps the value tree, with every open string, number and container
//!   already in place and filled in as if it had been closed. Text behind a
//!   respawn point is held back and fed in when the scanner drops the point.
//!
//! `JSON.parse` succeeds exactly when the committed text is a prefix of some
//! JSON text and the suffix is the one that finishes it. The first part is the
//! parser's to judge, and once it fails it fails for good, since the
//! committed text only grows. The second part is checked after each push in
//! O(1): the suffix's brackets must match the parser's open containers (a
//! running common-prefix length of the two stacks keeps this cheap) and its
//! first piece must be the one that finishes the parser's pending token. When
//! both hold, the result is the parser's tree.
//!
//! # Values
//!
//! * Numbers take the value `JSON.parse` gives them: the correctly rounded
//!   f64. Integral values in the i64 or u64 range are stored as integers (so
//!   `1.0` is `1`, and `12345678901234567890` becomes the integer
//!   12345678901234567168, which is the same f64 that JavaScript prints as
//!   `12345678901234567000`); other finite values are stored as f64. `-0` is
//!   stored as `0`. Numbers that overflow to ±Infinity in JavaScript become
//!   `null`, which is what `JSON.stringify` makes of them.
//! * Unpaired UTF-16 surrogates from `\u` escapes become U+FFFD, since a Rust
//!   string cannot hold them.
//! * Object keys keep insertion order. A repeated key replaces the value and
//!   keeps the first position, as in JavaScript. JavaScript also lists
//!   array-index keys (`"0"`, `"1"`, …) before all others; that is not
//!   reproduced.
//!
//! # Cost
//!
//! A push costs O(delta) amortized, plus O(depth) to reach the innermost
//! open container when the delta changes the tree. (A string or number
//! that is the value of a repeated key also costs one hash of that key.) No
//! function recurses, and dropping a [`PartialJson`] takes its tree apart
//! without recursion, so any depth of nesting is safe here. Code that recurses
//! over the `Value` it gets (`clone`, `Debug`, serialization, or dropping an
//! owned value) needs its own care with deeply nested input.

use std::fmt;

use serde_json::{map::Entry, Map, Number, Value};

use super::json::{parse_f64, ToJson};

/// The streaming form of [`partial_value`]: push deltas, read the value.
pub struct PartialJson {
    buf: String,
    scan: Scanner,
    parser: Parser,
    /// `buf[..fed]` has been given to the parser; the rest is held back
    /// behind the scanner's respawn point.
    fed: usize,
    /// Length of the common prefix of the scanner's container stack and the
    /// parser's.
    agree: usize,
    valid: bool,
    work: u64,
    /// Lengths of the open containers, outermost first, when
    /// [`Self::take_update`] last handed out a value; empty when it handed
    /// out none.
    shown: Vec<usize>,
    /// Then, the shallowest open member (container or token) that sat at a
    /// repeated key rather than last in its object, by the depth of the
    /// container holding it plus one.
    shown_key: Option<usize>,
}

/// How the value changed since [`PartialJson::take_update`] last handed one
/// out, so that a copy of it elsewhere (the JS objects) can follow at the
/// cost of what changed instead of the whole value.
#[derive(Debug, PartialEq)]
pub enum Update<'a> {
    /// The whole value, or `None` where there is none.
    Whole(Option<&'a Value>),
    /// Only the container at `path` changed, and in it only its members
    /// from position `from` on (elements of an array, entries of an object
    /// in insertion order), which are now `container`'s. Everything else is
    /// as it was; the containers on `path` hold the changed one.
    Tail {
        path: Vec<Step<'a>>,
        from: usize,
        container: &'a Value,
    },
}

/// One step down a path: an array index or an object key.
#[derive(Debug, PartialEq)]
pub enum Step<'a> {
    Index(usize),
    Key(&'a str),
}

impl ToJson for Step<'_> {
    fn write_json(&self, out: &mut String) {
        match self {
            Step::Index(i) => i.write_json(out),
            Step::Key(k) => k.write_json(out),
        }
    }
}

impl PartialJson {
    pub fn new() -> Self {
        PartialJson {
            buf: String::new(),
            scan: Scanner::new(),
            parser: Parser::new(),
            fed: 0,
            agree: 0,
            valid: false,
            work: 0,
            shown: Vec::new(),
            shown_key: None,
        }
    }

    /// The value as [`Self::value`] has it, described by what changed since
    /// the last call. Complete members never change (the parser only
    /// appends, and fills in its last open member), so unless an object
    /// repeated a key, only the deepest container that stayed open since
    /// the last call changed, from its last member on. O(depth) plus the
    /// path, not the value.
    pub fn take_update(&mut self) -> Update<'_> {
        let low = std::mem::replace(&mut self.parser.low, self.parser.frames.len());
        let repeated = std::mem::take(&mut self.parser.repeated);
        let before = std::mem::take(&mut self.shown);
        let keyed = std::mem::replace(&mut self.shown_key, self.parser.key_depth());
        if !self.valid {
            return Update::Whole(None);
        }
        // The containers' lengths now, down the open spine.
        let mut node = &self.parser.root;
        let mut path = Vec::new();
        let mut changed = None;
        let depth = self.parser.frames.len();
        for (i, frame) in self.parser.frames.iter().enumerate() {
            if i > 0 {
                let Some((step, child)) = last_child(node, &frame.at) else {
                    return Update::Whole(Some(&self.parser.root));
                };
                if i < low.min(before.len()) {
                    path.push(step);
                }
                node = child;
            }
            let len = match node {
                Value::Array(items) => items.len(),
                Value::Object(map) => map.len(),
                _ => return Update::Whole(Some(&self.parser.root)),
            };
            self.shown.push(len);
            if i + 1 == low.min(before.len()) {
                changed = Some((node, len));
            }
        }
        debug_assert_eq!(self.shown.len(), depth);
        // A member at a repeated key is not the container's last, so the
        // changed members would not all be from `from` on.
        let keyed = keyed.is_some_and(|d| d <= path.len() + 1);
        match changed {
            Some((container, len)) if !repeated && !keyed => {
                let was = before[path.len()];
                if len < was {
                    return Update::Whole(Some(&self.parser.root));
                }
                Update::Tail {
                    path,
                    from: was.saturating_sub(1),
                    container,
                }
            }
            _ => Update::Whole(Some(&self.parser.root)),
        }
    }

    /// Appends `delta` to the buffer and brings the value up to date.
    pub fn push(&mut self, delta: &str) {
        let base = self.buf.len();
        self.buf.push_str(delta);
        if self.parser.failed {
            return; // No continuation can make the reference parse again.
        }
        for (offset, c) in delta.char_indices() {
            let end = base + offset + c.len_utf8();
            self.work += c.len_utf16() as u64;
            let event = self.scan.step(c);
            sync(&mut self.agree, &self.scan, &self.parser.frames);
            match event {
                Event::Held => {}
                Event::Released => self.feed(end),
                Event::None if self.scan.hold.is_none() => self.feed(end),
                Event::None => {}
            }
            if self.parser.failed {
                break;
            }
        }
        self.parser.finish_push();
        self.valid = self.settle();
    }

    /// The reference's value of everything pushed so far (with its
    /// `\uXXXX` bug fixed), or `None` where the reference throws.
    pub fn value(&self) -> Option<&Value> {
        self.valid.then_some(&self.parser.root)
    }

    /// Everything pushed so far.
    pub fn buffer(&self) -> &str {
        &self.buf
    }

    /// Consumes the parser, returning what [`value`](Self::value) would.
    pub fn into_value(mut self) -> Option<Value> {
        self.valid.then(|| std::mem::take(&mut self.parser.root))
    }

    /// Units of work done so far (bytes scanned and parsed, tree levels
    /// walked, digits converted). Lets tests check that pushing is linear.
    #[doc(hidden)]
    pub fn work(&self) -> u64 {
        self.work + self.parser.work
    }

    /// Gives the parser the committed text from `self.fed` up to `end`.
    fn feed(&mut self, end: usize) {
        let text = self.buf.get(self.fed..end).unwrap_or_default();
        for c in text.chars() {
            self.parser.step(c);
            sync(&mut self.agree, &self.scan, &self.parser.frames);
            if self.parser.failed {
                break;
            }
        }
        self.fed = end;
    }

    /// Whether the committed text plus the reference's suffix is JSON.
    fn settle(&self) -> bool {
        let p = &self.parser;
        if p.failed || p.broken || !p.started {
            return false;
        }
        let stack = &self.scan.stack;
        // The reference cuts its stack back to the depth it had at the
        // respawn point; if the stack has since shrunk below that, only what
        // is there is closed.
        let kept = self
            .scan
            .hold
            .as_ref()
            .map_or(stack.len(), |h| h.depth.min(stack.len()));
        let containers = self.scan.containers();
        let closed = containers.min(kept.saturating_sub(1));
        if closed != p.frames.len() || self.agree < closed {
            return false;
        }
        // Above the containers sits at most one string, number or word, so
        // the suffix is one piece and then a bracket per container. The
        // brackets must close exactly the parser's containers and the piece
        // must be exactly what finishes the parser's pending token. (A `0`
        // could also extend a finished number or start one, but the
        // reference appends it only right after `-`, `.`, `e`, `E` or `+`,
        // which the parser has then rejected or is in a number for.)
        let first = stack
            .get(containers + 1..kept)
            .map_or("", |leaf| self.scan.leaf_suffix(leaf));
        p.natural_end() == Some(first) && (!matches!(p.token, Token::None) || p.closable())
    }
}

impl Default for PartialJson {
    fn default() -> Self {
        Self::new()
    }
}

/// Rebuilds from the buffer: cloning the tree itself would recurse.
impl Clone for PartialJson {
    fn clone(&self) -> Self {
        let mut copy = Self::new();
        copy.push(&self.buf);
        copy
    }
}

impl fmt::Debug for PartialJson {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PartialJson")
            .field("buffer", &self.buf)
            .field("has_value", &self.valid)
            .finish_non_exhaustive()
    }
}

impl Drop for PartialJson {
    fn drop(&mut self) {
        drop_deep(std::mem::take(&mut self.parser.root));
        for value in self.parser.open.drain(..) {
            drop_deep(value);
        }
    }
}

/// `JSON.parse(untruncateJson(buffer))`, or `None` where that throws, with
/// the reference's `\uXXXX` bug fixed (see the module docs).
///
/// The caller owns the result; dropping a value nested tens of thousands of
/// levels deep recurses in serde_json. [`PartialJson`] does not have that
/// problem while it owns the value.
pub fn partial_value(buffer: &str) -> Option<Value> {
    let mut partial = PartialJson::new();
    partial.push(buffer);
    partial.into_value()
}

/// Keeps `agree` equal to the common prefix length of the two container
/// stacks. Either stack gains or loses at most one container between calls,
/// so the loops run O(1) amortized.
fn sync(agree: &mut usize, scan: &Scanner, frames: &[Frame]) {
    let kind_at = |i: usize| scan.stack.get(i + 1).and_then(|c| c.kind());
    let containers = scan.containers();
    *agree = (*agree).min(containers).min(frames.len());
    while *agree > 0 && kind_at(*agree - 1) != frames.get(*agree - 1).map(|f| f.kind) {
        *agree -= 1;
    }
    while *agree < containers.min(frames.len()) && kind_at(*agree) == Some(frames[*agree].kind) {
        *agree += 1;
    }
}

fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

/// Drops a value without recursing into it.
fn drop_deep(value: Value) {
    if !matches!(&value, Value::Array(_) | Value::Object(_)) {
        return;
    }
    let mut pending = vec![value];
    while let Some(value) = pending.pop() {
        match value {
            Value::Array(items) => pending.extend(items),
            Value::Object(map) => pending.extend(map.into_values()),
            _ => {}
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Lit {
    True,
    False,
    Null,
}

impl Lit {
    fn starting(b: u8) -> Option<Lit> {
        match b {
            b't' => Some(Lit::True),
            b'f' => Some(Lit::False),
            b'n' => Some(Lit::Null),
            _ => None,
        }
    }

    fn text(self) -> &'static str {
        match self {
            Lit::True => "true",
            Lit::False => "false",
            Lit::Null => "null",
        }
    }

    fn value(self) -> Value {
        match self {
            Lit::True => Value::Bool(true),
            Lit::False => Value::Bool(false),
            Lit::Null => Value::Null,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Arr,
    Obj,
}

// ---------------------------------------------------------------------------
// The reference scanner.

/// One entry of the reference scanner's context stack.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Ctx {
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
    fn kind(self) -> Option<Kind> {
        match self {
            Ctx::ArrValue | Ctx::ArrComma => Some(Kind::Arr),
            Ctx::ObjKey | Ctx::ObjColon | Ctx::ObjValue | Ctx::ObjComma => Some(Kind::Obj),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Reason {
    Escape,
    Item,
}

/// The reference's respawn point. (Where it is in the text is `PartialJson::fed`.)
#[derive(Debug)]
struct Hold {
    /// Stack depth at that moment: the suffix is built from this many entries.
    depth: usize,
    reason: Reason,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Event {
    None,
    /// A respawn point was set at this character: hold it and what follows.
    Held,
    /// The respawn point was dropped: everything held is committed.
    Released,
}

/// Stands for any non-ASCII UTF-16 code unit; the reference only ever
/// compares code units with ASCII characters.
const OTHER: u8 = 0x80;

/// A transcription of the reference scanner's state machine (with the
/// `\uXXXX` fix described in the module docs), fed the same
/// UTF-16 code units.
struct Scanner {
    stack: Vec<Ctx>,
    hold: Option<Hold>,
    /// Code units scanned: the reference's `json.length`.
    units: usize,
    /// Code units since the last `u`: the reference ends a `\u` escape when
    /// this reaches 4, wherever that `u` was.
    since_u: usize,
    /// One past the position of the last `t`, `f` and `n` (0: none). The
    /// reference completes a word from the last occurrence of its first
    /// letter anywhere in the text.
    last_initial: [usize; 3],
}

impl Scanner {
    fn new() -> Self {
        Scanner {
            stack: vec![Ctx::Top],
            hold: None,
            units: 0,
            since_u: 0,
            last_initial: [0; 3],
        }
    }

    fn step(&mut self, c: char) -> Event {
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

    fn unit(&mut self, u: u8) -> Event {
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
    fn begin(&mut self, u: u8) {
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

    fn pop(&mut self) {
        if self.stack.len() > 1 {
            self.stack.pop();
        }
    }

    fn replace(&mut self, ctx: Ctx) {
        if let Some(top) = self.stack.last_mut() {
            *top = ctx;
        }
    }

    fn hold(&mut self, reason: Reason) -> Event {
        if self.hold.is_some() {
            return Event::None;
        }
        self.hold = Some(Hold {
            depth: self.stack.len(),
            reason,
        });
        Event::Held
    }

    fn release(&mut self, reason: Reason) -> Event {
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
    fn containers(&self) -> usize {
        let mut top = self.stack.len();
        while top > 1 && self.stack[top - 1].kind().is_none() {
            top -= 1;
        }
        top.saturating_sub(1)
    }

    /// What the reference appends for the non-container entries above the
    /// containers, given as `leaf`.
    fn leaf_suffix(&self, leaf: &[Ctx]) -> &'static str {
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

/// Where in a frame's grammar the parser is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum State {
    /// Just after `[` or `{`.
    Open,
    /// After `,`: a value (array) or a key (object) must follow.
    AfterComma,
    /// Object: the key has started; `:` must follow it.
    Colon,
    /// Object: after `:`.
    AfterColon,
    /// The current value has started (it may still be in progress).
    AfterValue,
}

/// Where a value sits in its parent.
#[derive(Debug)]
enum Slot {
    Root,
    /// The last element of an array or the last entry of an object.
    Last,
    /// A repeated object key, whose entry keeps its first position.
    Key(String),
}

#[derive(Debug)]
struct Frame {
    kind: Kind,
    at: Slot,
    state: State,
}

#[derive(Debug)]
enum Token {
    None,
    Str(StrTok),
    Num(NumTok),
    /// A literal and how many of its letters have been read.
    Word(Lit, usize),
}

#[derive(Debug)]
struct StrTok {
    key: bool,
    esc: Esc,
    /// A `\u` high surrogate whose U+FFFD stand-in ends the text so far; a
    /// low surrogate right after it replaces the stand-in with the pair.
    high: Option<u32>,
}

#[derive(Clone, Copy, Debug)]
enum Esc {
    None,
    Backslash,
    Hex(u8, u32),
}

struct Parser {
    frames: Vec<Frame>,
    token: Token,
    started: bool,
    failed: bool,
    /// A tree invariant did not hold. Not expected to happen; it turns the
    /// value off rather than panicking.
    broken: bool,
    root: Value,
    /// During a push, the open containers, outermost first, each taken out
    /// of its parent (which holds a `Null` in its place), so that the
    /// innermost one and its parent can be reached in O(1). Between pushes
    /// everything is back in the tree and `open` is empty.
    open: Vec<Value>,
    detached: bool,
    /// Where the current string or number token sits in its parent.
    leaf: Slot,
    /// The last object key read, kept until its value starts.
    key: String,
    /// Decoded string text not yet written to the tree.
    text: String,
    /// Remove the tree string's last character (a surrogate stand-in) before
    /// writing `text`.
    trim: bool,
    work: u64,
    /// The fewest containers open at any time since this was last reset:
    /// the outer ones that stayed open (see `PartialJson::take_update`).
    low: usize,
    /// An object repeated a key since this was last reset: a member that
    /// is not the last changed.
    repeated: bool,
}

impl Parser {
    fn new() -> Self {
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
        }
    }

    fn step(&mut self, c: char) {
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
    fn structural(&mut self, c: char) {
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

    fn begin_value(&mut self, c: char) {
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

    fn string_char(&mut self, c: char) {
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

    fn end_token(&mut self) {
        self.flush();
        self.token = Token::None;
    }

    /// Writes the pending token's news to the tree.
    fn flush(&mut self) {
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

    fn finish_push(&mut self) {
        if !self.failed {
            self.flush();
        }
        self.attach();
    }

    /// Puts `value` where the next value goes and says where that is.
    fn place(&mut self, value: Value) -> Slot {
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
    fn key_depth(&self) -> Option<usize> {
        let frame = self
            .frames
            .iter()
            .position(|f| matches!(f.at, Slot::Key(_)));
        let token = matches!(self.token, Token::Str(_) | Token::Num(_))
            && matches!(self.leaf, Slot::Key(_));
        frame.or(token.then_some(self.frames.len()))
    }

    fn open_container(&mut self, kind: Kind) {
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
    }

    fn close(&mut self) {
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
    fn detach(&mut self) {
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

    fn attach(&mut self) {
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
    fn natural_end(&self) -> Option<&'static str> {
        match &self.token {
            Token::None => Some(""),
            Token::Str(t) => (!t.key && matches!(t.esc, Esc::None)).then_some("\""),
            Token::Num(n) => Some(if n.complete() { "" } else { "0" }),
            Token::Word(lit, read) => lit.text().get(*read..),
        }
    }

    /// Whether, between tokens, closing the open containers now is valid.
    fn closable(&self) -> bool {
        match self.frames.last() {
            None => self.started,
            Some(frame) => matches!(frame.state, State::Open | State::AfterValue),
        }
    }
}

/// The open child of `parent` at `at`, and the step to it.
fn last_child<'a>(parent: &'a Value, at: &Slot) -> Option<(Step<'a>, &'a Value)> {
    match (parent, at) {
        (Value::Array(items), Slot::Last) => {
            let i = items.len().checked_sub(1)?;
            Some((Step::Index(i), &items[i]))
        }
        (Value::Object(map), Slot::Last) => {
            let (k, v) = map.iter().next_back()?;
            Some((Step::Key(k), v))
        }
        (Value::Object(map), Slot::Key(k)) => {
            let (k, v) = map.get_key_value(k)?;
            Some((Step::Key(k), v))
        }
        _ => None,
    }
}

fn child_mut<'a>(parent: &'a mut Value, at: &Slot) -> Option<&'a mut Value> {
    match (parent, at) {
        (Value::Array(items), Slot::Last) => items.last_mut(),
        (Value::Object(map), Slot::Last) => map.values_mut().next_back(),
        (Value::Object(map), Slot::Key(key)) => map.get_mut(key.as_str()),
        _ => None,
    }
}

/// Returns a detached container to its place; false if the place is gone.
fn put_back(root: &mut Value, open: &mut [Value], value: Value, at: &Slot) -> bool {
    let target = match at {
        Slot::Root => Some(root),
        at => open.last_mut().and_then(|parent| child_mut(parent, at)),
    };
    match target {
        Some(target) => {
            *target = value;
            true
        }
        None => {
            drop_deep(value);
            false
        }
    }
}

// ---------------------------------------------------------------------------
// Numbers.

/// Digits past this many only matter as "something nonzero follows": every
/// f64 rounding boundary has at most 767 significant decimal digits.
const MAX_DIGITS: usize = 800;
/// Exponents are saturated here; far beyond where results become 0 or ∞.
const MAX_EXP: i64 = 1 << 40;

#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
enum NumAt {
    #[default]
    Start,
    Minus,
    Zero,
    Int,
    Dot,
    Frac,
    E,
    ESign,
    Exp,
}

/// A number token, kept small however long the text gets: value =
/// ±`digits` × 10^(`scale` ± `exp`), with `sticky` standing for nonzero
/// digits dropped past `MAX_DIGITS`.
#[derive(Debug, Default)]
struct NumTok {
    at: NumAt,
    neg: bool,
    digits: String,
    sticky: bool,
    scale: i64,
    exp_neg: bool,
    exp: i64,
    dirty: bool,
}

impl NumTok {
    /// Takes `c` if it continues the number.
    fn accept(&mut self, c: char) -> bool {
        let digit = c.is_ascii_digit();
        let next = match (self.at, c) {
            (NumAt::Start, '-') => {
                self.neg = true;
                NumAt::Minus
            }
            (NumAt::Start | NumAt::Minus, '0') => NumAt::Zero,
            (NumAt::Start | NumAt::Minus | NumAt::Int, _) if digit => {
                self.int_digit(c);
                NumAt::Int
            }
            (NumAt::Zero | NumAt::Int, '.') => NumAt::Dot,
            (NumAt::Dot | NumAt::Frac, _) if digit => {
                self.frac_digit(c);
                NumAt::Frac
            }
            (NumAt::Zero | NumAt::Int | NumAt::Frac, 'e' | 'E') => NumAt::E,
            (NumAt::E, '+') => NumAt::ESign,
            (NumAt::E, '-') => {
                self.exp_neg = true;
                NumAt::ESign
            }
            (NumAt::E | NumAt::ESign | NumAt::Exp, _) if digit => {
                self.exp = (self.exp * 10 + i64::from(c as u8 - b'0')).min(MAX_EXP);
                NumAt::Exp
            }
            _ => return false,
        };
        self.at = next;
        self.dirty = true;
        true
    }

    fn complete(&self) -> bool {
        matches!(self.at, NumAt::Zero | NumAt::Int | NumAt::Frac | NumAt::Exp)
    }

    fn int_digit(&mut self, c: char) {
        if self.digits.len() < MAX_DIGITS {
            self.digits.push(c);
        } else {
            self.scale = self.scale.saturating_add(1);
            self.sticky |= c != '0';
        }
    }

    fn frac_digit(&mut self, c: char) {
        if self.digits.is_empty() && c == '0' {
            self.scale = self.scale.saturating_sub(1);
        } else if self.digits.len() < MAX_DIGITS {
            self.digits.push(c);
            self.scale = self.scale.saturating_sub(1);
        } else {
            self.sticky |= c != '0';
        }
    }

    /// The value with missing digits read as 0, as the reference's appended
    /// `0` makes it.
    fn value(&self, work: &mut u64) -> Value {
        if self.digits.is_empty() {
            return Value::from(0);
        }
        *work += self.digits.len() as u64;
        let mut text = String::with_capacity(self.digits.len() + 24);
        text.push_str(&self.digits);
        let mut scale = self.scale;
        if self.sticky {
            text.push('1');
            scale = scale.saturating_sub(1);
        }
        let exp = if self.exp_neg { -self.exp } else { self.exp };
        text.push('e');
        text.push_str(
            &scale
                .saturating_add(exp)
                .clamp(-MAX_EXP, MAX_EXP)
                .to_string(),
        );
        let magnitude = parse_f64(&text).unwrap_or(f64::NAN);
        js_number(if self.neg { -magnitude } else { magnitude })
    }
}

/// A JavaScript number as a JSON value (see the module docs).
fn js_number(f: f64) -> Value {
    const TWO_63: f64 = 9_223_372_036_854_775_808.0;
    if !f.is_finite() {
        Value::Null
    } else if f.fract() == 0.0 && (-TWO_63..TWO_63).contains(&f) {
        Value::from(f as i64)
    } else if f.fract() == 0.0 && (0.0..2.0 * TWO_63).contains(&f) {
        Value::from(f as u64)
    } else {
        Number::from_f64(f).map_or(Value::Null, Value::Number)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn v(s: &str) -> Option<Value> {
        partial_value(s)
    }

    #[test]
    fn readme_examples() {
        assert_eq!(v("[1, 2"), Some(json!([1, 2])));
        assert_eq!(v("\"Hello, Wor"), Some(json!("Hello, Wor")));
        assert_eq!(
            v("{\"votes\": [true, fa"),
            Some(json!({"votes": [true, false]}))
        );
        assert_eq!(v("123."), Some(json!(123)));
        assert_eq!(v("[1, 2, "), Some(json!([1, 2])));
        assert_eq!(v("\"abc\\"), Some(json!("abc")));
        assert_eq!(v("{\"x\": 20, \"y\": "), Some(json!({"x": 20})));
    }

    #[test]
    fn nothing_to_show() {
        assert_eq!(v(""), None);
        assert_eq!(v(" \n\t"), None);
        assert_eq!(PartialJson::new().value(), None);
    }

    #[test]
    fn pending_tails() {
        assert_eq!(v("{\"a\":1,\"b"), Some(json!({"a": 1})));
        assert_eq!(v("{\"a\":1,\"b\""), Some(json!({"a": 1})));
        assert_eq!(v("{\"a\":1,\"b\" :"), Some(json!({"a": 1})));
        assert_eq!(v("{\"a\":1,\"b\" : "), Some(json!({"a": 1})));
        assert_eq!(v("{\"a\":1,\"b\" : t"), Some(json!({"a": 1, "b": true})));
        assert_eq!(v("{\""), Some(json!({})));
        assert_eq!(v("[tr"), Some(json!([true])));
        assert_eq!(v("[tr,"), None); // the word was cut short
        assert_eq!(v("[true,"), Some(json!([true])));
        assert_eq!(v("-"), Some(json!(0)));
        assert_eq!(v("1e"), Some(json!(1)));
        assert_eq!(v("1e+"), Some(json!(1)));
        assert_eq!(v("[1.5e-"), Some(json!([1.5])));
        assert_eq!(v("{\"a\":1,"), Some(json!({"a": 1})));
        assert_eq!(v("{\"a\":1, junk"), Some(json!({"a": 1})));
        assert_eq!(v("{\"a\" x"), Some(json!({})));
    }

    #[test]
    fn reference_quirks() {
        // The respawn point outlives its container.
        assert_eq!(v("[1,]"), None);
        assert_eq!(v("[1,]["), Some(json!([1])));
        assert_eq!(v("[1,][]"), None);
        assert_eq!(v("[1,][]["), Some(json!([1])));
        assert_eq!(v("{\"a\":1,}{"), Some(json!({"a": 1})));
        assert_eq!(v("[1,]{"), None);
        // Held text is not validated until the hold ends.
        assert_eq!(v("\"\\uZZ"), Some(json!("")));
        assert_eq!(v("\"\\uZZZZ"), None);
    }

    /// The reference takes the character after `\uXXXX` as escaped too, so
    /// a closing quote there leaves its string open and the value vanishes.
    /// We end the escape at its fourth hex digit.
    #[test]
    fn unicode_escape_ends_at_its_fourth_digit() {
        assert_eq!(v("\"\\u1234"), Some(json!("\u{1234}")));
        assert_eq!(v("\"\\u1234\""), Some(json!("\u{1234}"))); // reference: throws
        assert_eq!(v("\"\\u0041x\""), Some(json!("Ax")));
        assert_eq!(
            v("{\"a\":\"\\u0041\",\"b\":\"x"),
            Some(json!({"a": "A", "b": "x"}))
        );
        assert_eq!(v("{\"a\":\"\\u0041\","), Some(json!({"a": "A"})));
        assert_eq!(
            v("{\"a\":\"\\u0041\",\"b\":\"x\"}"),
            Some(json!({"a": "A", "b": "x"}))
        );
        // A second escape right after the first is held back like any other.
        assert_eq!(v("\"\\u0041\\"), Some(json!("A")));
        assert_eq!(v("\"\\u0041\\u00"), Some(json!("A"))); // reference: throws
        assert_eq!(v("\"\\u0041\\n"), Some(json!("A\n")));
        assert_eq!(v("[\"\\u0041\",\"x,-\""), Some(json!(["A", "x,-"])));
        // A `u` right after the escape is just a letter.
        assert_eq!(v("\"\\u0041u12"), Some(json!("Au12")));
        assert_eq!(v("[\"\\u0041\"]"), Some(json!(["A"]))); // reference: throws
    }

    #[test]
    fn invalid_stays_invalid() {
        let mut p = PartialJson::new();
        p.push("{]");
        assert_eq!(p.value(), None);
        p.push("}");
        assert_eq!(p.value(), None);
        assert_eq!(p.buffer(), "{]}");
        assert_eq!(v("[01"), None);
        assert_eq!(v("1 2"), None);
        assert_eq!(v("[1 2"), None);
        assert_eq!(v("{\"a\":1}x"), None);
        assert_eq!(v("\"a\u{1}b\""), None);
        assert_eq!(v("[tx"), None);
        assert_eq!(v("[truee"), None);
        assert_eq!(v("\u{a0}1"), None);
    }

    #[test]
    fn numbers() {
        assert_eq!(v("1.0"), Some(json!(1)));
        assert_eq!(v("-0"), Some(json!(0)));
        assert_eq!(v("-0.5"), Some(json!(-0.5)));
        assert_eq!(v("0.1"), Some(json!(0.1)));
        assert_eq!(v("6.02e23"), Some(json!(6.02e23)));
        assert_eq!(v("1e400"), Some(Value::Null));
        assert_eq!(v("-1e400"), Some(Value::Null));
        assert_eq!(v("1e-400"), Some(json!(0)));
        assert_eq!(
            v("12345678901234567890"),
            Some(json!(12345678901234567168u64))
        );
        assert_eq!(v("9007199254740993"), Some(json!(9007199254740992i64)));
        assert_eq!(v("1e20"), Some(json!(1e20)));
        assert_eq!(
            v("3.141592653589793238462643383279"),
            Some(json!(std::f64::consts::PI))
        );
        let long = format!("0.{}1e{}", "0".repeat(2000), 2001);
        assert_eq!(v(&long), Some(json!(1)));
        let wide = format!("{}e-1999", "1".repeat(2000));
        assert_eq!(v(&wide), Some(json!(1.1111111111111111)));
        // A halfway case decided by a digit far past MAX_DIGITS.
        let half = "9007199254740993"; // 2^53 + 1: ties to even, down
        assert_eq!(v(half), Some(json!(9007199254740992u64)));
        let above = format!("{half}.{}1", "0".repeat(1500));
        assert_eq!(v(&above), Some(json!(9007199254740994u64)));
    }

    #[test]
    fn strings_and_surrogates() {
        assert_eq!(
            v(r#""a\"b\\c\/d\b\f\n\r\t""#),
            Some(json!("a\"b\\c/d\u{8}\u{c}\n\r\t"))
        );
        assert_eq!(v(r#""\ud83d\ude00""#), Some(json!("😀")));
        assert_eq!(v(r#""\ud83d"#), Some(json!("\u{fffd}")));
        assert_eq!(v(r#""\ud83d\"#), Some(json!("\u{fffd}"))); // reference: throws
        assert_eq!(v(r#""\ud83d\ude"#), Some(json!("\u{fffd}")));
        assert_eq!(v(r#""\ud83d\ude00"#), Some(json!("😀")));
        assert_eq!(v(r#"["\udc00x"]"#), Some(json!(["\u{fffd}x"])));
        assert_eq!(v("\"😀 é 中\""), Some(json!("😀 é 中")));
        // The stand-in was already in the tree when the low half arrived.
        let mut p = PartialJson::new();
        for delta in ["[\"a\\ud83d", "\\ude", "00", "b\"]"] {
            p.push(delta);
        }
        assert_eq!(p.value(), Some(&json!(["a😀b"])));
    }

    #[test]
    fn duplicate_keys_keep_first_position() {
        let got = v(r#"{"a":1,"b":2,"a":{"x":[3"#).unwrap_or_default();
        assert_eq!(got, json!({"a": {"x": [3]}, "b": 2}));
        let keys: Vec<_> = got
            .as_object()
            .map(|m| m.keys().cloned().collect())
            .unwrap_or_default();
        assert_eq!(keys, ["a", "b"]);
        let mut p = PartialJson::new();
        for c in r#"{"k":"x","z":0,"k":"long"}"#.chars() {
            p.push(c.encode_utf8(&mut [0; 4]));
        }
        assert_eq!(p.value(), Some(&json!({"k": "long", "z": 0})));
    }

    #[test]
    fn split_anywhere() {
        let doc = r#" {"t\u00e9xt": "h\u00e9llo \"w\" 😀", "n": [-1.5e+3, 0, true, null, {}], "s": "\ud83d\ude00"} "#;
        let whole = v(doc);
        assert!(whole.is_some());
        for size in 1..8 {
            let mut p = PartialJson::new();
            let chars: Vec<char> = doc.chars().collect();
            for chunk in chars.chunks(size) {
                p.push(&chunk.iter().collect::<String>());
                assert_eq!(p.value(), v(p.buffer()).as_ref(), "{:?}", p.buffer());
            }
            assert_eq!(p.value(), whole.as_ref());
        }
    }

    #[test]
    fn deep_nesting_does_not_overflow() {
        let depth = 100_000;
        let mut p = PartialJson::new();
        p.push(&"[".repeat(depth));
        assert!(p.value().is_some());
        p.push(&"]".repeat(depth));
        assert!(p.value().is_some());
        p.push("x");
        assert_eq!(p.value(), None);
        let mut p = PartialJson::new();
        p.push(&"{\"a\":".repeat(depth));
        p.push("1");
        let mut node = p.value();
        let mut levels = 0;
        while let Some(Value::Object(m)) = node {
            node = m.get("a");
            levels += 1;
        }
        assert_eq!((levels, node), (depth, Some(&json!(1))));
        let _copy = p.clone();
    }

    #[test]
    fn pushing_is_linear() {
        let mut p = PartialJson::new();
        p.push("{\"text\": \"");
        let start = p.work();
        for _ in 0..20_000 {
            p.push("a");
        }
        let per_push = (p.work() - start) / 20_000;
        assert!(per_push <= 8, "{per_push} units of work per one-byte push");
        assert_eq!(
            p.value().and_then(|v| v["text"].as_str()).map(str::len),
            Some(20_000)
        );
    }
}

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

mod number;
mod parser;
mod scanner;
#[cfg(test)]
mod tests;
mod tree;

use std::fmt;

use serde_json::Value;

use super::json::plain_run_end;
use super::surrogates;

use parser::{Parser, Token};
use scanner::{Ctx, Event, Scanner};
use tree::{last_child, Frame};

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
    /// Then, the deepest open container's last member when it was a string
    /// that can only grow: that container's depth and the string's length.
    shown_text: Option<(usize, usize)>,
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
        /// The member at `from` is a string handed out before with this
        /// many bytes (a complete member stays what it was; the open one
        /// only grows), which are as they were: a copy appends the rest
        /// instead of taking the whole string again (a long string argument
        /// taken whole on every delta made its stream quadratic).
        grown: Option<usize>,
    },
}

/// One step down a path: an array index or an object key.
#[derive(Debug, PartialEq)]
pub enum Step<'a> {
    Index(usize),
    Key(&'a str),
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
            shown_text: None,
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
        let text = std::mem::take(&mut self.shown_text);
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
        self.shown_text = last_text(node).map(|s| (depth, s.len()));
        // A member at a repeated key is not the container's last, so the
        // changed members would not all be from `from` on.
        let keyed = keyed.is_some_and(|d| d <= path.len() + 1);
        match changed {
            Some((container, len)) if !repeated && !keyed => {
                let was = before[path.len()];
                if len < was {
                    return Update::Whole(Some(&self.parser.root));
                }
                // The string was the last member of this same container.
                let grown = text.filter(|&(d, _)| d == path.len() + 1).map(|(_, n)| n);
                Update::Tail {
                    path,
                    from: was.saturating_sub(1),
                    container,
                    grown,
                }
            }
            _ => Update::Whole(Some(&self.parser.root)),
        }
    }

    /// How many containers the value nests, open or closed: a caller that
    /// walks it recursively checks this first (the tree itself may be any
    /// depth, see the module's doc).
    pub fn depth(&self) -> usize {
        self.parser.deepest
    }

    /// Appends `delta` to the buffer and brings the value up to date.
    pub fn push(&mut self, delta: &str) {
        let base = self.buf.len();
        self.buf.push_str(delta);
        if self.parser.failed {
            return; // No continuation can make the reference parse again.
        }
        let mut offset = 0;
        loop {
            offset += self.plain_run(delta, base, offset);
            let Some(c) = delta.get(offset..).and_then(|rest| rest.chars().next()) else {
                break;
            };
            offset += c.len_utf8();
            let end = base + offset;
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

    /// Inside a string whose text so far is all committed and fed, a run
    /// of plain characters (no quote, backslash or control character) in
    /// `delta` from `at` (the buffer's `base + at`) moves neither stack: the
    /// scanner only counts it, and the parser appends it to the string. It
    /// is taken in one piece, the scanner stepped over it with nothing in
    /// between: syncing the stacks and feeding the parser per character was
    /// most of a long string argument's cost (scenario 8-file). The length
    /// taken, 0 where this is not such a place.
    fn plain_run(&mut self, delta: &str, base: usize, at: usize) -> usize {
        if self.scan.stack.last() != Some(&Ctx::Str)
            || self.scan.hold.is_some()
            || self.fed != base + at
        {
            return 0;
        }
        // It stops at an ASCII byte or the end, so on a character boundary.
        let end = plain_run_end(delta.as_bytes(), at);
        let Some(run) = delta.get(at..end).filter(|run| !run.is_empty()) else {
            return 0;
        };
        if !self.parser.plain_run(run) {
            return 0;
        }
        for c in run.chars() {
            self.work += c.len_utf16() as u64;
            self.scan.step(c);
        }
        self.fed = base + end;
        sync(&mut self.agree, &self.scan, &self.parser.frames);
        run.len()
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

/// The last member of `container` if it is a string that later pushes can
/// only append to: the parser too reads a lone high half as a stand-in,
/// which the pair replaces once its second half arrives.
fn last_text(container: &Value) -> Option<&str> {
    let last = match container {
        Value::Array(items) => items.last(),
        Value::Object(map) => map.values().next_back(),
        _ => None,
    };
    last?.as_str().filter(|s| !surrogates::open_end(s))
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

pub(super) fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

/// Drops a value without recursing into it.
pub(super) fn drop_deep(value: Value) {
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

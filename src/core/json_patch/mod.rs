//! RFC 6902 JSON Patch, applied atomically.
//!
//! The reference client applies patches with fast-json-patch 3.1.1
//! (`applyPatch(doc, patch, validateOperation = true, mutateDocument = false)`),
//! so wherever that library and the RFC part ways, this module follows the
//! library, except where the library's behaviour is a JavaScript accident
//! (prototype properties, int32 wrapping, primitive roots, cycles). Every such
//! spot carries a `fast-json-patch:` comment.
//!
//! A patch is all-or-nothing: ops are applied in place and whatever each one
//! overwrote or removed is moved (not cloned) into an undo log, replayed
//! backwards if a later op fails.

use std::borrow::Cow;
use std::fmt;

use serde_json::Value;

use crate::core::json::{member, member_mut};
use crate::core::types::patch::{PatchOp, Pointer};

mod bounds;
mod edits;
pub use bounds::{Bounds, Budget, DEFAULT_MAX_STATE_SIZE};
pub use edits::{apply_patch_edits, EditKind, Edits, EDITS_AT_LEAST, MAX_FOLLOWED};

/// Which op failed, for error messages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpAt {
    /// Position of the op in the patch.
    pub index: usize,
    /// The op name: `add`, `remove`, `replace`, `move`, `copy` or `test`.
    pub op: &'static str,
    pub path: String,
    /// Only for `move` and `copy`.
    pub from: Option<String>,
}

impl OpAt {
    fn new(index: usize, op: &PatchOp) -> Self {
        let (name, path, from) = match op {
            PatchOp::Add { path, .. } => ("add", path, None),
            PatchOp::Remove { path } => ("remove", path, None),
            PatchOp::Replace { path, .. } => ("replace", path, None),
            PatchOp::Move { from, path } => ("move", path, Some(from)),
            PatchOp::Copy { from, path } => ("copy", path, Some(from)),
            PatchOp::Test { path, .. } => ("test", path, None),
        };
        OpAt {
            index,
            op: name,
            path: path.as_str().to_owned(),
            from: from.map(|f| f.as_str().to_owned()),
        }
    }
}

impl fmt::Display for OpAt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.from {
            Some(from) => write!(
                f,
                "patch op {} ({} from {} to {})",
                self.index,
                self.op,
                quoted(from),
                quoted(&self.path)
            ),
            None => write!(
                f,
                "patch op {} ({} {})",
                self.index,
                self.op,
                quoted(&self.path)
            ),
        }
    }
}

/// A pointer or token as the messages show it: a JSON string (Rust's
/// `Debug` quoting would link the standard library's Unicode tables).
fn quoted(s: &str) -> String {
    crate::core::json::to_json(s)
}

/// Why a patch was refused. The document is unchanged whenever one is returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PatchError {
    #[error("{at}: nothing at {}", quoted(.pointer))]
    NotFound { at: OpAt, pointer: String },
    #[error("{at}: the value at {} is not an object or array", quoted(.pointer))]
    NotContainer { at: OpAt, pointer: String },
    #[error("{at}: {} is not an index into the array at {}", quoted(.token), quoted(.pointer))]
    BadIndex {
        at: OpAt,
        pointer: String,
        token: String,
    },
    #[error("{at}: index {index} is past the end of the array at {} (length {len})", quoted(.pointer))]
    OutOfBounds {
        at: OpAt,
        pointer: String,
        index: usize,
        len: usize,
    },
    #[error("{at}: a value cannot be moved into its own child")]
    IntoOwnChild { at: OpAt },
    #[error("{at}: test failed, the value differs")]
    TestFailed { at: OpAt },
    #[error("{at}: the token {} is refused (prototype pollution guard)", quoted(.token))]
    Banned { at: OpAt, token: String },
    #[error("{at}: the result would nest {depth} levels deep, past the limit of {max}")]
    TooDeep { at: OpAt, depth: usize, max: usize },
    #[error("{at}: the result would be about {size} bytes, past the limit of {max}")]
    TooLarge { at: OpAt, size: usize, max: usize },
}

/// Applies `ops` to `doc` in order, within `budget` (whose size follows
/// the document's). If any op fails, `doc` is left exactly as it was
/// (values and key order), `budget` too, and the first failure is returned.
pub fn apply_patch(
    doc: &mut Value,
    ops: &[PatchOp],
    budget: &mut Budget,
) -> Result<(), PatchError> {
    let before = *budget;
    let mut log = Vec::new();
    for (index, op) in ops.iter().enumerate() {
        let cx = Cx { index, op };
        if let Err(e) = apply_op(doc, &cx, &mut log, budget) {
            rollback(doc, log);
            *budget = before;
            return Err(e);
        }
    }
    Ok(())
}

/// The op being applied; builds errors lazily so the happy path allocates nothing for them.
struct Cx<'a> {
    index: usize,
    op: &'a PatchOp,
}

impl Cx<'_> {
    fn at(&self) -> OpAt {
        OpAt::new(self.index, self.op)
    }
}

/// One step from a container to a child, resolved against the document.
/// A key borrows the op's pointer (unescaped tokens aside): paths are only
/// kept while their patch applies, and a `String` per key was most of a
/// small patch's allocations.
#[derive(Debug, Clone, PartialEq)]
pub enum Slot<'p> {
    Key(Token<'p>),
    Index(usize),
}

/// How to undo one mutation. Slot paths are valid again once every later
/// entry has been undone, since entries are replayed newest first.
enum Undo<'p> {
    /// The value at `at` was overwritten; `old` was there before.
    Set { at: Vec<Slot<'p>>, old: Value },
    /// A new key or array element was inserted at `at`.
    Inserted { at: Vec<Slot<'p>> },
    /// `old` was removed from `at`; an object key sat at position `pos`.
    Removed {
        at: Vec<Slot<'p>>,
        pos: usize,
        old: Value,
    },
    /// A move: undo `to`, and the value that takes back out of the target
    /// returns to `from` (position `pos`). Saves cloning the moved value.
    Moved {
        from: Vec<Slot<'p>>,
        pos: usize,
        to: Box<Undo<'p>>,
    },
}

/// Where an add lands, checked so that putting a value there cannot fail.
struct Dest<'p> {
    parent: Vec<Slot<'p>>,
    slot: Slot<'p>,
}

/// How array indices before the last token are read. fast-json-patch checks
/// existence with `obj[token] !== undefined` (only canonical indices such as
/// "1" hit) for the ops its validator covers, but `test` and the target of
/// `move`/`copy` skip that check and use its looser `isInteger` + `~~token`.
#[derive(Clone, Copy)]
enum Walk {
    Exact,
    Loose,
}

fn apply_op<'p>(
    doc: &mut Value,
    cx: &Cx<'p>,
    log: &mut Vec<Undo<'p>>,
    budget: &mut Budget,
) -> Result<(), PatchError> {
    match cx.op {
        PatchOp::Add { path, value } => {
            let tokens = tokens(cx, path)?;
            let added = budget.placing(cx, tokens.len(), value)?;
            match tokens.split_last() {
                None => log.push(set_root(doc, value.clone())),
                Some((last, parents)) => {
                    let dest = dest_add(doc, cx, path, parents, last)?;
                    log.push(put(doc, dest, value.clone()).map_err(|_| not_found(cx, path))?);
                }
            }
            budget.count(cx, added, log.last())?;
        }
        PatchOp::Remove { path } => {
            let tokens = tokens(cx, path)?;
            // fast-json-patch: removing the root leaves `null`; we match that.
            let (at, _) = find_exact(doc, cx, path, &tokens)?;
            let (pos, old) = take_at(doc, &at).ok_or_else(|| not_found(cx, path))?;
            log.push(Undo::Removed { at, pos, old });
            budget.count(cx, 0, log.last())?;
        }
        PatchOp::Replace { path, value } => {
            let tokens = tokens(cx, path)?;
            let added = budget.placing(cx, tokens.len(), value)?;
            let (at, target) = find_exact(doc, cx, path, &tokens)?;
            let old = std::mem::replace(target, value.clone());
            log.push(Undo::Set { at, old });
            budget.count(cx, added, log.last())?;
        }
        PatchOp::Test { path, value } => {
            let tokens = tokens(cx, path)?;
            let found = test_target(doc, cx, path, &tokens)?;
            if !found.is_some_and(|actual| js_equal(actual, value)) {
                return Err(PatchError::TestFailed { at: cx.at() });
            }
        }
        PatchOp::Copy { from, path } => {
            let from_tokens = tokens(cx, from)?;
            let tokens = tokens(cx, path)?;
            let (_, value) = find_exact(doc, cx, from, &from_tokens)?;
            // Measured before it is cloned: a copy into its own descendant
            // doubles what it copies.
            let added = budget.placing(cx, tokens.len(), value)?;
            let value = value.clone();
            match tokens.split_last() {
                None => log.push(set_root(doc, value)),
                Some((last, parents)) => {
                    let dest = dest_unchecked(doc, cx, path, parents, last)?;
                    log.push(put(doc, dest, value).map_err(|_| not_found(cx, path))?);
                }
            }
            budget.count(cx, added, log.last())?;
        }
        PatchOp::Move { from, path } => {
            let from_tokens = tokens(cx, from)?;
            let tokens = tokens(cx, path)?;
            let (from_at, moved) = find_exact(doc, cx, from, &from_tokens)?;
            if tokens.is_empty() && from_tokens.is_empty() {
                return Ok(());
            }
            // The document is within its depth, so a value moved no deeper
            // than it was stays within it; one moved deeper is measured.
            if tokens.len() > from_tokens.len() {
                budget.placing(cx, tokens.len(), moved)?;
            }
            // fast-json-patch does not check this: it removes `from`, then
            // fails adding under the hole (or, inside an array, adds to the
            // element that shifted into place, or builds a cycle for `from`
            // ""). RFC 6902 forbids it, and so do we.
            if tokens.len() > from_tokens.len() && tokens.starts_with(&from_tokens) {
                return Err(PatchError::IntoOwnChild { at: cx.at() });
            }
            if let Some((last, parents)) = tokens.split_last() {
                // fast-json-patch checks the target against the document as
                // it is before `from` is removed, then adds without checks.
                dest_unchecked(doc, cx, path, parents, last)?;
            }
            let (pos, value) = take_at(doc, &from_at).ok_or_else(|| not_found(cx, from))?;
            let placed = match tokens.split_last() {
                None => Ok(set_root(doc, value)),
                Some((last, parents)) => match dest_unchecked(doc, cx, path, parents, last) {
                    Ok(dest) => put(doc, dest, value).map_err(|v| (v, not_found(cx, path))),
                    Err(e) => Err((value, e)),
                },
            };
            match placed {
                Ok(to) => log.push(Undo::Moved {
                    from: from_at,
                    pos,
                    to: Box::new(to),
                }),
                Err((value, e)) => {
                    log.push(Undo::Removed {
                        at: from_at,
                        pos,
                        old: value,
                    });
                    return Err(e);
                }
            }
            // What the moved value overwrote at its target is gone.
            budget.count(cx, 0, log.last())?;
        }
    }
    Ok(())
}

/// One reference token of a pointer, unescaped.
type Token<'p> = Cow<'p, str>;

/// Unescaped tokens of `ptr`, refusing the ones fast-json-patch bans.
fn tokens<'p>(cx: &Cx, ptr: &'p Pointer) -> Result<Vec<Token<'p>>, PatchError> {
    let tokens: Vec<Token> = ptr.tokens().collect();
    for (i, t) in tokens.iter().enumerate() {
        let after_constructor = i > 0 && tokens[i - 1] == "constructor";
        if t == "__proto__" || (t == "prototype" && after_constructor) {
            return Err(PatchError::Banned {
                at: cx.at(),
                token: t.to_string(),
            });
        }
    }
    Ok(tokens)
}

/// The pointer made of the first `n` tokens of `ptr`, for error messages.
fn prefix(ptr: &Pointer, n: usize) -> String {
    let s = ptr.as_str();
    let end = s.match_indices('/').nth(n).map_or(s.len(), |(i, _)| i);
    s[..end].to_owned()
}

/// An array index as fast-json-patch's `isInteger` accepts it: ASCII digits
/// only, so leading zeros pass and so does "" (`~~""` is 0).
/// fast-json-patch: `~~token` wraps at 2^31 (so "4294967296" means 0); we
/// refuse such indices rather than reproduce the wrap.
fn loose_index(token: &str) -> Option<usize> {
    const JS_INT32_MAX: u64 = 2_147_483_647;
    let n = token.bytes().try_fold(0u64, |n, b| {
        let digit = b.is_ascii_digit().then(|| u64::from(b - b'0'))?;
        n.checked_mul(10)?.checked_add(digit)
    })?;
    if n > JS_INT32_MAX {
        return None;
    }
    usize::try_from(n).ok()
}

/// An index as JavaScript property lookup finds it: no leading zeros, not empty.
fn exact_index(token: &str) -> Option<usize> {
    if token.is_empty() || (token.len() > 1 && token.starts_with('0')) {
        return None;
    }
    loose_index(token)
}

/// Follows `parents` (all tokens but the last) down to a container and
/// returns the slots leading there, plus the container.
///
/// fast-json-patch: it checks object keys with `obj[key] !== undefined`, which
/// also finds inherited members such as "toString" (so `remove /toString` on
/// `{}` "succeeds"). A JSON document has no such members; only own keys count.
///
/// The walk is mutable, so that an op that changes what it finds (a
/// `replace`) walks once: walking again for the value cost a second key
/// search per level (SipHash in an object of more than `SCAN` keys).
fn walk<'a, 'p>(
    doc: &'a mut Value,
    cx: &Cx,
    ptr: &Pointer,
    parents: &[Token<'p>],
    how: Walk,
) -> Result<(Vec<Slot<'p>>, &'a mut Value), PatchError> {
    let mut slots = Vec::with_capacity(parents.len() + 1);
    let mut cur = doc;
    for (depth, token) in parents.iter().enumerate() {
        let found = match cur {
            Value::Object(map) => member_mut(map, token).map(|v| (Slot::Key(token.clone()), v)),
            Value::Array(arr) => {
                let index = match how {
                    Walk::Exact => exact_index(token),
                    Walk::Loose => {
                        Some(loose_index(token).ok_or_else(|| bad_index(cx, ptr, depth, token))?)
                    }
                };
                index.and_then(|i| arr.get_mut(i).map(|v| (Slot::Index(i), v)))
            }
            _ => return Err(not_container(cx, ptr, depth)),
        };
        let (slot, next) = found.ok_or_else(|| PatchError::NotFound {
            at: cx.at(),
            pointer: prefix(ptr, depth + 1),
        })?;
        slots.push(slot);
        cur = next;
    }
    match cur {
        Value::Object(_) | Value::Array(_) => Ok((slots, cur)),
        // fast-json-patch: a primitive root quietly swallows `add` (the
        // assignment is a no-op in sloppy mode) and `test` reads string
        // characters; we refuse to treat a primitive as a container.
        _ => Err(not_container(cx, ptr, parents.len())),
    }
}

/// The slots and value of something that must exist, read the way
/// fast-json-patch validates `remove`/`replace` paths and `move`/`copy` sources.
fn find_exact<'a, 'p>(
    doc: &'a mut Value,
    cx: &Cx,
    ptr: &Pointer,
    tokens: &[Token<'p>],
) -> Result<(Vec<Slot<'p>>, &'a mut Value), PatchError> {
    let Some((last, parents)) = tokens.split_last() else {
        return Ok((Vec::new(), doc));
    };
    let (mut slots, parent) = walk(doc, cx, ptr, parents, Walk::Exact)?;
    let found = match parent {
        Value::Object(map) => member_mut(map, last).map(|v| (Slot::Key(last.clone()), v)),
        Value::Array(arr) => {
            exact_index(last).and_then(|i| arr.get_mut(i).map(|v| (Slot::Index(i), v)))
        }
        _ => None,
    };
    let (slot, value) = found.ok_or_else(|| not_found(cx, ptr))?;
    slots.push(slot);
    Ok((slots, value))
}

/// What `test` compares against: `None` when nothing is there.
fn test_target<'a>(
    doc: &'a mut Value,
    cx: &Cx,
    ptr: &Pointer,
    tokens: &[Token],
) -> Result<Option<&'a Value>, PatchError> {
    let Some((last, parents)) = tokens.split_last() else {
        return Ok(Some(doc));
    };
    let (_, parent) = walk(doc, cx, ptr, parents, Walk::Loose)?;
    Ok(match &*parent {
        Value::Object(map) => member(map, last),
        Value::Array(_) if last == "-" => None,
        Value::Array(arr) => {
            let i = loose_index(last).ok_or_else(|| bad_index(cx, ptr, parents.len(), last))?;
            arr.get(i)
        }
        _ => None,
    })
}

/// Where `add` puts a value: the parent must exist, an array index may be
/// "-" or up to the length.
fn dest_add<'p>(
    doc: &mut Value,
    cx: &Cx,
    ptr: &Pointer,
    parents: &[Token<'p>],
    last: &Token<'p>,
) -> Result<Dest<'p>, PatchError> {
    let (parent, container) = walk(doc, cx, ptr, parents, Walk::Exact)?;
    let slot = match container {
        Value::Array(arr) => {
            let len = arr.len();
            let index = add_index(len, cx, ptr, parents, last)?;
            if index > len {
                return Err(PatchError::OutOfBounds {
                    at: cx.at(),
                    pointer: prefix(ptr, parents.len()),
                    index,
                    len,
                });
            }
            Slot::Index(index)
        }
        _ => Slot::Key(last.clone()),
    };
    Ok(Dest { parent, slot })
}

/// Where the add half of `move`/`copy` puts a value. fast-json-patch runs
/// that add unvalidated, so an array index past the end does not fail:
/// `splice` clamps it and the value is appended. That is harmless; we match it.
fn dest_unchecked<'p>(
    doc: &mut Value,
    cx: &Cx,
    ptr: &Pointer,
    parents: &[Token<'p>],
    last: &Token<'p>,
) -> Result<Dest<'p>, PatchError> {
    let (parent, container) = walk(doc, cx, ptr, parents, Walk::Loose)?;
    let slot = match container {
        Value::Array(arr) => {
            let index = add_index(arr.len(), cx, ptr, parents, last)?;
            Slot::Index(index.min(arr.len()))
        }
        _ => Slot::Key(last.clone()),
    };
    Ok(Dest { parent, slot })
}

/// The position an add into an array of `len` names by its last token:
/// `-` is the end; anything else must be an index (bounds are the caller's).
fn add_index(
    len: usize,
    cx: &Cx,
    ptr: &Pointer,
    parents: &[Token],
    last: &str,
) -> Result<usize, PatchError> {
    match last {
        "-" => Ok(len),
        t => loose_index(t).ok_or_else(|| bad_index(cx, ptr, parents.len(), t)),
    }
}

fn not_container(cx: &Cx, ptr: &Pointer, depth: usize) -> PatchError {
    PatchError::NotContainer {
        at: cx.at(),
        pointer: prefix(ptr, depth),
    }
}

fn bad_index(cx: &Cx, ptr: &Pointer, depth: usize, token: &str) -> PatchError {
    PatchError::BadIndex {
        at: cx.at(),
        pointer: prefix(ptr, depth),
        token: token.to_owned(),
    }
}

fn not_found(cx: &Cx, ptr: &Pointer) -> PatchError {
    PatchError::NotFound {
        at: cx.at(),
        pointer: ptr.as_str().to_owned(),
    }
}

fn get_mut_at<'a>(doc: &'a mut Value, slots: &[Slot]) -> Option<&'a mut Value> {
    slots.iter().try_fold(doc, |cur, slot| match (cur, slot) {
        (Value::Object(map), Slot::Key(k)) => member_mut(map, k),
        (Value::Array(arr), Slot::Index(i)) => arr.get_mut(*i),
        _ => None,
    })
}

fn set_root<'p>(doc: &mut Value, value: Value) -> Undo<'p> {
    let old = std::mem::replace(doc, value);
    Undo::Set {
        at: Vec::new(),
        old,
    }
}

/// Puts `value` at `dest`. A key is set like a JavaScript assignment: an
/// existing key keeps its place, a new one goes last. Hands the value back if
/// `dest` does not fit the document, which checked destinations always do.
fn put<'p>(doc: &mut Value, dest: Dest<'p>, value: Value) -> Result<Undo<'p>, Value> {
    let Dest { parent, slot } = dest;
    let Some(container) = get_mut_at(doc, &parent) else {
        return Err(value);
    };
    match (container, &slot) {
        (Value::Object(map), Slot::Key(key)) => {
            let undo = match member_mut(map, key) {
                Some(target) => Undo::Set {
                    old: std::mem::replace(target, value),
                    at: with_slot(parent, slot),
                },
                None => {
                    map.insert(key.to_string(), value);
                    Undo::Inserted {
                        at: with_slot(parent, slot),
                    }
                }
            };
            Ok(undo)
        }
        (Value::Array(arr), Slot::Index(i)) if *i <= arr.len() => {
            arr.insert(*i, value);
            Ok(Undo::Inserted {
                at: with_slot(parent, slot),
            })
        }
        _ => Err(value),
    }
}

fn with_slot<'p>(mut slots: Vec<Slot<'p>>, slot: Slot<'p>) -> Vec<Slot<'p>> {
    slots.push(slot);
    slots
}

/// Removes the value at `at` and returns it with its position in the parent.
/// Taking the root leaves `null` behind.
fn take_at(doc: &mut Value, at: &[Slot]) -> Option<(usize, Value)> {
    let Some((slot, parent)) = at.split_last() else {
        return Some((0, std::mem::take(doc)));
    };
    match (get_mut_at(doc, parent)?, slot) {
        (Value::Object(map), Slot::Key(k)) => {
            let pos = map.keys().position(|key| key == k)?;
            Some((pos, map.shift_remove(k.as_ref())?))
        }
        (Value::Array(arr), Slot::Index(i)) if *i < arr.len() => Some((*i, arr.remove(*i))),
        _ => None,
    }
}

/// Puts a removed value back where `take_at` found it.
fn put_back(doc: &mut Value, at: &[Slot], pos: usize, old: Value) -> bool {
    let Some((slot, parent)) = at.split_last() else {
        *doc = old;
        return true;
    };
    match (get_mut_at(doc, parent), slot) {
        (Some(Value::Object(map)), Slot::Key(k)) if pos <= map.len() => {
            map.shift_insert(pos, k.to_string(), old);
            true
        }
        (Some(Value::Array(arr)), Slot::Index(i)) if *i <= arr.len() => {
            arr.insert(*i, old);
            true
        }
        _ => false,
    }
}

/// fast-json-patch's `_areEquals`: arrays by order, objects by key set in any
/// order, numbers by their double value (JavaScript has no other kind).
fn js_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Null, Value::Null) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::String(x), Value::String(y)) => x == y,
        (Value::Number(x), Value::Number(y)) => match (x.as_f64(), y.as_f64()) {
            (Some(x), Some(y)) => x == y,
            _ => x == y,
        },
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| js_equal(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| member(y, k).is_some_and(|w| js_equal(v, w)))
        }
        _ => false,
    }
}

fn rollback(doc: &mut Value, log: Vec<Undo<'_>>) {
    for undo in log.into_iter().rev() {
        let restored = undo_one(doc, undo).is_some();
        // Each entry is replayed on exactly the state it was recorded after.
        debug_assert!(
            restored,
            "JSON Patch undo log out of step with the document"
        );
    }
}

/// Reverts one entry; returns what the reverted op had put in the document
/// (for `Moved`, which sends it back to where it came from).
fn undo_one(doc: &mut Value, undo: Undo<'_>) -> Option<Value> {
    match undo {
        Undo::Set { at, old } => Some(std::mem::replace(get_mut_at(doc, &at)?, old)),
        Undo::Inserted { at } => take_at(doc, &at).map(|(_, v)| v),
        Undo::Removed { at, pos, old } => put_back(doc, &at, pos, old).then_some(Value::Null),
        Undo::Moved { from, pos, to } => {
            let value = undo_one(doc, *to)?;
            put_back(doc, &from, pos, value).then_some(Value::Null)
        }
    }
}

#[cfg(test)]
mod tests;

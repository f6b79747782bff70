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

use std::fmt;

use serde_json::Value;

use crate::core::types::patch::{PatchOp, Pointer};

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
                "patch op {} ({} from {:?} to {:?})",
                self.index, self.op, from, self.path
            ),
            None => write!(f, "patch op {} ({} {:?})", self.index, self.op, self.path),
        }
    }
}

/// Why a patch was refused. The document is unchanged whenever one is returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PatchError {
    #[error("{at}: nothing at {pointer:?}")]
    NotFound { at: OpAt, pointer: String },
    #[error("{at}: the value at {pointer:?} is not an object or array")]
    NotContainer { at: OpAt, pointer: String },
    #[error("{at}: {token:?} is not an index into the array at {pointer:?}")]
    BadIndex {
        at: OpAt,
        pointer: String,
        token: String,
    },
    #[error("{at}: index {index} is past the end of the array at {pointer:?} (length {len})")]
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
    #[error("{at}: the token {token:?} is refused (prototype pollution guard)")]
    Banned { at: OpAt, token: String },
}

/// Applies `ops` to `doc` in order. If any op fails, `doc` is left exactly as
/// it was (values and key order) and the first failure is returned.
pub fn apply_patch(doc: &mut Value, ops: &[PatchOp]) -> Result<(), PatchError> {
    let mut log = Vec::new();
    for (index, op) in ops.iter().enumerate() {
        let cx = Cx { index, op };
        if let Err(e) = apply_op(doc, &cx, &mut log) {
            rollback(doc, log);
            return Err(e);
        }
    }
    Ok(())
}

/// One change a successful patch made, its path resolved against the
/// document as it was at that moment (array positions as numbers, `-` as
/// the length, `move` as a removal then an insertion, `copy` and `add` as
/// the value they put). A JavaScript copy of the document replays these
/// without knowing JSON Patch (`copy_on_write.js`'s `applyEdits`).
#[derive(Debug, Clone, PartialEq)]
pub enum Edit {
    /// The value at `path` (the root when empty) is now `value`.
    Set { path: Vec<Slot>, value: Value },
    /// `value` was inserted at `path`: a new key, or an array element
    /// before which the later ones moved up.
    Insert { path: Vec<Slot>, value: Value },
    /// The key or element at `path` was removed.
    Remove { path: Vec<Slot> },
}

/// [`apply_patch`], also appending to `edits` what each op changed. On
/// failure `doc` is as it was and `edits` gains nothing.
pub fn apply_patch_edits(
    doc: &mut Value,
    ops: &[PatchOp],
    edits: &mut Vec<Edit>,
) -> Result<(), PatchError> {
    let start = edits.len();
    let mut log = Vec::new();
    for (index, op) in ops.iter().enumerate() {
        let cx = Cx { index, op };
        let before = log.len();
        if let Err(e) = apply_op(doc, &cx, &mut log) {
            rollback(doc, log);
            edits.truncate(start);
            return Err(e);
        }
        for undo in &log[before..] {
            forward(doc, undo, edits);
        }
    }
    Ok(())
}

/// The edit an undo entry stands for, read right after its op, so each
/// value is the one the op put there.
fn forward(doc: &mut Value, undo: &Undo, edits: &mut Vec<Edit>) {
    let value_at =
        |doc: &mut Value, at: &[Slot]| get_mut_at(doc, at).cloned().unwrap_or(Value::Null);
    match undo {
        Undo::Set { at, .. } => edits.push(Edit::Set {
            path: at.clone(),
            value: value_at(doc, at),
        }),
        Undo::Inserted { at } => edits.push(Edit::Insert {
            path: at.clone(),
            value: value_at(doc, at),
        }),
        Undo::Removed { at, .. } => edits.push(Edit::Remove { path: at.clone() }),
        Undo::Moved { from, to, .. } => {
            edits.push(Edit::Remove { path: from.clone() });
            forward(doc, to, edits);
        }
    }
}

impl crate::core::json::ToJson for Slot {
    fn write_json(&self, out: &mut String) {
        match self {
            Slot::Key(k) => k.write_json(out),
            Slot::Index(i) => i.write_json(out),
        }
    }
}

impl crate::core::json::ToJson for Edit {
    /// `{"op": "set" | "insert" | "remove", "path": [key or index, ...], "value"?}`.
    fn write_json(&self, out: &mut String) {
        let (op, path, value) = match self {
            Edit::Set { path, value } => ("set", path, Some(value)),
            Edit::Insert { path, value } => ("insert", path, Some(value)),
            Edit::Remove { path } => ("remove", path, None),
        };
        let mut o = crate::core::json::Object::open(out);
        o.field("op", op);
        o.field("path", path);
        o.field("value", &value);
        o.close();
    }
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
#[derive(Debug, Clone, PartialEq)]
pub enum Slot {
    Key(String),
    Index(usize),
}

/// How to undo one mutation. Slot paths are valid again once every later
/// entry has been undone, since entries are replayed newest first.
enum Undo {
    /// The value at `at` was overwritten; `old` was there before.
    Set { at: Vec<Slot>, old: Value },
    /// A new key or array element was inserted at `at`.
    Inserted { at: Vec<Slot> },
    /// `old` was removed from `at`; an object key sat at position `pos`.
    Removed {
        at: Vec<Slot>,
        pos: usize,
        old: Value,
    },
    /// A move: undo `to`, and the value that takes back out of the target
    /// returns to `from` (position `pos`). Saves cloning the moved value.
    Moved {
        from: Vec<Slot>,
        pos: usize,
        to: Box<Undo>,
    },
}

/// Where an add lands, checked so that putting a value there cannot fail.
struct Dest {
    parent: Vec<Slot>,
    slot: Slot,
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

fn apply_op(doc: &mut Value, cx: &Cx, log: &mut Vec<Undo>) -> Result<(), PatchError> {
    match cx.op {
        PatchOp::Add { path, value } => {
            let tokens = tokens(cx, path)?;
            match tokens.split_last() {
                None => log.push(set_root(doc, value.clone())),
                Some((last, parents)) => {
                    let dest = dest_add(doc, cx, path, parents, last)?;
                    log.push(put(doc, dest, value.clone()).map_err(|_| not_found(cx, path))?);
                }
            }
        }
        PatchOp::Remove { path } => {
            let tokens = tokens(cx, path)?;
            // fast-json-patch: removing the root leaves `null`; we match that.
            let (at, _) = find_exact(doc, cx, path, &tokens)?;
            let (pos, old) = take_at(doc, &at).ok_or_else(|| not_found(cx, path))?;
            log.push(Undo::Removed { at, pos, old });
        }
        PatchOp::Replace { path, value } => {
            let tokens = tokens(cx, path)?;
            let (at, _) = find_exact(doc, cx, path, &tokens)?;
            let target = get_mut_at(doc, &at).ok_or_else(|| not_found(cx, path))?;
            let old = std::mem::replace(target, value.clone());
            log.push(Undo::Set { at, old });
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
            let value = value.clone();
            match tokens.split_last() {
                None => log.push(set_root(doc, value)),
                Some((last, parents)) => {
                    let dest = dest_unchecked(doc, cx, path, parents, last)?;
                    log.push(put(doc, dest, value).map_err(|_| not_found(cx, path))?);
                }
            }
        }
        PatchOp::Move { from, path } => {
            let from_tokens = tokens(cx, from)?;
            let tokens = tokens(cx, path)?;
            let (from_at, _) = find_exact(doc, cx, from, &from_tokens)?;
            if tokens.is_empty() && from_tokens.is_empty() {
                return Ok(());
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
        }
    }
    Ok(())
}

/// Unescaped tokens of `ptr`, refusing the ones fast-json-patch bans.
fn tokens(cx: &Cx, ptr: &Pointer) -> Result<Vec<String>, PatchError> {
    let tokens: Vec<String> = ptr.tokens().collect();
    for (i, t) in tokens.iter().enumerate() {
        let after_constructor = i > 0 && tokens[i - 1] == "constructor";
        if t == "__proto__" || (t == "prototype" && after_constructor) {
            return Err(PatchError::Banned {
                at: cx.at(),
                token: t.clone(),
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
fn walk<'a>(
    doc: &'a Value,
    cx: &Cx,
    ptr: &Pointer,
    parents: &[String],
    how: Walk,
) -> Result<(Vec<Slot>, &'a Value), PatchError> {
    let mut slots = Vec::with_capacity(parents.len() + 1);
    let mut cur = doc;
    for (depth, token) in parents.iter().enumerate() {
        let found = match cur {
            Value::Object(map) => map.get(token).map(|v| (Slot::Key(token.clone()), v)),
            Value::Array(arr) => {
                let index = match how {
                    Walk::Exact => exact_index(token),
                    Walk::Loose => {
                        Some(loose_index(token).ok_or_else(|| bad_index(cx, ptr, depth, token))?)
                    }
                };
                index.and_then(|i| arr.get(i).map(|v| (Slot::Index(i), v)))
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
fn find_exact<'a>(
    doc: &'a Value,
    cx: &Cx,
    ptr: &Pointer,
    tokens: &[String],
) -> Result<(Vec<Slot>, &'a Value), PatchError> {
    let Some((last, parents)) = tokens.split_last() else {
        return Ok((Vec::new(), doc));
    };
    let (mut slots, parent) = walk(doc, cx, ptr, parents, Walk::Exact)?;
    let found = match parent {
        Value::Object(map) => map.get(last).map(|v| (Slot::Key(last.clone()), v)),
        Value::Array(arr) => {
            exact_index(last).and_then(|i| arr.get(i).map(|v| (Slot::Index(i), v)))
        }
        _ => None,
    };
    let (slot, value) = found.ok_or_else(|| not_found(cx, ptr))?;
    slots.push(slot);
    Ok((slots, value))
}

/// What `test` compares against: `None` when nothing is there.
fn test_target<'a>(
    doc: &'a Value,
    cx: &Cx,
    ptr: &Pointer,
    tokens: &[String],
) -> Result<Option<&'a Value>, PatchError> {
    let Some((last, parents)) = tokens.split_last() else {
        return Ok(Some(doc));
    };
    let (_, parent) = walk(doc, cx, ptr, parents, Walk::Loose)?;
    Ok(match parent {
        Value::Object(map) => map.get(last),
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
fn dest_add(
    doc: &Value,
    cx: &Cx,
    ptr: &Pointer,
    parents: &[String],
    last: &str,
) -> Result<Dest, PatchError> {
    let (parent, container) = walk(doc, cx, ptr, parents, Walk::Exact)?;
    let slot = match container {
        Value::Array(arr) => {
            let len = arr.len();
            let index = match last {
                "-" => len,
                t => loose_index(t).ok_or_else(|| bad_index(cx, ptr, parents.len(), t))?,
            };
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
        _ => Slot::Key(last.to_owned()),
    };
    Ok(Dest { parent, slot })
}

/// Where the add half of `move`/`copy` puts a value. fast-json-patch runs
/// that add unvalidated, so an array index past the end does not fail:
/// `splice` clamps it and the value is appended. That is harmless; we match it.
fn dest_unchecked(
    doc: &Value,
    cx: &Cx,
    ptr: &Pointer,
    parents: &[String],
    last: &str,
) -> Result<Dest, PatchError> {
    let (parent, container) = walk(doc, cx, ptr, parents, Walk::Loose)?;
    let slot = match container {
        Value::Array(arr) => {
            let index = match last {
                "-" => arr.len(),
                t => loose_index(t).ok_or_else(|| bad_index(cx, ptr, parents.len(), t))?,
            };
            Slot::Index(index.min(arr.len()))
        }
        _ => Slot::Key(last.to_owned()),
    };
    Ok(Dest { parent, slot })
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
        (Value::Object(map), Slot::Key(k)) => map.get_mut(k),
        (Value::Array(arr), Slot::Index(i)) => arr.get_mut(*i),
        _ => None,
    })
}

fn set_root(doc: &mut Value, value: Value) -> Undo {
    let old = std::mem::replace(doc, value);
    Undo::Set {
        at: Vec::new(),
        old,
    }
}

/// Puts `value` at `dest`. A key is set like a JavaScript assignment: an
/// existing key keeps its place, a new one goes last. Hands the value back if
/// `dest` does not fit the document, which checked destinations always do.
fn put(doc: &mut Value, dest: Dest, value: Value) -> Result<Undo, Value> {
    let Dest { parent, slot } = dest;
    let Some(container) = get_mut_at(doc, &parent) else {
        return Err(value);
    };
    match (container, &slot) {
        (Value::Object(map), Slot::Key(key)) => {
            let undo = match map.get_mut(key) {
                Some(target) => Undo::Set {
                    old: std::mem::replace(target, value),
                    at: with_slot(parent, slot),
                },
                None => {
                    map.insert(key.clone(), value);
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

fn with_slot(mut slots: Vec<Slot>, slot: Slot) -> Vec<Slot> {
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
            Some((pos, map.shift_remove(k)?))
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
            map.shift_insert(pos, k.clone(), old);
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
                    .all(|(k, v)| y.get(k).is_some_and(|w| js_equal(v, w)))
        }
        _ => false,
    }
}

fn rollback(doc: &mut Value, log: Vec<Undo>) {
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
fn undo_one(doc: &mut Value, undo: Undo) -> Option<Value> {
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
mod tests {
    use super::*;
    use serde_json::json;

    fn ops(patch: Value) -> Vec<PatchOp> {
        crate::core::types::FromJson::from_json(patch).expect("test patch reads")
    }

    /// Applies `patch` and returns the result as a string, so key order counts.
    fn patched(doc: Value, patch: Value) -> Result<String, PatchError> {
        let mut doc = doc;
        apply_patch(&mut doc, &ops(patch))?;
        Ok(doc.to_string())
    }

    /// Asserts the patch fails and leaves the document byte-for-byte alone.
    fn refused(doc: Value, patch: Value) -> PatchError {
        let before = doc.to_string();
        let mut doc = doc;
        let err = apply_patch(&mut doc, &ops(patch)).expect_err("patch should fail");
        assert_eq!(doc.to_string(), before, "failed patch changed the doc");
        err
    }

    fn s(v: Value) -> String {
        v.to_string()
    }

    #[test]
    fn add() {
        let doc = json!({"a": 1, "b": [1, 2]});
        let r = patched(
            doc.clone(),
            json!([{"op": "add", "path": "/c", "value": {"x": null}}]),
        );
        assert_eq!(
            r.unwrap(),
            s(json!({"a": 1, "b": [1, 2], "c": {"x": null}}))
        );
        let r = patched(
            doc.clone(),
            json!([{"op": "add", "path": "/a", "value": 9}]),
        );
        assert_eq!(r.unwrap(), s(json!({"a": 9, "b": [1, 2]})));
        let r = patched(
            doc.clone(),
            json!([{"op": "add", "path": "/b/1", "value": 9}]),
        );
        assert_eq!(r.unwrap(), s(json!({"a": 1, "b": [1, 9, 2]})));
        let r = patched(
            doc.clone(),
            json!([{"op": "add", "path": "/b/2", "value": 9}]),
        );
        assert_eq!(r.unwrap(), s(json!({"a": 1, "b": [1, 2, 9]})));
        let r = patched(doc, json!([{"op": "add", "path": "/b/-", "value": [3]}]));
        assert_eq!(r.unwrap(), s(json!({"a": 1, "b": [1, 2, [3]]})));
    }

    #[test]
    fn remove() {
        let doc = json!({"a": 1, "b": [1, 2, 3], "c": 3});
        let r = patched(doc.clone(), json!([{"op": "remove", "path": "/a"}]));
        assert_eq!(r.unwrap(), s(json!({"b": [1, 2, 3], "c": 3})));
        let r = patched(doc, json!([{"op": "remove", "path": "/b/1"}]));
        assert_eq!(r.unwrap(), s(json!({"a": 1, "b": [1, 3], "c": 3})));
    }

    #[test]
    fn replace() {
        let doc = json!({"a": 1, "b": [1, 2], "c": 3});
        let r = patched(
            doc.clone(),
            json!([{"op": "replace", "path": "/a", "value": [0]}]),
        );
        assert_eq!(r.unwrap(), s(json!({"a": [0], "b": [1, 2], "c": 3})));
        let r = patched(
            doc,
            json!([{"op": "replace", "path": "/b/0", "value": null}]),
        );
        assert_eq!(r.unwrap(), s(json!({"a": 1, "b": [null, 2], "c": 3})));
    }

    #[test]
    fn move_and_copy() {
        let doc = json!({"a": {"x": 1}, "b": [1, 2, 3], "c": 3});
        let r = patched(
            doc.clone(),
            json!([{"op": "move", "from": "/a", "path": "/z"}]),
        );
        assert_eq!(
            r.unwrap(),
            s(json!({"b": [1, 2, 3], "c": 3, "z": {"x": 1}}))
        );
        let r = patched(
            doc.clone(),
            json!([{"op": "move", "from": "/b/0", "path": "/b/2"}]),
        );
        assert_eq!(
            r.unwrap(),
            s(json!({"a": {"x": 1}, "b": [2, 3, 1], "c": 3}))
        );
        let r = patched(
            doc.clone(),
            json!([{"op": "move", "from": "/a", "path": ""}]),
        );
        assert_eq!(r.unwrap(), s(json!({"x": 1})));
        // A copy is independent of its source.
        let r = patched(
            doc.clone(),
            json!([
                {"op": "copy", "from": "/a", "path": "/b/-"},
                {"op": "replace", "path": "/a/x", "value": 2}
            ]),
        );
        assert_eq!(
            r.unwrap(),
            s(json!({"a": {"x": 2}, "b": [1, 2, 3, {"x": 1}], "c": 3}))
        );
        let r = patched(doc, json!([{"op": "copy", "from": "", "path": "/d"}]));
        let whole = json!({"a": {"x": 1}, "b": [1, 2, 3], "c": 3});
        assert_eq!(
            r.unwrap(),
            s(json!({"a": {"x": 1}, "b": [1, 2, 3], "c": 3, "d": whole}))
        );
    }

    #[test]
    fn move_and_copy_clamp_array_index_like_fast_json_patch() {
        let doc = json!({"b": [1, 2]});
        let r = patched(
            doc.clone(),
            json!([{"op": "copy", "from": "/b/0", "path": "/b/9"}]),
        );
        assert_eq!(r.unwrap(), s(json!({"b": [1, 2, 1]})));
        let r = patched(doc, json!([{"op": "move", "from": "/b/0", "path": "/b/2"}]));
        assert_eq!(r.unwrap(), s(json!({"b": [2, 1]})));
    }

    #[test]
    fn test_op_uses_deep_equality() {
        let doc = json!({"o": {"a": 1, "b": [1, {"c": 2}]}, "n": 1});
        let ok = json!([
            {"op": "test", "path": "/o", "value": {"b": [1, {"c": 2}], "a": 1}},
            {"op": "test", "path": "/n", "value": 1.0},
            {"op": "test", "path": "", "value": {"n": 1, "o": {"a": 1, "b": [1, {"c": 2}]}}},
            {"op": "test", "path": "/o/b/1/c", "value": 2}
        ]);
        assert!(patched(doc.clone(), ok).is_ok());
        for bad in [
            json!({"op": "test", "path": "/o/b", "value": [{"c": 2}, 1]}),
            json!({"op": "test", "path": "/o", "value": {"a": 1}}),
            json!({"op": "test", "path": "/n", "value": "1"}),
            json!({"op": "test", "path": "/missing", "value": null}),
            json!({"op": "test", "path": "/o/b/-", "value": 1}),
        ] {
            let err = refused(doc.clone(), json!([bad]));
            assert!(matches!(err, PatchError::TestFailed { .. }), "{err}");
        }
    }

    #[test]
    fn failing_third_op_rolls_everything_back() {
        let doc = json!({"a": 1, "b": {"x": [1, 2, 3], "y": "y"}, "c": [true], "d": null});
        // Each op before the failure exercises a different kind of undo.
        let err = refused(
            doc.clone(),
            json!([
                {"op": "remove", "path": "/a"},
                {"op": "move", "from": "/b/x/0", "path": "/c/0"},
                {"op": "test", "path": "/d", "value": false}
            ]),
        );
        assert!(matches!(
            err,
            PatchError::TestFailed {
                at: OpAt { index: 2, .. }
            }
        ));
        let err = refused(
            doc,
            json!([
                {"op": "add", "path": "/new", "value": 1},
                {"op": "replace", "path": "/b/y", "value": "z"},
                {"op": "copy", "from": "/b", "path": "/c/-"},
                {"op": "remove", "path": "/b/x/1"},
                {"op": "move", "from": "/b", "path": "/e"},
                {"op": "move", "from": "/d", "path": "/d"},
                {"op": "add", "path": "", "value": [1]},
                {"op": "remove", "path": ""},
                {"op": "replace", "path": "", "value": {"k": 1}},
                {"op": "move", "from": "/k", "path": ""},
                {"op": "remove", "path": "/nope"}
            ]),
        );
        // Every op but the last applied (the doc had become the number 1).
        assert!(matches!(
            err,
            PatchError::NotContainer {
                at: OpAt { index: 10, .. },
                ..
            }
        ));
    }

    #[test]
    fn key_order_matches_javascript() {
        let doc = json!({"a": 1, "b": 2, "c": 3});
        let ops = json!([
            {"op": "replace", "path": "/a", "value": 10},
            {"op": "add", "path": "/b", "value": 20},
            {"op": "add", "path": "/d", "value": 4}
        ]);
        assert_eq!(
            patched(doc.clone(), ops).unwrap(),
            r#"{"a":10,"b":20,"c":3,"d":4}"#
        );
        let ops = json!([
            {"op": "remove", "path": "/a"},
            {"op": "add", "path": "/a", "value": 1}
        ]);
        assert_eq!(patched(doc.clone(), ops).unwrap(), r#"{"b":2,"c":3,"a":1}"#);
        // fast-json-patch implements move as remove then add, so even a
        // move onto itself sends the key to the end.
        let ops = json!([{"op": "move", "from": "/a", "path": "/a"}]);
        assert_eq!(patched(doc, ops).unwrap(), r#"{"b":2,"c":3,"a":1}"#);
    }

    #[test]
    fn root() {
        let doc = json!({"a": 1});
        let r = patched(
            doc.clone(),
            json!([{"op": "add", "path": "", "value": [1]}]),
        );
        assert_eq!(r.unwrap(), "[1]");
        let r = patched(
            doc.clone(),
            json!([{"op": "replace", "path": "", "value": "x"}]),
        );
        assert_eq!(r.unwrap(), r#""x""#);
        let r = patched(doc.clone(), json!([{"op": "remove", "path": ""}]));
        assert_eq!(r.unwrap(), "null");
        let r = patched(doc, json!([{"op": "move", "from": "", "path": ""}]));
        assert_eq!(r.unwrap(), r#"{"a":1}"#);
    }

    #[test]
    fn array_indices_follow_fast_json_patch() {
        let doc = json!({"b": [1, 2]});
        // isInteger accepts leading zeros and "" (as 0) where no existence
        // check runs: add's last token and test.
        let r = patched(
            doc.clone(),
            json!([{"op": "add", "path": "/b/01", "value": 9}]),
        );
        assert_eq!(r.unwrap(), s(json!({"b": [1, 9, 2]})));
        let r = patched(
            doc.clone(),
            json!([{"op": "add", "path": "/b/", "value": 9}]),
        );
        assert_eq!(r.unwrap(), s(json!({"b": [9, 1, 2]})));
        let r = patched(
            doc.clone(),
            json!([{"op": "test", "path": "/b/01", "value": 2}]),
        );
        assert!(r.is_ok());
        for bad in [
            json!({"op": "replace", "path": "/b/01", "value": 9}),
            json!({"op": "remove", "path": "/b/01"}),
            json!({"op": "copy", "from": "/b/01", "path": "/c"}),
            json!({"op": "add", "path": "/b/1e0", "value": 9}),
            json!({"op": "add", "path": "/b/-1", "value": 9}),
            json!({"op": "add", "path": "/b/ 1", "value": 9}),
            json!({"op": "add", "path": "/b/3", "value": 9}),
            json!({"op": "add", "path": "/b/4294967296", "value": 9}),
            json!({"op": "add", "path": "/b/99999999999999999999999", "value": 9}),
            json!({"op": "remove", "path": "/b/2"}),
            json!({"op": "remove", "path": "/b/-"}),
            json!({"op": "replace", "path": "/b/length", "value": 0}),
            json!({"op": "add", "path": "/b/01/x", "value": 9}),
        ] {
            refused(doc.clone(), json!([bad]));
        }
    }

    #[test]
    fn errors_leave_doc_alone() {
        let doc = json!({"a": {"b": 1}, "s": "str", "n": null, "l": [{"k": 1}]});
        for bad in [
            json!({"op": "replace", "path": "/x", "value": 1}),
            json!({"op": "remove", "path": "/x"}),
            json!({"op": "remove", "path": "/a/b/c"}),
            json!({"op": "add", "path": "/x/y", "value": 1}),
            json!({"op": "add", "path": "/s/0", "value": 1}),
            json!({"op": "add", "path": "/n/k", "value": 1}),
            json!({"op": "test", "path": "/s/0", "value": "s"}),
            json!({"op": "move", "from": "/x", "path": "/y"}),
            json!({"op": "copy", "from": "/x", "path": "/y"}),
            json!({"op": "move", "from": "/x", "path": ""}),
            json!({"op": "copy", "from": "/a", "path": "/x/y"}),
            json!({"op": "move", "from": "/a", "path": "/a/c"}),
            json!({"op": "move", "from": "", "path": "/c"}),
            json!({"op": "move", "from": "/l/0", "path": "/l/0/z"}),
            json!({"op": "add", "path": "/__proto__", "value": {"polluted": true}}),
            json!({"op": "add", "path": "/a/constructor/prototype", "value": 1}),
            json!({"op": "copy", "from": "/__proto__", "path": "/z"}),
            json!({"op": "remove", "path": "/toString"}),
        ] {
            refused(doc.clone(), json!([bad]));
        }
        // Operations on a primitive document have no container to work in.
        refused(json!(5), json!([{"op": "add", "path": "/a", "value": 1}]));
        refused(
            json!("ab"),
            json!([{"op": "test", "path": "/0", "value": "a"}]),
        );
    }

    #[test]
    fn error_messages_name_op_path_and_reason() {
        let doc = json!({"a": [1]});
        let err = refused(
            doc.clone(),
            json!([
                {"op": "test", "path": "/a/0", "value": 1},
                {"op": "add", "path": "/a/5", "value": 1}
            ]),
        );
        assert_eq!(
            err.to_string(),
            r#"patch op 1 (add "/a/5"): index 5 is past the end of the array at "/a" (length 1)"#
        );
        let err = refused(
            doc.clone(),
            json!([{"op": "move", "from": "/a/0", "path": "/x/y"}]),
        );
        assert_eq!(
            err.to_string(),
            r#"patch op 0 (move from "/a/0" to "/x/y"): nothing at "/x""#
        );
        let err = refused(doc, json!([{"op": "add", "path": "/a/x", "value": 1}]));
        assert_eq!(
            err.to_string(),
            r#"patch op 0 (add "/a/x"): "x" is not an index into the array at "/a""#
        );
    }

    #[test]
    fn escaped_tokens() {
        let doc = json!({"a/b": {"c~d": 1}});
        let r = patched(
            doc,
            json!([{"op": "replace", "path": "/a~1b/c~0d", "value": 2}]),
        );
        assert_eq!(r.unwrap(), s(json!({"a/b": {"c~d": 2}})));
    }
}

//! What a successful patch changed, as concrete edits for a caller that
//! keeps a copy of the document in step (the binding's JavaScript copy of
//! the state): read off the undo log each op leaves.

use serde_json::Value;

use super::PatchError;
use super::{apply_op, get_mut_at, rollback, Cx, Slot, Undo};
use crate::core::types::patch::PatchOp;

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

/// [`apply_patch`](super::apply_patch), also appending to `edits` what each op changed. On
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

//! What a patch may build. Each event is at most 128 levels deep and
//! `maxEventSize` long, but a patch can grow a document past both: a
//! `copy` from a value into its own descendant (legal under RFC 6902)
//! doubles the document's depth and size with every small event, until
//! something that walks it recursively (a write, a drop, a comparison)
//! runs out of stack. So each op is measured before it is applied, and one
//! that would take the document past its bounds fails the patch, which
//! leaves the document as it was, as any failing patch does.

use serde_json::Value;

use super::{Cx, PatchError, Undo};
use crate::core::json::{weigh, weigh_up_to, MAX_NESTING};

/// The default `maxStateSize`: far above any state a UI renders, far below
/// what a tab can hold.
pub const DEFAULT_MAX_STATE_SIZE: usize = 32 << 20;

/// How deep and how large a patched document may become.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    /// Containers nested, the document's own included: the JSON parser's
    /// limit, so that a document can always be read back.
    pub max_depth: usize,
    /// About the length of its JSON text ([`crate::core::json::Weight`]).
    pub max_size: usize,
}

impl Default for Bounds {
    fn default() -> Self {
        Bounds {
            max_depth: MAX_NESTING,
            max_size: DEFAULT_MAX_STATE_SIZE,
        }
    }
}

/// The bounds and the document's size as one patch changes it.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    pub bounds: Bounds,
    /// The document's size now.
    pub size: usize,
}

impl Budget {
    /// `size`: the document's before the patch (a caller that tracks it
    /// saves measuring it).
    pub fn new(bounds: Bounds, size: usize) -> Self {
        Budget { bounds, size }
    }

    /// The size of `value`, about to be put under `levels` containers,
    /// once its depth there is checked.
    pub(super) fn placing(
        &self,
        cx: &Cx,
        levels: usize,
        value: &Value,
    ) -> Result<usize, PatchError> {
        // Measured no further than any document may be (what the op
        // overwrites is counted off after): an op costs at most that, however
        // large what it copies.
        let w = weigh_up_to(value, self.bounds.max_size);
        if w.size > self.bounds.max_size {
            return Err(PatchError::TooLarge {
                at: cx.at(),
                size: w.size,
                max: self.bounds.max_size,
            });
        }
        self.deep_enough(cx, levels + w.depth)?;
        Ok(w.size)
    }

    pub(super) fn deep_enough(&self, cx: &Cx, depth: usize) -> Result<(), PatchError> {
        if depth > self.bounds.max_depth {
            return Err(PatchError::TooDeep {
                at: cx.at(),
                depth,
                max: self.bounds.max_depth,
            });
        }
        Ok(())
    }

    /// Counts an op that put `added` bytes and left `undo` in the log
    /// (whatever it overwrote or removed is counted off).
    pub(super) fn count(
        &mut self,
        cx: &Cx,
        added: usize,
        undo: Option<&Undo>,
    ) -> Result<(), PatchError> {
        let size = (self.size + added).saturating_sub(undo.map_or(0, removed));
        if size > self.bounds.max_size {
            return Err(PatchError::TooLarge {
                at: cx.at(),
                size,
                max: self.bounds.max_size,
            });
        }
        self.size = size;
        Ok(())
    }
}

/// The size of what an op took out of the document.
fn removed(undo: &Undo) -> usize {
    match undo {
        Undo::Set { old, .. } | Undo::Removed { old, .. } => weigh(old).size,
        Undo::Inserted { .. } => 0,
        Undo::Moved { to, .. } => removed(to),
    }
}

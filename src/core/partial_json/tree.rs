//! Where the parser's values sit in the tree it keeps: each open
//! container's frame, and reaching a value's place in its parent.

use serde_json::Value;

use super::scanner::Kind;
use super::{drop_deep, Step};

/// Where in a frame's grammar the parser is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum State {
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
pub(super) enum Slot {
    Root,
    /// The last element of an array or the last entry of an object.
    Last,
    /// A repeated object key, whose entry keeps its first position.
    Key(String),
}

#[derive(Debug)]
pub(super) struct Frame {
    pub(super) kind: Kind,
    pub(super) at: Slot,
    pub(super) state: State,
}

/// The open child of `parent` at `at`, and the step to it.
pub(super) fn last_child<'a>(parent: &'a Value, at: &Slot) -> Option<(Step<'a>, &'a Value)> {
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

pub(super) fn child_mut<'a>(parent: &'a mut Value, at: &Slot) -> Option<&'a mut Value> {
    match (parent, at) {
        (Value::Array(items), Slot::Last) => items.last_mut(),
        (Value::Object(map), Slot::Last) => map.values_mut().next_back(),
        (Value::Object(map), Slot::Key(key)) => map.get_mut(key.as_str()),
        _ => None,
    }
}

/// Returns a detached container to its place; false if the place is gone.
pub(super) fn put_back(root: &mut Value, open: &mut [Value], value: Value, at: &Slot) -> bool {
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

//! What changed in the history since the binding last looked, per
//! message and how (text appended, arguments grown, content patched), so a
//! view extends or path-copies its objects instead of converting again.

use super::{Entry, History};
use crate::core::json::SharedText;
use crate::core::json_patch::Edits;
use crate::core::surrogates::join_into;
use crate::core::types::Message;

/// How an entry changed since the last [`History::take_changes`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    Clean,
    /// Only text was appended to `content`, which had this many bytes: a
    /// view can extend its copy instead of converting the whole message.
    Appended(usize),
    /// Only tool calls' arguments grew: which ones, and from how many
    /// bytes, are in [`Changes::args`]. Parallel tool calls stream into one
    /// message, interleaved, so several grow in one batch.
    ArgsGrew,
    /// Only JSON Patches changed an activity's content: what they changed
    /// is in [`Changes::patched`], so a view can path-copy its copy of the
    /// content (a plan streamed as ACTIVITY_DELTAs) instead of converting
    /// the whole message again on every update.
    Patched,
    /// Anything else.
    Changed,
}

/// A history restated from JSON text that says exactly what its messages
/// hold (see [`History::restate`]): the entries it made, by serial, so a
/// reader can tell whether they are still those, unchanged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Restated {
    pub text: SharedText,
    /// The history's edit count right after the restating.
    pub(super) edits: u64,
}

impl Restated {
    /// Whether `history` still holds exactly the entries made from the
    /// text: nothing was edited, added or removed since. O(1): comparing
    /// every entry's serial and revision was two passes over the entries
    /// per snapshot (5% of taking in a 10,000-message MESSAGES_SNAPSHOT in
    /// Node).
    pub fn describes(&self, history: &History) -> bool {
        history.edits == self.edits
    }
}

/// The serial of the first of `entries` (0 when there are none), while they
/// are all as they were made together: serials consecutive from it, none
/// revised since.
pub fn unrevised(entries: &[Entry]) -> Option<u64> {
    let first = first_serial(entries);
    let fresh = entries
        .iter()
        .zip(first..)
        .all(|(e, serial)| e.serial == serial && e.rev == 0);
    fresh.then_some(first)
}

/// The serial of the first of `entries`, 0 when there are none.
pub fn first_serial(entries: &[Entry]) -> u64 {
    entries.first().map_or(0, |e| e.serial)
}

/// What changed since the last [`History::take_changes`].
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Changes {
    /// Positions that were modified or appended, with how (each position once).
    pub dirty: Vec<(usize, Mark)>,
    /// Messages were inserted in the middle, removed or replaced wholesale:
    /// positions before this change are no longer meaningful.
    pub restructured: bool,
    /// For entries marked [`Mark::ArgsGrew`]: (position, tool call index,
    /// its arguments' length in bytes before they grew), each call once.
    pub args: Vec<(usize, usize, usize)>,
    /// For entries marked [`Mark::Patched`]: (position, the edits the
    /// patches made to the content, in order), each position once.
    pub patched: Vec<(usize, Edits)>,
    /// The text the history was last restated from, if it was; whether it
    /// still describes the history is [`Restated::describes`]'s to say.
    pub restated: Option<Restated>,
}

impl Changes {
    pub fn is_empty(&self) -> bool {
        self.dirty.is_empty() && !self.restructured
    }
}

impl History {
    /// Mutable access; the message counts as changed.
    pub fn get_mut(&mut self, i: usize) -> Option<&mut Message> {
        let e = self.entries.get_mut(i)?;
        self.edits += 1;
        e.rev += 1;
        if e.mark == Mark::Clean {
            self.changes.dirty.push((i, Mark::Changed));
        }
        e.mark = Mark::Changed;
        Some(&mut e.message)
    }

    /// Appends streamed text to the message at `i`, remembering that only
    /// text was added, so views can extend rather than rebuild it.
    /// `joined`: as for [`Self::append_args`].
    pub fn append_text(&mut self, i: usize, delta: &str, joined: Option<char>) {
        let Some(e) = self.entries.get_mut(i) else {
            return;
        };
        let before = e.message.text().len();
        let rewrote = match (joined, e.message.text_mut()) {
            (Some(c), Some(text)) => join_into(text, delta, c),
            _ => false,
        };
        let in_place = !rewrote && e.message.append_text(delta);
        self.edits += 1;
        e.rev += 1;
        if e.mark == Mark::Clean {
            self.changes.dirty.push((i, Mark::Changed));
        }
        e.mark = match (e.mark, in_place) {
            (Mark::Clean, true) => Mark::Appended(before),
            (Mark::Appended(from), true) => Mark::Appended(from),
            _ => Mark::Changed,
        };
    }

    /// Appends streamed arguments to a tool call of the message at `i`,
    /// remembering which call grew, so views can extend just that call.
    /// `joined`: the character of a surrogate pair whose halves' stand-ins
    /// end the arguments and start `delta` (see `core::surrogates`), put in
    /// their place. Returns whether the call was found.
    pub fn append_args(
        &mut self,
        i: usize,
        tool_call_id: &str,
        delta: &str,
        joined: Option<char>,
    ) -> bool {
        let Some((i, k)) = self.locate_tool_call_in(i, tool_call_id) else {
            return false;
        };
        let e = &mut self.entries[i];
        let Some(call) = e.message.tool_calls_mut().and_then(|c| c.get_mut(k)) else {
            return false;
        };
        let args = &mut call.function.arguments;
        let before = args.len();
        // A join rewrites the arguments' last character: no view can
        // extend its copy of them.
        let rewrote = joined.is_some_and(|c| join_into(args, delta, c));
        if !rewrote {
            args.push_str(delta);
        }
        self.edits += 1;
        e.rev += 1;
        if e.mark == Mark::Clean {
            self.changes.dirty.push((i, Mark::Changed));
        }
        e.mark = match e.mark {
            Mark::Clean | Mark::ArgsGrew if !rewrote => {
                let args = &mut self.changes.args;
                if !args.iter().any(|&(j, call, _)| j == i && call == k) {
                    args.push((i, k, before));
                }
                Mark::ArgsGrew
            }
            _ => Mark::Changed,
        };
        true
    }

    /// Changes the message at `i` through `patch`, which appends to the
    /// edits it is given (those of the batch so far) what it changed, and
    /// answers whether they say all of it (a JSON Patch of an activity's
    /// content, and nothing else) and are still worth following
    /// (`Edits::worth_following`). Where they are not, or after any other
    /// change, the message is simply changed and converted whole.
    pub fn patch(&mut self, i: usize, patch: impl FnOnce(&mut Message, &mut Edits) -> bool) {
        let Some(e) = self.entries.get_mut(i) else {
            return;
        };
        self.edits += 1;
        e.rev += 1;
        if e.mark == Mark::Clean {
            self.changes.dirty.push((i, Mark::Changed));
        }
        let patched = &mut self.changes.patched;
        let at = match e.mark {
            Mark::Clean => {
                patched.push((i, Edits::default()));
                Some(patched.len() - 1)
            }
            Mark::Patched => patched.iter().position(|(j, _)| *j == i),
            _ => None,
        };
        let mut scratch = Edits::default();
        let edits = match at {
            Some(k) => &mut patched[k].1,
            None => &mut scratch,
        };
        let described = patch(&mut e.message, edits);
        e.mark = match (at, described) {
            (Some(_), true) => Mark::Patched,
            (Some(k), false) => {
                patched.swap_remove(k);
                Mark::Changed
            }
            (None, _) => Mark::Changed,
        };
    }

    /// Whether anything changed since the last [`History::take_changes`].
    pub fn has_changes(&self) -> bool {
        !self.changes.is_empty()
    }

    /// What changed since the last call; every entry is clean afterwards.
    pub fn take_changes(&mut self) -> Changes {
        let mut changes = std::mem::take(&mut self.changes);
        if changes.restructured {
            for e in &mut self.entries {
                e.mark = Mark::Clean;
            }
            changes.dirty.clear();
            changes.args.clear();
            changes.patched.clear();
        } else {
            let entries = &self.entries;
            // Edits of a message changed otherwise since are no one's.
            changes
                .patched
                .retain(|(i, _)| entries.get(*i).is_some_and(|e| e.mark == Mark::Patched));
            for (i, mark) in &mut changes.dirty {
                if let Some(e) = self.entries.get_mut(*i) {
                    *mark = e.mark;
                    e.mark = Mark::Clean;
                }
            }
        }
        changes
    }
}

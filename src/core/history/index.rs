//! Finding a message or a tool call by id: first positions in hash maps,
//! rebuilt in O(n) only after the history is restructured.

use super::History;
use crate::core::maps::HashMap;
use crate::core::types::{Message, ToolCall};

/// First positions by id, and of each tool call id's holders.
#[derive(Debug, Default)]
pub(super) struct Index {
    pub(super) by_id: HashMap<String, usize>,
    /// The first message holding each tool call id, the call's place
    /// among its tool calls (checked when used: a call's place is only
    /// known to move when the index is rebuilt, but a message edited in
    /// place could reorder its calls), and the last message holding it
    /// (where that is the first, one message holds the call).
    pub(super) by_tool_call: HashMap<String, (usize, usize, usize)>,
}

impl Index {
    fn clear(&mut self) {
        self.by_id.clear();
        self.by_tool_call.clear();
    }
}

impl History {
    /// How often lookups had to rebuild the index (O(n) each): streaming
    /// into an existing message must never cause one.
    pub fn index_rebuilds(&self) -> u64 {
        self.rebuilds
    }

    /// How often a tool call's place was searched for: streaming into a
    /// message with many calls must never need it.
    pub fn tool_call_scans(&self) -> u64 {
        self.scans
    }

    fn rebuild_index(&mut self) {
        self.rebuilds += 1;
        self.index.clear();
        for (i, e) in self.entries.iter().enumerate() {
            Self::index_entry(&mut self.index, i, &e.message);
        }
        self.index_valid = true;
    }

    pub(super) fn index_entry(index: &mut Index, i: usize, m: &Message) {
        index.by_id.entry(m.id().to_owned()).or_insert(i);
        for (k, tc) in m.tool_calls().into_iter().flatten().enumerate() {
            index
                .by_tool_call
                .entry(tc.id.clone())
                .or_insert((i, k, i))
                .2 = i;
        }
    }

    /// Builds the id index now rather than at the first lookup, for a
    /// caller that would rather pay for it up front than during a run.
    pub fn build_index(&mut self) {
        self.ensure_index();
    }

    pub(super) fn ensure_index(&mut self) {
        if !self.index_valid {
            self.rebuild_index();
        }
    }

    /// Position of the first message with this id.
    pub fn find(&mut self, id: &str) -> Option<usize> {
        self.ensure_index();
        if let Some((i, generation)) = self.last_found {
            let same = self.entries.get(i).is_some_and(|e| e.message.id() == id);
            if generation == self.rebuilds && same {
                return Some(i);
            }
        }
        let i = self.index.by_id.get(id).copied()?;
        self.last_found = Some((i, self.rebuilds));
        Some(i)
    }

    /// Position of the first message that holds a tool call with this id.
    pub fn find_tool_call(&mut self, tool_call_id: &str) -> Option<usize> {
        self.ensure_index();
        self.index.by_tool_call.get(tool_call_id).map(|&(i, ..)| i)
    }

    /// The first message that holds a tool call with this id, and the
    /// call's place among its calls: O(1), however many calls it has.
    pub fn locate_tool_call(&mut self, tool_call_id: &str) -> Option<(usize, usize)> {
        let i = self.find_tool_call(tool_call_id)?;
        self.locate_tool_call_in(i, tool_call_id)
    }

    /// The call's place in the message at `i`: where the index says, or
    /// found again (and noted) if the message's calls moved.
    pub(super) fn locate_tool_call_in(
        &mut self,
        i: usize,
        tool_call_id: &str,
    ) -> Option<(usize, usize)> {
        let calls = self.entries.get(i)?.message.tool_calls()?;
        let noted = self.index.by_tool_call.get(tool_call_id);
        if let Some(&(j, k, _)) = noted.filter(|&&(j, ..)| j == i) {
            if calls.get(k).is_some_and(|tc| tc.id == tool_call_id) {
                return Some((j, k));
            }
        }
        self.scans += 1;
        let k = calls.iter().position(|tc| tc.id == tool_call_id)?;
        if self.index_valid {
            if let Some(noted) = self.index.by_tool_call.get_mut(tool_call_id) {
                if noted.0 == i {
                    noted.1 = k;
                }
            }
        }
        Some((i, k))
    }

    /// The tool call at `k` of the message at `i`.
    pub fn tool_call(&self, i: usize, k: usize) -> Option<&ToolCall> {
        self.get(i)?.tool_calls()?.get(k)
    }

    /// The tool call at `k` of the message at `i`, to change (the message
    /// counts as changed).
    pub fn tool_call_mut(&mut self, i: usize, k: usize) -> Option<&mut ToolCall> {
        self.get_mut(i)?.tool_calls_mut()?.get_mut(k)
    }

    /// Records that the message at `i` now holds this tool call at `k`.
    pub fn note_tool_call(&mut self, i: usize, k: usize, tool_call_id: &str) {
        if self.index_valid {
            let noted = self
                .index
                .by_tool_call
                .entry(tool_call_id.to_owned())
                .or_insert((i, k, i));
            noted.2 = noted.2.max(i);
        }
    }

    /// The tool message `id` that answers `tool_call_id`, the first such:
    /// O(1) where the first message with the id is it (ids are meant to be
    /// unique), a scan only where a producer repeated an id.
    pub fn find_tool_result(&mut self, id: &str, tool_call_id: &str) -> Option<usize> {
        let answers = |m: &Message| matches!(m, Message::Tool(t) if t.id == id && t.tool_call_id == tool_call_id);
        let first = self.find(id)?;
        if answers(&self.entries[first].message) {
            return Some(first);
        }
        self.entries[first..]
            .iter()
            .position(|e| answers(&e.message))
            .map(|j| first + j)
    }

    /// The assistant message a new result for `tool_call_id` goes behind
    /// (1.0.4): the newest holder of the call that no tool message answers
    /// between it and the next holder (or the end); if every holder is
    /// answered, the newest. O(1) for a call id one message holds; a scan
    /// back from the end where providers reuse ids (`call_0` every turn).
    pub fn result_owner(&mut self, tool_call_id: &str) -> Option<usize> {
        self.ensure_index();
        let (first, _, newest) = *self.index.by_tool_call.get(tool_call_id)?;
        if first == newest {
            return Some(first);
        }
        let mut answered = false;
        for i in (first..self.entries.len()).rev() {
            let m = &self.entries[i].message;
            match m {
                Message::Tool(t) if t.tool_call_id == tool_call_id => answered = true,
                _ if m
                    .tool_calls()
                    .is_some_and(|tcs| tcs.iter().any(|tc| tc.id == tool_call_id)) =>
                {
                    if !answered {
                        return Some(i);
                    }
                    answered = false;
                }
                _ => {}
            }
        }
        Some(newest)
    }
}

//! The message history, indexed so the reducer finds a message or a tool call
//! by id in O(1) (`index`), and instrumented so the binding knows exactly
//! which messages changed since it last looked (`changes`) and which ones a
//! run added (`watch`).

mod changes;
mod index;
mod pairing;
#[cfg(test)]
mod tests;
mod watch;

pub use changes::{first_serial, unrevised, Changes, Mark, Restated};

use super::json::SharedText;
use super::types::Message;
use index::Index;
use watch::Watch;

/// One message and what the binding needs to keep its JS object stable.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub message: Message,
    /// Unique for the life of the history; survives moves, not replacement.
    pub serial: u64,
    /// Bumped on every change to `message`.
    pub rev: u64,
    mark: Mark,
}

#[derive(Debug, Default)]
pub struct History {
    entries: Vec<Entry>,
    /// First position of each message id (ids are meant to be unique, but a
    /// producer can repeat one, and lookups then find the first, as the
    /// reference's `find` does) and of each tool call's holder.
    index: Index,
    index_valid: bool,
    /// How often the index was rebuilt from scratch (each costs O(n)).
    rebuilds: u64,
    /// How often a tool call was looked for among its message's calls
    /// (O(calls) each) because the index did not know its place.
    scans: u64,
    next_serial: u64,
    changes: Changes,
    watch: Option<Watch>,
    /// The last `find` hit and the index generation it came from: a stream
    /// names the same message on every delta, and comparing its id costs
    /// less than hashing it. Positions only move when the index is rebuilt.
    last_found: Option<(usize, u64)>,
    /// Bumped by every change to the entries (an edit, an addition, a
    /// removal): what [`Restated::describes`] compares.
    edits: u64,
}

impl History {
    pub fn new(messages: Vec<Message>) -> Self {
        let mut h = History::default();
        h.replace_all(messages);
        h.changes = Changes::default();
        h
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    pub fn get(&self, i: usize) -> Option<&Message> {
        self.entries.get(i).map(|e| &e.message)
    }

    pub fn iter(&self) -> impl Iterator<Item = &Message> {
        self.entries.iter().map(|e| &e.message)
    }

    pub fn to_vec(&self) -> Vec<Message> {
        self.iter().cloned().collect()
    }

    fn new_entry(&mut self, message: Message) -> Entry {
        self.next_serial += 1;
        Entry {
            message,
            serial: self.next_serial,
            rev: 0,
            mark: Mark::Clean,
        }
    }

    pub fn push(&mut self, message: Message) -> usize {
        let i = self.entries.len();
        if self.index_valid {
            Self::index_entry(&mut self.index, i, &message);
        }
        let mut e = self.new_entry(message);
        e.mark = Mark::Changed;
        self.edits += 1;
        self.entries.push(e);
        self.changes.dirty.push((i, Mark::Changed));
        i
    }

    pub fn insert(&mut self, i: usize, message: Message) {
        if i >= self.entries.len() {
            self.push(message);
            return;
        }
        self.before_restructuring();
        let e = self.new_entry(message);
        self.entries.insert(i, e);
        self.index_valid = false;
        self.changes.restructured = true;
    }

    /// Puts a different message at `i` (a new object for the binding).
    pub fn replace(&mut self, i: usize, message: Message) {
        self.before_restructuring();
        let mut e = self.new_entry(message);
        if let Some(slot) = self.entries.get_mut(i) {
            if slot.mark == Mark::Clean {
                self.changes.dirty.push((i, Mark::Changed));
            }
            e.mark = Mark::Changed;
            *slot = e;
            self.index_valid = false;
        }
    }

    /// Replaces everything. Messages equal to the one already at the same
    /// place keep their entry, so a snapshot that restates unchanged history
    /// does not make the UI re-render it.
    pub fn replace_all(&mut self, messages: Vec<Message>) {
        self.before_restructuring();
        let mut old = std::mem::take(&mut self.entries).into_iter();
        let mut entries = Vec::with_capacity(messages.len());
        for m in messages {
            match old.next() {
                Some(e) if e.message == m => entries.push(e),
                _ => entries.push(self.new_entry(m)),
            }
        }
        self.entries = entries;
        self.index_valid = false;
        self.changes.restructured = true;
    }

    /// Replaces everything with fresh entries for `messages` (nothing is
    /// kept or matched); `text`, if given, says exactly what they hold.
    pub fn restate(&mut self, messages: Vec<Message>, text: Option<SharedText>) {
        let entries = messages.into_iter().map(|m| self.new_entry(m)).collect();
        self.set_entries(entries);
        self.changes.restated = text.map(|text| Restated {
            text,
            edits: self.edits,
        });
    }

    /// Rebuilds from entries the caller kept or made (see the snapshot merge).
    pub fn set_entries(&mut self, entries: Vec<Entry>) {
        self.before_restructuring();
        self.entries = entries;
        self.index_valid = false;
        self.changes.restructured = true;
    }

    /// Takes the entries out, for a merge that keeps some of them.
    pub fn take_entries(&mut self) -> Vec<Entry> {
        self.before_restructuring();
        self.index_valid = false;
        std::mem::take(&mut self.entries)
    }

    /// A fresh entry for a message that was not in the history.
    pub fn make_entry(&mut self, message: Message) -> Entry {
        self.new_entry(message)
    }
}

//! The message history, indexed so the reducer finds a message or a tool call
//! by id in O(1), and instrumented so the binding knows exactly which
//! messages changed since it last looked.

use super::json::SharedText;
use super::json_patch::Edits;

use super::maps::{HashMap, HashSet};
use super::surrogates::join_into;
use super::types::{Message, ToolCall};

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
    edits: u64,
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

/// The most edits [`History::patch`] keeps for one message between two
/// looks: past them, a view's path copies would cost more than converting
/// the message once.
pub const MAX_PATCH_EDITS: usize = 4096;

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

#[derive(Debug, Default)]
pub struct History {
    entries: Vec<Entry>,
    /// First position of each message id. Ids are meant to be unique, but a
    /// producer can repeat one, and lookups then find the first, as the
    /// reference's `find` does.
    by_id: HashMap<String, usize>,
    /// The first message holding each tool call id, and the call's place
    /// among its tool calls (checked when used: a call's place is only
    /// known to move when the index is rebuilt, but a message edited in
    /// place could reorder its calls).
    by_tool_call: HashMap<String, (usize, usize)>,
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

/// The history as it was when a run started, for telling the run's new
/// messages apart. Until something restructures the history, the first
/// `len` entries are the ones that were there, with the same ids (nothing
/// edits an id in place), so the ids need not be copied; the first
/// restructuring copies them.
#[derive(Debug)]
struct Watch {
    len: usize,
    ids: Option<HashSet<String>>,
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
    /// edits it is given what it changed and answers whether those edits
    /// say all of it (a JSON Patch of an activity's content, and nothing
    /// else). Past [`MAX_PATCH_EDITS`] edits in one batch, or after any
    /// other change, the message is simply changed: converting it whole is
    /// then the cheaper copy.
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
        let described = patch(&mut e.message, edits) && edits.len() <= MAX_PATCH_EDITS;
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
        self.by_id.clear();
        self.by_tool_call.clear();
        for (i, e) in self.entries.iter().enumerate() {
            Self::index_entry(&mut self.by_id, &mut self.by_tool_call, i, &e.message);
        }
        self.index_valid = true;
    }

    fn index_entry(
        by_id: &mut HashMap<String, usize>,
        by_tool_call: &mut HashMap<String, (usize, usize)>,
        i: usize,
        m: &Message,
    ) {
        by_id.entry(m.id().to_owned()).or_insert(i);
        for (k, tc) in m.tool_calls().into_iter().flatten().enumerate() {
            by_tool_call.entry(tc.id.clone()).or_insert((i, k));
        }
    }

    /// Builds the id index now rather than at the first lookup, for a
    /// caller that would rather pay for it up front than during a run.
    pub fn build_index(&mut self) {
        self.ensure_index();
    }

    fn ensure_index(&mut self) {
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
        let i = self.by_id.get(id).copied()?;
        self.last_found = Some((i, self.rebuilds));
        Some(i)
    }

    /// Position of the first message that holds a tool call with this id.
    pub fn find_tool_call(&mut self, tool_call_id: &str) -> Option<usize> {
        self.ensure_index();
        self.by_tool_call.get(tool_call_id).map(|&(i, _)| i)
    }

    /// The first message that holds a tool call with this id, and the
    /// call's place among its calls: O(1), however many calls it has.
    pub fn locate_tool_call(&mut self, tool_call_id: &str) -> Option<(usize, usize)> {
        let i = self.find_tool_call(tool_call_id)?;
        self.locate_tool_call_in(i, tool_call_id)
    }

    /// The call's place in the message at `i`: where the index says, or
    /// found again (and noted) if the message's calls moved.
    fn locate_tool_call_in(&mut self, i: usize, tool_call_id: &str) -> Option<(usize, usize)> {
        let calls = self.entries.get(i)?.message.tool_calls()?;
        let noted = self.by_tool_call.get(tool_call_id);
        if let Some(&(j, k)) = noted.filter(|&&(j, _)| j == i) {
            if calls.get(k).is_some_and(|tc| tc.id == tool_call_id) {
                return Some((j, k));
            }
        }
        self.scans += 1;
        let k = calls.iter().position(|tc| tc.id == tool_call_id)?;
        if self.index_valid && noted.is_some_and(|&(j, _)| j == i) {
            self.by_tool_call.insert(tool_call_id.to_owned(), (i, k));
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
            self.by_tool_call
                .entry(tool_call_id.to_owned())
                .or_insert((i, k));
        }
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
            Self::index_entry(&mut self.by_id, &mut self.by_tool_call, i, &message);
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

    /// Starts telling new messages apart: see [`Self::new_since_watch`].
    /// O(1); the ids are copied only if the history is restructured.
    pub fn watch_new(&mut self) {
        self.watch = Some(Watch {
            len: self.entries.len(),
            ids: None,
        });
    }

    /// Positions of the messages whose id no message had when
    /// [`Self::watch_new`] was called (the messages a run added), in
    /// order; ends the watch. O(new messages) unless the history was
    /// restructured meanwhile.
    pub fn new_since_watch(&mut self) -> Vec<usize> {
        let Some(w) = self.watch.take() else {
            return Vec::new();
        };
        match w.ids {
            // After a run that started on an empty history every message
            // is new, with no id to hash (looking a 4 MiB MESSAGES_SNAPSHOT's
            // ids up in the empty set took 2.4% of its run).
            Some(ids) => (0..self.entries.len())
                .filter(|&i| ids.is_empty() || !ids.contains(self.entries[i].message.id()))
                .collect(),
            None => {
                self.ensure_index();
                (w.len..self.entries.len())
                    .filter(|&i| {
                        let first = self.by_id.get(self.entries[i].message.id());
                        first.is_none_or(|&first| first >= w.len)
                    })
                    .collect()
            }
        }
    }

    fn before_restructuring(&mut self) {
        self.edits += 1;
        self.changes.restated = None;
        if let Some(w) = &mut self.watch {
            if w.ids.is_none() {
                let before = &self.entries[..w.len.min(self.entries.len())];
                w.ids = Some(before.iter().map(|e| e.message.id().to_owned()).collect());
            }
        }
    }

    /// A fresh entry for a message that was not in the history.
    pub fn make_entry(&mut self, message: Message) -> Entry {
        self.new_entry(message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::types::{AssistantMessage, ToolCall, UserMessage};

    fn user(id: &str) -> Message {
        Message::User(Box::new(UserMessage {
            id: id.into(),
            ..Default::default()
        }))
    }

    #[test]
    fn a_repeated_lookup_follows_every_restructuring() {
        let mut h = History::new(vec![user("a"), user("b")]);
        assert_eq!((h.find("b"), h.find("b")), (Some(1), Some(1)));
        h.insert(0, user("z"));
        assert_eq!(h.find("b"), Some(2));
        // A later duplicate never shadows the first.
        h.push(user("b"));
        assert_eq!(h.find("b"), Some(2));
        h.replace(2, user("c"));
        assert_eq!((h.find("b"), h.find("c")), (Some(3), Some(2)));
        h.replace_all(vec![user("c")]);
        assert_eq!((h.find("b"), h.find("c")), (None, Some(0)));
        let _ = h.take_entries();
        assert_eq!(h.find("c"), None);
    }

    #[test]
    fn finds_the_first_of_repeated_ids() {
        let mut h = History::new(vec![user("a"), user("b"), user("a")]);
        assert_eq!(h.find("a"), Some(0));
        h.insert(0, user("b"));
        assert_eq!(h.find("b"), Some(0));
        assert_eq!(h.find("a"), Some(1));
    }

    #[test]
    fn appends_and_edits_keep_the_index_without_rebuilding() {
        let mut h = History::new((0..10_000).map(|i| user(&format!("m{i}"))).collect());
        assert_eq!(h.find("m9999"), Some(9999));
        let i = h.push(Message::Assistant(Box::new(AssistantMessage {
            id: "reply".into(),
            ..Default::default()
        })));
        for _ in 0..1000 {
            let at = h.find("reply").unwrap();
            h.append_text(at, "x", None);
        }
        assert_eq!(
            h.index_rebuilds(),
            1,
            "one build for the first lookup, none per delta"
        );
        assert_eq!(h.get(i).unwrap().text().len(), 1000);
    }

    /// The naive answer: ids not among those present at the start.
    fn added(before: &[String], h: &History) -> Vec<usize> {
        (0..h.len())
            .filter(|&i| !before.iter().any(|id| id == h.get(i).unwrap().id()))
            .collect()
    }

    #[test]
    fn new_messages_are_those_with_ids_not_there_before() {
        let start: Vec<Message> = ["a", "b", "c"].iter().map(|id| user(id)).collect();
        let ids: Vec<String> = ["a", "b", "c"].iter().map(|s| s.to_string()).collect();
        type Edit = fn(&mut History);
        let runs: [(&str, Edit); 5] = [
            ("nothing", |_| {}),
            ("appends, one repeating an old id", |h| {
                h.push(user("d"));
                h.push(user("b"));
                h.push(user("e"));
                h.append_text(0, "x", None);
            }),
            ("a snapshot that drops and keeps", |h| {
                h.push(user("d"));
                h.replace_all(vec![user("c"), user("x"), user("a"), user("d")]);
            }),
            ("an insert in the middle, then appends", |h| {
                h.insert(1, user("i"));
                h.push(user("a"));
                h.push(user("z"));
            }),
            ("a merge through take and set", |h| {
                let mut kept = h.take_entries();
                kept.remove(0);
                let fresh = h.make_entry(user("n"));
                kept.insert(0, fresh);
                h.set_entries(kept);
            }),
        ];
        for (what, edit) in runs {
            let mut h = History::new(start.clone());
            h.watch_new();
            edit(&mut h);
            let want = added(&ids, &h);
            assert_eq!(h.new_since_watch(), want, "{what}");
        }
    }

    #[test]
    fn after_an_empty_start_every_message_is_new() {
        type Edit = fn(&mut History);
        let runs: [(&str, Edit); 3] = [
            ("appends, one id twice", |h| {
                h.push(user("a"));
                h.push(user("a"));
            }),
            ("a snapshot", |h| h.replace_all(vec![user("c"), user("x")])),
            ("an append, then a merge through take and set", |h| {
                h.push(user("d"));
                let mut kept = h.take_entries();
                kept.push(h.make_entry(user("d")));
                h.set_entries(kept);
            }),
        ];
        for (what, edit) in runs {
            let mut h = History::new(Vec::new());
            h.watch_new();
            edit(&mut h);
            assert_eq!(h.new_since_watch(), added(&[], &h), "{what}");
            assert_eq!(
                h.new_since_watch(),
                Vec::<usize>::new(),
                "{what}: the watch ended"
            );
        }
    }

    #[test]
    fn parallel_tool_calls_growing_in_one_message_stay_argument_growth() {
        let call = |id: &str| ToolCall {
            id: id.into(),
            ..Default::default()
        };
        let assistant = Message::Assistant(Box::new(AssistantMessage {
            id: "a".into(),
            tool_calls: Some(vec![call("t0"), call("t1"), call("t2")]),
            ..Default::default()
        }));
        let mut h = History::new(vec![user("u"), assistant]);
        for (id, delta) in [("t0", "{\"a\""), ("t2", "[1"), ("t0", ":1}"), ("t2", "]")] {
            assert!(h.append_args(1, id, delta, None));
        }
        assert_eq!(
            h.take_changes(),
            Changes {
                dirty: vec![(1, Mark::ArgsGrew)],
                restructured: false,
                args: vec![(1, 0, 0), (1, 2, 0)],
                patched: vec![],
                restated: None,
            },
            "each call once, from where it was"
        );
        h.append_args(1, "t2", ",2", None);
        assert_eq!(h.take_changes().args, vec![(1, 2, 3)]);
        h.append_args(1, "t1", "x", None);
        h.get_mut(1).unwrap();
        assert_eq!(h.take_changes().dirty, vec![(1, Mark::Changed)]);
    }

    /// The edits of `{"op": "add", "path": "/a", "value": n}`.
    fn one_edit(n: u8) -> Edits {
        use crate::core::json_patch::{apply_patch_edits, Bounds, Budget};
        use crate::core::types::{PatchOp, Pointer};
        let mut edits = Edits::default();
        let op = PatchOp::Add {
            path: Pointer::parse("/a").unwrap(),
            value: serde_json::json!(n),
        };
        let mut budget = Budget::new(Bounds::default(), 0);
        apply_patch_edits(&mut serde_json::json!({}), &[op], &mut budget, &mut edits).unwrap();
        edits
    }

    #[test]
    fn patches_alone_are_told_as_their_edits() {
        let edit = |n: u8| {
            move |_: &mut Message, edits: &mut Edits| {
                edits.append(&one_edit(n));
                true
            }
        };
        let mut h = History::new(vec![user("a"), user("b")]);
        h.patch(1, edit(1));
        h.patch(1, edit(2));
        let changes = h.take_changes();
        assert_eq!(changes.dirty, vec![(1, Mark::Patched)]);
        assert_eq!(changes.patched.len(), 1);
        assert_eq!(changes.patched[0].0, 1);
        assert_eq!(
            changes.patched[0].1.len(),
            2,
            "both patches' edits, in order"
        );
        h.patch(1, edit(3));
        h.get_mut(1).unwrap();
        h.patch(1, edit(4));
        let changes = h.take_changes();
        assert_eq!(
            changes.dirty,
            vec![(1, Mark::Changed)],
            "any other change wins"
        );
        assert!(changes.patched.is_empty(), "and its edits are dropped");
        h.patch(0, |_, _| false);
        assert_eq!(
            h.take_changes().dirty,
            vec![(0, Mark::Changed)],
            "edits that do not say it all"
        );
        h.patch(0, |_, edits| {
            for _ in 0..=MAX_PATCH_EDITS {
                edits.append(&one_edit(0));
            }
            true
        });
        assert_eq!(
            h.take_changes().dirty,
            vec![(0, Mark::Changed)],
            "too many to follow"
        );
    }

    #[test]
    fn changes_say_what_moved() {
        let mut h = History::new(vec![user("a"), user("b")]);
        assert!(h.take_changes().is_empty());
        h.append_text(1, "x", None);
        h.append_text(1, "y", None);
        h.push(user("c"));
        assert_eq!(
            h.take_changes(),
            Changes {
                dirty: vec![(1, Mark::Appended(0)), (2, Mark::Changed)],
                restructured: false,
                args: vec![],
                patched: vec![],
                restated: None,
            }
        );
        h.append_text(1, "z", None);
        h.get_mut(1).unwrap();
        assert_eq!(
            h.take_changes().dirty,
            vec![(1, Mark::Changed)],
            "any other change wins"
        );
        h.insert(0, user("z"));
        assert!(h.take_changes().restructured);
        let serial = h.entries()[1].serial;
        h.replace_all(vec![user("z"), user("a"), user("changed")]);
        assert_eq!(
            h.entries()[1].serial,
            serial,
            "an equal message keeps its entry"
        );
    }

    #[test]
    fn a_restated_text_describes_the_history_until_anything_changes_it() {
        let text: SharedText = "[...]".into();
        let restated = |h: &mut History| {
            h.restate(vec![user("a"), user("b")], Some(text.clone()));
            h.take_changes().restated.expect("restated")
        };
        let mut h = History::new(vec![user("old")]);
        let r = restated(&mut h);
        assert!(r.describes(&h));
        assert_eq!(h.find("b"), Some(1));
        // Each way the history can change after.
        let changes: [fn(&mut History); 4] = [
            |h| {
                h.push(user("c"));
            },
            |h| {
                h.get_mut(0);
            },
            |h| h.replace(1, user("b")),
            |h| h.insert(0, user("z")),
        ];
        for change in changes {
            let r = restated(&mut h);
            change(&mut h);
            assert!(!r.describes(&h));
        }
        // Without text, nothing is restated; a restructuring forgets it.
        h.restate(vec![user("a")], None);
        assert_eq!(h.take_changes().restated, None);
        h.restate(vec![user("a")], Some(text.clone()));
        let kept = h.take_entries();
        h.set_entries(kept);
        assert_eq!(h.take_changes().restated, None);
    }
}

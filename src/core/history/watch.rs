//! Telling the messages a run added from those it started with.

use super::History;
use crate::core::maps::HashSet;

/// The history as it was when a run started, for telling the run's new
/// messages apart. Until something restructures the history, the first
/// `len` entries are the ones that were there, with the same ids (nothing
/// edits an id in place), so the ids need not be copied; the first
/// restructuring copies them.
#[derive(Debug)]
pub(super) struct Watch {
    len: usize,
    ids: Option<HashSet<String>>,
}

impl History {
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
                        let first = self.index.by_id.get(self.entries[i].message.id());
                        first.is_none_or(|&first| first >= w.len)
                    })
                    .collect()
            }
        }
    }

    pub(super) fn before_restructuring(&mut self) {
        self.edits += 1;
        self.changes.restated = None;
        if let Some(w) = &mut self.watch {
            if w.ids.is_none() {
                let before = &self.entries[..w.len.min(self.entries.len())];
                w.ids = Some(before.iter().map(|e| e.message.id().to_owned()).collect());
            }
        }
    }
}

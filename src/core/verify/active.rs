//! The ids of what is open (text messages, tool calls, reasoning), asked
//! about on every delta. A stream's deltas name the same id run after run,
//! so the last id found is kept and compared first: a comparison of a short
//! string instead of a SipHash per delta (the verifier's share of a text
//! delta in Node).

use super::super::maps::HashSet;

#[derive(Debug, Default)]
pub(super) struct Active {
    ids: HashSet<String>,
    /// The id last found, and whether it is still open. Its buffer is
    /// reused, so streams that interleave (parallel tool calls) cost no
    /// allocation per delta.
    last: String,
    last_open: bool,
}

impl Active {
    pub(super) fn contains(&mut self, id: &str) -> bool {
        if self.last_open && self.last == id {
            return true;
        }
        let open = self.ids.contains(id);
        if open {
            self.last.clear();
            self.last.push_str(id);
            self.last_open = true;
        }
        open
    }

    pub(super) fn insert(&mut self, id: String) {
        self.ids.insert(id);
    }

    pub(super) fn remove(&mut self, id: &str) {
        if self.last == id {
            self.last_open = false;
        }
        self.ids.remove(id);
    }

    pub(super) fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = &String> {
        self.ids.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::Active;

    #[test]
    fn an_id_is_open_from_its_insertion_to_its_removal_whatever_was_asked_between() {
        let mut a = Active::default();
        assert!(!a.contains("m"));
        a.insert("m".into());
        a.insert("n".into());
        assert!(a.contains("m") && a.contains("m") && a.contains("n"));
        a.remove("n");
        assert!(!a.contains("n"));
        assert!(a.contains("m"));
        a.remove("m");
        assert!(!a.contains("m"));
        assert!(a.is_empty());
        // An empty id is an id like any other.
        assert!(!a.contains(""));
        a.insert(String::new());
        assert!(a.contains(""));
        a.remove("");
        assert!(!a.contains(""));
    }
}

//! A part of a larger text, kept without copying it.
//!
//! A large event's JSON (a snapshot of megabytes) arrives as one string, and
//! the part JavaScript will parse (the snapshot, the messages) is most of
//! it. Keeping that part as a string of its own copied megabytes that were
//! already in memory: an extra copy of a 10,000-message snapshot's text
//! (1.45 MB) made taking it in 1.037x slower in Node (10 alternated pairs).
//! So the event's string is shared, with the part's place in it.

use std::fmt;
use std::ops::{Deref, Range};
use std::rc::Rc;

#[derive(Clone)]
pub struct SharedText {
    whole: Rc<String>,
    range: Range<usize>,
}

impl SharedText {
    /// `part`, which must lie inside `whole`, as its place there; `None`
    /// for a `part` that is not a slice of `whole`.
    pub fn within(whole: &Rc<String>, part: &str) -> Option<Self> {
        let start = (part.as_ptr() as usize).checked_sub(whole.as_ptr() as usize)?;
        let range = start..start.checked_add(part.len())?;
        // `get` checks the bounds and that both ends are character boundaries.
        whole.get(range.clone())?;
        Some(SharedText {
            whole: whole.clone(),
            range,
        })
    }
}

impl From<&str> for SharedText {
    /// A copy of `text`, for a part with no larger text to share.
    fn from(text: &str) -> Self {
        SharedText {
            range: 0..text.len(),
            whole: Rc::new(text.to_owned()),
        }
    }
}

impl Deref for SharedText {
    type Target = str;

    fn deref(&self) -> &str {
        // Checked when made, and the whole never changes.
        self.whole.get(self.range.clone()).unwrap_or_default()
    }
}

impl PartialEq for SharedText {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl Eq for SharedText {}

impl fmt::Debug for SharedText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_part_is_found_in_its_whole_and_nowhere_else() {
        let whole = Rc::new(String::from(r#"{"messages":[1,"é"],"x":2}"#));
        let at = whole.find('[').unwrap();
        let part = &whole[at..whole.find(']').unwrap() + 1];
        let shared = SharedText::within(&whole, part).expect("a slice of the whole");
        assert_eq!(&*shared, r#"[1,"é"]"#);
        assert!(Rc::ptr_eq(&shared.whole, &whole), "not copied");
        let elsewhere = String::from(r#"[1,"é"]"#);
        assert_eq!(SharedText::within(&whole, &elsewhere), None);
        assert_eq!(SharedText::from(part), shared, "a copy reads the same");
    }
}

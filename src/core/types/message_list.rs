//! A MESSAGES_SNAPSHOT's messages, with the JSON text they were read from
//! where reading kept every member the text gave them: JavaScript's copy
//! of a restated history is then `JSON.parse` of that text, not the
//! messages written out again by Rust and parsed: scenario 4 (a snapshot
//! of 10,000) took 0.76x the time in Node this way (medians of 8
//! alternated pairs).

use std::ops::{Deref, DerefMut};

use super::from_json::FromJson;
use super::message::Message;
use super::scan::{Scan, ScanCx};
use crate::core::json::{Scanner, SharedText, ToJson};

#[derive(Clone, Default)]
pub struct MessageList {
    messages: Vec<Message>,
    /// The text of exactly these messages, while they are unchanged.
    text: Option<SharedText>,
}

impl MessageList {
    /// Messages read from `text`, which says exactly what they hold.
    pub fn with_text(messages: Vec<Message>, text: SharedText) -> Self {
        MessageList {
            messages,
            text: Some(text),
        }
    }

    /// The text the messages were read from, while they are unchanged.
    pub fn text(&self) -> Option<&SharedText> {
        self.text.as_ref()
    }

    pub fn into_parts(self) -> (Vec<Message>, Option<SharedText>) {
        (self.messages, self.text)
    }
}

impl From<Vec<Message>> for MessageList {
    fn from(messages: Vec<Message>) -> Self {
        MessageList {
            messages,
            text: None,
        }
    }
}

impl Deref for MessageList {
    type Target = Vec<Message>;

    fn deref(&self) -> &Vec<Message> {
        &self.messages
    }
}

impl DerefMut for MessageList {
    /// The messages to change: the text no longer says what they hold.
    fn deref_mut(&mut self) -> &mut Vec<Message> {
        self.text = None;
        &mut self.messages
    }
}

/// The messages, as for [`PartialEq`].
impl std::fmt::Debug for MessageList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.messages.fmt(f)
    }
}

/// The messages are the value; where they came from is not (the repairing
/// route keeps the text it wrote, the clean one the text it read).
impl PartialEq for MessageList {
    fn eq(&self, other: &Self) -> bool {
        self.messages == other.messages
    }
}

/// Read with the text it was read from, where the messages kept every
/// member it gave them: `JSON.parse` of it then builds what writing them
/// would (keys perhaps in another order), and JavaScript takes its copy
/// from the text.
impl FromJson for MessageList {
    fn scan(s: &mut Scanner<'_>, cx: &mut ScanCx<'_>) -> Scan<Self> {
        s.skip_ws();
        let start = s.offset();
        // Whether these messages dropped a member, apart from what was
        // dropped before them.
        let before = std::mem::take(&mut cx.dropped);
        let messages = Vec::scan(s, cx)?;
        let exact = !cx.dropped;
        cx.dropped |= before;
        Ok(match exact {
            true => MessageList::with_text(messages, cx.keep(&s.text()[start..s.offset()])),
            false => messages.into(),
        })
    }
}

impl ToJson for MessageList {
    fn write_json(&self, out: &mut String) {
        self.messages.write_json(out);
    }
}

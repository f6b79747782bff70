//! Surrogate pairs split across deltas, joined again.
//!
//! A JavaScript agent that cuts its text by UTF-16 index can split an
//! emoji between two TEXT_MESSAGE_CONTENT events, and `JSON.stringify`
//! writes each half as an escaped lone surrogate (`"\ud83d"`, then
//! `"\ude00"`). The reference concatenates the two JavaScript strings, which
//! makes the emoji whole again. A Rust string cannot hold a lone half, so
//! the parser reads one as U+FFFD; the decoder notes which halves stood at
//! the ends of a delta ([`Halves`], read from the event's text), and the
//! reducer, appending a delta that starts with a low half to text that
//! ended with a high half of the same message or tool call, puts the pair's
//! character in place of the two stand-ins. A half that stays alone stays
//! U+FFFD (where JavaScript would keep the lone half).

use super::json::members;
use super::types::Event;

/// The lone surrogate halves at the two ends of a delta, as the event's
/// text wrote them: what its U+FFFD at either end stands for.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Halves {
    /// A low half the delta starts with.
    pub low_first: Option<u16>,
    /// A high half the delta ends with.
    pub high_last: Option<u16>,
}

impl Halves {
    /// The halves at the ends of the JSON string literal `raw` (its quotes
    /// included). A low half first and a high half last are always lone:
    /// nothing stands before or after them in the string.
    pub fn of_literal(raw: &str) -> Halves {
        let b = raw.as_bytes();
        let escape_at = |i: usize| -> Option<u16> {
            let hex = raw.get(i + 2..i + 6)?;
            (b.get(i..i + 2)? == b"\\u")
                .then(|| u16::from_str_radix(hex, 16).ok())
                .flatten()
        };
        let low_first = escape_at(1).filter(|u| (0xDC00..=0xDFFF).contains(u));
        // `\uXXXX"` at the end, its backslash not itself escaped: an odd
        // run of backslashes ends there.
        let high_last = b.len().checked_sub(7).and_then(|i| {
            let run = b[..=i].iter().rev().take_while(|&&c| c == b'\\').count();
            (run % 2 == 1)
                .then(|| escape_at(i))
                .flatten()
                .filter(|u| (0xD800..=0xDBFF).contains(u))
        });
        Halves {
            low_first,
            high_last,
        }
    }
}

/// Notes the halves of an event whose delta starts or ends with U+FFFD,
/// read from `data`, its JSON text. Every other event, and every delta
/// without a stand-in at an end (nearly all), costs one comparison.
pub fn mark(event: &mut Event, data: &str) {
    let (delta, halves) = match event {
        Event::TextMessageContent(e) => (e.delta.as_str(), &mut e.halves),
        Event::ReasoningMessageContent(e) => (e.delta.as_str(), &mut e.halves),
        Event::ToolCallArgs(e) => (e.delta.as_str(), &mut e.halves),
        Event::TextMessageChunk(e) => (e.delta.as_deref().unwrap_or(""), &mut e.halves),
        Event::ReasoningMessageChunk(e) => (e.delta.as_deref().unwrap_or(""), &mut e.halves),
        Event::ToolCallChunk(e) => (e.delta.as_deref().unwrap_or(""), &mut e.halves),
        _ => return,
    };
    let stand_in = |c: Option<char>| c == Some(STAND_IN);
    if !stand_in(delta.chars().next()) && !stand_in(delta.chars().next_back()) {
        return;
    }
    // The member as JSON.parse reads it: the last of a repeated key.
    let raw = members(data).and_then(|m| {
        m.into_iter()
            .rev()
            .find(|(k, _)| k == "delta")
            .map(|(_, v)| v)
    });
    if let Some(raw) = raw {
        *halves = Halves::of_literal(raw.trim());
    }
}

/// The character a high and a low half make.
pub fn pair(high: u16, low: u16) -> Option<char> {
    let code = 0x10000 + ((u32::from(high) - 0xD800) << 10) + (u32::from(low) - 0xDC00);
    char::from_u32(code)
}

/// What a lone half reads as: U+FFFD, as the JSON parser makes it.
const STAND_IN: char = char::REPLACEMENT_CHARACTER;

/// Whether the last character of `text`, a text that grows by appending,
/// may still be rewritten: a stand-in at its end may be a high half that the
/// next delta's low half joins ([`join_into`]). A copy kept of such a text
/// takes it whole again rather than extending itself.
pub fn open_end(text: &str) -> bool {
    text.ends_with(STAND_IN)
}

/// `text` extended by `delta`, where `text` ends with the stand-in of a
/// high half and `delta` starts with the stand-in of a low half, the two
/// replaced by `joined`. Returns whether they were (else `text` is
/// untouched).
pub fn join_into(text: &mut String, delta: &str, joined: char) -> bool {
    let (Some(kept), Some(rest)) = (text.strip_suffix(STAND_IN), delta.strip_prefix(STAND_IN))
    else {
        return false;
    };
    let kept = kept.len();
    text.truncate(kept);
    text.push(joined);
    text.push_str(rest);
    true
}

/// The high halves deltas ended with, by the message or tool call they
/// went to, waiting for a low half. A stream has a few at a time at most.
#[derive(Debug, Default)]
pub struct Waiting(Vec<(bool, String, u16)>);

impl Waiting {
    /// The character to join for a delta of `id` (a tool call's when
    /// `args`) with `halves`, and what it leaves waiting.
    pub fn next(&mut self, args: bool, id: &str, halves: Halves) -> Option<char> {
        let at = self.0.iter().position(|(a, i, _)| *a == args && i == id);
        let high = at.map(|k| self.0.swap_remove(k).2);
        if let Some(h) = halves.high_last {
            self.0.push((args, id.to_owned(), h));
        }
        pair(high?, halves.low_first?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_halves_at_the_ends_of_a_literal() {
        let h = |raw: &str| Halves::of_literal(raw);
        assert_eq!(h(r#""abc""#), Halves::default());
        assert_eq!(h(r#""\ude00x""#).low_first, Some(0xDE00));
        assert_eq!(h(r#""x\ud83d""#).high_last, Some(0xD83D));
        assert_eq!(
            h(r#""\ude00\ud83d""#),
            Halves {
                low_first: Some(0xDE00),
                high_last: Some(0xD83D)
            }
        );
        // Escaped backslashes are text, not escapes.
        assert_eq!(h(r#""\\ud83d""#), Halves::default());
        assert_eq!(h(r#""x\\\ud83d""#).high_last, Some(0xD83D));
        // A high half first or a low half last is not a split pair's end.
        assert_eq!(h(r#""\ud83dx""#), Halves::default());
        assert_eq!(h(r#""x\ude00""#), Halves::default());
        assert_eq!(h(r#""""#), Halves::default());
    }

    #[test]
    fn joins_a_pair_split_across_two_deltas() {
        let mut w = Waiting::default();
        let first = Halves {
            high_last: Some(0xD83D),
            ..Default::default()
        };
        let second = Halves {
            low_first: Some(0xDE00),
            ..Default::default()
        };
        assert_eq!(w.next(false, "m", first), None);
        // Another message's low half does not take it.
        assert_eq!(w.next(false, "other", second), None);
        assert_eq!(w.next(true, "m", second), None, "nor a tool call's");
        assert_eq!(w.next(false, "m", second), Some('😀'));
        assert_eq!(w.next(false, "m", second), None, "used once");
        let mut text = "hi \u{FFFD}".to_owned();
        assert!(join_into(&mut text, "\u{FFFD} there", '😀'));
        assert_eq!(text, "hi 😀 there");
        assert!(
            !join_into(&mut text, "\u{FFFD}", '😀'),
            "no stand-in to join"
        );
    }
}

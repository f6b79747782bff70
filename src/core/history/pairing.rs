//! Tool results kept with their calls (@ag-ui/client 1.0.4): a result that
//! drifted away from the assistant message that issued its call is moved
//! back behind it. Run after every MESSAGES_SNAPSHOT merge (a snapshot that
//! re-ids a streamed result leaves `assistant(call), assistant(text), tool`)
//! and on the messages a request sends, where providers refuse a call not
//! directly followed by its result.
//!
//! The rules, by position only (never by message id):
//! - activity and reasoning entries are transparent: they never separate a
//!   call from its result; every other role does, and is the *anchor* of
//!   what follows it;
//! - each tool call of an assistant message opens a slot for its id;
//! - left to right, a result that finds an open slot for its id at its
//!   anchor is in place and answers it; one whose id has an open slot
//!   further back is *detached*; one whose id has no slot yet is *early*;
//!   any other stays;
//! - per id, the detached results, newest first, each take the newest open
//!   slot issued before them;
//! - an early result moves forward only when its id is on exactly one slot
//!   in the whole list and that slot is still open (the first early one
//!   takes it): with a reused id (`call_0` every turn) the call it belongs
//!   to is a guess, and a wrong one would answer a call still pending;
//! - the moved results follow their issuer in their original order, after
//!   the transparent entries behind it, but before any reasoning among
//!   them (reasoning belongs to the message after it).
//!
//! Linear in the list but for sorting what moves.

use super::{Entry, History};
use crate::core::types::Message;

/// How an entry takes part in pairing.
enum Part<'a> {
    /// A tool message answering this call id.
    Result(&'a str),
    /// Never separates a call from its result (activity, and reasoning).
    Transparent { reasoning: bool },
    /// Anything else; an assistant message issues its tool calls' ids.
    Separator,
}

fn part(m: &Message) -> Part<'_> {
    match m {
        Message::Tool(t) => Part::Result(&t.tool_call_id),
        Message::Activity(_) => Part::Transparent { reasoning: false },
        Message::Reasoning(_) => Part::Transparent { reasoning: true },
        _ => Part::Separator,
    }
}

struct Slot {
    issuer: usize,
    answered: bool,
}

/// What pairing knows of one call id.
#[derive(Default)]
struct Calls {
    /// Its slots, in the order they were opened.
    slots: Vec<Slot>,
    /// How many of them are unanswered.
    open: usize,
    detached: Vec<usize>,
    early: Vec<usize>,
}

impl History {
    /// The order the history would be in with its tool results behind
    /// their calls, as positions into it, or `None` where nothing moves
    /// (the common case, decided in one pass).
    pub fn results_with_calls(&mut self) -> Option<Vec<usize>> {
        if !self.iter().any(|m| matches!(m, Message::Tool(_))) {
            return None;
        }
        self.ensure_index();
        let holders = &self.index.by_tool_call;
        // A call id is known by its first holder's position, from the
        // index: pairing hashes nothing of its own (a map of its own cost
        // the module a kilobyte of hashing code).
        pairing(&self.entries, |id| {
            holders.get(id).map(|&(first, ..)| first)
        })
    }

    /// Moves tool results that drifted from their calls back behind them
    /// ([`Self::results_with_calls`]); their entries move with them, so the
    /// binding keeps their objects.
    pub fn keep_results_with_calls(&mut self) {
        let Some(order) = self.results_with_calls() else {
            return;
        };
        // Restructuring: a snapshot's text no longer says what the entries
        // hold, in which order.
        self.before_restructuring();
        self.index_valid = false;
        self.changes.restructured = true;
        // In place, cycle by cycle: position `i` takes the entry at
        // `order[i]`.
        let mut placed = vec![false; order.len()];
        for start in 0..order.len() {
            let mut i = start;
            while !placed[i] {
                placed[i] = true;
                let j = order[i];
                if j == start {
                    break;
                }
                self.entries.swap(i, j);
                i = j;
            }
        }
    }
}

/// The new order of `entries`; `key` knows each call id by a position
/// (`None`: no message holds it).
fn pairing(entries: &[Entry], key: impl Fn(&str) -> Option<usize>) -> Option<Vec<usize>> {
    let n = entries.len();
    let message = |i: usize| &entries[i].message;
    // Call ids numbered densely as met, through their keys.
    let mut number = vec![usize::MAX; n];
    let mut calls: Vec<Calls> = Vec::new();
    let mut numbered = |k: usize, calls: &mut Vec<Calls>| {
        if number[k] == usize::MAX {
            number[k] = calls.len();
            calls.push(Calls::default());
        }
        number[k]
    };
    let mut anchor = usize::MAX;
    for i in 0..n {
        let m = message(i);
        match part(m) {
            Part::Result(id) => {
                // No message holds the call: the result stays.
                let Some(k) = key(id) else { continue };
                let k = numbered(k, &mut calls);
                let c = &mut calls[k];
                if c.slots.is_empty() {
                    c.early.push(i);
                    continue;
                }
                // Slots open in list order and the anchor is the newest
                // issuer, so the anchor's slots are the tail: the first
                // open one among them answers.
                let tail = c.slots.iter().rposition(|s| s.issuer != anchor);
                let tail = tail.map_or(0, |p| p + 1);
                match c.slots[tail..].iter_mut().find(|s| !s.answered) {
                    Some(slot) => {
                        slot.answered = true;
                        c.open -= 1;
                    }
                    None if c.open > 0 => c.detached.push(i),
                    None => {}
                }
            }
            Part::Transparent { .. } => {}
            Part::Separator => {
                anchor = i;
                for tc in m.tool_calls().into_iter().flatten() {
                    let Some(k) = key(&tc.id) else { continue };
                    let k = numbered(k, &mut calls);
                    let c = &mut calls[k];
                    c.slots.push(Slot {
                        issuer: i,
                        answered: false,
                    });
                    c.open += 1;
                }
            }
        }
    }

    // The issuer each moved result goes behind (`usize::MAX`: it stays).
    let mut issuer_of = vec![usize::MAX; n];
    let mut moves = 0;
    let mut take = |slot: &mut Slot, result: usize| {
        slot.answered = true;
        issuer_of[result] = slot.issuer;
        moves += 1;
    };
    for c in &mut calls {
        // Newest result first, each needing a slot issued before it: the
        // slot only ever moves left, so one cursor per id keeps it linear.
        let mut s = c.slots.len();
        for &result in c.detached.iter().rev() {
            while s > 0 && (c.slots[s - 1].answered || c.slots[s - 1].issuer >= result) {
                s -= 1;
            }
            if s == 0 {
                break;
            }
            take(&mut c.slots[s - 1], result);
        }
        if let ([slot], Some(&result)) = (&mut c.slots[..], c.early.first()) {
            if !slot.answered {
                take(slot, result);
            }
        }
    }
    if moves == 0 {
        return None;
    }
    // The moved results grouped by issuer, each group in the original
    // order (a counting sort: `owed[starts[i]..starts[i + 1]]` is issuer
    // `i`'s).
    let mut starts = vec![0; n + 1];
    for &issuer in issuer_of.iter().filter(|&&i| i != usize::MAX) {
        starts[issuer + 1] += 1;
    }
    for i in 1..starts.len() {
        starts[i] += starts[i - 1];
    }
    let mut owed = vec![0; moves];
    let mut filled = starts.clone();
    for (result, &issuer) in issuer_of.iter().enumerate() {
        if issuer != usize::MAX {
            owed[filled[issuer]] = result;
            filled[issuer] += 1;
        }
    }

    let mut order = Vec::with_capacity(n);
    // The results owed to the last separator, as a range of `owed`.
    let mut due = 0..0;
    let flush = |order: &mut Vec<usize>, due: &mut std::ops::Range<usize>| {
        if due.start == due.end {
            return;
        }
        // In front of the first reasoning among the transparent entries at
        // the tail, never between a reasoning message and its owner.
        let mut at = order.len();
        for (p, &j) in order.iter().enumerate().rev() {
            match part(message(j)) {
                Part::Transparent { reasoning } => {
                    if reasoning {
                        at = p;
                    }
                }
                _ => break,
            }
        }
        let tail = order.split_off(at);
        order.extend_from_slice(&owed[due.clone()]);
        order.extend(tail);
        *due = 0..0;
    };
    for i in 0..n {
        if issuer_of[i] != usize::MAX {
            continue;
        }
        if matches!(part(message(i)), Part::Separator) {
            flush(&mut order, &mut due);
        }
        order.push(i);
        if starts[i] < starts[i + 1] {
            due = starts[i]..starts[i + 1];
        }
    }
    flush(&mut order, &mut due);
    Some(order)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::types::*;

    fn user(id: &str) -> Message {
        Message::User(Box::new(UserMessage {
            id: id.into(),
            content: Content::Text("q".into()),
            ..Default::default()
        }))
    }

    fn calls(id: &str, call_ids: &[&str]) -> Message {
        let calls = call_ids
            .iter()
            .map(|c| ToolCall {
                id: (*c).into(),
                ..Default::default()
            })
            .collect();
        Message::Assistant(Box::new(AssistantMessage {
            id: id.into(),
            tool_calls: Some(calls),
            ..Default::default()
        }))
    }

    fn text(id: &str) -> Message {
        Message::Assistant(Box::new(AssistantMessage {
            id: id.into(),
            content: Some("t".into()),
            ..Default::default()
        }))
    }

    fn result(id: &str, call: &str) -> Message {
        Message::Tool(Box::new(ToolMessage {
            id: id.into(),
            tool_call_id: call.into(),
            ..Default::default()
        }))
    }

    fn reasoning(id: &str) -> Message {
        Message::Reasoning(Box::new(ReasoningMessage {
            id: id.into(),
            ..Default::default()
        }))
    }

    fn activity(id: &str) -> Message {
        Message::Activity(Box::new(ActivityMessage {
            id: id.into(),
            ..Default::default()
        }))
    }

    fn reordered(list: &[Message]) -> Vec<String> {
        let mut h = History::new(list.to_vec());
        h.keep_results_with_calls();
        h.iter().map(|m| m.id().to_owned()).collect()
    }

    #[test]
    fn a_paired_history_is_left_alone() {
        let list = [user("u"), calls("a", &["c"]), result("t", "c"), text("b")];
        assert_eq!(History::new(list.to_vec()).results_with_calls(), None);
    }

    #[test]
    fn a_drifted_result_goes_back_behind_its_call() {
        let list = [user("u"), calls("a", &["c"]), text("b"), result("t", "c")];
        assert_eq!(reordered(&list), ["u", "a", "t", "b"]);
    }

    #[test]
    fn reused_ids_keep_each_turn_with_its_result() {
        let list = [
            user("u1"),
            calls("a1", &["call_0"]),
            text("a1t"),
            user("u2"),
            calls("a2", &["call_0"]),
            text("a2t"),
            result("t1", "call_0"),
            result("t2", "call_0"),
        ];
        assert_eq!(
            reordered(&list),
            ["u1", "a1", "t1", "a1t", "u2", "a2", "t2", "a2t"]
        );
    }

    #[test]
    fn moved_results_go_in_front_of_reasoning_past_activity() {
        let list = [
            user("u"),
            calls("a", &["c"]),
            reasoning("r"),
            activity("x"),
            result("t", "c"),
        ];
        // In place already: only separating entries stand between.
        assert_eq!(reordered(&list), ["u", "a", "r", "x", "t"]);
        let list = [
            user("u"),
            calls("a", &["c"]),
            reasoning("r"),
            activity("x"),
            text("b"),
            result("t", "c"),
        ];
        assert_eq!(reordered(&list), ["u", "a", "t", "r", "x", "b"]);
    }

    #[test]
    fn an_early_result_moves_forward_only_to_a_unique_call() {
        let list = [user("u"), result("t", "c"), calls("a", &["c"])];
        assert_eq!(reordered(&list), ["u", "a", "t"]);
        let list = [
            user("u"),
            result("t", "c"),
            calls("a", &["c"]),
            calls("b", &["c"]),
        ];
        assert_eq!(reordered(&list), ["u", "t", "a", "b"]);
    }
}

//! A content or arguments delta's callback round, which the JavaScript
//! shell builds: the step writes into a record in the module's memory
//! where the event's id, its delta and (for the event's own callback) the
//! buffer it grows lie, and whether the shell may extend the buffer it
//! handed out last for that stream by the stream's previous delta; the
//! shell decodes what it lacks and makes the event, the buffer and the
//! parameters itself (`js/deltas.js`, which reads the places and flags
//! below). Built here, with the event and buffer made through wasm
//! imports, a text delta's round cost 1.41 to 1.47 µs against 0.47 to 0.50
//! for the least a JS-built one costs (`bench/round-floor.mjs`); built
//! there, scenario 8-reply runs in 0.77x to 0.82x the time. Which
//! callbacks run and what their answers do stay the session's.

use wasm_bindgen::prelude::*;

use super::partial::PartialArgs;
use crate::core::history::History;
use crate::core::session::{Call, Extras};
use crate::core::surrogates;
use crate::core::types::*;

/// The record's places: the event's number (its low 32 bits), the stream's
/// slot, the flags, then (address, length) pairs in the module's memory of
/// the delta, the id, the whole buffer and the tool call's name (the last
/// two only where the shell cannot append), then the number of the state's
/// JS copy (`StateView::current`).
pub const RECORD: usize = 12;
const NUMBER: usize = 0;
const SLOT: usize = 1;
const FLAGS: usize = 2;
const DELTA: usize = 3;
const ID: usize = 5;
const BUFFER: usize = 7;
const NAME: usize = 9;
const STATE: usize = 11;

/// The slot holds a new id: decode it.
const NEW_ID: u32 = 1;
/// The event has no optional field: its object is `{ type, id, delta }`.
const PLAIN: u32 = 2;
/// The buffer is the one handed out last for the slot plus the delta.
const APPEND: u32 = 4;
/// The round is the event's own callback's, with its extras.
const OWN: u32 = 8;

/// The kinds of delta, as the step's code names them (bits 10 and 11).
const TEXT: u32 = 1;
const REASONING: u32 = 2;
const ARGS: u32 = 3;

/// How many streams the shell keeps ids and buffers of: a run streams a
/// few at a time (scenario 2's 20 parallel tool calls among them).
const SLOTS: usize = 32;

/// The module's memory, where the shell reads the record.
#[wasm_bindgen(js_name = wasmMemory)]
pub fn wasm_memory() -> JsValue {
    wasm_bindgen::memory()
}

/// One stream the shell keeps an id and a buffer of.
struct Stream {
    tool_call: bool,
    id: String,
    /// The history entry and length of the buffer the shell holds, while
    /// it may grow by appending (no stand-in at its end).
    shown: Option<(u64, usize)>,
    /// The length of the delta of the round that handed that buffer out
    /// (a round is called before its delta is applied: what the buffer
    /// grows by next), and whether that delta was applied since.
    ahead: usize,
    applied: bool,
    /// A tool call's partial arguments, from its first own round on.
    partial: Option<PartialArgs>,
}

/// The streams by slot, the shell's copies in the same places.
#[derive(Default)]
pub struct Streams {
    slots: Vec<Stream>,
    /// The slot a new id takes next, round the table.
    next: usize,
    /// The event the last record was written for, by number, and its slot.
    last: Option<(u64, usize)>,
    /// The same for the last record of an event's own callback.
    last_own: Option<(u64, usize)>,
}

/// Where `s` lies in the module's memory.
fn place(record: &mut [u32; RECORD], at: usize, s: &str) {
    record[at] = s.as_ptr() as u32;
    record[at + 1] = s.len() as u32;
}

/// A delta event's kind ([`TEXT`], [`REASONING`], [`ARGS`]),
/// id and delta, and whether it has no optional field. The patterns name
/// every field, so one added to these events cannot be dropped unnoticed.
fn delta_of(event: &Event) -> Option<(u32, &str, &str, bool)> {
    fn none<A, T, R, M>(a: &Option<A>, t: &Option<T>, r: &Option<R>, m: &Option<M>) -> bool {
        a.is_none() && t.is_none() && r.is_none() && m.is_none()
    }
    Some(match event {
        Event::TextMessageContent(TextMessageContentEvent {
            message_id,
            delta,
            subagent_run_id: a,
            timestamp: t,
            raw_event: r,
            metadata: m,
            halves: _,
        }) => (TEXT, message_id, delta, none(a, t, r, m)),
        Event::ReasoningMessageContent(ReasoningMessageContentEvent {
            message_id,
            delta,
            subagent_run_id: a,
            timestamp: t,
            raw_event: r,
            metadata: m,
            halves: _,
        }) => (REASONING, message_id, delta, none(a, t, r, m)),
        Event::ToolCallArgs(ToolCallArgsEvent {
            tool_call_id,
            delta,
            subagent_run_id: a,
            timestamp: t,
            raw_event: r,
            metadata: m,
            halves: _,
        }) => (ARGS, tool_call_id, delta, none(a, t, r, m)),
        _ => return None,
    })
}

/// Notes the number of the state's JS copy, as the step and `state()`
/// hand it out.
pub fn state_is(record: &mut [u32; RECORD], current: u32) {
    record[STATE] = current;
}

/// Whether the shell builds `event`'s rounds.
pub fn is_delta(event: &Event) -> bool {
    delta_of(event).is_some()
}

impl Streams {
    /// The event numbered `number` was applied: the delta of its own round,
    /// if it had one, grew its stream's buffer; any other delta changed
    /// its stream's text in a way the shell's buffer does not follow.
    pub fn applied(&mut self, number: u64, event: &Event) {
        let Some((kind, id, ..)) = delta_of(event) else {
            return;
        };
        match self.last_own {
            Some((n, slot)) if n == number => self.slots[slot].applied = true,
            _ => {
                if let Some(slot) = self.find(kind == ARGS, id) {
                    self.slots[slot].shown = None;
                }
            }
        }
    }

    /// The partial arguments of the tool call the last record was written
    /// for, if that was for event `number`, brought to `args`, its
    /// arguments now, in the history entry `entry`.
    pub fn partial(&mut self, number: u64, args: &str, entry: u64) -> Option<&mut PartialArgs> {
        let (_, slot) = self.last.filter(|&(n, _)| n == number)?;
        let p = self.slots[slot]
            .partial
            .get_or_insert_with(|| PartialArgs::new(args));
        p.follow(args, entry);
        Some(p)
    }

    /// The slot of the stream `id` (a tool call's or a message's), if it
    /// has one.
    fn find(&self, tool_call: bool, id: &str) -> Option<usize> {
        self.slots
            .iter()
            .position(|s| s.tool_call == tool_call && s.id == id)
    }

    /// The slot of the stream `id`, and whether it is new there.
    fn slot(&mut self, tool_call: bool, id: &str) -> (usize, bool) {
        if let Some(i) = self.find(tool_call, id) {
            return (i, false);
        }
        let stream = Stream {
            tool_call,
            id: id.to_owned(),
            shown: None,
            ahead: 0,
            applied: false,
            partial: None,
        };
        let i = self.next;
        self.next = (i + 1) % SLOTS;
        match self.slots.get_mut(i) {
            Some(s) => *s = stream,
            None => self.slots.push(stream),
        }
        (i, true)
    }

    /// Writes the record of a round of `call` about `event`, numbered
    /// `number`; its kind, 0 where it is not a delta's (the shell asks
    /// `Core::event` then).
    pub fn record(
        &mut self,
        record: &mut [u32; RECORD],
        call: &Call,
        event: Option<&Event>,
        number: u64,
        h: &History,
    ) -> u32 {
        let Some((kind, id, delta, plain)) = event.and_then(delta_of) else {
            return 0;
        };
        let (slot, new) = self.slot(kind == ARGS, id);
        self.last = Some((number, slot));
        let mut flags = (u32::from(new) * NEW_ID) | (u32::from(plain) * PLAIN);
        record[NUMBER] = number as u32;
        record[SLOT] = slot as u32;
        place(record, DELTA, delta);
        place(record, ID, id);
        if let Call::Own { extras, .. } = call {
            flags |= OWN;
            let (i, text, name) = match *extras {
                Extras::TextBuffer(i) | Extras::ReasoningBuffer(i) => {
                    (i, h.get(i).map_or("", Message::text), "")
                }
                Extras::ToolCallArgs {
                    at: i,
                    call: k,
                    restarted,
                } => match h.tool_call(i, k) {
                    Some(tc) if restarted => (i, "", &tc.function.name[..]),
                    Some(tc) => (i, &tc.function.arguments[..], &tc.function.name[..]),
                    None => (i, "", ""),
                },
                _ => (usize::MAX, "", ""),
            };
            let serial = h.entries().get(i).map_or(u64::MAX, |e| e.serial);
            let stream = &mut self.slots[slot];
            // In place, an entry's text only grows by appending (anything
            // else makes a new entry), and every delta applied to it since
            // its last own round is seen (`applied`), so the same entry,
            // with only that round's delta applied after the length the
            // shell holds, is the shell's buffer plus that delta. Told, not
            // compared: a copy of each delta kept for the comparison held
            // up to a whole large delta per stream in the module's memory.
            let before = text.len().checked_sub(stream.ahead);
            if stream.applied
                && stream.shown.is_some()
                && stream.shown == before.map(|n| (serial, n))
            {
                flags |= APPEND;
            } else {
                place(record, BUFFER, text);
                place(record, NAME, name);
            }
            stream.shown = (!surrogates::open_end(text)).then_some((serial, text.len()));
            stream.ahead = delta.len();
            stream.applied = false;
            self.last_own = Some((number, slot));
        }
        record[FLAGS] = flags;
        kind
    }
}

//! What JavaScript sees of the history: one JS object per message, kept
//! while the message is unchanged, so `React.memo` and
//! `useSyncExternalStore` re-render only what changed.

use std::borrow::Cow;
use std::cell::Cell;

use js_sys::Array;
use wasm_bindgen::{JsCast, JsValue};

use super::convert::to_js;
use super::js::{
    apply_edits, parse_json, slice_array, with_appended, with_args_appended, with_content_edits,
};
use crate::core::history::{first_serial, unrevised, Entry, History, Mark, Restated};
use crate::core::json::LazyJson;
use crate::core::json_patch::Edits;
use crate::core::maps::SerialMap;
use crate::core::run::{outgoing, outgoing_order};
use crate::core::types::Message;

#[derive(Default)]
pub struct MessagesView {
    array: Option<Array>,
    /// Whether `array` went out to JavaScript since it was made: only then
    /// must a change make a new array. One nobody has seen is updated in
    /// place, so updates nobody reads cost no O(n) copy.
    handed_out: Cell<bool>,
    /// serial → (rev, object) of every message the current array holds,
    /// but for those still as they were taken in (below).
    cache: SerialMap<(u64, JsValue)>,
    /// Objects of messages at their first revision, by serial from the
    /// first: the array parsed from a restated history's text, or the one a
    /// history was taken in with (a copy the view never edits). Looked up
    /// after `cache`, so taking in n messages costs no n crossings and n
    /// inserts to remember them.
    taken: Option<(Array, u64)>,
    /// A private copy of the array's members as the view placed them, which
    /// JavaScript never sees: an in-place edit of the handed-out array is
    /// then one identity comparison in JavaScript, not a call across the
    /// boundary and a hash lookup per message (50 ms a run at H = 100,000).
    shadow: Option<Array>,
    /// The application handed in objects with members the protocol does
    /// not describe (a `createdAt`, a UI flag): the view keeps them as it
    /// wrote them, as the reference does, and a request sends the core's
    /// copies instead, which leave them out, as the reference's body does.
    pub foreign: bool,
}

impl MessagesView {
    /// The current array, brought up to date with the history. A new array
    /// is made only when something changed; unchanged messages keep their
    /// objects, changed ones get new ones. Returns whether anything changed.
    pub fn sync(&mut self, history: &mut History) -> Result<bool, JsValue> {
        let changes = history.take_changes();
        let old = match &self.array {
            Some(a) if !changes.restructured => a,
            _ => {
                self.rebuild(history, changes.restated.as_ref())?;
                return Ok(true);
            }
        };
        if changes.is_empty() {
            return Ok(false);
        }
        let next = if self.handed_out.replace(false) {
            slice_array(old)
        } else {
            old.clone()
        };
        let entries = history.entries();
        let mut fresh: Vec<(usize, &Message)> = Vec::new();
        for (i, mark) in changes.dirty {
            let Some(e) = entries.get(i) else { continue };
            // Streaming text or arguments: extend the object we already have.
            let cached = self.cached(e.serial);
            let extended = match (mark, &cached) {
                (Mark::Appended(from), Some((_, prev))) => {
                    e.message.text().get(from..).map(|s| with_appended(prev, s))
                }
                (Mark::ArgsGrew, Some((_, prev))) => args_grown(
                    prev,
                    e.message.tool_calls().map(Vec::as_slice),
                    &changes.args,
                    i,
                ),
                (Mark::Patched, Some((_, prev))) => {
                    let edits = changes.patched.iter().find(|p| p.0 == i);
                    let edits = edits.map(|(_, edits)| to_js(edits)).transpose()?;
                    edits.map(|edits| with_content_edits(prev, &edits))
                }
                _ => None,
            };
            if let Some(obj) = extended {
                self.cache.insert(e.serial, (e.rev, obj.clone()));
                self.place(&next, i, &obj);
                continue;
            }
            // An object JavaScript gave us for exactly this revision.
            if let Some((rev, obj)) = cached {
                if rev == e.rev && mark == Mark::Changed {
                    self.place(&next, i, &obj);
                    continue;
                }
            }
            fresh.push((i, &e.message));
        }
        let converted = convert_all(fresh.iter().map(|(_, m)| *m))?;
        for ((i, _), obj) in fresh.iter().zip(converted) {
            let e = &entries[*i];
            self.cache.insert(e.serial, (e.rev, obj.clone()));
            self.place(&next, *i, &obj);
        }
        self.array = Some(next);
        Ok(true)
    }

    /// `restated`: the text the history was restated from, if it was; a
    /// history it still describes is parsed from it whole.
    fn rebuild(&mut self, history: &History, restated: Option<&Restated>) -> Result<(), JsValue> {
        let entries = history.entries();
        if let Some(r) = restated.filter(|r| r.describes(history)) {
            // Entries fresh from the text (unrevised, from their first
            // serial on): nothing cached can be theirs.
            let array: Array = parse_json(&JsValue::from_str(&r.text))?.unchecked_into();
            self.take_array(entries, array, false, Some(first_serial(entries)));
            return Ok(());
        }
        let mut cache = SerialMap::with_capacity_and_hasher(entries.len(), Default::default());
        let array = Array::new_with_length(entries.len() as u32);
        let mut fresh = Vec::new();
        for (i, e) in entries.iter().enumerate() {
            match self.cached(e.serial) {
                Some((rev, obj)) if rev == e.rev => {
                    array.set(i as u32, obj.clone());
                    cache.insert(e.serial, (e.rev, obj));
                }
                _ => fresh.push(i),
            }
        }
        let converted = convert_all(fresh.iter().map(|&i| &entries[i].message))?;
        for (i, obj) in fresh.into_iter().zip(converted) {
            array.set(i as u32, obj.clone());
            cache.insert(entries[i].serial, (entries[i].rev, obj));
        }
        self.cache = cache;
        self.taken = None;
        self.shadow = Some(slice_array(&array));
        self.array = Some(array);
        self.handed_out.set(false);
        Ok(())
    }

    /// Whether JavaScript was ever handed the messages: until then no
    /// object of theirs exists for a change to extend or path-copy.
    pub fn is_made(&self) -> bool {
        self.array.is_some()
    }

    /// The latest object of the message `serial` and the revision it shows.
    fn cached(&self, serial: u64) -> Option<(u64, JsValue)> {
        if let Some((rev, obj)) = self.cache.get(&serial) {
            return Some((*rev, obj.clone()));
        }
        let (array, first) = self.taken.as_ref()?;
        let i = u32::try_from(serial.checked_sub(*first)?).ok()?;
        // As the text made it: the entry's first revision.
        (i < array.length()).then(|| (0, array.get(i)))
    }

    /// The array JavaScript was handed and the private copy of what the
    /// view put in it, to compare: JavaScript may have changed the array in
    /// place since (an element pushed, spliced out or replaced), as
    /// frameworks do to `agent.messages`. `None` when no change is
    /// possible (not handed out, or the history moved on since). Edits to
    /// the fields of a message object are not seen: replace the element.
    pub fn to_check(&self, history: &History) -> Option<(Array, Option<Array>)> {
        let array = self.array.as_ref()?;
        if !self.handed_out.get() || history.has_changes() {
            return None;
        }
        Some((array.clone(), self.shadow.clone()))
    }

    /// Takes `array`, whose messages `history` now holds in the same order,
    /// as the view: the objects JavaScript holds stay the messages' objects.
    /// `handed_out` says whether anyone holds `array` itself.
    pub fn adopt(&mut self, history: &mut History, array: Array, handed_out: bool) {
        history.take_changes();
        let entries = history.entries();
        self.take_array(entries, array, handed_out, unrevised(entries));
    }

    /// `array`, holding the objects of `entries` in order, as the view. A
    /// history just built (`first`: the serial it starts from, see
    /// [`unrevised`]) keeps a copy of it as the objects of its first
    /// revisions; any other puts them in the map.
    fn take_array(
        &mut self,
        entries: &[Entry],
        array: Array,
        handed_out: bool,
        first: Option<u64>,
    ) {
        self.cache.clear();
        self.taken = first.map(|first| (slice_array(&array), first));
        if first.is_none() {
            for (i, e) in entries.iter().enumerate() {
                self.cache.insert(e.serial, (e.rev, array.get(i as u32)));
            }
        }
        self.shadow = Some(slice_array(&array));
        self.array = Some(array);
        self.handed_out.set(handed_out);
    }

    /// Makes `obj` the JS object of the message at `i` (`addMessage` keeps
    /// the caller's object, as the reference does).
    pub fn keep(&mut self, history: &History, i: usize, obj: JsValue) {
        if let Some(e) = history.entries().get(i) {
            self.cache.insert(e.serial, (e.rev, obj));
        }
    }

    /// The array as of the last sync.
    pub fn array(&self) -> JsValue {
        self.handed_out.set(true);
        self.array
            .clone()
            .map(JsValue::from)
            .unwrap_or_else(|| Array::new().into())
    }

    /// The messages that travel in a request, as JS objects: the view's own
    /// (synced first), in `outgoing_order` (no activity, tool results
    /// behind their calls), with upgraded copies of the rare messages with
    /// legacy parts.
    pub fn outgoing(&mut self, history: &mut History) -> Result<JsValue, JsValue> {
        self.sync(history)?;
        let all = self.array();
        // Made at the first message that does not travel as it stands,
        // from the view's objects before it; until then `all` serves.
        let mut out: Option<Array> = None;
        let mut sent = 0;
        for (n, i) in outgoing_order(history).into_iter().enumerate() {
            sent = n + 1;
            let Some(m) = history.get(i) else { continue };
            let travels = match outgoing(m) {
                Some(Cow::Borrowed(m)) if self.foreign => Some(Cow::Owned(m.clone())),
                travels => travels,
            };
            match (travels, &out) {
                (Some(Cow::Borrowed(_)), None) if i == n => {}
                (Some(Cow::Borrowed(_)), Some(o)) => {
                    o.push(&self.at(i));
                }
                (travels, _) => {
                    let o =
                        out.get_or_insert_with(|| all.unchecked_ref::<Array>().slice(0, n as u32));
                    match travels {
                        Some(Cow::Owned(m)) => o.push(&to_js(&m)?),
                        _ => o.push(&self.at(i)),
                    };
                }
            }
        }
        Ok(match out {
            Some(o) => o.into(),
            // Every message sent stood at its own place: the first `sent`.
            None if sent < history.len() => {
                all.unchecked_ref::<Array>().slice(0, sent as u32).into()
            }
            None => all,
        })
    }

    /// The JS object of the message at `i`, if the view holds one.
    pub fn at(&self, i: usize) -> JsValue {
        self.array
            .as_ref()
            .map(|a| a.get(i as u32))
            .unwrap_or(JsValue::UNDEFINED)
    }
}

/// The message object `prev` with the arguments that grew since extended
/// (each call's new text only); `None` where a call is not where the
/// changes say, and the message is converted whole.
fn args_grown(
    prev: &JsValue,
    calls: Option<&[crate::core::types::ToolCall]>,
    grown: &[(usize, usize, usize)],
    i: usize,
) -> Option<JsValue> {
    let calls = calls?;
    let mut obj = prev.clone();
    for &(_, k, from) in grown.iter().filter(|&&(j, _, _)| j == i) {
        let added = calls.get(k)?.function.arguments.get(from..)?;
        obj = with_args_appended(&obj, k, added);
    }
    Some(obj)
}

impl MessagesView {
    /// Puts `obj` at `i` of `array` and of the shadow copy.
    fn place(&self, array: &Array, i: usize, obj: &JsValue) {
        place(array, i, obj);
        if let Some(shadow) = &self.shadow {
            place(shadow, i, obj);
        }
    }
}

fn place(array: &Array, i: usize, obj: &JsValue) {
    if i < array.length() as usize {
        array.set(i as u32, obj.clone());
    } else {
        array.push(obj);
    }
}

/// Converts many messages with one `JSON.parse`: a history of thousands
/// crosses the boundary once, not once per message.
fn convert_all<'a>(messages: impl Iterator<Item = &'a Message>) -> Result<Vec<JsValue>, JsValue> {
    let list: Vec<&Message> = messages.collect();
    match list.len() {
        0 => Ok(Vec::new()),
        1 => Ok(vec![to_js(list[0])?]),
        _ => Ok(to_js(&list)?.unchecked_into::<Array>().iter().collect()),
    }
}

/// The state as a JS value, converted only when it is read after a change.
///
/// A STATE_DELTA reaches the JS copy as the edits the core's JSON Patch
/// made (resolved paths, the values they put): the objects and arrays on
/// the edited paths are new, everything else keeps its identity, so a large
/// state costs per change only what the change touches, and a UI
/// re-renders only the parts that changed.
#[derive(Default)]
pub struct StateView {
    cached: Option<JsValue>,
    /// Edits the core made since the JS copy was, in order.
    pending: Edits,
    /// The state's JSON text as JavaScript made it (`JSON.stringify` of a
    /// state handed in), while the state is still what it says: the JS copy
    /// is parsed from it and the request body carries it, so a large state
    /// handed in is neither written out by Rust nor stringified per run.
    text: Option<JsValue>,
    /// Names the JS copy: a new one gets a new number (never 0).
    serial: u32,
}

impl StateView {
    pub fn invalidate(&mut self) {
        self.cached = None;
        self.pending.clear();
        self.text = None;
    }

    /// A state handed in, as the JSON text JavaScript wrote of it.
    pub fn handed_in(&mut self, text: JsValue) {
        self.invalidate();
        self.text = Some(text);
    }

    /// `value` as the JS copy (what the text handed in says, or what `get`
    /// made), under a new number.
    pub fn adopt(&mut self, value: JsValue) {
        self.cached = Some(value);
        self.serial = self.serial.wrapping_add(1).max(1);
    }

    /// The number of the JS copy handed out last while it is still the
    /// state (`get` returns it as it is), else 0: the shell keeps that copy
    /// and asks again only when this changes (a crossing a delta's round).
    pub fn current(&self) -> u32 {
        match (&self.cached, self.pending.is_empty()) {
            (Some(_), true) => self.serial,
            _ => 0,
        }
    }

    /// The state's JSON text, while JavaScript holds what it says.
    pub fn text(&self) -> Option<&JsValue> {
        self.text.as_ref()
    }

    /// Whether a JS copy exists for edits to follow.
    pub fn is_cached(&self) -> bool {
        self.cached.is_some()
    }

    /// What a patch the core applied changed; `size` is the state's after it.
    pub fn patched(&mut self, edits: &Edits, size: usize) {
        self.text = None;
        if self.cached.is_none() {
            return;
        }
        self.pending.append(edits);
        if !self.pending.worth_following(size) {
            self.invalidate();
        }
    }

    pub fn get(&mut self, state: &LazyJson) -> Result<JsValue, JsValue> {
        if let Some(v) = &self.cached {
            if self.pending.is_empty() {
                return Ok(v.clone());
            }
            let next = apply_edits(v, &to_js(&self.pending)?);
            self.pending.clear();
            self.adopt(next.clone());
            return Ok(next);
        }
        // A snapshot's own text, parsed once by the engine, where Rust has
        // not changed the value since: no Rust serialization in between.
        let v = match (&self.text, state.text()) {
            (Some(t), _) => parse_json(t)?,
            (None, Some(t)) => parse_json(&JsValue::from_str(t))?,
            (None, None) => to_js(&**state)?,
        };
        self.adopt(v.clone());
        Ok(v)
    }
}

//! `partialToolCallArgs` for every TOOL_CALL_ARGS: the streaming arguments'
//! JSON value as a JS object, kept up to date by path copying. Each delta
//! converts only the members that changed and copies the containers on the
//! path to them; everything else is shared with the object handed out
//! before, which itself never changes.

use serde_json::Value;
use wasm_bindgen::JsValue;

use super::convert::to_js;
use super::js::{recent, with_members};
use crate::core::json::MAX_NESTING;
use crate::core::partial_json::{PartialJson, Step, Update};
use crate::core::surrogates;

pub struct PartialArgs {
    json: PartialJson,
    /// The object handed out last, if the value existed then.
    shown: Option<JsValue>,
    /// The history entry whose arguments were last found to be the buffer.
    entry: Option<u64>,
}

/// A path as a JS array, its keys the strings made before.
fn steps_js(path: &[Step]) -> js_sys::Array {
    let steps = js_sys::Array::new();
    for step in path {
        steps.push(&match step {
            Step::Index(i) => JsValue::from_f64(*i as f64),
            Step::Key(k) => recent(k),
        });
    }
    steps
}

impl PartialArgs {
    /// Starts from the arguments received so far.
    pub fn new(buffer: &str) -> Self {
        let mut json = PartialJson::new();
        json.push(buffer);
        PartialArgs {
            json,
            shown: None,
            entry: None,
        }
    }

    /// Brings the parser to `args`, the tool call's arguments now, in the
    /// history entry `entry`, when its value is read. In place, an entry's
    /// arguments only ever grow by appending (anything else makes a new
    /// entry) but for a stand-in at their end (`surrogates`), so the parser
    /// reads on from where it stopped: the deltas no callback read the
    /// value of are never parsed apart, and comparing the text instead
    /// made a long argument stream quadratic (a sixteenth of scenario 2).
    /// Arguments a snapshot or a subscriber rewrote start it again.
    pub fn follow(&mut self, args: &str, entry: u64) {
        let had = self.json.buffer();
        let on = match self.entry == Some(entry) {
            true => !surrogates::open_end(had) && args.get(had.len()..).is_some(),
            false => had == args,
        };
        match on {
            true => {
                let rest = &args[had.len()..];
                if !rest.is_empty() {
                    self.json.push(rest);
                }
            }
            false => *self = PartialArgs::new(args),
        }
        self.entry = Some(entry);
    }

    /// The value now, as the reference gives it: `{}` where there is none
    /// (a fresh object each time, as the reference's).
    pub fn js(&mut self) -> Result<JsValue, JsValue> {
        // Arguments nested deeper than an event may be are not walked (the
        // walks below recurse): there is no value, as for text that does
        // not parse, until a new call's arguments start again.
        if self.json.depth() > MAX_NESTING {
            self.shown = None;
            return Ok(js_sys::Object::new().into());
        }
        let next = match (self.json.take_update(), &self.shown) {
            (Update::Whole(None), _) => None,
            (
                Update::Tail {
                    path,
                    from,
                    container,
                    grown,
                },
                Some(prev),
            ) => {
                let (members, grown) = members_js(container, from, grown)?;
                Some(with_members(prev, &steps_js(&path), from, &members, grown))
            }
            // A tail with nothing to apply it to cannot happen (a tail
            // always follows a value); the whole value is right anyway.
            (Update::Tail { .. }, None) | (Update::Whole(Some(_)), _) => match self.json.value() {
                Some(v) => Some(to_js(v)?),
                None => None,
            },
        };
        self.shown = next.clone();
        Ok(next.unwrap_or_else(|| js_sys::Object::new().into()))
    }
}

/// The members of `container` from `from` on, flat (an object's as key,
/// value, key, value), the first only from byte `grown` on where it is a
/// string that grew (and whether it is). A delta inside a value usually
/// changes a string, number or literal, made here as a JS value: as JSON
/// text to parse, it cost as much as the event's own parse (scenario 2: 11%
/// of a run). A container among them crosses as its JSON text.
fn members_js(
    container: &Value,
    from: usize,
    grown: Option<usize>,
) -> Result<(js_sys::Array, bool), JsValue> {
    let out = js_sys::Array::new();
    let (mut grown, mut appended) = (grown, false);
    let mut member = |v: &Value| {
        let added = match (v, grown.take()) {
            (Value::String(s), Some(n)) => s.get(n..),
            _ => None,
        };
        appended |= added.is_some();
        member_js(v, added)
    };
    match container {
        Value::Array(items) => {
            for v in items.get(from..).unwrap_or_default() {
                out.push(&member(v)?);
            }
        }
        Value::Object(map) => {
            for (k, v) in map.iter().skip(from) {
                let v = member(v)?;
                out.push(&recent(k));
                out.push(&v);
            }
        }
        _ => return Err(JsValue::from_str("partial arguments: not a container")),
    }
    Ok((out, appended))
}

/// `v` as a JS value; a string's `added` part only, if given.
fn member_js(v: &Value, added: Option<&str>) -> Result<JsValue, JsValue> {
    Ok(match v {
        Value::String(s) => JsValue::from_str(added.unwrap_or(s)),
        Value::Number(n) => n.as_f64().map_or(JsValue::NULL, JsValue::from_f64),
        Value::Bool(b) => JsValue::from_bool(*b),
        Value::Null => JsValue::NULL,
        Value::Array(_) | Value::Object(_) => to_js(v)?,
    })
}

//! `partialToolCallArgs` for every TOOL_CALL_ARGS: the streaming arguments'
//! JSON value as a JS object, kept up to date by path copying. Each delta
//! converts only the members that changed and copies the containers on the
//! path to them; everything else is shared with the object handed out
//! before, which itself never changes.

use wasm_bindgen::JsValue;

use super::convert::to_js;
use super::js::{concat, with_tail};
use crate::core::json::{Object, ToJson};
use crate::core::partial_json::{PartialJson, Step, Update};

pub struct PartialArgs {
    json: PartialJson,
    /// The object handed out last, if the value existed then.
    shown: Option<JsValue>,
    /// The JS string of the first this-many bytes of the buffer.
    buffer: Option<(usize, JsValue)>,
    /// The history entry whose arguments were last found to be the buffer.
    entry: Option<u64>,
}

/// What `withTail` applies (see `Update::Tail`).
struct Tail<'a> {
    path: &'a [Step<'a>],
    from: usize,
    members: Members<'a>,
}

/// Array items, or object entries as `[key, value]` pairs.
enum Members<'a> {
    Items(&'a [serde_json::Value]),
    Entries(Vec<(&'a str, &'a serde_json::Value)>),
}

impl ToJson for Tail<'_> {
    fn write_json(&self, out: &mut String) {
        let mut o = Object::open(out);
        o.field("path", self.path);
        o.field("from", &self.from);
        match &self.members {
            Members::Items(items) => o.field("members", *items),
            Members::Entries(entries) => o.field("members", entries),
        }
        o.close();
    }
}

impl PartialArgs {
    /// Starts from the arguments received so far.
    pub fn new(buffer: &str) -> Self {
        let mut json = PartialJson::new();
        json.push(buffer);
        PartialArgs {
            json,
            shown: None,
            buffer: None,
            entry: None,
        }
    }

    pub fn push(&mut self, delta: &str) {
        self.json.push(delta);
    }

    /// Brings the parser to `args`, the tool call's arguments now, in the
    /// history entry `entry`. In place, an entry's arguments only ever grow
    /// by the deltas this parser is fed too (anything else makes a new
    /// entry), so the same entry and the same length mean the same text,
    /// with no comparison: comparing the text on every delta made a long
    /// argument stream quadratic (a sixteenth of scenario 2). Arguments a
    /// snapshot or a subscriber rewrote start the parser again from them.
    pub fn follow(&mut self, args: &str, entry: u64) {
        let fed = if self.entry == Some(entry) {
            self.json.buffer().len() == args.len()
        } else {
            self.json.buffer() == args
        };
        if !fed {
            *self = PartialArgs::new(args);
        }
        self.entry = Some(entry);
    }

    /// The arguments (which [`Self::follow`] made the buffer) as a JS
    /// string: the string handed out before, extended by what was added (a
    /// JS concatenation), so a long buffer is not re-sent for every delta.
    pub fn buffer_js(&mut self, args: &str) -> JsValue {
        let s = match &self.buffer {
            Some((n, prev)) if *n <= args.len() => concat(prev, &args[*n..]),
            _ => JsValue::from_str(args),
        };
        self.buffer = Some((args.len(), s.clone()));
        s
    }

    /// The value now, as the reference gives it: `{}` where there is none
    /// (a fresh object each time, as the reference's).
    pub fn js(&mut self) -> Result<JsValue, JsValue> {
        let next = match (self.json.take_update(), &self.shown) {
            (Update::Whole(None), _) => None,
            (
                Update::Tail {
                    path,
                    from,
                    container,
                },
                Some(prev),
            ) => {
                let members = match container {
                    serde_json::Value::Array(items) => Members::Items(&items[from..]),
                    serde_json::Value::Object(map) => Members::Entries(
                        map.iter()
                            .skip(from)
                            .map(|(k, v)| (k.as_str(), v))
                            .collect(),
                    ),
                    _ => return Err(JsValue::from_str("partial arguments: not a container")),
                };
                let tail = Tail {
                    path: &path,
                    from,
                    members,
                };
                Some(with_tail(prev, &to_js(&tail)?))
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

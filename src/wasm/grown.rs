//! A JS copy of a text that grows at its end (a streaming message's
//! content, a tool call's arguments), extended by a JS concatenation of
//! what was added: a copy made whole on every delta made a callback that
//! reads `textMessageBuffer` quadratic in the reply's length.

use wasm_bindgen::JsValue;

use super::js::concat;
use crate::core::surrogates;

/// The JS string handed out last for one history entry's text.
pub struct GrownJs {
    serial: u64,
    len: usize,
    /// The text's last character may yet be rewritten
    /// ([`surrogates::open_end`]).
    open_end: bool,
    js: JsValue,
    /// What the text is expected to grow by next, already a JS string: the
    /// delta its event handed out. Appending that one, not a decode of the
    /// same bytes again, was 6% of a text delta's round (8-reply).
    ahead: (String, Option<JsValue>),
}

impl GrownJs {
    /// `text`, the text of the history entry `serial` now, as a JS string:
    /// the last one handed out for that entry plus what was added. An
    /// entry's text changes in place only by appending (anything else
    /// makes a new entry), except for a stand-in at its end.
    pub fn js(kept: &mut Option<GrownJs>, text: &str, serial: u64) -> JsValue {
        let js = match kept {
            Some(g) if g.serial == serial && !g.open_end => match text.get(g.len..) {
                Some("") => g.js.clone(),
                Some(added) => match &g.ahead {
                    (t, Some(a)) if t == added => concat(&g.js, a),
                    _ => concat(&g.js, &JsValue::from_str(added)),
                },
                None => JsValue::from_str(text),
            },
            _ => JsValue::from_str(text),
        };
        // The expected delta's text buffer is kept, emptied by `expect`.
        let spare = kept.take().map(|g| g.ahead.0).unwrap_or_default();
        *kept = Some(GrownJs {
            serial,
            len: text.len(),
            open_end: surrogates::open_end(text),
            js: js.clone(),
            ahead: (spare, None),
        });
        js
    }

    /// Tells the copy handed out last that the text may grow by `delta`
    /// next, which is `js` in JavaScript.
    pub fn expect(kept: &mut Option<GrownJs>, delta: &str, js: &JsValue) {
        if let Some(g) = kept {
            g.ahead.0.clear();
            g.ahead.0.push_str(delta);
            g.ahead.1 = Some(js.clone());
        }
    }
}

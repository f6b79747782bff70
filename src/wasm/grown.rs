//! A JS copy of a text that grows at its end (a streaming message's
//! content, a tool call's arguments), extended by a JS concatenation of
//! what was added: a copy made whole on every delta made a callback that
//! reads `textMessageBuffer` quadratic in the reply's length.

use wasm_bindgen::JsValue;

use super::js::concat;

/// The JS string handed out last for one history entry's text.
pub struct GrownJs {
    serial: u64,
    len: usize,
    /// The text ended in U+FFFD, which may be a split surrogate pair's
    /// stand-in that the next delta rewrites (`core::surrogates`).
    open_end: bool,
    js: JsValue,
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
                Some(added) => concat(&g.js, added),
                None => JsValue::from_str(text),
            },
            _ => JsValue::from_str(text),
        };
        *kept = Some(GrownJs {
            serial,
            len: text.len(),
            open_end: text.ends_with('\u{FFFD}'),
            js: js.clone(),
        });
        js
    }
}

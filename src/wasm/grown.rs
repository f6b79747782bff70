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
            open_end: surrogates::open_end(text),
            js: js.clone(),
        });
        js
    }
}

//! From the JSON text of one event to a validated [`Event`]: the shapes
//! read straight from their text (a reply's plain deltas, plain patches, a
//! large event's bulk), else the text parsed whole and decoded
//! ([`Decoder::decode_value`]). Apart from `decode`, which those readers
//! call back into for the rest of an event, so that no module imports
//! another that imports it.

use std::rc::Rc;

use super::decode::{DecodeError, Decoder, Warnings};
use super::fast_delta::fast_delta;
use super::fast_patch::fast_patch_event;
use super::json::parse;
use super::large_events::large_snapshot;
use super::surrogates;
use super::types::Event;

impl Decoder {
    /// Decodes one SSE `data` payload. `Ok(None)` is an event that was dropped.
    pub fn decode_str(
        &mut self,
        data: &str,
        warnings: &mut Warnings,
    ) -> Result<Option<Event>, DecodeError> {
        self.decode_text(data, None, warnings)
    }

    /// [`Self::decode_str`] of a payload that may be held shared
    /// (`whole`, the string `data` is): a large member (a snapshot) is then
    /// kept as a part of it instead of a copy.
    pub fn decode_text(
        &mut self,
        data: &str,
        whole: Option<&Rc<String>>,
        warnings: &mut Warnings,
    ) -> Result<Option<Event>, DecodeError> {
        if let Some(mut event) = fast_delta(data).or_else(|| fast_patch_event(data)) {
            surrogates::mark(&mut event, data);
            return Ok(Some(event));
        }
        if let Some(decoded) = large_snapshot(self, data, whole, warnings) {
            return decoded;
        }
        let value = parse(data).map_err(|e| DecodeError::Json {
            reason: e.to_string(),
        })?;
        let mut decoded = self.decode_value(value, warnings);
        if let Ok(Some(event)) = &mut decoded {
            surrogates::mark(event, data);
        }
        decoded
    }
}

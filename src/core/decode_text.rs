//! From the JSON text of one event to a validated [`Event`], read straight
//! from the text by the types' one reader ([`FromJson::scan`]).
//!
//! An event that reads cleanly is done: most of every stream. One that
//! does not (text that is not JSON, a field that does not fit, an unknown
//! type or tag, a `null` where a field is optional, a pre-1.0 shape) is
//! parsed and goes through the compatibility boundary and enforcement
//! ([`Decoder::decode_value`]), which repair or drop what the reference
//! repairs or drops, and report the rest; that reads the repaired value
//! with the same reader. So what reads cleanly is what the repairs would
//! leave unchanged, and every error has one source.

use std::rc::Rc;

use super::decode::{DecodeError, Decoder, Warnings};
use super::json::{parse, Scanner};
use super::surrogates;
use super::types::scan::{self, ScanCx};
use super::types::Event;

/// An event at least this long is handed over as a shared string, so that
/// what is kept of it as text (a snapshot's) is a part of it, not a copy.
pub const SHARE_AT_LEAST: usize = 4096;

impl Decoder {
    /// Decodes one SSE `data` payload. `Ok(None)` is an event that was dropped.
    pub fn decode_str(
        &mut self,
        data: &str,
        warnings: &mut Warnings,
    ) -> Result<Option<Event>, DecodeError> {
        self.decode_text(data, None, warnings)
    }

    /// [`Self::decode_str`] of a payload that may be held shared (`whole`,
    /// the string `data` is): an opaque member (a snapshot) is then kept as
    /// a part of it instead of a copy.
    pub fn decode_text(
        &mut self,
        data: &str,
        whole: Option<&Rc<String>>,
        warnings: &mut Warnings,
    ) -> Result<Option<Event>, DecodeError> {
        let mut cx = ScanCx::within(whole);
        cx.entries_left = self.max_entries;
        match read_clean(data, &mut cx) {
            Some(mut event) => {
                surrogates::mark(&mut event, data);
                Ok(Some(event))
            }
            // Past the entry limit too: what the repairs remove (a null)
            // does not count, so the repaired event is counted again.
            None => self.decode_repairing(data, warnings),
        }
    }

    /// The repairing route alone: `data` parsed whole, repaired where the
    /// reference repairs, and read again (what [`Self::decode_str`] does
    /// with an event that does not read cleanly; the fuzzer and the tests
    /// hold the two routes to each other with it).
    pub fn decode_repairing(
        &mut self,
        data: &str,
        warnings: &mut Warnings,
    ) -> Result<Option<Event>, DecodeError> {
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

/// The event `data` holds, if it reads with nothing to repair or report.
fn read_clean(data: &str, cx: &mut ScanCx<'_>) -> Option<Event> {
    let mut s = Scanner::new(data);
    let ty = scan::tag_first(&mut s, cx, Event::TAG).ok()?;
    // An unknown type is refused here, and dropped or renamed there.
    let event = Event::scan_as(&ty, &mut s, cx).ok()?;
    (s.at_end() && !cx.legacy).then_some(event)
}

#[cfg(test)]
mod tests;

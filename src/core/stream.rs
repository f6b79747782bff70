//! The inbound pipeline of one response: bytes, SSE events, decoded events,
//! expanded chunks, verified events, in that order.

use std::rc::Rc;

use super::chunks::ChunkExpander;
use super::decode::{Decoder, Warnings, DEFAULT_MAX_ENTRIES};
use super::decode_text::SHARE_AT_LEAST;
use super::error::RunError;
use super::sse::{SseEvent, SseParser, DEFAULT_MAX_EVENT_SIZE};
use super::types::Event;
use super::verify::Verifier;

/// Limits on what one response may make the client hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The largest single event, in bytes.
    pub max_event_size: usize,
    /// The largest state (or activity content) a JSON Patch may build,
    /// about its JSON text's length (see `json_patch::Bounds`).
    pub max_state_size: usize,
    /// The most container entries one event may hold (`maxEnforcedEntries`;
    /// `None`: no limit).
    pub max_entries: Option<usize>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_event_size: DEFAULT_MAX_EVENT_SIZE,
            max_state_size: super::json_patch::DEFAULT_MAX_STATE_SIZE,
            max_entries: Some(DEFAULT_MAX_ENTRIES),
        }
    }
}

#[derive(Debug)]
pub struct EventStream {
    sse: SseParser,
    decoder: Decoder,
    chunks: ChunkExpander,
    verifier: Verifier,
    sse_out: Vec<SseEvent>,
    expanded: Vec<Event>,
    failed: bool,
    pub warnings: Warnings,
}

impl Default for EventStream {
    fn default() -> Self {
        Self::new(Limits::default())
    }
}

impl EventStream {
    pub fn new(limits: Limits) -> Self {
        EventStream {
            sse: SseParser::new(limits.max_event_size),
            decoder: Decoder::limited(limits.max_entries),
            chunks: ChunkExpander::new(),
            verifier: Verifier::new(),
            sse_out: Vec::new(),
            expanded: Vec::new(),
            failed: false,
            warnings: Vec::new(),
        }
    }

    /// The SSE parser, for the last event id and the retry delay.
    pub fn sse(&self) -> &SseParser {
        &self.sse
    }

    /// A reconnection continues the same logical stream: what was verified
    /// so far still holds, only the SSE framing starts afresh.
    pub fn reconnect(&mut self) {
        self.sse.restart();
        self.sse_out.clear();
    }

    /// Feeds a network chunk. Events that passed verification are appended to
    /// `out` even when a later one fails: the caller applies them, then
    /// reports the error, so nothing before the failing event is lost.
    pub fn feed(&mut self, bytes: &[u8], out: &mut Vec<Event>) -> Result<(), RunError> {
        if self.failed {
            return Ok(());
        }
        let parsed = self.sse.feed(bytes, &mut self.sse_out);
        let r = self.drain(out).and(parsed.map_err(RunError::from));
        self.failed = r.is_err();
        r
    }

    /// Ends the stream (the body is complete).
    pub fn finish(&mut self, out: &mut Vec<Event>) -> Result<(), RunError> {
        if self.failed {
            return Ok(());
        }
        let parsed = self.sse.finish(&mut self.sse_out);
        let r = self.drain(out).and(parsed.map_err(RunError::from));
        self.failed = r.is_err();
        r
    }

    /// Feeds one event that arrived as a JSON value (another transport): it
    /// is validated, expanded and verified exactly as an SSE event.
    pub fn push_value(
        &mut self,
        value: serde_json::Value,
        out: &mut Vec<Event>,
    ) -> Result<(), RunError> {
        if self.failed {
            return Ok(());
        }
        let r = match self.decoder.decode_value(value, &mut self.warnings) {
            Ok(Some(event)) => self.expand_and_verify(event, out),
            Ok(None) => Ok(()),
            Err(e) => Err(e.into()),
        };
        self.failed = r.is_err();
        r
    }

    /// Feeds a chunk of a protobuf-framed body (`application/vnd.ag-ui.event+proto`).
    /// Events decoded before a bad frame are still delivered to `out`.
    pub fn feed_proto(
        &mut self,
        proto: &mut super::proto::ProtoDecoder,
        bytes: &[u8],
        out: &mut Vec<Event>,
    ) -> Result<(), RunError> {
        let mut values = Vec::new();
        let framed = proto.feed(bytes, &mut values);
        self.warnings.append(&mut proto.warnings);
        for v in values {
            self.push_value(v, out)?;
        }
        framed.map_err(RunError::from)
    }

    /// Feeds one event that arrived already decoded (another transport, a test).
    pub fn push_event(&mut self, event: Event, out: &mut Vec<Event>) -> Result<(), RunError> {
        if self.failed {
            return Ok(());
        }
        let r = self.expand_and_verify(event, out);
        self.failed = r.is_err();
        r
    }

    fn drain(&mut self, out: &mut Vec<Event>) -> Result<(), RunError> {
        let mut pending = std::mem::take(&mut self.sse_out);
        let mut result = Ok(());
        for sse in &mut pending {
            // A large event's string is handed over, so that what is kept
            // of it (a snapshot's text) is not a copy.
            let whole =
                (sse.data.len() >= SHARE_AT_LEAST).then(|| Rc::new(std::mem::take(&mut sse.data)));
            let data = whole.as_deref().unwrap_or(&sse.data);
            let decoded = match self
                .decoder
                .decode_text(data, whole.as_ref(), &mut self.warnings)
            {
                Ok(d) => d,
                Err(e) => {
                    result = Err(e.into());
                    break;
                }
            };
            if let Some(event) = decoded {
                if let Err(e) = self.expand_and_verify(event, out) {
                    result = Err(e);
                    break;
                }
            }
        }
        pending.clear();
        self.sse_out = pending;
        result
    }

    fn expand_and_verify(&mut self, event: Event, out: &mut Vec<Event>) -> Result<(), RunError> {
        self.expanded.clear();
        let expanded = self.chunks.push(event, &mut self.expanded);
        for e in self.expanded.drain(..) {
            self.verifier.check(&e)?;
            out.push(e);
        }
        expanded.map_err(RunError::from)
    }
}

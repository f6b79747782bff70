//! The protobuf transport (`application/vnd.ag-ui.event+proto`): response
//! bytes to the same JSON event objects the SSE path parses, so each one
//! then goes through `Decoder::decode_value` and on through chunk expansion,
//! verification and the reducer exactly as an SSE event does.
//!
//! bytes → [`frames::FrameReader`] (4-byte big-endian length + payload,
//! incremental, capped) → [`decode_event`] (prost for the schema's messages,
//! our own reader for `google.protobuf.Value`s) → `serde_json::Value`.
//!
//! Each frame decodes to the object `@ag-ui/proto` 1.0.0's `decode` returns
//! (`tests/proto.rs` checks it against the reference on every event type and
//! on corrupted frames). Where the bytes are malformed protobuf we are
//! stricter in two ways no encoder can reach: a known field with the wrong
//! wire type, and field number 0 inside a nested message, fail the frame
//! (as protobuf's own decoders do) where the reference skips the field or
//! stops reading that message.

pub mod frames;

mod convert;
mod message;
mod obj;
mod schema;
mod value;
mod wire;

use prost::Message as _;
use serde_json::Value;
use thiserror::Error;

use super::decode::Warnings;
pub use frames::{FrameReader, DEFAULT_MAX_FRAME_SIZE};
use schema::{Envelope, LAST_ARM};
use wire::{Reader, LEN};

/// The content type of a protobuf event stream.
pub const MEDIA_TYPE: &str = "application/vnd.ag-ui.event+proto";

/// Whether a response's `Content-Type` names the protobuf stream. The
/// reference compares the whole header with `===`; we compare the media type
/// alone, ignoring case and parameters (`; charset=...`), as HTTP defines it.
pub fn is_proto_media_type(content_type: &str) -> bool {
    let media = content_type.split(';').next().unwrap_or("").trim();
    media.eq_ignore_ascii_case(MEDIA_TYPE)
}

#[derive(Debug, Error, Clone, PartialEq)]
pub enum ProtoError {
    /// A frame's length prefix declares more than the cap allows.
    #[error("Protobuf message size exceeded maximum limit: a frame of {size} bytes (length prefix included) against a limit of {max} bytes")]
    FrameTooLarge { size: u64, max: usize },
    /// The body ended inside a frame.
    #[error("The binary stream ended mid-frame: {trailing} trailing bytes could not be read as a complete message{}", expected.map(|e| format!(" of {e} bytes")).unwrap_or_default())]
    Truncated {
        trailing: usize,
        /// The cut frame's size, prefix included, when its prefix arrived.
        expected: Option<usize>,
    },
    /// A whole frame that is not a protobuf AG-UI event.
    #[error("Failed to decode protocol buffer message (frame {frame}): {reason}")]
    Decode { frame: usize, reason: String },
}

/// Decodes one frame's payload to the event's JSON object. `Ok(None)`: the
/// frame carries only an event type from a later protocol version, which is
/// dropped with a warning, as the SSE path drops an unknown `type`.
pub fn decode_event(payload: &[u8], warnings: &mut Warnings) -> Result<Option<Value>, String> {
    single_arm(payload)?;
    let envelope = Envelope::decode(payload).map_err(|e| e.to_string())?;
    match envelope.event {
        Some(arm) => convert::event(arm, warnings).map(Some),
        None if names_only_future_arms(payload) => {
            warnings.push(
                "Dropped a protobuf event this build does not know: the protocol has a variant this SDK predates".into(),
            );
            Ok(None)
        }
        None => Err("Invalid event: the frame carries no event".into()),
    }
}

/// Two different arms in one envelope: prost would keep the last, another
/// runtime the first, so the frame is refused rather than read either way.
fn single_arm(payload: &[u8]) -> Result<(), String> {
    let malformed = |e| format!("malformed protobuf: {e}");
    let mut r = Reader::new(payload);
    let mut seen = None;
    while !r.done() {
        let (field, wire_type) = r.key().map_err(malformed)?;
        if (1..=LAST_ARM).contains(&field) {
            if seen.is_some_and(|s| s != field) {
                return Err("Invalid event: the frame carries more than one event".into());
            }
            seen = Some(field);
        }
        r.skip(field, wire_type).map_err(malformed)?;
    }
    Ok(())
}

/// With no known arm, a frame whose top-level fields are all unknown and
/// include at least one well-formed length-delimited one is an event from a
/// later protocol; anything else (an empty frame included) is broken.
fn names_only_future_arms(payload: &[u8]) -> bool {
    let mut r = Reader::new(payload);
    let mut future = 0;
    while !r.done() {
        let Ok((field, wire_type)) = r.key() else {
            return false;
        };
        if (1..=LAST_ARM).contains(&field) {
            return false;
        }
        if wire_type == LEN {
            match r.bytes() {
                Ok(inner) if walks_as_message(inner) => future += 1,
                _ => return false,
            }
        } else if r.skip(field, wire_type).is_err() {
            return false;
        }
    }
    future > 0
}

fn walks_as_message(bytes: &[u8]) -> bool {
    let mut r = Reader::new(bytes);
    while !r.done() {
        match r.key() {
            Ok((field, wire_type)) if r.skip(field, wire_type).is_ok() => {}
            _ => return false,
        }
    }
    true
}

/// Frames and events of one response body, fed as network chunks arrive.
#[derive(Debug)]
pub struct ProtoDecoder {
    frames: FrameReader,
    frames_seen: usize,
    failed: bool,
    /// What was dropped rather than failed on (events and content parts of
    /// a later protocol version).
    pub warnings: Warnings,
}

impl Default for ProtoDecoder {
    fn default() -> Self {
        Self::new(DEFAULT_MAX_FRAME_SIZE)
    }
}

impl ProtoDecoder {
    pub fn new(max_frame_size: usize) -> Self {
        ProtoDecoder {
            frames: FrameReader::new(max_frame_size),
            frames_seen: 0,
            failed: false,
            warnings: Vec::new(),
        }
    }

    /// Feeds a network chunk. Events of the frames before a failing one are
    /// appended to `out` even when it fails, so the caller applies them and
    /// then reports the error. After an error the decoder ignores its input.
    pub fn feed(&mut self, bytes: &[u8], out: &mut Vec<Value>) -> Result<(), ProtoError> {
        if self.failed {
            return Ok(());
        }
        let (seen, warnings) = (&mut self.frames_seen, &mut self.warnings);
        let r = self.frames.feed(bytes, &mut |payload| {
            *seen += 1;
            match decode_event(payload, warnings) {
                Ok(Some(event)) => out.push(event),
                Ok(None) => {}
                Err(reason) => {
                    return Err(ProtoError::Decode {
                        frame: *seen,
                        reason,
                    })
                }
            }
            Ok(())
        });
        self.failed = r.is_err();
        r
    }

    /// The body ended: a frame left incomplete is an error.
    pub fn finish(&mut self) -> Result<(), ProtoError> {
        if self.failed {
            return Ok(());
        }
        let r = self.frames.finish();
        self.failed = r.is_err();
        r
    }
}

/// Decodes a whole body at once. The streaming form is [`ProtoDecoder`],
/// which also hands over the events before a failing frame.
pub fn decode_frames(
    body: &[u8],
    max_frame_size: usize,
    warnings: &mut Warnings,
) -> Result<Vec<Value>, ProtoError> {
    let mut decoder = ProtoDecoder::new(max_frame_size);
    let mut out = Vec::new();
    decoder.feed(body, &mut out)?;
    decoder.finish()?;
    warnings.append(&mut decoder.warnings);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn media_type() {
        assert!(is_proto_media_type("application/vnd.ag-ui.event+proto"));
        assert!(is_proto_media_type(
            "Application/VND.ag-ui.event+proto ; charset=binary"
        ));
        assert!(!is_proto_media_type("text/event-stream"));
        assert!(!is_proto_media_type("application/vnd.ag-ui.event+protobuf"));
    }
}

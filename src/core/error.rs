//! Why a run failed. Every variant names what was received and what was expected.

use thiserror::Error;

use super::chunks::ChunkError;
use super::decode::DecodeError;
use super::proto::ProtoError;
use super::sse::SseError;
use super::verify::VerifyError;

#[derive(Debug, Error, Clone, PartialEq)]
pub enum RunError {
    /// The agent answered with a non-2xx status.
    #[error("HTTP {status}: {body}")]
    Http { status: u16, body: String },
    /// The response could not be read as a stream of events.
    #[error(transparent)]
    Sse(#[from] SseError),
    #[error(transparent)]
    Decode(#[from] DecodeError),
    #[error(transparent)]
    Proto(#[from] ProtoError),
    #[error(transparent)]
    Chunk(#[from] ChunkError),
    #[error(transparent)]
    Verify(#[from] VerifyError),
    /// The run cannot start: interrupts are open and the input does not answer them.
    #[error("{0}")]
    Interrupts(String),
    /// The request could not be built or sent.
    #[error("{0}")]
    Request(String),
}

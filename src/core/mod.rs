//! The protocol core: no JavaScript in here, so it builds and tests natively.

pub mod adapters;
pub mod chunks;
pub mod decode;
mod decode_text;
pub mod error;
mod fast_delta;
mod fast_patch;
pub mod history;
pub mod ids;
pub mod json;
pub mod json_patch;
mod large_events;
pub mod maps;
pub mod partial_json;
pub mod plain_messages;
pub mod proto;
pub mod reducer;
pub mod run;
pub mod session;
pub mod sse;
pub mod stream;
pub mod surrogates;
pub mod types;
pub mod verify;

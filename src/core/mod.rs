//! The protocol core: no JavaScript in here, so it builds and tests natively.

pub mod adapters;
pub mod chunks;
pub mod decode;
mod decode_text;
pub mod error;
pub mod history;
pub mod ids;
pub mod json;
pub mod json_patch;
pub mod maps;
pub mod partial_json;
pub mod proto;
pub mod reducer;
pub mod run;
pub mod session;
pub mod sse;
pub mod stream;
pub mod surrogates;
pub mod types;
pub mod verify;

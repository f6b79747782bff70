//! The protocol core: no JavaScript in here, so it builds and tests natively.

pub mod json_patch;
pub mod partial_json;
pub mod sse;
pub mod types;

//! JSON text, read and written by our own small routines (see each file for
//! why they are not serde_json's); values are `serde_json::Value`.

mod number;
mod parse;
mod write;

pub use number::parse_f64;
pub use parse::{parse, parse_string, ParseError, MAX_DEPTH};
pub use write::{to_json, write_items, write_str, JsonFields, Object, ToJson};

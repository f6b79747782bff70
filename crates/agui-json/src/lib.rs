//! JSON text, read and written by our own small routines (see each file for
//! why they are not serde_json's); values are `serde_json::Value`.
//!
//! A crate of its own, so that its optimization level can be chosen apart
//! from the rest of the WebAssembly's: every event, snapshot and request
//! body goes through these few functions. Measured in Node (alternated
//! pairs): `[profile.release.package.agui-json] opt-level = 3` runs a 5 MB
//! STATE_SNAPSHOT in 0.8x the time and 1,000 STATE_DELTAs in 0.85x, for
//! 7.8 KB more gzipped `.wasm`; the package's size budget says no for now.

mod lazy;
mod member;
mod number;
mod parse;
mod scan;
mod shared;
mod swar;
mod weight;
mod write;

pub use lazy::LazyJson;
pub use member::{member, member_mut};
pub use number::parse_f64;
pub use parse::{
    members, parse, plain_run_end, skip_at, string_at, validate, value_at, ParseError, MAX_DEPTH,
    MAX_NESTING,
};
pub use scan::Scanner;
pub use shared::SharedText;
pub use swar::{below, equal, scan_until};
pub use weight::{weigh, weigh_up_to, Weight};
pub use write::{to_json, write_items, write_str, JsonFields, Object, ToJson};

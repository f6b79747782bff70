//! JSON text, read and written by our own small routines (see each file for
//! why they are not serde_json's); values are `serde_json::Value`.

mod lazy;
mod member;
mod number;
mod parse;
mod scan;
mod write;

pub use lazy::LazyJson;
pub use member::{member, member_mut, take_member};
pub use number::parse_f64;
pub(crate) use parse::plain_run_end;
pub use parse::{members, parse, parse_string, validate, ParseError, MAX_DEPTH};
pub(crate) use scan::Scanner;
pub use write::{to_json, write_items, write_str, JsonFields, Object, ToJson};

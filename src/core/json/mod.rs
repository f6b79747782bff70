//! JSON text: the `agui-json` crate (`crates/agui-json`), under the name
//! the core has always used for it.

pub use agui_json::*;

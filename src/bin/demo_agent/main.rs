//! The local demo agent (being written).
fn main() {}

//! AG-UI 1.0 protocol types, camelCase on the wire.

pub mod patch;

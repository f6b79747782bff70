//! AG-UI 1.0 protocol types, camelCase on the wire.

pub mod content;
pub mod declare;
pub mod event;
pub mod from_json;
pub mod lazy_object;
pub mod message;
pub mod message_list;
pub mod patch;
pub mod run;
pub mod scan;
pub mod strict;
pub mod tool;

pub use content::{BinaryPart, Content, ContentPart, MediaPart, PartSource, TextPart};
pub use event::*;
pub use from_json::{FromJson, ReadError};
pub use lazy_object::LazyObject;
pub use message::*;
pub use message_list::MessageList;
pub use patch::{PatchOp, Pointer};
pub use run::*;
pub use strict::{JsonObject, Metadata};
pub use tool::*;

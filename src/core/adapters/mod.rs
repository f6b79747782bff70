//! Adapters: an AG-UI history to and from framework and vendor formats.
//!
//! AG-UI sits above frameworks and vendors; these turn the messages the
//! client materializes into what a LangChain graph or a vendor API takes,
//! and back, so a backend-for-frontend, an edge function or a test can use
//! the very same types.
//!
//! | target | to | from |
//! | --- | --- | --- |
//! | LangChain message dicts | [`to_langchain`] | [`from_langchain`] |
//! | OpenAI Chat Completions `messages` | [`to_openai_chat`] | [`from_openai_chat`] |
//! | Anthropic Messages `system` + `messages` | [`to_anthropic`] | |
//!
//! Results are `serde_json::Value` in the target's documented JSON shape.
//!
//! Nothing is lost without a word: what a target cannot express is an
//! [`AdapterError`] naming the message, the part and the reason, or a
//! fallback documented in the target's module ([`langchain`], [`openai`],
//! [`anthropic`]) and asserted by `tests/adapters/`. Rules every target
//! shares:
//!
//! - activity messages are dropped: they are UI state, never sent to agents;
//! - legacy `binary` parts travel in their 1.0 form, as the protocol wants;
//! - a tool error travels in the result's text, since a flag alone (where
//!   the target has one) does not say what went wrong;
//! - UI annotations (part ids and metadata other than `filename`, message
//!   `metadata`, `subagentRunId`, `encryptedValue` outside reasoning) are not
//!   carried: no target has a slot for them.
//!
//! Pure Rust: no input panics, and nothing here depends on JavaScript.

pub mod anthropic;
mod common;
pub mod error;
pub mod langchain;
pub mod openai;
mod reader;

pub use anthropic::{to_anthropic, AnthropicOptions, AnthropicReasoning};
pub use error::{AdapterError, Format};
pub use langchain::{from_langchain, to_langchain};
pub use openai::{from_openai_chat, to_openai_chat, OpenAiChatOptions};

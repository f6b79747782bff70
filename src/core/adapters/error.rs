//! Why a conversion refused its input.
//!
//! Every variant names the format, where in the input the problem is, and
//! why, so a caller can show it as is.

use std::fmt;

use thiserror::Error;

/// The formats the adapters convert to and from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// LangChain's serialized message dicts.
    LangChain,
    /// OpenAI Chat Completions `messages`.
    OpenAiChat,
    /// Anthropic Messages API `system` and `messages`.
    Anthropic,
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::LangChain => "LangChain",
            Format::OpenAiChat => "OpenAI chat",
            Format::Anthropic => "Anthropic",
        })
    }
}

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum AdapterError {
    /// The target has no way to say what an AG-UI message holds (a video for
    /// OpenAI chat, audio for Anthropic, ...). `part` names the piece, as
    /// `content[2] (video)`.
    #[error("{target} cannot express message {message_id:?}, {part}: {reason}")]
    Unsupported {
        target: Format,
        message_id: String,
        part: String,
        reason: String,
    },
    /// A tool call's `arguments` must become an object for this target and
    /// do not parse as one.
    #[error(
        "{target} needs the arguments of tool call {tool_call_id:?} in message {message_id:?} \
         as a JSON object: {reason}"
    )]
    InvalidToolArguments {
        target: Format,
        message_id: String,
        tool_call_id: String,
        reason: String,
    },
    /// Input in a vendor or framework format that does not have that
    /// format's shape. `at` is a path such as `messages[3].content[1]`.
    #[error("not a valid {format} history at {at}: {reason}")]
    Invalid {
        format: Format,
        at: String,
        reason: String,
    },
}

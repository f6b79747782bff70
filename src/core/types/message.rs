//! Messages: the persistent conversation history, a union tagged by `role`.

use agui_derive::protocol;

use super::content::Content;
use super::lazy_object::LazyObject;
use super::strict::Metadata;
use super::tool::ToolCall;

/// The `role` of a developer message.
#[protocol]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum DeveloperRole {
    #[default]
    Developer,
}

/// The `role` of a system message.
#[protocol]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum SystemRole {
    #[default]
    System,
}

/// The `role` of an assistant message.
#[protocol]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum AssistantRole {
    #[default]
    Assistant,
}

/// The `role` of a user message.
#[protocol]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum UserRole {
    #[default]
    User,
}

/// The `role` of a tool message.
#[protocol]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum ToolRole {
    #[default]
    Tool,
}

/// The `role` of an activity message.
#[protocol]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum ActivityRole {
    #[default]
    Activity,
}

/// The `role` of a reasoning message.
#[protocol]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum ReasoningRole {
    #[default]
    Reasoning,
}

/// Instructions: a system prompt, or a developer message. The two differ
/// only in their role.
#[protocol(message)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct InstructionMessage<R> {
    pub id: String,
    #[wire(tag)]
    pub role: R,
    pub content: String,
    pub name: Option<String>,
}

impl<R> InstructionMessage<R> {
    /// The same message under another role.
    pub fn into_role<S: Default>(self) -> InstructionMessage<S> {
        InstructionMessage {
            role: S::default(),
            id: self.id,
            content: self.content,
            name: self.name,
            encrypted_value: self.encrypted_value,
            metadata: self.metadata,
            subagent_run_id: self.subagent_run_id,
        }
    }
}

/// Instructions from the application developer.
#[cfg_attr(target_arch = "wasm32", tsify::declare)]
pub type DeveloperMessage = InstructionMessage<DeveloperRole>;

/// A system prompt.
#[cfg_attr(target_arch = "wasm32", tsify::declare)]
pub type SystemMessage = InstructionMessage<SystemRole>;

/// A reply from the agent: text, tool calls, or both.
#[protocol(message)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct AssistantMessage {
    pub id: String,
    #[wire(tag)]
    pub role: AssistantRole,
    pub content: Option<String>,
    pub tool_calls: Option<Vec<ToolCall>>,
    pub name: Option<String>,
}

/// What the person typed: text, or multimodal parts.
#[protocol(message)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct UserMessage {
    pub id: String,
    #[wire(tag)]
    pub role: UserRole,
    pub content: Content,
    pub name: Option<String>,
}

/// What a tool returned, linked to its call by `toolCallId`.
#[protocol(message)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ToolMessage {
    pub id: String,
    pub tool_call_id: String,
    #[wire(tag)]
    pub role: ToolRole,
    pub content: Content,
    pub error: Option<String>,
}

/// Frontend-only UI state (a plan, a search, progress). Never sent to the
/// agent, so it carries no `encryptedValue`.
#[protocol]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ActivityMessage {
    pub id: String,
    #[wire(tag)]
    pub role: ActivityRole,
    pub activity_type: String,
    #[cfg_attr(target_arch = "wasm32", tsify(type = "JsonObject"))]
    pub content: LazyObject,
    pub metadata: Option<Metadata>,
    pub subagent_run_id: Option<String>,
}

/// The agent's reasoning: a visible summary, and an opaque `encryptedValue`
/// that is sent back verbatim on the next turn.
#[protocol(message)]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ReasoningMessage {
    pub id: String,
    #[wire(tag)]
    pub role: ReasoningRole,
    pub content: String,
}

/// One message of the conversation. Each variant's struct carries its own
/// `role`, so the union serializes untagged; it reads by `role`.
///
/// Each member is boxed, so a message is a pointer wide wherever it is
/// held: a history's array grows by doubling, and with the members inline
/// (160 bytes in the WebAssembly build, the size of the largest) its spare
/// capacity and the copy made while it grows were most of the module's
/// memory for a long history (`bench/memory.mjs`).
#[protocol]
#[derive(Debug, Clone, PartialEq)]
#[serde(untagged)]
pub enum Message {
    Developer(Box<DeveloperMessage>),
    System(Box<SystemMessage>),
    Assistant(Box<AssistantMessage>),
    User(Box<UserMessage>),
    Tool(Box<ToolMessage>),
    Activity(Box<ActivityMessage>),
    Reasoning(Box<ReasoningMessage>),
}

/// The `role` names of [`Message`].
pub const ROLES: &[&str] = Message::TAGS;

/// The roles a streamed text message may take.
#[protocol]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum TextRole {
    Developer,
    System,
    #[default]
    Assistant,
    User,
}

impl Message {
    pub fn id(&self) -> &str {
        match self {
            Message::Developer(m) => &m.id,
            Message::System(m) => &m.id,
            Message::Assistant(m) => &m.id,
            Message::User(m) => &m.id,
            Message::Tool(m) => &m.id,
            Message::Activity(m) => &m.id,
            Message::Reasoning(m) => &m.id,
        }
    }

    pub fn role(&self) -> &'static str {
        self.tag()
    }

    pub fn is_activity(&self) -> bool {
        matches!(self, Message::Activity(_))
    }

    pub fn metadata_mut(&mut self) -> &mut Option<Metadata> {
        match self {
            Message::Developer(m) => &mut m.metadata,
            Message::System(m) => &mut m.metadata,
            Message::Assistant(m) => &mut m.metadata,
            Message::User(m) => &mut m.metadata,
            Message::Tool(m) => &mut m.metadata,
            Message::Activity(m) => &mut m.metadata,
            Message::Reasoning(m) => &mut m.metadata,
        }
    }

    pub fn subagent_run_id(&self) -> Option<&str> {
        match self {
            Message::Developer(m) => m.subagent_run_id.as_deref(),
            Message::System(m) => m.subagent_run_id.as_deref(),
            Message::Assistant(m) => m.subagent_run_id.as_deref(),
            Message::User(m) => m.subagent_run_id.as_deref(),
            Message::Tool(m) => m.subagent_run_id.as_deref(),
            Message::Activity(m) => m.subagent_run_id.as_deref(),
            Message::Reasoning(m) => m.subagent_run_id.as_deref(),
        }
    }

    /// The slot for an encrypted value; activity messages have none.
    pub fn encrypted_value_mut(&mut self) -> Option<&mut Option<String>> {
        match self {
            Message::Developer(m) => Some(&mut m.encrypted_value),
            Message::System(m) => Some(&mut m.encrypted_value),
            Message::Assistant(m) => Some(&mut m.encrypted_value),
            Message::User(m) => Some(&mut m.encrypted_value),
            Message::Tool(m) => Some(&mut m.encrypted_value),
            Message::Reasoning(m) => Some(&mut m.encrypted_value),
            Message::Activity(_) => None,
        }
    }

    /// The text a streaming message has so far; non-text content reads as "".
    pub fn text(&self) -> &str {
        match self {
            Message::Developer(m) => &m.content,
            Message::System(m) => &m.content,
            Message::Assistant(m) => m.content.as_deref().unwrap_or(""),
            Message::User(m) => content_text(&m.content),
            Message::Tool(m) => content_text(&m.content),
            Message::Reasoning(m) => &m.content,
            Message::Activity(_) => "",
        }
    }

    /// The text content to edit in place, where the message has one.
    pub fn text_mut(&mut self) -> Option<&mut String> {
        match self {
            Message::Developer(m) => Some(&mut m.content),
            Message::System(m) => Some(&mut m.content),
            Message::Assistant(m) => m.content.as_mut(),
            Message::User(m) => content_text_mut(&mut m.content),
            Message::Tool(m) => content_text_mut(&mut m.content),
            Message::Reasoning(m) => Some(&mut m.content),
            Message::Activity(_) => None,
        }
    }

    /// Appends streamed text. Non-string content (parts) is replaced, as the
    /// reference does; activity messages are never passed here. Returns
    /// whether the text was extended in place (`content` was already a string).
    pub fn append_text(&mut self, delta: &str) -> bool {
        match self {
            Message::Developer(m) => m.content.push_str(delta),
            Message::System(m) => m.content.push_str(delta),
            Message::Assistant(m) => match &mut m.content {
                Some(c) => c.push_str(delta),
                None => {
                    m.content = Some(delta.to_owned());
                    return false;
                }
            },
            Message::User(m) => return append_content(&mut m.content, delta),
            Message::Tool(m) => return append_content(&mut m.content, delta),
            Message::Reasoning(m) => m.content.push_str(delta),
            Message::Activity(_) => return false,
        }
        true
    }

    pub fn tool_calls(&self) -> Option<&Vec<ToolCall>> {
        match self {
            Message::Assistant(m) => m.tool_calls.as_ref(),
            _ => None,
        }
    }

    pub fn tool_calls_mut(&mut self) -> Option<&mut Vec<ToolCall>> {
        match self {
            Message::Assistant(m) => m.tool_calls.as_mut(),
            _ => None,
        }
    }
}

fn content_text(c: &Content) -> &str {
    match c {
        Content::Text(s) => s,
        Content::Parts(_) => "",
    }
}

fn content_text_mut(c: &mut Content) -> Option<&mut String> {
    match c {
        Content::Text(s) => Some(s),
        Content::Parts(_) => None,
    }
}

fn append_content(c: &mut Content, delta: &str) -> bool {
    match c {
        Content::Text(s) => {
            s.push_str(delta);
            true
        }
        Content::Parts(_) => {
            *c = Content::Text(delta.to_owned());
            false
        }
    }
}

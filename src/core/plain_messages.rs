//! Messages that are plain, every member a string (a text history: most of
//! every long one), read straight from their JSON text into [`Message`]s,
//! without a hashed map per message first. A large MESSAGES_SNAPSHOT is
//! read this way (`large_events`), and so is a history handed in by
//! JavaScript (the binding's `initialMessages`, `setMessages`): a client
//! constructed with 100,000 of them took a median 470 ms instead of 880 in
//! Node (the reference takes 230). Anything else answers `None`,
//! and the caller reads the text the general way, which validates and
//! reports.

use std::borrow::Cow;

use super::json::Scanner;
use super::types::declare::wire;
use super::types::message::*;
use super::types::{Content, Message};

// The members, named by the declarations (each the same in every role that has it).
const ID: &str = wire!(UserMessage, id);
const CONTENT: &str = wire!(UserMessage, content);
const NAME: &str = wire!(UserMessage, name);
const ENCRYPTED_VALUE: &str = wire!(UserMessage, encrypted_value);
const SUBAGENT_RUN_ID: &str = wire!(UserMessage, subagent_run_id);
const TOOL_CALL_ID: &str = wire!(ToolMessage, tool_call_id);
const ERROR: &str = wire!(ToolMessage, error);

/// An array of plain messages, `None` at the first that is not; and
/// whether the messages kept every member the text gave them: then
/// `JSON.parse` of the text builds what writing the messages would (keys
/// perhaps in another order), and JavaScript can take its copy from the
/// text.
pub fn plain_messages_exact(text: &str) -> Option<(Vec<Message>, bool)> {
    let mut s = Scanner::new(text);
    let read = read_array(&mut s)?;
    s.at_end().then_some(read)
}

/// A history handed in as JSON text: plain messages read straight from it,
/// anything else the general way (which validates and reports, with the
/// parser's or the reader's message). `true` where the messages kept every
/// member the text gave them, as [`plain_messages_exact`] says.
pub fn messages_from_text(text: &str) -> Result<(Vec<Message>, bool), TextError> {
    if let Some(read) = plain_messages_exact(text) {
        return Ok(read);
    }
    let value = super::json::parse(text).map_err(TextError::Json)?;
    let messages = super::types::FromJson::from_json(value).map_err(TextError::Messages)?;
    Ok((messages, false))
}

/// Why a history's text was refused: not JSON, or not messages.
#[derive(Debug)]
pub enum TextError {
    Json(super::json::ParseError),
    Messages(super::types::from_json::ReadError),
}

impl std::fmt::Display for TextError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TextError::Json(e) => e.fmt(f),
            TextError::Messages(e) => e.fmt(f),
        }
    }
}

/// The array of plain messages that `text` starts with, how many bytes it
/// took, and whether they kept every member (as [`plain_messages_exact`]);
/// `None` at the first that is not plain.
pub fn plain_messages_at(text: &str) -> Option<(Vec<Message>, usize, bool)> {
    let mut s = Scanner::new(text);
    let (messages, exact) = read_array(&mut s)?;
    Some((messages, s.offset(), exact))
}

fn read_array(s: &mut Scanner) -> Option<(Vec<Message>, bool)> {
    let mut exact = true;
    let mut out = Vec::new();
    s.array(|s| {
        let (m, kept_all) = plain_message(s)?;
        out.push(m);
        exact &= kept_all;
        Some(())
    })?;
    Some((out, exact))
}

/// The string members a message of any role but `activity` may have, as
/// the text has them: only those the message keeps are made `String`s (a
/// role, or a member the role drops, never is).
#[derive(Default)]
struct Plain<'a> {
    id: Option<Cow<'a, str>>,
    role: Option<Cow<'a, str>>,
    content: Option<Cow<'a, str>>,
    name: Option<Cow<'a, str>>,
    encrypted_value: Option<Cow<'a, str>>,
    subagent_run_id: Option<Cow<'a, str>>,
    tool_call_id: Option<Cow<'a, str>>,
    error: Option<Cow<'a, str>>,
}

impl<'a> Plain<'a> {
    /// Whether every member read went into the message: what is left is
    /// what the message's role does not have, and was dropped.
    fn spent(&self) -> bool {
        [
            &self.id,
            &self.role,
            &self.content,
            &self.name,
            &self.encrypted_value,
            &self.subagent_run_id,
            &self.tool_call_id,
            &self.error,
        ]
        .iter()
        .all(|m| m.is_none())
    }
}

/// The message whose members the scanner is at, as the general reader
/// would make it: members its role does not have are dropped, as the schema
/// strips them. `None` for a member that is not a string or is repeated, a
/// missing required one, a member the role declares that this reader does
/// not know (so a field added to a message type is never dropped here while
/// the general reader keeps it), or a role whose messages are not plain
/// (`activity`) or that is unknown.
fn plain_message<'a>(s: &mut Scanner<'a>) -> Option<(Message, bool)> {
    let mut p = Plain::default();
    let mut unknown: Vec<Cow<'a, str>> = Vec::new();
    s.flat_object(|k, v| {
        let slot = match k.as_ref() {
            ID => &mut p.id,
            Message::KEY => &mut p.role,
            CONTENT => &mut p.content,
            NAME => &mut p.name,
            ENCRYPTED_VALUE => &mut p.encrypted_value,
            SUBAGENT_RUN_ID => &mut p.subagent_run_id,
            TOOL_CALL_ID => &mut p.tool_call_id,
            ERROR => &mut p.error,
            _ => {
                unknown.push(k);
                return Some(());
            }
        };
        slot.replace(v).is_none().then_some(())
    })?;
    let own = |m: &mut Option<Cow<str>>| m.take().map(Cow::into_owned);
    let role = p.role.take()?;
    let declared = match role.as_ref() {
        UserRole::NAME => UserMessage::WIRE_FIELDS,
        AssistantRole::NAME => AssistantMessage::WIRE_FIELDS,
        SystemRole::NAME => SystemMessage::WIRE_FIELDS,
        DeveloperRole::NAME => DeveloperMessage::WIRE_FIELDS,
        ToolRole::NAME => ToolMessage::WIRE_FIELDS,
        ReasoningRole::NAME => ReasoningMessage::WIRE_FIELDS,
        _ => return None,
    };
    if unknown.iter().any(|k| declared.contains(&k.as_ref())) {
        return None;
    }
    let id = own(&mut p.id)?;
    let (encrypted_value, subagent_run_id) =
        (own(&mut p.encrypted_value), own(&mut p.subagent_run_id));
    let message = match role.as_ref() {
        UserRole::NAME => Message::User(UserMessage {
            id,
            content: Content::Text(own(&mut p.content)?),
            name: own(&mut p.name),
            encrypted_value,
            subagent_run_id,
            ..Default::default()
        }),
        AssistantRole::NAME => Message::Assistant(AssistantMessage {
            id,
            content: own(&mut p.content),
            name: own(&mut p.name),
            encrypted_value,
            subagent_run_id,
            ..Default::default()
        }),
        SystemRole::NAME | DeveloperRole::NAME => {
            let m = DeveloperMessage {
                id,
                content: own(&mut p.content)?,
                name: own(&mut p.name),
                encrypted_value,
                subagent_run_id,
                ..Default::default()
            };
            if role == SystemRole::NAME {
                Message::System(m.into_role())
            } else {
                Message::Developer(m)
            }
        }
        ToolRole::NAME => Message::Tool(ToolMessage {
            id,
            content: Content::Text(own(&mut p.content)?),
            tool_call_id: own(&mut p.tool_call_id)?,
            error: own(&mut p.error),
            encrypted_value,
            subagent_run_id,
            ..Default::default()
        }),
        ReasoningRole::NAME => Message::Reasoning(ReasoningMessage {
            id,
            content: own(&mut p.content)?,
            encrypted_value,
            subagent_run_id,
            ..Default::default()
        }),
        _ => return None,
    };
    Some((message, unknown.is_empty() && p.spent()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::json::{parse, to_json};
    use crate::core::types::FromJson;

    fn plain_messages(text: &str) -> Option<Vec<Message>> {
        plain_messages_exact(text).map(|(messages, _)| messages)
    }

    #[test]
    fn reads_as_the_general_reader_does() {
        let text = r#"[
            {"id":"u","role":"user","content":"hi \"é\" \ud83d\ude00","name":"n","extra":"dropped"},
            {"id":"a","role":"assistant"},
            {"id":"a2","role":"assistant","content":"x","encryptedValue":"e","subagentRunId":"s"},
            {"id":"s","role":"system","content":"sys","toolCallId":"not a system member"},
            {"id":"d","role":"developer","content":"dev"},
            {"id":"t","role":"tool","content":"r","toolCallId":"c","error":"boom"},
            {"content":"why","role":"reasoning","id":"r"}
        ]"#;
        let general = Vec::<Message>::from_json(parse(text).unwrap()).unwrap();
        assert_eq!(plain_messages(text), Some(general));
        assert_eq!(plain_messages(" [ ] "), Some(Vec::new()));
        assert_eq!(
            plain_messages_exact(text).map(|(_, exact)| exact),
            Some(false)
        );
    }

    #[test]
    fn exact_when_the_text_parses_to_what_writing_gives() {
        let exact = r#"[
            {"id":"u","role":"user","content":"hi \"é\"","name":"n","encryptedValue":"e"},
            {"role":"assistant","id":"a"},
            {"id":"s","role":"system","content":"sys","subagentRunId":"r"},
            {"id":"t","role":"tool","content":"r","toolCallId":"c","error":"boom"},
            {"content":"why","role":"reasoning","id":"r"}
        ]"#;
        let (messages, is_exact) = plain_messages_exact(exact).unwrap();
        assert!(is_exact);
        // Maps compare regardless of key order.
        assert_eq!(parse(exact).unwrap(), parse(&to_json(&messages)).unwrap());
        for dropped in [
            r#"[{"id":"u","role":"user","content":"x","extra":"y"}]"#,
            r#"[{"id":"u","role":"user","content":"x","toolCallId":"c"}]"#,
            r#"[{"id":"a","role":"assistant","error":"e"}]"#,
            r#"[{"id":"t","role":"tool","content":"x","toolCallId":"c","name":"n"}]"#,
            r#"[{"id":"r","role":"reasoning","content":"x","name":"n"}]"#,
        ] {
            let (messages, is_exact) = plain_messages_exact(dropped).unwrap();
            assert!(!is_exact, "{dropped}");
            assert_ne!(parse(dropped).unwrap(), parse(&to_json(&messages)).unwrap());
        }
        for odd in [
            r#"[{"id":"a","role":"assistant","toolCalls":[]}]"#,
            r#"[{"id":"a","role":"user"}]"#,
            r#"[{"id":"a","role":"robot","content":"x"}]"#,
            r#"[{"id":"a","role":"user","content":"x","id":"b"}]"#,
            r#"[{"id":"a","role":"activity","activityType":"t","content":"x"}]"#,
            r#"[{"id":"a","role":"user","content":"x"},]"#,
            r#"{"id":"a","role":"user","content":"x"}"#,
        ] {
            assert_eq!(plain_messages(odd), None, "{odd}");
        }
    }

    /// Every member each role declares, set to a string: this reader gives
    /// what the general one gives, or leaves the message to it. A field
    /// added to a message type is covered without a change here.
    #[test]
    fn no_declared_member_is_read_one_way_and_dropped_the_other() {
        let roles: [(&str, &[&str]); 6] = [
            (UserRole::NAME, UserMessage::WIRE_FIELDS),
            (AssistantRole::NAME, AssistantMessage::WIRE_FIELDS),
            (SystemRole::NAME, SystemMessage::WIRE_FIELDS),
            (DeveloperRole::NAME, DeveloperMessage::WIRE_FIELDS),
            (ToolRole::NAME, ToolMessage::WIRE_FIELDS),
            (ReasoningRole::NAME, ReasoningMessage::WIRE_FIELDS),
        ];
        let mut checked = 0;
        for (role, fields) in roles {
            for field in fields.iter().filter(|f| !["id", "role"].contains(f)) {
                let text = format!(
                    r#"[{{"id":"m","role":"{role}","content":"c","toolCallId":"t","{field}":"x"}}]"#
                )
                .replacen(r#""content":"c","#, "", (*field == CONTENT) as usize)
                .replacen(
                    r#""toolCallId":"t","#,
                    "",
                    (*field == TOOL_CALL_ID) as usize,
                );
                let general = parse(&text).ok().map(Vec::<Message>::from_json);
                match plain_messages(&text) {
                    None => {}
                    Some(read) => {
                        assert_eq!(Some(Ok(read)), general, "{text}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked >= 10, "the plain reader took {checked}");
        // An unknown member is dropped by both; one the role declares but
        // this reader does not know goes the general way.
        let odd = r#"[{"id":"m","role":"user","content":"c","metadata":"x"}]"#;
        assert_eq!(plain_messages(odd), None);
        let unknown = r#"[{"id":"m","role":"user","content":"c","createdAt":"x"}]"#;
        assert!(plain_messages(unknown).is_some());
    }
}

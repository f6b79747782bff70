//! The events a reply is made of, in their plainest form: exactly `type`, an
//! id and `delta`, all strings. They are most of every stream, so they are
//! read straight from the text, without building a JSON object first;
//! anything else (another field, a repeated key, another type, a malformed
//! value) answers `None` and goes the general way, which validates it.

use super::json::Scanner;
use super::types::declare::wire;
use super::types::{
    Event, ReasoningMessageContentEvent, TextMessageContentEvent, ToolCallArgsEvent,
};

// The members, named by the declarations (the same in the three events).
const MESSAGE_ID: &str = wire!(TextMessageContentEvent, message_id);
const TOOL_CALL_ID: &str = wire!(ToolCallArgsEvent, tool_call_id);
const DELTA: &str = wire!(TextMessageContentEvent, delta);

pub fn fast_delta(data: &str) -> Option<Event> {
    let mut s = Scanner::new(data);
    let (mut ty, mut message_id, mut tool_call_id, mut delta) = (None, None, None, None);
    s.flat_object(|key, value| {
        let slot = match key.as_ref() {
            Event::TAG => &mut ty,
            MESSAGE_ID => &mut message_id,
            TOOL_CALL_ID => &mut tool_call_id,
            DELTA => &mut delta,
            _ => return None,
        };
        slot.replace(value).is_none().then_some(())
    })?;
    if !s.at_end() {
        return None;
    }
    let delta = delta?.into_owned();
    match (ty?.as_ref(), message_id, tool_call_id) {
        (TextMessageContentEvent::TYPE, Some(id), None) => {
            Some(Event::TextMessageContent(TextMessageContentEvent {
                message_id: id.into_owned(),
                delta,
                ..Default::default()
            }))
        }
        (ReasoningMessageContentEvent::TYPE, Some(id), None) => Some(
            Event::ReasoningMessageContent(ReasoningMessageContentEvent {
                message_id: id.into_owned(),
                delta,
                ..Default::default()
            }),
        ),
        (ToolCallArgsEvent::TYPE, None, Some(id)) => Some(Event::ToolCallArgs(ToolCallArgsEvent {
            tool_call_id: id.into_owned(),
            delta,
            ..Default::default()
        })),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::decode::Decoder;

    #[test]
    fn the_fast_path_and_the_general_path_agree() {
        let mut w = Vec::new();
        for text in [
            r#"{"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"h\u00e9 \"x\""}"#,
            r#"{"delta":"d","toolCallId":"t","type":"TOOL_CALL_ARGS"}"#,
            r#" { "type" : "REASONING_MESSAGE_CONTENT" ,"messageId":"r","delta":""} "#,
            r#"{"type":"TEXT_MESSAGE_CONTENT","messageId":"m\n","delta":"😀 \ud83d\ude00 \\ \/"}"#,
        ] {
            let fast = fast_delta(text).expect("takes the fast path");
            let general = Decoder::new()
                .decode_value(serde_json::from_str(text).unwrap(), &mut w)
                .unwrap()
                .unwrap();
            assert_eq!(fast, general);
        }
        for text in [
            r#"{"type":"TEXT_MESSAGE_CONTENT","messageId":"m"}"#,
            r#"{"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"x","metadata":null}"#,
            r#"{"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":1}"#,
            r#"{"type":"TEXT_MESSAGE_CONTENT","toolCallId":"m","delta":"x"}"#,
            r#"{"type":"TOOL_CALL_ARGS","messageId":"m","delta":"x"}"#,
            r#"{"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"x","delta":"y"}"#,
            r#"{"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"x"} x"#,
            r#"{"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"x",}"#,
            r#"{"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"a	b"}"#,
            r#"{"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"\q"}"#,
            r#"{"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"x"#,
        ] {
            assert!(fast_delta(text).is_none(), "{text} must go the general way");
        }
        // A lone surrogate half reads as U+FFFD both ways (serde_json,
        // above, refuses it).
        let lone = r#"{"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"a\ud800"}"#;
        let general = crate::core::json::parse(lone).unwrap();
        let general = Decoder::new().decode_value(general, &mut w).unwrap();
        assert_eq!(fast_delta(lone), general);
        assert!(matches!(general, Some(Event::TextMessageContent(e)) if e.delta == "a\u{FFFD}"));
    }
}

//! The events a reply is made of, in their plainest form: exactly `type`, an
//! id and `delta`, all strings. They are most of every stream, so they are
//! read straight from the text, without building a JSON object first;
//! anything else (another field, a repeated key, another type, a malformed
//! value) answers `None` and goes the general way, which validates it.

use std::borrow::Cow;

use super::types::{
    Event, ReasoningMessageContentEvent, TextMessageContentEvent, ToolCallArgsEvent,
};

pub fn fast_delta(data: &str) -> Option<Event> {
    let mut s = Scanner { text: data, at: 0 };
    let (mut ty, mut message_id, mut tool_call_id, mut delta) = (None, None, None, None);
    s.skip_ws();
    s.eat(b'{')?;
    loop {
        s.skip_ws();
        let key = s.string()?;
        s.skip_ws();
        s.eat(b':')?;
        s.skip_ws();
        let value = s.string()?;
        let slot = match key.as_ref() {
            "type" => &mut ty,
            "messageId" => &mut message_id,
            "toolCallId" => &mut tool_call_id,
            "delta" => &mut delta,
            _ => return None,
        };
        if slot.replace(value).is_some() {
            return None;
        }
        s.skip_ws();
        match s.next()? {
            b',' => continue,
            b'}' => break,
            _ => return None,
        }
    }
    s.skip_ws();
    if s.at != data.len() {
        return None;
    }
    let delta = delta?.into_owned();
    match (ty?.as_ref(), message_id, tool_call_id) {
        ("TEXT_MESSAGE_CONTENT", Some(id), None) => {
            Some(Event::TextMessageContent(TextMessageContentEvent {
                message_id: id.into_owned(),
                delta,
                ..Default::default()
            }))
        }
        ("REASONING_MESSAGE_CONTENT", Some(id), None) => Some(Event::ReasoningMessageContent(
            ReasoningMessageContentEvent {
                message_id: id.into_owned(),
                delta,
                ..Default::default()
            },
        )),
        ("TOOL_CALL_ARGS", None, Some(id)) => Some(Event::ToolCallArgs(ToolCallArgsEvent {
            tool_call_id: id.into_owned(),
            delta,
            ..Default::default()
        })),
        _ => None,
    }
}

struct Scanner<'a> {
    text: &'a str,
    at: usize,
}

// Small and called per byte or per token: inlined, since the WebAssembly
// build optimizes for size and would otherwise call each one.
impl<'a> Scanner<'a> {
    #[inline(always)]
    fn next(&mut self) -> Option<u8> {
        let b = *self.text.as_bytes().get(self.at)?;
        self.at += 1;
        Some(b)
    }

    #[inline(always)]
    fn eat(&mut self, want: u8) -> Option<()> {
        (self.next()? == want).then_some(())
    }

    #[inline(always)]
    fn skip_ws(&mut self) {
        let b = self.text.as_bytes();
        while matches!(b.get(self.at), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    /// A JSON string. Without escapes it is borrowed; with them, serde_json
    /// decodes it (surrogate pairs and all), so the two paths cannot differ.
    fn string(&mut self) -> Option<Cow<'a, str>> {
        let start = self.at;
        self.eat(b'"')?;
        let bytes = self.text.as_bytes();
        // The plain case in one pass: up to the closing quote, with neither
        // an escape nor a raw control character (invalid JSON, which the
        // general path reports) on the way.
        let stop = crate::core::json::plain_run_end(bytes, self.at);
        if *bytes.get(stop)? == b'"' {
            self.at = stop + 1;
            // Both ends sit on ASCII quotes, so they are character boundaries.
            return self.text.get(start + 1..stop).map(Cow::Borrowed);
        }
        self.at = stop;
        loop {
            match self.next()? {
                b'"' => break,
                b'\\' => {
                    self.next()?;
                }
                0..=0x1f => return None,
                _ => {}
            }
        }
        crate::core::json::parse_string(self.text.get(start..self.at)?).map(Cow::Owned)
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
            r#"{"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"\ud800"}"#,
            r#"{"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"\q"}"#,
            r#"{"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"x"#,
        ] {
            assert!(fast_delta(text).is_none(), "{text} must go the general way");
        }
    }
}

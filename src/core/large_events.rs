//! Large snapshots read without building their bulk as a `Value`.
//!
//! * A STATE_SNAPSHOT's snapshot is checked and kept as its JSON text
//!   ([`LazyJson`]), which JavaScript parses itself and Rust only when it
//!   needs the value. Building and rewriting it was three quarters of taking
//!   in a 5 MB snapshot.
//! * So are an ACTIVITY_SNAPSHOT's content ([`LazyObject`]), a CUSTOM
//!   event's value and a RAW event's event: JavaScript reads them, Rust
//!   only checks them (a 4 MB CUSTOM event: 6.5x `JSON.parse` of it built
//!   and written out again, 2x kept as text).
//! * A MESSAGES_SNAPSHOT whose messages are plain (every member a string: a
//!   text history) has them read straight from the text
//!   ([`plain_messages_at`]), without a hashed map per message first.
//!
//! The rest of such an event goes the general way, with a placeholder in
//! the large member's place that nothing reads; anything unusual (a
//! repeated key, a message that is not plain, text that is not JSON, whose
//! error the general way then reports) sends the whole event the general
//! way. Only events of at least [`AT_LEAST`] bytes are looked at.

use std::rc::Rc;

use serde_json::{Map, Value};

use super::decode::{DecodeError, Decoder, Warnings};
use super::json::{members, parse, LazyJson, ReadMember, SharedText};
use super::plain_messages::plain_messages_at;
use super::types::declare::wire;
use super::types::{ActivitySnapshotEvent, CustomEvent, Event, LazyObject, MessageList};
use super::types::{MessagesSnapshotEvent, RawEvent, StateSnapshotEvent};

/// The events whose large member is opaque, kept as its text: the
/// member's wire name by the event's type.
const OPAQUE: [(&str, &str); 4] = [
    (
        StateSnapshotEvent::TYPE,
        wire!(StateSnapshotEvent, snapshot),
    ),
    (
        ActivitySnapshotEvent::TYPE,
        wire!(ActivitySnapshotEvent, content),
    ),
    (CustomEvent::TYPE, wire!(CustomEvent, value)),
    (RawEvent::TYPE, wire!(RawEvent, event)),
];

/// Smaller events are quick the general way.
pub const AT_LEAST: usize = 4096;

type Decoded = Result<Option<Event>, DecodeError>;

/// The event, if `data` is a large snapshot this module reads; `None` sends
/// it the general way. `whole`: the string `data` is, when it is shared, so
/// the large member's text is kept as a part of it (see [`SharedText`]).
pub fn large_snapshot(
    decoder: &mut Decoder,
    data: &str,
    whole: Option<&Rc<String>>,
    warnings: &mut Warnings,
) -> Option<Decoded> {
    if data.len() < AT_LEAST {
        return None;
    }
    let keep = |text: &str| {
        whole
            .and_then(|w| SharedText::within(w, text))
            .unwrap_or_else(|| text.into())
    };
    // Both put their type first in practice; bytes, not a `str` slice, since
    // byte 256 may fall inside a character.
    let head = &data.as_bytes()[..256];
    let has = |ty: &str| {
        let n = ty.len() + 2;
        head.windows(n)
            .any(|w| w[0] == b'"' && w[n - 1] == b'"' && &w[1..n - 1] == ty.as_bytes())
    };
    for (ty, key) in OPAQUE {
        if !has(ty) {
            continue;
        }
        // The reader wants an object for an activity's content; the
        // others take any value.
        let object = ty == ActivitySnapshotEvent::TYPE;
        let placeholder = if object {
            Value::Object(Map::new())
        } else {
            Value::Null
        };
        let (obj, text) = split(data, ty, key, placeholder, None)?;
        let text = keep(text);
        // Anything but an object: the general way says what is wrong.
        let content = if object {
            Some(LazyObject::checked(text.clone())?)
        } else {
            None
        };
        return Some(finish(decoder, obj, warnings, |e| match e {
            Event::StateSnapshot(e) => e.snapshot = LazyJson::checked(text),
            Event::Custom(e) => e.value = LazyJson::checked(text),
            Event::Raw(e) => e.event = LazyJson::checked(text),
            Event::ActivitySnapshot(e) => e.content = content.unwrap_or_default(),
            _ => {}
        }));
    }
    if has(MessagesSnapshotEvent::TYPE) {
        // Read as they are found: the scanner checks what it reads, so the
        // messages' text is walked once (with a pass to check it first,
        // scenario 4's 10,000 decoded natively in 3.6 ms, against 2.2).
        let mut messages = None;
        let (obj, _) = split(
            data,
            MessagesSnapshotEvent::TYPE,
            wire!(MessagesSnapshotEvent, messages),
            Value::Array(Vec::new()),
            Some(&mut |text| {
                let (read, len, exact) = plain_messages_at(text)?;
                // Text that says exactly what was read comes along, for
                // JavaScript to parse its copy from.
                messages = Some(match exact {
                    true => MessageList::with_text(read, keep(&text[..len])),
                    false => read.into(),
                });
                Some(len)
            }),
        )?;
        let messages = messages?;
        return Some(finish(decoder, obj, warnings, |e| {
            if let Event::MessagesSnapshot(e) = e {
                e.messages = messages;
            }
        }));
    }
    None
}

/// `data`'s members as an object with `placeholder` for member `key`, and
/// that member's text (read by `read` if given, see `members`);
/// `None` unless `data` is one valid object of type `ty` with no key
/// repeated.
fn split<'a>(
    data: &'a str,
    ty: &str,
    key: &str,
    placeholder: Value,
    read: Option<ReadMember<'_, 'a>>,
) -> Option<(Map<String, Value>, &'a str)> {
    let mut obj = Map::new();
    let mut taken = None;
    let mut placeholder = Some(placeholder);
    for (k, text) in members(data, read.map(|r| (key, r)))? {
        let v = if k == key {
            taken = Some(text);
            placeholder.take()?
        } else {
            parse(text).ok()?
        };
        if obj.insert(k, v).is_some() {
            return None;
        }
    }
    (obj.get(Event::TAG).and_then(Value::as_str) == Some(ty)).then_some((obj, taken?))
}

/// The rest of the event the general way, then the large member put back.
fn finish(
    decoder: &mut Decoder,
    obj: Map<String, Value>,
    warnings: &mut Warnings,
    put: impl FnOnce(&mut Event),
) -> Decoded {
    decoder
        .decode_value(Value::Object(obj), warnings)
        .map(|decoded| {
            decoded.map(|mut event| {
                put(&mut event);
                event
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Through `decode_str` (this path where it applies) and through the
    /// general path, with the warnings each gave.
    fn both(data: &str) -> [(Result<Option<Event>, DecodeError>, Warnings); 2] {
        let run = |general: bool| {
            let mut w = Vec::new();
            let mut d = Decoder::new();
            let r = if general {
                match parse(data) {
                    Ok(v) => d.decode_value(v, &mut w),
                    Err(e) => Err(DecodeError::Json {
                        reason: e.to_string(),
                    }),
                }
            } else {
                d.decode_str(data, &mut w)
            };
            (r, w)
        };
        [run(false), run(true)]
    }

    fn big() -> Value {
        let items: Vec<Value> = (0..200)
            .map(|i| json!({"id": i, "name": format!("é record {i}"), "tags": ["a", "b"], "x": 1.5e-3}))
            .collect();
        json!({"items": items, "nested": {"deep": [null, true, false, -0.0, 12345678901234567890u64]}})
    }

    #[test]
    fn reads_as_the_general_way_does_and_keeps_the_text() {
        let snap = serde_json::to_string(&big()).unwrap();
        for data in [
            format!(r#"{{"type":"STATE_SNAPSHOT","snapshot":{snap}}}"#),
            format!(r#"{{ "type": "STATE_SNAPSHOT", "snapshot": {snap} , "timestamp": 5}}"#),
            format!(
                r#" {{"type":"STATE_SNAPSHOT","rawEvent":null,"snapshot":{snap},"subagentRunId":"s"}} "#
            ),
        ] {
            let [(lazy, lw), (general, gw)] = both(&data);
            assert_eq!(lazy, general, "{}", &data[..60]);
            assert_eq!(lw, gw);
            let Ok(Some(Event::StateSnapshot(e))) = lazy else {
                panic!("not a snapshot")
            };
            assert_eq!(e.snapshot.text(), Some(snap.as_str()), "kept as text");
            assert_eq!(*e.snapshot, big());
        }
    }

    #[test]
    fn activity_content_is_kept_as_text_and_read_as_the_general_way_does() {
        let content = serde_json::to_string(&big()).unwrap();
        let data = format!(
            r#"{{"type":"ACTIVITY_SNAPSHOT","messageId":"a","activityType":"plan","content":{content},"replace":false}}"#
        );
        let [(lazy, lw), (general, gw)] = both(&data);
        assert_eq!(lazy, general);
        assert_eq!(lw, gw);
        let Ok(Some(Event::ActivitySnapshot(e))) = lazy else {
            panic!("not an activity snapshot")
        };
        assert_eq!(e.content.text(), Some(content.as_str()), "kept as text");
        assert_eq!(*e.content.value(), big());
        // Content that is not an object, and a schema error beside it.
        for data in [
            format!(
                r#"{{"type":"ACTIVITY_SNAPSHOT","messageId":"a","activityType":"p","content":[{content}]}}"#
            ),
            format!(
                r#"{{"type":"ACTIVITY_SNAPSHOT","messageId":"a","activityType":7,"content":{content}}}"#
            ),
            format!(r#"{{"type":"ACTIVITY_SNAPSHOT","activityType":"p","content":{content}}}"#),
        ] {
            let [(lazy, lw), (general, gw)] = both(&data);
            assert!(general.is_err(), "{}", &data[..70]);
            assert_eq!(lazy, general);
            assert_eq!(lw, gw);
        }
    }

    #[test]
    fn custom_and_raw_payloads_are_kept_as_text() {
        let value = serde_json::to_string(&big()).unwrap();
        for (data, kept) in [
            (
                format!(r#"{{"type":"CUSTOM","name":"n","value":{value}}}"#),
                true,
            ),
            (
                format!(r#"{{"type":"RAW","source":"s","event":{value}}}"#),
                true,
            ),
            (format!(r#"{{"type":"RAW","event":[{value}, 1]}}"#), true),
            (
                format!(r#"{{"type":"CUSTOM","name":7,"value":{value}}}"#),
                false,
            ),
            (
                format!(r#"{{"type":"RAW","source":null,"event":{value}}}"#),
                false,
            ),
        ] {
            let [(lazy, lw), (general, gw)] = both(&data);
            assert_eq!(lazy, general, "{}", &data[..50]);
            assert_eq!(lw, gw);
            let text = match &lazy {
                Ok(Some(Event::Custom(e))) => e.value.text(),
                Ok(Some(Event::Raw(e))) => e.event.text(),
                _ => None,
            };
            assert_eq!(text.is_some(), kept, "{}", &data[..50]);
            if kept {
                assert!(data.contains(text.unwrap()));
            }
        }
    }

    #[test]
    fn errors_and_odd_shapes_are_the_general_way_s() {
        let snap = serde_json::to_string(&big()).unwrap();
        let cases = [
            // Invalid JSON inside the snapshot: the general error, positions and all.
            format!(
                r#"{{"type":"STATE_SNAPSHOT","snapshot":{}}}"#,
                snap.replacen("true", "tru", 1)
            ),
            // A schema error in another member.
            format!(r#"{{"type":"STATE_SNAPSHOT","timestamp":"soon","snapshot":{snap}}}"#),
            // A repeated key: the last value, as JSON.parse takes it.
            format!(r#"{{"type":"STATE_SNAPSHOT","snapshot":1,"snapshot":{snap}}}"#),
            // The type after the snapshot, past where it is looked for.
            format!(r#"{{"snapshot":{snap},"type":"STATE_SNAPSHOT"}}"#),
            // Another type that mentions the tag early.
            format!(r#"{{"type":"CUSTOM","name":"STATE_SNAPSHOT","value":{snap}}}"#),
            // A character across byte 256.
            format!(
                r#"{{"type":"STATE_SNAPSHOT","snapshot":{{"k":"{}"}},"x":{snap}}}"#,
                "é".repeat(200)
            ),
        ];
        for data in &cases {
            let [(lazy, lw), (general, gw)] = both(data);
            assert_eq!(lazy, general, "{}", &data[..40]);
            assert_eq!(lw, gw);
        }
    }

    fn message_json(i: usize) -> String {
        let role = [
            "user",
            "assistant",
            "system",
            "developer",
            "tool",
            "reasoning",
        ][i % 6];
        let extra = match i % 5 {
            0 => r#","name":"n\u00e9""#.to_string(),
            1 => r#","subagentRunId":"s","encryptedValue":"e""#.to_string(),
            2 => r#","unknown":"dropped","error":"only tools keep it""#.to_string(),
            _ => String::new(),
        };
        let tool = if role == "tool" {
            r#","toolCallId":"tc""#
        } else {
            ""
        };
        format!(
            r#"{{"id":"m{i}","role":"{role}","content":"line {i}: \"quoted\" \\ ☃ 😀"{tool}{extra}}}"#
        )
    }

    fn snapshot(messages: &[String]) -> String {
        format!(
            r#"{{"type":"MESSAGES_SNAPSHOT","messages":[{}]}}"#,
            messages.join(" ,\n ")
        )
    }

    #[test]
    fn plain_messages_read_as_the_general_way_reads_them() {
        let messages: Vec<String> = (0..120).map(message_json).collect();
        let data = snapshot(&messages);
        assert!(data.len() > AT_LEAST);
        let mut w = Vec::new();
        assert!(
            large_snapshot(&mut Decoder::new(), &data, None, &mut w).is_some(),
            "takes this path"
        );
        let [(fast, fw), (general, gw)] = both(&data);
        assert_eq!(fast, general);
        assert_eq!(fw, gw);
        let Ok(Some(Event::MessagesSnapshot(e))) = fast else {
            panic!("not a snapshot")
        };
        assert_eq!(e.messages.len(), 120);
        // These drop members (`unknown`, and some roles' `name`): no text.
        assert_eq!(e.messages.text(), None);
        // Messages that keep every member: their array's text comes along.
        let exact: Vec<String> = (0..120)
            .map(|i| format!(r#"{{"content":"line {i} \u00e9","role":"user","id":"m{i}"}}"#))
            .collect();
        let data = snapshot(&exact);
        let Some(Ok(Some(Event::MessagesSnapshot(e)))) =
            large_snapshot(&mut Decoder::new(), &data, None, &mut w)
        else {
            panic!("not a snapshot")
        };
        let text = e.messages.text().expect("the array's text");
        let array = &data[data.find('[').unwrap()..data.rfind(']').unwrap() + 1];
        assert_eq!(&**text, array);
        // Decoded from a shared string, the text is a part of it, not a copy.
        let whole = Rc::new(data.clone());
        let Ok(Some(Event::MessagesSnapshot(e))) =
            Decoder::new().decode_text(&whole, Some(&whole), &mut w)
        else {
            panic!("not a snapshot")
        };
        let text = e.messages.text().expect("the array's text");
        assert_eq!(&**text, array);
        let inside = whole.as_ptr() as usize..whole.as_ptr() as usize + whole.len();
        assert!(
            inside.contains(&(text.as_ptr() as usize)),
            "shared, not copied"
        );
        // One member more, which the message drops: no text.
        let mut dropped = exact.clone();
        dropped[7] = dropped[7].replacen('{', r#"{"extra":"x","#, 1);
        let data = snapshot(&dropped);
        let Some(Ok(Some(Event::MessagesSnapshot(e)))) =
            large_snapshot(&mut Decoder::new(), &data, None, &mut w)
        else {
            panic!("not a snapshot")
        };
        assert_eq!((e.messages.len(), e.messages.text()), (120, None));
    }

    #[test]
    fn anything_but_plain_messages_goes_the_general_way() {
        let plain: Vec<String> = (0..120).map(message_json).collect();
        let with = |i: usize, m: &str| {
            let mut ms = plain.clone();
            ms[i] = m.to_string();
            snapshot(&ms)
        };
        let cases = [
            with(3, r#"{"id":"a","role":"assistant","toolCalls":[]}"#),
            with(
                4,
                r#"{"id":"a","role":"user","content":[{"type":"text","text":"parts"}]}"#,
            ),
            with(
                5,
                r#"{"id":"a","role":"activity","activityType":"x","content":"not an object"}"#,
            ),
            with(6, r#"{"id":"a","role":"user"}"#),
            with(7, r#"{"id":"a","role":"tool","content":"no call id"}"#),
            with(8, r#"{"id":"a","role":"robot","content":"unknown role"}"#),
            with(9, r#"{"id":"a","id":"b","role":"user","content":"twice"}"#),
            with(
                10,
                r#"{"id":"a","role":"user","content":"x","metadata":{}}"#,
            ),
            with(11, r#"{"id":"a","role":"user","content":null}"#),
            format!(
                r#"{{"type":"MESSAGES_SNAPSHOT","messages":[{}],"timestamp":"soon"}}"#,
                plain.join(",")
            ),
            format!(
                r#"{{"type":"MESSAGES_SNAPSHOT","messages":[{}],"messages":[]}}"#,
                plain.join(",")
            ),
            // What follows the messages, which their reader stops short of.
            format!(
                r#"{{"type":"MESSAGES_SNAPSHOT","messages":[{}] x}}"#,
                plain.join(",")
            ),
            format!(
                r#"{{"type":"MESSAGES_SNAPSHOT","messages" : [{}]  ,  "timestamp":5 }}"#,
                plain.join(",")
            ),
            format!(
                r#"{{"type":"MESSAGES_SNAPSHOT","messages":[{}]"#,
                plain.join(",")
            ),
            // Broken text inside a message, which only that reader sees.
            with(12, r#"{"id":"a","role":"user","content":"bad \q escape"}"#),
            with(
                13,
                "{\"id\":\"a\",\"role\":\"user\",\"content\":\"raw\ttab\"}",
            ),
            with(14, r#"{"id":"a","role":"user","content":"cut"#),
        ];
        for data in &cases {
            let [(fast, fw), (general, gw)] = both(data);
            assert_eq!(fast, general, "{}", &data[..80]);
            assert_eq!(fw, gw);
        }
        let mut w = Vec::new();
        for data in &cases[..3] {
            assert!(large_snapshot(&mut Decoder::new(), data, None, &mut w).is_none());
        }
    }
}

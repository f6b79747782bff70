//! The clean route and the repairing one read every event alike: the same
//! events, warnings and errors, whichever route an event takes.

use serde_json::{json, Value};

use super::*;
use crate::core::types::Event;

/// Through `decode_str` (the clean route where it applies) and through the
/// repairing route, with the warnings each gave.
fn both(data: &str) -> [(Result<Option<Event>, DecodeError>, Warnings); 2] {
    let run = |repairing: bool| {
        let mut w = Vec::new();
        let mut d = Decoder::new();
        let r = match repairing {
            true => d.decode_repairing(data, &mut w),
            false => d.decode_str(data, &mut w),
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
fn messages_read_as_the_general_way_reads_them() {
    let messages: Vec<String> = (0..120).map(message_json).collect();
    let data = snapshot(&messages);
    assert!(
        read_clean(&data, &mut ScanCx::default()).is_some(),
        "reads cleanly"
    );
    let mut w = Vec::new();
    let [(clean, cw), (general, gw)] = both(&data);
    assert_eq!(clean, general);
    assert_eq!(cw, gw);
    let Ok(Some(Event::MessagesSnapshot(e))) = clean else {
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
    let Ok(Some(Event::MessagesSnapshot(e))) = Decoder::new().decode_str(&data, &mut w) else {
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
    let Ok(Some(Event::MessagesSnapshot(e))) = Decoder::new().decode_str(&data, &mut w) else {
        panic!("not a snapshot")
    };
    assert_eq!((e.messages.len(), e.messages.text()), (120, None));
}

#[test]
fn anything_the_scanning_reader_leaves_goes_the_general_way() {
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
        let [(clean, cw), (general, gw)] = both(data);
        assert_eq!(clean, general, "{}", &data[..80]);
        assert_eq!(cw, gw);
    }
    // What reads cleanly: tool calls, parts, metadata, a repeated key (the
    // last counts); the rest is the repairing route's to repair or report.
    for (i, data) in cases[..12].iter().enumerate() {
        let clean = read_clean(data, &mut ScanCx::default()).is_some();
        assert_eq!(clean, [0, 1, 6, 7, 10].contains(&i), "{i}");
    }
}

/// The plainest events of a stream read cleanly and as the repairing
/// route reads them; anything odd goes that route.
#[test]
fn deltas_and_patches_read_cleanly_as_the_repairing_route_reads_them() {
    let deep = format!(
        r#"{{"type":"STATE_DELTA","delta":[{{"op":"add","path":"/a","value":{}1{}}}]}}"#,
        "[".repeat(120),
        "]".repeat(120)
    );
    for text in [
        r#"{"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"h\u00e9 \"x\""}"#,
        r#"{"delta":"d","toolCallId":"t","type":"TOOL_CALL_ARGS"}"#,
        r#" { "type" : "REASONING_MESSAGE_CONTENT" ,"messageId":"r","delta":""} "#,
        r#"{"type":"TEXT_MESSAGE_CONTENT","messageId":"m\n","delta":"😀 \ud83d\ude00 \\ \/"}"#,
        r#"{"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"a\ud800"}"#,
        r#"{"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"x","delta":"y"}"#,
        r#"{"type":"STATE_DELTA","delta":[{"op":"replace","path":"/items/3/value","value":7},{"op":"add","path":"/c~1d","value":{"x":[1,null,"é"]}}]}"#,
        r#" {"delta":[{"path":"","op":"remove"},{"op":"move","from":"/a","path":"/b"},{"op":"copy","path":"/b","from":"/a"},{"value":null,"op":"test","path":"/n"}], "type" : "STATE_DELTA"} "#,
        r#"{"type":"STATE_DELTA","delta":[]}"#,
        deep.as_str(),
        r#"{"type":"ACTIVITY_DELTA","messageId":"m","activityType":"plan","patch":[{"op":"add","path":"/steps/-","value":{"title":"t","done":false}}]}"#,
        r#"{"patch":[],"activityType":"a","type":"ACTIVITY_DELTA","messageId":"m"}"#,
        r#"{"type":"STATE_DELTA","delta":[{"op":"replace","path":"/a","value":1}],"timestamp":1}"#,
        r#"{"type":"STATE_DELTA","delta":[{"op":"replace","path":"/a","value":1,"value":2}]}"#,
        r#"{"type":"STATE_DELTA","type":"STATE_DELTA","delta":[]}"#,
        r#"{"type":"STATE_DELTA","delta":[],"messageId":"m"}"#,
        r#"{"type":"ACTIVITY_DELTA","messageId":"m","activityType":"a","patch":[],"subagentRunId":"s"}"#,
        r#"{"type":"MESSAGES_SNAPSHOT","messages":[{"id":"u","role":"user","content":[{"type":"text","text":"hi"},{"type":"image","source":{"type":"url","value":"u"}}]},{"id":"a","role":"assistant","toolCalls":[{"id":"t","type":"function","function":{"name":"f","arguments":"{}"}}]}]}"#,
    ] {
        assert!(
            read_clean(text, &mut ScanCx::default()).is_some(),
            "{text} reads cleanly"
        );
        let [(clean, cw), (general, gw)] = both(text);
        assert_eq!(clean, general, "{text}");
        assert_eq!(cw, gw, "{text}");
    }
    let too_deep = format!(
        r#"{{"type":"STATE_DELTA","delta":[{{"op":"add","path":"/a","value":{}1{}}}]}}"#,
        "[".repeat(125),
        "]".repeat(125)
    );
    for text in [
        too_deep.as_str(),
        r#"{"type":"TEXT_MESSAGE_CONTENT","messageId":"m"}"#,
        r#"{"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"x","metadata":null}"#,
        r#"{"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":1}"#,
        r#"{"type":"TEXT_MESSAGE_CONTENT","toolCallId":"m","delta":"x"}"#,
        r#"{"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"x"} x"#,
        r#"{"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"x",}"#,
        "{\"type\":\"TEXT_MESSAGE_CONTENT\",\"messageId\":\"m\",\"delta\":\"a\tb\"}",
        r#"{"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"\q"}"#,
        r#"{"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"x"#,
        r#"{"type":"STATE_DELTA","delta":[{"op":"replace","path":"/a"}]}"#,
        r#"{"type":"STATE_DELTA","delta":[{"op":"replace","path":"a","value":1}]}"#,
        r#"{"type":"STATE_DELTA","delta":[{"op":"frob","path":"/a","value":1}]}"#,
        r#"{"type":"STATE_DELTA","delta":[{"op":"replace","path":"/a","value":01}]}"#,
        r#"{"type":"STATE_DELTA","delta":[{"op":"replace","path":"/a","value":1,}]}"#,
        r#"{"type":"STATE_DELTA","delta":{}}"#,
        r#"{"type":"STATE_DELTA"}"#,
        r#"{"type":"STATE_DELTA","delta":[1]}"#,
        r#"{"type":"STATE_DELTA","patch":[]}"#,
        r#"{"type":"ACTIVITY_DELTA","messageId":"m","patch":[]}"#,
        r#"{"type":"ACTIVITY_DELTA","messageId":1,"activityType":"a","patch":[]}"#,
        r#"{"type":"FUTURE_THING","x":1}"#,
        r#"{"type":"RUN_FINISHED","threadId":"t","runId":"r","outcome":{"type":"later"}}"#,
        r#"{"type":"TOOL_CALL_START","toolCallId":"t","toolCallName":"f","parentMessageId":null,"rawEvent":null}"#,
        r#"{"type":"MESSAGES_SNAPSHOT","messages":[{"id":"u","role":"user","content":[{"type":"binary","mimeType":"image/png","data":"AAAA"}]}]}"#,
        r#"{"type":"MESSAGES_SNAPSHOT","messages":[{"id":"a","role":"wizard","content":"x"}]}"#,
    ] {
        assert!(
            read_clean(text, &mut ScanCx::default()).is_none(),
            "{text} goes the repairing route"
        );
        let [(clean, cw), (general, gw)] = both(text);
        assert_eq!(clean, general, "{text}");
        assert_eq!(cw, gw, "{text}");
    }
}

#[test]
fn retired_events_go_the_repairing_route() {
    let text = r#"{"type":"THINKING_TEXT_MESSAGE_CONTENT","delta":"hm"}"#;
    assert!(read_clean(text, &mut ScanCx::default()).is_none());
    let mut w = Vec::new();
    let e = Decoder::new().decode_str(text, &mut w).unwrap().unwrap();
    assert!(matches!(e, Event::ReasoningMessageContent(e) if e.delta == "hm"));
    assert_eq!(w.len(), 1);
}

/// Errors come in the order the old reader gave them: the first field in
/// declaration order, the first item, and text that is not JSON over all.
#[test]
fn errors_name_the_first_field_in_declaration_order() {
    let error = |text: &str| {
        Decoder::new()
            .decode_str(text, &mut Vec::new())
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        error(r#"{"type":"TEXT_MESSAGE_CONTENT","delta":1,"messageId":2}"#),
        "Invalid TEXT_MESSAGE_CONTENT event: `messageId`: expected a string, got a number"
    );
    assert_eq!(
        error(r#"{"type":"TEXT_MESSAGE_CONTENT","delta":1}"#),
        "Invalid TEXT_MESSAGE_CONTENT event: `messageId`: missing field"
    );
    assert_eq!(
        error(
            r#"{"type":"STATE_DELTA","delta":[{"op":"add","path":"/a","value":1},{"op":"add","path":"/b"},{"op":"x"}]}"#
        ),
        "Invalid STATE_DELTA event: `delta[1].value`: missing field"
    );
    let e = error(r#"{"type":"TEXT_MESSAGE_CONTENT","delta":1,"messageId":tru}"#);
    assert!(e.starts_with("Invalid event: the data is not JSON"), "{e}");
    let _ = json!(null) == Value::Null;
}

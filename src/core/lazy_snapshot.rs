//! A large STATE_SNAPSHOT, read without building its snapshot: the value is
//! checked and kept as its JSON text ([`LazyJson`]), which JavaScript parses
//! itself and Rust only when it needs the value. Taking in a 5 MB snapshot
//! was three quarters Rust's building and rewriting of it (the figures are
//! in BENCHMARKS.md, scenario 5).

use serde_json::{Map, Value};

use super::decode::{DecodeError, Decoder, Warnings};
use super::json::{members, parse, LazyJson};
use super::types::Event;

/// The event, if `data` is a large STATE_SNAPSHOT: its other members go
/// the general way, with a `null` in the snapshot's place that nothing
/// reads. `None` sends the whole event the general way: small, not a
/// STATE_SNAPSHOT, not valid JSON (whose error the general way reports), or
/// a repeated key.
pub fn lazy_snapshot(
    decoder: &mut Decoder,
    data: &str,
    warnings: &mut Warnings,
) -> Option<Result<Option<Event>, DecodeError>> {
    const AT_LEAST: usize = 4096;
    const TAG: &[u8] = b"\"STATE_SNAPSHOT\"";
    // Bytes, not a `str` slice: byte 256 may fall inside a character.
    if data.len() < AT_LEAST || !data.as_bytes()[..256].windows(TAG.len()).any(|w| w == TAG) {
        return None;
    }
    let mut obj = Map::new();
    let mut snapshot = None;
    for (key, text) in members(data)? {
        let v = if key == "snapshot" {
            snapshot = Some(text);
            Value::Null
        } else {
            parse(text).ok()?
        };
        if obj.insert(key, v).is_some() {
            return None;
        }
    }
    if obj.get("type").and_then(Value::as_str) != Some("STATE_SNAPSHOT") {
        return None;
    }
    let snapshot = LazyJson::checked(snapshot?);
    Some(
        decoder
            .decode_value(Value::Object(obj), warnings)
            .map(|decoded| {
                decoded.map(|mut event| {
                    if let Event::StateSnapshot(e) = &mut event {
                        e.snapshot = snapshot;
                    }
                    event
                })
            }),
    )
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
}

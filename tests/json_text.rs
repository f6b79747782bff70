//! Our JSON reader and writer against serde_json's. The writer gives the
//! text serde's derived `Serialize` gives, for every value, event and
//! history the cases hold. The reader, against serde_json's with
//! `float_roundtrip` (which reads numbers as `JSON.parse` does): the same
//! documents accepted, the same values read, on every recorded case and
//! fixture, on every prefix of the smaller ones, and on seeded mutations of
//! all of them. `validate`, which checks without building, agrees with
//! our reader everywhere, errors included.

mod support;

use std::collections::HashSet;
use std::path::Path;

use agui_wasm::core::decode::Decoder;
use agui_wasm::core::json::{parse, to_json, validate, MAX_DEPTH};
use agui_wasm::core::types::{Event, FromJson, Message};
use serde_json::Value;

fn agree(text: &str) {
    let ours = parse(text);
    // Checking without building is the same grammar: the same documents
    // accepted, the same error for the rest.
    assert_eq!(
        validate(text).err(),
        ours.as_ref().err().cloned(),
        "validate on {text:?}"
    );
    let theirs = serde_json::from_str::<Value>(text);
    match (&ours, &theirs) {
        (Ok(a), Ok(b)) => {
            assert_eq!(a, b, "values differ on {text:?}");
            // Same numbers down to their representation (integer or double).
            assert_eq!(a.to_string(), b.to_string(), "on {text:?}");
        }
        (Err(_), Err(_)) => {}
        // serde_json refuses a lone surrogate half; we read it as U+FFFD,
        // as `JSON.parse` keeps it (see `lone_surrogate_halves_read_as_replacement_characters`).
        (Ok(_), Err(_)) if has_surrogate_escape(text) => {}
        _ => panic!("on {text:?}: ours {ours:?}, serde_json {theirs:?}"),
    }
}

/// Whether `text` escapes a surrogate half (`\uD800` to `\uDFFF`).
fn has_surrogate_escape(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    lower
        .match_indices("\\ud")
        .any(|(i, _)| matches!(lower.as_bytes().get(i + 3), Some(b'8'..=b'9' | b'a'..=b'f')))
}

fn corpus() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut dirs = support::case_dirs();
    dirs.push(root.join("../shared/conformance/proto"));
    dirs.push(root.join("tests/fixtures/partial-json"));
    dirs.push(root.join("tests/fixtures/json-patch"));
    let docs: Vec<String> = dirs
        .iter()
        .flat_map(|dir| support::case_files(dir))
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    assert!(docs.len() > 200, "corpus too small: {}", docs.len());
    docs
}

/// The documents that are JSON objects (the cases), parsed once.
fn cases(docs: &[String]) -> Vec<Value> {
    docs.iter()
        .filter_map(|d| serde_json::from_str::<Value>(d).ok())
        .collect()
}

/// Every event payload of every case, as the wire carried it.
fn payloads(docs: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for v in cases(docs) {
        if let Some(events) = v["events"].as_array() {
            out.extend(events.iter().map(|e| e.to_string()));
        }
    }
    out
}

#[test]
fn agrees_on_every_recorded_document_and_event() {
    let docs = corpus();
    for d in &docs {
        agree(d);
    }
    let events = payloads(&docs);
    assert!(events.len() > 1000, "{}", events.len());
    for e in &events {
        agree(e);
        // Every prefix of the small ones: each cut is an error in both.
        if e.len() < 400 {
            for cut in (0..e.len()).filter(|&i| e.is_char_boundary(i)) {
                agree(&e[..cut]);
            }
        }
    }
}

#[test]
fn agrees_on_mutated_documents() {
    let docs = payloads(&corpus());
    let alphabet = b"{}[]\",:\\/ \t\n\r0123456789-+.eEtrufalsn\x01\x7fu";
    let mut next = support::xorshift(0x2545_f491_4f6c_dd1d);
    let mut checked = 0;
    for doc in docs.iter().filter(|d| d.len() < 2000) {
        for _ in 0..40 {
            let mut bytes = doc.clone().into_bytes();
            for _ in 0..1 + next() % 3 {
                let at = (next() as usize) % bytes.len();
                let b = alphabet[(next() as usize) % alphabet.len()];
                match next() % 3 {
                    0 => bytes[at] = b,
                    1 => bytes.insert(at, b),
                    _ => {
                        bytes.remove(at);
                        if bytes.is_empty() {
                            break;
                        }
                    }
                }
            }
            if let Ok(text) = String::from_utf8(bytes) {
                agree(&text);
                checked += 1;
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}

#[test]
fn agrees_on_edges() {
    let cases = [
        "0",
        "-0",
        "-0.0",
        "1",
        "-1",
        "1.0",
        "1e2",
        "1E+2",
        "1e-2",
        "0.1",
        "01",
        "1.",
        ".5",
        "-",
        "+1",
        "1e",
        "1e+",
        "--1",
        "18446744073709551615",
        "18446744073709551616",
        "-9223372036854775808",
        "-9223372036854775809",
        "1e400",
        "-1e400",
        "1e-400",
        "9007199254740993",
        "0.30000000000000004",
        "2.2250738585072011e-308",
        "123456789012345678901234567890",
        "1.7976931348623157e308",
        "1.7976931348623159e308",
        "true",
        "false",
        "null",
        "tru",
        "nul",
        "truex",
        "True",
        "[]",
        "{}",
        "[1,]",
        "[,1]",
        "{\"a\":1,}",
        "{\"a\" 1}",
        "{1:1}",
        "{\"a\":1,\"a\":2,\"b\":3}",
        "\"\\u00e9\"",
        "\"\\ud83d\\ude00\"",
        "\"\\ud83d\"",
        "\"\\ude00\"",
        "\"\\ud83dx\"",
        "\"\\ud83d\\u0041\"",
        "\"\\u12\"",
        "\"\\x\"",
        "\"a\tb\"",
        "\"\u{7f}\"",
        "\"é😀\"",
        "\"\\/\\b\\f\\n\\r\\t\"",
        " \t\r\n[ 1 , 2 ]\n ",
        "[1] x",
        "",
        " ",
        "\"abc",
        "[\"a\"",
        "{\"a\"",
        "{\"a\":",
        "\u{feff}1",
        "[1 2]",
        "{\"a\":1 \"b\":2}",
    ];
    for c in cases {
        agree(c);
    }
}

/// Strings with escapes are undone into bytes (`parse::Make::Buf`): every
/// escape beside runs of every length, of one- to four-byte characters,
/// JSON inside a string, and those strings cut short or broken by a
/// control character, read as serde_json reads them.
#[test]
fn agrees_on_escaped_strings() {
    let escapes = [
        "\\\"",
        "\\\\",
        "\\/",
        "\\n",
        "\\t",
        "\\u00e9",
        "\\ud83d\\ude00",
        "\\ud83d",
    ];
    let runs = [
        "",
        "a",
        "é",
        "😀",
        "ab€",
        "record 12 ",
        "x€😀y",
        "0123456789abcdefghij",
    ];
    let mut seed = 7u32;
    let mut next = |n: usize| {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        (seed >> 16) as usize % n
    };
    for _ in 0..2_000 {
        let mut body = String::new();
        for _ in 0..1 + next(12) {
            body.push_str(runs[next(runs.len())]);
            body.push_str(escapes[next(escapes.len())]);
        }
        body.push_str(runs[next(runs.len())]);
        let text = format!("\"{body}\"");
        agree(&text);
        agree(&text[..text.len() - 1]);
        agree(&format!("[{text},\"\\u0041{body}\u{1}\"]"));
    }
    let inner = r#"{"rows":[{"id":1,"name":"a \"quoted\" é","tags":["x","😀"]}]}"#;
    agree(&serde_json::to_string(inner).unwrap());
}

#[test]
fn nesting_stops_at_serde_jsons_limit() {
    for depth in [
        MAX_DEPTH - 2,
        MAX_DEPTH - 1,
        MAX_DEPTH,
        MAX_DEPTH + 1,
        10_000,
    ] {
        agree(&format!("{}{}", "[".repeat(depth), "]".repeat(depth)));
        agree(&format!("{}1{}", "[".repeat(depth), "]".repeat(depth)));
        agree(&format!("{}{}", "{\"a\":".repeat(depth), "}".repeat(depth)));
        agree(&format!(
            "{}0{}",
            "{\"a\":".repeat(depth),
            "}".repeat(depth)
        ));
    }
}

#[test]
fn lone_surrogate_halves_read_as_replacement_characters() {
    let read = |t: &str| parse(t).unwrap().as_str().unwrap().to_owned();
    assert_eq!(read(r#""\ud83d\ude00""#), "😀", "a pair is one character");
    assert_eq!(read(r#""a\ud83d""#), "a\u{FFFD}");
    assert_eq!(read(r#""\ude00b""#), "\u{FFFD}b");
    assert_eq!(
        read(r#""\ud83d\ud83d\ude00""#),
        "\u{FFFD}😀",
        "a high half, then a pair"
    );
    assert_eq!(
        read(r#""\ud83d\n""#),
        "\u{FFFD}\n",
        "the escape after a lone half is its own"
    );
    assert_eq!(read(r#""\ude00\ud83d""#), "\u{FFFD}\u{FFFD}");
    assert!(
        parse(r#""\ud83d\uZZZZ""#).is_err(),
        "a bad escape after one is still bad"
    );
}

#[test]
fn errors_say_what_and_where() {
    let e = |t: &str| parse(t).unwrap_err().to_string();
    assert_eq!(e("{\"a\":"), "EOF while parsing a value at line 1 column 5");
    assert_eq!(e("[1,\n  x]"), "expected value at line 2 column 3");
    assert_eq!(e("[1] x"), "trailing characters at line 1 column 5");
    assert_eq!(e("1e400"), "number out of range at line 1 column 5");
    assert!(e(&"[".repeat(200)).starts_with("recursion limit exceeded"));
    // The messages serde_json gives for the same mistakes.
    for t in [
        "{\"a\":",
        "[1,\n  x]",
        "[1] x",
        "1e400",
        "{\"a\" 1}",
        "[1 2]",
    ] {
        let theirs = serde_json::from_str::<Value>(t).unwrap_err().to_string();
        assert_eq!(e(t), theirs, "on {t:?}");
    }
}

/// Every event each case carries, decoded.
fn events(cases: &[Value]) -> Vec<Event> {
    let mut out = Vec::new();
    for v in cases {
        let Some(events) = v["events"].as_array() else {
            continue;
        };
        let mut decoder = Decoder::new();
        for e in events {
            if let Ok(Some(ev)) = decoder.decode_value(e.clone(), &mut Vec::new()) {
                out.push(ev);
            }
        }
    }
    out
}

/// Every history a case starts or ends with.
fn histories(cases: &[Value]) -> Vec<Vec<Message>> {
    let mut out = Vec::new();
    for v in cases {
        for h in [&v["initial"]["messages"], &v["expected"]["messages"]] {
            if let Ok(ms) = Vec::<Message>::from_json(h.clone()) {
                out.push(ms);
            }
        }
    }
    out
}

/// Values are written as serde_json writes them; protocol types read back
/// as they were (their writer and reader are generated from one
/// declaration, so they must agree on every name).
#[test]
fn writes_what_serde_json_writes_and_reads_back() {
    let docs = corpus();
    for d in &docs {
        let v = parse(d).unwrap();
        assert_eq!(to_json(&v), serde_json::to_string(&v).unwrap());
    }
    let every_byte: String = (0u8..0x80).map(char::from).collect();
    for s in [every_byte.as_str(), "é😀\u{2028}\u{fffd}", "\"\\/", ""] {
        let v = Value::String(s.into());
        assert_eq!(to_json(&v), serde_json::to_string(&v).unwrap());
    }
    let cases = cases(&docs);
    let events = events(&cases);
    let kinds: HashSet<&str> = events.iter().map(Event::type_name).collect();
    assert!(kinds.len() >= 25, "{kinds:?}");
    for e in &events {
        let written = parse(&to_json(e)).unwrap();
        assert_eq!(written["type"], e.type_name());
        assert_eq!(&Event::from_value(e.type_name(), written).unwrap(), e);
    }
    let histories = histories(&cases);
    let roles: HashSet<&str> = histories.iter().flatten().map(Message::role).collect();
    assert_eq!(roles.len(), 7, "{roles:?}");
    for h in &histories {
        let written = parse(&to_json(h)).unwrap();
        assert_eq!(&Vec::<Message>::from_json(written).unwrap(), h);
    }
}

use super::*;
use serde_json::json;

fn v(s: &str) -> Option<Value> {
    partial_value(s)
}

#[test]
fn readme_examples() {
    assert_eq!(v("[1, 2"), Some(json!([1, 2])));
    assert_eq!(v("\"Hello, Wor"), Some(json!("Hello, Wor")));
    assert_eq!(
        v("{\"votes\": [true, fa"),
        Some(json!({"votes": [true, false]}))
    );
    assert_eq!(v("123."), Some(json!(123)));
    assert_eq!(v("[1, 2, "), Some(json!([1, 2])));
    assert_eq!(v("\"abc\\"), Some(json!("abc")));
    assert_eq!(v("{\"x\": 20, \"y\": "), Some(json!({"x": 20})));
}

#[test]
fn nothing_to_show() {
    assert_eq!(v(""), None);
    assert_eq!(v(" \n\t"), None);
    assert_eq!(PartialJson::new().value(), None);
}

#[test]
fn pending_tails() {
    assert_eq!(v("{\"a\":1,\"b"), Some(json!({"a": 1})));
    assert_eq!(v("{\"a\":1,\"b\""), Some(json!({"a": 1})));
    assert_eq!(v("{\"a\":1,\"b\" :"), Some(json!({"a": 1})));
    assert_eq!(v("{\"a\":1,\"b\" : "), Some(json!({"a": 1})));
    assert_eq!(v("{\"a\":1,\"b\" : t"), Some(json!({"a": 1, "b": true})));
    assert_eq!(v("{\""), Some(json!({})));
    assert_eq!(v("[tr"), Some(json!([true])));
    assert_eq!(v("[tr,"), None); // the word was cut short
    assert_eq!(v("[true,"), Some(json!([true])));
    assert_eq!(v("-"), Some(json!(0)));
    assert_eq!(v("1e"), Some(json!(1)));
    assert_eq!(v("1e+"), Some(json!(1)));
    assert_eq!(v("[1.5e-"), Some(json!([1.5])));
    assert_eq!(v("{\"a\":1,"), Some(json!({"a": 1})));
    assert_eq!(v("{\"a\":1, junk"), Some(json!({"a": 1})));
    assert_eq!(v("{\"a\" x"), Some(json!({})));
}

#[test]
fn reference_quirks() {
    // The respawn point outlives its container.
    assert_eq!(v("[1,]"), None);
    assert_eq!(v("[1,]["), Some(json!([1])));
    assert_eq!(v("[1,][]"), None);
    assert_eq!(v("[1,][]["), Some(json!([1])));
    assert_eq!(v("{\"a\":1,}{"), Some(json!({"a": 1})));
    assert_eq!(v("[1,]{"), None);
    // Held text is not validated until the hold ends.
    assert_eq!(v("\"\\uZZ"), Some(json!("")));
    assert_eq!(v("\"\\uZZZZ"), None);
}

/// The reference takes the character after `\uXXXX` as escaped too, so
/// a closing quote there leaves its string open and the value vanishes.
/// We end the escape at its fourth hex digit.
#[test]
fn unicode_escape_ends_at_its_fourth_digit() {
    assert_eq!(v("\"\\u1234"), Some(json!("\u{1234}")));
    assert_eq!(v("\"\\u1234\""), Some(json!("\u{1234}"))); // reference: throws
    assert_eq!(v("\"\\u0041x\""), Some(json!("Ax")));
    assert_eq!(
        v("{\"a\":\"\\u0041\",\"b\":\"x"),
        Some(json!({"a": "A", "b": "x"}))
    );
    assert_eq!(v("{\"a\":\"\\u0041\","), Some(json!({"a": "A"})));
    assert_eq!(
        v("{\"a\":\"\\u0041\",\"b\":\"x\"}"),
        Some(json!({"a": "A", "b": "x"}))
    );
    // A second escape right after the first is held back like any other.
    assert_eq!(v("\"\\u0041\\"), Some(json!("A")));
    assert_eq!(v("\"\\u0041\\u00"), Some(json!("A"))); // reference: throws
    assert_eq!(v("\"\\u0041\\n"), Some(json!("A\n")));
    assert_eq!(v("[\"\\u0041\",\"x,-\""), Some(json!(["A", "x,-"])));
    // A `u` right after the escape is just a letter.
    assert_eq!(v("\"\\u0041u12"), Some(json!("Au12")));
    assert_eq!(v("[\"\\u0041\"]"), Some(json!(["A"]))); // reference: throws
}

#[test]
fn invalid_stays_invalid() {
    let mut p = PartialJson::new();
    p.push("{]");
    assert_eq!(p.value(), None);
    p.push("}");
    assert_eq!(p.value(), None);
    assert_eq!(p.buffer(), "{]}");
    assert_eq!(v("[01"), None);
    assert_eq!(v("1 2"), None);
    assert_eq!(v("[1 2"), None);
    assert_eq!(v("{\"a\":1}x"), None);
    assert_eq!(v("\"a\u{1}b\""), None);
    assert_eq!(v("[tx"), None);
    assert_eq!(v("[truee"), None);
    assert_eq!(v("\u{a0}1"), None);
}

#[test]
fn numbers() {
    assert_eq!(v("1.0"), Some(json!(1)));
    assert_eq!(v("-0"), Some(json!(0)));
    assert_eq!(v("-0.5"), Some(json!(-0.5)));
    assert_eq!(v("0.1"), Some(json!(0.1)));
    assert_eq!(v("6.02e23"), Some(json!(6.02e23)));
    assert_eq!(v("1e400"), Some(Value::Null));
    assert_eq!(v("-1e400"), Some(Value::Null));
    assert_eq!(v("1e-400"), Some(json!(0)));
    assert_eq!(
        v("12345678901234567890"),
        Some(json!(12345678901234567168u64))
    );
    assert_eq!(v("9007199254740993"), Some(json!(9007199254740992i64)));
    assert_eq!(v("1e20"), Some(json!(1e20)));
    assert_eq!(
        v("3.141592653589793238462643383279"),
        Some(json!(std::f64::consts::PI))
    );
    let long = format!("0.{}1e{}", "0".repeat(2000), 2001);
    assert_eq!(v(&long), Some(json!(1)));
    let wide = format!("{}e-1999", "1".repeat(2000));
    assert_eq!(v(&wide), Some(json!(1.1111111111111111)));
    // A halfway case decided by a digit far past MAX_DIGITS.
    let half = "9007199254740993"; // 2^53 + 1: ties to even, down
    assert_eq!(v(half), Some(json!(9007199254740992u64)));
    let above = format!("{half}.{}1", "0".repeat(1500));
    assert_eq!(v(&above), Some(json!(9007199254740994u64)));
}

#[test]
fn strings_and_surrogates() {
    assert_eq!(
        v(r#""a\"b\\c\/d\b\f\n\r\t""#),
        Some(json!("a\"b\\c/d\u{8}\u{c}\n\r\t"))
    );
    assert_eq!(v(r#""\ud83d\ude00""#), Some(json!("😀")));
    assert_eq!(v(r#""\ud83d"#), Some(json!("\u{fffd}")));
    assert_eq!(v(r#""\ud83d\"#), Some(json!("\u{fffd}"))); // reference: throws
    assert_eq!(v(r#""\ud83d\ude"#), Some(json!("\u{fffd}")));
    assert_eq!(v(r#""\ud83d\ude00"#), Some(json!("😀")));
    assert_eq!(v(r#"["\udc00x"]"#), Some(json!(["\u{fffd}x"])));
    assert_eq!(v("\"😀 é 中\""), Some(json!("😀 é 中")));
    // The stand-in was already in the tree when the low half arrived.
    let mut p = PartialJson::new();
    for delta in ["[\"a\\ud83d", "\\ude", "00", "b\"]"] {
        p.push(delta);
    }
    assert_eq!(p.value(), Some(&json!(["a😀b"])));
}

#[test]
fn duplicate_keys_keep_first_position() {
    let got = v(r#"{"a":1,"b":2,"a":{"x":[3"#).unwrap_or_default();
    assert_eq!(got, json!({"a": {"x": [3]}, "b": 2}));
    let keys: Vec<_> = got
        .as_object()
        .map(|m| m.keys().cloned().collect())
        .unwrap_or_default();
    assert_eq!(keys, ["a", "b"]);
    let mut p = PartialJson::new();
    for c in r#"{"k":"x","z":0,"k":"long"}"#.chars() {
        p.push(c.encode_utf8(&mut [0; 4]));
    }
    assert_eq!(p.value(), Some(&json!({"k": "long", "z": 0})));
}

#[test]
fn split_anywhere() {
    let doc = r#" {"t\u00e9xt": "h\u00e9llo \"w\" 😀", "n": [-1.5e+3, 0, true, null, {}], "s": "\ud83d\ude00"} "#;
    let whole = v(doc);
    assert!(whole.is_some());
    for size in 1..8 {
        let mut p = PartialJson::new();
        let chars: Vec<char> = doc.chars().collect();
        for chunk in chars.chunks(size) {
            p.push(&chunk.iter().collect::<String>());
            assert_eq!(p.value(), v(p.buffer()).as_ref(), "{:?}", p.buffer());
        }
        assert_eq!(p.value(), whole.as_ref());
    }
}

#[test]
fn deep_nesting_does_not_overflow() {
    let depth = 100_000;
    let mut p = PartialJson::new();
    p.push(&"[".repeat(depth));
    assert!(p.value().is_some());
    p.push(&"]".repeat(depth));
    assert!(p.value().is_some());
    p.push("x");
    assert_eq!(p.value(), None);
    let mut p = PartialJson::new();
    p.push(&"{\"a\":".repeat(depth));
    p.push("1");
    let mut node = p.value();
    let mut levels = 0;
    while let Some(Value::Object(m)) = node {
        node = m.get("a");
        levels += 1;
    }
    assert_eq!((levels, node), (depth, Some(&json!(1))));
    let _copy = p.clone();
}

#[test]
fn pushing_is_linear() {
    let mut p = PartialJson::new();
    p.push("{\"text\": \"");
    let start = p.work();
    for _ in 0..20_000 {
        p.push("a");
    }
    let per_push = (p.work() - start) / 20_000;
    assert!(per_push <= 8, "{per_push} units of work per one-byte push");
    assert_eq!(
        p.value().and_then(|v| v["text"].as_str()).map(str::len),
        Some(20_000)
    );
}

#[test]
fn plain_text_between_surrogate_halves_keeps_them_apart() {
    // A high half, plain text, then a low half: two stand-ins, not a pair,
    // however the text is cut (a run of plain text is taken in one piece).
    let doc = r#"{"s": "\ud83dxy\ude00z", "t": "a\ud83d\ude00b"}"#;
    let want = json!({"s": "\u{FFFD}xy\u{FFFD}z", "t": "a😀b"});
    for size in 1..doc.len() {
        let mut p = PartialJson::new();
        for chunk in doc.as_bytes().chunks(size) {
            p.push(std::str::from_utf8(chunk).unwrap_or_default());
        }
        assert_eq!(p.value(), Some(&want), "cut every {size} bytes");
    }
}

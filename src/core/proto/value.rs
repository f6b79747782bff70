//! `google.protobuf.Value`, `Struct` and `ListValue` to the JSON the SSE path
//! would have parsed.
//!
//! Read as `@ag-ui/proto` reads them: a Value that sets no kind is
//! `undefined` (an absent field, a skipped object key, `null` in a list,
//! where `JSON.stringify` would put it); protobuf numbers are doubles, and an
//! integral one becomes an integer, as `JSON.parse` of the same number would
//! in serde_json; a non-finite one becomes `null`, as `JSON.stringify` writes
//! it. Repeated occurrences merge by protobuf's rules (the last kind wins,
//! objects and lists of the same kind accumulate), as the reference's
//! field merger does before decoding. Invalid UTF-8 in a string or a key
//! becomes U+FFFD, as the reference's `TextDecoder` (and our SSE parser)
//! read it.

use serde_json::{Map, Value as Json};

use super::wire::{Reader, FIXED64, LEN, VARINT};

/// How deeply objects and arrays may nest in one value: the SSE path's
/// limit, so both transports refuse the same documents.
pub use crate::core::json::MAX_DEPTH;

type Result<T> = std::result::Result<T, &'static str>;

/// A `Value` field from its occurrences; `None` if absent or kind-less.
pub fn value(occurrences: &[Vec<u8>]) -> Result<Option<Json>> {
    let mut acc = None;
    for bytes in occurrences {
        merge_value(bytes, &mut acc, 0)?;
    }
    Ok(acc)
}

/// A `Struct` field from its occurrences; `None` if absent.
pub fn object(occurrences: &[Vec<u8>]) -> Result<Option<Map<String, Json>>> {
    if occurrences.is_empty() {
        return Ok(None);
    }
    let mut map = Map::new();
    for bytes in occurrences {
        merge_struct(bytes, &mut map, 0)?;
    }
    Ok(Some(map))
}

/// `depth` is the number of objects and arrays around this value.
fn merge_value(buf: &[u8], acc: &mut Option<Json>, depth: usize) -> Result<()> {
    let mut r = Reader::new(buf);
    while !r.done() {
        let (field, wire_type) = r.key()?;
        // A known field with an unexpected wire type is an unknown field to
        // the reference's reader, so it is skipped here too.
        match (field, wire_type) {
            (1, VARINT) => {
                r.varint()?;
                *acc = Some(Json::Null);
            }
            (2, FIXED64) => *acc = Some(number(f64::from_le_bytes(r.fixed64()?))),
            (3, LEN) => *acc = Some(Json::String(text(r.bytes()?))),
            (4, VARINT) => *acc = Some(Json::Bool(r.varint()? != 0)),
            (5, LEN) => {
                let payload = r.bytes()?;
                let mut map = match acc.take() {
                    Some(Json::Object(m)) => m,
                    _ => Map::new(),
                };
                merge_struct(payload, &mut map, deeper(depth)?)?;
                *acc = Some(Json::Object(map));
            }
            (6, LEN) => {
                let payload = r.bytes()?;
                let mut list = match acc.take() {
                    Some(Json::Array(v)) => v,
                    _ => Vec::new(),
                };
                merge_list(payload, &mut list, deeper(depth)?)?;
                *acc = Some(Json::Array(list));
            }
            _ => r.skip(field, wire_type)?,
        }
    }
    Ok(())
}

fn deeper(depth: usize) -> Result<usize> {
    if depth >= MAX_DEPTH {
        Err("JSON nested more than 128 levels deep")
    } else {
        Ok(depth + 1)
    }
}

/// `Struct`: repeated map entries; a later entry for a key replaces it.
fn merge_struct(buf: &[u8], map: &mut Map<String, Json>, depth: usize) -> Result<()> {
    let mut r = Reader::new(buf);
    while !r.done() {
        match r.key()? {
            (1, LEN) => {
                let (key, value) = entry(r.bytes()?, depth)?;
                // An entry whose value sets no kind is `undefined` in
                // JavaScript: the reference leaves the key out.
                if let Some(value) = value {
                    map.insert(key, value);
                }
            }
            (field, wire_type) => r.skip(field, wire_type)?,
        }
    }
    Ok(())
}

fn entry(buf: &[u8], depth: usize) -> Result<(String, Option<Json>)> {
    let mut r = Reader::new(buf);
    let (mut key, mut value) = (String::new(), None);
    while !r.done() {
        match r.key()? {
            (1, LEN) => key = text(r.bytes()?),
            (2, LEN) => merge_value(r.bytes()?, &mut value, depth)?,
            (field, wire_type) => r.skip(field, wire_type)?,
        }
    }
    Ok((key, value))
}

/// `ListValue`: repeated values; a kind-less one is `null`, as
/// `JSON.stringify` writes `undefined` in an array.
fn merge_list(buf: &[u8], list: &mut Vec<Json>, depth: usize) -> Result<()> {
    let mut r = Reader::new(buf);
    while !r.done() {
        match r.key()? {
            (1, LEN) => {
                let mut item = None;
                merge_value(r.bytes()?, &mut item, depth)?;
                list.push(item.unwrap_or(Json::Null));
            }
            (field, wire_type) => r.skip(field, wire_type)?,
        }
    }
    Ok(())
}

/// Invalid UTF-8 becomes U+FFFD, as the reference's `TextDecoder` reads it.
fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A double as serde_json parses the text `JSON.stringify` writes for it:
/// integral values below 1e21 print as digits and parse as integers.
fn number(n: f64) -> Json {
    const TWO_63: f64 = 9_223_372_036_854_775_808.0;
    const TWO_64: f64 = 18_446_744_073_709_551_616.0;
    if n.fract() == 0.0 {
        if (0.0..TWO_64).contains(&n) {
            return Json::from(n as u64);
        }
        if (-TWO_63..0.0).contains(&n) {
            return Json::from(n as i64);
        }
    }
    serde_json::Number::from_f64(n).map_or(Json::Null, Json::Number)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn len(field: u8, payload: &[u8]) -> Vec<u8> {
        let mut out = vec![field << 3 | 2];
        let mut n = payload.len();
        while n >= 0x80 {
            out.push((n as u8) | 0x80);
            n >>= 7;
        }
        out.push(n as u8);
        out.extend_from_slice(payload);
        out
    }

    fn num(n: f64) -> Vec<u8> {
        let mut out = vec![0x11];
        out.extend_from_slice(&n.to_le_bytes());
        out
    }

    #[test]
    fn kinds_and_numbers() {
        let one = |b: Vec<u8>| value(&[b]).unwrap();
        assert_eq!(one(vec![0x08, 0]), Some(Json::Null));
        assert_eq!(one(vec![0x20, 1]), Some(json!(true)));
        assert_eq!(one(len(3, b"hi")), Some(json!("hi")));
        assert_eq!(one(num(3.0)), Some(json!(3)));
        assert_eq!(one(num(-0.0)), Some(json!(0)));
        assert_eq!(one(num(-2.0)), Some(json!(-2)));
        assert_eq!(one(num(0.5)), Some(json!(0.5)));
        assert_eq!(one(num(1e300)), Some(json!(1e300)));
        assert_eq!(one(num(f64::NAN)), Some(Json::Null));
        assert_eq!(one(Vec::new()), None);
        assert_eq!(value(&[]), Ok(None));
    }

    #[test]
    fn objects_lists_and_merging() {
        // {"a": 1, "b": <no kind>, "a": 2} and [<no kind>, "x"]
        let entry_a1 = len(1, &[len(1, b"a"), len(2, &num(1.0))].concat());
        let entry_b = len(1, &len(1, b"b"));
        let entry_a2 = len(1, &[len(1, b"a"), len(2, &num(2.0))].concat());
        let obj = len(5, &[entry_a1, entry_b, entry_a2].concat());
        assert_eq!(
            value(std::slice::from_ref(&obj)).unwrap(),
            Some(json!({"a": 2}))
        );
        let list = len(6, &[len(1, &[]), len(1, &len(3, b"x"))].concat());
        assert_eq!(
            value(std::slice::from_ref(&list)).unwrap(),
            Some(json!([null, "x"]))
        );
        // Two occurrences of a list accumulate; another kind replaces.
        assert_eq!(
            value(&[list.clone(), list.clone()]).unwrap(),
            Some(json!([null, "x", null, "x"]))
        );
        assert_eq!(value(&[list, vec![0x20, 0]]).unwrap(), Some(json!(false)));
        assert_eq!(object(&[]).unwrap(), None);
        assert_eq!(object(&[Vec::new()]).unwrap(), Some(Map::new()));
    }

    #[test]
    fn depth_is_capped_without_recursing_unboundedly() {
        let mut v = num(1.0);
        for _ in 0..MAX_DEPTH {
            v = len(6, &len(1, &v));
        }
        assert!(value(&[v.clone()]).unwrap().is_some());
        let deeper = len(6, &len(1, &v));
        assert!(value(&[deeper]).is_err());
    }

    #[test]
    fn invalid_utf8_is_replaced() {
        assert_eq!(
            value(&[vec![0x1a, 2, b'a', 0xff]]),
            Ok(Some(json!("a\u{fffd}")))
        );
    }

    #[test]
    fn broken_bytes_are_errors() {
        assert!(value(&[vec![0x1a, 5, b'a']]).is_err());
        assert!(value(&[vec![0x11, 0, 0]]).is_err());
        assert!(value(&[vec![0x00]]).is_err());
    }
}

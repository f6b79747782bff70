//! The JSON Patch module's unit tests: error wording, rollback, and the
//! fast-json-patch behaviours it follows.

use super::*;
use serde_json::json;

fn ops(patch: Value) -> Vec<PatchOp> {
    crate::core::types::FromJson::from_json(patch).expect("test patch reads")
}

/// The default bounds, the document measured first.
fn budget(doc: &Value) -> Budget {
    Budget::new(Bounds::default(), crate::core::json::weigh(doc).size)
}

/// Applies `patch` and returns the result as a string, so key order counts.
fn patched(doc: Value, patch: Value) -> Result<String, PatchError> {
    let mut doc = doc;
    let mut b = budget(&doc);
    apply_patch(&mut doc, &ops(patch), &mut b)?;
    Ok(doc.to_string())
}

/// Asserts the patch fails and leaves the document byte-for-byte alone.
fn refused(doc: Value, patch: Value) -> PatchError {
    let before = doc.to_string();
    let mut doc = doc;
    let mut b = budget(&doc);
    let err = apply_patch(&mut doc, &ops(patch), &mut b).expect_err("patch should fail");
    assert_eq!(doc.to_string(), before, "failed patch changed the doc");
    err
}

fn s(v: Value) -> String {
    v.to_string()
}

#[test]
fn add() {
    let doc = json!({"a": 1, "b": [1, 2]});
    let r = patched(
        doc.clone(),
        json!([{"op": "add", "path": "/c", "value": {"x": null}}]),
    );
    assert_eq!(
        r.unwrap(),
        s(json!({"a": 1, "b": [1, 2], "c": {"x": null}}))
    );
    let r = patched(
        doc.clone(),
        json!([{"op": "add", "path": "/a", "value": 9}]),
    );
    assert_eq!(r.unwrap(), s(json!({"a": 9, "b": [1, 2]})));
    let r = patched(
        doc.clone(),
        json!([{"op": "add", "path": "/b/1", "value": 9}]),
    );
    assert_eq!(r.unwrap(), s(json!({"a": 1, "b": [1, 9, 2]})));
    let r = patched(
        doc.clone(),
        json!([{"op": "add", "path": "/b/2", "value": 9}]),
    );
    assert_eq!(r.unwrap(), s(json!({"a": 1, "b": [1, 2, 9]})));
    let r = patched(doc, json!([{"op": "add", "path": "/b/-", "value": [3]}]));
    assert_eq!(r.unwrap(), s(json!({"a": 1, "b": [1, 2, [3]]})));
}

#[test]
fn remove() {
    let doc = json!({"a": 1, "b": [1, 2, 3], "c": 3});
    let r = patched(doc.clone(), json!([{"op": "remove", "path": "/a"}]));
    assert_eq!(r.unwrap(), s(json!({"b": [1, 2, 3], "c": 3})));
    let r = patched(doc, json!([{"op": "remove", "path": "/b/1"}]));
    assert_eq!(r.unwrap(), s(json!({"a": 1, "b": [1, 3], "c": 3})));
}

#[test]
fn replace() {
    let doc = json!({"a": 1, "b": [1, 2], "c": 3});
    let r = patched(
        doc.clone(),
        json!([{"op": "replace", "path": "/a", "value": [0]}]),
    );
    assert_eq!(r.unwrap(), s(json!({"a": [0], "b": [1, 2], "c": 3})));
    let r = patched(
        doc,
        json!([{"op": "replace", "path": "/b/0", "value": null}]),
    );
    assert_eq!(r.unwrap(), s(json!({"a": 1, "b": [null, 2], "c": 3})));
}

#[test]
fn move_and_copy() {
    let doc = json!({"a": {"x": 1}, "b": [1, 2, 3], "c": 3});
    let r = patched(
        doc.clone(),
        json!([{"op": "move", "from": "/a", "path": "/z"}]),
    );
    assert_eq!(
        r.unwrap(),
        s(json!({"b": [1, 2, 3], "c": 3, "z": {"x": 1}}))
    );
    let r = patched(
        doc.clone(),
        json!([{"op": "move", "from": "/b/0", "path": "/b/2"}]),
    );
    assert_eq!(
        r.unwrap(),
        s(json!({"a": {"x": 1}, "b": [2, 3, 1], "c": 3}))
    );
    let r = patched(
        doc.clone(),
        json!([{"op": "move", "from": "/a", "path": ""}]),
    );
    assert_eq!(r.unwrap(), s(json!({"x": 1})));
    // A copy is independent of its source.
    let r = patched(
        doc.clone(),
        json!([
            {"op": "copy", "from": "/a", "path": "/b/-"},
            {"op": "replace", "path": "/a/x", "value": 2}
        ]),
    );
    assert_eq!(
        r.unwrap(),
        s(json!({"a": {"x": 2}, "b": [1, 2, 3, {"x": 1}], "c": 3}))
    );
    let r = patched(doc, json!([{"op": "copy", "from": "", "path": "/d"}]));
    let whole = json!({"a": {"x": 1}, "b": [1, 2, 3], "c": 3});
    assert_eq!(
        r.unwrap(),
        s(json!({"a": {"x": 1}, "b": [1, 2, 3], "c": 3, "d": whole}))
    );
}

#[test]
fn move_and_copy_clamp_array_index_like_fast_json_patch() {
    let doc = json!({"b": [1, 2]});
    let r = patched(
        doc.clone(),
        json!([{"op": "copy", "from": "/b/0", "path": "/b/9"}]),
    );
    assert_eq!(r.unwrap(), s(json!({"b": [1, 2, 1]})));
    let r = patched(doc, json!([{"op": "move", "from": "/b/0", "path": "/b/2"}]));
    assert_eq!(r.unwrap(), s(json!({"b": [2, 1]})));
}

#[test]
fn test_op_uses_deep_equality() {
    let doc = json!({"o": {"a": 1, "b": [1, {"c": 2}]}, "n": 1});
    let ok = json!([
        {"op": "test", "path": "/o", "value": {"b": [1, {"c": 2}], "a": 1}},
        {"op": "test", "path": "/n", "value": 1.0},
        {"op": "test", "path": "", "value": {"n": 1, "o": {"a": 1, "b": [1, {"c": 2}]}}},
        {"op": "test", "path": "/o/b/1/c", "value": 2}
    ]);
    assert!(patched(doc.clone(), ok).is_ok());
    for bad in [
        json!({"op": "test", "path": "/o/b", "value": [{"c": 2}, 1]}),
        json!({"op": "test", "path": "/o", "value": {"a": 1}}),
        json!({"op": "test", "path": "/n", "value": "1"}),
        json!({"op": "test", "path": "/missing", "value": null}),
        json!({"op": "test", "path": "/o/b/-", "value": 1}),
    ] {
        let err = refused(doc.clone(), json!([bad]));
        assert!(matches!(err, PatchError::TestFailed { .. }), "{err}");
    }
}

#[test]
fn failing_third_op_rolls_everything_back() {
    let doc = json!({"a": 1, "b": {"x": [1, 2, 3], "y": "y"}, "c": [true], "d": null});
    // Each op before the failure exercises a different kind of undo.
    let err = refused(
        doc.clone(),
        json!([
            {"op": "remove", "path": "/a"},
            {"op": "move", "from": "/b/x/0", "path": "/c/0"},
            {"op": "test", "path": "/d", "value": false}
        ]),
    );
    assert!(matches!(
        err,
        PatchError::TestFailed {
            at: OpAt { index: 2, .. }
        }
    ));
    let err = refused(
        doc,
        json!([
            {"op": "add", "path": "/new", "value": 1},
            {"op": "replace", "path": "/b/y", "value": "z"},
            {"op": "copy", "from": "/b", "path": "/c/-"},
            {"op": "remove", "path": "/b/x/1"},
            {"op": "move", "from": "/b", "path": "/e"},
            {"op": "move", "from": "/d", "path": "/d"},
            {"op": "add", "path": "", "value": [1]},
            {"op": "remove", "path": ""},
            {"op": "replace", "path": "", "value": {"k": 1}},
            {"op": "move", "from": "/k", "path": ""},
            {"op": "remove", "path": "/nope"}
        ]),
    );
    // Every op but the last applied (the doc had become the number 1).
    assert!(matches!(
        err,
        PatchError::NotContainer {
            at: OpAt { index: 10, .. },
            ..
        }
    ));
}

#[test]
fn key_order_matches_javascript() {
    let doc = json!({"a": 1, "b": 2, "c": 3});
    let ops = json!([
        {"op": "replace", "path": "/a", "value": 10},
        {"op": "add", "path": "/b", "value": 20},
        {"op": "add", "path": "/d", "value": 4}
    ]);
    assert_eq!(
        patched(doc.clone(), ops).unwrap(),
        r#"{"a":10,"b":20,"c":3,"d":4}"#
    );
    let ops = json!([
        {"op": "remove", "path": "/a"},
        {"op": "add", "path": "/a", "value": 1}
    ]);
    assert_eq!(patched(doc.clone(), ops).unwrap(), r#"{"b":2,"c":3,"a":1}"#);
    // fast-json-patch implements move as remove then add, so even a
    // move onto itself sends the key to the end.
    let ops = json!([{"op": "move", "from": "/a", "path": "/a"}]);
    assert_eq!(patched(doc, ops).unwrap(), r#"{"b":2,"c":3,"a":1}"#);
}

#[test]
fn root() {
    let doc = json!({"a": 1});
    let r = patched(
        doc.clone(),
        json!([{"op": "add", "path": "", "value": [1]}]),
    );
    assert_eq!(r.unwrap(), "[1]");
    let r = patched(
        doc.clone(),
        json!([{"op": "replace", "path": "", "value": "x"}]),
    );
    assert_eq!(r.unwrap(), r#""x""#);
    let r = patched(doc.clone(), json!([{"op": "remove", "path": ""}]));
    assert_eq!(r.unwrap(), "null");
    let r = patched(doc, json!([{"op": "move", "from": "", "path": ""}]));
    assert_eq!(r.unwrap(), r#"{"a":1}"#);
}

#[test]
fn array_indices_follow_fast_json_patch() {
    let doc = json!({"b": [1, 2]});
    // isInteger accepts leading zeros and "" (as 0) where no existence
    // check runs: add's last token and test.
    let r = patched(
        doc.clone(),
        json!([{"op": "add", "path": "/b/01", "value": 9}]),
    );
    assert_eq!(r.unwrap(), s(json!({"b": [1, 9, 2]})));
    let r = patched(
        doc.clone(),
        json!([{"op": "add", "path": "/b/", "value": 9}]),
    );
    assert_eq!(r.unwrap(), s(json!({"b": [9, 1, 2]})));
    let r = patched(
        doc.clone(),
        json!([{"op": "test", "path": "/b/01", "value": 2}]),
    );
    assert!(r.is_ok());
    for bad in [
        json!({"op": "replace", "path": "/b/01", "value": 9}),
        json!({"op": "remove", "path": "/b/01"}),
        json!({"op": "copy", "from": "/b/01", "path": "/c"}),
        json!({"op": "add", "path": "/b/1e0", "value": 9}),
        json!({"op": "add", "path": "/b/-1", "value": 9}),
        json!({"op": "add", "path": "/b/ 1", "value": 9}),
        json!({"op": "add", "path": "/b/3", "value": 9}),
        json!({"op": "add", "path": "/b/4294967296", "value": 9}),
        json!({"op": "add", "path": "/b/99999999999999999999999", "value": 9}),
        json!({"op": "remove", "path": "/b/2"}),
        json!({"op": "remove", "path": "/b/-"}),
        json!({"op": "replace", "path": "/b/length", "value": 0}),
        json!({"op": "add", "path": "/b/01/x", "value": 9}),
    ] {
        refused(doc.clone(), json!([bad]));
    }
}

#[test]
fn errors_leave_doc_alone() {
    let doc = json!({"a": {"b": 1}, "s": "str", "n": null, "l": [{"k": 1}]});
    for bad in [
        json!({"op": "replace", "path": "/x", "value": 1}),
        json!({"op": "remove", "path": "/x"}),
        json!({"op": "remove", "path": "/a/b/c"}),
        json!({"op": "add", "path": "/x/y", "value": 1}),
        json!({"op": "add", "path": "/s/0", "value": 1}),
        json!({"op": "add", "path": "/n/k", "value": 1}),
        json!({"op": "test", "path": "/s/0", "value": "s"}),
        json!({"op": "move", "from": "/x", "path": "/y"}),
        json!({"op": "copy", "from": "/x", "path": "/y"}),
        json!({"op": "move", "from": "/x", "path": ""}),
        json!({"op": "copy", "from": "/a", "path": "/x/y"}),
        json!({"op": "move", "from": "/a", "path": "/a/c"}),
        json!({"op": "move", "from": "", "path": "/c"}),
        json!({"op": "move", "from": "/l/0", "path": "/l/0/z"}),
        json!({"op": "add", "path": "/__proto__", "value": {"polluted": true}}),
        json!({"op": "add", "path": "/a/constructor/prototype", "value": 1}),
        json!({"op": "copy", "from": "/__proto__", "path": "/z"}),
        json!({"op": "remove", "path": "/toString"}),
    ] {
        refused(doc.clone(), json!([bad]));
    }
    // Operations on a primitive document have no container to work in.
    refused(json!(5), json!([{"op": "add", "path": "/a", "value": 1}]));
    refused(
        json!("ab"),
        json!([{"op": "test", "path": "/0", "value": "a"}]),
    );
}

#[test]
fn error_messages_name_op_path_and_reason() {
    let doc = json!({"a": [1]});
    let err = refused(
        doc.clone(),
        json!([
            {"op": "test", "path": "/a/0", "value": 1},
            {"op": "add", "path": "/a/5", "value": 1}
        ]),
    );
    assert_eq!(
        err.to_string(),
        r#"patch op 1 (add "/a/5"): index 5 is past the end of the array at "/a" (length 1)"#
    );
    let err = refused(
        doc.clone(),
        json!([{"op": "move", "from": "/a/0", "path": "/x/y"}]),
    );
    assert_eq!(
        err.to_string(),
        r#"patch op 0 (move from "/a/0" to "/x/y"): nothing at "/x""#
    );
    let err = refused(doc, json!([{"op": "add", "path": "/a/x", "value": 1}]));
    assert_eq!(
        err.to_string(),
        r#"patch op 0 (add "/a/x"): "x" is not an index into the array at "/a""#
    );
}

#[test]
fn escaped_tokens() {
    let doc = json!({"a/b": {"c~d": 1}});
    let r = patched(
        doc,
        json!([{"op": "replace", "path": "/a~1b/c~0d", "value": 2}]),
    );
    assert_eq!(r.unwrap(), s(json!({"a/b": {"c~d": 2}})));
}

#[test]
fn edits_are_worth_following_up_to_a_count_and_up_to_the_size_of_their_value() {
    let edits_of = |patch: Value| {
        let mut doc = json!({"a": []});
        let mut b = budget(&doc);
        let mut edits = Edits::default();
        apply_patch_edits(&mut doc, &ops(patch), &mut b, &mut edits).unwrap();
        edits
    };
    let one = edits_of(json!([{"op": "add", "path": "/a/-", "value": 1}]));
    let mut many = Edits::default();
    for _ in 0..MAX_FOLLOWED {
        many.append(&one);
    }
    assert!(many.worth_following(0), "as many as the count allows");
    many.append(&one);
    assert!(
        !many.worth_following(usize::MAX),
        "one more, however large the value"
    );
    // A large value replaced: its edits hold it, which a small value's copy
    // need not wait for past EDITS_AT_LEAST, and a larger one past its size.
    let large =
        edits_of(json!([{"op": "replace", "path": "/a", "value": "z".repeat(EDITS_AT_LEAST)}]));
    assert!(!large.worth_following(0));
    assert!(large.worth_following(2 * EDITS_AT_LEAST));
    assert!(!large.worth_following(EDITS_AT_LEAST / 2));
    assert!(one.worth_following(0));
}

//! The RFC 6902 test suite (npm `json-patch-test-suite` 1.1.0, Apache-2.0,
//! see tests/fixtures/json-patch/README.md) run against `apply_patch`.
//!
//! fast-json-patch 3.1.1, which the reference client uses, passes every
//! enabled case, so no case is exempted here.

use agui_wasm::core::json_patch::apply_patch;
use agui_wasm::core::types::patch::PatchOp;
use agui_wasm::core::types::FromJson;
use serde_json::Value;

const SUITES: &[(&str, &str)] = &[
    ("tests.json", include_str!("fixtures/json-patch/tests.json")),
    (
        "spec_tests.json",
        include_str!("fixtures/json-patch/spec_tests.json"),
    ),
];

/// What went wrong with one case, or `None` if it behaved.
fn run_case(case: &Value) -> Option<String> {
    let doc = case.get("doc").cloned().unwrap_or(Value::Null);
    let raw_ops = case.get("patch")?.as_array().cloned().unwrap_or_default();
    let wants_error = case.get("error").is_some();
    // The protocol schema rejects ops we cannot deserialize (unknown op,
    // missing value or from, bad pointer) before any patch is applied.
    let ops: Result<Vec<PatchOp>, _> = raw_ops.into_iter().map(PatchOp::from_json).collect();
    let ops = match ops {
        Ok(ops) => ops,
        Err(_) if wants_error => return None,
        Err(e) => return Some(format!("op does not deserialize: {e}")),
    };
    let before = serde_json::to_string(&doc).ok();
    let mut patched = doc;
    let result = apply_patch(&mut patched, &ops);
    match (result, case.get("expected")) {
        (Err(_), _) if wants_error => {
            let after = serde_json::to_string(&patched).ok();
            (after != before).then(|| format!("failed but changed the doc to {after:?}"))
        }
        (Ok(()), _) if wants_error => Some(format!("expected an error, got {patched}")),
        (Err(e), _) => Some(format!("unexpected error: {e}")),
        (Ok(()), Some(expected)) if *expected != patched => {
            Some(format!("expected {expected}, got {patched}"))
        }
        (Ok(()), _) => None,
    }
}

#[test]
fn rfc6902_suite() {
    let (mut passed, mut failed) = (0, 0);
    for (file, text) in SUITES {
        let cases: Vec<Value> = serde_json::from_str(text).expect("suite file is a JSON array");
        for (i, case) in cases.iter().enumerate() {
            let disabled = case.get("disabled").and_then(Value::as_bool) == Some(true);
            if disabled || case.get("patch").is_none() {
                continue;
            }
            match run_case(case) {
                None => passed += 1,
                Some(why) => {
                    failed += 1;
                    let comment = case.get("comment").and_then(Value::as_str).unwrap_or("");
                    eprintln!("FAIL {file}[{i}] {comment:?}: {why}");
                }
            }
        }
    }
    println!("json-patch suite: {passed} passed, {failed} failed");
    assert!(passed > 0, "no suite cases ran");
    assert_eq!(failed, 0, "json-patch suite failures (see stderr)");
}

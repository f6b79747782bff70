//! The RFC 6902 test suite (npm `json-patch-test-suite` 1.1.0, Apache-2.0,
//! see tests/fixtures/json-patch/README.md) run against `apply_patch`.
//!
//! fast-json-patch 3.1.1, which the reference client uses, passes every
//! enabled case, so no case is exempted here.

use agui_wasm::core::json::to_json;
use agui_wasm::core::json::weigh;
use agui_wasm::core::json_patch::{
    apply_patch, apply_patch_edits, Bounds, Budget, EditKind, Edits,
};
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
    let mut budget = Budget::new(Bounds::default(), weigh(&patched).size);
    let result = apply_patch(&mut patched, &ops, &mut budget);
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

/// The edits a patch reports, replayed on the document as it was, give the
/// patched document: what the binding's JavaScript copy relies on. Replayed
/// here from their JSON text by the simplest reading of an edit, with no
/// JSON Patch in it.
fn replay(mut doc: Value, edits: &Edits) -> Value {
    fn parent<'a>(doc: &'a mut Value, path: &[Value]) -> &'a mut Value {
        path.iter().fold(doc, |node, slot| match (node, slot) {
            (Value::Object(m), Value::String(k)) => m.get_mut(k).expect("edit path exists"),
            (Value::Array(a), Value::Number(i)) => &mut a[i.as_u64().unwrap() as usize],
            (node, slot) => panic!("edit path {slot} does not fit {node}"),
        })
    }
    let flat: Vec<Value> = serde_json::from_str(&to_json(edits)).expect("edits are JSON");
    let mut rest = &flat[..];
    let mut count = 0;
    while let [kind, len, more @ ..] = rest {
        count += 1;
        let kind = kind.as_u64().expect("a kind");
        let (path, more) = more.split_at(len.as_u64().expect("a path length") as usize);
        let (value, more) = match kind {
            k if k == EditKind::Remove as u64 => (None, more),
            _ => (more.first(), &more[1..]),
        };
        rest = more;
        let insert = kind == EditKind::Insert as u64;
        let Some((last, up)) = path.split_last() else {
            doc = value.cloned().unwrap_or(Value::Null);
            continue;
        };
        match (parent(&mut doc, up), last, value) {
            (Value::Object(m), Value::String(k), Some(v)) => {
                m.insert(k.clone(), v.clone());
            }
            (Value::Object(m), Value::String(k), None) => {
                m.shift_remove(k);
            }
            (Value::Array(a), Value::Number(i), v) => {
                let i = i.as_u64().unwrap() as usize;
                match v {
                    Some(v) if insert => a.insert(i, v.clone()),
                    Some(v) => a[i] = v.clone(),
                    None => {
                        a.remove(i);
                    }
                }
            }
            (node, slot, _) => panic!("edit {slot} does not fit {node}"),
        }
    }
    assert_eq!(
        count,
        edits.len(),
        "the text holds as many edits as counted"
    );
    doc
}

#[test]
fn reported_edits_replay_to_the_patched_document() {
    let mut table = Vec::new();
    for (_, text) in SUITES {
        let cases: Vec<Value> = serde_json::from_str(text).unwrap();
        for case in cases {
            let disabled = case.get("disabled").and_then(Value::as_bool) == Some(true);
            let Some(raw) = case.get("patch").and_then(Value::as_array) else {
                continue;
            };
            let Ok(ops) = raw
                .iter()
                .cloned()
                .map(PatchOp::from_json)
                .collect::<Result<Vec<_>, _>>()
            else {
                continue;
            };
            if disabled {
                continue;
            }
            let doc = case.get("doc").cloned().unwrap_or(Value::Null);
            let mut patched = doc.clone();
            let mut edits = Edits::default();
            let mut budget = Budget::new(Bounds::default(), weigh(&patched).size);
            match apply_patch_edits(&mut patched, &ops, &mut budget, &mut edits) {
                Err(_) => assert!(edits.is_empty(), "a failed patch reports no edits"),
                Ok(()) => {
                    assert_eq!(replay(doc.clone(), &edits), patched, "{case}");
                    let comment = case.get("comment").cloned().unwrap_or(Value::Null);
                    table.push(format!(
                        "{{\"comment\":{},\"doc\":{},\"edits\":{},\"expected\":{}}}",
                        to_json(&comment),
                        to_json(&doc),
                        to_json(&edits),
                        to_json(&patched)
                    ));
                }
            }
        }
    }
    assert!(table.len() >= 60, "{} cases", table.len());
    // The same edits, for the JavaScript side's own test
    // (tests/node/copy-on-write.test.mjs); rewritten by
    // AGUI_UPDATE_FIXTURES=1, and held to what the core reports now.
    let text = format!("[\n{}\n]\n", table.join(",\n"));
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/json-patch/edits.json");
    if std::env::var_os("AGUI_UPDATE_FIXTURES").is_some() {
        std::fs::write(&file, &text).unwrap();
    }
    assert_eq!(
        std::fs::read_to_string(&file).unwrap_or_default(),
        text,
        "tests/fixtures/json-patch/edits.json is stale: rerun with AGUI_UPDATE_FIXTURES=1"
    );
}

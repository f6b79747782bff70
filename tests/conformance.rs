//! Every recorded conformance case, bytes in, natively.

mod support;

use std::path::Path;

use serde_json::Value;

fn load(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn conformance_cases() {
    let own = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let (mut passed, mut failed) = (0, 0);
    for dir in support::case_dirs() {
        for file in support::case_files(&dir) {
            let mut case = load(&file);
            if case["transport"] == "proto" {
                continue;
            }
            // A case whose recording depends on how the network grouped the
            // bytes: the reference applies events asynchronously, so an error
            // in the same chunk as earlier events throws their effects away;
            // with the same bytes split it keeps them. A failed run keeps
            // everything applied before the failing event, whatever the
            // chunking, and that is what we match.
            if let Some(from) = case["expectedFrom"].as_str() {
                let split = load(&own.join(from));
                // Same bytes, same error; only the reference's lost effects differ.
                assert_ne!(case["expected"]["messages"], split["expected"]["messages"]);
                case["expected"] = split["expected"].clone();
            }
            let got = support::replay(&case);
            let diffs = support::compare(&case, &got);
            if diffs.is_empty() {
                passed += 1;
            } else {
                failed += 1;
                println!("FAILED {}:\n{}", file.display(), diffs.join("\n"));
                if let Some(e) = &got.error {
                    println!("  (our error: {e})");
                }
            }
        }
    }
    println!("conformance: {passed} passed, {failed} failed");
    assert!(passed > 0, "no conformance case found");
    assert_eq!(failed, 0, "{failed} conformance case(s) failed");
}

/// Where the reference's result depends on the network chunking, ours does
/// not: every case gives the same outcome whole, in 1-byte and in 7-byte chunks.
#[test]
fn outcome_does_not_depend_on_chunking() {
    for dir in support::case_dirs() {
        for file in support::case_files(&dir) {
            let case = load(&file);
            if case["transport"] == "proto" || case["generatedIds"] == true {
                continue;
            }
            let whole = support::replay_chunked(&case, 0);
            for size in [1, 7] {
                assert_eq!(
                    whole,
                    support::replay_chunked(&case, size),
                    "{} in {size}-byte chunks",
                    file.display()
                );
            }
        }
    }
}

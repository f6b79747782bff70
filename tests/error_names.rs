//! The error names the WebAssembly face gives are names of the package's
//! one table (`js/errors.js`), which the `.d.ts` and `isAgentError` read.

#[test]
fn every_name_the_face_gives_is_in_the_packages_table() {
    let face = include_str!("../src/wasm/error.rs");
    let table = include_str!("../js/errors.js");
    let names: Vec<&str> = face
        .split("=> \"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .collect();
    assert!(names.len() >= 7, "{names:?}");
    for name in names {
        assert!(
            table.contains(&format!("{name}:")),
            "{name} is not in js/errors.js"
        );
    }
}

/// The shell's default `maxEnforcedEntries` (which it needs before the
/// module is loaded) is the core's.
#[test]
fn the_shells_default_entry_limit_is_the_cores() {
    let shell = include_str!("../js/client.js");
    let declared = shell
        .split("export const DEFAULT_MAX_ENFORCED_ENTRIES = ")
        .nth(1)
        .and_then(|rest| rest.split(';').next())
        .expect("js/client.js declares DEFAULT_MAX_ENFORCED_ENTRIES");
    let n: usize = declared.replace('_', "").parse().unwrap();
    assert_eq!(n, agui_wasm::core::decode::DEFAULT_MAX_ENTRIES);
}

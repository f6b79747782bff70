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

//! The WebAssembly build's allocator: talc in place of Rust's default,
//! dlmalloc.
//!
//! A crate of its own so that its optimization level is its own: talc is
//! generic, so it is compiled in the crate that names it, and at the
//! package's `opt-level = "z"` it cost 1.02x to 1.08x the time. At 3 (this
//! crate, +0.27 KB) it runs as dlmalloc did within noise on the event paths
//! and 1.10x on a 1 MB tree built at once, and the package is 2.6 KB
//! smaller gzipped; those bytes pay for wasm-opt's inlining
//! (`scripts/wasm-post.sh`), which takes more than that off again.
//! `docs/size.md` has the measurements. The memory benchmark
//! (`bench/memory.mjs`) is the same within 2%.
#![no_std]
#![forbid(unsafe_code)]

#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

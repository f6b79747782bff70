//! agui-wasm: an AG-UI protocol client runtime.
//!
//! [`core`] is plain Rust (types, SSE parsing, chunk expansion, verification,
//! reducer, JSON Patch, partial JSON) and builds and tests natively. The
//! WebAssembly binding lives in `wasm` and is compiled only for `wasm32`.

pub mod core;

// A build with neither entry (`examples/core_size.rs`) links the core alone.
#[cfg(all(target_arch = "wasm32", any(feature = "client", feature = "adapters")))]
mod wasm;
#[cfg(all(target_arch = "wasm32", feature = "client"))]
pub use wasm::{callback_names, Core, Step};

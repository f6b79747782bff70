//! The WebAssembly face of the core: synchronous, compiled only for
//! `wasm32`. `Core` holds a client's messages, state and interrupts and
//! the JS copies of them (`core.rs`, `view.rs`), and drives its runs'
//! sessions one step at a time (`session.rs` over `run.rs`, `deltas.rs`,
//! `params.rs`, `partial.rs`);
//! the JavaScript shell (`js/`) owns fetch, streams, abort, timers and
//! subscribers, and calls in. Nothing here awaits or calls the
//! application, so a subscriber that calls back into the client from any
//! callback finds nothing borrowed.
//!
//! The history adapters are a module of their own (`agui-wasm/adapters`),
//! built without the client (`--no-default-features --features adapters`),
//! so an application that only streams does not download them.

#[cfg(feature = "adapters")]
mod adapters;
mod convert;
#[cfg(feature = "client")]
mod core;
#[cfg(feature = "client")]
mod deltas;
mod error;
#[cfg(feature = "client")]
mod js;
#[cfg(feature = "client")]
mod params;
#[cfg(feature = "client")]
mod partial;
#[cfg(feature = "client")]
mod run;
#[cfg(feature = "client")]
mod session;
mod types;
#[cfg(feature = "client")]
mod view;

#[cfg(feature = "client")]
pub use self::core::Core;
#[cfg(feature = "client")]
pub use session::{callback_names, Step};

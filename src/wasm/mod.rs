//! The WebAssembly binding: the `AgentClient` class and what it needs from
//! JavaScript (fetch, streams, timers, abort). Compiled only for `wasm32`.

mod adapters;
mod client;
mod convert;
mod error;
mod js;
mod partial;
mod subscribers;
mod transport;
mod types;
mod view;

pub use client::AgentClient;

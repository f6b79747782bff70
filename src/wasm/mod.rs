//! The WebAssembly binding: the `AgentClient` class and what it needs from
//! JavaScript (fetch, streams, timers, abort). Compiled only for `wasm32`.
//!
//! The history adapters are a module of their own (`agui-wasm/adapters`),
//! built without the client (`--no-default-features --features adapters`),
//! so an application that only streams does not download them.

#[cfg(feature = "adapters")]
mod adapters;
#[cfg(feature = "client")]
mod callbacks;
#[cfg(feature = "client")]
mod client;
#[cfg(feature = "client")]
mod client_runs;
mod convert;
#[cfg(feature = "client")]
mod dispatch;
#[cfg(feature = "client")]
mod drive;
mod error;
#[cfg(feature = "client")]
mod event_source;
#[cfg(feature = "client")]
mod fields;
#[cfg(feature = "client")]
mod js;
#[cfg(feature = "client")]
mod lifecycle;
#[cfg(feature = "client")]
mod local_change;
#[cfg(feature = "client")]
mod options;
#[cfg(feature = "client")]
mod partial;
#[cfg(feature = "client")]
mod run;
#[cfg(feature = "client")]
mod run_error;
#[cfg(feature = "client")]
mod subscribers;
#[cfg(feature = "client")]
mod transport;
#[cfg(feature = "client")]
mod types;
#[cfg(feature = "client")]
mod view;

#[cfg(feature = "client")]
pub use client::AgentClient;

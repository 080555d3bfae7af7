//! tcplab-sim: a deterministic packet-level discrete-event simulator of TCP,
//! router queues and end hosts. Pure: no clock, no OS randomness, no I/O,
//! no wasm-bindgen. Time is passed in as integer nanoseconds (docs/architecture.md, "Determinism").

pub mod app;
pub mod cc;
pub mod engine;
pub mod host;
pub mod invariants;
pub mod metrics;
pub mod net;
pub mod queue;
pub mod scenario;
pub mod tcp;
pub mod validation;
pub mod world;

pub use metrics::summary::Summary;
pub use scenario::{parse_scenario, Scenario, ValidationError};
pub use world::World;

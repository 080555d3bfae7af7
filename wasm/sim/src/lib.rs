//! tcplab-sim: a deterministic packet-level discrete-event simulator of TCP,
//! router queues and end hosts. Pure: no clock, no OS randomness, no I/O,
//! no wasm-bindgen. Time is passed in as integer nanoseconds (docs/architecture.md, "Determinism").

pub mod app;
pub mod cc;
pub mod engine;
pub mod error;
pub mod estimate;
pub mod host;
pub mod invariants;
pub mod json;
pub mod loss;
pub mod metrics;
pub mod net;
pub mod oracles;
pub mod packet;
pub mod queue;
pub mod scenario;
pub mod tcp;
pub mod world;

pub use estimate::{check_scenario, estimate_work, parse_scenario, parse_scenario_bytes, validate};
pub use metrics::summary::Summary;
pub use scenario::{Scenario, ValidationError};
pub use world::World;

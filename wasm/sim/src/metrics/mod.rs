//! Sampled traces on a fixed simulated-time grid, the trace hash, per-run
//! summaries and fairness.
pub mod bounds;
pub mod fair_share;
pub mod fairness;
pub mod hash;
pub mod json;
pub mod summary;
pub mod trace;

//! End hosts: the packet path between a host's links and its TCP endpoints
//! (paper 000: NIC buffer, DMA over the I/O bus, CPU work over the memory bus,
//! optional TCP offload engine), its presets, and the receiver-side bandwidth
//! estimator of eq. 3.60. The analytic bounds live in `metrics::bounds`.
//! Equations, presets and sources: docs/host-model.md.
//!
//! # How the world drives a host
//!
//! One [`HostPipeline`] per host node, built once:
//!
//! ```ignore
//! let params = HostParams::for_node(node.host.as_ref());   // None → ideal
//! let line_bps = /* rate of the node's access link (the fastest, if several) */;
//! let rng = Rng::for_component(seed, &format!("host:{}", node.id));
//! let pipeline = HostPipeline::new(&params, line_bps, rng);
//! ```
//!
//! An ideal host (`params.is_ideal()`, the default) returns `now` from every
//! call, so the world may skip it entirely and stay bit-identical.
//!
//! * **Receive.** When a packet (data or ACK) addressed to this host finishes
//!   arriving from a link at `now`, call `on_wire_arrival(now, pkt.size)`
//!   instead of handing it to TCP. `Ok(t)`: give the packet to TCP at `t`
//!   (≥ `now`). `Err(HostDrop::NicOverrun)`: the packet is lost, count it as a
//!   drop. The `t`s are non-decreasing, so keep a FIFO of `(t, packet)` per
//!   host and a single heap entry for its head, like a link's pipe.
//! * **Send.** When TCP at this host emits a packet at `now`, call
//!   `on_app_send(now, pkt.size)`; the returned time (≥ `now`,
//!   non-decreasing) is when to enqueue it at the link's queue. Never drops.
//! * **Loopback.** For traffic from a host to itself when
//!   `params.path == HostPathKind::Loopback`, call
//!   `on_loopback_send(now, size)`; deliver to TCP at the returned time.
//! * **Sampling.** At each sampling instant call `metrics(now, &mut row)`;
//!   it appends one value per entry of [`HOST_METRICS`] (`(metric, unit)`).
//! * **Conservation.** Packets waiting in the host FIFOs are held; overruns are drops.
//!
//! Calls must come in non-decreasing `now` order (the event loop's order).

pub mod estimator;
pub use crate::scenario::host_params as params;
pub mod pipeline;

pub use crate::scenario::{HostOverlap, HostPathKind, HostPreset};
pub use estimator::{BandwidthEstimator, TimerNoise};
pub use params::{HostParams, StageCosts};
pub use pipeline::{HostDrop, HostPipeline, HostStats, HOST_METRICS};

#[cfg(test)]
mod tests;

//! Queue disciplines: one file per discipline behind the [`Qdisc`] trait.
//! A discipline owns the packets waiting for a link; it may drop on arrival
//! (DropTail, RED), at departure (CoDel) or pick another victim (FQ-CoDel),
//! and reports every drop through [`QueueCtx::drop`].
//!
//! Each discipline's file holds its type and its parameter struct (the
//! `QueueSpec` variant's content, with defaults, doc strings and checks);
//! registry.rs lists them, and `QueueSpec` and [`build`] come from that list.
//! The module names nothing of `scenario`: the scenario composes queues.

pub mod check;
pub mod codel;
pub mod codel_core;
pub mod droptail;
pub mod drr;
pub mod fq_codel;
pub mod heavy_codel;
pub mod heavy_log;
pub mod pie;
pub mod priority;
pub mod red;
pub mod registry;
pub mod reservation;
pub mod tbf;
#[cfg(test)]
pub mod test_dummy;
pub mod token_bucket;
pub mod wfq;

#[cfg(test)]
pub(crate) mod testing;

pub use registry::QueueParams;

use crate::engine::{Rng, Time};
use crate::packet::Packet;
use registry::{define_queue_types, for_each_queue};
use serde::{Deserialize, Serialize};

// QueueSpec: one line per discipline in queue/registry.rs.
for_each_queue!(define_queue_types);

impl Default for QueueSpec {
    fn default() -> Self {
        QueueSpec::DropTail(droptail::DropTailSpec {
            limit_packets: Some(1000),
            limit_bytes: None,
        })
    }
}

/// A per-flow weight (flow id from `flows`).
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct FlowWeight {
    /// A flow id.
    pub flow: String,
    /// Relative share (> 0).
    pub weight: f64,
}

/// Why a packet was dropped (counted per link; the UI shows the split).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DropReason {
    /// The queue was full on arrival.
    Overflow,
    /// An active queue management decision (RED, CoDel, PIE, ...).
    Aqm,
    /// A policer discarded non-conforming traffic.
    Policer,
    /// Lost on the wire (link impairment).
    Impairment,
}

impl DropReason {
    pub const ALL: [DropReason; 4] = [
        DropReason::Overflow,
        DropReason::Aqm,
        DropReason::Policer,
        DropReason::Impairment,
    ];
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn name(self) -> &'static str {
        match self {
            DropReason::Overflow => "overflow",
            DropReason::Aqm => "aqm",
            DropReason::Policer => "policer",
            DropReason::Impairment => "impairment",
        }
    }
}

/// What a discipline may use while handling one packet.
pub struct QueueCtx<'a> {
    pub now: Time,
    /// The queue's own random stream.
    pub rng: &'a mut Rng,
    /// Packets dropped during this call, with the reason.
    pub dropped: &'a mut Vec<(Packet, DropReason)>,
}

impl QueueCtx<'_> {
    pub fn drop(&mut self, pkt: Packet, reason: DropReason) {
        self.dropped.push((pkt, reason));
    }
}

/// A queue discipline.
pub trait Qdisc {
    /// Accept `pkt` or drop it (or another packet) through `ctx.drop`.
    fn enqueue(&mut self, pkt: Packet, ctx: &mut QueueCtx);
    /// The next packet to transmit, if any; may drop packets on the way.
    fn dequeue(&mut self, ctx: &mut QueueCtx) -> Option<Packet>;
    /// Packets waiting.
    fn len_packets(&self) -> usize;
    /// Bytes waiting.
    fn len_bytes(&self) -> u64;
    /// Names of the discipline's internal state variables (plotted by the UI).
    fn metric_names(&self) -> &'static [&'static str] {
        &[]
    }
    /// Units of [`Qdisc::metric_names`], in the same order (the trace
    /// column units of `link.<id>:<dir>.q.<name>`).
    fn metric_units(&self) -> &'static [&'static str] {
        &[]
    }
    /// Current values of [`Qdisc::metric_names`], in the same order.
    fn metrics(&self, _out: &mut Vec<f64>) {}
    /// For a discipline that holds packets back (a shaper): when, at the
    /// earliest, [`Qdisc::dequeue`] may return a packet it refused at `now`.
    /// The world calls dequeue again at that time. Others return None.
    fn next_wakeup(&self, _now: Time) -> Option<Time> {
        None
    }
}

/// Set CE on an ECN-capable packet (RFC 3168 §5); false if it is not ECT,
/// in which case the caller drops it (Linux `INET_ECN_set_ce`).
pub fn mark_ce(pkt: &mut Packet) -> bool {
    if pkt.ect {
        pkt.ecn_ce = true;
    }
    pkt.ect
}

/// What a discipline may need to know about the link it feeds.
#[derive(Clone, Copy, Debug)]
pub struct LinkInfo<'a> {
    /// Transmission rate of the link, b/s.
    pub rate_bps: u64,
    /// Largest IP packet the link carries, bytes.
    pub mtu: u32,
    /// Link-layer bytes the transmitter serialises with every packet (framing, preamble):
    /// a scheduler that shares the line's time charges `size + overhead_bytes`.
    pub overhead_bytes: u32,
    /// Flow ids in scenario order: a packet's `flow` is an index into this.
    pub flow_ids: &'a [String],
}

impl LinkInfo<'_> {
    /// The index of flow `id`, if the scenario has it.
    pub fn flow_index(&self, id: &str) -> Option<u32> {
        self.flow_ids.iter().position(|f| f == id).map(|i| i as u32)
    }

    /// Per-flow values from a list keyed by flow id; unlisted flows get `default`.
    pub fn per_flow(&self, list: &[FlowWeight], default: f64) -> Vec<f64> {
        let mut v = vec![default; self.flow_ids.len()];
        for w in list {
            if let Some(i) = self.flow_index(&w.flow) {
                v[i as usize] = w.weight;
            }
        }
        v
    }
}

/// A capacity in packets or in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    Packets(usize),
    Bytes(u64),
}

impl Limit {
    /// Would a packet of `size` bytes fit beside `packets` packets holding `bytes`?
    pub fn admits(self, packets: usize, bytes: u64, size: u32) -> bool {
        match self {
            Limit::Packets(n) => packets < n,
            Limit::Bytes(b) => bytes + size as u64 <= b,
        }
    }
}

/// A DropTail queue's capacity (None for other disciplines).
pub fn drop_tail_limit(spec: &QueueSpec) -> Option<Limit> {
    match spec {
        QueueSpec::DropTail(s) => Some(droptail::limit(s)),
        _ => None,
    }
}

/// How the registry (queue/registry.rs) builds a discipline: every
/// discipline's type implements this in its own file.
pub trait Registered: Qdisc + Sized + 'static {
    /// Its parameter struct (the variant's content in `QueueSpec`).
    type Spec;
    /// The discipline for a link, from parameters that passed validation.
    fn build(spec: &Self::Spec, link: &LinkInfo) -> Self;
}

macro_rules! define_queue_dispatch {
    ($(
        $(#[doc = $doc:literal])*
        $(#[cfg($cfg:meta)])?
        $variant:ident($spec:ty) = $json:literal, $display:literal, $qdisc:path;
    )*) => {
        /// Build the discipline a scenario asks for. The spec must have passed
        /// validation; ids it names that the scenario lacks are ignored.
        pub fn build(spec: &QueueSpec, link: &LinkInfo) -> Box<dyn Qdisc> {
            match spec {
                $($(#[cfg($cfg)])? QueueSpec::$variant(s) => Box::new(<$qdisc as Registered>::build(s, link)),)*
            }
        }
    };
}
for_each_queue!(define_queue_dispatch);

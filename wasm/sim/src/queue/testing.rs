//! Test helpers: drive a discipline through the trait with a simulated link
//! clock, no TCP and no world needed.

use super::{DropReason, LinkInfo, Qdisc, QueueCtx};
use crate::engine::{Rng, Time};
use crate::net::packet::TCP_IP_HEADER_BYTES;
use crate::net::Packet;

/// A packet of `size` bytes on the wire from flow `flow`, host `src` to host `dst`.
pub fn pkt(uid: u64, flow: u32, src: u32, dst: u32, size: u32) -> Packet {
    Packet::data(
        uid,
        flow,
        src,
        dst,
        uid * 1000,
        size - TCP_IP_HEADER_BYTES,
        0,
    )
}

/// Flow ids f0, f1, … for a scenario with `n` flows.
pub fn flow_ids(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("f{i}")).collect()
}

/// A link of `rate_bps` and `mtu` carrying the flows `ids`.
pub fn link(rate_bps: u64, mtu: u32, ids: &[String]) -> LinkInfo<'_> {
    LinkInfo {
        rate_bps,
        mtu,
        flow_ids: ids,
    }
}

/// Owns what a [`QueueCtx`] borrows and records every drop.
pub struct Harness {
    pub now: Time,
    pub rng: Rng,
    pub dropped: Vec<(Time, Packet, DropReason)>,
    scratch: Vec<(Packet, DropReason)>,
}

impl Default for Harness {
    fn default() -> Self {
        Self::new()
    }
}

impl Harness {
    pub fn new() -> Self {
        Harness {
            now: 0,
            rng: Rng::new(1, 1),
            dropped: Vec::new(),
            scratch: Vec::new(),
        }
    }

    fn with<R>(&mut self, f: impl FnOnce(&mut QueueCtx) -> R) -> R {
        let mut ctx = QueueCtx {
            now: self.now,
            rng: &mut self.rng,
            dropped: &mut self.scratch,
        };
        let r = f(&mut ctx);
        let now = self.now;
        self.dropped
            .extend(self.scratch.drain(..).map(|(p, why)| (now, p, why)));
        r
    }

    pub fn enqueue(&mut self, q: &mut dyn Qdisc, p: Packet) {
        self.with(|ctx| q.enqueue(p, ctx));
    }

    pub fn dequeue(&mut self, q: &mut dyn Qdisc) -> Option<Packet> {
        self.with(|ctx| q.dequeue(ctx))
    }

    pub fn metric(&self, q: &dyn Qdisc, name: &str) -> f64 {
        let i = q
            .metric_names()
            .iter()
            .position(|n| *n == name)
            .unwrap_or_else(|| panic!("no metric {name}"));
        let mut v = Vec::new();
        q.metrics(&mut v);
        assert_eq!(
            v.len(),
            q.metric_names().len(),
            "metrics() and metric_names() disagree"
        );
        v[i]
    }
}

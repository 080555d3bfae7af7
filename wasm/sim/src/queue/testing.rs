//! Test helpers: drive a discipline through the trait with a simulated link
//! clock, no TCP and no world needed.

use super::{DropReason, LinkInfo, Qdisc, QueueCtx};
use crate::engine::time::transmission_time;
use crate::engine::{Rng, Time};
use crate::packet::Packet;
use crate::packet::TCP_IP_HEADER_BYTES;

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
        overhead_bytes: 0,
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

/// Run `q` in front of a link of `rate_bps` until `end`: packets arrive at
/// the given times (sorted), the link takes one at a time, and a refused
/// dequeue is retried at [`Qdisc::next_wakeup`], as the world does.
/// Returns (start of transmission, packet) for every departure.
pub fn run_link(
    q: &mut dyn Qdisc,
    h: &mut Harness,
    arrivals: &[(Time, Packet)],
    rate_bps: u64,
    end: Time,
) -> Vec<(Time, Packet)> {
    let mut out = Vec::new();
    let mut next = 0;
    let mut busy_until: Option<Time> = None;
    let mut wake: Option<Time> = None;
    loop {
        let ta = arrivals.get(next).map(|a| a.0);
        let candidates = [busy_until, ta, wake];
        let Some(t) = candidates.iter().flatten().copied().min() else {
            break;
        };
        if t > end {
            break;
        }
        h.now = t;
        if busy_until == Some(t) {
            busy_until = None;
        }
        if wake == Some(t) {
            wake = None;
        }
        while next < arrivals.len() && arrivals[next].0 == t {
            h.enqueue(q, arrivals[next].1);
            next += 1;
        }
        if busy_until.is_none() {
            match h.dequeue(q) {
                Some(p) => {
                    busy_until = Some(t + transmission_time(p.size as u64, rate_bps));
                    out.push((t, p));
                }
                None if q.len_packets() > 0 => {
                    wake = q.next_wakeup(t).map(|w| w.max(t + 1));
                }
                None => {}
            }
        }
    }
    out
}

/// Bytes each flow sent among `departures` (indexed by flow).
pub fn bytes_by_flow(departures: &[(Time, Packet)], flows: usize) -> Vec<u64> {
    let mut v = vec![0u64; flows];
    for (_, p) in departures {
        v[p.flow as usize] += p.size as u64;
    }
    v
}

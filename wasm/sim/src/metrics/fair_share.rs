//! The max-min fair share of every flow (Bertsekas & Gallager, *Data
//! Networks*, 2nd ed., §6.5.2, progressive filling): raise every flow's rate
//! together; a flow stops rising when it reaches its demand or when a link it
//! crosses is full. The result is the allocation in which no flow can gain
//! without taking from a flow that has no more.
//!
//! Capacities are link rates in the flow's direction (wire bits); demands are
//! what a flow can use at most: a UDP source's offered rate, a TCP flow's
//! window W/RTT, unlimited otherwise. Shares are converted to payload
//! (goodput) with the flow's MSS/MTU, like every other bound.
//!
//! Flows enter when their data begins: at `start_s`, or for a TCP flow with
//! the handshake one idle-path handshake later (SYN out, SYN-ACK back,
//! `tcp::handshake::idle_duration_s`); the share is a step function of time
//! with a step at every such start. A flow is counted as sending until the end of the run
//! (a sized flow that finishes early leaves more for the rest: its share is
//! then an underestimate for them). Queue weights and reservations are not
//! modelled: this is the unweighted max-min share, the yardstick that
//! FQ-CoDel and DRR approach and that Jain's index measures against.

use crate::app::UdpPace;
use crate::net::packet::TCP_IP_HEADER_BYTES;
use crate::net::routing::adjacency_by_id;
use crate::scenario::{Protocol, Scenario};
use serde::Serialize;

/// IPv4 + UDP header bytes added to each datagram's payload (RFC 791, RFC 768).
const UDP_IP_HEADER_BYTES: f64 = 28.0;

/// From `from_s` on (until the next step), the flow's max-min share, b/s of payload.
#[derive(Serialize, Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct FairShareStep {
    pub from_s: f64,
    /// ∞ (JSON null): no limit.
    #[cfg_attr(feature = "schema", schemars(with = "Option<f64>"))]
    pub bps: f64,
}

/// Progressive filling. `paths[f]` lists the channels flow `f` crosses,
/// `capacity[c]` is channel `c`'s rate and `demand[f]` flow `f`'s ceiling
/// (∞ for none); only flows with `active[f]` take part (others get 0).
pub fn max_min(
    capacity: &[f64],
    paths: &[Vec<usize>],
    demand: &[f64],
    active: &[bool],
) -> Vec<f64> {
    let n = paths.len();
    let mut rate = vec![0.0; n];
    let mut left = capacity.to_vec();
    let mut rising: Vec<bool> = (0..n).map(|f| active[f] && demand[f] > 0.0).collect();
    while rising.iter().any(|&r| r) {
        let mut users = vec![0usize; capacity.len()];
        for f in (0..n).filter(|&f| rising[f]) {
            for &c in &paths[f] {
                users[c] += 1;
            }
        }
        let by_link = (0..capacity.len())
            .filter(|&c| users[c] > 0)
            .map(|c| left[c].max(0.0) / users[c] as f64);
        let by_demand = (0..n).filter(|&f| rising[f]).map(|f| demand[f] - rate[f]);
        let step = by_link.chain(by_demand).fold(f64::INFINITY, f64::min);
        if !step.is_finite() {
            // Rising flows that cross no link and want without limit.
            for f in (0..n).filter(|&f| rising[f]) {
                rate[f] = f64::INFINITY;
            }
            break;
        }
        for f in (0..n).filter(|&f| rising[f]) {
            rate[f] += step;
        }
        for c in 0..capacity.len() {
            left[c] -= step * users[c] as f64;
        }
        // Freeze what is now limited; tolerances absorb rounding.
        let full: Vec<bool> = (0..capacity.len())
            .map(|c| users[c] > 0 && left[c] <= 1e-9 * capacity[c])
            .collect();
        for f in 0..n {
            if rising[f]
                && (rate[f] >= demand[f] * (1.0 - 1e-12) || paths[f].iter().any(|&c| full[c]))
            {
                rising[f] = false;
            }
        }
    }
    rate
}

/// What flow `f` can use at most, b/s on the wire (∞: no limit of its own).
fn demand_bps(s: &Scenario, f: usize, window_bps_wire: Option<f64>) -> f64 {
    let flow = &s.flows[f];
    match flow.protocol {
        Protocol::Udp => match flow.source.udp_rate() {
            Some(rate) => {
                let bps = match rate.pace {
                    UdpPace::IntervalMs(ms) => {
                        (f64::from(rate.payload) + UDP_IP_HEADER_BYTES) * 8.0 / (ms / 1000.0)
                    }
                    UdpPace::RateBps(r) => r,
                };
                // An on/off source sends for on / (on + off) of the time.
                match flow.source.on_off() {
                    Some(o) => bps * o.on_s / (o.on_s + o.off_s),
                    None => bps,
                }
            }
            None => f64::INFINITY,
        },
        Protocol::Tcp => window_bps_wire.unwrap_or(f64::INFINITY),
    }
}

/// Every flow's max-min share over time (steps at flow starts), payload b/s.
/// `window_bps[f]` is flow f's window bound W/RTT (payload) if it has one.
/// A flow with no route gets no steps.
pub fn fair_share_steps(s: &Scenario, window_bps: &[Option<f64>]) -> Vec<Vec<FairShareStep>> {
    let adj = adjacency_by_id(&s.topology);
    let links = &s.topology.links;
    let capacity: Vec<f64> = (0..2 * links.len())
        .map(|c| {
            let l = &links[c / 2];
            let reverse = l.reverse.as_ref().and_then(|r| r.rate_bps);
            if c % 2 == 0 {
                l.rate_bps
            } else {
                reverse.unwrap_or(l.rate_bps)
            }
        })
        .collect();
    let routes: Vec<Option<Vec<usize>>> = s
        .flows
        .iter()
        .map(|f| adj.route(*adj.index.get(&f.src)?, *adj.index.get(&f.dst)?))
        .collect();
    // Payload per wire bit on the path (smallest MTU); UDP counts its headers.
    let payload: Vec<f64> = (0..s.flows.len())
        .map(|f| {
            let mtu = routes[f]
                .as_ref()
                .and_then(|r| r.iter().map(|&c| links[c / 2].mtu_bytes).min())
                .unwrap_or(1500) as f64;
            let header = match s.flows[f].protocol {
                Protocol::Tcp => f64::from(TCP_IP_HEADER_BYTES),
                Protocol::Udp => UDP_IP_HEADER_BYTES,
            };
            (mtu - header).max(1.0) / mtu
        })
        .collect();
    let demand: Vec<f64> = (0..s.flows.len())
        .map(|f| {
            demand_bps(
                s,
                f,
                window_bps.get(f).copied().flatten().map(|w| w / payload[f]),
            )
        })
        .collect();
    let paths: Vec<Vec<usize>> = routes
        .iter()
        .map(|r| r.clone().unwrap_or_default())
        .collect();
    let data_start: Vec<f64> = (0..s.flows.len())
        .map(|f| data_start_s(s, f, routes[f].as_deref()))
        .collect();
    let mut starts = data_start.clone();
    // Values equal under total_cmp are the same bits: an unstable sort gives the same order.
    starts.sort_unstable_by(f64::total_cmp);
    starts.dedup();
    let mut out = vec![Vec::new(); s.flows.len()];
    for &t in &starts {
        let active: Vec<bool> = (0..s.flows.len())
            .map(|f| routes[f].is_some() && data_start[f] <= t)
            .collect();
        let rate = max_min(&capacity, &paths, &demand, &active);
        for f in (0..s.flows.len()).filter(|&f| active[f]) {
            let bps = rate[f] * payload[f];
            if out[f].last().map(|x: &FairShareStep| x.bps) != Some(bps) {
                out[f].push(FairShareStep { from_s: t, bps });
            }
        }
    }
    out
}

/// When flow `f`'s data begins on an idle path, seconds: its start (`start_s`
/// plus a random start's draw), plus the handshake for a TCP flow that has
/// one. `route`: its channels.
pub fn data_start_s(s: &Scenario, f: usize, route: Option<&[usize]>) -> f64 {
    let flow = &s.flows[f];
    let start_s = crate::scenario::flow_start_s(s, f);
    let Some(route) = route.filter(|_| flow.protocol == Protocol::Tcp && flow.tcp.handshake) else {
        return start_s;
    };
    let links = &s.topology.links;
    let hops: Vec<(f64, f64, f64, u32)> = route
        .iter()
        .map(|&c| {
            let l = &links[c / 2];
            let reverse = l.reverse.as_ref();
            let rev_rate = reverse.and_then(|r| r.rate_bps).unwrap_or(l.rate_bps);
            let rev_delay = reverse.and_then(|r| r.delay_ms).unwrap_or(l.delay_ms);
            let (out, back) = if c % 2 == 0 {
                (l.rate_bps, rev_rate)
            } else {
                (rev_rate, l.rate_bps)
            };
            let delay = (l.delay_ms + rev_delay) / 2.0 / 1000.0;
            (out, back, delay, l.overhead_bytes)
        })
        .collect();
    let mtu = route
        .iter()
        .map(|&c| links[c / 2].mtu_bytes)
        .min()
        .unwrap_or(1500);
    start_s + crate::tcp::handshake::idle_duration_s(&flow.tcp, mtu, &hops)
}

#[cfg(test)]
#[path = "fair_share_tests.rs"]
mod tests;

//! AQM oracles, driving the disciplines directly through the `Qdisc` trait
//! (no TCP, no world): RED's drop probability against its average queue
//! (Floyd & Jacobson 1993 §4, gentle per ns-3), RED's EWMA, and CoDel's
//! drop schedule under constant overload (RFC 8289 §5: the first drop only
//! after the sojourn time stayed above target for an interval, then
//! interval/√count apart).

use super::{Case, Row};
use crate::engine::time::{transmission_time, Time, NS_PER_MS};
use crate::engine::Rng;
use crate::net::Packet;
use crate::queue::codel::Codel;
use crate::queue::codel::CodelSpec;
use crate::queue::red::Red;
use crate::queue::red::RedSpec;
use crate::queue::{DropReason, LinkInfo, Qdisc, QueueCtx};

pub fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "red-curve",
            run: red_curve,
        },
        Case {
            name: "codel-schedule",
            run: codel_schedule,
        },
    ]
}

/// Owns what a `QueueCtx` borrows.
struct Drive {
    now: Time,
    rng: Rng,
    dropped: Vec<(Packet, DropReason)>,
}

impl Drive {
    fn new(seed: u64) -> Self {
        Drive {
            now: 0,
            rng: Rng::new(seed, 5),
            dropped: Vec::new(),
        }
    }
    fn enqueue(&mut self, q: &mut dyn Qdisc, mut p: Packet) {
        p.enqueued_at = self.now;
        let mut ctx = QueueCtx {
            now: self.now,
            rng: &mut self.rng,
            dropped: &mut self.dropped,
        };
        q.enqueue(p, &mut ctx);
    }
    fn dequeue(&mut self, q: &mut dyn Qdisc) -> Option<Packet> {
        let mut ctx = QueueCtx {
            now: self.now,
            rng: &mut self.rng,
            dropped: &mut self.dropped,
        };
        q.dequeue(&mut ctx)
    }
}

fn packet(uid: u64, size: u32) -> Packet {
    let mut p = Packet::data(uid, 0, 0, 1, uid * 1000, size - 40, 0);
    p.uid = uid;
    p
}

// ---- RED ------------------------------------------------------------------

const MIN_TH: f64 = 5.0;
const MAX_TH: f64 = 15.0;
const MAX_P: f64 = 0.1;

/// Floyd & Jacobson's p_b against the average queue; gentle as in ns-3
/// (max_p → 1 over [max_th, 2·max_th]).
fn p_b(avg: f64, gentle: bool) -> f64 {
    if avg < MIN_TH {
        0.0
    } else if avg < MAX_TH {
        MAX_P * (avg - MIN_TH) / (MAX_TH - MIN_TH)
    } else if gentle && avg < 2.0 * MAX_TH {
        MAX_P + (1.0 - MAX_P) * (avg - MAX_TH) / MAX_TH
    } else {
        1.0
    }
}

/// The long-run fraction of arrivals dropped at a steady p_b: drops come
/// p_a = p_b/(1 − c·p_b) into the c-th arrival since the last one (1 once
/// c·p_b ≥ 1), so P(gap > n) = Π_{c≤n}(1 − p_a(c)) and the fraction is
/// 1/E[gap] (Floyd & Jacobson §7: the gap is uniform on 1…1/p_b).
fn drop_fraction(pb: f64) -> f64 {
    if pb <= 0.0 {
        return 0.0;
    }
    let mut survive = 1.0;
    let mut mean_gap = 0.0;
    let mut c = 1.0;
    while survive > 0.0 {
        mean_gap += survive;
        let pa = if c * pb < 1.0 {
            pb / (1.0 - c * pb)
        } else {
            1.0
        };
        survive *= 1.0 - pa.min(1.0);
        c += 1.0;
    }
    1.0 / mean_gap
}

fn red(gentle: bool, w_q: f64) -> Red {
    let spec = RedSpec {
        limit_packets: 1000,
        min_th: MIN_TH,
        max_th: MAX_TH,
        max_p: MAX_P,
        w_q,
        gentle,
        // Floyd & Jacobson's p_a = p_b/(1 − count·p_b), not ns-2's "wait".
        wait: false,
        ..RedSpec::default()
    };
    let ids: Vec<String> = vec!["f0".into()];
    Red::new(
        &spec,
        &LinkInfo {
            rate_bps: 10_000_000,
            mtu: 1500,
            overhead_bytes: 0,
            flow_ids: &ids,
        },
    )
}

/// Fill the queue to `level` packets, then hold it there (an arrival that
/// is accepted is followed by one departure) for `warm` arrivals, so RED's
/// average settles at `level`, and `n` more; returns the fraction of those
/// `n` arrivals dropped and RED's average at the end. Filling is fast, so
/// the average stays small and the fill is not dropped.
fn hold(q: &mut Red, d: &mut Drive, level: usize, warm: u64, n: u64) -> (f64, f64) {
    let mut uid = 0;
    let mut arrive = |q: &mut Red, d: &mut Drive| {
        let before = q.len_packets();
        d.enqueue(q, packet(uid, 1000));
        uid += 1;
        if q.len_packets() > before && before == level {
            d.dequeue(q);
        }
        d.dropped.drain(..).count() as u64
    };
    while q.len_packets() < level {
        arrive(q, d);
    }
    for _ in 0..warm {
        arrive(q, d);
    }
    let drops: u64 = (0..n).map(|_| arrive(q, d)).sum();
    (drops as f64 / n as f64, q.avg())
}

fn red_curve() -> Vec<Row> {
    let mut rows = Vec::new();
    for gentle in [false, true] {
        let name = if gentle { "gentle" } else { "classic" };
        let levels: &[usize] = if gentle {
            &[4, 6, 10, 14, 18, 20, 26, 31]
        } else {
            &[4, 6, 8, 10, 12, 14, 16]
        };
        for &level in levels {
            // w_q = 0.01: after 3000 arrivals avg is level·(1 − 8e-14).
            let mut q = red(gentle, 0.01);
            let mut d = Drive::new(level as u64);
            let (frac, avg) = hold(&mut q, &mut d, level, 3000, 200_000);
            let pb = p_b(level as f64, gentle);
            let want = drop_fraction(pb);
            let case = format!("RED {name}: drop fraction at avg {avg:.3} (p_b = {pb:.3})");
            rows.push(if want == 0.0 || want == 1.0 {
                Row::exact(case, frac, want)
            } else {
                Row::relative(case, frac, want, 0.04)
            });
        }
    }
    // The average's step response: from 0, each arrival moves avg a
    // fraction w_q towards the queue it finds: after the fill (0, 1, …, 9)
    // and 500 arrivals at 10, avg = the same recursion, step by step.
    let w_q = 0.002;
    let mut q = red(true, w_q);
    let mut d = Drive::new(1);
    let level = 10;
    let (_, avg) = hold(&mut q, &mut d, level, 0, 500);
    let mut want = 0.0;
    for k in 0..level {
        want = (1.0 - w_q) * want + w_q * k as f64;
    }
    for _ in 0..500 {
        want = (1.0 - w_q) * want + w_q * level as f64;
    }
    rows.push(Row::relative(
        "RED avg after filling to 10 and 500 arrivals there, w_q = 0.002 (packets)",
        avg,
        want,
        1e-6,
    ));
    rows
}

// ---- CoDel ------------------------------------------------------------------

/// 1000-byte packets arriving at 1.5× a 100 Mb/s link for `dur`; returns
/// (when the dequeued packets' sojourn first reached target, the times of
/// CoDel's drops).
fn codel_overload(dur: Time) -> (Option<Time>, Vec<Time>) {
    let rate = 100_000_000;
    let tx = transmission_time(1000, rate);
    let gap = tx * 2 / 3;
    let ids: Vec<String> = vec!["f0".into()];
    let spec = CodelSpec {
        limit_packets: 1_000_000,
        ..CodelSpec::default()
    };
    let mut q = Codel::new(
        &spec,
        &LinkInfo {
            rate_bps: rate,
            mtu: 1500,
            overhead_bytes: 0,
            flow_ids: &ids,
        },
    );
    let mut d = Drive::new(3);
    let target = 5 * NS_PER_MS;
    let (mut next_arrival, mut link_free) = (0, 0);
    let (mut above, mut drops) = (None, Vec::new());
    let mut uid = 0;
    while next_arrival < dur {
        if q.len_packets() == 0 || next_arrival <= link_free {
            d.now = next_arrival;
            d.enqueue(&mut q, packet(uid, 1000));
            uid += 1;
            next_arrival += gap;
            link_free = link_free.max(d.now);
        } else {
            d.now = link_free;
            match d.dequeue(&mut q) {
                Some(p) => {
                    if above.is_none() && d.now - p.enqueued_at >= target && drops.is_empty() {
                        above = Some(d.now);
                    }
                    link_free = d.now + tx;
                }
                None => link_free = next_arrival,
            }
            for (_, why) in d.dropped.drain(..) {
                assert_eq!(why, DropReason::Aqm, "no overflow with this limit");
                drops.push(d.now);
            }
        }
    }
    (above, drops)
}

fn codel_schedule() -> Vec<Row> {
    let interval = 100.0;
    let tx = transmission_time(1000, 100_000_000);
    let (above, drops) = codel_overload(1500 * NS_PER_MS);
    let ms = |t: Time| t as f64 / 1e6;
    let mut rows = Vec::new();
    let (Some(above), Some(&first)) = (above, drops.first()) else {
        return vec![Row::at_least("CoDel dropped under overload", 0.0, 1.0)];
    };
    let wait = ms(first - above);
    rows.push(Row::at_least(
        "CoDel: first drop after sojourn ≥ target, ms (> interval)",
        wait,
        interval,
    ));
    rows.push(Row::at_most(
        "CoDel: first drop after sojourn ≥ target, ms (≤ interval + one packet)",
        wait,
        ms(100 * NS_PER_MS + tx),
    ));
    for k in 1..=8.min(drops.len() - 1) {
        let gap = ms(drops[k]) - ms(drops[k - 1]);
        rows.push(Row::relative(
            format!("CoDel: gap before drop {} = interval/√{k} (ms)", k + 1),
            gap,
            interval / (k as f64).sqrt(),
            0.005,
        ));
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_drop_fraction_of_red_is_about_twice_p_b() {
        // Gap uniform on 1…1/p_b − 1 for 1/p_b whole: mean 1/(2p_b).
        assert!((drop_fraction(0.01) - 0.02).abs() < 1e-12);
        assert!((drop_fraction(0.1) - 0.2).abs() < 1e-12);
        assert_eq!(drop_fraction(1.0), 1.0);
        assert_eq!(drop_fraction(0.0), 0.0);
    }

    #[test]
    fn red_and_codel_rows_pass() {
        for r in red_curve().into_iter().chain(codel_schedule()) {
            assert!(r.pass, "{r:?}");
        }
    }
}

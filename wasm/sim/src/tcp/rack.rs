//! RACK-TLP (RFC 8985) state: the RACK reference (the most recently sent
//! segment known delivered), its RTT, whether reordering has been seen, the
//! reordering window, and the tail loss probe's timeout and bookkeeping.
//! Loss marking walks the scoreboard ([`super::scoreboard::Scoreboard::rack_detect`]);
//! the sender decides when (on ACKs, on the reordering timer) and what to send.
//! Linux: net/ipv4/tcp_recovery.c (`tcp_rack_advance`, `tcp_rack_reo_wnd`,
//! `tcp_rack_detect_loss`, `tcp_rack_reo_timeout`), net/ipv4/tcp_output.c
//! (`tcp_schedule_loss_probe`, `tcp_send_loss_probe`), net/ipv4/tcp_input.c
//! (`tcp_process_tlp_ack`).

use super::scoreboard::DUP_THRESH;
use crate::engine::time::{Time, NS_PER_MS, NS_PER_S};

/// RFC 8985 §7.2 and Linux `TCP_TIMEOUT_INIT`: the PTO before any RTT sample.
pub const PTO_WITHOUT_SRTT: Time = NS_PER_S;
/// Linux `TCP_TIMEOUT_MIN_US` (2 ms): added to 2·SRTT when more than one
/// segment is in flight (`tcp_schedule_loss_probe`).
pub const PTO_SLACK: Time = 2 * NS_PER_MS;

#[derive(Clone, Copy, Debug, Default)]
pub struct Rack {
    /// RACK.xmit_ts and RACK.end_seq: the most recently sent segment delivered.
    reference: Option<(Time, u64)>,
    /// RACK.rtt: the RTT of that segment's (last) transmission.
    rtt: Time,
    /// The reference moved since loss detection last ran (Linux `rack.advanced`).
    advanced: bool,
    /// RACK.reordering_seen (Linux `reord_seen`).
    reordering_seen: bool,
    /// The reordering window as a fraction of min_RTT (RFC 8985: 1/4).
    reo_fraction: f64,
}

impl Rack {
    pub fn new(reo_fraction: f64) -> Self {
        Self {
            reo_fraction,
            ..Default::default()
        }
    }

    /// RFC 8985 §6.2 steps 2 and 3, for one ACK: the newest delivered
    /// segment `latest` (already filtered for ambiguous retransmissions),
    /// and whether a segment sent once was delivered below RACK.fack.
    pub fn on_ack(&mut self, latest: Option<(Time, u64)>, reordered: bool, now: Time) {
        if reordered {
            self.reordering_seen = true;
        }
        if let Some((sent, end)) = latest {
            self.rtt = now - sent;
            self.advanced = true;
            if self.reference.is_none_or(|r| (sent, end) > r) {
                self.reference = Some((sent, end));
            }
        }
    }

    /// Take the reference if it moved since the last detection (Linux
    /// `tcp_rack_mark_lost` runs only then).
    pub fn take_advanced(&mut self) -> Option<(Time, u64)> {
        std::mem::take(&mut self.advanced)
            .then_some(self.reference)
            .flatten()
    }

    pub fn reference(&self) -> Option<(Time, u64)> {
        self.reference
    }

    pub fn reordering_seen(&self) -> bool {
        self.reordering_seen
    }

    /// RFC 8985 §6.2 step 4 (Linux `tcp_rack_reo_wnd`): without reordering
    /// seen, 0 in recovery or once DupThresh segments are SACKed (RACK then
    /// acts like the duplicate-ACK rule); else min_RTT/4 (the fraction),
    /// at most SRTT.
    pub fn reo_wnd(&self, min_rtt: Time, srtt: Time, in_recovery: bool, sacked_segs: u64) -> Time {
        if !self.reordering_seen && (in_recovery || sacked_segs >= DUP_THRESH as u64) {
            return 0;
        }
        ((min_rtt as f64 * self.reo_fraction) as Time).min(srtt)
    }

    /// The detection window: RACK.rtt + RACK.reo_wnd (§6.2 step 5).
    pub fn window(&self, reo_wnd: Time) -> Time {
        self.rtt + reo_wnd
    }
}

/// RFC 8985 §7.2 (Linux `tcp_schedule_loss_probe`): the probe timeout,
/// 2·SRTT plus the delayed-ACK allowance `single_allowance` when only one
/// segment is in flight (Linux adds `tcp_rto_min`, RFC 8985 WCDelAckT =
/// 200 ms), else plus 2 ms; 1 s without an RTT sample.
pub fn pto(srtt: Time, one_segment_in_flight: bool, single_allowance: Time) -> Time {
    if srtt == 0 {
        return PTO_WITHOUT_SRTT;
    }
    2 * srtt
        + if one_segment_in_flight {
            single_allowance
        } else {
            PTO_SLACK
        }
}

/// An outstanding tail loss probe (RFC 8985 §7.3-7.4; Linux `tlp_high_seq`
/// and `tlp_retrans`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probe {
    /// SND.NXT after the probe was sent (TLP.end_seq).
    pub end_seq: u64,
    /// The probe retransmitted the last segment (else it sent new data).
    pub retransmission: bool,
}

/// What an ACK says about an outstanding probe (`tcp_process_tlp_ack`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProbeOutcome {
    /// Not yet known: keep the probe.
    Pending,
    /// Nothing was lost (new data was probed, or both copies arrived).
    NoLoss,
    /// The ACK went past the probe, which was a retransmission that no
    /// duplicate ACK showed was needless: it repaired a loss, so the window
    /// is reduced once (Linux enters CWR and ends it at once).
    Repaired,
}

impl Probe {
    /// An ACK for `ack`; `pure_duplicate` when it neither advanced SND.UNA
    /// nor SACKed anything new. The model's receiver sends no DSACK (RFC
    /// 2883); its duplicate ACK for the second copy tells the same.
    pub fn on_ack(&self, ack: u64, pure_duplicate: bool) -> ProbeOutcome {
        if !self.retransmission {
            if ack >= self.end_seq {
                ProbeOutcome::NoLoss
            } else {
                ProbeOutcome::Pending
            }
        } else if pure_duplicate {
            ProbeOutcome::NoLoss
        } else if ack > self.end_seq {
            ProbeOutcome::Repaired
        } else {
            ProbeOutcome::Pending
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Time = NS_PER_MS;

    #[test]
    fn the_reordering_window_is_a_quarter_of_min_rtt_until_dupthresh() {
        let r = Rack::new(0.25);
        assert_eq!(r.reo_wnd(100 * MS, 120 * MS, false, 0), 25 * MS);
        assert_eq!(r.reo_wnd(100 * MS, 120 * MS, false, 3), 0, "3 SACKed");
        assert_eq!(r.reo_wnd(100 * MS, 120 * MS, true, 0), 0, "in recovery");
        assert_eq!(
            Rack::new(1.0).reo_wnd(100 * MS, 60 * MS, false, 0),
            60 * MS,
            "at most SRTT"
        );
        let mut seen = Rack::new(0.25);
        seen.on_ack(None, true, 0);
        assert_eq!(
            seen.reo_wnd(100 * MS, 120 * MS, true, 5),
            25 * MS,
            "after reordering the window stays"
        );
    }

    #[test]
    fn the_reference_only_moves_forward_but_the_rtt_follows_each_ack() {
        let mut r = Rack::new(0.25);
        r.on_ack(Some((10 * MS, 5000)), false, 110 * MS);
        assert_eq!(r.take_advanced(), Some((10 * MS, 5000)));
        assert_eq!(r.take_advanced(), None, "until the next delivery");
        r.on_ack(Some((5 * MS, 3000)), false, 120 * MS);
        assert_eq!(r.reference(), Some((10 * MS, 5000)));
        assert_eq!(r.window(0), 115 * MS);
    }

    #[test]
    fn pto_is_two_srtt_plus_the_delayed_ack_allowance_for_one_segment() {
        assert_eq!(pto(100 * MS, false, 200 * MS), 202 * MS);
        assert_eq!(pto(100 * MS, true, 200 * MS), 400 * MS);
        assert_eq!(pto(0, false, 200 * MS), NS_PER_S);
    }

    #[test]
    fn a_probe_that_repaired_a_loss_is_told_from_one_that_was_needless() {
        // The original of the last segment was lost: the probe's ACK
        // reaches TLP.end_seq, and a later ACK goes past it.
        let p = Probe {
            end_seq: 10_000,
            retransmission: true,
        };
        assert_eq!(p.on_ack(10_000, false), ProbeOutcome::Pending);
        assert_eq!(p.on_ack(11_000, false), ProbeOutcome::Repaired);
        // Both copies arrived: the second is acknowledged by a duplicate ACK.
        assert_eq!(p.on_ack(10_000, true), ProbeOutcome::NoLoss);
        // A probe of new data never means a loss.
        let p = Probe {
            end_seq: 10_000,
            retransmission: false,
        };
        assert_eq!(p.on_ack(9_000, false), ProbeOutcome::Pending);
        assert_eq!(p.on_ack(10_000, false), ProbeOutcome::NoLoss);
    }
}

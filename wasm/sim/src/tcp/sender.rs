//! The TCP sender: byte sequence space, ACK clocking, fast retransmit and
//! NewReno fast recovery (RFC 6582), and the retransmission timer (RFC 6298)
//! with go-back-N resending after a timeout. The window policy is delegated
//! to a [`CongestionControl`].

use super::rtt::RttEstimator;
use crate::cc::{AckSample, CongestionControl, CongestionEvent, CongestionSignal};
use crate::engine::Time;
use crate::net::packet::{Packet, TCP_IP_HEADER_BYTES};
use std::collections::VecDeque;

/// RFC 5681 §3.2: fast retransmit after three duplicate ACKs.
pub const DUPACK_THRESHOLD: u32 = 3;

#[derive(Clone, Debug)]
pub struct SenderConfig {
    pub mss: u32,
    pub min_rto: Time,
    pub clock_granularity: Time,
    /// Bytes the application will send; None for a bulk transfer that never ends.
    pub app_bytes: Option<u64>,
}

/// One transmitted segment awaiting acknowledgement (for Karn's rule).
#[derive(Clone, Copy, Debug)]
struct SentSegment {
    end: u64,
    sent_at: Time,
    retransmitted: bool,
}

/// Where the connection is, for the state strip in the plots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SenderState {
    SlowStart = 0,
    CongestionAvoidance = 1,
    Recovery = 2,
    Loss = 3,
}

#[derive(Clone, Debug, Default)]
pub struct SenderStats {
    pub segments_sent: u64,
    pub retransmitted_segments: u64,
    pub fast_retransmits: u64,
    pub timeouts: u64,
    pub duplicate_acks: u64,
}

pub struct TcpSender {
    pub flow: u32,
    pub src: u32,
    pub dst: u32,
    cfg: SenderConfig,
    cc: Box<dyn CongestionControl>,
    rtt: RttEstimator,
    snd_una: u64,
    snd_nxt: u64,
    /// One past the highest byte ever sent (SND.MAX).
    snd_max: u64,
    /// Peer's advertised window.
    rwnd: u64,
    dupacks: u32,
    /// RFC 6582 "recover": snd_max when the last recovery or timeout began.
    recover: u64,
    /// Window used while in fast recovery (ssthresh + inflation − deflation), bytes.
    recovery_cwnd: Option<u64>,
    partial_acks: u32,
    /// After a timeout, until snd_una passes `recover`.
    in_loss: bool,
    sent: VecDeque<SentSegment>,
    rto_deadline: Option<Time>,
    pub stats: SenderStats,
}

impl TcpSender {
    pub fn new(
        flow: u32,
        src: u32,
        dst: u32,
        cfg: SenderConfig,
        cc: Box<dyn CongestionControl>,
    ) -> Self {
        let rtt = RttEstimator::new(cfg.min_rto, cfg.clock_granularity);
        Self {
            flow,
            src,
            dst,
            cfg,
            cc,
            rtt,
            snd_una: 0,
            snd_nxt: 0,
            snd_max: 0,
            rwnd: u64::MAX,
            dupacks: 0,
            recover: 0,
            recovery_cwnd: None,
            partial_acks: 0,
            in_loss: false,
            sent: VecDeque::with_capacity(64),
            rto_deadline: None,
            stats: SenderStats::default(),
        }
    }

    pub fn mss(&self) -> u32 {
        self.cfg.mss
    }
    /// Effective congestion window in bytes (inflated during fast recovery).
    pub fn cwnd(&self) -> u64 {
        self.recovery_cwnd.unwrap_or_else(|| self.cc.cwnd())
    }
    pub fn ssthresh(&self) -> u64 {
        self.cc.ssthresh()
    }
    pub fn rtt(&self) -> &RttEstimator {
        &self.rtt
    }
    pub fn cc(&self) -> &dyn CongestionControl {
        self.cc.as_ref()
    }
    pub fn snd_una(&self) -> u64 {
        self.snd_una
    }
    pub fn inflight(&self) -> u64 {
        self.snd_nxt - self.snd_una
    }
    pub fn rto_deadline(&self) -> Option<Time> {
        self.rto_deadline
    }
    pub fn state(&self) -> SenderState {
        if self.in_loss {
            SenderState::Loss
        } else if self.recovery_cwnd.is_some() {
            SenderState::Recovery
        } else if self.cc.cwnd() < self.cc.ssthresh() {
            SenderState::SlowStart
        } else {
            SenderState::CongestionAvoidance
        }
    }
    /// True once a sized transfer has been fully acknowledged.
    pub fn finished(&self) -> bool {
        self.cfg.app_bytes.is_some_and(|n| self.snd_una >= n)
    }

    /// Open the connection: send the initial window.
    pub fn start(&mut self, now: Time, out: &mut Vec<Packet>) {
        self.try_send(now, out);
    }

    fn app_limit(&self) -> u64 {
        self.cfg.app_bytes.unwrap_or(u64::MAX)
    }

    fn restart_timer(&mut self, now: Time) {
        self.rto_deadline = if self.snd_max > self.snd_una {
            Some(now + self.rtt.rto())
        } else {
            None // RFC 6298 §5.2: all data acknowledged, turn the timer off.
        };
    }

    fn segment(&mut self, seq: u64, now: Time) -> Packet {
        let len = (self.cfg.mss as u64).min(self.app_limit() - seq) as u32;
        let mut p = Packet::data(0, self.flow, self.src, self.dst, seq, len, now);
        p.size = len + TCP_IP_HEADER_BYTES;
        p.retransmit = seq < self.snd_max;
        self.stats.segments_sent += 1;
        if p.retransmit {
            self.stats.retransmitted_segments += 1;
        }
        p
    }

    /// Send new (or go-back-N) segments while the window allows.
    fn try_send(&mut self, now: Time, out: &mut Vec<Packet>) {
        let mss = self.cfg.mss as u64;
        loop {
            let limit = self.app_limit();
            if self.snd_nxt >= limit {
                break;
            }
            let len = mss.min(limit - self.snd_nxt);
            let window = self.cwnd().min(self.rwnd);
            if self.inflight() + len > window {
                break;
            }
            let p = self.segment(self.snd_nxt, now);
            self.sent.push_back(SentSegment {
                end: p.end_seq(),
                sent_at: now,
                retransmitted: p.retransmit,
            });
            self.snd_nxt = p.end_seq();
            self.snd_max = self.snd_max.max(self.snd_nxt);
            out.push(p);
            if self.rto_deadline.is_none() {
                self.restart_timer(now);
            }
        }
    }

    /// Resend the first unacknowledged segment.
    fn retransmit_head(&mut self, now: Time, out: &mut Vec<Packet>) {
        let p = self.segment(self.snd_una, now);
        if let Some(s) = self.sent.iter_mut().find(|s| s.end > self.snd_una) {
            s.retransmitted = true;
        }
        out.push(p);
    }

    /// Process an acknowledgement.
    pub fn on_ack(&mut self, pkt: &Packet, now: Time, out: &mut Vec<Packet>) {
        let ack = pkt.ack;
        if ack > self.snd_max {
            return; // acknowledges data never sent: ignore (RFC 9293 §3.10.7.4)
        }
        self.rwnd = pkt.rwnd;
        if ack > self.snd_una {
            self.on_new_ack(ack, now, out);
        } else if ack == self.snd_una && self.snd_max > self.snd_una {
            self.on_duplicate_ack(now, out);
        }
        self.try_send(now, out);
    }

    fn on_new_ack(&mut self, ack: u64, now: Time, out: &mut Vec<Packet>) {
        let acked = ack - self.snd_una;
        // Karn's rule: sample RTT only from a segment that was sent once.
        let mut sample = None;
        while let Some(s) = self.sent.front() {
            if s.end > ack {
                break;
            }
            sample = if s.retransmitted {
                None
            } else {
                Some(now - s.sent_at)
            };
            self.sent.pop_front();
        }
        if let Some(r) = sample {
            self.rtt.on_sample(r);
        }
        self.snd_una = ack;
        self.snd_nxt = self.snd_nxt.max(ack);
        self.dupacks = 0;
        if self.in_loss && ack >= self.recover {
            self.in_loss = false;
        }
        let mss = self.cfg.mss as u64;
        match self.recovery_cwnd {
            Some(w) if ack < self.recover => {
                // RFC 6582 §3.2 step 5: partial ACK. Retransmit the next hole,
                // deflate by the amount acked, add back one SMSS if that was ≥ SMSS.
                let add_back = if acked >= mss { mss } else { 0 };
                self.recovery_cwnd = Some(w.saturating_sub(acked) + add_back);
                self.retransmit_head(now, out);
                self.partial_acks += 1;
                if self.partial_acks == 1 {
                    self.restart_timer(now);
                }
                return;
            }
            Some(_) => {
                // RFC 6582 §3.2 step 3: full ACK ends recovery.
                self.recovery_cwnd = None;
                self.cc.on_recovery_exit(now, self.cfg.mss);
            }
            None => {
                self.cc.on_ack(&AckSample {
                    now,
                    acked_bytes: acked,
                    rtt: sample,
                    srtt: self.rtt.srtt(),
                    min_rtt: self.rtt.min_rtt(),
                    inflight_bytes: self.inflight(),
                    delivered_bytes: self.snd_una,
                    mss: self.cfg.mss,
                });
            }
        }
        self.restart_timer(now);
    }

    fn on_duplicate_ack(&mut self, now: Time, out: &mut Vec<Packet>) {
        self.dupacks += 1;
        self.stats.duplicate_acks += 1;
        let mss = self.cfg.mss as u64;
        if let Some(w) = self.recovery_cwnd {
            // RFC 6582 §3.2 step 4: inflate by one SMSS per additional duplicate ACK.
            self.recovery_cwnd = Some(w + mss);
            return;
        }
        // RFC 6582 §3.2 step 2: only start recovery if this loss is past `recover`.
        if self.dupacks == DUPACK_THRESHOLD && !self.in_loss && self.snd_una >= self.recover {
            let flight = self.snd_max - self.snd_una;
            self.cc.on_congestion_event(&CongestionEvent {
                now,
                signal: CongestionSignal::Loss,
                inflight_bytes: flight,
                mss: self.cfg.mss,
            });
            self.recover = self.snd_max;
            self.partial_acks = 0;
            // RFC 6582 §3.2 step 3: cwnd = ssthresh + 3*SMSS.
            self.recovery_cwnd = Some(self.cc.ssthresh() + DUPACK_THRESHOLD as u64 * mss);
            self.stats.fast_retransmits += 1;
            self.retransmit_head(now, out);
        }
    }

    /// The retransmission timer expired at `now`.
    pub fn on_rto(&mut self, now: Time, out: &mut Vec<Packet>) {
        self.rto_deadline = None;
        if self.snd_max == self.snd_una {
            return;
        }
        self.stats.timeouts += 1;
        let flight = self.snd_max - self.snd_una;
        self.cc.on_rto(now, flight, self.cfg.mss);
        // RFC 6298 §5.5–5.6: back off, then resend from snd_una (go-back-N).
        self.rtt.back_off();
        self.recovery_cwnd = None;
        self.dupacks = 0;
        self.in_loss = true;
        // RFC 6582 §4: after a timeout, recover = highest sequence sent.
        self.recover = self.snd_max;
        self.snd_nxt = self.snd_una;
        self.sent.clear();
        self.try_send(now, out);
        self.restart_timer(now);
    }
}

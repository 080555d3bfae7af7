//! The TCP sender: byte sequence space, ACK clocking, the retransmission timer
//! (RFC 6298), pacing, and loss recovery in one of five styles (see
//! [`Recovery`]): SACK (RFC 6675), NewReno (RFC 6582), Reno (RFC 5681), Tahoe
//! and Go-Back-N (paper 001). The window policy is a [`CongestionControl`].
//! With ECN (RFC 3168 §6.1) new data goes out ECT(0); an ACK with ECE
//! reduces the window at most once per window of data, and the next new
//! segment carries CWR. ACKs also bring the receiver's measurements (paper
//! 000's passage time d, paper 001's rate) to the controller as [`AckExtras`].

use super::rtt::RttEstimator;
use super::scoreboard::{Covered, Scoreboard};
use crate::cc::{AckExtras, AckSample, CongestionControl, CongestionEvent, CongestionSignal};
use crate::engine::Time;
use crate::net::packet::Packet;
use crate::scenario::Recovery;

/// RFC 5681 §3.2: fast retransmit after three duplicate ACKs.
pub const DUPACK_THRESHOLD: u32 = 3;

#[derive(Clone, Debug)]
pub struct SenderConfig {
    pub mss: u32,
    /// IP + TCP header bytes in front of each segment's payload.
    pub header_bytes: u32,
    pub min_rto: Time,
    /// Timer tick: RTT samples and timer expiries are rounded up to it.
    pub granularity: Time,
    pub recovery: Recovery,
    /// RTT from the timestamp echo of every ACK (RFC 7323) instead of Karn's rule.
    pub timestamps: bool,
    /// At most this many unacknowledged bytes.
    pub send_buffer: u64,
    /// Pace at Linux's default rate when the controller sets none.
    pub pacing: bool,
    /// Bytes the application offers at the start; None for endless bulk data.
    pub app_bytes: Option<u64>,
    /// ECN negotiated (RFC 3168): send new data ECT(0), react to ECE.
    pub ecn: bool,
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
    /// Window reductions caused by ECN-Echo (RFC 3168 §6.1.2).
    pub ecn_reductions: u64,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum InRecovery {
    No,
    /// RFC 6675: the window is compared with `pipe`.
    Sack,
    /// RFC 6582 / RFC 5681: an inflated window, in bytes.
    Inflated(u64),
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
    /// RFC 6582 "recover" / RFC 6675 RecoveryPoint: SND.MAX when the last
    /// recovery or timeout began.
    recover: u64,
    recovery: InRecovery,
    partial_acks: u32,
    /// After a timeout (or a Tahoe/Go-Back-N restart), until SND.UNA passes `recover`.
    in_loss: bool,
    board: Scoreboard,
    rto_deadline: Option<Time>,
    next_send_at: Time,
    pace_wakeup: Option<Time>,
    app_limit: u64,
    /// When the delivered count (SND.UNA + SACKed bytes) last grew.
    delivered_time: Time,
    /// SND.MAX at the last ECN reduction: ECE is ignored until SND.UNA
    /// passes it (RFC 3168 §6.1.2: at most once per window of data).
    ecn_high: u64,
    /// Set CWR on the next new data segment (RFC 3168 §6.1.2).
    cwr_pending: bool,
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
        let rtt = RttEstimator::new(cfg.min_rto, cfg.granularity);
        let app_limit = cfg.app_bytes.unwrap_or(u64::MAX);
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
            recovery: InRecovery::No,
            partial_acks: 0,
            in_loss: false,
            board: Scoreboard::new(),
            rto_deadline: None,
            next_send_at: 0,
            pace_wakeup: None,
            app_limit,
            delivered_time: 0,
            ecn_high: 0,
            cwr_pending: false,
            stats: SenderStats::default(),
        }
    }

    // ---- reading ---------------------------------------------------------

    pub fn mss(&self) -> u32 {
        self.cfg.mss
    }
    /// The window the sender obeys, bytes (inflated during NewReno/Reno recovery).
    pub fn send_window(&self) -> u64 {
        match self.recovery {
            InRecovery::Inflated(w) => w,
            _ => self.cc.cwnd(),
        }
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
    /// Swap the congestion controller (mid-flow switching).
    pub fn set_cc(&mut self, cc: Box<dyn CongestionControl>) {
        self.cc = cc;
    }
    pub fn snd_una(&self) -> u64 {
        self.snd_una
    }
    pub fn snd_max(&self) -> u64 {
        self.snd_max
    }
    /// Bytes delivered to the receiver: cumulatively acknowledged plus SACKed.
    pub fn delivered(&self) -> u64 {
        self.snd_una + self.board.sacked_bytes()
    }
    /// Bytes presumed in the network: RFC 6675 pipe with SACK, else SND.NXT − SND.UNA.
    pub fn inflight(&self) -> u64 {
        if self.cfg.recovery == Recovery::Sack {
            self.board.pipe()
        } else {
            self.snd_nxt - self.snd_una
        }
    }
    pub fn rto_deadline(&self) -> Option<Time> {
        self.rto_deadline
    }
    /// When paced sending should resume, if it is waiting.
    pub fn pace_wakeup(&self) -> Option<Time> {
        self.pace_wakeup
    }
    pub fn state(&self) -> SenderState {
        if self.in_loss {
            SenderState::Loss
        } else if self.recovery != InRecovery::No {
            SenderState::Recovery
        } else if self.cc.cwnd() < self.cc.ssthresh() {
            SenderState::SlowStart
        } else {
            SenderState::CongestionAvoidance
        }
    }
    /// True once everything the application offered has been acknowledged.
    pub fn all_acked(&self) -> bool {
        self.app_limit != u64::MAX && self.snd_una >= self.app_limit
    }
    /// Current pacing rate in bits per second, if pacing.
    pub fn pacing_rate_bps(&self) -> Option<f64> {
        if let Some(r) = self.cc.pacing_rate_bps() {
            return Some(r);
        }
        if !self.cfg.pacing || self.rtt.srtt() == 0 {
            return None;
        }
        // Linux tcp_update_pacing_rate: 200 % of cwnd/srtt in slow start, 120 % after.
        let ratio = if self.cc.cwnd() < self.cc.ssthresh() / 2 {
            2.0
        } else {
            1.2
        };
        Some(ratio * self.cc.cwnd() as f64 * 8.0 / (self.rtt.srtt() as f64 / 1e9))
    }

    // ---- the application -------------------------------------------------

    /// The application offers data up to `limit` bytes in total (u64::MAX: endless).
    pub fn set_app_limit(&mut self, limit: u64, now: Time, out: &mut Vec<Packet>) {
        self.app_limit = limit.max(self.snd_max);
        self.try_send(now, out);
    }

    /// Send what the window allows now (after a controller swap).
    pub fn resume(&mut self, now: Time, out: &mut Vec<Packet>) {
        self.try_send(now, out);
    }

    /// Open the connection: send the initial window.
    pub fn start(&mut self, now: Time, out: &mut Vec<Packet>) {
        self.try_send(now, out);
    }

    // ---- timers ----------------------------------------------------------

    /// Round a deadline up to the timer tick (BSD's 500 ms slow timer, paper 003).
    fn tick(&self, t: Time) -> Time {
        let g = self.cfg.granularity;
        if g <= 1 {
            t
        } else {
            t.div_ceil(g) * g
        }
    }

    fn restart_timer(&mut self, now: Time) {
        self.rto_deadline = if self.snd_max > self.snd_una {
            Some(self.tick(now + self.rtt.rto()))
        } else {
            None // RFC 6298 §5.2: all data acknowledged, turn the timer off.
        };
    }

    /// Paced sending may resume.
    pub fn on_pace_timer(&mut self, now: Time, out: &mut Vec<Packet>) {
        if self.pace_wakeup.is_some_and(|t| t <= now) {
            self.pace_wakeup = None;
            self.try_send(now, out);
        }
    }

    // ---- sending ---------------------------------------------------------

    fn emit(&mut self, seq: u64, len: u64, retransmit: bool, now: Time, out: &mut Vec<Packet>) {
        let mut p = Packet::data(0, self.flow, self.src, self.dst, seq, len as u32, now);
        p.size = len as u32 + self.cfg.header_bytes;
        p.retransmit = retransmit;
        if self.cfg.ecn && !retransmit {
            // RFC 3168 §6.1.5: retransmissions go out not-ECT; §6.1.2: the
            // first new segment after a reduction carries CWR.
            p.ect = true;
            p.cwr = std::mem::take(&mut self.cwr_pending);
        }
        self.stats.segments_sent += 1;
        if retransmit {
            self.stats.retransmitted_segments += 1;
        }
        if let Some(rate) = self.pacing_rate_bps() {
            let gap = (p.size as f64 * 8.0 * 1e9 / rate).round() as Time;
            self.next_send_at = self.next_send_at.max(now) + gap;
        }
        out.push(p);
        if self.rto_deadline.is_none() {
            self.restart_timer(now);
        }
    }

    /// Send retransmissions and new data while the window allows.
    fn try_send(&mut self, now: Time, out: &mut Vec<Packet>) {
        let mss = self.cfg.mss as u64;
        let sack = self.cfg.recovery == Recovery::Sack;
        loop {
            if self.pacing_rate_bps().is_some() && now < self.next_send_at {
                self.pace_wakeup = Some(self.next_send_at);
                return;
            }
            let window = self.send_window();
            // RFC 6675 NextSeg rule 1: lost segments first.
            if sack {
                if let Some((start, end)) = self.board.next_lost() {
                    if self.board.pipe() + (end - start) > window {
                        return;
                    }
                    self.board.retransmitted(start);
                    self.emit(start, end - start, true, now, out);
                    continue;
                }
            }
            if self.snd_nxt >= self.app_limit {
                return;
            }
            let len = mss.min(self.app_limit - self.snd_nxt);
            let end = self.snd_nxt + len;
            if self.inflight() + len > window
                || end - self.snd_una > self.rwnd
                || end - self.snd_una > self.cfg.send_buffer
            {
                return;
            }
            let retransmit = self.snd_nxt < self.snd_max;
            let delivered = (self.delivered(), self.delivered_time);
            self.board
                .push(self.snd_nxt, end, now, retransmit, delivered);
            self.emit(self.snd_nxt, len, retransmit, now, out);
            self.snd_nxt = end;
            self.snd_max = self.snd_max.max(end);
        }
    }

    /// Resend the first unacknowledged segment (fast retransmit, partial ACK).
    fn retransmit_head(&mut self, now: Time, out: &mut Vec<Packet>) {
        let len = (self.cfg.mss as u64).min(self.snd_max - self.snd_una);
        self.board.retransmitted(self.snd_una);
        self.emit(self.snd_una, len, true, now, out);
    }

    /// Go back to SND.UNA and resend everything (Go-Back-N, timeouts without SACK).
    fn rewind(&mut self) {
        self.snd_nxt = self.snd_una;
        self.board.clear();
        self.in_loss = true;
        self.recovery = InRecovery::No;
        self.recover = self.snd_max;
    }

    // ---- acknowledgements ------------------------------------------------

    /// Process an acknowledgement.
    pub fn on_ack(&mut self, pkt: &Packet, now: Time, out: &mut Vec<Packet>) {
        let ack = pkt.ack;
        if ack > self.snd_max {
            return; // acknowledges data never sent: ignore (RFC 9293 §3.10.7.4)
        }
        self.rwnd = pkt.rwnd as u64;
        let sack = self.cfg.recovery == Recovery::Sack;
        let delivered_before = self.delivered();
        let mut covered = Covered::default();
        if sack {
            for (s, e) in pkt.sack_blocks() {
                self.board.sack(s.max(ack), e, &mut covered);
            }
        }
        if ack > self.snd_una {
            let acked = self.board.ack_to(ack);
            covered.rtt_sent_at = acked.rtt_sent_at;
            covered.any_retransmitted = acked.any_retransmitted;
            if let Some((d, t)) = acked.rate_ref {
                if covered.rate_ref.is_none_or(|(d0, _)| d >= d0) {
                    covered.rate_ref = Some((d, t));
                }
            }
            let acked_bytes = ack - self.snd_una;
            self.snd_una = ack;
            let extras = AckExtras {
                delivery_rate_bps: self.delivery_rate(&covered, now),
                passage_time: (pkt.passage_time_ns > 0).then_some(pkt.passage_time_ns as Time),
                receiver_rate_bps: (pkt.receiver_rate_bps > 0.0)
                    .then_some(pkt.receiver_rate_bps as f64),
            };
            self.on_new_ack(acked_bytes, pkt.tsecr, &covered, &extras, now, out);
        } else if ack == self.snd_una && self.snd_max > self.snd_una {
            self.dupacks += 1;
            self.stats.duplicate_acks += 1;
            if let InRecovery::Inflated(w) = self.recovery {
                // RFC 6582 §3.2 step 4: inflate by one SMSS per further duplicate ACK.
                self.recovery = InRecovery::Inflated(w + self.cfg.mss as u64);
            }
        }
        if self.delivered() > delivered_before {
            self.delivered_time = now;
        }
        if sack {
            self.board.mark_losses();
        }
        self.maybe_enter_recovery(now, out);
        if pkt.ece && self.cfg.ecn {
            self.on_ecn_echo(now);
        }
        self.try_send(now, out);
    }

    /// RFC 3168 §6.1.2: an ACK with ECE halves the window (here: the
    /// controller's response to a congestion event, with no retransmission
    /// and so no recovery episode) at most once per window of data, and not
    /// during loss recovery, which has already reduced for this window.
    fn on_ecn_echo(&mut self, now: Time) {
        if self.recovery != InRecovery::No
            || self.in_loss
            // Held until something above ecn_high is acknowledged: the ACK
            // for exactly ecn_high left the receiver before CWR reached it
            // (Linux tcp_fastretrans_alert, TCP_CA_CWR).
            || (self.ecn_high > 0 && self.snd_una <= self.ecn_high)
            || self.snd_una < self.recover
            || self.snd_max == self.snd_una
        {
            return;
        }
        let mss = self.cfg.mss;
        self.cc.on_congestion_event(&CongestionEvent {
            now,
            signal: CongestionSignal::Ecn,
            inflight_bytes: self.snd_max - self.snd_una,
            mss,
        });
        self.cc.on_recovery_exit(now, mss);
        self.ecn_high = self.snd_max;
        self.cwr_pending = true;
        self.stats.ecn_reductions += 1;
    }

    /// Delivery rate over the interval since the newest covered segment was
    /// sent (draft-cheng-iccrg-delivery-rate-estimation §3.3), bits/s.
    fn delivery_rate(&self, covered: &Covered, now: Time) -> Option<f64> {
        let (d0, t0) = covered.rate_ref?;
        let interval = now.checked_sub(t0).filter(|&i| i > 0)?;
        let bytes = self.delivered().checked_sub(d0)?;
        Some(bytes as f64 * 8.0 / (interval as f64 / 1e9))
    }

    fn on_new_ack(
        &mut self,
        acked: u64,
        tsecr: Time,
        covered: &Covered,
        extras: &AckExtras,
        now: Time,
        out: &mut Vec<Packet>,
    ) {
        let ack = self.snd_una;
        let rtt = if self.cfg.timestamps {
            Some(now.saturating_sub(tsecr)) // RFC 7323 §4: every ACK of new data
        } else if covered.any_retransmitted {
            None // Karn: an ACK covering a retransmission gives no sample
        } else {
            covered.rtt_sent_at.map(|t| now - t)
        };
        let rtt = rtt.map(|r| self.tick(r).max(1));
        if let Some(r) = rtt {
            self.rtt.on_sample(r);
        }
        self.snd_nxt = self.snd_nxt.max(ack);
        self.dupacks = 0;
        if self.in_loss && ack >= self.recover {
            self.in_loss = false;
        }
        let mss = self.cfg.mss as u64;
        match self.recovery {
            InRecovery::Inflated(w)
                if ack < self.recover && self.cfg.recovery == Recovery::Newreno =>
            {
                // RFC 6582 §3.2 step 5: partial ACK. Retransmit the next hole,
                // deflate by the amount acked, add back one SMSS if that was ≥ SMSS.
                let add_back = if acked >= mss { mss } else { 0 };
                self.recovery = InRecovery::Inflated(w.saturating_sub(acked) + add_back);
                self.retransmit_head(now, out);
                self.partial_acks += 1;
                if self.partial_acks == 1 {
                    self.restart_timer(now);
                }
                return;
            }
            InRecovery::Sack if ack < self.recover => {
                self.restart_timer(now);
                return;
            }
            InRecovery::No => {
                let sample = AckSample {
                    now,
                    acked_bytes: acked,
                    rtt,
                    srtt: self.rtt.srtt(),
                    min_rtt: self.rtt.min_rtt(),
                    inflight_bytes: self.inflight(),
                    delivered_bytes: self.delivered(),
                    mss: self.cfg.mss,
                };
                self.cc.on_ack_with(&sample, extras);
            }
            _ => {
                // Full ACK (RFC 6582 §3.2 step 3, RFC 6675 §5), or Reno's first new ACK.
                self.recovery = InRecovery::No;
                self.cc.on_recovery_exit(now, self.cfg.mss);
            }
        }
        self.restart_timer(now);
    }

    /// Start loss recovery on DupThresh duplicate ACKs, or (with SACK) when the
    /// first unacknowledged segment is presumed lost (RFC 6675 §5).
    fn maybe_enter_recovery(&mut self, now: Time, out: &mut Vec<Packet>) {
        if self.recovery != InRecovery::No || self.in_loss || self.snd_una < self.recover {
            return;
        }
        if matches!(self.cfg.recovery, Recovery::Tahoe | Recovery::GoBackN)
            && self.recover > 0
            && self.snd_una == self.recover
        {
            // Duplicate ACKs of exactly `recover` were sent for copies of data
            // the receiver already held (a go-back resend): hold until something
            // above it is acknowledged (RFC 6582 §3.2 step 1, "covers more than
            // recover"; Linux tcp_try_undo_recovery for non-SACK flows).
            return;
        }
        let sack = self.cfg.recovery == Recovery::Sack;
        let head_lost = sack && self.board.front().is_some_and(|s| s.lost);
        if self.dupacks < DUPACK_THRESHOLD && !head_lost {
            return;
        }
        if self.snd_max == self.snd_una {
            return;
        }
        let flight = self.snd_max - self.snd_una;
        let mss = self.cfg.mss;
        self.stats.fast_retransmits += 1;
        self.recover = self.snd_max;
        self.partial_acks = 0;
        match self.cfg.recovery {
            Recovery::Sack => {
                self.congestion_event(now, flight);
                self.recovery = InRecovery::Sack;
                self.board.mark_front_lost();
            }
            Recovery::Newreno | Recovery::Reno => {
                self.congestion_event(now, flight);
                // RFC 6582 §3.2 step 3 / RFC 5681 §3.2 step 4: cwnd = ssthresh + 3*SMSS.
                self.recovery =
                    InRecovery::Inflated(self.cc.ssthresh() + DUPACK_THRESHOLD as u64 * mss as u64);
                self.retransmit_head(now, out);
            }
            Recovery::Tahoe => {
                // 4.3BSD-Tahoe tcp_input on the third duplicate ACK: ssthresh =
                // half the window, cwnd = one segment, resend the missing
                // segment only and put SND.NXT back where it was. Slow start
                // resumes with new data once the retransmission is acknowledged;
                // resending the whole window would resend what the receiver holds.
                self.cc.on_rto(now, flight, mss);
                self.in_loss = true;
                self.retransmit_head(now, out);
            }
            Recovery::GoBackN => {
                // Paper 001: halve, then resend from the first missing segment.
                self.congestion_event(now, flight);
                self.rewind();
            }
        }
    }

    fn congestion_event(&mut self, now: Time, flight: u64) {
        if self.ecn_high > 0 && self.snd_una <= self.ecn_high {
            // RFC 3168 §6.1.2: one reduction per window, whatever the signal;
            // an ECN reduction already covered this window. Retransmit only.
            return;
        }
        self.cc.on_congestion_event(&CongestionEvent {
            now,
            signal: CongestionSignal::Loss,
            inflight_bytes: flight,
            mss: self.cfg.mss,
        });
    }

    /// The retransmission timer expired at `now`.
    pub fn on_rto(&mut self, now: Time, out: &mut Vec<Packet>) {
        self.rto_deadline = None;
        if self.snd_max == self.snd_una {
            return;
        }
        self.stats.timeouts += 1;
        // Bytes presumed in the network (the RFC 6675 pipe with SACK), as ns-3's
        // BytesInFlight: SACKed data has left the network and must not inflate ssthresh.
        let flight = self.inflight().max(self.cfg.mss as u64);
        self.cc.on_rto(now, flight, self.cfg.mss);
        // RFC 6298 §5.5–5.6: back off, then retransmit.
        self.rtt.back_off();
        self.dupacks = 0;
        if self.cfg.recovery == Recovery::Sack {
            // RFC 6675 §5.1: keep the SACK information, resend every unSACKed segment.
            self.board.mark_all_lost();
            self.recovery = InRecovery::No;
            self.in_loss = true;
            self.recover = self.snd_max;
        } else {
            self.rewind();
        }
        self.next_send_at = now;
        self.try_send(now, out);
        self.restart_timer(now);
    }
}

#[cfg(test)]
mod tahoe_tests;
#[cfg(test)]
mod tests;

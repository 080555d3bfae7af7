//! The TCP sender: byte sequence space, ACK clocking, the retransmission
//! timer (Linux's or RFC 6298's RTO, [`RttEstimator`]), pacing, and loss
//! recovery in one of five styles (see [`Recovery`]): SACK (RFC 6675),
//! NewReno (RFC 6582), Reno (RFC 5681), Tahoe and Go-Back-N (paper 001).
//! With SACK, fast recovery sends at the rate of Proportional Rate Reduction
//! (RFC 9937, [`Prr`]) or of RFC 6675 alone, and RACK-TLP (RFC 8985,
//! [`Rack`]) detects losses by time, lost retransmissions included, and
//! probes a lost tail before the RTO. The window policy is a
//! [`CongestionControl`]. With ECN (RFC 3168 §6.1) new data goes out ECT(0);
//! an ACK with ECE reduces the window at most once per window of data, and
//! the next new segment carries CWR. After a timeout, F-RTO (RFC 5682 §3,
//! [`Frto`]) tells a spurious timeout from a loss and undoes the first.
//! ACKs also bring the receiver's
//! measurements (paper 000's passage time d, paper 001's rate) to the
//! controller as [`AckExtras`].
//!
//! One timer serves the RTO, RACK's reordering timer and the probe timeout,
//! as Linux's `icsk_retransmit_timer` does: the reordering and probe timers
//! run ahead of the RTO and the earliest is [`TcpSender::timer_deadline`].

use super::frto::{Frto, LossAck, Timeout, Verdict};
use super::prr::{Prr, PrrAck};
use super::rack::{self, Probe, ProbeOutcome, Rack};
use super::rtt::RttEstimator;
use super::scoreboard::{Covered, Scoreboard};
use crate::cc::{AckExtras, AckSample, CongestionControl, CongestionEvent, CongestionSignal};
use crate::engine::Time;
use crate::net::packet::Packet;
use crate::scenario::{Recovery, RecoveryRate, RtoStyle};

/// RFC 5681 §3.2: fast retransmit after three duplicate ACKs.
pub const DUPACK_THRESHOLD: u32 = 3;

#[derive(Clone, Debug)]
pub struct SenderConfig {
    pub mss: u32,
    /// IP + TCP header bytes in front of each segment's payload.
    pub header_bytes: u32,
    /// How the RTO is computed, and when the timer restarts.
    pub rto_style: RtoStyle,
    /// Linux: the floor of the RTO's variance term; RFC 6298: of the RTO.
    pub min_rto: Time,
    /// Timer tick: RTT samples and timer expiries are rounded up to it.
    pub granularity: Time,
    pub recovery: Recovery,
    /// Sending rate during SACK recovery.
    pub recovery_rate: RecoveryRate,
    /// RACK-TLP (RFC 8985); only with SACK recovery.
    pub rack_tlp: bool,
    /// RACK's reordering window, as a fraction of the minimum RTT.
    pub reordering_window: f64,
    /// F-RTO (RFC 5682 §3, SACK-enhanced; Linux `tcp_frto`); only with SACK recovery.
    pub frto: bool,
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
    /// Tail loss probes sent (RFC 8985 §7; Linux TCPLossProbes).
    pub tlp_probes: u64,
    /// Probes that repaired a loss, each a window reduction (Linux TCPLossProbeRecovery).
    pub tlp_recoveries: u64,
    /// Timeouts F-RTO found spurious and undid (Linux TCPSpuriousRTOs).
    pub spurious_rtos: u64,
}

/// A timer that runs ahead of the RTO in the sender's one timer slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum EarlyTimer {
    /// RACK's reordering timer (RFC 8985 §6.3; Linux ICSK_TIME_REO_TIMEOUT).
    Reordering,
    /// The tail loss probe timeout (RFC 8985 §7.2; Linux ICSK_TIME_LOSS_PROBE).
    Probe,
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
    /// When the retransmission timer expires.
    rto_at: Option<Time>,
    /// A reordering or probe timer due before the RTO.
    early: Option<(Time, EarlyTimer)>,
    /// Proportional Rate Reduction during SACK recovery.
    prr: Option<Prr>,
    /// PRR's window for the current ACK: pipe + SndCnt.
    prr_window: u64,
    rack: Rack,
    /// The outstanding tail loss probe.
    probe: Option<Probe>,
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
    /// F-RTO's state across a timeout and the ACKs after it.
    frto: Frto,
    /// F-RTO step 2b on this ACK: send new data, not retransmissions.
    frto_send_new: bool,
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
        let rtt = RttEstimator::new(cfg.rto_style, cfg.min_rto, cfg.granularity);
        let rack = Rack::new(cfg.reordering_window);
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
            rto_at: None,
            early: None,
            prr: None,
            prr_window: 0,
            rack,
            probe: None,
            next_send_at: 0,
            pace_wakeup: None,
            app_limit,
            delivered_time: 0,
            ecn_high: 0,
            cwr_pending: false,
            frto: Frto::default(),
            frto_send_new: false,
            stats: SenderStats::default(),
        }
    }

    // ---- reading ---------------------------------------------------------

    pub fn mss(&self) -> u32 {
        self.cfg.mss
    }
    /// The window the sender obeys, bytes: the controller's cwnd, inflated
    /// during NewReno/Reno recovery, PRR's during SACK recovery.
    pub fn send_window(&self) -> u64 {
        match self.recovery {
            InRecovery::Inflated(w) => w,
            InRecovery::Sack if self.prr.is_some() => self.prr_window,
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
    /// When the sender's timer next expires: the RTO, or RACK's reordering
    /// timer or the probe timeout when one is due earlier.
    pub fn timer_deadline(&self) -> Option<Time> {
        match (self.early, self.rto_at) {
            (Some((e, _)), Some(r)) => Some(e.min(r)),
            (Some((e, _)), None) => Some(e),
            (None, r) => r,
        }
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

    // ---- connection establishment (tcp/handshake.rs) ----------------------

    /// The three-way handshake completed at `now`: take the SYN-ACK's RTT
    /// sample (RFC 6298 §2.2), or without one (a SYN was retransmitted)
    /// start from RFC 6298 §5.7's 3 s RTO; then send the initial window.
    pub fn on_established(&mut self, now: Time, rtt: Option<Time>, out: &mut Vec<Packet>) {
        match rtt {
            Some(r) => self
                .rtt
                .on_sample(self.tick(r).max(1), self.snd_una, self.snd_max),
            None => self
                .rtt
                .set_rto_before_first_sample(super::handshake::FALLBACK_RTO),
        }
        self.start(now, out);
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

    /// (Re)start the retransmission timer one RTO from now (RFC 6298 §5.3;
    /// Linux `tcp_rearm_rto`); this replaces a reordering or probe timer.
    fn restart_timer(&mut self, now: Time) {
        self.early = None;
        self.rto_at = if self.snd_max > self.snd_una {
            Some(self.tick(now + self.rtt.rto()))
        } else {
            None // RFC 6298 §5.2: all data acknowledged, turn the timer off.
        };
    }

    /// RFC 8985 §7.2 (Linux `tcp_schedule_loss_probe`): after new data is
    /// sent or an ACK advances SND.UNA, arm the probe timer, PTO from now
    /// but no later than the RTO, if a probe may be sent: RACK-TLP on, data
    /// outstanding, not in recovery or after a timeout, nothing SACKed.
    fn schedule_probe(&mut self, now: Time) {
        if !self.cfg.rack_tlp
            || self.recovery != InRecovery::No
            || self.in_loss
            || self.board.sacked_bytes() > 0
            || self.snd_max == self.snd_una
        {
            return;
        }
        let one_segment = self.snd_max - self.snd_una <= self.cfg.mss as u64;
        // Linux adds tcp_rto_min for one segment in flight; RFC 8985's
        // WCDelAckT is 200 ms, Linux's default tcp_rto_min.
        let allowance = match self.cfg.rto_style {
            RtoStyle::Linux => self.cfg.min_rto,
            RtoStyle::Rfc6298 | RtoStyle::Bsd => super::rtt::LINUX_MIN_RTO,
        };
        let mut at = now + rack::pto(self.rtt.srtt(), one_segment, allowance);
        if let Some(rto) = self.rto_at {
            at = at.min(rto);
        }
        self.early = Some((self.tick(at), EarlyTimer::Probe));
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
        if let Some(prr) = self.prr.as_mut() {
            prr.on_sent(len);
        }
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
        if self.rto_at.is_none() {
            // RFC 6298 §5.1: start the timer if it is not running.
            self.restart_timer(now);
        } else if retransmit && seq == self.snd_una && self.cfg.rto_style == RtoStyle::Linux {
            // Linux `tcp_xmit_retransmit_queue`: retransmitting the first
            // unacknowledged segment restarts the timer, unless RACK's
            // reordering timer holds it; that one, when it fires, rearms
            // the RTO from the head's transmission (`tcp_rearm_rto`), so the
            // RTO counts from now either way.
            if self.early.is_some_and(|(_, k)| k == EarlyTimer::Reordering) {
                self.rto_at = Some(self.tick(now + self.rtt.rto()));
            } else {
                self.restart_timer(now);
            }
        } else if retransmit && seq == self.snd_una && self.cfg.rto_style == RtoStyle::Bsd {
            // 4.4BSD tcp_input at the third duplicate ACK: TCPT_REXMT off,
            // then tcp_output arms it again as it sends the missing segment.
            self.restart_timer(now);
        }
    }

    /// Send retransmissions and new data while the window allows.
    fn try_send(&mut self, now: Time, out: &mut Vec<Packet>) {
        let sack = self.cfg.recovery == Recovery::Sack;
        let sent_before = self.snd_nxt;
        // F-RTO step 2b (Linux `tcp_xmit_recovery`, REXMIT_NEW): new data
        // only; if none can go out, conventional recovery after all.
        let new_only = std::mem::take(&mut self.frto_send_new);
        loop {
            if self.pacing_rate_bps().is_some() && now < self.next_send_at {
                self.pace_wakeup = Some(self.next_send_at);
                break;
            }
            let window = self.send_window();
            // RFC 6675 NextSeg rule 1: lost segments first.
            if sack && !new_only {
                if let Some((start, end)) = self.board.next_lost() {
                    if self.board.pipe() + (end - start) > window {
                        break;
                    }
                    self.board.retransmitted(start, now);
                    self.emit(start, end - start, true, now, out);
                    continue;
                }
            }
            if !self.send_next_segment(Some(window), now, out) {
                break;
            }
        }
        if new_only && self.snd_max <= self.recover {
            self.frto.stop();
            return self.try_send(now, out);
        }
        if self.snd_nxt > sent_before {
            self.schedule_probe(now);
        }
    }

    /// Send the next segment of new data (or, after a go-back, of data sent
    /// before) if the application has it, the peer's window and the send
    /// buffer hold it and, unless `window` is None, it fits the window.
    fn send_next_segment(&mut self, window: Option<u64>, now: Time, out: &mut Vec<Packet>) -> bool {
        if self.snd_nxt >= self.app_limit {
            return false;
        }
        let len = (self.cfg.mss as u64).min(self.app_limit - self.snd_nxt);
        let end = self.snd_nxt + len;
        if window.is_some_and(|w| self.inflight() + len > w)
            || end - self.snd_una > self.rwnd
            || end - self.snd_una > self.cfg.send_buffer
        {
            return false;
        }
        let (seq, retransmit) = (self.snd_nxt, self.snd_nxt < self.snd_max);
        let delivered = (self.delivered(), self.delivered_time);
        self.board.push(seq, end, now, retransmit, delivered);
        // SND.MAX first, so the segment counts as outstanding when `emit`
        // starts the timer: a segment sent with nothing else outstanding
        // (the first of a connection, or one after everything was
        // acknowledged) is timed too (4.4BSD tcp_output raises snd_max
        // before it arms TCPT_REXMT; Linux tcp_event_new_data_sent).
        self.snd_nxt = end;
        self.snd_max = self.snd_max.max(end);
        self.emit(seq, len, retransmit, now, out);
        true
    }

    /// Resend the first unacknowledged segment (fast retransmit, partial ACK).
    fn retransmit_head(&mut self, now: Time, out: &mut Vec<Packet>) {
        let len = (self.cfg.mss as u64).min(self.snd_max - self.snd_una);
        self.board.retransmitted(self.snd_una, now);
        self.emit(self.snd_una, len, true, now, out);
    }

    /// RFC 6675 §5 step (4.3): on entering recovery, retransmit the first
    /// segment presumed lost at once, whatever pipe and cwnd say.
    fn retransmit_first_lost(&mut self, now: Time, out: &mut Vec<Packet>) {
        if let Some((start, end)) = self.board.next_lost() {
            self.board.retransmitted(start, now);
            self.emit(start, end - start, true, now, out);
        }
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
        let una_before = self.snd_una;
        let sacked_before = self.board.sacked_bytes();
        let fack_before = self.board.fack();
        let delivered_before = self.delivered();
        let mut covered = Covered::default();
        if self.cfg.rack_tlp {
            // RFC 8985 §6.2 step 2: a retransmission delivered within
            // min_RTT of being sent may have been the original.
            covered.rack_cutoff = now.saturating_sub(self.rtt.min_rtt());
        }
        let mut newly_sacked = 0;
        if sack {
            for (s, e) in pkt.sack_blocks() {
                newly_sacked += self.board.sack(s.max(ack), e, &mut covered);
            }
        }
        if ack > self.snd_una {
            self.board.ack_to(ack, &mut covered);
            self.frto.on_una_advanced();
            if self.in_loss && self.frto.active() {
                let verdict = self.frto.on_loss_ack(LossAck {
                    una_advanced: true,
                    original_delivered: covered.min_original_end <= self.recover,
                    data_sacked: newly_sacked > 0,
                    duplicate: false,
                    recovered: ack >= self.recover,
                    new_data_sent: self.snd_max > self.recover,
                });
                self.act_on_frto(verdict, ack);
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
            if self.in_loss && self.frto.active() {
                let verdict = self.frto.on_loss_ack(LossAck {
                    una_advanced: false,
                    original_delivered: covered.min_original_end <= self.recover,
                    data_sacked: newly_sacked > 0,
                    duplicate: true,
                    recovered: false,
                    new_data_sent: self.snd_max > self.recover,
                });
                self.act_on_frto(verdict, ack);
            }
            self.dupacks += 1;
            self.stats.duplicate_acks += 1;
            if let InRecovery::Inflated(w) = self.recovery {
                // RFC 6582 §3.2 step 4: inflate by one SMSS per further duplicate ACK.
                self.recovery = InRecovery::Inflated(w + self.cfg.mss as u64);
            }
        }
        let delivered = self.delivered() - delivered_before;
        if delivered > 0 {
            self.delivered_time = now;
        }
        // Loss detection: RACK (RFC 8985) or RFC 6675 IsLost.
        let mut newly_lost = false;
        if self.cfg.rack_tlp {
            let reordered = covered.min_original_end < fack_before;
            self.rack.on_ack(covered.rack, reordered, now);
            if let Some(reference) = self.rack.take_advanced() {
                newly_lost = self.rack_detect(reference, now);
            }
        } else if sack {
            newly_lost = self.board.mark_losses();
        }
        if let Some(p) = self.probe {
            match p.on_ack(ack, ack == una_before && delivered == 0) {
                ProbeOutcome::Pending => {}
                ProbeOutcome::NoLoss => self.probe = None,
                ProbeOutcome::Repaired => {
                    self.probe = None;
                    self.stats.tlp_recoveries += 1;
                    self.reduce_at_once(now, CongestionSignal::Loss);
                }
            }
        }
        self.maybe_enter_recovery(una_before, sacked_before, now, out);
        if self.recovery == InRecovery::Sack {
            if let Some(prr) = self.prr.as_mut() {
                let a = PrrAck {
                    delivered,
                    pipe: self.board.pipe(),
                    ssthresh: self.cc.ssthresh(),
                    safe: self.snd_una > una_before && !newly_lost,
                    mss: self.cfg.mss as u64,
                };
                if let Some(w) = prr.on_ack(a) {
                    self.prr_window = w;
                }
            }
        }
        if pkt.ece && self.cfg.ecn {
            self.on_ecn_echo(now);
        }
        if self.snd_una > una_before && self.early.is_none() {
            self.schedule_probe(now);
        }
        self.try_send(now, out);
    }

    /// Carry out F-RTO's verdict on an ACK after a timeout (`ack` is its
    /// cumulative ACK). A spurious timeout is undone as Linux
    /// `tcp_try_undo_loss` does: the controller's window and threshold come
    /// back, no segment is presumed lost, the loss episode ends. The RTO
    /// backoff stays until an RTT sample ends it, as in Linux.
    fn act_on_frto(&mut self, verdict: Verdict, ack: u64) {
        match verdict {
            Verdict::Conventional => {}
            Verdict::SendNew => self.frto_send_new = true,
            Verdict::Spurious { prior } => {
                if let Some((cwnd, ssthresh)) = prior {
                    self.cc.undo(cwnd, ssthresh);
                }
                self.board.unmark_lost();
                self.in_loss = false;
                // Open again: a new loss may start fast recovery at once.
                self.recover = ack;
                self.stats.spurious_rtos += 1;
            }
        }
    }

    /// RACK loss detection against `reference` (RFC 8985 §6.2 step 5); arms
    /// the reordering timer for what is not yet overdue. True if it marked a loss.
    fn rack_detect(&mut self, reference: (Time, u64), now: Time) -> bool {
        let in_recovery = self.recovery != InRecovery::No || self.in_loss;
        let reo_wnd = self.rack.reo_wnd(
            self.rtt.min_rtt(),
            self.rtt.srtt(),
            in_recovery,
            self.board.sacked_segments(),
        );
        let r = self
            .board
            .rack_detect(reference, self.rack.window(reo_wnd), now);
        if let Some(wait) = r.wait {
            // Linux `tcp_rack_mark_lost` adds TCP_TIMEOUT_MIN (2 ms).
            let at = self.tick(now + wait + rack::PTO_SLACK);
            self.early = Some((at, EarlyTimer::Reordering));
        }
        r.marked
    }

    /// Reduce the window once with no recovery episode: the controller's
    /// congestion event and its recovery exit together (RFC 3168 §6.1.2 for
    /// ECN; Linux `tcp_process_tlp_ack` for a loss a probe repaired).
    fn reduce_at_once(&mut self, now: Time, signal: CongestionSignal) {
        let mss = self.cfg.mss;
        self.cc.on_congestion_event(&CongestionEvent {
            now,
            signal,
            inflight_bytes: self.snd_max - self.snd_una,
            mss,
        });
        self.cc.on_recovery_exit(now, mss);
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
        self.reduce_at_once(now, CongestionSignal::Ecn);
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
        // Congestion control sees the sample as measured (Linux hands it the RTT in µs,
        // `struct ack_sample` rtt_us); only the RTO estimator counts in timer ticks. A
        // delay-based algorithm (Vegas, FAST) would otherwise miss a queue of less than
        // one tick.
        let cc_rtt = rtt.map(|r| r.max(1));
        if let Some(r) = rtt {
            self.rtt
                .on_sample(self.tick(r).max(1), self.snd_una, self.snd_max);
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
                    rtt: cc_rtt,
                    srtt: self.rtt.srtt(),
                    min_rtt: self.rtt.min_rtt(),
                    inflight_bytes: self.inflight(),
                    delivered_bytes: self.delivered(),
                    mss: self.cfg.mss,
                };
                self.cc.on_ack_with(&sample, extras);
            }
            _ => {
                // Full ACK (RFC 6582 §3.2 step 3, RFC 6675 §5), or Reno's
                // first new ACK. PRR ends with cwnd = ssthresh (RFC 9937 §6.3).
                self.recovery = InRecovery::No;
                self.prr = None;
                self.cc.on_recovery_exit(now, self.cfg.mss);
            }
        }
        self.restart_timer(now);
    }

    /// Start loss recovery on DupThresh duplicate ACKs or, with SACK, when
    /// the first unacknowledged segment is presumed lost (RFC 6675 §5) or,
    /// with RACK, when any segment is (Linux `tcp_time_to_recover`).
    /// `una_before` and `sacked_before` are SND.UNA and the SACKed bytes
    /// before the ACK that starts it (PRR's RecoverFS).
    fn maybe_enter_recovery(
        &mut self,
        una_before: u64,
        sacked_before: u64,
        now: Time,
        out: &mut Vec<Packet>,
    ) {
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
        let lost = if self.cfg.rack_tlp {
            self.board.next_lost().is_some()
        } else {
            self.dupacks >= DUPACK_THRESHOLD || (sack && self.board.front().is_some_and(|s| s.lost))
        };
        if !lost || self.snd_max == self.snd_una {
            return;
        }
        let flight = self.snd_max - self.snd_una;
        let mss = self.cfg.mss;
        self.stats.fast_retransmits += 1;
        self.recover = self.snd_max;
        self.partial_acks = 0;
        self.probe = None;
        match self.cfg.recovery {
            Recovery::Sack => {
                self.congestion_event(now, flight);
                self.recovery = InRecovery::Sack;
                if !self.cfg.rack_tlp {
                    self.board.mark_front_lost();
                }
                if self.cfg.recovery_rate == RecoveryRate::Prr {
                    // RFC 9937 §6.1: RecoverFS = SND.NXT − SND.UNA less what
                    // was SACKed before this ACK.
                    self.prr = Some(Prr::start(
                        (self.snd_max - una_before).saturating_sub(sacked_before),
                    ));
                }
                self.retransmit_first_lost(now, out);
                self.prr_window = self.board.pipe();
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

    /// The sender's timer fired at `now`: the RTO, RACK's reordering timer
    /// or the probe timeout, whichever is due.
    pub fn on_timer(&mut self, now: Time, out: &mut Vec<Packet>) {
        // An early timer due no later than the RTO holds the slot (a probe
        // scheduled for the RTO's time is sent instead of the timeout).
        if let Some((t, kind)) = self.early {
            if t <= now && self.rto_at.is_none_or(|r| t <= r) {
                self.early = None;
                match kind {
                    EarlyTimer::Reordering => self.on_reordering_timer(now, out),
                    EarlyTimer::Probe => self.send_probe(now, out),
                }
                return;
            }
        }
        if self.rto_at.is_some_and(|t| t <= now) {
            self.on_rto(now, out);
        }
    }

    /// RFC 8985 §6.3 (Linux `tcp_rack_reo_timeout`): segments waited out the
    /// reordering window; mark the overdue ones lost, enter recovery if not
    /// in it, and retransmit.
    fn on_reordering_timer(&mut self, now: Time, out: &mut Vec<Packet>) {
        let Some(reference) = self.rack.reference() else {
            return;
        };
        if self.rack_detect(reference, now) {
            let (una, sacked) = (self.snd_una, self.board.sacked_bytes());
            self.maybe_enter_recovery(una, sacked, now, out);
            self.try_send(now, out);
        }
    }

    /// RFC 8985 §7.3 (Linux `tcp_send_loss_probe`): send one segment of new
    /// data if the application and the peer's window allow, whatever cwnd
    /// says, else retransmit the last segment; then restart the RTO. One
    /// probe at a time.
    fn send_probe(&mut self, now: Time, out: &mut Vec<Packet>) {
        if self.probe.is_some() || self.snd_max == self.snd_una {
            return;
        }
        let retransmission = if self.send_next_segment(None, now, out) {
            false
        } else {
            let Some(last) = self.board.back().copied() else {
                return;
            };
            if last.sacked || last.retx_in_flight {
                return;
            }
            self.board.retransmitted(last.start, now);
            self.emit(last.start, last.end - last.start, true, now, out);
            true
        };
        self.stats.tlp_probes += 1;
        self.probe = Some(Probe {
            end_seq: self.snd_max,
            retransmission,
        });
        self.restart_timer(now);
    }

    /// The retransmission timer expired at `now`.
    fn on_rto(&mut self, now: Time, out: &mut Vec<Packet>) {
        self.rto_at = None;
        self.early = None;
        if self.snd_max == self.snd_una {
            return;
        }
        self.stats.timeouts += 1;
        let sack = self.cfg.recovery == Recovery::Sack;
        self.frto.on_timeout(Timeout {
            enabled: self.cfg.frto && sack,
            in_fast_recovery: self.recovery != InRecovery::No,
            in_loss: self.in_loss,
            una_at_recover: self.snd_una >= self.recover,
            cwnd: self.cc.cwnd(),
            ssthresh: self.cc.ssthresh(),
        });
        self.frto_send_new = false;
        // Bytes presumed in the network (the RFC 6675 pipe with SACK), as ns-3's
        // BytesInFlight: SACKed data has left the network and must not inflate ssthresh.
        let flight = self.inflight().max(self.cfg.mss as u64);
        self.cc.on_rto(now, flight, self.cfg.mss);
        // RFC 6298 §5.5–5.6: back off, then retransmit.
        self.rtt.back_off();
        self.dupacks = 0;
        self.probe = None;
        self.prr = None;
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
mod bsd_timer_tests;
#[cfg(test)]
mod frto_tests;
#[cfg(test)]
mod tahoe_tests;
#[cfg(test)]
mod tests;

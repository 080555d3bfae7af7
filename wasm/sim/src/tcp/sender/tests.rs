//! The sender's ECN behaviour (RFC 3168 §6.1) and the receiver measurements
//! it passes to the controller, driven packet by packet.

use super::*;
use crate::cc::newreno::NewReno;
use crate::net::packet::PacketKind;

const MSS: u32 = 1000;

fn sender(ecn: bool) -> TcpSender {
    sender_with(|c| c.ecn = ecn)
}

/// A SACK sender with the defaults of a scenario (Linux RTO, PRR, RACK-TLP)
/// as `change` leaves them, and a NewReno controller with IW 10.
pub(super) fn sender_with(change: impl FnOnce(&mut SenderConfig)) -> TcpSender {
    sender_with_iw(10, change)
}

/// As `sender_with`, with an initial window of `iw` segments.
pub(super) fn sender_with_iw(iw: u32, change: impl FnOnce(&mut SenderConfig)) -> TcpSender {
    let mut cfg = SenderConfig {
        mss: MSS,
        header_bytes: 40,
        rto_style: RtoStyle::Linux,
        min_rto: 200_000_000,
        granularity: 1,
        recovery: Recovery::Sack,
        recovery_rate: RecoveryRate::Prr,
        rack_tlp: true,
        frto: true,
        reordering_window: 0.25,
        timestamps: false,
        send_buffer: 1 << 30,
        pacing: false,
        app_bytes: None,
        ecn: false,
    };
    change(&mut cfg);
    TcpSender::new(0, 0, 1, cfg, Box::new(NewReno::new(MSS, iw)))
}

fn ack(n: u64, ece: bool) -> Packet {
    let mut a = plain_ack(n);
    a.ece = ece;
    a
}

/// A cumulative ACK of `n` with an open receive window.
pub(super) fn plain_ack(n: u64) -> Packet {
    let mut a = Packet::new(PacketKind::Ack, 0, 1, 0, 0);
    a.ack = n;
    a.rwnd = u32::MAX;
    a
}

/// A sender with the pre-SACK machinery only (no RACK-TLP, no F-RTO), as
/// the BSD-era recovery styles run.
pub(super) fn classic_sender(iw: u32, recovery: Recovery) -> TcpSender {
    sender_with_iw(iw, |c| {
        c.recovery = recovery;
        c.rack_tlp = false;
        c.frto = false;
    })
}

#[test]
fn new_data_is_ect_and_pure_acks_are_not_for_the_sender_to_set() {
    let mut s = sender(true);
    let mut out = Vec::new();
    s.start(0, &mut out);
    assert_eq!(out.len(), 10);
    assert!(out.iter().all(|p| p.ect && !p.cwr && !p.ecn_ce));
    let mut plain = sender(false);
    let mut out = Vec::new();
    plain.start(0, &mut out);
    assert!(out.iter().all(|p| !p.ect), "without ECN: not-ECT");
}

#[test]
fn an_ece_halves_once_and_the_next_new_segment_carries_cwr() {
    let mut s = sender(true);
    let mut out = Vec::new();
    s.start(0, &mut out);
    out.clear();
    // The first ACK echoes CE; 9 segments are still in flight after it.
    s.on_ack(&ack(1000, true), 10, &mut out);
    assert_eq!(s.stats.ecn_reductions, 1);
    assert_eq!(
        s.ssthresh(),
        4500,
        "ssthresh = FlightSize/2 (RFC 5681 eq. 4)"
    );
    assert_eq!(s.cc().cwnd(), 4500, "cwnd = ssthresh at once: no recovery");
    assert!(
        out.is_empty(),
        "9 in flight, window 4.5: nothing may be sent yet"
    );
    // Further ECEs in the same window change nothing (RFC 3168 §6.1.2).
    for k in 2..=10 {
        s.on_ack(&ack(k * 1000, true), 10 + k, &mut out);
    }
    assert_eq!(s.stats.ecn_reductions, 1);
    // The window drained below 5: new data flows, the first with CWR.
    let first_new = out.iter().find(|p| !p.retransmit).expect("new data");
    assert!(first_new.cwr && first_new.ect);
    assert_eq!(first_new.seq, 10_000);
    assert_eq!(out.iter().filter(|p| p.cwr).count(), 1);
    assert_eq!(
        s.stats.retransmitted_segments, 0,
        "ECN needs no retransmission"
    );
}

#[test]
fn the_ack_of_exactly_the_reduction_point_does_not_reduce_again() {
    let mut s = sender(true);
    let mut out = Vec::new();
    s.start(0, &mut out);
    s.on_ack(&ack(1000, true), 10, &mut out); // reduction; SND.MAX was 10 000
                                              // The ACK for everything sent before the reduction still carries the
                                              // stale echo: the receiver has not seen CWR yet.
    s.on_ack(&ack(10_000, true), 20, &mut out);
    assert_eq!(s.stats.ecn_reductions, 1);
    // An echo acknowledging data sent after the reduction is a new signal.
    s.on_ack(&ack(11_000, true), 30, &mut out);
    assert_eq!(s.stats.ecn_reductions, 2);
}

#[test]
fn ece_is_ignored_without_ecn_and_during_loss_recovery() {
    let mut s = sender(false);
    let mut out = Vec::new();
    s.start(0, &mut out);
    s.on_ack(&ack(1000, true), 10, &mut out);
    assert_eq!(s.stats.ecn_reductions, 0);
    let mut s = sender(true);
    s.start(0, &mut out);
    s.on_ack(&ack(1000, false), 10, &mut out);
    // Three duplicate ACKs: fast recovery has already halved for this window.
    for t in 0..3 {
        let mut d = ack(1000, false);
        d.push_sack(2000 + t * 1000, 3000 + t * 1000);
        s.on_ack(&d, 20 + t, &mut out);
    }
    assert_eq!(s.state(), SenderState::Recovery);
    let mut d = ack(1000, true);
    d.push_sack(2000, 6000);
    s.on_ack(&d, 30, &mut out);
    assert_eq!(s.stats.ecn_reductions, 0);
}

#[test]
fn retransmissions_are_not_ect() {
    // Without a probe first, the timer at 1 s is the RTO.
    let mut s = sender_with(|c| {
        c.ecn = true;
        c.rack_tlp = false;
    });
    let mut out = Vec::new();
    s.start(0, &mut out);
    out.clear();
    s.on_timer(1_000_000_000, &mut out);
    let rtx: Vec<_> = out.iter().filter(|p| p.retransmit).collect();
    assert!(!rtx.is_empty());
    assert!(rtx.iter().all(|p| !p.ect), "RFC 3168 §6.1.5");
}

/// A controller that records the extras it is given.
struct Spy {
    inner: NewReno,
    seen: std::rc::Rc<std::cell::RefCell<Vec<AckExtras>>>,
}

impl CongestionControl for Spy {
    fn name(&self) -> &'static str {
        "spy"
    }
    fn on_ack(&mut self, a: &AckSample) {
        self.inner.on_ack(a)
    }
    fn on_ack_with(&mut self, a: &AckSample, e: &AckExtras) {
        self.seen.borrow_mut().push(*e);
        self.inner.on_ack(a)
    }
    fn on_congestion_event(&mut self, ev: &CongestionEvent) {
        self.inner.on_congestion_event(ev)
    }
    fn on_rto(&mut self, now: Time, inflight: u64, mss: u32) {
        self.inner.on_rto(now, inflight, mss)
    }
    fn on_recovery_exit(&mut self, now: Time, mss: u32) {
        self.inner.on_recovery_exit(now, mss)
    }
    fn cwnd(&self) -> u64 {
        self.inner.cwnd()
    }
    fn ssthresh(&self) -> u64 {
        self.inner.ssthresh()
    }
    fn handoff(&self, now: Time) -> crate::cc::Handoff {
        self.inner.handoff(now)
    }
}

#[test]
fn the_receivers_passage_time_and_rate_reach_the_controller() {
    let seen = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let mut s = sender(false);
    s.set_cc(Box::new(Spy {
        inner: NewReno::new(MSS, 10),
        seen: seen.clone(),
    }));
    let mut out = Vec::new();
    s.start(0, &mut out);
    let mut a = ack(1000, false);
    a.passage_time_ns = 12_345;
    a.receiver_rate_bps = 8e6;
    s.on_ack(&a, 10, &mut out);
    s.on_ack(&ack(2000, false), 20, &mut out);
    let seen = seen.borrow();
    assert_eq!(seen[0].passage_time, Some(12_345));
    assert_eq!(seen[0].receiver_rate_bps, Some(8e6));
    assert_eq!(seen[1].passage_time, None, "0 means not measured");
    assert_eq!(seen[1].receiver_rate_bps, None);
}

#[test]
fn a_loss_in_a_window_already_reduced_by_ecn_is_retransmitted_without_a_second_cut() {
    let mut s = sender(true);
    let mut out = Vec::new();
    s.start(0, &mut out);
    s.on_ack(&ack(1000, true), 10, &mut out); // ECN: ssthresh 4500
    let before = s.ssthresh();
    out.clear();
    // Segment 1000–2000 was lost: SACKed duplicates follow until the pipe
    // has room for the retransmission (RFC 6675).
    for t in 0..5u64 {
        let mut d = ack(1000, false);
        d.push_sack(2000, 3000 + t * 1000);
        s.on_ack(&d, 20 + t, &mut out);
    }
    assert_eq!(s.state(), SenderState::Recovery);
    assert_eq!(
        s.ssthresh(),
        before,
        "no second reduction in the same window"
    );
    assert!(
        out.iter().any(|p| p.retransmit && p.seq == 1000),
        "the hole is resent"
    );
}

// ---- recovery entry, PRR, RACK-TLP, the RTO --------------------------------

const MS: Time = 1_000_000;

/// A duplicate ACK for 1000 with one SACK block [2000, end).
fn dup(end: u64) -> Packet {
    let mut a = ack(1000, false);
    a.push_sack(2000, end);
    a
}

/// Segment 1000–2000 of the initial window is lost. The ACK of the first
/// segment comes at 100 ms (RTT 100 ms) and opens cwnd to 11, so 12 are
/// sent; then duplicate ACKs SACK 2000–3000, –4000, –5000 at 101–103 ms.
/// Returns what the sender sent in response to the third.
fn third_dupack(s: &mut TcpSender) -> Vec<Packet> {
    let mut out = Vec::new();
    s.start(0, &mut out);
    s.on_ack(&ack(1000, false), 100 * MS, &mut out);
    s.on_ack(&dup(3000), 101 * MS, &mut out);
    s.on_ack(&dup(4000), 102 * MS, &mut out);
    out.clear();
    s.on_ack(&dup(5000), 103 * MS, &mut out);
    out
}

#[test]
fn entering_recovery_retransmits_the_first_lost_segment_at_once() {
    // RFC 6675 §5 step (4.3). The first two SACKs each clocked out a new
    // segment, so 13 are outstanding: after the reduction cwnd = 6.5
    // segments while pipe = 13 − 3 SACKed − 1 lost = 9, and the send rule
    // alone would wait about half a round trip. Every SACK style sends it
    // at once.
    for rate in [RecoveryRate::Prr, RecoveryRate::Rfc6675] {
        for rack in [true, false] {
            let mut s = sender_with(|c| {
                c.recovery_rate = rate;
                c.rack_tlp = rack;
            });
            let out = third_dupack(&mut s);
            assert_eq!(s.state(), SenderState::Recovery, "{rate:?} rack {rack}");
            assert_eq!(s.cc().cwnd(), 6500, "ssthresh = FlightSize/2");
            assert!(s.board.pipe() > s.cc().cwnd(), "pipe exceeds cwnd");
            let rtx: Vec<u64> = out.iter().filter(|p| p.retransmit).map(|p| p.seq).collect();
            assert_eq!(rtx, vec![1000], "{rate:?} rack {rack}: at once, once");
        }
    }
}

#[test]
fn the_linux_rto_restarts_when_the_first_segment_is_retransmitted() {
    // Linux `tcp_xmit_retransmit_queue` restarts the timer; RFC 6298 only
    // restarts it on an ACK of new data (§5.3), here the one at 100 ms.
    let mut s = sender_with(|_| {});
    third_dupack(&mut s);
    assert_eq!(s.rto_at, Some(103 * MS + s.rtt().rto()));
    let mut s = sender_with(|c| {
        c.rto_style = RtoStyle::Rfc6298;
        c.min_rto = 1_000 * MS;
    });
    third_dupack(&mut s);
    assert_eq!(s.rto_at, Some(100 * MS + s.rtt().rto()));
}

#[test]
fn rack_detects_a_lost_retransmission_without_a_timeout() {
    // RFC 8985 §3.3.2: the fast retransmission of 1000 (sent at 103 ms) is
    // lost too. Segments sent after it are SACKed a round trip later: RACK
    // marks the retransmission lost and sends it again, long before the RTO.
    for rack in [true, false] {
        let mut s = sender_with(|c| c.rack_tlp = rack);
        let mut out = third_dupack(&mut s);
        // The rest of the first window is SACKed, clocking out new data.
        for (k, end) in (6000..=12_000).step_by(1000).enumerate() {
            s.on_ack(&dup(end), (104 + k as u64) * MS, &mut out);
        }
        let new_after_rtx: Vec<u64> = out
            .iter()
            .filter(|p| !p.retransmit && p.seq >= 12_000)
            .map(|p| p.seq)
            .collect();
        assert!(!new_after_rtx.is_empty(), "PRR clocks out new data");
        // Those are SACKed 100 ms after they were sent; 1000 is still missing.
        out.clear();
        let mut t = 204 * MS;
        for seq in new_after_rtx {
            let mut a = ack(1000, false);
            a.push_sack(2000, seq + 1000);
            s.on_ack(&a, t, &mut out);
            t += MS;
        }
        let again = out.iter().filter(|p| p.retransmit && p.seq == 1000).count();
        if rack {
            assert_eq!(again, 1, "RACK: the lost retransmission is sent again");
        } else {
            assert_eq!(again, 0, "RFC 6675 alone never marks it lost again");
        }
        assert_eq!(s.stats.timeouts, 0);
    }
}

#[test]
fn a_tail_loss_probe_fires_two_srtt_after_the_last_ack() {
    // RFC 8985 §7.2, Linux `tcp_schedule_loss_probe`: the first segment is
    // acknowledged at 100 ms (SRTT 100 ms); everything after it is lost.
    // PTO = 2·SRTT + 2 ms = 202 ms from that ACK, before the RTO (SRTT + 200 ms).
    let mut s = sender_with(|_| {});
    let mut out = Vec::new();
    s.start(0, &mut out);
    s.on_ack(&ack(1000, false), 100 * MS, &mut out);
    assert_eq!(s.rtt().srtt(), 100 * MS);
    assert_eq!(s.timer_deadline(), Some(302 * MS));
    assert!(s.rto_at.unwrap() > 302 * MS);
    out.clear();
    s.on_timer(302 * MS, &mut out);
    assert_eq!(s.stats.tlp_probes, 1);
    assert_eq!(s.stats.timeouts, 0);
    assert_eq!(out.len(), 1, "one probe");
    assert!(
        !out[0].retransmit && out[0].seq == 12_000,
        "new data, whatever cwnd says"
    );
    assert_eq!(
        s.timer_deadline(),
        Some(302 * MS + s.rtt().rto()),
        "then the RTO, restarted"
    );
    // The probe's SACK reveals the hole: RACK and recovery take over.
    let mut a = ack(1000, false);
    a.push_sack(12_000, 13_000);
    out.clear();
    s.on_ack(&a, 402 * MS, &mut out);
    assert_eq!(s.state(), SenderState::Recovery);
    assert!(out.iter().any(|p| p.retransmit && p.seq == 1000));
}

#[test]
fn with_no_new_data_the_probe_retransmits_the_last_segment() {
    // Three segments of application data; the last two are lost. With more
    // than one segment in flight PTO = 2·SRTT + 2 ms; once one segment is
    // left it is 2·SRTT + 200 ms (the delayed-ACK allowance).
    let mut s = sender_with(|c| c.app_bytes = Some(3000));
    let mut out = Vec::new();
    s.start(0, &mut out);
    assert_eq!(out.len(), 3);
    s.on_ack(&ack(1000, false), 100 * MS, &mut out);
    assert_eq!(s.timer_deadline(), Some(302 * MS));
    out.clear();
    s.on_timer(302 * MS, &mut out);
    assert_eq!(out.len(), 1);
    assert!(out[0].retransmit && out[0].seq == 2000, "the last segment");
    // Its ACK covers everything: the probe repaired a loss (RFC 8985 §7.4):
    // the window is reduced once, without a recovery episode.
    let cwnd = s.cc().cwnd();
    s.on_ack(&ack(3000, false), 402 * MS, &mut out);
    assert_eq!(s.stats.tlp_probes, 1);
    // ACK = TLP.end_seq: not yet past it (Linux waits for an ACK beyond).
    assert_eq!(s.stats.tlp_recoveries, 0);
    assert!(s.cc().cwnd() >= cwnd);
    // One segment in flight: Linux adds tcp_rto_min, the allowance for a
    // delayed ACK (here 50 ms, so the probe still comes before the RTO of
    // SRTT + max(2·SRTT, 50 ms) = 300 ms).
    let mut s = sender_with(|c| {
        c.app_bytes = Some(1000);
        c.min_rto = 50 * MS;
    });
    s.start(0, &mut out);
    s.set_app_limit(2000, 50 * MS, &mut out);
    s.on_ack(&ack(1000, false), 100 * MS, &mut out);
    assert_eq!(s.snd_max() - s.snd_una(), 1000);
    assert_eq!(s.timer_deadline(), Some(100 * MS + 200 * MS + 50 * MS));
    // With the default 200 ms the PTO would pass the RTO: the probe takes
    // the RTO's time, and it is a probe that fires, not a timeout.
    let mut s = sender_with(|c| c.app_bytes = Some(1000));
    s.start(0, &mut out);
    s.set_app_limit(2000, 50 * MS, &mut out);
    s.on_ack(&ack(1000, false), 100 * MS, &mut out);
    assert_eq!(s.timer_deadline(), Some(400 * MS));
    s.on_timer(400 * MS, &mut out);
    assert_eq!((s.stats.tlp_probes, s.stats.timeouts), (1, 0));
}

#[test]
fn no_probe_without_rack_tlp() {
    let mut s = sender_with(|c| c.rack_tlp = false);
    let mut out = Vec::new();
    s.start(0, &mut out);
    s.on_ack(&ack(1000, false), 100 * MS, &mut out);
    assert_eq!(s.timer_deadline(), s.rto_at);
    assert_eq!(s.timer_deadline(), Some(100 * MS + s.rtt().rto()));
}

#[test]
fn a_segment_sent_with_nothing_else_outstanding_is_timed() {
    // One segment of initial window, no loss probe: if the first segment is
    // lost, only the retransmission timer can resend it (4.4BSD tcp_output
    // arms TCPT_REXMT once snd_max has passed snd_una).
    let mut s = classic_sender(1, Recovery::Reno);
    let mut out = Vec::new();
    s.start(0, &mut out);
    assert_eq!(out.len(), 1);
    let deadline = s.timer_deadline().expect("the first segment is timed");
    out.clear();
    s.on_timer(deadline, &mut out);
    assert_eq!(s.stats.timeouts, 1);
    assert_eq!((out[0].seq, out[0].retransmit), (0, true));

    // The same after everything sent was acknowledged: the ACK turns the
    // timer off, and the one segment the application then offers arms it.
    let mut s = classic_sender(2, Recovery::Reno);
    s.app_limit = 2 * MSS as u64;
    out.clear();
    s.start(0, &mut out);
    assert_eq!(out.len(), 2);
    s.on_ack(&ack(2 * MSS as u64, false), 100 * MS, &mut out);
    assert_eq!(s.timer_deadline(), None, "nothing outstanding");
    out.clear();
    s.set_app_limit(3 * MSS as u64, 150 * MS, &mut out);
    assert_eq!(out.len(), 1);
    assert!(s.timer_deadline().is_some(), "the lone segment is timed");
}

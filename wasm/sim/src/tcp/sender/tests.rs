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
fn sender_with(change: impl FnOnce(&mut SenderConfig)) -> TcpSender {
    let mut cfg = SenderConfig {
        mss: MSS,
        header_bytes: 40,
        rto_style: RtoStyle::Linux,
        min_rto: 200_000_000,
        granularity: 1,
        recovery: Recovery::Sack,
        recovery_rate: RecoveryRate::Prr,
        rack_tlp: true,
        reordering_window: 0.25,
        timestamps: false,
        send_buffer: 1 << 30,
        pacing: false,
        app_bytes: None,
        ecn: false,
    };
    change(&mut cfg);
    TcpSender::new(0, 0, 1, cfg, Box::new(NewReno::new(MSS, 10)))
}

fn ack(n: u64, ece: bool) -> Packet {
    let mut a = Packet::new(PacketKind::Ack, 0, 1, 0, 0);
    a.ack = n;
    a.rwnd = u32::MAX;
    a.ece = ece;
    a
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
    let mut s = sender(true);
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

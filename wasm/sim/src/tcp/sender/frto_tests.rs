//! F-RTO (RFC 5682 §3) in the sender, packet by packet: a delay longer
//! than the RTO is undone, a real loss is not.

use super::*;
use crate::net::packet::PacketKind;

const MSS: u64 = 1000;

/// A SACK sender at the scenario defaults (Linux RTO, PRR, RACK-TLP) with
/// F-RTO on or off, NewReno with IW 10, all ten segments sent at t = 0.
fn started(frto: bool) -> (TcpSender, Vec<Packet>) {
    let mut s = super::tests::sender_with(|c| c.frto = frto);
    let mut out = Vec::new();
    s.start(0, &mut out);
    assert_eq!(out.len(), 10);
    (s, out)
}

fn ack(n: u64, sack: Option<(u64, u64)>) -> Packet {
    let mut a = Packet::new(PacketKind::Ack, 0, 1, 0, 0);
    a.ack = n;
    a.rwnd = u32::MAX;
    if let Some((s, e)) = sack {
        a.push_sack(s, e);
    }
    a
}

/// Nothing comes back: the tail loss probe goes out (new segment 10),
/// then the RTO fires; the sender retransmits the first segment and its
/// window falls to one.
fn timeout(s: &mut TcpSender) -> Time {
    let mut out = Vec::new();
    let mut t = 0;
    while s.stats.timeouts == 0 {
        out.clear();
        t = s.timer_deadline().expect("a timer is armed");
        s.on_timer(t, &mut out);
    }
    assert_eq!(s.stats.tlp_probes, 1);
    assert_eq!(out.len(), 1);
    assert!(out[0].retransmit && out[0].seq == 0);
    assert_eq!(s.cc().cwnd(), MSS);
    t
}

#[test]
fn a_delay_longer_than_the_rto_is_undone() {
    let (mut s, _) = started(true);
    let t = timeout(&mut s);
    // The first ACK after the timeout acknowledges segment 0 (its original
    // or the retransmission, the sender cannot tell): step 2b, new data.
    let mut out = Vec::new();
    s.on_ack(&ack(MSS, None), t + 10_000_000, &mut out);
    assert!(!out.is_empty(), "new data goes out");
    assert!(
        out.iter().all(|p| !p.retransmit && p.seq >= 10 * MSS),
        "no retransmission of segments 1–9: {:?}",
        out.iter()
            .map(|p| (p.seq, p.retransmit))
            .collect::<Vec<_>>()
    );
    // The delayed original of segment 1, never retransmitted, is
    // acknowledged: the timeout was spurious (step 3b).
    let mut out = Vec::new();
    s.on_ack(&ack(2 * MSS, None), t + 20_000_000, &mut out);
    assert_eq!(s.stats.spurious_rtos, 1);
    assert_ne!(s.state(), SenderState::Loss);
    // Linux tcp_undo_cwnd_reduction: cwnd back to what it was (10), the
    // threshold to max(ssthresh, ¾·cwnd), here still unset.
    assert!(s.cc().cwnd() >= 10 * MSS, "cwnd {}", s.cc().cwnd());
    assert_eq!(s.ssthresh(), u64::MAX);
    assert!(out.iter().all(|p| !p.retransmit), "nothing retransmitted");
    // The other originals arrive: nothing was ever resent but segment 0.
    for k in 3..=10 {
        s.on_ack(
            &ack(k * MSS, None),
            t + k * 1_000_000 + 20_000_000,
            &mut out,
        );
    }
    assert_eq!(s.stats.retransmitted_segments, 1);
}

#[test]
fn without_frto_the_same_delay_costs_a_go_back_and_the_window() {
    let (mut s, _) = started(false);
    let t = timeout(&mut s);
    let mut out = Vec::new();
    s.on_ack(&ack(MSS, None), t + 10_000_000, &mut out);
    assert!(
        out.iter().any(|p| p.retransmit && p.seq == MSS),
        "conventional recovery resends segment 1"
    );
    s.on_ack(&ack(2 * MSS, None), t + 20_000_000, &mut out);
    assert_eq!(s.stats.spurious_rtos, 0);
    assert!(s.cc().cwnd() < 10 * MSS);
    assert!(s.ssthresh() < u64::MAX);
}

#[test]
fn a_real_loss_is_not_undone() {
    let (mut s, _) = started(true);
    let t = timeout(&mut s);
    // Segments 1–10 were lost. The retransmission of 0 is acknowledged:
    // step 2b sends new data (11 and 12).
    let mut out = Vec::new();
    s.on_ack(&ack(MSS, None), t + 10_000_000, &mut out);
    let new: Vec<u64> = out.iter().map(|p| p.seq).collect();
    assert_eq!(
        new,
        vec![11 * MSS, 12 * MSS],
        "after the probe's segment 10"
    );
    // The new data arrives above the hole: a duplicate ACK with a SACK
    // (step 3a), the loss was real; conventional recovery resends 1.
    let mut out = Vec::new();
    s.on_ack(
        &ack(MSS, Some((11 * MSS, 12 * MSS))),
        t + 20_000_000,
        &mut out,
    );
    assert_eq!(s.stats.spurious_rtos, 0);
    assert!(
        out.iter().any(|p| p.retransmit && p.seq == MSS),
        "{:?}",
        out.iter()
            .map(|p| (p.seq, p.retransmit))
            .collect::<Vec<_>>()
    );
    // A later ACK of retransmitted data only is no evidence of a delay.
    s.on_ack(
        &ack(2 * MSS, Some((11 * MSS, 13 * MSS))),
        t + 30_000_000,
        &mut out,
    );
    assert_eq!(s.stats.spurious_rtos, 0);
    assert_eq!(s.state(), SenderState::Loss);
    assert!(s.ssthresh() < 10 * MSS);
}

//! Tahoe's fast retransmit (4.3BSD-Tahoe: resend the missing segment, keep
//! SND.NXT) and the duplicate ACKs that a go-back resend provokes, driven
//! packet by packet.

use super::*;

const MSS: u32 = 1000;

use super::tests::plain_ack as ack;

fn sender(recovery: Recovery) -> TcpSender {
    super::tests::classic_sender(10, recovery)
}

/// Ten segments out, the first acknowledged, then three duplicates of it.
fn after_fast_retransmit(recovery: Recovery) -> (TcpSender, Vec<Packet>) {
    let mut s = sender(recovery);
    let mut out = Vec::new();
    s.start(0, &mut out);
    s.on_ack(&ack(1000), 10, &mut out);
    out.clear();
    for t in 0..3 {
        s.on_ack(&ack(1000), 20 + t, &mut out);
    }
    (s, out)
}

#[test]
fn tahoe_resends_only_the_missing_segment_and_keeps_snd_nxt() {
    let (mut s, out) = after_fast_retransmit(Recovery::Tahoe);
    assert_eq!(s.stats.fast_retransmits, 1);
    assert_eq!(s.cc().cwnd(), MSS as u64, "cwnd = one segment");
    assert_eq!(out.len(), 1);
    assert_eq!((out[0].seq, out[0].retransmit), (1000, true));
    let sent_before = s.snd_max();
    assert_eq!(s.inflight(), sent_before - 1000, "SND.NXT put back");
    // The ACKs of segments the receiver already had arrive: nothing it
    // holds is sent again, and new data follows once the window allows.
    let mut out = Vec::new();
    for k in 2..=sent_before / 1000 {
        s.on_ack(&ack(k * 1000), 100 + k, &mut out);
    }
    assert_eq!(
        s.stats.retransmitted_segments, 1,
        "only the missing segment"
    );
    assert!(out.iter().all(|p| !p.retransmit && p.seq >= sent_before));
    assert!(!out.is_empty(), "slow start resumes with new data");
}

#[test]
fn go_back_n_still_resends_the_window_the_receiver_discarded() {
    let (s, out) = after_fast_retransmit(Recovery::GoBackN);
    assert_eq!(s.stats.fast_retransmits, 1);
    assert!(out.iter().all(|p| p.retransmit));
    assert_eq!(out[0].seq, 1000);
    assert_eq!(
        s.inflight(),
        out.len() as u64 * MSS as u64,
        "SND.NXT went back"
    );
}

/// The livelock of the old paper 001 window-only preset: after a restart,
/// copies of data the receiver held bring three duplicate ACKs of exactly
/// `recover`, one round trip later. They are not a loss.
#[test]
fn duplicate_acks_of_exactly_recover_do_not_restart_again() {
    for recovery in [Recovery::Tahoe, Recovery::GoBackN] {
        let (mut s, _) = after_fast_retransmit(recovery);
        let recover = s.snd_max();
        let mut out = Vec::new();
        s.on_ack(&ack(recover), 200, &mut out);
        assert_eq!(s.snd_una(), recover);
        assert!(s.snd_max() > recover, "{recovery:?}: new data went out");
        for t in 0..3 {
            s.on_ack(&ack(recover), 300 + t, &mut out);
        }
        assert_eq!(s.stats.fast_retransmits, 1, "{recovery:?}: held at recover");
        // Something above `recover` acknowledged: three duplicates are a loss again.
        s.on_ack(&ack(recover + 1000), 400, &mut out);
        for t in 0..3 {
            s.on_ack(&ack(recover + 1000), 500 + t, &mut out);
        }
        assert_eq!(s.stats.fast_retransmits, 2, "{recovery:?}");
    }
}

#[test]
fn a_first_segment_lost_before_any_restart_is_still_fast_retransmitted() {
    let mut s = sender(Recovery::Tahoe);
    let mut out = Vec::new();
    s.start(0, &mut out);
    for t in 0..3 {
        s.on_ack(&ack(0), 10 + t, &mut out);
    }
    assert_eq!(s.stats.fast_retransmits, 1);
}

//! The retransmission timer of a BSD-style Reno sender (`rto: bsd`: RFC 6298
//! RTO, 1 s minimum, 500 ms tick, no timestamps), driven packet by packet
//! through two timeouts in a row. As in 4.4BSD: after a timeout SND.NXT goes
//! back to SND.UNA (tcp_timer), only a segment that raises SND.MAX is timed
//! (tcp_output), the back-off ends only with an RTT sample (tcp_xmit_timer,
//! Karn's algorithm), every ACK of new data restarts the timer with the
//! current, backed-off value (tcp_input), and so does fast retransmit.

use super::*;
use crate::engine::time::{NS_PER_MS, NS_PER_S};

const MS: Time = NS_PER_MS;
const TICK: Time = 500 * MS;

use super::tests::plain_ack as ack;

fn bsd_reno() -> TcpSender {
    reno_with_timer(RtoStyle::Bsd)
}

/// Reno with a 1 s minimum RTO on 500 ms ticks and the given timer rules.
fn reno_with_timer(style: RtoStyle) -> TcpSender {
    super::tests::sender_with_iw(4, |c| {
        c.rto_style = style;
        c.min_rto = NS_PER_S;
        c.granularity = TICK;
        c.recovery = Recovery::Reno;
        c.rack_tlp = false;
        c.frto = false;
    })
}

fn on_tick(t: Time) -> Time {
    t.div_ceil(TICK) * TICK
}

#[test]
fn a_lost_go_back_resend_doubles_the_timer_again_until_new_data_is_timed() {
    let mut s = bsd_reno();
    let mut out = Vec::new();
    s.start(0, &mut out);
    // One sample (100 ms, counted as one 500 ms tick): SRTT 0.5 s, RTTVAR 0.25 s.
    s.on_ack(&ack(1000), 100 * MS, &mut out);
    let base = s.rtt().rto();
    assert_eq!(base, 1500 * MS, "SRTT + 4·RTTVAR");
    let high = s.snd_max();
    assert!(high > 4000);

    // Segment 1000 is lost: the timer fires, backs off once, resends it alone.
    let first = s.timer_deadline().unwrap();
    out.clear();
    s.on_timer(first, &mut out);
    assert_eq!(s.stats.timeouts, 1);
    assert_eq!(s.rtt().rto(), 2 * base);
    assert_eq!(out.len(), 1);
    assert_eq!((out[0].seq, out[0].retransmit), (1000, true));

    // Its ACK covers a retransmission: no sample, the back-off stays, and the
    // timer restarts from this ACK with the backed-off value.
    out.clear();
    let t = first + 100 * MS;
    s.on_ack(&ack(2000), t, &mut out);
    assert_eq!(s.rtt().backoffs(), 1);
    assert_eq!(s.timer_deadline(), Some(on_tick(t + 2 * base)));
    // Slow start goes on below SND.MAX: resends, which are not timed.
    assert!(!out.is_empty());
    assert!(out.iter().all(|p| p.retransmit && p.seq + 1000 <= high));

    // Those resends are lost too: the next timeout doubles the timer again.
    let second = s.timer_deadline().unwrap();
    out.clear();
    s.on_timer(second, &mut out);
    assert_eq!(s.stats.timeouts, 2);
    assert_eq!(s.rtt().backoffs(), 2);
    assert_eq!(s.rtt().rto(), 4 * base);
    assert_eq!((out[0].seq, out[0].retransmit), (2000, true));

    // The receiver held the rest: the ACK jumps to SND.MAX, still no sample.
    out.clear();
    let t = second + 100 * MS;
    s.on_ack(&ack(high), t, &mut out);
    assert_eq!(s.rtt().backoffs(), 2);
    assert!(out.iter().all(|p| !p.retransmit && p.seq >= high));
    assert_eq!(s.timer_deadline(), Some(on_tick(t + 4 * base)));

    // The ACK of the first new segment is a valid sample: the back-off ends.
    s.on_ack(&ack(high + 1000), t + 100 * MS, &mut out);
    assert_eq!(s.rtt().backoffs(), 0);
    assert!(s.rtt().rto() < 2 * base);
}

#[test]
fn fast_retransmit_restarts_the_timer_as_in_bsd_but_not_under_rfc6298() {
    // Segment 1000 is lost; three duplicate ACKs come 0.5–0.7 s after the
    // last ACK of new data, as behind a queue of seconds on a slow line.
    let dupacks = |style: RtoStyle| {
        let mut s = reno_with_timer(style);
        let mut out = Vec::new();
        s.start(0, &mut out);
        s.on_ack(&ack(1000), 100 * MS, &mut out);
        let rto = s.rtt().rto();
        for t in [600, 700, 800] {
            out.clear();
            s.on_ack(&ack(1000), t * MS, &mut out);
        }
        assert_eq!(out.iter().filter(|p| p.retransmit).count(), 1, "{style:?}");
        (s.timer_deadline(), rto)
    };
    // 4.4BSD tcp_input stops TCPT_REXMT at the third duplicate ACK and
    // tcp_output starts it again with the missing segment: RTO from 0.8 s.
    let (bsd, rto) = dupacks(RtoStyle::Bsd);
    assert_eq!(bsd, Some(on_tick(800 * MS + rto)));
    // RFC 6298 restarts it only on an ACK of new data (§5.3): from 0.1 s.
    let (rfc, rto) = dupacks(RtoStyle::Rfc6298);
    assert_eq!(rfc, Some(on_tick(100 * MS + rto)));
    assert!(bsd > rfc);
}

//! Proportional Rate Reduction (RFC 9937, which obsoletes RFC 6937): how
//! much a SACK sender may send on each ACK of fast recovery, so that the
//! flight shrinks smoothly from what it was to ssthresh over about one round
//! trip instead of stopping for half a round trip and then bursting.
//!
//! While pipe > ssthresh the sender sends ssthresh/RecoverFS of what is
//! delivered (the proportional part); below ssthresh it sends what is
//! delivered (PRR-CRB), one segment more when the ACK advanced SND.UNA and
//! showed no new loss (PRR-SSRB, RFC 9937 §6.2 "safeACK"; RFC 6937's SSRB
//! added it on every ACK), and never more than brings pipe up to ssthresh.
//! Linux `tcp_cwnd_reduction` and ns-3 `TcpPrrRecovery` do the same in
//! packets; Linux uses the cwnd before the reduction (`prior_cwnd`) as
//! RecoverFS. All quantities here are bytes.

/// PRR state for one recovery episode.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Prr {
    /// RecoverFS: bytes that may be delivered during this recovery.
    recover_fs: u64,
    /// prr_delivered: bytes delivered to the receiver since recovery began.
    delivered: u64,
    /// prr_out: bytes sent (new data and retransmissions) since recovery began.
    out: u64,
}

/// What one ACK tells PRR.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PrrAck {
    /// DeliveredData: change in SND.UNA plus change in SACKed bytes.
    pub delivered: u64,
    /// RFC 6675 pipe after the ACK and its loss marking.
    pub pipe: u64,
    pub ssthresh: u64,
    /// SND.UNA advanced and no further loss was indicated (RFC 9937 safeACK).
    pub safe: bool,
    pub mss: u64,
}

impl Prr {
    /// RFC 9937 §6.1: start an episode. `recover_fs` is the data in flight
    /// when recovery begins that is not yet delivered (SND.NXT − SND.UNA
    /// less what was SACKed before the ACK that started recovery).
    pub fn start(recover_fs: u64) -> Self {
        Self {
            recover_fs: recover_fs.max(1),
            delivered: 0,
            out: 0,
        }
    }

    /// Count bytes sent during recovery (prr_out).
    pub fn on_sent(&mut self, bytes: u64) {
        self.out += bytes;
    }

    pub fn out(&self) -> u64 {
        self.out
    }

    /// RFC 9937 §6.2 per-ACK step: the window (pipe + SndCnt) for this
    /// ACK, or None when the ACK delivered nothing (the window stays).
    pub fn on_ack(&mut self, a: PrrAck) -> Option<u64> {
        if a.delivered == 0 {
            return None;
        }
        self.delivered += a.delivered;
        let sndcnt = if a.pipe > a.ssthresh {
            // Proportional Rate Reduction: CEIL(prr_delivered·ssthresh/RecoverFS) − prr_out.
            let target = (self.delivered as u128 * a.ssthresh as u128)
                .div_ceil(self.recover_fs as u128) as u64;
            target.saturating_sub(self.out)
        } else {
            // PRR-CRB, or PRR-SSRB on a safe ACK; at most up to ssthresh.
            let mut limit = self.delivered.saturating_sub(self.out).max(a.delivered);
            if a.safe {
                limit += a.mss;
            }
            limit.min(a.ssthresh - a.pipe)
        };
        // Force a fast retransmit upon entering recovery (RFC 9937; Linux:
        // at least one segment while prr_out is 0).
        let sndcnt = if self.out == 0 {
            sndcnt.max(a.mss)
        } else {
            sndcnt
        };
        Some(a.pipe + sndcnt)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MSS: u64 = 1000;

    /// Send what the window allows in whole segments, as the sender does.
    fn send(prr: &mut Prr, window: u64, pipe: &mut u64) -> u64 {
        let mut n = 0;
        while *pipe + MSS <= window {
            *pipe += MSS;
            prr.on_sent(MSS);
            n += 1;
        }
        n
    }

    #[test]
    fn halving_sends_one_segment_for_every_two_delivered() {
        // 20 segments in flight, the first lost, ssthresh 10 (β = 1/2).
        // Each ACK SACKs one more segment; RACK marks the loss on the first,
        // so pipe = 20 − 1 lost − 1 SACKed = 18 then.
        let ssthresh = 10 * MSS;
        let mut prr = Prr::start(20 * MSS);
        let mut pipe = 18 * MSS;
        let mut sent = Vec::new();
        for _ in 0..19 {
            let w = prr
                .on_ack(PrrAck {
                    delivered: MSS,
                    pipe,
                    ssthresh,
                    safe: false,
                    mss: MSS,
                })
                .unwrap();
            sent.push(send(&mut prr, w, &mut pipe));
            pipe -= MSS; // the next ACK SACKs one more
        }
        pipe += MSS;
        // SndCnt = CEIL(prr_delivered·10/20) − prr_out, in bytes: the first
        // ACK allows half a segment, but prr_out = 0 forces the fast
        // retransmit out; from then one segment per two delivered. Once
        // pipe has come down to ssthresh (the 16th ACK) PRR sends what is
        // delivered (PRR-CRB), one per ACK, holding the flight there.
        assert_eq!(
            sent,
            vec![1, 0, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 1]
        );
        assert_eq!(
            prr.out(),
            10 * MSS,
            "a window of ssthresh sent in the round trip"
        );
        assert_eq!(
            pipe,
            10 * MSS,
            "the flight is ssthresh at the end, never below"
        );
    }

    #[test]
    fn the_first_ack_always_lets_the_retransmission_out() {
        // CUBIC's β = 0.7 and one segment delivered: ceil(0.7·1000) = 700
        // bytes, less than a segment; RFC 9937 forces one out while prr_out = 0.
        let mut prr = Prr::start(100 * MSS);
        let w = prr
            .on_ack(PrrAck {
                delivered: MSS,
                pipe: 98 * MSS,
                ssthresh: 70 * MSS,
                safe: false,
                mss: MSS,
            })
            .unwrap();
        assert_eq!(w, 99 * MSS);
    }

    #[test]
    fn below_ssthresh_the_reduction_bound_slow_starts_back_on_safe_acks() {
        // A burst of losses left pipe far below ssthresh. PRR-CRB sends what
        // was delivered; a safe ACK (SND.UNA advanced, no new loss) adds one
        // segment (PRR-SSRB), so pipe climbs back to ssthresh and no further.
        let ssthresh = 10 * MSS;
        let mut prr = Prr::start(20 * MSS);
        let mut pipe = 2 * MSS;
        prr.on_sent(MSS); // the fast retransmission
        pipe += MSS;
        let mut trace = Vec::new();
        for safe in [false, true, true, true, true, true] {
            pipe -= MSS;
            let w = prr
                .on_ack(PrrAck {
                    delivered: MSS,
                    pipe,
                    ssthresh,
                    safe,
                    mss: MSS,
                })
                .unwrap();
            send(&mut prr, w, &mut pipe);
            trace.push(pipe / MSS);
        }
        // CRB: 1 for 1 (pipe stays 3); SSRB: +1 each safe ACK, capped at 10.
        assert_eq!(trace, vec![3, 4, 5, 6, 7, 8]);
        let w = prr
            .on_ack(PrrAck {
                delivered: 50 * MSS,
                pipe: 9 * MSS,
                ssthresh,
                safe: true,
                mss: MSS,
            })
            .unwrap();
        assert_eq!(w, ssthresh, "never above ssthresh");
    }

    #[test]
    fn an_ack_that_delivers_nothing_changes_nothing() {
        let mut prr = Prr::start(10 * MSS);
        assert_eq!(
            prr.on_ack(PrrAck {
                delivered: 0,
                pipe: 5 * MSS,
                ssthresh: 5 * MSS,
                safe: false,
                mss: MSS,
            }),
            None
        );
    }
}

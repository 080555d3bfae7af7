//! F-RTO: detecting a spurious retransmission timeout (RFC 5682 §3, the
//! SACK-enhanced algorithm, as Linux runs it by default: `net.ipv4.tcp_frto
//! = 2`). After a timeout the sender retransmits the first unacknowledged
//! segment as usual; if the next ACK advances SND.UNA it sends new data
//! instead of retransmitting more (step 2b), and if an ACK then acknowledges
//! or SACKs data that was never retransmitted, the original segments were
//! only delayed: the timeout was spurious and the window reduction is undone
//! (step 3b; Linux `tcp_try_undo_loss` with `frto_undo`). A duplicate ACK or
//! a new SACK after the new data means the loss was real (step 3a): the
//! sender goes on with conventional loss recovery.
//!
//! This file holds the decision (Linux `tcp_enter_loss` and
//! `tcp_process_loss`) and what the undo restores (`tcp_enter_loss` saves
//! `prior_cwnd` and `prior_ssthresh`); the sender acts on it.

/// What the sender remembers between a timeout and the ACKs after it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Frto {
    /// F-RTO runs in this loss episode (Linux `tp->frto`).
    active: bool,
    /// cwnd and ssthresh, bytes, to restore on undo (Linux `prior_cwnd`,
    /// `prior_ssthresh`); None when there is nothing to undo to.
    prior: Option<(u64, u64)>,
    /// Timeouts since SND.UNA last advanced (Linux `icsk_retransmits`).
    timeouts: u32,
}

/// What the sender knows about the episode when its timer fires.
#[derive(Clone, Copy, Debug)]
pub struct Timeout {
    /// F-RTO is enabled for the flow (`tcp.frto`, SACK recovery).
    pub enabled: bool,
    /// In fast recovery when the timer fired.
    pub in_fast_recovery: bool,
    /// Already after a timeout (Linux TCP_CA_Loss).
    pub in_loss: bool,
    /// SND.UNA has reached the recovery point (Linux `high_seq`).
    pub una_at_recover: bool,
    /// The controller's cwnd and ssthresh before the timeout, bytes.
    pub cwnd: u64,
    pub ssthresh: u64,
}

/// An ACK in the loss episode, as Linux's ACK flags describe it.
#[derive(Clone, Copy, Debug)]
pub struct LossAck {
    /// SND.UNA advanced (FLAG_SND_UNA_ADVANCED).
    pub una_advanced: bool,
    /// Data at or below the recovery point that was never retransmitted
    /// was newly acknowledged or SACKed (FLAG_ORIG_SACK_ACKED).
    pub original_delivered: bool,
    /// The ACK SACKed new data (FLAG_DATA_SACKED).
    pub data_sacked: bool,
    /// A duplicate ACK: SND.UNA did not advance.
    pub duplicate: bool,
    /// SND.UNA reached the recovery point (`!before(snd_una, high_seq)`).
    pub recovered: bool,
    /// New data went out after the timeout (`after(snd_nxt, high_seq)`).
    pub new_data_sent: bool,
}

/// What the sender does with an ACK in the loss episode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Conventional loss recovery: retransmit what is marked lost.
    Conventional,
    /// Step 2b: send new data, not retransmissions (Linux REXMIT_NEW); if
    /// none can be sent, fall back to conventional recovery.
    SendNew,
    /// Step 3b: the timeout was spurious; undo it to `prior` (cwnd,
    /// ssthresh, bytes) if there is one.
    Spurious { prior: Option<(u64, u64)> },
}

impl Frto {
    /// The retransmission timer fired (Linux `tcp_enter_loss`). The prior
    /// window is saved unless this episode already reduced it: not in
    /// recovery, or recovery done, or a loss episode an ACK has advanced
    /// since its last timeout. `tcp_current_ssthresh` out of fast recovery
    /// is max(ssthresh, ¾·cwnd). F-RTO runs after a timeout out of fast
    /// recovery, or on a repeated timeout of the same segment (RFC 5682
    /// §3.2), not after one during fast recovery.
    pub fn on_timeout(&mut self, t: Timeout) {
        let new_episode = !t.in_fast_recovery && !t.in_loss;
        if new_episode || t.una_at_recover || (t.in_loss && self.timeouts == 0) {
            let current = if t.in_fast_recovery {
                t.ssthresh
            } else {
                t.ssthresh.max(t.cwnd / 2 + t.cwnd / 4)
            };
            self.prior = Some((t.cwnd, current));
        }
        self.active = t.enabled && (new_episode || self.timeouts > 0);
        self.timeouts += 1;
    }

    /// An ACK advanced SND.UNA (Linux `tcp_ack` clears `icsk_retransmits`).
    pub fn on_una_advanced(&mut self) {
        self.timeouts = 0;
    }

    /// F-RTO is running in this loss episode.
    pub fn active(&self) -> bool {
        self.active
    }

    /// Stop F-RTO for this episode: no new data could be sent (Linux
    /// `tcp_xmit_recovery`), or the episode ended.
    pub fn stop(&mut self) {
        self.active = false;
    }

    /// An ACK arrived after a timeout, before the recovery point was
    /// reached (Linux `tcp_process_loss`, the F-RTO part).
    pub fn on_loss_ack(&mut self, a: LossAck) -> Verdict {
        if !self.active {
            return Verdict::Conventional;
        }
        if a.original_delivered {
            // Step 3b: not all data was lost; the timeout was spurious.
            self.active = false;
            self.timeouts = 0;
            return Verdict::Spurious {
                prior: self.prior.take(),
            };
        }
        if a.new_data_sent {
            if a.data_sacked || a.duplicate {
                self.active = false; // step 3a: the loss was real
            }
        } else if a.una_advanced && !a.recovered {
            return Verdict::SendNew; // step 2b
        }
        Verdict::Conventional
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MSS: u64 = 1000;

    fn timeout(f: &mut Frto) {
        f.on_timeout(Timeout {
            enabled: true,
            in_fast_recovery: false,
            in_loss: false,
            una_at_recover: false,
            cwnd: 20 * MSS,
            ssthresh: 10 * MSS,
        });
    }

    fn ack() -> LossAck {
        LossAck {
            una_advanced: true,
            original_delivered: false,
            data_sacked: false,
            duplicate: false,
            recovered: false,
            new_data_sent: false,
        }
    }

    #[test]
    fn first_ack_advancing_sends_new_data_and_a_later_original_ack_undoes() {
        let mut f = Frto::default();
        timeout(&mut f);
        assert!(f.active());
        assert_eq!(f.on_loss_ack(ack()), Verdict::SendNew);
        let v = f.on_loss_ack(LossAck {
            original_delivered: true,
            new_data_sent: true,
            ..ack()
        });
        // ssthresh restores to max(10, ¾·20) = 15 segments.
        assert_eq!(
            v,
            Verdict::Spurious {
                prior: Some((20 * MSS, 15 * MSS))
            }
        );
        assert!(!f.active());
    }

    #[test]
    fn a_duplicate_ack_after_the_new_data_means_the_loss_was_real() {
        let mut f = Frto::default();
        timeout(&mut f);
        assert_eq!(f.on_loss_ack(ack()), Verdict::SendNew);
        let dup = LossAck {
            una_advanced: false,
            duplicate: true,
            data_sacked: true,
            new_data_sent: true,
            ..ack()
        };
        assert_eq!(f.on_loss_ack(dup), Verdict::Conventional);
        assert!(!f.active());
        // Later originals are no evidence once F-RTO has stopped.
        let late = LossAck {
            original_delivered: true,
            ..ack()
        };
        assert_eq!(f.on_loss_ack(late), Verdict::Conventional);
    }

    #[test]
    fn no_frto_after_a_timeout_in_fast_recovery_but_on_a_repeated_timeout() {
        let mut f = Frto::default();
        let t = Timeout {
            enabled: true,
            in_fast_recovery: true,
            in_loss: false,
            una_at_recover: false,
            cwnd: 5 * MSS,
            ssthresh: 5 * MSS,
        };
        f.on_timeout(t);
        assert!(!f.active(), "RFC 5682 §3.2: not during fast recovery");
        f.on_timeout(Timeout {
            in_fast_recovery: false,
            in_loss: true,
            ..t
        });
        assert!(f.active(), "a repeated timeout of the same segment");
        let mut off = Frto::default();
        off.on_timeout(Timeout {
            enabled: false,
            ..t
        });
        assert!(!off.active());
    }
}

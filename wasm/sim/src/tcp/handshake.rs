//! The three-way handshake (RFC 9293 §3.5) of a flow: the sender (the active
//! opener) sends SYN, the receiver answers SYN-ACK, the sender's ACK
//! completes it and data follows. Both ends' options are agreed here: the
//! MSS (RFC 9293 §3.7.1, the smaller of the two), window scaling and
//! timestamps (RFC 7323 §2.2, §3.2: only if both SYNs carry them),
//! SACK-permitted (RFC 2018 §2) and ECN (RFC 3168 §6.1.1: SYN with ECE and
//! CWR, SYN-ACK with ECE). The agreement depends only on the two offers, so
//! the world builds the sender and receiver with it from the start; the
//! packets carry the offers for the capture.
//!
//! Timers: a SYN unanswered for 1 s is sent again, the timer doubling each
//! time (RFC 6298 §2.1, §5.5; Linux `TCP_TIMEOUT_INIT`), at most
//! `tcp_syn_retries` = 6 times. The receiver resends its SYN-ACK on its own
//! timer (Linux `reqsk_timer_handler`, `tcp_synack_retries` = 5) and on every
//! retransmitted SYN (Linux `tcp_check_req`) until the ACK or the first data
//! segment arrives.
//!
//! The sender's first RTT sample is the SYN-ACK's: its arrival minus the
//! SYN's send time, or minus the echoed timestamp (Linux `tcp_ack_update_rtt`
//! for the acknowledged SYN; ns-3 `TcpSocketBase::ProcessSynSent`); none
//! when the SYN was sent again and no timestamp tells which one was answered
//! (Karn). See [`Established`] for what the sender does with it.

use crate::engine::time::{Time, NS_PER_S};
use crate::net::packet::{Packet, PacketKind, SynOptions, TCP_IP_HEADER_BYTES};
use crate::scenario::{Recovery, TcpOptions};
use crate::tcp::rtt::MAX_RTO;

/// RFC 6298 §2.1, Linux `TCP_TIMEOUT_INIT`: the SYN and SYN-ACK timers start at 1 s.
pub const INITIAL_RTO: Time = NS_PER_S;
/// RFC 6298 §5.7, Linux `TCP_TIMEOUT_FALLBACK`: the RTO once data flows when
/// the handshake gave no RTT sample (`tcp_init_metrics`).
pub const FALLBACK_RTO: Time = 3 * NS_PER_S;
/// Linux `TCP_SYN_RETRIES`: SYN retransmissions before the connect fails.
pub const SYN_RETRIES: u32 = 6;
/// Linux `TCP_SYNACK_RETRIES`: SYN-ACK retransmissions on the receiver's timer.
pub const SYNACK_RETRIES: u32 = 5;
/// RFC 7323 §2.3: the largest window-scale shift.
pub const MAX_WINDOW_SCALE: u8 = 14;
/// RFC 7323 §3: the timestamp option's 10 bytes and two NOPs.
pub const TIMESTAMP_OPTION_BYTES: u32 = 12;

/// What one end offers in its SYN (or SYN-ACK).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Offer {
    /// The MSS option, bytes (RFC 6691: MTU − 40, TCP options not deducted).
    pub mss: u32,
    /// The window-scale shift it would use for the windows it advertises.
    pub window_scale: Option<u8>,
    pub sack: bool,
    pub timestamps: bool,
    pub ecn: bool,
}

/// What both ends agreed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Agreed {
    /// The smaller MSS option, bytes (TCP options not yet deducted).
    pub mss: u32,
    /// The receiver's window-scale shift, when both offered scaling;
    /// without it the advertised window stays within 65,535 bytes.
    pub receiver_window_scale: Option<u8>,
    pub sack: bool,
    pub timestamps: bool,
    pub ecn: bool,
}

impl Agreed {
    /// Payload bytes per segment: the MSS less the timestamp option on
    /// every segment (RFC 7323 §3.2; Linux `tcp_current_mss`).
    pub fn payload(&self) -> u32 {
        let ts = if self.timestamps {
            TIMESTAMP_OPTION_BYTES
        } else {
            0
        };
        self.mss.saturating_sub(ts).max(1)
    }
}

/// The agreement between the sender's (`client`) and the receiver's (`server`) offers.
pub fn agree(client: &Offer, server: &Offer) -> Agreed {
    let a = answer(client, server);
    Agreed {
        mss: client.mss.min(server.mss),
        receiver_window_scale: a.window_scale,
        sack: a.sack,
        timestamps: a.timestamps,
        ecn: a.ecn,
    }
}

/// What the SYN-ACK carries: the receiver's offer cut down to the options
/// the SYN carried (a SYN-ACK may only echo them, RFC 7323 §2.2 and §3.2,
/// RFC 2018 §2, RFC 3168 §6.1.1); its own MSS always.
fn answer(client: &Offer, server: &Offer) -> Offer {
    Offer {
        mss: server.mss,
        window_scale: server
            .window_scale
            .filter(|_| client.window_scale.is_some()),
        sack: server.sack && client.sack,
        timestamps: server.timestamps && client.timestamps,
        ecn: server.ecn && client.ecn,
    }
}

/// The window-scale shift for a receive buffer: the smallest that fits it
/// in the 16-bit window field, at most 14 (Linux `tcp_select_initial_window`).
pub fn window_scale_for(buffer: u64) -> u8 {
    let mut shift = 0;
    while shift < MAX_WINDOW_SCALE && buffer >> shift > 0xffff {
        shift += 1;
    }
    shift
}

/// TCP option bytes of a SYN or SYN-ACK, laid out as Linux
/// `tcp_options_write` does: MSS (4); timestamps with SACK-permitted in
/// front of them or two NOPs (12), else NOP NOP SACK-permitted (4); NOP and
/// window scale (4).
pub fn syn_option_bytes(o: &Offer) -> u32 {
    let middle = if o.timestamps {
        TIMESTAMP_OPTION_BYTES
    } else if o.sack {
        4
    } else {
        0
    };
    4 + middle + if o.window_scale.is_some() { 4 } else { 0 }
}

/// The offers of a flow's sender and receiver. The sender's MSS option is
/// the path MTU − 40 (RFC 6691; the model uses the path's smallest MTU, as
/// if path-MTU discovery had run) or `mss_bytes` plus the timestamp option;
/// each field of `peer` left out offers what the sender offers.
pub fn offers(t: &TcpOptions, path_mtu: u32) -> (Offer, Offer) {
    let ts = if t.timestamps {
        TIMESTAMP_OPTION_BYTES
    } else {
        0
    };
    let mss = t.mss_bytes.map_or(path_mtu.saturating_sub(40), |m| m + ts);
    let scale = window_scale_for(t.receive_buffer_bytes);
    let client = Offer {
        mss,
        window_scale: t.window_scaling.then_some(scale),
        sack: t.recovery == Recovery::Sack,
        timestamps: t.timestamps,
        ecn: t.ecn,
    };
    let p = &t.peer;
    let server = Offer {
        mss: p.mss_bytes.unwrap_or(mss),
        window_scale: p
            .window_scaling
            .unwrap_or(t.window_scaling)
            .then_some(scale),
        sack: p.sack.unwrap_or(client.sack),
        timestamps: p.timestamps.unwrap_or(t.timestamps),
        ecn: p.ecn.unwrap_or(t.ecn),
    };
    (client, server)
}

/// How long the handshake takes on an idle path, seconds: the SYN out and
/// the SYN-ACK back, propagation and serialisation (with each link's framing
/// bytes) at every hop. `hops`: (rate out b/s, rate back b/s, one-way delay
/// s, framing bytes) per link of the path.
pub fn idle_duration_s(t: &TcpOptions, path_mtu: u32, hops: &[(f64, f64, f64, u32)]) -> f64 {
    let (client, server) = offers(t, path_mtu);
    let syn = TCP_IP_HEADER_BYTES + syn_option_bytes(&client);
    let synack = TCP_IP_HEADER_BYTES + syn_option_bytes(&answer(&client, &server));
    hops.iter()
        .map(|&(out, back, delay, framing)| {
            2.0 * delay
                + f64::from(syn + framing) * 8.0 / out
                + f64::from(synack + framing) * 8.0 / back
        })
        .sum()
}

/// One end's timer while it waits for an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Idle,
    Waiting { deadline: Time, rto: Time },
    Done,
}

/// The handshake completed at the sender.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Established {
    /// The RTT sample of the SYN-ACK, if the SYN it answers is known.
    pub rtt: Option<Time>,
    /// SYNs sent again before the SYN-ACK came. Linux `tcp_init_transfer`
    /// starts with one segment when more than one was (its deviation from
    /// RFC 5681 §3.1's "any", given RFC 6298's 1 s initial RTO).
    pub syn_retransmits: u32,
}

#[derive(Clone, Debug)]
pub struct Handshake {
    flow: u32,
    /// Node of the sender (the active opener) and of the receiver.
    client: u32,
    server: u32,
    offer: Offer,
    answer: Offer,
    /// Header bytes of the ACK that completes it.
    ack_bytes: u32,
    client_side: Side,
    server_side: Side,
    syn_first_sent: Time,
    /// The SYN's timestamp, echoed by SYN-ACKs (RFC 7323 TS.Recent).
    syn_tsval: Time,
    pub syn_retransmits: u32,
    pub synack_retransmits: u32,
    /// The sender gave up after [`SYN_RETRIES`] retransmissions.
    pub failed: bool,
}

impl Handshake {
    pub fn new(flow: u32, client: u32, server: u32, offer: Offer, server_offer: Offer) -> Self {
        let agreed = agree(&offer, &server_offer);
        let ack_bytes = TCP_IP_HEADER_BYTES
            + if agreed.timestamps {
                TIMESTAMP_OPTION_BYTES
            } else {
                0
            };
        Self {
            flow,
            client,
            server,
            offer,
            answer: answer(&offer, &server_offer),
            ack_bytes,
            client_side: Side::Idle,
            server_side: Side::Idle,
            syn_first_sent: 0,
            syn_tsval: 0,
            syn_retransmits: 0,
            synack_retransmits: 0,
            failed: false,
        }
    }

    /// Both ends are through (or the sender gave up): no packet or timer of
    /// the handshake is needed any more.
    pub fn finished(&self) -> bool {
        (self.client_side == Side::Done && self.server_side == Side::Done) || self.failed
    }

    /// The earliest pending timer.
    pub fn deadline(&self) -> Option<Time> {
        [self.client_side, self.server_side]
            .iter()
            .filter_map(|s| match s {
                Side::Waiting { deadline, .. } => Some(*deadline),
                _ => None,
            })
            .min()
    }

    fn segment(&self, kind: PacketKind, o: &Offer, from_client: bool, now: Time) -> Packet {
        let (src, dst) = if from_client {
            (self.client, self.server)
        } else {
            (self.server, self.client)
        };
        let mut p = Packet::new(kind, self.flow, src, dst, now);
        p.size = TCP_IP_HEADER_BYTES + syn_option_bytes(o);
        // A SYN's window is never scaled (RFC 7323 §2.2): Linux offers 64 KiB
        // rounded down to whole segments (`tcp_select_initial_window`), 64,240.
        p.rwnd = 0xffff / o.mss.max(1) * o.mss.max(1);
        p.set_syn_options(SynOptions {
            mss: o.mss.min(0xffff),
            window_scale: o.window_scale,
            sack_permitted: o.sack,
            timestamps: o.timestamps,
        });
        p
    }

    fn syn(&self, now: Time, retransmit: bool) -> Packet {
        let mut p = self.segment(PacketKind::Syn, &self.offer, true, now);
        // RFC 3168 §6.1.1: an ECN-setup SYN has ECE and CWR, and is not ECT.
        p.ece = self.offer.ecn;
        p.cwr = self.offer.ecn;
        p.retransmit = retransmit;
        p
    }

    fn synack(&self, now: Time, retransmit: bool) -> Packet {
        let mut p = self.segment(PacketKind::SynAck, &self.answer, false, now);
        p.ece = self.answer.ecn; // RFC 3168 §6.1.1: ECE, not CWR
        if self.answer.timestamps {
            p.tsecr = self.syn_tsval;
        }
        p.retransmit = retransmit;
        p
    }

    /// The sender opens the connection at `now`: the first SYN.
    pub fn open(&mut self, now: Time, out: &mut Vec<Packet>) {
        self.syn_first_sent = now;
        self.client_side = Side::Waiting {
            deadline: now + INITIAL_RTO,
            rto: INITIAL_RTO,
        };
        out.push(self.syn(now, false));
    }

    /// A timer fired at `now`: resend what is still unanswered (RFC 6298
    /// §5.5–5.6: back off, then retransmit), or give up.
    pub fn on_timer(&mut self, now: Time, out: &mut Vec<Packet>) {
        if let Side::Waiting { deadline, rto } = self.client_side {
            if deadline <= now {
                if self.syn_retransmits >= SYN_RETRIES {
                    self.client_side = Side::Done;
                    self.failed = true;
                } else {
                    self.syn_retransmits += 1;
                    let rto = (2 * rto).min(MAX_RTO);
                    self.client_side = Side::Waiting {
                        deadline: now + rto,
                        rto,
                    };
                    out.push(self.syn(now, true));
                }
            }
        }
        if let Side::Waiting { deadline, rto } = self.server_side {
            if deadline <= now {
                if self.synack_retransmits >= SYNACK_RETRIES {
                    // The request is dropped; a later SYN starts it again.
                    self.server_side = Side::Idle;
                } else {
                    self.synack_retransmits += 1;
                    let rto = (2 * rto).min(MAX_RTO);
                    self.server_side = Side::Waiting {
                        deadline: now + rto,
                        rto,
                    };
                    out.push(self.synack(now, true));
                }
            }
        }
    }

    /// A handshake segment reached its end at `now`. Returns [`Established`]
    /// when it is the SYN-ACK that completes the handshake at the sender.
    pub fn on_packet(
        &mut self,
        pkt: &Packet,
        now: Time,
        out: &mut Vec<Packet>,
    ) -> Option<Established> {
        match pkt.kind {
            PacketKind::Syn => {
                self.syn_tsval = pkt.tsval;
                match self.server_side {
                    Side::Idle => {
                        self.server_side = Side::Waiting {
                            deadline: now + INITIAL_RTO,
                            rto: INITIAL_RTO,
                        };
                        out.push(self.synack(now, false));
                    }
                    // A retransmitted SYN: its SYN-ACK was lost (or is late).
                    Side::Waiting { .. } => {
                        self.synack_retransmits += 1;
                        out.push(self.synack(now, true));
                    }
                    Side::Done => {}
                }
                None
            }
            PacketKind::SynAck => {
                let first = matches!(self.client_side, Side::Waiting { .. });
                if !first && self.client_side != Side::Done {
                    return None;
                }
                // The ACK completing the handshake (again, for a SYN-ACK the
                // receiver resent because it did not see the first).
                let mut ack = Packet::new(
                    PacketKind::HandshakeAck,
                    self.flow,
                    self.client,
                    self.server,
                    now,
                );
                ack.size = self.ack_bytes;
                if self.answer.timestamps {
                    ack.tsecr = pkt.tsval;
                }
                out.push(ack);
                if !first {
                    return None;
                }
                self.client_side = Side::Done;
                let rtt = if self.answer.timestamps && pkt.tsecr > 0 {
                    Some(now.saturating_sub(pkt.tsecr))
                } else if self.syn_retransmits == 0 {
                    Some(now - self.syn_first_sent)
                } else {
                    None
                };
                Some(Established {
                    rtt,
                    syn_retransmits: self.syn_retransmits,
                })
            }
            PacketKind::HandshakeAck => {
                self.on_data_at_receiver();
                None
            }
            _ => None,
        }
    }

    /// The receiver saw the handshake's ACK or a data segment: it is through.
    pub fn on_data_at_receiver(&mut self) {
        if self.server_side != Side::Idle {
            self.server_side = Side::Done;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Time = crate::engine::time::NS_PER_MS;

    fn offer() -> Offer {
        Offer {
            mss: 1460,
            window_scale: Some(7),
            sack: true,
            timestamps: true,
            ecn: false,
        }
    }

    #[test]
    fn options_need_both_ends_and_the_smaller_mss_wins() {
        let server = Offer {
            mss: 1400,
            sack: false,
            ..offer()
        };
        let a = agree(&offer(), &server);
        assert_eq!(a.mss, 1400);
        assert!(!a.sack, "SACK off at one end: no SACK");
        assert!(a.timestamps);
        assert_eq!(
            a.payload(),
            1388,
            "timestamps take 12 bytes of every segment"
        );
        assert_eq!(a.receiver_window_scale, Some(7));
        let no_scale = Offer {
            window_scale: None,
            ..offer()
        };
        assert_eq!(agree(&no_scale, &offer()).receiver_window_scale, None);
        let ecn = Offer {
            ecn: true,
            ..offer()
        };
        assert!(!agree(&ecn, &offer()).ecn);
        assert!(agree(&ecn, &ecn).ecn);
    }

    #[test]
    fn syn_options_take_the_bytes_linux_writes() {
        assert_eq!(syn_option_bytes(&offer()), 20, "MSS, SACK_PERM+TS, NOP+WS");
        let no_ts = Offer {
            timestamps: false,
            ..offer()
        };
        assert_eq!(
            syn_option_bytes(&no_ts),
            12,
            "MSS, NOP NOP SACK_PERM, NOP WS"
        );
        let bare = Offer {
            timestamps: false,
            sack: false,
            window_scale: None,
            ..offer()
        };
        assert_eq!(syn_option_bytes(&bare), 4);
        assert_eq!(window_scale_for(65_535), 0);
        assert_eq!(window_scale_for(1 << 20), 5);
        assert_eq!(window_scale_for(1 << 30), 14);
    }

    #[test]
    fn syn_synack_ack_and_the_rtt_sample() {
        let mut h = Handshake::new(3, 0, 2, offer(), offer());
        let mut out = Vec::new();
        h.open(0, &mut out);
        let syn = out.pop().unwrap();
        assert_eq!(
            (syn.kind, syn.src, syn.dst, syn.flow),
            (PacketKind::Syn, 0, 2, 3)
        );
        assert_eq!(syn.size, 60);
        assert_eq!(h.deadline(), Some(INITIAL_RTO));
        assert!(h.on_packet(&syn, 20 * MS, &mut out).is_none());
        let synack = out.pop().unwrap();
        assert_eq!(synack.kind, PacketKind::SynAck);
        assert_eq!(synack.tsecr, 0, "echoes the SYN's TSval (sent at 0)");
        let e = h
            .on_packet(&synack, 40 * MS, &mut out)
            .expect("established");
        assert_eq!(e.rtt, Some(40 * MS));
        let ack = out.pop().unwrap();
        assert_eq!((ack.kind, ack.size), (PacketKind::HandshakeAck, 52));
        assert!(!h.finished(), "the receiver has not seen the ACK");
        h.on_packet(&ack, 60 * MS, &mut out);
        assert!(h.finished());
        assert_eq!(h.deadline(), None);
    }

    #[test]
    fn a_lost_syn_is_sent_again_after_one_second_then_two() {
        let mut h = Handshake::new(0, 0, 1, offer(), offer());
        let mut out = Vec::new();
        h.open(0, &mut out);
        out.clear();
        h.on_timer(INITIAL_RTO, &mut out);
        assert_eq!(out.len(), 1);
        assert!(out[0].retransmit);
        assert_eq!(h.deadline(), Some(3 * NS_PER_S), "backed off to 2 s");
        // Without timestamps the SYN-ACK cannot say which SYN it answers (Karn).
        let mut h = Handshake::new(
            0,
            0,
            1,
            Offer {
                timestamps: false,
                ..offer()
            },
            offer(),
        );
        h.open(0, &mut out);
        h.on_timer(INITIAL_RTO, &mut out);
        out.clear();
        let syn = h.syn(INITIAL_RTO, true);
        h.on_packet(&syn, INITIAL_RTO + 20 * MS, &mut out);
        let synack = out.pop().unwrap();
        let e = h
            .on_packet(&synack, INITIAL_RTO + 40 * MS, &mut out)
            .unwrap();
        assert_eq!(
            e,
            Established {
                rtt: None,
                syn_retransmits: 1
            }
        );
    }

    #[test]
    fn the_sender_gives_up_after_six_retransmissions() {
        let mut h = Handshake::new(0, 0, 1, offer(), offer());
        let mut out = Vec::new();
        h.open(0, &mut out);
        while let Some(t) = h.deadline() {
            h.on_timer(t, &mut out);
        }
        assert!(h.failed);
        assert_eq!(out.len(), 7, "the SYN and 6 retransmissions");
        // 1 + 2 + 4 + 8 + 16 + 32 s, then 64 s more before giving up (Linux: 127 s).
        assert_eq!(out[6].tsval, 63 * NS_PER_S);
    }
}

//! The world's side of a TCP flow's three-way handshake (tcp/handshake.rs):
//! the SYN, SYN-ACK and ACK handed to the handshake where they arrive; its
//! timers; and the moment data begins, at the start or when the SYN-ACK
//! reaches the sender (the sender's first RTT sample, its initial window).

use super::flow::Endpoints;
use super::World;
use crate::net::Packet;
use crate::tcp::handshake::Established;

impl World {
    /// A SYN, SYN-ACK or the ACK completing a handshake reached its end.
    pub(super) fn on_handshake_packet(&mut self, pkt: &Packet) {
        let f = pkt.flow;
        let now = self.now;
        let fl = &mut self.flows[f as usize];
        let Some(h) = fl.handshake.as_mut() else {
            return; // late: both ends are through
        };
        let est = h.on_packet(pkt, now, &mut self.out);
        if h.finished() {
            fl.handshake = None;
        }
        match est {
            Some(e) => self.open_data(f, Some(e)),
            None => self.send_out(f),
        }
    }

    /// A handshake timer is due.
    pub(super) fn on_handshake_timer(&mut self, f: u32) {
        let now = self.now;
        let fl = &mut self.flows[f as usize];
        if fl.hs_at == Some(now) {
            fl.hs_at = None;
        }
        let Some(h) = fl.handshake.as_mut() else {
            return;
        };
        if h.deadline().is_some_and(|d| d <= now) {
            h.on_timer(now, &mut self.out);
            fl.handshake_failed = h.failed;
            if h.finished() {
                fl.handshake = None;
            }
        }
        self.send_out(f);
    }

    /// Data begins for flow `f`: at its start, or (`est`) when its sender has
    /// the SYN-ACK. Linux `tcp_init_transfer`: one segment as the initial
    /// window if the SYN was sent more than twice.
    pub(super) fn open_data(&mut self, f: u32, est: Option<Established>) {
        let now = self.now;
        let fl = &mut self.flows[f as usize];
        fl.started = true;
        fl.data_start = Some(now);
        if let Some(o) = &fl.onoff {
            let period = o.period(&mut fl.rng);
            self.events
                .schedule(now + period, super::Event::AppToggle(f));
        }
        match &mut fl.ends {
            Endpoints::Tcp { sender, .. } => match est {
                Some(e) => {
                    fl.syn_retransmits = e.syn_retransmits;
                    if e.syn_retransmits > 1 {
                        if let Some(run) = fl.cc_run.as_ref() {
                            sender.set_cc(run.rebuilt_with_initial_window(1));
                        }
                    }
                    sender.on_established(now, e.rtt, &mut self.out);
                }
                None => sender.start(now, &mut self.out),
            },
            Endpoints::Udp { source, .. } => {
                let gap = source.first_gap(&mut fl.rng);
                self.events.schedule(now + gap, super::Event::UdpSend(f));
            }
        }
        self.send_out(f);
    }
}

//! The transmitter of a plain FIFO link: DropTail, sending at its rate, no
//! delivery trace and no loss model. A packet's departure is known when it is
//! enqueued — it starts when the link frees, max(now, last departure), and
//! ends one serialisation later — so the world puts it straight into the pipe
//! and the link costs one event per packet (its arrival), not two
//! (docs/performance.md). What it keeps is the departures still
//! to come, to tell what the queue holds at any instant and to book each
//! transmission when it starts and ends, as the two-event path does.

use crate::engine::Time;
use crate::queue::Limit;
use std::collections::VecDeque;

/// One accepted packet's transmission.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Departure {
    pub enqueued_at: Time,
    pub start: Time,
    pub done: Time,
    /// When it reaches the far end of the pipe.
    pub arrive: Time,
    pub size: u32,
}

#[derive(Clone, Debug)]
pub struct FifoTx {
    limit: Limit,
    /// Accepted packets whose last bit has not left, in order.
    pending: VecDeque<Departure>,
    /// Bytes of `pending`.
    bytes: u64,
    /// The front of `pending` has started and has been booked.
    front_started: bool,
    /// When the last accepted packet's last bit leaves.
    free_at: Time,
}

impl FifoTx {
    /// `pending` starts empty and grows as packets queue (256 reserved per link direction was
    /// 10 KB each, 40 MB at 1,000 hosts).
    pub fn new(limit: Limit) -> Self {
        Self {
            limit,
            pending: VecDeque::new(),
            bytes: 0,
            front_started: false,
            free_at: 0,
        }
    }

    /// Packets waiting (accepted, not started), as of the last [`FifoTx::advance`].
    pub fn len_packets(&self) -> usize {
        self.pending.len() - usize::from(self.front_started)
    }

    /// Bytes waiting, as of the last [`FifoTx::advance`].
    pub fn len_bytes(&self) -> u64 {
        match self.pending.front() {
            Some(d) if self.front_started => self.bytes - d.size as u64,
            _ => self.bytes,
        }
    }

    /// Would a packet of `size` bytes fit in the queue (after `advance(now)`)?
    pub fn admits(&self, size: u32) -> bool {
        self.limit
            .admits(self.len_packets(), self.len_bytes(), size)
    }

    /// When a packet accepted at `now` starts serialising.
    pub fn start_time(&self, now: Time) -> Time {
        self.free_at.max(now)
    }

    /// The last accepted packet's transmission.
    pub fn last(&self) -> Option<&Departure> {
        self.pending.back()
    }

    /// Record an accepted packet's transmission (from [`FifoTx::start_time`]).
    pub fn push(&mut self, d: Departure) {
        debug_assert!(d.start >= self.free_at && d.done >= d.start);
        self.free_at = d.done;
        self.bytes += d.size as u64;
        self.pending.push_back(d);
    }

    /// Move to `now`: `started` is called once for each transmission that
    /// has started by then, `finished` for each that has ended, in order.
    pub fn advance(
        &mut self,
        now: Time,
        mut started: impl FnMut(&Departure),
        mut finished: impl FnMut(&Departure),
    ) {
        while let Some(d) = self.pending.front() {
            if d.start > now {
                break;
            }
            if !self.front_started {
                started(d);
                self.front_started = true;
            }
            if d.done > now {
                break;
            }
            finished(d);
            self.bytes -= d.size as u64;
            self.pending.pop_front();
            self.front_started = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dep(enqueued_at: Time, start: Time, done: Time) -> Departure {
        Departure {
            enqueued_at,
            start,
            done,
            arrive: done,
            size: 100,
        }
    }

    #[test]
    fn the_queue_holds_what_has_not_started() {
        let mut f = FifoTx::new(Limit::Packets(2));
        for _ in 0..3 {
            let s = f.start_time(0);
            f.push(dep(0, s, s + 10));
        }
        let (mut started, mut finished) = (0, 0);
        f.advance(0, |_| started += 1, |_| finished += 1);
        assert_eq!((started, finished), (1, 0));
        assert_eq!(f.len_packets(), 2);
        assert_eq!(f.len_bytes(), 200);
        assert!(!f.admits(100), "two waiting fill a two-packet queue");
        f.advance(15, |_| started += 1, |_| finished += 1);
        assert_eq!((started, finished), (2, 1));
        assert_eq!(f.len_packets(), 1);
        assert!(f.admits(100));
        f.advance(30, |_| started += 1, |_| finished += 1);
        assert_eq!((started, finished), (3, 3));
        assert_eq!((f.len_packets(), f.len_bytes()), (0, 0));
        assert_eq!(f.start_time(25), 30, "the link is busy until 30");
        assert_eq!(f.start_time(40), 40);
    }
}

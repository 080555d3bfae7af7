//! The event queue: a binary heap ordered by (time, insertion sequence), so
//! events at the same instant run in the order they were scheduled (docs/architecture.md, "Determinism").
//!
//! Each entry is one 128-bit integer: the time in the high 64 bits, then a
//! 40-bit sequence number, then the event packed into 24 bits. Comparing two
//! entries is one integer comparison and moving one is one 16-byte copy,
//! which makes the heap's sifting cheaper than with a (time, seq, event)
//! struct (docs/performance.md).

use super::time::Time;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Bits an event packs into.
pub const EVENT_BITS: u32 = 24;
/// Bits of the insertion sequence: 10¹² events, days of simulation at the
/// model's speed (far beyond the work limit).
const SEQ_BITS: u32 = 64 - EVENT_BITS;

/// An event that packs into [`EVENT_BITS`] bits.
pub trait Packed: Sized {
    fn pack(&self) -> u32;
    fn unpack(bits: u32) -> Self;
}

/// A deterministic future-event list.
pub struct EventQueue<E> {
    heap: BinaryHeap<Reverse<u128>>,
    next_seq: u64,
    popped: u64,
    kind: std::marker::PhantomData<E>,
}

impl<E: Packed> Default for EventQueue<E> {
    fn default() -> Self {
        Self::new()
    }
}

impl<E: Packed> EventQueue<E> {
    pub fn new() -> Self {
        Self {
            heap: BinaryHeap::with_capacity(1024),
            next_seq: 0,
            popped: 0,
            kind: std::marker::PhantomData,
        }
    }

    pub fn schedule(&mut self, time: Time, event: E) {
        let bits = event.pack();
        debug_assert!(bits < 1 << EVENT_BITS, "event does not pack into 24 bits");
        assert!(
            self.next_seq < 1 << SEQ_BITS,
            "more than 2^40 events scheduled"
        );
        let low = self.next_seq << EVENT_BITS | bits as u64;
        self.heap.push(Reverse((time as u128) << 64 | low as u128));
        self.next_seq += 1;
    }

    pub fn peek_time(&self) -> Option<Time> {
        self.heap.peek().map(|e| (e.0 >> 64) as Time)
    }

    /// The next event and its time, without taking it.
    pub fn peek(&self) -> Option<(Time, E)> {
        self.heap.peek().map(|Reverse(key)| {
            let bits = *key as u32 & ((1 << EVENT_BITS) - 1);
            ((key >> 64) as Time, E::unpack(bits))
        })
    }

    pub fn pop(&mut self) -> Option<(Time, E)> {
        let Reverse(key) = self.heap.pop()?;
        self.popped += 1;
        let bits = key as u32 & ((1 << EVENT_BITS) - 1);
        Some(((key >> 64) as Time, E::unpack(bits)))
    }

    /// Events executed so far.
    pub fn popped(&self) -> u64 {
        self.popped
    }

    pub fn len(&self) -> usize {
        self.heap.len()
    }

    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rng;

    impl Packed for u32 {
        fn pack(&self) -> u32 {
            *self
        }
        fn unpack(bits: u32) -> Self {
            bits
        }
    }

    #[test]
    fn earliest_time_comes_first() {
        let mut q = EventQueue::new();
        q.schedule(30, 3u32);
        q.schedule(10, 1);
        q.schedule(20, 2);
        let order: Vec<u32> = std::iter::from_fn(|| q.pop().map(|(_, e)| e)).collect();
        assert_eq!(order, vec![1, 2, 3]);
    }

    #[test]
    fn ties_run_in_insertion_order() {
        let mut q = EventQueue::new();
        // Events packed in descending order: only the sequence puts them in order.
        for i in 0..100u32 {
            q.schedule(5, (1 << EVENT_BITS) - 1 - i);
        }
        let order: Vec<u32> = std::iter::from_fn(|| q.pop().map(|(_, e)| e)).collect();
        let want: Vec<u32> = (0..100).map(|i| (1 << EVENT_BITS) - 1 - i).collect();
        assert_eq!(order, want);
        assert_eq!(q.popped(), 100);
    }

    /// Against a sorted list, pops and schedules interleaved as in a simulation.
    #[test]
    fn matches_a_sorted_reference() {
        let mut rng = Rng::new(7, 0);
        let mut q = EventQueue::new();
        let mut reference: Vec<(Time, u64, u32)> = Vec::new();
        let (mut now, mut seq) = (0, 0u64);
        for step in 0..20_000 {
            for _ in 0..rng.below(3) {
                let t = now + [0, rng.below(16), rng.below(1 << 40)][rng.below(3) as usize];
                let ev = rng.below(1 << EVENT_BITS) as u32;
                q.schedule(t, ev);
                reference.push((t, seq, ev));
                seq += 1;
            }
            if step % 3 != 0 {
                let want = reference.iter().copied().min();
                assert_eq!(q.peek_time(), want.map(|w| w.0));
                assert_eq!(q.pop(), want.map(|w| (w.0, w.2)), "step {step}");
                if let Some(w) = want {
                    reference.retain(|&r| r != w);
                    now = w.0;
                }
            }
            assert_eq!(q.len(), reference.len());
        }
    }
}

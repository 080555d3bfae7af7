//! Engine calibration (docs/performance.md, "Engine calibration"): four small
//! kernels, each shaped like one of the model's hot paths, exported with the C
//! ABI so the benchmark can time the very same code natively and in WASM (the
//! .wasm needs no imports and no wasm-bindgen). Each returns a checksum; native
//! and WASM must agree. They answer one question: how much slower is the WASM
//! engine on this kind of code, whatever the model does?
//!
//! Not part of the model or the site.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

/// xorshift64 (Marsaglia 2003): a cheap deterministic stream.
fn next(s: &mut u64) -> u64 {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    *s
}

/// The event queue (sim/src/engine/event.rs): a binary heap of 128-bit keys,
/// time in the high half; pop the earliest, push one a little later, `n` times.
#[no_mangle]
pub extern "C" fn event_heap(n: u32) -> u64 {
    let mut heap = BinaryHeap::with_capacity(1024);
    let mut s = 0x9E37_79B9_7F4A_7C15;
    for i in 0..1000u128 {
        heap.push(Reverse(((next(&mut s) % 1_000_000) as u128) << 64 | i));
    }
    let mut sum = 0u64;
    for _ in 0..n {
        let Reverse(key) = heap.pop().expect("the heap never empties");
        let (time, id) = ((key >> 64) as u64, key as u64);
        sum = sum.wrapping_add(time ^ id);
        let later = time + next(&mut s) % 1000;
        heap.push(Reverse((later as u128) << 64 | id as u128));
    }
    sum
}

/// A packet: the model's is a 120-byte `Copy` struct (sim/src/packet.rs).
#[derive(Clone, Copy)]
struct Packet {
    uid: u64,
    ack: u64,
    words: [u32; 25],
    flags: u32,
}

/// Packets moved by value through queues, as a link's pipe and a DropTail
/// queue move them (sim/src/net/channel.rs, sim/src/queue/droptail.rs).
#[no_mangle]
pub extern "C" fn packet_queues(n: u32) -> u64 {
    let mut pipe: VecDeque<(u64, Packet)> = VecDeque::with_capacity(512);
    let mut queue: VecDeque<Packet> = VecDeque::with_capacity(512);
    for i in 0..256 {
        let p = Packet {
            uid: i,
            ack: 0,
            words: [0; 25],
            flags: 0,
        };
        pipe.push_back((i, p));
    }
    let (mut s, mut sum) = (1u64, 0u64);
    for _ in 0..n {
        let (t, mut p) = pipe.pop_front().expect("the pipe never empties");
        p.ack = p.ack.wrapping_add(next(&mut s));
        p.words[(t % 25) as usize] += 1;
        queue.push_back(p);
        let mut q = queue.pop_front().expect("just pushed");
        q.flags += 1;
        sum = sum.wrapping_add(q.ack ^ q.uid);
        pipe.push_back((t + 1, q));
    }
    sum
}

/// Window arithmetic in f64, as CUBIC's cube root (libm's `cbrt`, as in
/// sim/src/cc/cubic.rs) and the rate estimates compute it. The square root is
/// `f64::sqrt`, one instruction on both targets: libm's is a software routine
/// in WASM (docs/performance.md, "Engine calibration").
#[no_mangle]
pub extern "C" fn window_math(n: u32) -> u64 {
    let (mut rate, mut w, mut sum) = (1.0f64, 10.0f64, 0u64);
    for i in 0..n {
        let t = i as f64 * 1e-3;
        let k = libm::cbrt(w * 0.3 / 0.4);
        w = 0.4 * (t - k).powi(3) + w.max(1.0);
        if w > 1e6 {
            w = 10.0;
        }
        rate = rate * 0.999 + w.sqrt();
        sum = sum.wrapping_add(rate as u64);
    }
    sum
}

/// Indexed reads and writes into a table, as routing and the SACK scoreboard
/// do (sim/src/scenario/routing.rs, sim/src/tcp/scoreboard.rs): 8 updates a step.
#[no_mangle]
pub extern "C" fn table_updates(n: u32) -> u64 {
    let mut table: Vec<u64> = (0..4096).collect();
    let (mut s, mut sum) = (7u64, 0u64);
    for _ in 0..n as u64 * 8 {
        let i = (next(&mut s) & 4095) as usize;
        let j = (table[i] & 4095) as usize;
        table[j] = table[j]
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(table[i]);
        sum ^= table[j] >> 3;
        if sum & 1 == 1 {
            sum = sum.rotate_left(5);
        }
    }
    sum
}

/// The kernels by name, in the order the benchmark prints them.
pub const KERNELS: [(&str, extern "C" fn(u32) -> u64); 4] = [
    ("event_heap", event_heap),
    ("packet_queues", packet_queues),
    ("window_math", window_math),
    ("table_updates", table_updates),
];

#[cfg(test)]
mod tests;

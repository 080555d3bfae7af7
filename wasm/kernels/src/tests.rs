use super::*;

#[test]
fn the_event_heap_pops_in_the_order_a_sorted_list_would() {
    // The same schedule on a plain list, earliest taken by a linear search.
    let n = 5000;
    let mut list: Vec<u128> = Vec::new();
    let mut s = 0x9E37_79B9_7F4A_7C15;
    for i in 0..1000u128 {
        list.push(((next(&mut s) % 1_000_000) as u128) << 64 | i);
    }
    let mut sum = 0u64;
    for _ in 0..n {
        let at = (0..list.len()).min_by_key(|&k| list[k]).unwrap();
        let key = list.swap_remove(at);
        let (time, id) = ((key >> 64) as u64, key as u64);
        sum = sum.wrapping_add(time ^ id);
        list.push(((time + next(&mut s) % 1000) as u128) << 64 | id as u128);
    }
    assert_eq!(event_heap(n), sum);
}

#[test]
fn every_packet_goes_round_the_queues_in_order() {
    // 256 packets in a ring: the k-th move takes packet k mod 256 and adds the
    // k-th number of the stream to its ack.
    let mut acks = [0u64; 256];
    let (mut s, mut sum) = (1u64, 0u64);
    for k in 0..700usize {
        acks[k % 256] = acks[k % 256].wrapping_add(next(&mut s));
        sum = sum.wrapping_add(acks[k % 256] ^ (k % 256) as u64);
    }
    assert_eq!(packet_queues(700), sum);
}

#[test]
fn every_kernel_does_its_n_steps() {
    // A checksum that ignored a step would let a compiler drop the work.
    for (name, kernel) in KERNELS {
        let sums: Vec<u64> = (0..4).map(|n| kernel(1000 + n)).collect();
        for w in sums.windows(2) {
            assert_ne!(
                w[0], w[1],
                "{name}: one more step left the checksum unchanged"
            );
        }
        assert_eq!(kernel(1000), sums[0], "{name} is not deterministic");
    }
}

#[test]
fn the_packet_is_as_large_as_the_models() {
    // If the model's packet changes size, the kernel no longer stands for it.
    assert_eq!(
        std::mem::size_of::<Packet>(),
        std::mem::size_of::<sim::net::packet::Packet>()
    );
}

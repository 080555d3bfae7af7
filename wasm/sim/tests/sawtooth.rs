//! The default scenario's NewReno sawtooth, checked against the textbook:
//! cwnd peaks near BDP + buffer, halves at each loss, and grows one segment per RTT.

mod common;

#[test]
fn default_scenario_saws_between_half_and_full_pipe_plus_buffer() {
    let s = common::load("content/scenarios/default.json");
    let (w, rows) = common::run_rows(&s);
    let width = w.columns().len();
    let cwnd = common::col(&w, "flow.flow1.cwnd");
    // BDP: 20 Mb/s × 40 ms ≈ 66.7 packets of 1500 B; DropTail buffer 50 packets.
    let pipe_plus_buffer = 20e6 * 0.040 / (1500.0 * 8.0) + 50.0;
    let steady: Vec<f64> = rows
        .chunks_exact(width)
        .filter(|r| r[0] >= 8.0)
        .map(|r| r[cwnd])
        .collect();
    let max = steady.iter().cloned().fold(f64::MIN, f64::max);
    let min = steady.iter().cloned().fold(f64::MAX, f64::min);
    assert!(
        (max - pipe_plus_buffer).abs() < 0.08 * pipe_plus_buffer,
        "peak {max} vs {pipe_plus_buffer}"
    );
    assert!(
        (min - pipe_plus_buffer / 2.0).abs() < 0.12 * pipe_plus_buffer / 2.0,
        "trough {min}"
    );
    assert!(
        w.summary().flows[0].fast_retransmits >= 3,
        "expected several loss cycles"
    );
    // Steady-state utilisation of a Reno sawtooth (algorithms.md §0.2):
    // U = 3(P+B)² / (4(P² + PB + B²)) for B ≤ P; goodput also loses 40 of every 1500 bytes to headers.
    let (p, b) = (pipe_plus_buffer - 50.0, 50.0);
    let u = 3.0 * (p + b) * (p + b) / (4.0 * (p * p + p * b + b * b));
    let expected = u * 20e6 * 1460.0 / 1500.0;
    let goodput = common::col(&w, "flow.flow1.goodput");
    let g: Vec<f64> = rows
        .chunks_exact(width)
        .filter(|r| r[0] > 8.0)
        .map(|r| r[goodput])
        .collect();
    let mean = g.iter().sum::<f64>() / g.len() as f64;
    assert!(
        (mean - expected).abs() < 0.03 * expected,
        "steady goodput {mean} vs U(B)·C = {expected}"
    );
}

#[test]
fn congestion_avoidance_adds_one_segment_per_round_trip() {
    let s = common::load("content/scenarios/default.json");
    let (w, rows) = common::run_rows(&s);
    let width = w.columns().len();
    let (cwnd, srtt, state) = (
        common::col(&w, "flow.flow1.cwnd"),
        common::col(&w, "flow.flow1.srtt"),
        common::col(&w, "flow.flow1.state"),
    );
    // Between t = 8.5 s and 9.5 s the flow is in congestion avoidance (state 1).
    let at = |t: f64| {
        rows.chunks_exact(width)
            .find(|r| r[0] >= t)
            .unwrap()
            .to_vec()
    };
    let (a, b) = (at(8.5), at(9.5));
    assert_eq!(a[state], 1.0);
    assert_eq!(b[state], 1.0);
    let mean_rtt_s = (a[srtt] + b[srtt]) / 2.0 / 1000.0;
    let growth = b[cwnd] - a[cwnd];
    let expected = 1.0 / mean_rtt_s;
    assert!(
        (growth - expected).abs() < 0.25 * expected,
        "grew {growth} segments in 1 s, expected ≈ {expected}"
    );
}

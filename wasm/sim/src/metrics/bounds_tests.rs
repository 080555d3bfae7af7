//! Tests of the analytic bounds, read against paper 000 (§3.9 and its worked examples) and
//! algorithms.md §0.2.

use super::*;
use crate::host::HostParams;
use crate::scenario::{parse_scenario_without_work_limits as parse_scenario, HostPreset};

const GBPS: f64 = 1e9;
const SQRT_P: f64 = 1e-3;

fn mbps(bps: f64) -> f64 {
    bps / 1e6
}

fn corrected() -> HostBoundOptions {
    HostBoundOptions::default()
}

fn printed() -> HostBoundOptions {
    HostBoundOptions {
        form: BoundForm::Printed,
        ..HostBoundOptions::default()
    }
}

fn p4() -> HostParams {
    HostParams::preset(HostPreset::P4Pci)
}

fn pentium_d() -> HostParams {
    HostParams::preset(HostPreset::PentiumDPcie)
}

fn assert_mbps(got_bps: f64, want_mbps: f64) {
    assert!(
        (mbps(got_bps) - want_mbps).abs() <= 0.6,
        "got {:.1} Mb/s, want {want_mbps}",
        mbps(got_bps)
    );
}

// ---- eq. 3.44, Fig. 3.9 host (Non-TOE: B_FSB 6.5, B_PCI 1 Gb/s, t_L 1.2 µs) ----

#[test]
fn fig_3_9_bound_in_the_bandwidth_limited_region() {
    // Paper 000's equations at RTT 0.12 ms.
    for (mtu, want) in [(1000, 628.0), (1500, 648.0), (4500, 678.0), (9000, 685.0)] {
        assert_mbps(
            host_bound_bps(&p4(), GBPS, 0.12e-3, SQRT_P, mtu, &corrected()),
            want,
        );
    }
}

#[test]
fn fig_3_9_bound_in_the_loss_limited_region() {
    let b = |rtt, mtu| host_bound_bps(&p4(), GBPS, rtt, SQRT_P, mtu, &corrected());
    assert_mbps(b(12e-3, 1000), 478.0);
    assert_mbps(b(20e-3, 1500), 453.0);
    assert_mbps(b(50e-3, 4500), 536.0);
    assert_mbps(b(100e-3, 9000), 541.0);
    assert_mbps(b(1.0, 1500), 12.0);
}

#[test]
fn as_mtu_grows_the_bound_tends_to_the_harmonic_sum_of_link_and_buses() {
    // 1/(1 + 0.192 + 0.25) ns/bit ⇒ 693 Mb/s (paper 000's equations).
    let b = host_bound_bps(&p4(), GBPS, 0.12e-3, SQRT_P, 60_000_000, &corrected());
    assert_mbps(b, 693.4);
}

// ---- eq. 3.45, Fig. 3.10 host (TOE: B_FSB 12, F_TOE 32, B_PCI 2.5 Gb/s, t_L 0.1 µs) ----

#[test]
fn fig_3_10_offload_bound() {
    let b = |rtt, mtu| host_bound_bps(&pentium_d(), GBPS, rtt, SQRT_P, mtu, &corrected());
    assert_mbps(b(0.12e-3, 1500), 874.0);
    assert_mbps(b(12e-3, 1500), 874.0);
    assert_mbps(b(20e-3, 1500), 552.0);
    assert_mbps(b(0.12e-3, 9000), 880.0);
    assert_mbps(b(72e-3, 9000), 880.0);
    assert_mbps(b(100e-3, 9000), 656.0);
}

// ---- the regime switch ----

#[test]
fn the_bound_switches_from_bandwidth_to_loss_limited_at_12_ms_for_1500_bytes() {
    // B_GE·RTT = MTU/√p ⇔ RTT = 1500·8 / (1e-3 · 1e9) = 12 ms (stated in §3.3.2).
    let knee = loss_knee_rtt_s(1500, GBPS, SQRT_P);
    assert!((knee - 0.012).abs() < 1e-15, "{knee}");
    let net = |rtt| network_term_s_per_bit(GBPS, rtt, SQRT_P, 1500, &corrected());
    // Below the knee the network term is 1/B_GE, whatever the RTT ...
    assert_eq!(net(0.12e-3), 1.0 / GBPS);
    assert_eq!(net(11.9e-3), 1.0 / GBPS);
    // ... above it, √p·RTT/MTU, growing with RTT.
    assert!(net(12.1e-3) > 1.0 / GBPS);
    assert!((net(24e-3) * GBPS - 2.0).abs() < 1e-12);
    let b = |rtt| host_bound_bps(&p4(), GBPS, rtt, SQRT_P, 1500, &corrected());
    assert_eq!(b(1e-3), b(12e-3));
    assert!(b(12.5e-3) < b(12e-3));
}

#[test]
fn the_knee_moves_to_72_ms_for_9000_bytes() {
    assert!((loss_knee_rtt_s(9000, GBPS, SQRT_P) - 0.072).abs() < 1e-15);
}

#[test]
fn beyond_the_knee_the_bound_approaches_the_conventional_window_bound() {
    // Eq. 3.46: the bound stays below cwnd/RTT and reaches it as B_FSB, B_PCI → ∞.
    let free = HostParams::default();
    for rtt in [20e-3, 100e-3, 1.0] {
        let cwnd_bytes = 1500.0 / SQRT_P;
        let conventional = window_bound_bps(cwnd_bytes, rtt);
        let with_host = host_bound_bps(&p4(), GBPS, rtt, SQRT_P, 1500, &corrected());
        let ideal_host = host_bound_bps(&free, GBPS, rtt, SQRT_P, 1500, &corrected());
        assert!(with_host < conventional);
        assert!((ideal_host / conventional - 1.0).abs() < 1e-12);
    }
}

#[test]
fn the_corrected_bound_never_exceeds_the_link_rate() {
    for mtu in mtu_grid() {
        for rtt in log_grid(1e-4, 1.0, 9) {
            for host in [p4(), pentium_d(), HostParams::default()] {
                let b = host_bound_bps(&host, GBPS, rtt, SQRT_P, mtu, &corrected());
                assert!(b <= GBPS * (1.0 + 1e-12), "{mtu} {rtt} {b}");
            }
        }
    }
}

#[test]
fn the_printed_min_form_exceeds_the_link_rate_at_small_rtt() {
    // Paper 000's equations: 1811 Mb/s (Non-TOE) and 6512 Mb/s (TOE) at MTU 1500, RTT 0.12 ms.
    let non_toe = host_bound_bps(&p4(), GBPS, 0.12e-3, SQRT_P, 1500, &printed());
    let toe = host_bound_bps(&pentium_d(), GBPS, 0.12e-3, SQRT_P, 1500, &printed());
    assert!((mbps(non_toe) - 1811.0).abs() < 1.0, "{}", mbps(non_toe));
    assert!((mbps(toe) - 6512.0).abs() < 3.0, "{}", mbps(toe));
}

#[test]
fn the_printed_fragmentation_factor_is_2_at_mtu_500_and_1_from_1000() {
    assert_eq!(fragmentation_alpha(500, THESIS_MSS_BYTES), 2.0);
    assert_eq!(fragmentation_alpha(1000, THESIS_MSS_BYTES), 1.0);
    assert_eq!(fragmentation_alpha(9000, THESIS_MSS_BYTES), 1.0);
    // Applied as printed, α = 2 halves the network term (errata item 2).
    let opts = HostBoundOptions {
        fixed_mss_bytes: Some(THESIS_MSS_BYTES),
        ..corrected()
    };
    let net = network_term_s_per_bit(GBPS, 0.12e-3, SQRT_P, 500, &opts);
    assert_eq!(net, 0.5 / GBPS);
}

// ---- eq. 3.47: offload helps, most at small MTU ----

#[test]
fn offload_raises_the_bound_and_most_at_small_mtu() {
    let mut off = pentium_d();
    off.offload = false;
    let on = pentium_d();
    let gain = |mtu| {
        host_bound_bps(&on, GBPS, 0.12e-3, SQRT_P, mtu, &corrected())
            / host_bound_bps(&off, GBPS, 0.12e-3, SQRT_P, mtu, &corrected())
    };
    let gains: Vec<f64> = [500, 1500, 4500, 9000, 16000].map(gain).to_vec();
    assert!(gains.iter().all(|&g| g > 1.0), "{gains:?}");
    assert!(gains.windows(2).all(|w| w[0] > w[1]), "{gains:?}");
    // Same for the P4 host's numbers with an offload engine added.
    let mut p4_toe = p4();
    p4_toe.offload = true;
    let g = |mtu| {
        host_bound_bps(&p4_toe, GBPS, 0.12e-3, SQRT_P, mtu, &corrected())
            / host_bound_bps(&p4(), GBPS, 0.12e-3, SQRT_P, mtu, &corrected())
    };
    assert!(g(1500) > g(9000) && g(9000) > 1.0);
}

// ---- Table 3.1 ----

#[test]
fn table_3_1_ratios_at_mtu_1500_6000_9000() {
    // The table does not state its parameters. A least-squares fit of
    // 1/r − 1 = 2·B_GE/B_FSB + t_L·B_GE/MTU to its three entries gives
    // B_FSB ≈ 4.07 Gb/s and t_L ≈ 9.8 µs (paper 000's equations) — the loopback values
    // B_int ≈ 4.0–4.2 Gb/s and t_L ≈ 9.4 µs of eq. 3.53.
    let (fsb, t_l) = (4.065e9, 9.79e-6);
    for (mtu, want) in [(1500, 0.433), (6000, 0.594), (9000, 0.610)] {
        let r = table_3_1_ratio(GBPS, fsb, t_l, mtu);
        assert!((r - want).abs() <= 0.005, "MTU {mtu}: {r:.4} vs {want}");
    }
    // The Fig. 3.9 numbers do not reproduce the table (0.71 / 0.75 / 0.76).
    let r = table_3_1_ratio(GBPS, 6.5e9, 1.2e-6, 1500);
    assert!((r - 0.71).abs() < 0.01, "{r}");
}

// ---- conventional bounds (algorithms.md §0.2) ----

#[test]
fn mathis_example_gives_14_3_mbps() {
    let b = mathis_bps(1460.0, 0.1, 1e-4, MATHIS_C_EVERY_ACK);
    assert!((mbps(b) - 14.3).abs() < 0.05, "{}", mbps(b));
    let delayed = mathis_bps(1460.0, 0.1, 1e-4, MATHIS_C_DELAYED_ACK);
    assert!((delayed / b - 1.0 / 2f64.sqrt()).abs() < 1e-12);
    assert_eq!(
        mathis_bps(1460.0, 0.1, 0.0, MATHIS_C_EVERY_ACK),
        f64::INFINITY
    );
}

#[test]
fn pftk_reference_values() {
    // RTT 0.1 s, T0 0.2 s, b = 2: 866, 273, 83, 31 packets/s.
    for (p, want) in [(1e-4, 866.0), (1e-3, 273.0), (1e-2, 83.0), (5e-2, 31.0)] {
        let pkts = pftk_bps(1.0, 0.1, p, 0.2, 2.0, f64::INFINITY) / 8.0;
        assert!((pkts - want).abs() < 1.0, "p {p}: {pkts}");
    }
    // The window term caps it.
    let capped = pftk_bps(1000.0, 0.1, 1e-4, 0.2, 2.0, 10.0);
    assert_eq!(capped, 10.0 / 0.1 * 1000.0 * 8.0);
}

#[test]
fn window_bound_is_one_window_per_round_trip() {
    // 1 Gb/s × 100 ms = 12.5 MB fills the pipe.
    assert_eq!(window_bound_bps(12.5e6, 0.1), 1e9);
}

// ---- curves ----

#[test]
fn curves_over_mtu_and_rtt_have_one_point_per_x() {
    let mtus = mtu_grid();
    assert_eq!(mtus.first(), Some(&500));
    assert_eq!(mtus.last(), Some(&16000));
    let c = host_bound_over_mtu(&p4(), GBPS, 0.12e-3, SQRT_P, &mtus, &corrected());
    assert_eq!(c.len(), 32);
    assert!(c.windows(2).all(|w| w[1].y >= w[0].y), "rises with MTU");
    let rtts = log_grid(1e-4, 1.0, 41);
    assert!((rtts[0] - 1e-4).abs() < 1e-18 && (rtts[40] - 1.0).abs() < 1e-12);
    let r = host_bound_over_rtt(&p4(), GBPS, SQRT_P, 1500, &rtts, &corrected());
    assert_eq!(r.len(), 41);
    assert!(r.windows(2).all(|w| w[1].y <= w[0].y), "falls with RTT");
    let m = curve(&rtts, |rtt| {
        mathis_bps(1460.0, rtt, 1e-6, MATHIS_C_EVERY_ACK)
    });
    assert_eq!(m.len(), 41);
}

// ---- a scenario's bounds ----

fn default_scenario() -> Scenario {
    parse_scenario(include_str!("../../../../content/scenarios/default.json")).unwrap()
}

#[test]
fn bounds_of_the_default_scenario() {
    let s = default_scenario();
    let b = flow_bounds(&s, 0, &BoundConditions::default()).unwrap();
    assert_eq!(b.mtu_bytes, 1500);
    assert_eq!(b.bottleneck_bps, 20e6);
    // 2·(1 + 19) ms + 1500 B at 1 Gb/s and 20 Mb/s + a 40-B ACK back.
    let rtt = 0.040 + 12e-6 + 600e-6 + 0.32e-6 + 16e-6;
    assert!((b.base_rtt_s - rtt).abs() < 1e-12, "{}", b.base_rtt_s);
    let goodput = 20e6 * 1460.0 / 1500.0;
    assert!((b.link_bps - goodput).abs() < 1e-6);
    // Ideal receiver: the host bound is the link; no loss, no window: no other limit.
    assert!((b.host_bound_bps - goodput).abs() < 1e-6);
    assert!((b.receiver_capacity_bps - goodput).abs() < 1e-6);
    assert_eq!(b.mathis_bps, f64::INFINITY);
    assert_eq!(b.window_bps, f64::INFINITY);
    let json = crate::scenario::to_json(&b);
    assert!(json.contains("\"mathis_bps\":null"), "{json}");
}

/// A delay box that delays one direction only (`reverse.delay_ms`, as netem
/// on one interface; paper 002's presets) adds its delay once to the round trip.
#[test]
fn a_one_way_delay_counts_once_in_the_round_trip() {
    let mut s = default_scenario();
    s.topology.links[1].reverse = Some(crate::scenario::DirectionOverride {
        delay_ms: Some(0.5),
        ..Default::default()
    });
    let b = flow_bounds(&s, 0, &BoundConditions::default()).unwrap();
    // 2·1 ms + (19 + 0.5) ms + the same serialisation as above.
    let rtt = 0.0215 + 12e-6 + 600e-6 + 0.32e-6 + 16e-6;
    assert!((b.base_rtt_s - rtt).abs() < 1e-12, "{}", b.base_rtt_s);
}

#[test]
fn a_slow_receiver_lowers_the_scenarios_host_bound() {
    let mut s = default_scenario();
    for l in &mut s.topology.links {
        l.rate_bps = 1e9;
        l.delay_ms = 0.03;
    }
    s.topology.nodes[2].host = Some(crate::scenario::HostSpec {
        preset: HostPreset::P4Pci,
        ..Default::default()
    });
    let cond = BoundConditions {
        loss_p: 1e-6,
        ..BoundConditions::default()
    };
    let b = flow_bounds(&s, 0, &cond).unwrap();
    let payload = 1460.0 / 1500.0;
    assert!((b.host_bound_bps / payload / 1e6 - 648.4).abs() < 0.5);
    assert!((b.receiver_capacity_bps - b.host_bound_bps).abs() < 1e-6 * b.host_bound_bps);
    assert!(b.mathis_bps.is_finite() && b.pftk_bps.is_finite());
    assert!(flow_bounds(&s, 7, &cond).is_none());
}

// ---- bounds that mean what they say ----

#[test]
fn pftk_needs_a_loss_rate() {
    // Without loss PFTK's formula is only its window term, the window bound's job.
    assert_eq!(pftk_bps(1460.0, 0.04, 0.0, 0.2, 1.0, 10.0), f64::INFINITY);
    assert_eq!(
        pftk_bps(1460.0, 0.04, 0.0, 0.2, 1.0, f64::INFINITY),
        f64::INFINITY
    );
}

#[test]
fn the_default_buffers_set_no_window_bound() {
    // 1 GiB buffers (the default) are TCP's largest window: no limit, not 200 Gb/s.
    let s = default_scenario();
    let cond = BoundConditions::for_flow(&s, 0).unwrap();
    assert_eq!(cond.window_bytes, None);
    let b = flow_bounds(&s, 0, &cond).unwrap();
    assert_eq!(b.window_bps, f64::INFINITY);
    assert_eq!(b.pftk_bps, f64::INFINITY);
    assert_eq!(b.mathis_bps, f64::INFINITY);
    // A buffer one byte under TCP's largest window is a window bound again.
    let mut small = s.clone();
    small.flows[0].tcp.receive_buffer_bytes = TCP_MAX_WINDOW_BYTES - 1;
    let cond = BoundConditions::for_flow(&small, 0).unwrap();
    assert_eq!(cond.window_bytes, Some((TCP_MAX_WINDOW_BYTES - 1) as f64));
}

#[test]
fn measured_loss_counts_congestion_signals_per_segment_sent() {
    assert_eq!(measured_loss_rate(0, 0, 1000), None);
    assert_eq!(measured_loss_rate(3, 1, 0), None);
    assert_eq!(measured_loss_rate(3, 1, 1000), Some(0.004));
}

#[test]
fn a_finished_run_gives_mathis_and_pftk_at_its_measured_loss_rate() {
    // The default flow loses packets only to its drop-tail queue: no loss rate is known before
    // the run, one is measured after it, and Mathis at that rate is of the order of what the
    // flow got (its base RTT leaves out the queueing delay, so it lies above).
    let s = default_scenario();
    let mut w = crate::world::World::new(&s);
    w.run();
    let f = &w.summary().flows[0];
    let b = f.bounds.as_ref().unwrap();
    assert_eq!(b.loss_p, 0.0);
    assert_eq!(b.mathis_bps, f64::INFINITY);
    let p = b.measured_loss_p.expect("the default run loses packets");
    assert!(p > 1e-4 && p < 1e-2, "p {p}");
    assert!(b.mathis_measured_bps.is_finite() && b.pftk_measured_bps.is_finite());
    let ratio = b.mathis_measured_bps / f.goodput_bps;
    assert!(ratio > 0.8 && ratio < 4.0, "Mathis / goodput {ratio}");
    assert!(b.pftk_measured_bps <= b.mathis_measured_bps * 1.2);
    assert!(
        !crate::scenario::to_json(b).contains("\"conditions\""),
        "internal conditions stay out of the JSON"
    );
}

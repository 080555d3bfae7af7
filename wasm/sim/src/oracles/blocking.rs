//! Blocking probability of a finite FIFO fed by Poisson UDP arrivals, run
//! through the world (a DropTail of limit K − 1 plus the packet on the
//! wire holds K). The oracle is the M/G/1/K loss probability for the
//! service time the simulation actually has: a UDP datagram is 28 header
//! bytes plus the payload, so with exponential payloads the service is
//! S = (28 + X)·8/C, a shifted exponential, not an exponential; with fixed
//! payloads it is deterministic (M/D/1/K). The M/M/1/K closed form
//! P_K = (1 − ρ)ρ^K/(1 − ρ^(K+1)) is what the solver gives with no header.
//!
//! Method (Gross & Harris, Fundamentals of Queueing Theory, §5.1.2 "M/G/1/K"):
//! the queue left behind by departures is a Markov chain on 0…K−1 driven
//! by a_k = P(k arrivals during one service); with its stationary law π,
//! the time-average probability of a full system is P_K = 1 − 1/(π_0 + ρ),
//! and by PASTA that is the fraction of arrivals blocked.

use super::build::run;
use super::{Case, Row};
use crate::scenario::parse_scenario_without_work_limits as parse_scenario;
use serde_json::json;

pub fn cases() -> Vec<Case> {
    vec![Case {
        name: "mm1k-blocking",
        run: blocking,
    }]
}

const RATE: f64 = 10e6;
const HEADERS: f64 = 28.0;
const PAYLOAD: f64 = 972.0;

/// P(k Poisson(λ) arrivals in a service of d + Exp(mean e)) for k < n:
/// Poisson(λd) convolved with the geometric count during the exponential.
fn arrivals_in_service(lambda: f64, d: f64, e: f64, n: usize) -> Vec<f64> {
    let mut poisson = vec![0.0; n];
    let mut p = libm::exp(-lambda * d);
    for (j, slot) in poisson.iter_mut().enumerate() {
        *slot = p;
        p *= lambda * d / (j + 1) as f64;
    }
    if e == 0.0 {
        return poisson;
    }
    let q = lambda * e / (1.0 + lambda * e); // P(one more arrival before the exponential ends)
    let geometric: Vec<f64> = (0..n).map(|j| (1.0 - q) * libm::pow(q, j as f64)).collect();
    (0..n)
        .map(|k| (0..=k).map(|j| poisson[j] * geometric[k - j]).sum())
        .collect()
}

/// Blocking probability of M/G/1/K with `a` = P(k arrivals per service)
/// and offered load ρ = λE[S].
fn mg1k_blocking(a: &[f64], rho: f64, k: usize) -> f64 {
    // Transition matrix of the departure chain on 0..k−1.
    let n = k;
    let mut m = vec![vec![0.0; n]; n];
    for (i, row) in m.iter_mut().enumerate() {
        let base = i.saturating_sub(1); // left behind before the arrivals
        let mut left = 1.0;
        for (j, cell) in row.iter_mut().enumerate().take(n - 1).skip(base) {
            *cell = a[j - base];
            left -= a[j - base];
        }
        row[n - 1] = left.max(0.0);
    }
    // π = πM with Σπ = 1: replace one balance equation by the normalisation
    // and solve by Gaussian elimination with partial pivoting.
    let mut sys = vec![vec![0.0; n + 1]; n];
    for (j, eq) in sys.iter_mut().enumerate() {
        for (i, row) in m.iter().enumerate() {
            eq[i] = row[j] - if i == j { 1.0 } else { 0.0 };
        }
    }
    sys[n - 1] = vec![1.0; n + 1];
    for c in 0..n {
        let p = (c..n)
            .max_by(|&x, &y| sys[x][c].abs().total_cmp(&sys[y][c].abs()))
            .expect("rows");
        sys.swap(c, p);
        let pivot = sys[c].clone();
        for (r, row) in sys.iter_mut().enumerate() {
            if r != c {
                let f = row[c] / pivot[c];
                for (v, pv) in row.iter_mut().zip(&pivot).skip(c) {
                    *v -= f * pv;
                }
            }
        }
    }
    let pi0 = sys[0][n] / sys[0][0];
    1.0 - 1.0 / (pi0 + rho)
}

/// Poisson UDP at load ρ (of mean wire size) into a 10 Mb/s DropTail of
/// K − 1 packets; returns (blocked fraction, oracle).
fn run_case(rho: f64, k: usize, exponential: bool) -> (f64, f64) {
    let wire = HEADERS + PAYLOAD;
    let lambda = rho * RATE / (wire * 8.0);
    let packets = 1e6;
    let doc = json!({
        "version": 1, "name": "blocking", "seed": 9, "duration_s": packets / lambda,
        "sample_interval_ms": 1000,
        "topology": {
            "nodes": [{"id": "src", "kind": "host"}, {"id": "r", "kind": "router"}, {"id": "dst", "kind": "host"}],
            "links": [
                {"id": "access", "a": "src", "b": "r", "rate_bps": 1e12, "delay_ms": 0, "mtu_bytes": 65535,
                 "queue": {"kind": "drop_tail", "limit_packets": 10000000}},
                {"id": "bottleneck", "a": "r", "b": "dst", "rate_bps": RATE, "delay_ms": 0, "mtu_bytes": 65535,
                 "queue": {"kind": "drop_tail", "limit_packets": k - 1}}
            ]
        },
        "flows": [{"id": "poisson", "src": "src", "dst": "dst", "protocol": "udp",
                   "source": {"kind": "poisson", "rate_bps": rho * RATE,
                              "packet_bytes": PAYLOAD as u32, "exponential_sizes": exponential}}]
    });
    let s = parse_scenario(&doc.to_string()).expect("valid");
    let (w, _) = run(&s);
    let f = &w.summary().flows[0];
    let blocked = 1.0 - f.udp_received_packets as f64 / f.udp_sent_packets as f64;
    // Service: d = 28 header bytes (or the whole datagram) at C, plus an
    // exponential payload time of mean 972·8/C.
    let (d, e) = if exponential {
        (HEADERS * 8.0 / RATE, PAYLOAD * 8.0 / RATE)
    } else {
        (wire * 8.0 / RATE, 0.0)
    };
    let a = arrivals_in_service(lambda, d, e, k + 1);
    (blocked, mg1k_blocking(&a, lambda * (d + e), k))
}

fn blocking() -> Vec<Row> {
    let mut rows = Vec::new();
    for (rho, k) in [(0.9, 10), (1.5, 5)] {
        let (m, o) = run_case(rho, k, true);
        rows.push(Row::relative(
            format!("M/G/1/K blocking, ρ={rho}, K={k}, exp. payload + 28 B header"),
            m,
            o,
            0.03,
        ));
        let (m, o) = run_case(rho, k, false);
        rows.push(Row::relative(
            format!("M/D/1/K blocking, ρ={rho}, K={k}, fixed 1000 B datagrams"),
            m,
            o,
            0.03,
        ));
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    /// M/M/1/K: (1 − ρ)ρ^K / (1 − ρ^(K+1)).
    fn mm1k_blocking(rho: f64, k: usize) -> f64 {
        (1.0 - rho) * libm::pow(rho, k as f64) / (1.0 - libm::pow(rho, (k + 1) as f64))
    }

    #[test]
    fn with_no_header_the_solver_gives_the_mm1k_formula() {
        for (rho, k) in [(0.5, 3), (0.9, 10), (1.5, 5), (0.99, 20)] {
            let lambda = 1000.0;
            let e = rho / lambda;
            let a = arrivals_in_service(lambda, 0.0, e, k + 1);
            let got = mg1k_blocking(&a, rho, k);
            let want = mm1k_blocking(rho, k);
            assert!(
                (got - want).abs() < 1e-12 * want.max(1.0),
                "{rho} {k}: {got} {want}"
            );
        }
    }

    #[test]
    fn md1k_blocking_is_below_mm1k_at_the_same_load() {
        let (lambda, rho, k) = (1000.0, 0.9, 10);
        let a = arrivals_in_service(lambda, rho / lambda, 0.0, k + 1);
        assert!(mg1k_blocking(&a, rho, k) < mm1k_blocking(rho, k));
    }
}

//! When each flow opens: its `start_s`, plus a uniform draw in
//! [0, `start_jitter_s`) when it has a random start. The draw comes from a
//! stream of its own, named after the flow's id ("start:<id>", see
//! `engine::rng`), so giving one flow a random start moves no other random
//! draw of the run, and a flow without one draws nothing.

use super::Scenario;
use crate::engine::rng::Rng;

/// The time flow `fi` opens, seconds after the start of the run.
pub fn flow_start_s(s: &Scenario, fi: usize) -> f64 {
    let f = &s.flows[fi];
    if f.start_jitter_s > 0.0 {
        let u = Rng::for_component(s.seed as u64, &format!("start:{}", f.id)).uniform();
        f.start_s + u * f.start_jitter_s
    } else {
        f.start_s
    }
}

/// The latest time a flow can open: `start_s` + `start_jitter_s` (the bound the
/// draw stays below).
pub fn latest_start_s(f: &super::Flow) -> f64 {
    f.start_s + f.start_jitter_s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::topology::bulk_flow;

    fn scenario(seed: u32, jitter: &[f64]) -> Scenario {
        let json = serde_json::json!({
            "version": 1, "seed": seed, "duration_s": 10,
            "topology": {"nodes": [{"id": "a", "kind": "host"}, {"id": "b", "kind": "host"}],
                         "links": [{"id": "l", "a": "a", "b": "b", "rate_bps": 1e6, "delay_ms": 10}]},
            "flows": []
        });
        let mut s: Scenario = crate::scenario::from_json(&json.to_string()).unwrap();
        for (i, &j) in jitter.iter().enumerate() {
            let mut f = bulk_flow(&format!("f{i}"), "a", "b");
            f.start_s = 0.5;
            f.start_jitter_s = j;
            s.flows.push(f);
        }
        s
    }

    #[test]
    fn seeds_draw_different_starts_within_the_interval_and_repeat() {
        let starts: Vec<f64> = (1..=8)
            .map(|seed| flow_start_s(&scenario(seed, &[1.5]), 0))
            .collect();
        for &t in &starts {
            assert!((0.5..2.0).contains(&t), "{starts:?}");
        }
        let mut distinct = starts.clone();
        distinct.sort_by(f64::total_cmp);
        distinct.dedup();
        assert_eq!(distinct.len(), 8, "{starts:?}");
        // Spread over the interval, not bunched in one half of it.
        assert!(distinct[0] < 1.25 && distinct[7] > 1.25, "{starts:?}");
        for seed in 1..=8 {
            let again = flow_start_s(&scenario(seed, &[1.5]), 0);
            assert_eq!(again, starts[seed as usize - 1]);
        }
    }

    #[test]
    fn without_jitter_a_flow_opens_at_start_s_and_draws_move_no_other_flow() {
        let s = scenario(3, &[0.0, 1.5]);
        assert_eq!(flow_start_s(&s, 0), 0.5);
        // Flow f1's draw is its own: the same whether or not f0 draws too.
        let both = scenario(3, &[1.5, 1.5]);
        assert_eq!(flow_start_s(&both, 1), flow_start_s(&s, 1));
        assert_ne!(flow_start_s(&both, 0), flow_start_s(&both, 1));
    }
}

//! The presets in content/scenarios/: each is a valid scenario that runs,
//! and the seed papers' presets are built on the topologies the Rust
//! builders make (net::topology), so the two cannot drift apart.

mod common;

use sim::net::topology::{paper002_testbed, paper003_testbed, shape_host_egress};
use sim::scenario::{QueueSpec, Scenario};

fn presets() -> Vec<(String, Scenario)> {
    let dir = common::repo_root().join("content/scenarios");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("content/scenarios")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".json"))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|n| {
            let s = common::load(&format!("content/scenarios/{n}"));
            (n, s)
        })
        .collect()
}

#[test]
fn every_preset_is_valid_and_described() {
    let all = presets();
    assert!(all.len() >= 13, "{}", all.len());
    for (name, s) in &all {
        assert!(!s.name.is_empty(), "{name}: no name");
        assert!(s.description.len() > 40, "{name}: no description");
        if name.starts_with("paper") {
            assert!(
                s.description.contains("paper") && s.description.contains("This lab")
                    || s.description.contains("Here"),
                "{name}: say what the paper reported and what the lab shows"
            );
        }
    }
}

#[test]
fn every_preset_runs_its_first_moments_conserving_packets() {
    for (name, mut s) in presets() {
        s.duration_s = s.duration_s.min(0.3);
        s.name = name.clone();
        let (w, _) = sim::invariants::run_checked(&s, 50_000_000, u64::MAX);
        assert!(w.rows() > 0, "{name}");
    }
}

fn queue_of(s: &Scenario, link: &str) -> QueueSpec {
    s.topology
        .links
        .iter()
        .find(|l| l.id == link)
        .unwrap_or_else(|| panic!("no link {link}"))
        .queue
        .clone()
}

#[test]
fn paper_presets_use_the_builders_topologies() {
    for (name, s) in presets() {
        let built = if name.starts_with("paper002") {
            let mut senders: Vec<&str> = s
                .topology
                .nodes
                .iter()
                .filter(|n| {
                    n.id.starts_with("linux") && n.id != "linux3" || n.id.starts_with("windows")
                })
                .map(|n| n.id.as_str())
                .collect();
            senders.sort_by_key(|id| s.topology.nodes.iter().position(|n| n.id == *id));
            let delay = s
                .topology
                .links
                .iter()
                .find(|l| l.id == "delay-linux3")
                .expect("delay box")
                .delay_ms;
            paper002_testbed(&senders, delay, queue_of(&s, "codel-delay"), 0.05)
        } else if name.starts_with("paper003") {
            let c13 = s
                .topology
                .links
                .iter()
                .find(|l| l.id == "r3-r1")
                .map(|l| l.rate_bps);
            let mut t = paper003_testbed(queue_of(&s, "r1-r2"), c13);
            let sender = s.topology.links.iter().find(|l| l.id == "ws5-r3");
            if let Some(q @ QueueSpec::TokenBucket(_)) = sender.map(|l| &l.queue) {
                shape_host_egress(&mut t, "ws5-r3", q.clone());
            }
            t
        } else {
            continue;
        };
        assert_eq!(built, s.topology, "{name}");
    }
}

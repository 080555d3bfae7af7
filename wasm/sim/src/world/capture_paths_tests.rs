//! The path log on the default scenario (a plain FIFO bottleneck, whose
//! passages are known at enqueue) and with CoDel there (a qdisc, known when
//! the last bit leaves): every packet the sender puts on the wire crosses its
//! first link once, times never go back, drops are the capture's drops at
//! the same channel, the queue the records describe never holds more than the
//! buffer, and logging changes nothing about the run.

use super::super::capture::{CapturePoint, FIELDS, FLAG_OUTBOUND, RECORD_WIDTH};
use super::{PATH_FIELDS, PATH_WIDTH};
use crate::parse_scenario;
use crate::World;

const DEFAULT_FILE: &str = include_str!("../../../../content/scenarios/default.json");

fn default_json() -> String {
    let s = DEFAULT_FILE.replace(r#""duration_s": 20,"#, r#""duration_s": 4,"#);
    assert_ne!(s, DEFAULT_FILE);
    s
}

fn codel_json() -> String {
    let s = default_json().replace(
        r#""queue": { "kind": "drop_tail", "limit_packets": 50 }"#,
        r#""queue": { "kind": "codel", "limit_packets": 50 }"#,
    );
    assert_ne!(s, default_json());
    s
}

fn pf(name: &str) -> usize {
    PATH_FIELDS.iter().position(|f| *f == name).expect("field")
}
fn cf(name: &str) -> usize {
    FIELDS.iter().position(|f| *f == name).expect("field")
}

/// Run `json` with a capture of flow1 at its sender and the path log over
/// the whole run: the world, the capture's records and the log's.
fn logged(json: &str, log: bool) -> (World, Vec<f64>, Vec<f64>) {
    let mut w = World::new(&parse_scenario(json).expect("valid"));
    w.capture("flow1", CapturePoint::Sender).expect("flow1");
    if log {
        w.log_paths(0, u64::MAX);
    }
    let (mut caps, mut paths) = (Vec::new(), Vec::new());
    loop {
        let done = w.advance(w.now() + 200_000_000, u64::MAX);
        caps.extend(w.drain_packets());
        paths.extend(w.drain_paths());
        if done {
            break;
        }
    }
    assert_eq!(w.paths_missed(), 0);
    (w, caps, paths)
}

fn check(json: &str) {
    let (w, caps, paths) = logged(json, true);
    assert!(!paths.is_empty() && paths.len() % PATH_WIDTH == 0);
    let channels = w.channel_ids().to_vec();
    let ch = |id: &str| channels.iter().position(|c| c == id).expect("channel") as f64;
    let first = ch("access:a>b");
    let bottleneck = ch("bottleneck:a>b");
    let (channel, uid, enq, start, done, arrive, reason) = (
        pf("channel"),
        pf("uid"),
        pf("enqueued_ns"),
        pf("start_ns"),
        pf("done_ns"),
        pf("arrive_ns"),
        pf("drop_reason"),
    );
    // Times never go back along a passage.
    for r in paths.chunks_exact(PATH_WIDTH) {
        assert!(r[enq] <= r[start], "{r:?}");
        if r[done] >= 0.0 {
            assert!(r[start] < r[done], "{r:?}");
        }
        if r[arrive] >= 0.0 {
            assert!(r[done] < r[arrive] && r[reason] < 0.0, "{r:?}");
        } else {
            assert!(
                r[reason] >= 0.0,
                "a passage that neither arrived nor was dropped: {r:?}"
            );
        }
    }
    // What the sender put on the wire crosses its first link, each packet once.
    let mut sent: Vec<u64> = caps
        .chunks_exact(RECORD_WIDTH)
        .filter(|r| r[cf("flags")] as u32 & FLAG_OUTBOUND != 0 && r[cf("kind")] != 6.0)
        .map(|r| r[cf("uid")] as u64)
        .collect();
    let mut crossed: Vec<u64> = paths
        .chunks_exact(PATH_WIDTH)
        .filter(|r| r[channel] == first && r[pf("flow")] == 0.0)
        .map(|r| r[uid] as u64)
        .collect();
    sent.sort_unstable();
    crossed.sort_unstable();
    assert!(!sent.is_empty());
    assert_eq!(sent, crossed);
    // The log's drops are the capture's, at the same channels.
    let mut cap_drops: Vec<(u64, u64)> = caps
        .chunks_exact(RECORD_WIDTH)
        .filter(|r| r[cf("kind")] == 6.0)
        .map(|r| (r[cf("uid")] as u64, r[cf("channel")] as u64))
        .collect();
    let mut log_drops: Vec<(u64, u64)> = paths
        .chunks_exact(PATH_WIDTH)
        .filter(|r| r[reason] >= 0.0)
        .map(|r| (r[uid] as u64, r[channel] as u64))
        .collect();
    cap_drops.sort_unstable();
    log_drops.sort_unstable();
    assert!(!log_drops.is_empty(), "the bottleneck drops in slow start");
    assert_eq!(cap_drops, log_drops);
    // The bottleneck queue the records describe: +1 at enqueue, −1 at the
    // start of transmission (or the drop); never above its 50 packets, and full at the overflow.
    let mut steps: Vec<(f64, i32)> = paths
        .chunks_exact(PATH_WIDTH)
        .filter(|r| r[channel] == bottleneck && r[start] > r[enq])
        .flat_map(|r| [(r[enq], 1), (r[start], -1)])
        .collect();
    steps.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    let (mut held, mut most) = (0, 0);
    for (_, d) in steps {
        held += d;
        most = most.max(held);
        assert!(held >= 0);
    }
    assert!(
        (40..=50).contains(&most),
        "bottleneck queue peaked at {most}"
    );
}

#[test]
fn passages_on_a_fifo_link_match_the_capture() {
    check(&default_json());
}

#[test]
fn passages_through_a_qdisc_match_the_capture() {
    check(&codel_json());
}

#[test]
fn the_path_log_changes_nothing_about_the_run() {
    let (a, _, _) = logged(&default_json(), false);
    let (b, _, _) = logged(&default_json(), true);
    assert_eq!(a.trace_hash(), b.trace_hash());
}

#[test]
fn a_window_keeps_only_the_passages_that_overlap_it() {
    let mut w = World::new(&parse_scenario(&default_json()).expect("valid"));
    w.log_paths(1_000_000_000, 1_100_000_000);
    w.run();
    let rows = w.drain_paths();
    assert!(!rows.is_empty());
    for r in rows.chunks_exact(PATH_WIDTH) {
        let end = [r[pf("arrive_ns")], r[pf("done_ns")], r[pf("start_ns")]]
            .into_iter()
            .find(|t| *t >= 0.0)
            .expect("an end");
        assert!(r[pf("enqueued_ns")] <= 1.1e9 && end >= 1e9, "{r:?}");
    }
}

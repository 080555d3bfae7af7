//! Throughput over blocks of delivered bytes, paper 001's measure (§5.2, Fig. 5): "each
//! time another megabyte has been received, the time taken to receive that last megabyte is
//! measured", from the start of the transfer. A run whose paper file gives `block_bytes` is
//! stepped one event at a time so that each block ends at the event that delivered its last
//! byte, not at a trace sample.

use serde_json::Value;
use sim::engine::time::to_secs;
use sim::scenario::flow_start_s;
use sim::{Scenario, World};

/// Run `world` (built from `s`) to its end; for each flow, the goodput in b/s over each
/// whole block of `block_bytes` delivered in order, timed from the flow's start (its
/// `start_s`, plus its draw when it has a random start).
pub fn run_timing_blocks(
    world: &mut World,
    s: &Scenario,
    block_bytes: u64,
) -> Result<Vec<Vec<f64>>, String> {
    let n = s.flows.len();
    let mut since: Vec<f64> = (0..s.flows.len()).map(|i| flow_start_s(s, i)).collect();
    let mut next = vec![block_bytes; n];
    let mut out = vec![Vec::new(); n];
    while let Some(ev) = world.next_event() {
        world.advance(ev.time, 1);
        let now = to_secs(ev.time);
        for (i, &delivered) in world.delivered_bytes().iter().enumerate() {
            while delivered >= next[i] {
                let took = now - since[i];
                if took <= 0.0 {
                    return Err(format!(
                        "block_bytes: a block of {block_bytes} B of flow {} ended in the same \
                         instant as the one before it ({now} s); give larger blocks",
                        s.flows[i].id
                    ));
                }
                out[i].push(block_bytes as f64 * 8.0 / took);
                since[i] = now;
                next[i] += block_bytes;
            }
        }
    }
    world.run();
    Ok(out)
}

/// Add each flow's blocks to its summary as `flows[i].block_goodput_bps`.
pub fn add_to_summary(summary: &mut Value, blocks: Vec<Vec<f64>>) {
    if let Some(flows) = summary.get_mut("flows").and_then(Value::as_array_mut) {
        for (f, b) in flows.iter_mut().zip(blocks) {
            f["block_goodput_bps"] = b.into();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scenario() -> Scenario {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../content/scenarios/paper001-window-200ms.json"
        ))
        .unwrap();
        sim::parse_scenario(&text).unwrap()
    }

    #[test]
    fn blocks_cover_the_delivered_bytes_and_leave_the_run_as_it_was() {
        let s = scenario();
        let mut plain = World::new(&s);
        plain.run();
        let mut stepped = World::new(&s);
        let blocks = run_timing_blocks(&mut stepped, &s, 1_000_000).unwrap();
        let (a, b) = (plain.summary(), stepped.summary());
        assert_eq!(a, b, "stepping one event at a time changed the run");
        let delivered = a.flows[0].delivered_bytes;
        assert_eq!(blocks[0].len() as u64, delivered / 1_000_000);
        // The blocks' times add up to when the last whole block ended, within the run.
        let total: f64 = blocks[0].iter().map(|g| 8e6 / g).sum();
        assert!(total > 0.0 && total <= s.duration_s, "{total}");
        // No block beats the 10 Mb/s Ethernet the data crosses.
        assert!(blocks[0].iter().all(|&g| g > 0.0 && g < 10e6), "{blocks:?}");
    }

    #[test]
    fn a_block_delivered_in_one_instant_is_refused() {
        let s = scenario();
        let e = run_timing_blocks(&mut World::new(&s), &s, 1).unwrap_err();
        assert!(
            e.starts_with("block_bytes: a block of 1 B of flow transfer"),
            "{e}"
        );
    }

    #[test]
    fn blocks_join_each_flows_summary() {
        let mut v = serde_json::json!({"flows": [{"id": "a"}, {"id": "b"}]});
        add_to_summary(&mut v, vec![vec![1.0, 2.0], vec![]]);
        assert_eq!(
            grading::check::metric(&v, "max:flows[a].block_goodput_bps[*]").unwrap(),
            2.0
        );
        assert_eq!(v["flows"][1]["block_goodput_bps"], serde_json::json!([]));
    }
}

//! Strict priority (Linux sch_prio): one FIFO per priority level, each with
//! its own packet limit; the link always serves the highest non-empty level
//! (0 first), so a busy high level starves the lower ones.

use super::check::QueueCheck;
use super::registry::QueueParams;
use super::{DropReason, LinkInfo, Qdisc, QueueCtx};
use crate::error::{ErrorCode as E, ValidationError};
use crate::packet::Packet;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::collections::VecDeque;

/// Priority levels 0 (served first) to 7.
pub const LEVELS: usize = 8;

pub struct Priority {
    limit: usize,
    level_of: Vec<u8>,
    default_level: u8,
    bands: [VecDeque<Packet>; LEVELS],
    bytes: u64,
    drops: [u64; LEVELS],
}

impl Priority {
    pub fn new(s: &PrioritySpec, link: &LinkInfo) -> Self {
        let mut level_of = vec![s.default_priority; link.flow_ids.len()];
        for fp in &s.priorities {
            if let Some(i) = link.flow_index(&fp.flow) {
                level_of[i as usize] = fp.priority;
            }
        }
        Priority {
            limit: s.limit_packets as usize,
            level_of,
            default_level: s.default_priority,
            bands: Default::default(),
            bytes: 0,
            drops: [0; LEVELS],
        }
    }

    fn level(&self, flow: u32) -> usize {
        let l = self
            .level_of
            .get(flow as usize)
            .copied()
            .unwrap_or(self.default_level);
        (l as usize).min(LEVELS - 1)
    }
}

impl super::Registered for Priority {
    type Spec = PrioritySpec;
    fn build(s: &PrioritySpec, link: &LinkInfo) -> Self {
        Priority::new(s, link)
    }
}

impl Qdisc for Priority {
    fn enqueue(&mut self, mut pkt: Packet, ctx: &mut QueueCtx) {
        let l = self.level(pkt.flow);
        if self.bands[l].len() >= self.limit {
            self.drops[l] += 1;
            ctx.drop(pkt, DropReason::Overflow);
            return;
        }
        pkt.enqueued_at = ctx.now;
        self.bytes += pkt.size as u64;
        self.bands[l].push_back(pkt);
    }

    fn dequeue(&mut self, _ctx: &mut QueueCtx) -> Option<Packet> {
        let p = self.bands.iter_mut().find_map(|b| b.pop_front())?;
        self.bytes -= p.size as u64;
        Some(p)
    }

    fn len_packets(&self) -> usize {
        self.bands.iter().map(|b| b.len()).sum()
    }

    fn len_bytes(&self) -> u64 {
        self.bytes
    }

    fn metric_names(&self) -> &'static [&'static str] {
        &[
            "level0_packets",
            "level1_packets",
            "level2_packets",
            "level3_packets",
            "level4_packets",
            "level5_packets",
            "level6_packets",
            "level7_packets",
        ]
    }

    fn metric_units(&self) -> &'static [&'static str] {
        &["packets"; 8]
    }

    fn metrics(&self, out: &mut Vec<f64>) {
        out.extend(self.bands.iter().map(|b| b.len() as f64));
    }
}

// ---- parameters (the `QueueSpec` variant's content; defaults, ranges, doc strings) ----

/// A flow's priority level.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct FlowPriority {
    /// A flow id.
    pub flow: String,
    /// 0 is served first, 7 last.
    pub priority: u8,
}

/// Strict-priority parameters (Linux prio: a FIFO per band).
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct PrioritySpec {
    /// Capacity of each priority level's FIFO in packets (1000).
    pub limit_packets: u32,
    /// Levels of particular flows.
    pub priorities: Vec<FlowPriority>,
    /// Level of every flow not listed (1).
    pub default_priority: u8,
}

impl Default for PrioritySpec {
    fn default() -> Self {
        PrioritySpec {
            limit_packets: 1000,
            priorities: Vec::new(),
            default_priority: 1,
        }
    }
}

impl QueueParams for PrioritySpec {
    fn check(&self, c: &mut QueueCheck) {
        let s = self;
        let flows = c.link().flows;
        c.packets("limit_packets", s.limit_packets);
        let mut seen = BTreeSet::new();
        for (i, fp) in s.priorities.iter().enumerate() {
            let p = format!("priorities[{i}]");
            c.flow(&format!("{p}.flow"), &fp.flow, flows);
            if !seen.insert(fp.flow.clone()) {
                let e = ValidationError::at(c.path(&format!("{p}.flow")), E::FlowListedTwice)
                    .with("flow", &fp.flow);
                c.push(e);
            }
            if fp.priority > 7 {
                c.outside(&format!("{p}.priority"), 0u32, 7u32, fp.priority, "");
            }
        }
        if s.default_priority > 7 {
            c.outside("default_priority", 0u32, 7u32, s.default_priority, "");
        }
    }
    fn limits(&self) -> (Option<u64>, Option<u64>) {
        // Each priority level has its own FIFO of limit_packets (Linux prio).
        // The distinct levels in use.
        let mut used = [false; 256];
        for p in &self.priorities {
            used[usize::from(p.priority)] = true;
        }
        used[usize::from(self.default_priority)] = true;
        let levels = used.iter().filter(|&&u| u).count();
        (Some(u64::from(self.limit_packets) * levels as u64), None)
    }
    fn example() -> Self {
        Self::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::queue::testing::{flow_ids, link, pkt, Harness};

    fn prio() -> Priority {
        let ids = flow_ids(3);
        let spec = PrioritySpec {
            limit_packets: 2,
            priorities: vec![
                FlowPriority {
                    flow: "f2".into(),
                    priority: 0,
                },
                FlowPriority {
                    flow: "f0".into(),
                    priority: 5,
                },
            ],
            default_priority: 1,
        };
        Priority::new(&spec, &link(1_000_000, 1500, &ids))
    }

    #[test]
    fn the_highest_non_empty_level_is_always_served_first() {
        let mut q = prio();
        let mut h = Harness::new();
        h.enqueue(&mut q, pkt(0, 0, 0, 9, 100)); // level 5
        h.enqueue(&mut q, pkt(1, 1, 1, 9, 100)); // level 1 (default)
        h.enqueue(&mut q, pkt(2, 2, 2, 9, 100)); // level 0
        assert_eq!(h.dequeue(&mut q).unwrap().uid, 2);
        h.enqueue(&mut q, pkt(3, 2, 2, 9, 100));
        let order: Vec<u64> = std::iter::from_fn(|| h.dequeue(&mut q).map(|p| p.uid)).collect();
        assert_eq!(order, vec![3, 1, 0]);
        assert_eq!(q.len_bytes(), 0);
    }

    #[test]
    fn each_level_has_its_own_limit() {
        let mut q = prio();
        let mut h = Harness::new();
        for uid in 0..3 {
            h.enqueue(&mut q, pkt(uid, 0, 0, 9, 100));
        }
        h.enqueue(&mut q, pkt(9, 2, 2, 9, 100));
        assert_eq!(h.dropped.len(), 1);
        assert_eq!(h.dropped[0].1.uid, 2);
        assert_eq!(h.metric(&q, "level5_packets"), 2.0);
        assert_eq!(h.metric(&q, "level0_packets"), 1.0);
    }
}

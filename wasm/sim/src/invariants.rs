//! The model's invariants, checked while a run advances: the one checker the
//! scenario tests, the property tests, the analytic oracles and the fuzz target
//! share.
//!
//! After every step of a run (`World::advance` then `World::drain`) the checker
//! asserts that packets are conserved (created = delivered + dropped + held),
//! time never goes back nor past the end, each TCP byte stream is in order
//! (`snd_una ≤ rcv_nxt ≤ snd_max`, `rcv_nxt` never falls, out-of-order ranges
//! sorted and disjoint, a sized flow never delivers beyond its size), delivered
//! bytes never shrink, sampled rows are whole, strictly later than the last and
//! finite, a TCP flow's cwnd is at least one segment once its data has begun,
//! and no queue holds more than its limit. [`Checker::finish`] adds what holds
//! at the end of a completed run.

use crate::scenario::{Protocol, QueueSpec, Scenario};
use crate::world::World;

/// What the row checks need to know about the trace columns.
#[derive(Debug, Clone)]
struct RowChecks {
    width: usize,
    /// (column, flow index, column key) of every TCP flow's cwnd.
    cwnd: Vec<(usize, usize, String)>,
    /// (column, limit, column key) of every queue column whose discipline has a limit.
    queue: Vec<(usize, u64, String)>,
}

/// Checks a run's invariants step by step; see the module comment.
#[derive(Debug, Clone)]
pub struct Checker {
    cols: RowChecks,
    flow_ids: Vec<String>,
    sized: Vec<Option<u64>>,
    now: u64,
    last_row_time: Option<f64>,
    rcv_nxt: Vec<u64>,
    delivered: Vec<u64>,
    rows: u64,
}

impl Checker {
    /// A checker for a run of `s` in `w` (a world freshly made from `s`).
    pub fn new(s: &Scenario, w: &World) -> Self {
        let n = s.flows.len();
        Self {
            cols: row_checks(s, w),
            flow_ids: s.flows.iter().map(|f| f.id.clone()).collect(),
            sized: s.flows.iter().map(|f| f.source.tcp_bytes()).collect(),
            now: 0,
            last_row_time: None,
            rcv_nxt: vec![0; n],
            delivered: vec![0; n],
            rows: 0,
        }
    }

    /// Check the world after a step; `rows` are the rows drained in that step
    /// (row-major). Returns the first invariant broken, in words.
    pub fn step(&mut self, w: &World, rows: &[f64]) -> Result<(), String> {
        let c = w.conservation();
        if c.created != c.delivered + c.dropped + c.held {
            return Err(format!("packets not conserved at {} ns: {c:?}", w.now()));
        }
        if w.now() < self.now {
            return Err(format!("time went back: {} < {}", w.now(), self.now));
        }
        if w.now() > w.end() {
            return Err(format!("time {} beyond the end {}", w.now(), w.end()));
        }
        self.now = w.now();
        self.streams(w)?;
        for (i, d) in w.delivered_bytes().into_iter().enumerate() {
            if d < self.delivered[i] {
                return Err(format!("{}: delivered bytes fell", self.flow_ids[i]));
            }
            self.delivered[i] = d;
        }
        self.rows_of_step(w, rows)?;
        if w.trace_non_finite_values() != 0 {
            return Err("NaN or infinity reached the trace".into());
        }
        Ok(())
    }

    /// What holds once a run has finished: it reached its end, the last row is
    /// at the end, every row was seen, and the summary is finite.
    pub fn finish(&self, w: &World) -> Result<(), String> {
        if w.now() != w.end() {
            return Err(format!("the run ended early, at {} ns", w.now()));
        }
        let end_s = crate::engine::time::to_secs(w.end());
        if self.last_row_time != Some(end_s) {
            return Err(format!("no row at the end ({end_s} s)"));
        }
        if self.rows != w.rows() {
            return Err(format!("{} rows seen of {}", self.rows, w.rows()));
        }
        let sum = w.summary();
        for f in &sum.flows {
            if !(f.goodput_bps.is_finite() && f.mean_cwnd_segments.is_finite()) {
                return Err(format!("non-finite summary: {f:?}"));
            }
        }
        if !sum.jain_index.is_finite() {
            return Err(format!("non-finite Jain index {}", sum.jain_index));
        }
        Ok(())
    }

    fn streams(&mut self, w: &World) -> Result<(), String> {
        for (i, st) in w.tcp_streams().into_iter().enumerate() {
            let Some(st) = st else { continue };
            let id = &self.flow_ids[i];
            if !(st.snd_una <= st.rcv_nxt && st.rcv_nxt <= st.snd_max) {
                return Err(format!(
                    "{id}: snd_una {} ≤ rcv_nxt {} ≤ snd_max {} fails",
                    st.snd_una, st.rcv_nxt, st.snd_max
                ));
            }
            if st.rcv_nxt < self.rcv_nxt[i] {
                return Err(format!("{id}: rcv_nxt fell"));
            }
            self.rcv_nxt[i] = st.rcv_nxt;
            let mut above = st.rcv_nxt;
            for &(a, b) in &st.out_of_order {
                if !(a > above && a < b && b <= st.snd_max) {
                    return Err(format!(
                        "{id}: out-of-order ranges {:?} not sorted, disjoint and within ({}, {}]",
                        st.out_of_order, st.rcv_nxt, st.snd_max
                    ));
                }
                above = b;
            }
            if self.sized[i].is_some_and(|bytes| st.rcv_nxt > bytes) {
                return Err(format!("{id}: delivered beyond its size"));
            }
        }
        Ok(())
    }

    fn rows_of_step(&mut self, w: &World, rows: &[f64]) -> Result<(), String> {
        let cols = &self.cols;
        if cols.width == 0 || !rows.len().is_multiple_of(cols.width) {
            return Err(format!(
                "ragged rows: {} values, width {}",
                rows.len(),
                cols.width
            ));
        }
        let data_start = w.data_start_s();
        for row in rows.chunks(cols.width) {
            self.rows += 1;
            let t = row[0];
            if let Some(last) = self.last_row_time {
                if t <= last {
                    return Err(format!("trace time not increasing: {t} after {last}"));
                }
            }
            self.last_row_time = Some(t);
            if let Some(i) = row.iter().position(|v| !v.is_finite()) {
                return Err(format!("non-finite {} at t = {t}", w.columns()[i].key));
            }
            for (i, k, key) in &cols.cwnd {
                // Before its data begins (the handshake) a flow's cwnd reads 0.
                if data_start[*k].is_some_and(|start| t > start) && row[*i] < 1.0 {
                    return Err(format!("{key} = {} < 1 MSS at t = {t}", row[*i]));
                }
            }
            for (i, limit, key) in &cols.queue {
                if row[*i] > *limit as f64 {
                    return Err(format!(
                        "{key} = {} above its limit {limit} at t = {t}",
                        row[*i]
                    ));
                }
            }
        }
        Ok(())
    }
}

/// Run `s` to its end in steps of `step_ns` and at most `step_events` events,
/// checking every invariant after each step; panics with the broken invariant.
/// For tests and the oracles: returns the world and every sampled row.
pub fn run_checked(s: &Scenario, step_ns: u64, step_events: u64) -> (World, Vec<f64>) {
    let mut w = World::new(s);
    let mut checker = Checker::new(s, &w);
    let mut all = Vec::new();
    loop {
        let done = w.advance(w.now().saturating_add(step_ns), step_events);
        let rows = w.drain();
        if let Err(e) = checker.step(&w, &rows) {
            panic!("{}: {e}", s.name);
        }
        all.extend(rows);
        if done {
            break;
        }
    }
    if let Err(e) = checker.finish(&w) {
        panic!("{}: {e}", s.name);
    }
    (w, all)
}

fn row_checks(s: &Scenario, w: &World) -> RowChecks {
    let cols = w.columns();
    let mut cwnd = Vec::new();
    let mut queue = Vec::new();
    for (i, c) in cols.iter().enumerate() {
        match (c.entity, c.metric.as_str()) {
            ("flow", "cwnd") => {
                if let Some(k) = s.flows.iter().position(|f| f.id == c.id) {
                    if s.flows[k].protocol == Protocol::Tcp {
                        cwnd.push((i, k, c.key.clone()));
                    }
                }
            }
            ("link", metric @ ("queue" | "queue_bytes")) => {
                let Some((link, dir)) = c.id.split_once(':') else {
                    continue;
                };
                let Some(q) = queue_of(s, link, dir) else {
                    continue;
                };
                let (packets, bytes) = limits(q);
                let limit = if metric == "queue" { packets } else { bytes };
                if let Some(limit) = limit {
                    queue.push((i, limit, c.key.clone()));
                }
            }
            _ => {}
        }
    }
    RowChecks {
        width: cols.len(),
        cwnd,
        queue,
    }
}

/// A direction's queue spec: `a>b` uses the link's queue, `b>a` its override if any.
fn queue_of<'a>(s: &'a Scenario, link_id: &str, dir: &str) -> Option<&'a QueueSpec> {
    let l = s.topology.links.iter().find(|l| l.id == link_id)?;
    Some(match (dir, &l.reverse) {
        ("b>a", Some(r)) => r.queue.as_ref().unwrap_or(&l.queue),
        _ => &l.queue,
    })
}

/// (packet limit, byte limit) of a discipline as a whole.
fn limits(q: &QueueSpec) -> (Option<u64>, Option<u64>) {
    q.params().limits()
}

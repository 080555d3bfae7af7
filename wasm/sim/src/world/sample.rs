//! Trace columns, sampling on the fixed grid, and the run summary.

use super::flow::Endpoints;
use super::{Event, World};
use crate::engine::time;
use crate::host::HOST_METRICS;
use crate::metrics::bounds::measured_loss_rate;
use crate::metrics::fairness::jain_index;
use crate::metrics::summary::{DelayStatsSummary, FlowSummary, HostSummary, LinkSummary, Summary};
use crate::metrics::trace::Column;
use crate::queue::DropReason;

/// Per-flow trace columns: (metric, unit). TCP internals are 0 for UDP flows.
pub const FLOW_METRICS: [(&str, &str); 15] = [
    ("cwnd", "segments"),
    ("ssthresh", "segments"), // 0 while not yet set (infinite)
    ("srtt", "ms"),
    ("rto", "ms"),
    ("inflight", "segments"),
    ("delivered", "bytes"),
    ("goodput", "b/s"),
    ("retransmits", "segments"),
    ("timeouts", "count"),
    ("dupacks", "count"),
    ("state", "enum"), // 0 slow start, 1 congestion avoidance, 2 recovery, 3 loss
    // Flow congestion control (world/cc_switch.rs): the running algorithm as
    // its index in CcAlgorithm::ALL (newreno 0 … receiver_rate 12), switches
    // taken, and window reductions caused by ECN-Echo.
    ("algorithm", "enum"),
    ("switches", "count"),
    ("ecn_reductions", "count"),
    // Tail loss probes sent (RFC 8985 §7), cumulative.
    ("tlp_probes", "count"),
];

/// Columns of a flow whose receiver runs at user level (`tcp.user_level`,
/// paper 001): its socket buffer's fill and the segments it overran.
pub const USER_LEVEL_METRICS: [(&str, &str); 2] =
    [("user.buffer", "bytes"), ("user.overruns", "packets")];

/// Per-direction link trace columns: (metric, unit). After them come the
/// queue discipline's internals, `q.<name>` (`Qdisc::metric_names`).
pub const LINK_METRICS: [(&str, &str); 11] = [
    ("queue", "packets"),
    ("queue_bytes", "bytes"),
    ("sojourn", "ms"), // mean queueing delay of packets that left during the interval
    ("utilisation", "fraction"),
    ("drops", "packets"),
    ("drops_overflow", "packets"),
    ("drops_aqm", "packets"),
    ("drops_policer", "packets"),
    ("drops_impairment", "packets"),
    ("marks", "packets"), // ECN CE marks set by this link's queue (RFC 3168), cumulative
    // Mean time in the pipe (propagation, jitter, emulator tick) of packets
    // that left the transmitter during the interval.
    ("delay", "ms"),
];

/// The queue discipline's CE-mark counter among its metrics, if it marks.
const QDISC_MARKS: &str = "ecn_marks";

impl World {
    pub(super) fn build_columns(&self) -> Vec<Column> {
        let mut cols = vec![Column::new("time", "", "t", "s")];
        for f in &self.flows {
            for (metric, unit) in FLOW_METRICS {
                cols.push(Column::new("flow", &f.id, metric, unit));
            }
            // The congestion controller's internals (CUBIC's W_max and K, BBR's state, ...).
            if let Some(run) = &f.cc_run {
                run.columns(&f.id, &mut cols);
            }
            if f.user.is_some() {
                for (metric, unit) in USER_LEVEL_METRICS {
                    cols.push(Column::new("flow", &f.id, metric, unit));
                }
            }
        }
        for (id, ch) in self.channel_ids.iter().zip(&self.channels) {
            for (metric, unit) in LINK_METRICS {
                cols.push(Column::new("link", id, metric, unit));
            }
            let units = ch.qdisc.metric_units();
            debug_assert_eq!(ch.qdisc.metric_names().len(), units.len(), "{id}");
            for (i, name) in ch.qdisc.metric_names().iter().enumerate() {
                let unit = units.get(i).copied().unwrap_or("");
                cols.push(Column::new("link", id, &format!("q.{name}"), unit));
            }
        }
        for h in self.hosts.iter().flatten() {
            for (metric, unit) in HOST_METRICS {
                cols.push(Column::new("host", &h.id, metric, unit));
            }
        }
        cols
    }

    pub(super) fn sample(&mut self) {
        let t = self.now;
        let interval = self.sample_interval;
        let interval_s = time::to_secs(interval);
        let mut i = 0;
        let mut cc_values = Vec::new();
        self.row[i] = time::to_secs(t);
        i += 1;
        for fl in &mut self.flows {
            let delivered = fl.delivered();
            let goodput = (delivered - fl.delivered_at_last_sample) as f64 * 8.0 / interval_s;
            fl.delivered_at_last_sample = delivered;
            let mut values = [0.0; FLOW_METRICS.len()];
            values[5] = delivered as f64;
            values[6] = goodput;
            if let Endpoints::Tcp { sender: s, .. } = &fl.ends {
                let mss = s.mss() as f64;
                // The controller's cwnd (halved at a loss), not RFC 6582's inflated recovery window.
                let cwnd = if fl.started {
                    s.cc().cwnd() as f64 / mss
                } else {
                    0.0
                };
                if fl.started {
                    fl.cwnd_sum += cwnd;
                    fl.cwnd_samples += 1;
                }
                values[0] = cwnd;
                values[1] = match s.ssthresh() {
                    u64::MAX => 0.0,
                    v => v as f64 / mss,
                };
                values[2] = s.rtt().srtt() as f64 / 1e6;
                values[3] = s.rtt().rto() as f64 / 1e6;
                values[4] = s.inflight() as f64 / mss;
                values[7] = s.stats.retransmitted_segments as f64;
                values[8] = s.stats.timeouts as f64;
                values[9] = s.stats.duplicate_acks as f64;
                values[10] = s.state() as u8 as f64;
                if let Some(run) = &fl.cc_run {
                    values[11] = run.current.index() as f64;
                    values[12] = run.switches as f64;
                }
                values[13] = s.stats.ecn_reductions as f64;
                values[14] = s.stats.tlp_probes as f64;
            }
            self.row[i..i + values.len()].copy_from_slice(&values);
            i += values.len();
            if let (Some(s), Some(run)) = (fl.sender(), &fl.cc_run) {
                cc_values.clear();
                run.metrics(s.cc(), &mut cc_values);
                self.row[i..i + cc_values.len()].copy_from_slice(&cc_values);
                i += cc_values.len();
            }
            if let Some(u) = &fl.user {
                self.row[i] = u.waiting_bytes(t) as f64;
                self.row[i + 1] = u.overruns as f64;
                i += USER_LEVEL_METRICS.len();
            }
        }
        let mut q_values = Vec::new();
        for (ch, mark) in self.channels.iter_mut().zip(self.channel_marks.iter_mut()) {
            ch.catch_up(self.now);
            let (busy0, wait0, count0) = *mark;
            let waits = ch.wait_count - count0;
            let sojourn_ms = if waits > 0 {
                (ch.wait_sum - wait0) as f64 / waits as f64 / 1e6
            } else {
                0.0
            };
            // Busy time is booked when a transmission starts, so clamp to 1.
            let utilisation = ((ch.busy_time - busy0) as f64 / interval as f64).min(1.0);
            *mark = (ch.busy_time, ch.wait_sum, ch.wait_count);
            q_values.clear();
            ch.qdisc.metrics(&mut q_values);
            debug_assert_eq!(q_values.len(), ch.qdisc.metric_names().len());
            debug_assert!(
                q_values.iter().all(|v| v.is_finite()),
                "non-finite queue metric {:?} = {q_values:?}",
                ch.qdisc.metric_names()
            );
            let marks = ch
                .qdisc
                .metric_names()
                .iter()
                .position(|&n| n == QDISC_MARKS)
                .and_then(|k| q_values.get(k).copied())
                .unwrap_or(0.0);
            let (queued_packets, queued_bytes) = ch.queue_len();
            let values = [
                queued_packets as f64,
                queued_bytes as f64,
                sojourn_ms,
                if t == 0 { 0.0 } else { utilisation },
                ch.total_drops() as f64,
                ch.drops[DropReason::Overflow.index()] as f64,
                ch.drops[DropReason::Aqm.index()] as f64,
                ch.drops[DropReason::Policer.index()] as f64,
                ch.drops[DropReason::Impairment.index()] as f64,
                marks,
                ch.take_pipe_delay_ms(),
            ];
            self.row[i..i + values.len()].copy_from_slice(&values);
            i += values.len();
            self.row[i..i + q_values.len()].copy_from_slice(&q_values);
            i += q_values.len();
        }
        let mut host_values = Vec::with_capacity(HOST_METRICS.len());
        for h in self.hosts.iter_mut().flatten() {
            host_values.clear();
            h.pipeline.metrics(t, &mut host_values);
            self.row[i..i + host_values.len()].copy_from_slice(&host_values);
            i += host_values.len();
        }
        debug_assert_eq!(i, self.row.len());
        self.trace.push_row(&self.row);
        let next = t + interval;
        if next <= self.end {
            self.events.schedule(next, Event::Sample);
        } else if t < self.end {
            self.events.schedule(self.end, Event::Sample);
        }
    }

    pub fn summary(&self) -> Summary {
        let flows: Vec<FlowSummary> = self
            .flows
            .iter()
            .zip(&self.bounds)
            .map(|(f, bounds)| {
                let open = time::to_secs(self.now.saturating_sub(f.start));
                let delivered = f.delivered();
                let (retx, fast, timeouts, ecn, sent, tlp) = match f.sender() {
                    Some(s) => (
                        s.stats.retransmitted_segments,
                        s.stats.fast_retransmits,
                        s.stats.timeouts,
                        s.stats.ecn_reductions,
                        s.stats.segments_sent,
                        s.stats.tlp_probes,
                    ),
                    None => (0, 0, 0, 0, 0, 0),
                };
                let run = f.cc_run.as_ref();
                let duplicates = match &f.ends {
                    Endpoints::Tcp { receiver, .. } => receiver.stats.duplicate_segments,
                    Endpoints::Udp { .. } => 0,
                };
                let (sent_packets, received_packets) = match &f.ends {
                    Endpoints::Udp {
                        source,
                        received_packets,
                        ..
                    } => (source.sent_packets, *received_packets),
                    Endpoints::Tcp { .. } => (0, 0),
                };
                FlowSummary {
                    id: f.id.clone(),
                    goodput_bps: if open > 0.0 {
                        delivered as f64 * 8.0 / open
                    } else {
                        0.0
                    },
                    delivered_bytes: delivered,
                    retransmitted_segments: retx,
                    duplicate_segments: duplicates,
                    fast_retransmits: fast,
                    timeouts,
                    tlp_probes: tlp,
                    cc: run.map(|r| r.current.name().to_string()),
                    cc_rule: run.and_then(|r| r.rule),
                    cc_switches: run.map_or(0, |r| r.switches),
                    ecn_reductions: ecn,
                    mean_cwnd_segments: if f.cwnd_samples > 0 {
                        f.cwnd_sum / f.cwnd_samples as f64
                    } else {
                        0.0
                    },
                    completion_time_s: f.completed_at.map(|t| time::to_secs(t - f.start)),
                    opened_s: time::to_secs(f.start),
                    data_start_s: f.data_start.map(time::to_secs),
                    syn_retransmits: f.syn_retransmits,
                    udp_sent_packets: sent_packets,
                    udp_received_packets: received_packets,
                    longest_stall_s: time::to_secs(f.longest_stall_at(self.now)),
                    bounds: bounds
                        .clone()
                        .map(|b| b.with_measured_loss(measured_loss_rate(fast, timeouts, sent))),
                    receiver_overruns: f.user.as_ref().map(|u| u.overruns),
                }
            })
            .collect();
        let run_s = time::to_secs(self.now);
        let links = self
            .channels
            .iter()
            .zip(&self.channel_ids)
            .map(|(c, id)| LinkSummary {
                id: id.split(':').next().unwrap_or_default().to_string(),
                direction: if c.a_to_b { "a>b" } else { "b>a" }.to_string(),
                drops: c.total_drops(),
                tx_packets: c.tx_packets,
                tx_bytes: c.tx_bytes,
                utilisation: if run_s > 0.0 {
                    (time::to_secs(c.busy_time) / run_s).min(1.0)
                } else {
                    0.0
                },
                mean_queueing_delay_s: c.mean_wait_s(),
                pipe_delay: (c.pipe_delay.count > 0).then(|| DelayStatsSummary {
                    mean_s: c.pipe_delay.mean_s(),
                    sd_s: c.pipe_delay.sd_s(),
                    min_s: time::to_secs(c.pipe_delay.min),
                    max_s: time::to_secs(c.pipe_delay.max),
                }),
            })
            .collect();
        let hosts = self
            .hosts
            .iter()
            .flatten()
            .map(|h| HostSummary {
                id: h.id.clone(),
                nic_overruns: h.nic_overruns,
                bandwidth_estimate_bps: h.pipeline.bandwidth_estimate(),
            })
            .collect();
        let goodputs: Vec<f64> = flows.iter().map(|f| f.goodput_bps).collect();
        Summary {
            name: self.name.clone(),
            simulated_time_s: run_s,
            events: self.events.popped(),
            jain_index: jain_index(&goodputs),
            flows,
            links,
            hosts,
            trace_hash: self.trace.hash(),
        }
    }
}

impl World {
    /// Time packets spent in a channel's pipe (propagation and delay
    /// impairments, after the last bit left), by id such as `bottleneck:a>b`.
    pub fn link_delay_stats(&self, channel_id: &str) -> Option<crate::net::channel::DelayStats> {
        let i = self.channel_ids.iter().position(|c| c == channel_id)?;
        Some(self.channels[i].pipe_delay)
    }
}

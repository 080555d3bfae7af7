//! A TCP flow's congestion controller over its life: the algorithm it opened
//! with (its own `cc` or a `cc_rules` match), its mid-flow switches and their
//! triggers, and the trace columns of every algorithm it may run.
//!
//! A switch builds the successor with [`cc::build_from`] from the running
//! controller's [`cc::Handoff`], whose RTT fields are overwritten with the
//! sender's RFC 6298 estimator (srtt, min RTT, latest sample): the window,
//! ssthresh and RTT estimates carry over; the successor initialises its own
//! state from them (each algorithm's `from_handoff`). Loss-recovery state
//! lives in the sender and is untouched.
//!
//! Trace columns: a flow without `cc_switches` has `cc.<metric>` for its
//! algorithm. A flow with switches has `cc.<algorithm>.<metric>` for every
//! algorithm it may run (opening one first, then switch targets in list
//! order); the blocks of the algorithms not running read 0. The per-flow
//! columns `algorithm` (index into [`CcAlgorithm::ALL`]) and `switches`
//! (count) mark the switches.

use super::flow::{Endpoints, FlowRt};
use super::{Event, World};
use crate::cc::{self, CcContext, CongestionControl, StackInit};
use crate::engine::time::{self, Time};
use crate::metrics::trace::Column;
use crate::scenario::{CcAlgorithm, CcParams, CcSwitch, SwitchTrigger};
use crate::tcp::TcpSender;

/// The trace block of one algorithm: its metric names and units.
struct Block {
    algorithm: CcAlgorithm,
    names: &'static [&'static str],
    units: &'static [&'static str],
}

/// One planned switch and its trigger's state.
struct Planned {
    to: CcAlgorithm,
    trigger: SwitchTrigger,
    fired: bool,
    /// LossRateAbove: the current window's end and the sender's
    /// (segments sent, segments retransmitted) at its start.
    window: Option<(Time, u64, u64)>,
}

pub struct CcRun {
    pub current: CcAlgorithm,
    /// The `cc_rules` entry that chose the opening algorithm, if one did.
    pub rule: Option<usize>,
    /// Switches taken so far.
    pub switches: u32,
    params: CcParams,
    ctx: CcContext,
    stack: StackInit,
    seed: u64,
    blocks: Vec<Block>,
    /// Column names carry the algorithm (the flow has switches).
    prefixed: bool,
    plan: Vec<Planned>,
    has_srtt_trigger: bool,
}

impl CcRun {
    /// The opening controller and the plan for `switches`. `algorithms` is
    /// every algorithm the flow may run, opening one first.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        opening: CcAlgorithm,
        rule: Option<usize>,
        params: CcParams,
        ctx: CcContext,
        stack: StackInit,
        switches: &[CcSwitch],
        algorithms: &[CcAlgorithm],
        start: Time,
    ) -> (CcRun, Box<dyn CongestionControl>) {
        let controller = cc::build_for_flow(opening, &params, &ctx, &stack);
        let blocks = algorithms
            .iter()
            .map(|&a| {
                let probe = cc::build_with(a, &params, &ctx);
                Block {
                    algorithm: a,
                    names: probe.metric_names(),
                    units: probe.metric_units(),
                }
            })
            .collect();
        let plan: Vec<Planned> = switches
            .iter()
            .map(|s| Planned {
                to: s.cc,
                trigger: s.when.clone(),
                fired: false,
                window: match s.when {
                    SwitchTrigger::LossRateAbove { window_s, .. } => {
                        Some((start + time::secs(window_s).max(1), 0, 0))
                    }
                    _ => None,
                },
            })
            .collect();
        let has_srtt_trigger = plan
            .iter()
            .any(|p| matches!(p.trigger, SwitchTrigger::SrttAbove { .. }));
        let run = CcRun {
            current: opening,
            rule,
            switches: 0,
            params,
            ctx,
            stack,
            seed: ctx.seed,
            blocks,
            prefixed: !switches.is_empty(),
            plan,
            has_srtt_trigger,
        };
        (run, controller)
    }

    /// Append this flow's controller columns.
    pub fn columns(&self, flow_id: &str, cols: &mut Vec<Column>) {
        for b in &self.blocks {
            for (name, unit) in b.names.iter().zip(b.units) {
                let metric = if self.prefixed {
                    format!("cc.{}.{name}", b.algorithm.name())
                } else {
                    format!("cc.{name}")
                };
                cols.push(Column::new("flow", flow_id, &metric, unit));
            }
        }
    }

    /// Append the controller columns' values: the running algorithm's
    /// metrics in its block, 0 in the others.
    pub fn metrics(&self, running: &dyn CongestionControl, out: &mut Vec<f64>) {
        for b in &self.blocks {
            if b.algorithm == self.current {
                let before = out.len();
                running.metrics(out);
                debug_assert_eq!(out.len() - before, b.names.len());
            } else {
                out.extend(std::iter::repeat_n(0.0, b.names.len()));
            }
        }
    }

    /// The running algorithm built afresh with this initial window (Linux
    /// `tcp_init_transfer` after a twice-retransmitted SYN).
    pub fn rebuilt_with_initial_window(&self, segments: u32) -> Box<dyn CongestionControl> {
        let ctx = CcContext {
            initial_cwnd_segments: segments,
            ..self.ctx
        };
        cc::build_for_flow(self.current, &self.params, &ctx, &self.stack)
    }

    pub fn has_srtt_trigger(&self) -> bool {
        self.has_srtt_trigger
    }

    /// When a timed trigger (a scheduled switch, the end of a loss-rate
    /// window) next needs a look.
    pub fn next_timer(&self) -> Option<Time> {
        self.plan
            .iter()
            .filter(|p| !p.fired)
            .filter_map(|p| match (&p.trigger, p.window) {
                (SwitchTrigger::At { at_s }, _) => Some(time::secs(*at_s)),
                (SwitchTrigger::LossRateAbove { .. }, Some((end, _, _))) => Some(end),
                _ => None,
            })
            .min()
    }

    /// The first unfired switch whose trigger holds at `now`, marked fired.
    /// Loss-rate windows that ended without firing start their next window.
    fn due(&mut self, now: Time, sender: &TcpSender) -> Option<CcAlgorithm> {
        let srtt = sender.rtt().srtt();
        let (sent, retx) = (
            sender.stats.segments_sent,
            sender.stats.retransmitted_segments,
        );
        for p in self.plan.iter_mut().filter(|p| !p.fired) {
            let hit = match p.trigger {
                SwitchTrigger::At { at_s } => now >= time::secs(at_s),
                SwitchTrigger::SrttAbove { srtt_ms } => {
                    srtt > 0 && srtt as f64 > srtt_ms * time::NS_PER_MS as f64
                }
                SwitchTrigger::LossRateAbove {
                    loss_rate,
                    window_s,
                } => {
                    let mut hit = false;
                    while let Some((end, sent0, retx0)) = p.window.filter(|w| w.0 <= now) {
                        let n = sent - sent0;
                        let rate = if n > 0 {
                            (retx - retx0) as f64 / n as f64
                        } else {
                            0.0
                        };
                        if n > 0 && rate > loss_rate {
                            hit = true;
                            break;
                        }
                        // Windows in which nothing happened are skipped whole.
                        let w = time::secs(window_s).max(1);
                        let next_end = end + w * ((now - end) / w + 1);
                        p.window = Some((next_end, sent, retx));
                    }
                    hit
                }
            };
            if hit {
                p.fired = true;
                return Some(p.to);
            }
        }
        None
    }

    /// Swap the sender's controller for `to`, from a hand-off of the running one.
    fn switch(&mut self, to: CcAlgorithm, now: Time, sender: &mut TcpSender) {
        if to == self.current {
            // Already running it: the trigger is spent, nothing changes.
            return;
        }
        self.switches += 1;
        let mut h = sender.cc().handoff(now);
        let rtt = sender.rtt();
        if rtt.srtt() > 0 {
            h.srtt = rtt.srtt();
            h.min_rtt = rtt.min_rtt();
            h.latest_rtt = rtt.latest();
        }
        // Each successor draws its own random choices (BBR's phase).
        let ctx = CcContext {
            seed: self.seed ^ (self.switches as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            ..self.ctx
        };
        let next = cc::build_from_for_flow(to, &self.params, &ctx, &self.stack, &h);
        sender.set_cc(next);
        self.current = to;
    }
}

impl World {
    /// Take every switch of flow `f` whose trigger holds now, and send what
    /// the new controller allows (the caller sends it out).
    pub(super) fn check_cc_switches(&mut self, f: u32) {
        let now = self.now;
        let fl: &mut FlowRt = &mut self.flows[f as usize];
        let (Some(run), Endpoints::Tcp { sender, .. }) = (fl.cc_run.as_mut(), &mut fl.ends) else {
            return;
        };
        let mut switched = false;
        while let Some(to) = run.due(now, sender) {
            run.switch(to, now, sender);
            switched = true;
        }
        if switched && fl.started {
            sender.resume(now, &mut self.out);
        }
    }

    /// A timed switch trigger is due (scheduled by `arm_timers`).
    pub(super) fn on_cc_timer(&mut self, f: u32) {
        let fl = &mut self.flows[f as usize];
        if fl.cc_check_at == Some(self.now) {
            fl.cc_check_at = None;
        }
        self.check_cc_switches(f);
        self.send_out(f);
    }

    /// The deadline of flow `f`'s next timed switch check, for `arm_timers`.
    pub(super) fn arm_cc_timer(&mut self, f: u32) {
        let fl = &mut self.flows[f as usize];
        let Some(d) = fl.cc_run.as_ref().and_then(CcRun::next_timer) else {
            return;
        };
        let d = d.max(fl.start).max(self.now);
        if fl.cc_check_at.is_none_or(|t| t > d) {
            fl.cc_check_at = Some(d);
            self.events.schedule(d, Event::CcTimer(f));
        }
    }
}

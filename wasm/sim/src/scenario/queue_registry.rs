//! The queue-discipline registry: one line per discipline, the only list of
//! them. A line gives the enum variant with its parameter struct, the JSON
//! `kind`, the display name and the discipline's type (in `queue/`, built
//! through `queue::Registered`). The doc comment becomes the variant's
//! description in the JSON Schema, the display name its `x-label` (the page's
//! labels read both from there).
//!
//! From it come the scenario's `QueueSpec` (variants, `KINDS`, `kind()`,
//! `display_name()`, and the parameter checks and capacity through each
//! struct's [`QueueParams`]) and the disciplines' dispatch (`queue::build`); the
//! serde reader, the JSON Schema, the generated TypeScript types, the page's
//! lists and labels, and the fuzzers' lists follow from those.
//!
//! Lines under `#[cfg(test)]` exist only in the crate's own test build (they
//! prove that a new line is all the rest needs).

use super::validate_queue::QueueCheck;

/// Calls `$then!` with the registry's lines.
macro_rules! for_each_queue {
    ($then:ident) => {
        $then! {
            /// First in, first out; arrivals that do not fit are dropped.
            DropTail(DropTailSpec) = "drop_tail", "DropTail", droptail::DropTail;
            /// Random Early Detection (Floyd & Jacobson 1993), ns-3 defaults.
            Red(RedSpec) = "red", "RED", red::Red;
            /// CoDel (RFC 8289, Linux sch_codel): drops at dequeue when the sojourn
            /// time stays above target for an interval.
            Codel(CodelSpec) = "codel", "CoDel", codel::Codel;
            /// FQ-CoDel (RFC 8290, Linux sch_fq_codel): per-flow CoDel queues served
            /// by deficit round robin with new flows first.
            FqCodel(FqCodelSpec) = "fq_codel", "FQ-CoDel", fq_codel::FqCodel;
            /// PIE (RFC 8033): drops on arrival with a probability steered by the
            /// queueing delay.
            Pie(PieSpec) = "pie", "PIE", pie::Pie;
            /// CoDel that drops the heaviest host pair's packets and spares others
            /// (Hanai, Yamaguchi & Kobayashi, IPSJ Journal 2017; seed paper 002).
            HeavyCodel(HeavyCodelSpec) = "heavy_codel", "Heavy-hitter CoDel", heavy_codel::HeavyCodel;
            /// Weighted fair queueing by virtual finish times (Demers, Keshav &
            /// Shenker 1989; Parekh & Gallager 1993), with optional reservations
            /// (seed paper 003).
            Wfq(WfqSpec) = "wfq", "WFQ", reservation::WfqQdisc;
            /// Deficit round robin (Shreedhar & Varghese 1995).
            Drr(DrrSpec) = "drr", "DRR", drr::Drr;
            /// Strict priority: a FIFO per priority level, always serving the highest.
            Priority(PrioritySpec) = "priority", "Priority", priority::Priority;
            /// A token bucket that shapes (delays) or polices (drops or demotes).
            TokenBucket(TokenBucketSpec) = "token_bucket", "Token bucket", tbf::TokenBucketQdisc;
            /// A test-only discipline (queue/test_dummy.rs: a FIFO under another name).
            #[cfg(test)]
            TestDummy(TestDummySpec) = "test_dummy", "Test dummy", test_dummy::TestDummy;
        }
    };
}
pub(crate) use for_each_queue;

/// What the registry needs of a discipline's parameter struct (besides serde
/// and the schema): its checks and its capacity.
pub(crate) trait QueueParams {
    /// Report impossible parameters through `c`, which knows the queue's path
    /// and its link.
    fn check(&self, c: &mut QueueCheck);
    /// (packet limit, byte limit) of the discipline as a whole: what the
    /// invariant checker holds the queue's length to.
    fn limits(&self) -> (Option<u64>, Option<u64>);
}

/// Defines `QueueSpec` from the registry (scenario/queue_spec.rs).
macro_rules! define_queue_types {
    ($(
        $(#[doc = $doc:literal])*
        $(#[cfg($cfg:meta)])?
        $variant:ident($spec:ty) = $json:literal, $display:literal, $qdisc:path;
    )*) => {
        /// A queue discipline and its parameters.
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        #[derive(Serialize, ::tcplab_derive::TaggedDeserialize, Clone, Debug, PartialEq)]
        #[serde(tag = "kind", deny_unknown_fields)]
        pub enum QueueSpec {
            $(
                $(#[doc = $doc])*
                $(#[cfg($cfg)])?
                #[serde(rename = $json)]
                #[cfg_attr(feature = "schema", schemars(extend("x-label" = $display)))]
                $variant($spec),
            )*
        }

        impl QueueSpec {
            /// Every discipline's `kind`, in registry order.
            pub const KINDS: &'static [&'static str] = &[$($(#[cfg($cfg)])? $json,)*];

            /// The JSON `kind` (`"fq_codel"`).
            pub fn kind(&self) -> &'static str {
                match self {
                    $($(#[cfg($cfg)])? QueueSpec::$variant(_) => $json,)*
                }
            }

            /// The short name people know it by (`"FQ-CoDel"`).
            pub fn display_name(&self) -> &'static str {
                match self {
                    $($(#[cfg($cfg)])? QueueSpec::$variant(_) => $display,)*
                }
            }

            /// Its parameter struct, for the checks and the capacity.
            pub(crate) fn params(&self) -> &dyn $crate::scenario::queue_registry::QueueParams {
                match self {
                    $($(#[cfg($cfg)])? QueueSpec::$variant(s) => s,)*
                }
            }
        }
    };
}
pub(crate) use define_queue_types;

#[cfg(test)]
mod tests {
    //! The registry's test-only line reaches every door: the reader, the
    //! validator, the JSON Schema, the discipline's dispatch and a whole run.
    use crate::scenario::{parse_scenario_without_work_limits, to_json, QueueSpec};

    fn scenario_with(queue: serde_json::Value) -> String {
        let text = include_str!("../../../../content/scenarios/default.json");
        let mut v: serde_json::Value = serde_json::from_str(text).expect("default.json");
        v["topology"]["links"][1]["queue"] = queue;
        v.to_string()
    }

    #[test]
    fn a_test_only_line_is_a_queue_discipline_everywhere() {
        assert_eq!(QueueSpec::KINDS.last(), Some(&"test_dummy"));
        // The reader and the validator take it, and it writes back under its kind.
        let json = scenario_with(serde_json::json!({"kind": "test_dummy", "limit_packets": 50}));
        let s = parse_scenario_without_work_limits(&json).expect("accepted");
        let q = &s.topology.links[1].queue;
        assert_eq!((q.kind(), q.display_name()), ("test_dummy", "Test dummy"));
        assert!(to_json(&s).contains(r#""kind":"test_dummy""#));
        // Its checks run: a zero capacity is refused at its field.
        let bad = scenario_with(serde_json::json!({"kind": "test_dummy", "limit_packets": 0}));
        let e = parse_scenario_without_work_limits(&bad).unwrap_err();
        assert_eq!(e[0].path, "topology.links[1].queue.limit_packets");
        // A kind that no line gives is refused, naming the field.
        let e = parse_scenario_without_work_limits(&scenario_with(
            serde_json::json!({"kind": "no_such_queue"}),
        ))
        .unwrap_err();
        assert_eq!(e[0].path, "topology.links[1].queue.kind");
        // The discipline the line names is built, and a run uses it.
        let mut w = crate::world::World::new(&s);
        w.run();
        assert!(w.summary().flows[0].goodput_bps > 0.0);
        assert_eq!(q.params().limits(), (Some(50), None));
    }

    #[cfg(feature = "schema")]
    #[test]
    fn the_schema_offers_every_line_with_its_label() {
        let schema: serde_json::Value =
            serde_json::from_str(&crate::scenario::json_schema()).expect("schema");
        let text = schema["$defs"]["QueueSpec"].to_string();
        for k in QueueSpec::KINDS {
            assert!(text.contains(&format!("\"{k}\"")), "{k} missing: {text}");
        }
        assert!(text.contains(r#""x-label":"Test dummy""#), "{text}");
        assert!(text.contains("a FIFO under another name"), "{text}");
    }
}

//! The queue-discipline registry: one line per discipline, the only list of
//! them. A line gives the enum variant with its parameter struct, the JSON
//! `kind`, the display name and the discipline's type. Both the type (built
//! through [`Registered`](super::Registered)) and its parameter struct (with
//! its defaults, doc strings and checks: [`QueueParams`]) live in the
//! discipline's own file. The doc comment becomes the variant's description in
//! the JSON Schema, the display name its `x-label` (the page's labels read both
//! from there).
//!
//! From it come `QueueSpec` (variants, `KINDS`, `kind()`, `display_name()`,
//! and the parameter checks and capacity through each struct's
//! [`QueueParams`]) and the disciplines' dispatch (`queue::build`); the
//! scenario (which re-exports `QueueSpec`), the serde reader, the JSON Schema,
//! the generated TypeScript types, the page's lists and labels, and the
//! fuzzers' lists follow from those.
//!
//! Lines under `#[cfg(test)]` exist only in the crate's own test build (they
//! prove that a new line is all the rest needs).

use super::check::QueueCheck;

/// Calls `$then!` with the registry's lines.
macro_rules! for_each_queue {
    ($then:ident) => {
        $then! {
            /// First in, first out; arrivals that do not fit are dropped.
            DropTail(droptail::DropTailSpec) = "drop_tail", "DropTail", droptail::DropTail;
            /// Random Early Detection (Floyd & Jacobson 1993), ns-3 defaults.
            Red(red::RedSpec) = "red", "RED", red::Red;
            /// CoDel (RFC 8289, Linux sch_codel): drops at dequeue when the sojourn
            /// time stays above target for an interval.
            Codel(codel::CodelSpec) = "codel", "CoDel", codel::Codel;
            /// FQ-CoDel (RFC 8290, Linux sch_fq_codel): per-flow CoDel queues served
            /// by deficit round robin with new flows first.
            FqCodel(fq_codel::FqCodelSpec) = "fq_codel", "FQ-CoDel", fq_codel::FqCodel;
            /// PIE (RFC 8033): drops on arrival with a probability steered by the
            /// queueing delay.
            Pie(pie::PieSpec) = "pie", "PIE", pie::Pie;
            /// CoDel that drops the heaviest host pair's packets and spares others
            /// (Hanai, Yamaguchi & Kobayashi, IPSJ Journal 2017; seed paper 002).
            HeavyCodel(heavy_codel::HeavyCodelSpec) = "heavy_codel", "Heavy-hitter CoDel", heavy_codel::HeavyCodel;
            /// Weighted fair queueing by virtual finish times (Demers, Keshav &
            /// Shenker 1989; Parekh & Gallager 1993), with optional reservations
            /// (seed paper 003).
            Wfq(reservation::WfqSpec) = "wfq", "WFQ", reservation::WfqQdisc;
            /// Deficit round robin (Shreedhar & Varghese 1995).
            Drr(drr::DrrSpec) = "drr", "DRR", drr::Drr;
            /// Strict priority: a FIFO per priority level, always serving the highest.
            Priority(priority::PrioritySpec) = "priority", "Priority", priority::Priority;
            /// A token bucket that shapes (delays) or polices (drops or demotes).
            TokenBucket(tbf::TokenBucketSpec) = "token_bucket", "Token bucket", tbf::TokenBucketQdisc;
            /// A test-only discipline (queue/test_dummy.rs: a FIFO under another name).
            #[cfg(test)]
            TestDummy(test_dummy::TestDummySpec) = "test_dummy", "Test dummy", test_dummy::TestDummy;
        }
    };
}
pub(crate) use for_each_queue;

/// What the registry needs of a discipline's parameter struct (besides serde
/// and the schema): its checks and its capacity.
pub trait QueueParams {
    /// Report impossible parameters through `c`, which knows the queue's path
    /// and its link.
    fn check(&self, c: &mut QueueCheck);
    /// (packet limit, byte limit) of the discipline as a whole: what the
    /// invariant checker holds the queue's length to.
    fn limits(&self) -> (Option<u64>, Option<u64>);
    /// The documented example (the defaults, where every field has one): what
    /// the per-kind contract tests read, validate and run.
    fn example() -> Self
    where
        Self: Sized;
}

/// Defines `QueueSpec` from the registry (in queue/mod.rs, so that a line's
/// paths name the modules beside it).
macro_rules! define_queue_types {
    ($(
        $(#[doc = $doc:literal])*
        $(#[cfg($cfg:meta)])?
        $variant:ident($spec:ty) = $json:literal, $display:literal, $qdisc:path;
    )*) => {
        /// A queue discipline and its parameters.
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        #[derive(::serde::Serialize, ::tcplab_derive::TaggedDeserialize, Clone, Debug, PartialEq)]
        #[serde(tag = "kind", deny_unknown_fields)]
        pub enum QueueSpec {
            $(
                $(#[doc = $doc])*
                $(#[cfg($cfg)])?
                #[serde(rename = $json)]
                #[cfg_attr(feature = "schema", schemars(extend(
                    "x-label" = $display,
                    "x-example" = crate::json::schema_example(&QueueSpec::$variant(
                        <$spec as $crate::queue::QueueParams>::example()
                    ))
                )))]
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

            /// Every discipline's documented example, in registry order.
            pub fn examples() -> Vec<QueueSpec> {
                vec![$($(#[cfg($cfg)])? QueueSpec::$variant(<$spec as $crate::queue::QueueParams>::example()),)*]
            }

            /// Its parameter struct, for the checks and the capacity.
            pub fn params(&self) -> &dyn $crate::queue::QueueParams {
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
        assert!(
            text.contains(r#""x-example":{"kind":"test_dummy","limit_packets":100}"#),
            "{text}"
        );
        assert!(text.contains("a FIFO under another name"), "{text}");
    }
}

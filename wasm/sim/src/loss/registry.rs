//! The loss-model registry: one line per model of loss on the wire, the only
//! list of them. A line gives the enum variant with its parameter struct (in
//! the model's own file, with its defaults, doc strings, checks and how it is
//! built), the JSON `kind` and the display name. The doc comment becomes the
//! variant's description in the JSON Schema, the display name its `x-label`.
//!
//! From it come `LossSpec` (variants, `KINDS`, `kind()`, `display_name()`,
//! `examples()`, and the checks through each struct's [`LossParams`]) and the
//! wire's dispatch (`LossModel::from_spec`, through each struct's
//! [`Registered`](super::Registered)); the scenario (which re-exports
//! `LossSpec`), the serde reader, the JSON Schema, the generated TypeScript
//! types, the page's lists and the fuzzers' lists follow.
//!
//! Lines under `#[cfg(test)]` exist only in the crate's own test build.

use super::check::LossCheck;

/// Calls `$then!` with the registry's lines.
macro_rules! for_each_loss {
    ($then:ident) => {
        $then! {
            /// Each packet is lost independently with probability `p`.
            Bernoulli(bernoulli::BernoulliSpec) = "bernoulli", "Random loss";
            /// The link carries nothing between `start_s` and `end_s` (an outage).
            Blackout(blackout::BlackoutSpec) = "blackout", "Outage";
            /// Lose the listed data packets, counted from 1 in the order they cross the link.
            Nth(nth::NthSpec) = "nth", "Listed packets";
            /// Bursty loss: a two-state Markov chain (Gilbert 1960, Elliott 1963;
            /// netem `loss gemodel p r 1-h 1-k`). Per packet the chain first moves
            /// Good → Bad with probability `p` or Bad → Good with probability `r`,
            /// then loses the packet with the state's loss probability. With the
            /// defaults (0 in Good, 1 in Bad) losses come in bursts of mean length
            /// 1/r at a long-run rate p/(p + r).
            GilbertElliott(gilbert_elliott::GilbertElliottSpec) = "gilbert_elliott", "Bursty loss";
            /// A test-only model (loss/test_dummy.rs: every listed packet, as `nth`).
            #[cfg(test)]
            TestDummy(test_dummy::TestDummyLossSpec) = "test_dummy", "Test dummy";
        }
    };
}
pub(crate) use for_each_loss;

/// What the registry needs of a loss model's parameter struct (besides serde
/// and the schema): its checks.
pub trait LossParams {
    /// Report impossible parameters through `c`, which knows the `loss`
    /// object's path.
    fn check(&self, c: &mut LossCheck);
    /// The documented example: what the per-kind contract tests read,
    /// validate and run.
    fn example() -> Self
    where
        Self: Sized;
}

/// Defines `LossSpec` from the registry (in loss/mod.rs, so that a
/// line's paths name the modules beside it).
macro_rules! define_loss_types {
    ($(
        $(#[doc = $doc:literal])*
        $(#[cfg($cfg:meta)])?
        $variant:ident($spec:ty) = $json:literal, $display:literal;
    )*) => {
        /// Loss on the wire: packets that finish transmission but never arrive.
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        #[derive(::serde::Serialize, ::tcplab_derive::TaggedDeserialize, Clone, Debug, PartialEq)]
        #[serde(tag = "kind", deny_unknown_fields)]
        pub enum LossSpec {
            $(
                $(#[doc = $doc])*
                $(#[cfg($cfg)])?
                #[serde(rename = $json)]
                #[cfg_attr(feature = "schema", schemars(extend(
                    "x-label" = $display,
                    "x-example" = crate::json::schema_example(&LossSpec::$variant(
                        <$spec as $crate::loss::LossParams>::example()
                    ))
                )))]
                $variant($spec),
            )*
        }

        impl LossSpec {
            /// Every model's `kind`, in registry order.
            pub const KINDS: &'static [&'static str] = &[$($(#[cfg($cfg)])? $json,)*];

            /// The JSON `kind` (`"gilbert_elliott"`).
            pub fn kind(&self) -> &'static str {
                match self {
                    $($(#[cfg($cfg)])? LossSpec::$variant(_) => $json,)*
                }
            }

            /// A short display name (`"Bursty loss"`).
            pub fn display_name(&self) -> &'static str {
                match self {
                    $($(#[cfg($cfg)])? LossSpec::$variant(_) => $display,)*
                }
            }

            /// Every model's documented example, in registry order.
            pub fn examples() -> Vec<LossSpec> {
                vec![$($(#[cfg($cfg)])? LossSpec::$variant(<$spec as $crate::loss::LossParams>::example()),)*]
            }

            /// Its parameter struct, for the checks.
            pub fn params(&self) -> &dyn $crate::loss::LossParams {
                match self {
                    $($(#[cfg($cfg)])? LossSpec::$variant(s) => s,)*
                }
            }
        }
    };
}
pub(crate) use define_loss_types;

#[cfg(test)]
mod tests {
    //! The registry's test-only line reaches every door: the reader, the
    //! validator, the JSON Schema, the wire's dispatch and a whole run.
    use crate::scenario::{parse_scenario_without_work_limits, to_json, LossSpec};

    fn scenario_with(loss: serde_json::Value) -> String {
        let text = include_str!("../../../../content/scenarios/default.json");
        let mut v: serde_json::Value = serde_json::from_str(text).expect("default.json");
        v["topology"]["links"][1]["loss"] = loss;
        v.to_string()
    }

    #[test]
    fn a_test_only_line_is_a_loss_model_everywhere() {
        assert_eq!(LossSpec::KINDS.last(), Some(&"test_dummy"));
        let json = scenario_with(serde_json::json!({"kind": "test_dummy", "packets": [5, 6]}));
        let s = parse_scenario_without_work_limits(&json).expect("accepted");
        let l = s.topology.links[1].loss.as_ref().expect("loss");
        assert_eq!((l.kind(), l.display_name()), ("test_dummy", "Test dummy"));
        assert!(to_json(&s).contains(r#""kind":"test_dummy""#));
        // Its checks run, at its field.
        let bad = scenario_with(serde_json::json!({"kind": "test_dummy", "packets": [0]}));
        let e = parse_scenario_without_work_limits(&bad).unwrap_err();
        assert_eq!(e[0].path, "topology.links[1].loss.packets");
        let e = parse_scenario_without_work_limits(&scenario_with(
            serde_json::json!({"kind": "no_such_loss"}),
        ))
        .unwrap_err();
        assert_eq!(e[0].path, "topology.links[1].loss.kind");
        // The wire builds it: a run loses what `nth` with the same list loses.
        let run = |json: &str| {
            let s = parse_scenario_without_work_limits(json).expect("accepted");
            let mut w = crate::world::World::new(&s);
            w.run();
            w.summary().to_json()
        };
        let nth = scenario_with(serde_json::json!({"kind": "nth", "packets": [5, 6]}));
        assert_eq!(run(&json), run(&nth));
        assert_ne!(run(&json), run(&scenario_with(serde_json::Value::Null)));
    }

    #[cfg(feature = "schema")]
    #[test]
    fn the_schema_offers_every_line_with_its_label() {
        let schema: serde_json::Value =
            serde_json::from_str(&crate::scenario::json_schema()).expect("schema");
        let text = schema["$defs"]["LossSpec"].to_string();
        for k in LossSpec::KINDS {
            assert!(text.contains(&format!("\"{k}\"")), "{k} missing: {text}");
        }
        assert!(text.contains(r#""x-label":"Test dummy""#), "{text}");
        assert!(
            text.contains(r#""x-example":{"kind":"test_dummy","packets":[20,21]}"#),
            "{text}"
        );
    }
}

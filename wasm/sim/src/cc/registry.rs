//! The congestion-control registry: one line per algorithm, the only list of
//! them. A line gives the enum variant, the JSON name, the display name, the
//! controller type (built through [`Registered`](super::Registered)) and, if
//! the algorithm takes parameters, its `cc_params` block and the block's
//! struct (beside the controller, in its own file, with its defaults, doc
//! strings and checks: [`ParamBlock`]). The doc comment becomes the variant's
//! description in the JSON Schema, the display name its `x-label` (the page's
//! labels read both from there).
//!
//! From it come `CcAlgorithm` (variants, `ALL`, `name()`, `display_name()`),
//! `CcParams` (its blocks, their checks, and how a flow's blocks fill in from
//! a rule's), and the controllers' dispatch (`build_with`, `build_from`); the
//! scenario (which re-exports both types), the serde reader, the validator,
//! the JSON Schema, the generated TypeScript types and the page's and the
//! fuzzers' lists follow from those. Order is the value of the `algorithm`
//! trace column: append, never reorder.
//!
//! Lines under `#[cfg(test)]` exist only in the crate's own test build (they
//! prove that a new line is all the rest needs); the attribute covers the
//! line's parameter block too.

use crate::error::FieldChecks;

/// Calls `$then!` with the registry's lines.
macro_rules! for_each_cc {
    ($then:ident) => {
        $then! {
            /// NewReno (RFC 5681 congestion control, RFC 6582 fast recovery).
            Newreno = "newreno", "NewReno", newreno::NewReno;
            /// CUBIC (RFC 9438; presets for Linux tcp_cubic.c and paper 002).
            Cubic = "cubic", "CUBIC", cubic::Cubic, cubic: cubic::CubicParams;
            /// Compound TCP (Tan et al., INFOCOM 2006; draft-sridharan-tcpm-ctcp-02).
            Compound = "compound", "Compound", compound::Compound, compound: compound::CompoundParams;
            /// HighSpeed TCP (RFC 3649).
            Highspeed = "highspeed", "HighSpeed", highspeed::HighSpeed, highspeed: highspeed::HighSpeedParams;
            /// Scalable TCP (Kelly, CCR 2003).
            Scalable = "scalable", "Scalable", scalable::Scalable, scalable: scalable::ScalableParams;
            /// BIC (Xu, Harfoush, Rhee, INFOCOM 2004; Linux tcp_bic.c).
            Bic = "bic", "BIC", bic::Bic, bic: bic::BicParams;
            /// H-TCP (Leith & Shorten, PFLDnet 2004; Linux tcp_htcp.c).
            Htcp = "htcp", "H-TCP", htcp::Htcp, htcp: htcp::HtcpParams;
            /// TCP Vegas (Brakmo & Peterson, JSAC 1995; Linux tcp_vegas.c).
            Vegas = "vegas", "Vegas", vegas::Vegas, vegas: vegas::VegasParams;
            /// TCP Westwood+ (Grieco & Mascolo 2004; Linux tcp_westwood.c).
            WestwoodPlus = "westwood_plus", "Westwood+", westwood::WestwoodPlus;
            /// FAST TCP (Jin, Wei, Low, INFOCOM 2004).
            Fast = "fast", "FAST", fast::Fast, fast: fast::FastParams;
            /// BBR v1 (draft-cardwell-iccrg-bbr-congestion-control-00; Linux tcp_bbr.c).
            Bbr = "bbr", "BBR", bbr::Bbr, bbr: bbr::BbrParams;
            /// Paper 000's end-to-end feedback window control (Ito 2008, chapter 4).
            E2eFeedback = "e2e_feedback", "E2E feedback", e2e_feedback::E2eFeedback, e2e_feedback: e2e_feedback::E2eFeedbackParams;
            /// Paper 001's receiver-driven rate control (Miyake et al., KDD, ~1994).
            ReceiverRate = "receiver_rate", "Receiver rate", receiver_rate::ReceiverRate, receiver_rate: receiver_rate::ReceiverRateParams;
            /// A test-only algorithm (cc/test_dummy.rs: NewReno under another name).
            #[cfg(test)]
            TestDummy = "test_dummy", "Test dummy", test_dummy::TestDummy, test_dummy: test_dummy::TestDummyParams;
        }
    };
}
pub(crate) use for_each_cc;

/// What the registry needs of an algorithm's `cc_params` block besides serde
/// and the schema: its checks.
pub trait ParamBlock {
    /// Report impossible values through `c`, which knows the block's path
    /// (`flows[0].cc_params.vegas`): each check names its field and the
    /// range or the field it must respect. Serde has already refused unknown
    /// fields and names.
    fn check(&self, c: &mut FieldChecks);
}

/// Defines `CcAlgorithm` and `CcParams` from the registry (in cc/mod.rs, so
/// that a line's paths name the modules beside it).
macro_rules! define_cc_types {
    ($(
        $(#[doc = $doc:literal])*
        $(#[cfg($cfg:meta)])?
        $variant:ident = $json:literal, $display:literal, $ctor:path
        $(, $field:ident : $params:ty)?;
    )*) => {
        /// A congestion-control algorithm. Loss-recovery variants (Tahoe, Reno) belong
        /// to the sender, not here.
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        #[derive(::serde::Serialize, ::serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
        pub enum CcAlgorithm {
            #[default]
            $(
                $(#[doc = $doc])*
                $(#[cfg($cfg)])?
                #[serde(rename = $json)]
                #[cfg_attr(feature = "schema", schemars(extend("x-label" = $display)))]
                $variant,
            )*
        }

        impl CcAlgorithm {
            /// Every algorithm, in the order of the `algorithm` trace column's values
            /// (docs/algorithms.md): newreno is 0, receiver_rate 12.
            pub const ALL: &'static [CcAlgorithm] = &[$($(#[cfg($cfg)])? CcAlgorithm::$variant,)*];

            /// The JSON name (`"westwood_plus"`).
            pub fn name(self) -> &'static str {
                match self {
                    $($(#[cfg($cfg)])? CcAlgorithm::$variant => $json,)*
                }
            }

            /// The short name people know it by (`"Westwood+"`).
            pub fn display_name(self) -> &'static str {
                match self {
                    $($(#[cfg($cfg)])? CcAlgorithm::$variant => $display,)*
                }
            }

            /// Position in [`CcAlgorithm::ALL`]: the value of the `algorithm` column.
            pub fn index(self) -> usize {
                self as usize
            }
        }

        $crate::cc::registry::cc_params_struct! {
            [] $({ $(#[cfg($cfg)])? $($field: $params)? })*
        }

        impl CcParams {
            /// No block given (the scenario leaves `cc_params` out).
            pub fn is_default(&self) -> bool {
                *self == Self::default()
            }

            /// The errors of this `cc_params` object at `path`, block by
            /// block in registry order.
            pub fn errors(&self, path: &str) -> Vec<$crate::error::ValidationError> {
                let mut errors = Vec::new();
                $(
                $(#[cfg($cfg)])?
                {$(
                if let Some(block) = &self.$field {
                    let at = format!("{path}.{}", stringify!($field));
                    let mut c = $crate::error::FieldChecks::new(&at, &mut errors);
                    $crate::cc::ParamBlock::check(block, &mut c);
                }
                )?}
                )*
                errors
            }

            /// These blocks, and `fallback`'s where this has none (a flow's
            /// own blocks over those of the rule that chose its algorithm).
            pub fn or(&self, fallback: &CcParams) -> CcParams {
                let mut out = CcParams::default();
                $(
                $(#[cfg($cfg)])?
                {$(
                    out.$field = self.$field.clone().or_else(|| fallback.$field.clone());
                )?}
                )*
                out
            }
        }
    };
}
pub(crate) use define_cc_types;

/// `CcParams`, one optional field per line with a block, each under its
/// line's `#[cfg]`: a line arrives as `{ #[cfg(..)]? field: Type }` (or `{}`
/// without a block) and the fields pile up in the brackets (a field cannot
/// come from a macro call, so the struct is written once they are all in).
macro_rules! cc_params_struct {
    ([$($out:tt)*]) => {
        /// Per-flow parameters of the congestion-control algorithms, one optional
        /// block per algorithm. A block is used whenever the flow runs that algorithm
        /// (from the start, or after a mid-flow switch); missing blocks and missing
        /// fields take the defaults documented here.
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        #[derive(::serde::Serialize, ::serde::Deserialize, Clone, Debug, PartialEq, Default)]
        #[serde(deny_unknown_fields)]
        pub struct CcParams {
            $($out)*
        }
    };
    ([$($out:tt)*] { $(#[$m:meta])* } $($rest:tt)*) => {
        $crate::cc::registry::cc_params_struct! { [$($out)*] $($rest)* }
    };
    ([$($out:tt)*] { $(#[$m:meta])* $field:ident : $params:ty } $($rest:tt)*) => {
        $crate::cc::registry::cc_params_struct! {
            [
                $($out)*
                $(#[$m])*
                #[serde(default, skip_serializing_if = "Option::is_none")]
                pub $field: Option<$params>,
            ]
            $($rest)*
        }
    };
}
pub(crate) use cc_params_struct;

#[cfg(test)]
mod tests {
    //! The registry's test-only line (cc/test_dummy.rs, with a parameter
    //! block) reaches every door: the reader, the validator (its block's
    //! ranges), the JSON Schema, the controllers and a whole run.
    use crate::scenario::{parse_scenario_without_work_limits, to_json, CcAlgorithm};
    use serde_json::{json, Value};

    const DUMMY: &str = "test_dummy";

    fn scenario_with(cc: &str, params: Value) -> String {
        let text = include_str!("../../../../content/scenarios/default.json");
        let mut v: Value = serde_json::from_str(text).expect("default.json");
        v["flows"][0]["cc"] = Value::from(cc);
        if !params.is_null() {
            v["flows"][0]["cc_params"] = params;
        }
        v.to_string()
    }

    fn run(json: &str) -> String {
        let s = parse_scenario_without_work_limits(json).expect("accepted");
        let mut w = crate::world::World::new(&s);
        w.run();
        w.summary().to_json()
    }

    #[test]
    fn a_test_only_line_is_an_algorithm_everywhere() {
        let dummy = *CcAlgorithm::ALL.last().expect("algorithms");
        assert_eq!((dummy.name(), dummy.display_name()), (DUMMY, "Test dummy"));
        assert_eq!(dummy.index(), CcAlgorithm::ALL.len() - 1);
        // The reader and the validator take it and its block, and it writes back.
        let block = json!({"test_dummy": {"initial_window_segments": 2}});
        let with_block = scenario_with(DUMMY, block.clone());
        let s = parse_scenario_without_work_limits(&with_block).expect("accepted");
        assert_eq!(s.flows[0].cc, Some(dummy));
        let p = s.flows[0].cc_params.test_dummy.as_ref().expect("its block");
        assert_eq!(p.initial_window_segments, 2);
        let written = to_json(&s);
        assert!(written.contains(r#""cc":"test_dummy""#), "{written}");
        assert!(
            written.contains(r#""initial_window_segments":2"#),
            "{written}"
        );
        // Its block's own ranges are the validator's, at the field's path.
        let bad = json!({"test_dummy": {"initial_window_segments": 0}});
        let e = parse_scenario_without_work_limits(&scenario_with(DUMMY, bad)).unwrap_err();
        let path = "flows[0].cc_params.test_dummy.initial_window_segments";
        assert_eq!((e.len(), e[0].path.as_str()), (1, path), "{e:?}");
        assert_eq!(e[0].message, "must be an integer in [1, 100], got 0");
        // An unknown field of the block and a name that no line gives are refused.
        let odd = json!({"test_dummy": {"gain": 1}});
        let e = parse_scenario_without_work_limits(&scenario_with(DUMMY, odd)).unwrap_err();
        assert_eq!(e[0].path, "flows[0].cc_params.test_dummy.gain");
        let e = parse_scenario_without_work_limits(&scenario_with("no_such_cc", Value::Null))
            .unwrap_err();
        assert_eq!(e[0].path, "flows[0].cc");
        // The controller the line names is built, and a run uses it and its block.
        let cc = crate::cc::build_with(
            dummy,
            &Default::default(),
            &crate::cc::CcContext {
                mss: 1448,
                initial_cwnd_segments: 10,
                seed: 0,
                slow_start: Default::default(),
            },
        );
        assert_eq!(cc.name(), DUMMY);
        let plain = scenario_with(DUMMY, Value::Null);
        let s = parse_scenario_without_work_limits(&plain).expect("accepted");
        let mut w = crate::world::World::new(&s);
        w.run();
        assert!(w.summary().flows[0].goodput_bps > 0.0);
        assert_ne!(run(&plain), run(&with_block), "the block changes the run");
        // A cc rule's block fills in for a flow that gives none.
        let mut v: Value = serde_json::from_str(&plain).expect("json");
        v["cc_rules"] = json!([{"cc": DUMMY, "cc_params": block}]);
        v["flows"][0].as_object_mut().expect("flow").remove("cc");
        let s = parse_scenario_without_work_limits(&v.to_string()).expect("accepted");
        let chosen = crate::scenario::resolve_cc(&s, 0);
        assert_eq!((chosen.algorithm, chosen.rule), (dummy, Some(0)));
        assert_eq!(chosen.params.test_dummy, Some(p.clone()));
    }

    #[cfg(feature = "schema")]
    #[test]
    fn the_schema_offers_every_line_and_block_with_its_description() {
        let schema: Value = serde_json::from_str(&crate::scenario::json_schema()).expect("schema");
        let text = schema["$defs"]["CcAlgorithm"].to_string();
        for a in CcAlgorithm::ALL {
            assert!(
                text.contains(&format!("\"{}\"", a.name())),
                "{} missing: {text}",
                a.name()
            );
        }
        assert!(text.contains("NewReno under another name"), "{text}");
        let params = schema["$defs"]["CcParams"]["properties"].to_string();
        assert!(params.contains(r#""test_dummy""#), "{params}");
        let block = schema["$defs"]["TestDummyParams"].to_string();
        assert!(
            block.contains("Initial window, segments, in [1, 100]"),
            "{block}"
        );
    }
}

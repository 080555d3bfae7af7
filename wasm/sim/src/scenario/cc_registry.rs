//! The congestion-control registry: one line per algorithm, the only list of
//! them. A line gives the enum variant, the JSON name, the display name, the
//! controller type (in `cc/`, built through `cc::Registered`) and, if the
//! algorithm takes parameters, its `cc_params` block and their type. The doc
//! comment becomes the variant's description in the JSON Schema, the display
//! name its `x-label` (the page's labels read both from there).
//!
//! From it come the scenario's `CcAlgorithm` (variants, `ALL`, `name()`,
//! `display_name()`), its `CcParams`, and the controllers' dispatch
//! (`cc::build_with`, `cc::build_from`); the serde reader, the JSON Schema, the
//! generated TypeScript types and the page's lists follow from those. Order is
//! the value of the `algorithm` trace column: append, never reorder.
//!
//! Lines under `#[cfg(test)]` exist only in the crate's own test build (they
//! prove that a new line is all the rest needs); they take no parameters.

/// Calls `$then!` with the registry's lines.
macro_rules! for_each_cc {
    ($then:ident) => {
        $then! {
            /// NewReno (RFC 5681 congestion control, RFC 6582 fast recovery).
            Newreno = "newreno", "NewReno", newreno::NewReno;
            /// CUBIC (RFC 9438; presets for Linux tcp_cubic.c and paper 002).
            Cubic = "cubic", "CUBIC", cubic::Cubic, cubic: CubicParams;
            /// Compound TCP (Tan et al., INFOCOM 2006; draft-sridharan-tcpm-ctcp-02).
            Compound = "compound", "Compound", compound::Compound, compound: CompoundParams;
            /// HighSpeed TCP (RFC 3649).
            Highspeed = "highspeed", "HighSpeed", highspeed::HighSpeed, highspeed: HighSpeedParams;
            /// Scalable TCP (Kelly, CCR 2003).
            Scalable = "scalable", "Scalable", scalable::Scalable, scalable: ScalableParams;
            /// BIC (Xu, Harfoush, Rhee, INFOCOM 2004; Linux tcp_bic.c).
            Bic = "bic", "BIC", bic::Bic, bic: BicParams;
            /// H-TCP (Leith & Shorten, PFLDnet 2004; Linux tcp_htcp.c).
            Htcp = "htcp", "H-TCP", htcp::Htcp, htcp: HtcpParams;
            /// TCP Vegas (Brakmo & Peterson, JSAC 1995; Linux tcp_vegas.c).
            Vegas = "vegas", "Vegas", vegas::Vegas, vegas: VegasParams;
            /// TCP Westwood+ (Grieco & Mascolo 2004; Linux tcp_westwood.c).
            WestwoodPlus = "westwood_plus", "Westwood+", westwood::WestwoodPlus;
            /// FAST TCP (Jin, Wei, Low, INFOCOM 2004).
            Fast = "fast", "FAST", fast::Fast, fast: FastParams;
            /// BBR v1 (draft-cardwell-iccrg-bbr-congestion-control-00; Linux tcp_bbr.c).
            Bbr = "bbr", "BBR", bbr::Bbr, bbr: BbrParams;
            /// Paper 000's end-to-end feedback window control (Ito 2008, chapter 4).
            E2eFeedback = "e2e_feedback", "E2E feedback", e2e_feedback::E2eFeedback, e2e_feedback: E2eFeedbackParams;
            /// Paper 001's receiver-driven rate control (Miyake et al., KDD, ~1994).
            ReceiverRate = "receiver_rate", "Receiver rate", receiver_rate::ReceiverRate, receiver_rate: ReceiverRateParams;
            /// A test-only algorithm (cc/test_dummy.rs: NewReno under another name).
            #[cfg(test)]
            TestDummy = "test_dummy", "Test dummy", test_dummy::TestDummy;
        }
    };
}
pub(crate) use for_each_cc;

/// Defines `CcAlgorithm` and `CcParams` from the registry (scenario/types.rs).
macro_rules! define_cc_types {
    ($(
        $(#[doc = $doc:literal])*
        $(#[cfg($cfg:meta)])?
        $variant:ident = $json:literal, $display:literal, $ctor:path $(, $field:ident : $params:ty)?;
    )*) => {
        /// A congestion-control algorithm. Loss-recovery variants (Tahoe, Reno) belong
        /// to the sender, not here.
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        #[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
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

        /// Per-flow parameters of the congestion-control algorithms, one optional
        /// block per algorithm. A block is used whenever the flow runs that algorithm
        /// (from the start, or after a mid-flow switch); missing blocks and missing
        /// fields take the defaults documented here.
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        #[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
        #[serde(deny_unknown_fields)]
        pub struct CcParams {
            $($(
                #[serde(default, skip_serializing_if = "Option::is_none")]
                pub $field: Option<$params>,
            )?)*
        }
    };
}
pub(crate) use define_cc_types;

#[cfg(test)]
mod tests {
    //! The registry's test-only line reaches every door: the reader, the
    //! validator, the JSON Schema, the controllers and a whole run.
    use crate::scenario::{parse_scenario_without_work_limits, to_json, CcAlgorithm};

    const DUMMY: &str = "test_dummy";

    fn scenario_with(cc: &str) -> String {
        let text = include_str!("../../../../content/scenarios/default.json");
        let mut v: serde_json::Value = serde_json::from_str(text).expect("default.json");
        v["flows"][0]["cc"] = serde_json::Value::from(cc);
        v.to_string()
    }

    #[test]
    fn a_test_only_line_is_an_algorithm_everywhere() {
        let dummy = *CcAlgorithm::ALL.last().expect("algorithms");
        assert_eq!((dummy.name(), dummy.display_name()), (DUMMY, "Test dummy"));
        assert_eq!(dummy.index(), CcAlgorithm::ALL.len() - 1);
        // The reader and the validator take it, and it writes back under its name.
        let s = parse_scenario_without_work_limits(&scenario_with(DUMMY)).expect("accepted");
        assert_eq!(s.flows[0].cc, Some(dummy));
        assert!(to_json(&s).contains(r#""cc":"test_dummy""#));
        // A name that no line gives is refused, naming the field.
        let e = parse_scenario_without_work_limits(&scenario_with("no_such_cc")).unwrap_err();
        assert_eq!(e[0].path, "flows[0].cc");
        // The controller the line names is built, and a run uses it.
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
        let mut w = crate::world::World::new(&s);
        w.run();
        assert!(w.summary().flows[0].goodput_bps > 0.0);
    }

    #[cfg(feature = "schema")]
    #[test]
    fn the_schema_offers_every_line_with_its_description() {
        let schema: serde_json::Value =
            serde_json::from_str(&crate::scenario::json_schema()).expect("schema");
        let text = schema["$defs"]["CcAlgorithm"].to_string();
        for a in CcAlgorithm::ALL {
            assert!(
                text.contains(&format!("\"{}\"", a.name())),
                "{} missing: {text}",
                a.name()
            );
        }
        assert!(text.contains("NewReno under another name"), "{text}");
    }
}

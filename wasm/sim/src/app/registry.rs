//! The traffic-source registry: one line per kind of application behind a
//! flow, the only list of them. A line gives the enum variant with its
//! parameter struct, the JSON `kind`, the display name and the transports it
//! can drive. The parameter struct (with its defaults, doc strings, checks,
//! documented example and behaviour: [`SourceParams`]) lives in the source's
//! own file. The variant's doc comment becomes its description in the JSON
//! Schema, the display name its `x-label` and the transports its
//! `x-protocols` (the page's labels and transport lists read them there).
//!
//! From it come `SourceSpec` (variants, `KINDS`, `kind()`, `display_name()`,
//! `serves()`, `kinds_for()`, `examples()`, and the checks and behaviour of
//! each struct's [`SourceParams`], dispatched by `match`); the scenario (which re-exports
//! `SourceSpec`), the serde reader, the validator's transport check, the
//! JSON Schema, the generated TypeScript types, the page's lists and labels,
//! the contract tests and the fuzzers' lists follow from those.
//!
//! Lines under `#[cfg(test)]` exist only in the crate's own test build (they
//! prove that a new line is all the rest needs).

use super::check::SourceCheck;
#[cfg(doc)]
use super::SourceSpec;
use super::{OnOff, Protocol, UdpRate, UdpSource};

/// Calls `$then!` with the registry's lines.
macro_rules! for_each_source {
    ($then:ident) => {
        $then! {
            /// Always has data to send (TCP).
            Bulk(bulk::BulkSpec) = "bulk", "Bulk transfer", [Tcp];
            /// Sends `bytes` and stops; the flow completion time is recorded (TCP).
            Sized(sized::SizedSpec) = "sized", "Sized transfer", [Tcp];
            /// Fixed-size datagrams at a fixed interval (UDP).
            Cbr(cbr::CbrSpec) = "cbr", "Constant bit rate", [Udp];
            /// Datagrams with exponential gaps (a Poisson process) at a mean rate (UDP).
            Poisson(poisson::PoissonSpec) = "poisson", "Poisson", [Udp];
            /// Alternates between sending (bulk TCP, or CBR UDP at `rate_bps`) and silence.
            OnOff(on_off::OnOffSpec) = "on_off", "On–off", [Tcp, Udp];
            /// A test-only source (app/test_dummy.rs: bulk under another name, TCP).
            #[cfg(test)]
            TestDummy(test_dummy::TestDummySourceSpec) = "test_dummy", "Test dummy", [Tcp];
        }
    };
}
pub(crate) use for_each_source;

/// What the registry needs of a source's parameter struct (besides serde and
/// the schema): its checks, its documented example, and what it drives. A
/// source that names none of the behaviours is a TCP sender with endless
/// data, as `bulk` is.
pub trait SourceParams {
    /// Report impossible parameters through `c`, which knows the source's
    /// path, the flow's transport and its path MTU. (The transport itself is
    /// checked before, from the registry line.)
    fn check(&self, c: &mut SourceCheck);
    /// The documented example: what the per-kind contract tests read,
    /// validate and run (on a flow of the first transport of its line).
    fn example() -> Self
    where
        Self: Sized;
    /// The example on a flow of `protocol` (the editor's starting value when
    /// the user picks this source; the schema's `x-examples`): the same as
    /// [`example`](Self::example) unless the transport needs other fields.
    fn example_for(_protocol: Protocol) -> Self
    where
        Self: Sized,
    {
        Self::example()
    }
    /// TCP: the bytes the application offers at the start; None for endless
    /// data.
    fn tcp_bytes(&self) -> Option<u64> {
        None
    }
    /// The on and off periods the source alternates between, if it does.
    fn on_off(&self) -> Option<OnOff> {
        None
    }
    /// UDP: the datagram source on a path of `path_mtu`, if the source
    /// sends datagrams.
    fn udp(&self, _path_mtu: u32) -> Option<UdpSource> {
        None
    }
    /// UDP: the rate the source sends at while on, as its parameters give it
    /// (for the work estimate and the fair share; a run uses [`udp`](Self::udp)).
    fn udp_rate(&self) -> Option<UdpRate> {
        None
    }
}

/// Defines `SourceSpec` from the registry (in app/mod.rs, so that a line's
/// paths name the modules beside it).
macro_rules! define_source_types {
    ($(
        $(#[doc = $doc:literal])*
        $(#[cfg($cfg:meta)])?
        $variant:ident($spec:ty) = $json:literal, $display:literal, [$($proto:ident),+];
    )*) => {
        /// The application behind a flow.
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        #[derive(::serde::Serialize, ::tcplab_derive::TaggedDeserialize, Clone, Debug, PartialEq)]
        #[serde(tag = "kind", deny_unknown_fields)]
        pub enum SourceSpec {
            $(
                $(#[doc = $doc])*
                $(#[cfg($cfg)])?
                #[serde(rename = $json)]
                #[cfg_attr(feature = "schema", schemars(extend(
                    "x-label" = $display,
                    "x-protocols" = [$(Protocol::$proto.name()),+],
                    "x-examples" = crate::json::schema_examples(&[$((
                        Protocol::$proto.name(),
                        SourceSpec::$variant(
                            <$spec as $crate::app::SourceParams>::example_for(Protocol::$proto)
                        ),
                    )),+])
                )))]
                $variant($spec),
            )*
        }

        impl SourceSpec {
            /// Every source's `kind`, in registry order.
            pub const KINDS: &'static [&'static str] = &[$($(#[cfg($cfg)])? $json,)*];

            /// The JSON `kind` (`"on_off"`).
            pub fn kind(&self) -> &'static str {
                match self {
                    $($(#[cfg($cfg)])? SourceSpec::$variant(_) => $json,)*
                }
            }

            /// A short display name (`"Constant bit rate"`).
            pub fn display_name(&self) -> &'static str {
                match self {
                    $($(#[cfg($cfg)])? SourceSpec::$variant(_) => $display,)*
                }
            }

            /// The transports this source can drive, as its registry line lists them.
            pub fn protocols(&self) -> &'static [Protocol] {
                match self {
                    $($(#[cfg($cfg)])? SourceSpec::$variant(_) => &[$(Protocol::$proto),+],)*
                }
            }

            /// Can this source drive a flow of `protocol`?
            pub fn serves(&self, protocol: Protocol) -> bool {
                self.protocols().contains(&protocol)
            }

            /// The kinds that can drive a flow of `protocol`, in registry order.
            pub fn kinds_for(protocol: Protocol) -> Vec<&'static str> {
                let mut out = Vec::new();
                $($(#[cfg($cfg)])? if [$(Protocol::$proto),+].contains(&protocol) {
                    out.push($json);
                })*
                out
            }

            /// Every source's example on a flow of each transport its line
            /// names ([`SourceParams::example_for`]), in registry order.
            // One push per transport of a line: a `vec![…]` cannot repeat a
            // line's `cfg` inside the repetition of its transports.
            #[allow(clippy::vec_init_then_push)]
            pub fn examples_by_protocol() -> Vec<(Protocol, SourceSpec)> {
                let mut out = Vec::new();
                $($(#[cfg($cfg)])? $(out.push((
                    Protocol::$proto,
                    SourceSpec::$variant(<$spec as $crate::app::SourceParams>::example_for(Protocol::$proto)),
                ));)+)*
                out
            }

            /// Every source's documented example, in registry order.
            pub fn examples() -> Vec<SourceSpec> {
                vec![$($(#[cfg($cfg)])? SourceSpec::$variant(<$spec as $crate::app::SourceParams>::example()),)*]
            }

            // Its checks and behaviour, each its parameter struct's
            // (`SourceParams`), dispatched by `match`.

            /// Report impossible parameters through `c` ([`SourceParams::check`]).
            pub fn check(&self, c: &mut $crate::app::check::SourceCheck) {
                match self {
                    $($(#[cfg($cfg)])? SourceSpec::$variant(s) => $crate::app::SourceParams::check(s, c),)*
                }
            }

            /// TCP: the bytes the application offers ([`SourceParams::tcp_bytes`]).
            pub fn tcp_bytes(&self) -> Option<u64> {
                match self {
                    $($(#[cfg($cfg)])? SourceSpec::$variant(s) => $crate::app::SourceParams::tcp_bytes(s),)*
                }
            }

            /// Its on and off periods ([`SourceParams::on_off`]).
            pub fn on_off(&self) -> Option<$crate::app::OnOff> {
                match self {
                    $($(#[cfg($cfg)])? SourceSpec::$variant(s) => $crate::app::SourceParams::on_off(s),)*
                }
            }

            /// UDP: its datagram source ([`SourceParams::udp`]).
            pub fn udp(&self, path_mtu: u32) -> Option<$crate::app::UdpSource> {
                match self {
                    $($(#[cfg($cfg)])? SourceSpec::$variant(s) => $crate::app::SourceParams::udp(s, path_mtu),)*
                }
            }

            /// UDP: its rate while on ([`SourceParams::udp_rate`]).
            pub fn udp_rate(&self) -> Option<$crate::app::UdpRate> {
                match self {
                    $($(#[cfg($cfg)])? SourceSpec::$variant(s) => $crate::app::SourceParams::udp_rate(s),)*
                }
            }
        }
    };
}
pub(crate) use define_source_types;

#[cfg(test)]
mod tests {
    //! The registry's test-only line reaches every door: the reader, the
    //! validator (its transport and its own checks), the JSON Schema and a
    //! whole run.
    use crate::scenario::{parse_scenario_without_work_limits, to_json, Protocol, SourceSpec};
    use serde_json::{json, Value};

    fn scenario_with(protocol: &str, source: Value) -> String {
        let text = include_str!("../../../../content/scenarios/default.json");
        let mut v: Value = serde_json::from_str(text).expect("default.json");
        v["flows"][0]["protocol"] = Value::from(protocol);
        v["flows"][0]["source"] = source;
        v.to_string()
    }

    #[test]
    fn every_kind_serves_a_transport_and_names_itself() {
        assert_eq!(
            SourceSpec::kinds_for(Protocol::Tcp),
            ["bulk", "sized", "on_off", "test_dummy"]
        );
        assert_eq!(
            SourceSpec::kinds_for(Protocol::Udp),
            ["cbr", "poisson", "on_off"]
        );
        let s: SourceSpec =
            serde_json::from_str(r#"{"kind":"poisson","rate_bps":1e6,"packet_bytes":100}"#)
                .expect("poisson");
        assert_eq!((s.kind(), s.display_name()), ("poisson", "Poisson"));
        assert!(s.serves(Protocol::Udp) && !s.serves(Protocol::Tcp));
        assert_eq!(SourceSpec::default().kind(), "bulk");
        assert_eq!(
            serde_json::to_string(&SourceSpec::default()).expect("json"),
            r#"{"kind":"bulk"}"#
        );
        // The validator names the kinds a transport allows from the registry.
        let cbr = json!({"kind": "cbr", "packet_bytes": 100, "interval_ms": 1.0});
        let e = parse_scenario_without_work_limits(&scenario_with("tcp", cbr)).unwrap_err();
        assert_eq!(e[0].path, "flows[0].source.kind");
        assert!(
            e[0].message.contains("bulk, sized, on_off or test_dummy"),
            "{}",
            e[0].message
        );
    }

    #[test]
    fn a_test_only_line_is_a_source_everywhere() {
        assert_eq!(SourceSpec::KINDS.last(), Some(&"test_dummy"));
        // The reader and the validator take it, with its default, and it
        // writes back under its kind.
        let json = scenario_with("tcp", json!({"kind": "test_dummy"}));
        let s = parse_scenario_without_work_limits(&json).expect("accepted");
        let src = &s.flows[0].source;
        assert_eq!(
            (src.kind(), src.display_name()),
            ("test_dummy", "Test dummy")
        );
        assert!(to_json(&s).contains(r#""kind":"test_dummy","level":1"#));
        // Its own checks run, at its field.
        let bad = scenario_with("tcp", json!({"kind": "test_dummy", "level": 11}));
        let e = parse_scenario_without_work_limits(&bad).unwrap_err();
        assert_eq!((e.len(), e[0].path.as_str()), (1, "flows[0].source.level"));
        // Its line's transports are the validator's; a kind no line gives is refused.
        let udp = scenario_with("udp", json!({"kind": "test_dummy"}));
        let e = parse_scenario_without_work_limits(&udp).unwrap_err();
        assert_eq!((e.len(), e[0].path.as_str()), (1, "flows[0].source.kind"));
        assert!(
            e[0].message
                .contains("a UDP flow cannot use a test_dummy source"),
            "{}",
            e[0].message
        );
        let e = parse_scenario_without_work_limits(&scenario_with(
            "tcp",
            json!({"kind": "no_such_source"}),
        ))
        .unwrap_err();
        assert_eq!(e[0].path, "flows[0].source.kind");
        // A run drives it as it drives any source that names no behaviour: like bulk.
        let run = |json: &str| {
            let s = parse_scenario_without_work_limits(json).expect("accepted");
            let mut w = crate::world::World::new(&s);
            w.run();
            w.summary().to_json()
        };
        let bulk = scenario_with("tcp", json!({"kind": "bulk"}));
        assert_eq!(run(&json), run(&bulk));
        let sized = scenario_with("tcp", json!({"kind": "sized", "bytes": 100_000}));
        assert_ne!(run(&json), run(&sized));
    }

    #[cfg(feature = "schema")]
    #[test]
    fn the_schema_offers_every_line_with_its_label_and_transports() {
        let schema: Value = serde_json::from_str(&crate::scenario::json_schema()).expect("schema");
        let one_of = schema["$defs"]["SourceSpec"]["oneOf"]
            .as_array()
            .expect("oneOf");
        let kinds: Vec<&str> = one_of
            .iter()
            .map(|v| v["properties"]["kind"]["const"].as_str().expect("kind"))
            .collect();
        assert_eq!(kinds, SourceSpec::KINDS);
        let dummy = one_of.last().expect("test_dummy");
        assert_eq!(dummy["x-label"], "Test dummy");
        assert_eq!(dummy["x-protocols"], json!(["tcp"]));
        assert_eq!(dummy["properties"]["level"]["default"], 1);
        assert!(dummy["description"]
            .as_str()
            .is_some_and(|d| d.contains("bulk under another name")));
        let on_off = &one_of[SourceSpec::KINDS
            .iter()
            .position(|k| *k == "on_off")
            .expect("on_off")];
        assert_eq!(on_off["x-protocols"], json!(["tcp", "udp"]));
        // The editor's starting values come from the registry line's example,
        // one per transport (on/off needs a rate over UDP and takes none over TCP).
        assert_eq!(
            dummy["x-examples"],
            json!({"tcp": {"kind": "test_dummy", "level": 3}})
        );
        assert_eq!(on_off["x-examples"]["udp"]["rate_bps"], json!(1e6));
        assert!(on_off["x-examples"]["tcp"]
            .get("rate_bps")
            .is_none_or(Value::is_null));
    }
}

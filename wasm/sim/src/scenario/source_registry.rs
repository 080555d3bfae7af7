//! The traffic-source registry: one line per kind of application behind a
//! flow, the only list of them. A line gives the enum variant with its fields,
//! the JSON `kind`, the display name and the transports it can drive. The doc
//! comments become the JSON Schema's descriptions, the display name the
//! variant's `x-label`.
//!
//! From it come the scenario's `SourceSpec` (variants, `KINDS`, `kind()`,
//! `display_name()`, `serves()`) and the validator's transport check with its
//! list of allowed kinds; the serde reader, the JSON Schema, the generated
//! TypeScript types, the page's lists and the fuzzers' lists follow. Unlike the
//! queue and loss registries, a source's fields stay inline in its line and its
//! behaviour lives in `app/` (TCP sources set what the sender may send, UDP
//! sources emit datagrams), reached by exhaustive `match`es that the compiler
//! makes a new line add to (`check_source` in validate.rs, for its fields;
//! `app::OnOff`, `app::UdpSource` and `app::tcp_app_bytes` give the behaviour
//! of the sources they name, and a TCP source they do not name sends without
//! end, as `bulk` does).
//!
//! Lines under `#[cfg(test)]` exist only in the crate's own test build (they
//! prove that a new line is all the rest needs).

/// Calls `$then!` with the registry's lines.
macro_rules! for_each_source {
    ($then:ident) => {
        $then! {
            /// Always has data to send (TCP).
            Bulk = "bulk", "Bulk transfer", [Tcp];
            /// Sends `bytes` and stops; the flow completion time is recorded (TCP).
            Sized { bytes: u64 } = "sized", "Sized transfer", [Tcp];
            /// Fixed-size datagrams at a fixed interval (UDP).
            Cbr {
                /// UDP payload per datagram, bytes.
                packet_bytes: u32,
                /// Time between datagrams, milliseconds.
                interval_ms: f64,
                /// Start at a random phase within the first interval.
                #[serde(default)]
                random_phase: bool,
            } = "cbr", "Constant bit rate", [Udp];
            /// Datagrams with exponential gaps (a Poisson process) at a mean rate (UDP).
            Poisson {
                /// Mean payload rate, bits per second (payload plus headers).
                rate_bps: f64,
                /// UDP payload per datagram, bytes (the mean when sizes are exponential).
                packet_bytes: u32,
                /// Draw sizes from an exponential distribution (for M/M/1) instead of fixed (M/D/1).
                #[serde(default)]
                exponential_sizes: bool,
            } = "poisson", "Poisson", [Udp];
            /// Alternates between sending (bulk TCP, or CBR UDP at `rate_bps`) and silence.
            OnOff {
                /// Mean length of an on period, seconds.
                on_s: f64,
                /// Mean length of an off period, seconds.
                off_s: f64,
                /// Draw period lengths from exponential distributions instead of fixed.
                #[serde(default)]
                exponential: bool,
                /// UDP only: sending rate while on, bits per second.
                #[serde(default, skip_serializing_if = "Option::is_none")]
                rate_bps: Option<f64>,
                /// UDP only: payload per datagram, bytes.
                #[serde(default = "default_udp_payload")]
                packet_bytes: u32,
            } = "on_off", "On–off", [Tcp, Udp];
            /// A test-only source (bulk under another name, TCP).
            #[cfg(test)]
            TestDummy = "test_dummy", "Test dummy", [Tcp];
        }
    };
}
pub(crate) use for_each_source;

/// Defines `SourceSpec` from the registry (scenario/types.rs).
macro_rules! define_source_types {
    ($(
        $(#[doc = $doc:literal])*
        $(#[cfg($cfg:meta)])?
        $variant:ident $({ $($fields:tt)* })? = $json:literal, $display:literal, [$($proto:ident),+];
    )*) => {
        /// The application behind a flow.
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        #[derive(Serialize, ::tcplab_derive::TaggedDeserialize, Clone, Debug, PartialEq)]
        #[serde(tag = "kind", deny_unknown_fields)]
        pub enum SourceSpec {
            $(
                $(#[doc = $doc])*
                $(#[cfg($cfg)])?
                #[serde(rename = $json)]
                #[cfg_attr(feature = "schema", schemars(extend("x-label" = $display)))]
                $variant $({ $($fields)* })?,
            )*
        }

        impl SourceSpec {
            /// Every source's `kind`, in registry order.
            pub const KINDS: &'static [&'static str] = &[$($(#[cfg($cfg)])? $json,)*];

            /// The JSON `kind` (`"on_off"`).
            pub fn kind(&self) -> &'static str {
                match self {
                    $($(#[cfg($cfg)])? SourceSpec::$variant { .. } => $json,)*
                }
            }

            /// A short display name (`"Constant bit rate"`).
            pub fn display_name(&self) -> &'static str {
                match self {
                    $($(#[cfg($cfg)])? SourceSpec::$variant { .. } => $display,)*
                }
            }

            /// Can this source drive a flow of `protocol`?
            pub fn serves(&self, protocol: Protocol) -> bool {
                match self {
                    $($(#[cfg($cfg)])? SourceSpec::$variant { .. } => [$(Protocol::$proto),+].contains(&protocol),)*
                }
            }

            /// The kinds that can drive a flow of `protocol`, in registry order.
            pub fn kinds_for(protocol: Protocol) -> Vec<&'static str> {
                let mut out = Vec::new();
                $($(#[cfg($cfg)])? if [$(Protocol::$proto),+].contains(&protocol) {
                    out.push($json);
                })*
                out
            }
        }
    };
}
pub(crate) use define_source_types;

#[cfg(test)]
mod tests {
    //! The registry's test-only line reaches every door: the reader, the
    //! validator (its transport), the JSON Schema and a whole run.
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
        // The reader and the validator take it, and it writes back under its kind.
        let json = scenario_with("tcp", json!({"kind": "test_dummy"}));
        let s = parse_scenario_without_work_limits(&json).expect("accepted");
        let src = &s.flows[0].source;
        assert_eq!(
            (src.kind(), src.display_name()),
            ("test_dummy", "Test dummy")
        );
        assert!(to_json(&s).contains(r#""kind":"test_dummy""#));
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
        // A run drives it as it drives a source `app/` does not name: like bulk.
        let run = |json: &str| {
            let s = parse_scenario_without_work_limits(json).expect("accepted");
            let mut w = crate::world::World::new(&s);
            w.run();
            w.summary().flows[0].goodput_bps
        };
        let bulk = scenario_with("tcp", json!({"kind": "bulk"}));
        assert!(run(&json) > 0.0);
        assert_eq!(run(&json), run(&bulk));
    }

    #[cfg(feature = "schema")]
    #[test]
    fn the_schema_offers_every_line_with_its_label() {
        let schema: Value = serde_json::from_str(&crate::scenario::json_schema()).expect("schema");
        let text = schema["$defs"]["SourceSpec"].to_string();
        for k in SourceSpec::KINDS {
            assert!(text.contains(&format!("\"{k}\"")), "{k} missing: {text}");
        }
        assert!(text.contains(r#""x-label":"Constant bit rate""#), "{text}");
        assert!(text.contains(r#""x-label":"Test dummy""#), "{text}");
        assert!(text.contains("bulk under another name"), "{text}");
    }
}

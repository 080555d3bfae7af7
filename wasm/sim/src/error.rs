//! What can be wrong with a scenario: a stable code, the field path and named parameters
//! ([`ValidationError`]), from the reader (syntax, wrong type, unknown or missing field) and
//! from the validator (ranges, references, relations). The English sentence of each code is
//! its template here; the CLI prints it, and the page renders the code and parameters in the
//! reader's language (web/src/i18n/scenarioErrors.ts holds the Japanese templates and falls
//! back to [`ValidationError::message`] for a code it does not know). A code is never
//! renamed: add a new one instead.
//!
//! Templates name parameters as `{name}`; `{ name}` stands for a space and the value, or
//! nothing when the parameter is absent (an optional unit).
//!
//! A leaf of the crate (it uses no other module), so that both `scenario` and the
//! parameter blocks in `cc` (through [`FieldChecks`]) report errors of one kind.

mod fields;

pub use fields::{
    check_floor, check_positive, check_range, out_of_range, relation, FieldChecks, FieldErrors,
};
use serde::Serialize;
use std::collections::BTreeMap;

/// One parameter's value: a number (a limit, the value given) or a text (an id, a unit).
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(untagged)]
pub enum Param {
    Number(f64),
    Text(String),
}

impl std::fmt::Display for Param {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Param::Number(v) => write!(f, "{v}"),
            Param::Text(s) => f.write_str(s),
        }
    }
}

macro_rules! from_number {
    ($($t:ty),*) => {$(
        impl From<$t> for Param {
            fn from(v: $t) -> Self {
                Param::Number(v as f64)
            }
        }
    )*};
}
from_number!(f64, u8, u16, u32, u64, usize);

impl From<&str> for Param {
    fn from(v: &str) -> Self {
        Param::Text(v.to_string())
    }
}

impl From<String> for Param {
    fn from(v: String) -> Self {
        Param::Text(v)
    }
}

impl From<&String> for Param {
    fn from(v: &String) -> Self {
        Param::Text(v.clone())
    }
}

/// The codes, each with its English template (one list, so neither can miss the other).
macro_rules! codes {
    ($( $(#[$doc:meta])* $name:ident => $text:literal, )*) => {
        /// One scenario error's code. The page has a Japanese template for every code (a test
        /// reads this list from the published boundary schema and checks the dictionary).
        #[derive(Serialize, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        #[serde(rename_all = "snake_case")]
        pub enum ErrorCode {
            $( $(#[$doc])* $name, )*
        }

        impl ErrorCode {
            /// Every code, in declaration order.
            pub const ALL: &'static [ErrorCode] = &[$(ErrorCode::$name,)*];

            /// The English template.
            pub fn english(self) -> &'static str {
                match self {
                    $(ErrorCode::$name => $text,)*
                }
            }
        }
    };
}

codes! {
    // The reader: the message is serde's own sentence; the parameters are taken from it.
    /// Not JSON ({detail}: the parser's words, in English).
    JsonSyntax => "malformed JSON: {detail}",
    /// A value of the wrong type ({found}; {expected}: serde's name of the type).
    WrongType => "invalid type: {found}, expected {expected}",
    /// A value of the right type that the type does not accept ({found}, {expected}).
    InvalidValue => "invalid value: {found}, expected {expected}",
    /// A name that is no variant of the enum ({variant}; {expected}: the names allowed).
    UnknownVariant => "unknown variant `{variant}`, expected {expected}",
    /// A field the object does not have ({field}; {expected}: the fields allowed).
    UnknownField => "unknown field `{field}`, expected {expected}",
    /// A required field is absent ({field}).
    MissingField => "missing field `{field}`",
    /// A field given twice ({field}).
    DuplicateField => "duplicate field `{field}`",
    /// A list of the wrong length ({detail}).
    InvalidLength => "invalid length {detail}",
    /// A file above the reader's limit ({bytes}, {max}).
    TooLarge => "the scenario is {bytes} bytes, more than the limit of {max}",
    /// A UTF-8 byte-order mark at the start.
    ByteOrderMark => "the text starts with a byte-order mark (bytes 0 to 2): save it as UTF-8 without a BOM",
    /// UTF-16 with a byte-order mark.
    Utf16 => "the text is UTF-16 (byte-order mark at byte 0): save it as UTF-8",
    /// UTF-16 without a byte-order mark (a zero byte at the start).
    Utf16NoMark => "the text looks like UTF-16 (a zero byte at byte 0 or 1): save it as UTF-8",
    /// Invalid UTF-8 ({byte}: the byte in hex; {offset}: its position from 0).
    NotUtf8 => "the text is not UTF-8: invalid byte {byte} at byte {offset}",
    /// Any other reader message ({detail}).
    Unreadable => "{detail}",

    // Numbers.
    /// NaN or infinite.
    NotFinite => "must be a finite number",
    /// Outside [min, max] ({min}, {max}, {value}; {unit} optional).
    OutOfRange => "must be between {min} and {max}{ unit}, got {value}",
    /// Zero or negative where only a positive value makes sense ({value}; {unit} optional).
    NotPositive => "must be greater than 0{ unit}, got {value}",
    /// Above the maximum ({max}, {value}; {unit} optional).
    AboveMax => "must be at most {max}{ unit}, got {value}",
    /// Below a minimum, the value not named ({min}; {unit} optional).
    BelowMin => "must be at least {min}{ unit}",
    /// A positive value below a floor ({min}, {value}; {unit} optional).
    BelowFloor => "must be at least {min}{ unit}, got {value}",
    /// A positive value below a floor where 0 is allowed too ({min}, {value}; {unit} optional).
    BelowFloorOrZero => "must be 0 or at least {min}{ unit}, got {value}",
    /// Outside (min, max] ({min}, {max}, {value}; {unit} optional).
    NotInOpenClosed => "must be in ({min}, {max}]{ unit}, got {value}",
    /// Outside (min, max) ({min}, {max}, {value}).
    NotInOpen => "must be in ({min}, {max}), got {value}",
    /// Outside [min, max] for a dimensionless parameter ({min}, {max}, {value}).
    NotInClosed => "must be in [{min}, {max}], got {value}",
    /// An integer outside [min, max] ({min}, {max}, {value}).
    IntegerNotInClosed => "must be an integer in [{min}, {max}], got {value}",
    /// A fraction outside (0, 1] ({value}).
    NotFraction => "must be greater than 0 and at most 1, got {value}",
    /// Negative where a number ≥ 0 is needed (the value not named).
    Negative => "must be a number ≥ 0",
    /// Negative where a number ≥ 0 is needed ({value}).
    NegativeValue => "must be a number ≥ 0, got {value}",
    /// A time below zero ({value}; {unit}).
    NegativeTime => "must be 0{ unit} or more (a time cannot be negative), got {value}",
    /// Not above another field ({field}, {bound}, {value}).
    NotAboveField => "must be greater than {field} ({bound}), got {value}",
    /// Below another field ({field}, {bound}, {value}).
    BelowField => "must be at least {field} ({bound}), got {value}",
    /// Not below another field ({field}, {bound}, {value}).
    NotBelowField => "must be below {field} ({bound}), got {value}; RED's early-drop range would be empty",
    /// Not above another field ({field}, {bound}, {value}).
    NotExceedingField => "must exceed {field} ({bound}), got {value}",
    /// Not after another field ({field}).
    NotAfterField => "must be after {field}",

    // Texts and lists.
    /// An empty id.
    Empty => "must not be empty",
    /// A text longer than allowed ({max}).
    TooLong => "must be at most {max} characters",
    /// An id with characters other than letters, digits, '-', '_' and '.'.
    BadIdChars => "may contain only letters, digits, '-', '_' and '.'",
    /// An id used twice ({kind}: node, link or flow; {id}).
    DuplicateId => "duplicate {kind} id '{id}'",
    /// Too many elements ({max}; {kind}: nodes, links, flows, rules, switches, rate changes).
    TooMany => "at most {max} {kind}",
    /// A flow listed twice in a queue's list ({flow}).
    FlowListedTwice => "flow '{flow}' is listed twice",
    /// A flow given two reservations ({flow}).
    FlowReservedTwice => "flow '{flow}' already has a reservation",

    // References.
    /// A node id that no node has ({node}).
    UnknownNode => "unknown node '{node}'",
    /// A flow id that no flow has ({flow}).
    UnknownFlow => "unknown flow '{flow}'",
    /// A flow end at a router ({node}).
    RouterFlowEnd => "'{node}' is a router; flows run between hosts",
    /// An end-host model on a router ({node}).
    RouterHostModel => "'{node}' is a router; only host nodes have an end-host model",
    /// A cc rule naming a router ({node}).
    RouterInRule => "'{node}' is a router; rules match the hosts flows run between",
    /// A cc rule's host pattern that matches no host ({pattern}).
    PatternMatchesNoHost => "'{pattern}' matches no host",
    /// A bad host pattern.
    BadPattern => "must be a node id or a pattern with '*', 1 to 64 characters",
    /// A host pattern with characters other than node-id characters and '*'.
    BadPatternChars => "may contain only letters, digits, '-', '_', '.' and the wildcard '*'",
    /// A cc rule that an earlier one covers ({rule}: the earlier rule's index).
    RuleShadowed => "cc_rules[{rule}] matches every flow this rule matches, so it never applies; reorder or remove it",
    /// A flow from a node to itself without a loopback host.
    SameSrcDst => "must differ from src (a flow to itself needs a modelled host with \"path\": \"loopback\")",
    /// No route between a flow's ends ({src}, {dst}).
    NoPath => "no path from '{src}' to '{dst}'",
    /// A link from a node to itself.
    SameLinkEnds => "a link must join two different nodes",

    // The document.
    /// A schema version this build does not read ({expected}, {value}).
    UnsupportedVersion => "this build reads version {expected}, got {value}",
    /// More trace samples than allowed ({max}).
    TooManySamples => "gives more than {max} samples over duration_s; use a larger interval",
    /// A start at or after the end of the run ({end}: duration_s).
    StartAfterEnd => "must be before the end of the run ({end} s)",
    /// A random start that could fall at or after the end of the run ({end}: duration_s;
    /// {value}: start_s + start_jitter_s).
    JitterAfterEnd => "must keep start_s + start_jitter_s before the end of the run ({end} s), got {value} s",
    /// A run with more events than the page can run ({events}, {limit}: numbers;
    /// {events_words}, {limit_words}: the same in English words; {fits}: seconds).
    TooManyEvents => "this run would take about {events_words} events, more than the limit of {limit_words}; shorten duration_s to at most {fits} s, or lower link rates or the number of flows",
    /// A trace larger than the page can hold ({values}, {limit}, {values_words},
    /// {limit_words}, {fits} as above).
    TraceTooLarge => "the trace would hold about {values_words} values, more than the limit of {limit_words}; raise sample_interval_ms, shorten duration_s to at most {fits} s, or use fewer links and flows",
    /// A long run, allowed ({events}; {events_words}).
    LongRun => "a long run: about {events_words} events (it may take a minute or more in the browser)",
    /// A large trace, allowed ({values}; {values_words}; {megabytes}).
    LargeTrace => "a large trace: about {values_words} values ({megabytes} MB for the plots)",

    // TCP.
    /// An initial ssthresh below two segments ({value}).
    SsthreshBelowTwo => "must be at least 2 segments (RFC 5681), got {value}",
    /// An MSS that does not fit the path MTU ({mss}, {headers}, {mtu}, {max}).
    MssExceedsMtu => "{mss} bytes plus {headers} bytes of headers exceeds the path MTU of {mtu} bytes; lower it to {max} or set ip_fragmentation",
    /// A path MTU with no room for payload ({mtu}).
    MtuNoPayload => "the path MTU ({mtu} bytes) leaves no room for a TCP payload",
    /// A socket buffer smaller than one segment or above 4 GiB ({need}, {value}).
    BufferNotOneSegment => "must hold at least one segment ({need} bytes) and at most 4 GiB, got {value}",
    /// A user-level receiver's buffer smaller than one segment with headers ({need}, {value}).
    ReceiverBufferNotOneSegment => "must hold at least one segment ({need} bytes with headers) and at most 4 GiB, got {value}",
    /// A user-level receiver that processes nothing ({value}).
    ProcessingRateZero => "must be greater than 0 b/s (a process that handles nothing never acknowledges), got {value}",
    /// RACK-TLP without SACK.
    RackNeedsSack => "needs recovery \"sack\": RACK-TLP (RFC 8985) works from SACK information",
    /// F-RTO without SACK.
    FrtoNeedsSack => "needs recovery \"sack\": the lab runs the SACK-enhanced F-RTO (RFC 5682 §3)",
    /// An initial ssthresh on a controller other than NewReno.
    SsthreshNewrenoOnly => "only the newreno controller takes an initial ssthresh; remove it or use cc \"newreno\"",
    /// As above, the controller chosen by a cc rule ({rule}, {cc}).
    SsthreshNewrenoOnlyRule => "only the newreno controller takes an initial ssthresh (cc_rules[{rule}] gives this flow {cc}); remove it or use cc \"newreno\"",
    /// Port 0 on a flow.
    PortZero => "must be a port from 1 to 65535, got 0",
    /// Port 0 in a cc rule's range.
    RulePortZero => "must be a port from 1 to 65535, got 0 (omit the range to match any port)",
    /// cc_switches on a UDP flow.
    SwitchNotTcp => "only TCP flows have a congestion controller to switch; remove cc_switches",
    /// A switch time outside the flow's life ({start}, {end}, {value}).
    SwitchTime => "must be in [{start}, {end}): after the flow opens (start_s) and before the end of the run, got {value}",
    /// A loss rate outside [0, 1) ({value}).
    LossRateRange => "must be in [0, 1), got {value}",
    /// A measuring window longer than the flow runs ({max}, {value}).
    SwitchWindow => "must be in [0.001, {max}] s (at most the time the flow runs), got {value}",

    // Sources.
    /// A UDP payload that does not fit the path ({max}, {value}).
    DatagramSize => "must be between 1 and {max} bytes (path MTU minus 28 bytes of UDP/IP headers), got {value}",
    /// A UDP on/off source without a rate.
    UdpOnOffNeedsRate => "a UDP on/off source needs rate_bps",
    /// A rate on a TCP on/off source.
    TcpOnOffRate => "TCP sends as fast as its window allows; remove rate_bps",
    /// A source kind the protocol cannot use ({protocol}, {source}, {allowed}).
    SourceNotForProtocol => "a {protocol} flow cannot use a {source} source; use {allowed}",

    // Links.
    /// A timer tick outside (0, max] ({max}, {value}).
    TickRange => "must be greater than 0 and at most {max} ms, got {value}",
    /// A timer tick below 1 µs.
    TickTooFine => "must be at least 0.001 ms (1 µs)",
    /// Jitter together with a timer tick.
    JitterWithTick => "cannot be combined with timer_tick: the emulator's timer already sets when packets leave",
    /// Rate changes together with a delivery trace.
    RateChangesWithTrace => "cannot be combined with trace: the trace sets when the link delivers",
    /// A loss list of the wrong length.
    NthListLength => "list 1 to 100000 packet numbers",
    /// Packet number 0 in a loss list.
    NthFromOne => "packets are counted from 1",
    /// A Gilbert–Elliott chain that never leaves Bad.
    GilbertNeverRecovers => "must be greater than 0: with r = 0 the first Bad state never ends and the link loses everything from then on",
    /// A rate change to zero ({value}).
    RateChangeZero => "must be greater than 0 b/s, got {value}; use a blackout loss for an outage",
    /// A rate change not after the previous one ({previous}, {value}).
    RateChangeOrder => "must be later than the previous change ({previous} s), got {value}",
    /// A delivery trace that cannot be read ({detail}: in English).
    BadTrace => "the trace {detail}",

    // Queues.
    /// Both packet and byte limits.
    LimitBoth => "give limit_packets or limit_bytes, not both",
    /// Neither packet nor byte limit.
    LimitNeither => "give limit_packets or limit_bytes",
    /// WFQ reservations that leave nothing for best effort ({total}, {rate}).
    ReservationsExceedLink => "reserve {total} b/s in all, which leaves nothing of the link's {rate} b/s for best effort",
    /// A byte limit below one MTU or above 10 GB ({mtu}, {value}).
    ByteLimitRange => "must hold at least one MTU ({mtu} bytes) and at most 10 GB, got {value}",
    /// A token bucket smaller than one MTU ({mtu}, {value}).
    BucketBelowMtu => "must be at least the link MTU ({mtu} bytes) or full-size packets never conform, got {value}",
    /// A byte amount above 10 GB ({value}).
    AboveTenGigabytes => "must be at most 10 GB, got {value}",
    /// A peak burst without a peak rate.
    PeakBurstNeedsRate => "needs peak_rate_bps",

    // End hosts.
    /// A bus or processor with no bandwidth ({value}).
    BusNoBandwidth => "must be greater than 0 b/s (a bus or processor with no bandwidth moves nothing), got {value}",
    /// A NIC buffer smaller than one packet ({need}, {value}).
    NicBufferBelowMtu => "must hold at least one packet of the largest MTU at this host ({need} bytes), got {value}",
    /// A host preset's NIC buffer smaller than one packet ({buffer}, {mtu}).
    PresetNicBufferBelowMtu => "the preset's NIC buffer ({buffer} bytes) cannot hold one packet of this host's largest MTU ({mtu} bytes); set nic_buffer_bytes",
}

/// An error in a scenario: its code, the field path (`topology.links[1].rate_bps`; empty for
/// the whole document), the values its sentence names, and that sentence in English.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ValidationError {
    pub code: ErrorCode,
    pub path: String,
    pub params: BTreeMap<String, Param>,
    /// The English sentence (the CLI prints it; the page falls back to it).
    pub message: String,
}

impl ValidationError {
    /// An error `code` at `path`; add its parameters with [`ValidationError::with`].
    pub fn at(path: impl Into<String>, code: ErrorCode) -> Self {
        Self {
            code,
            path: path.into(),
            params: BTreeMap::new(),
            message: render(code.english(), &BTreeMap::new()),
        }
    }

    /// Add a parameter (and re-render the English).
    pub fn with(self, name: &str, value: impl Into<Param>) -> Self {
        self.with_param(name, value.into())
    }

    /// [`Self::with`] after the conversion: one copy in the .wasm, not one per value type.
    fn with_param(mut self, name: &str, value: Param) -> Self {
        self.params.insert(name.to_string(), value);
        self.message = render(self.code.english(), &self.params);
        self
    }

    /// Add a unit, unless it is empty.
    pub fn unit(self, unit: &str) -> Self {
        if unit.is_empty() {
            self
        } else {
            self.with("unit", unit)
        }
    }

    /// A reader's error at `path` from serde's message (syntax errors: [`Self::syntax`]).
    /// The message stays serde's; the code and parameters are read from it.
    pub fn from_serde(path: impl Into<String>, message: &str) -> Self {
        let mut e = classify(message).at_path(path);
        e.message = message.to_string();
        e
    }

    /// Malformed JSON at `path` (`detail`: the parser's words).
    pub fn syntax(path: impl Into<String>, detail: &str) -> Self {
        ValidationError::at(path, ErrorCode::JsonSyntax).with("detail", detail)
    }

    fn at_path(mut self, path: impl Into<String>) -> Self {
        self.path = path.into();
        self
    }
}

impl std::fmt::Display for ValidationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.path.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

/// `template` with `{name}` replaced by the parameter and `{ name}` by a space and the
/// parameter (nothing when it is absent).
fn render(template: &str, params: &BTreeMap<String, Param>) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let Some(len) = rest[open..].find('}') else {
            break;
        };
        let name = &rest[open + 1..open + len];
        let (spaced, name) = match name.strip_prefix(' ') {
            Some(n) => (true, n),
            None => (false, name),
        };
        if let Some(v) = params.get(name) {
            if spaced {
                out.push(' ');
            }
            out.push_str(&v.to_string());
        }
        rest = &rest[open + len + 1..];
    }
    out.push_str(rest);
    out
}

/// The name in the first pair of backticks of `s`, and what follows it.
fn quoted(s: &str) -> Option<(String, String)> {
    let (a, b) = s.split_once('`')?.1.split_once('`')?;
    Some((a.to_string(), b.trim_start_matches(',').trim().to_string()))
}

/// The code and parameters of one of serde's sentences (serde::de::Error's default
/// messages, which serde_json and the derived code both write).
fn classify(message: &str) -> ValidationError {
    let expected = |rest: String| rest.trim_start_matches("expected ").to_string();
    let with_found = |code: ErrorCode, s: &str| {
        let (found, exp) = s.split_once(", expected ").unwrap_or((s, ""));
        ValidationError::at("", code)
            .with("found", found)
            .with("expected", exp)
    };
    if let Some(s) = message.strip_prefix("invalid type: ") {
        with_found(ErrorCode::WrongType, s)
    } else if let Some(s) = message.strip_prefix("invalid value: ") {
        with_found(ErrorCode::InvalidValue, s)
    } else if let Some((v, rest)) = message.strip_prefix("unknown variant ").and_then(quoted) {
        ValidationError::at("", ErrorCode::UnknownVariant)
            .with("variant", v)
            .with("expected", expected(rest))
    } else if let Some((f, rest)) = message.strip_prefix("unknown field ").and_then(quoted) {
        ValidationError::at("", ErrorCode::UnknownField)
            .with("field", f)
            .with("expected", expected(rest))
    } else if let Some((f, _)) = message.strip_prefix("missing field ").and_then(quoted) {
        ValidationError::at("", ErrorCode::MissingField).with("field", f)
    } else if let Some((f, _)) = message.strip_prefix("duplicate field ").and_then(quoted) {
        ValidationError::at("", ErrorCode::DuplicateField).with("field", f)
    } else if let Some(s) = message.strip_prefix("invalid length ") {
        ValidationError::at("", ErrorCode::InvalidLength).with("detail", s)
    } else {
        ValidationError::at("", ErrorCode::Unreadable).with("detail", message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_range_error_carries_its_code_path_and_numbers() {
        let e = ValidationError::at("flows[0].rtt_ms", ErrorCode::OutOfRange)
            .with("min", 0.001)
            .with("max", 10_000.0)
            .with("value", -1.0)
            .unit("ms");
        assert_eq!(e.message, "must be between 0.001 and 10000 ms, got -1");
        assert_eq!(
            e.to_string(),
            "flows[0].rtt_ms: must be between 0.001 and 10000 ms, got -1"
        );
        let json = serde_json::to_value(&e).unwrap();
        assert_eq!(json["code"], "out_of_range");
        assert_eq!(json["params"]["min"], 0.001);
        assert_eq!(json["params"]["unit"], "ms");
        let bare = ValidationError::at("x", ErrorCode::OutOfRange)
            .with("min", 1u32)
            .with("max", 2u32)
            .with("value", 3u32)
            .unit("");
        assert_eq!(bare.message, "must be between 1 and 2, got 3");
    }

    #[test]
    fn serde_sentences_become_codes_and_keep_their_words() {
        let cases = [
            (
                "invalid type: string \"x\", expected f64",
                ErrorCode::WrongType,
            ),
            (
                "invalid value: integer `-1`, expected u32",
                ErrorCode::InvalidValue,
            ),
            (
                "unknown variant `cubicc`, expected one of `newreno`, `cubic`",
                ErrorCode::UnknownVariant,
            ),
            (
                "unknown field `rtt`, expected `a` or `b`",
                ErrorCode::UnknownField,
            ),
            (
                "unknown field `rtt`, there are no fields",
                ErrorCode::UnknownField,
            ),
            ("missing field `id`", ErrorCode::MissingField),
            ("duplicate field `kind`", ErrorCode::DuplicateField),
            ("something else", ErrorCode::Unreadable),
        ];
        for (text, code) in cases {
            let e = ValidationError::from_serde("a.b", text);
            assert_eq!(
                (e.code, e.message.as_str(), e.path.as_str()),
                (code, text, "a.b")
            );
        }
        let e = ValidationError::from_serde(
            "",
            "unknown variant `cubicc`, expected one of `newreno`, `cubic`",
        );
        assert_eq!(e.params["variant"], Param::from("cubicc"));
        assert_eq!(
            e.params["expected"],
            Param::from("one of `newreno`, `cubic`")
        );
        let e = ValidationError::from_serde("", "invalid type: string \"x\", expected f64");
        assert_eq!(e.params["found"], Param::from("string \"x\""));
        assert_eq!(e.params["expected"], Param::from("f64"));
    }

    #[test]
    fn every_template_names_only_closed_parameters() {
        for code in ErrorCode::ALL {
            let t = code.english();
            assert_eq!(t.matches('{').count(), t.matches('}').count(), "{code:?}");
        }
    }
}

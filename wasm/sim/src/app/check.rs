//! The checks a traffic source's parameters use ([`SourceCheck`]): first the
//! transport (from the registry line: a UDP flow cannot use a `sized`
//! source), then each source's `SourceParams::check`, in its own file, which
//! reports impossible values through it with the field path, e.g.
//! `flows[0].source.interval_ms`. The shared limits of every source are here.

use super::{Protocol, SourceSpec, UDP_HEADER_BYTES};
use crate::error::{ErrorCode as E, FieldErrors, ValidationError};

/// Largest UDP payload when the path is unknown: 65,535 − 8 (UDP) − 20
/// (IPv4) bytes (RFC 768, RFC 791).
pub const MAX_UDP_PAYLOAD: u32 = 65_507;

/// What a source needs to know about its flow and the scenario's limits.
#[derive(Debug)]
pub struct SourceContext {
    /// The flow's transport.
    pub protocol: Protocol,
    /// The smallest MTU on the flow's path (None: no path was found).
    pub path_mtu: Option<u32>,
    /// The longest time a scenario may name, s.
    pub max_time_s: f64,
    /// The range of rates a scenario may name, b/s.
    pub min_rate_bps: f64,
    pub max_rate_bps: f64,
}

/// Checks of one source: where its errors go, its path, its flow.
#[derive(Debug)]
pub struct SourceCheck<'a> {
    fields: FieldErrors<'a>,
    flow: &'a SourceContext,
}

impl<'a> std::ops::Deref for SourceCheck<'a> {
    type Target = FieldErrors<'a>;
    fn deref(&self) -> &FieldErrors<'a> {
        &self.fields
    }
}

impl<'a> std::ops::DerefMut for SourceCheck<'a> {
    fn deref_mut(&mut self) -> &mut FieldErrors<'a> {
        &mut self.fields
    }
}

impl<'a> SourceCheck<'a> {
    /// Checks of the source at `path` (`flows[0].source`) of a flow
    /// described by `flow`; errors go to `errors`.
    pub fn new(
        errors: &'a mut Vec<ValidationError>,
        path: &'a str,
        flow: &'a SourceContext,
    ) -> Self {
        SourceCheck {
            fields: FieldErrors::new(errors, path),
            flow,
        }
    }

    /// The flow's transport.
    pub fn protocol(&self) -> Protocol {
        self.flow.protocol
    }

    /// A length of time within the scenario's limit: (0, max] s.
    pub fn duration(&mut self, field: &str, v: f64) {
        self.fields.positive(field, v, self.flow.max_time_s, "s");
    }

    /// A length of time that may be zero: [0, max] s.
    pub fn duration_or_zero(&mut self, field: &str, v: f64) {
        self.fields.range(field, v, 0.0, self.flow.max_time_s, "s");
    }

    /// A rate within the scenario's limits, b/s.
    pub fn rate(&mut self, field: &str, v: f64) {
        self.fields.range(
            field,
            v,
            self.flow.min_rate_bps,
            self.flow.max_rate_bps,
            "b/s",
        );
    }

    /// A UDP payload: at least a byte, and a datagram that fits the path MTU
    /// (datagrams are not fragmented here), or [`MAX_UDP_PAYLOAD`] when there
    /// is no path.
    pub fn payload(&mut self, field: &str, bytes: u32) {
        let hi = self
            .flow
            .path_mtu
            .map_or(MAX_UDP_PAYLOAD, |m| m.saturating_sub(UDP_HEADER_BYTES));
        if bytes == 0 || bytes > hi {
            let e = ValidationError::at(self.path(field), E::DatagramSize)
                .with("max", hi)
                .with("value", bytes);
            self.push(e);
        }
    }
}

/// Check one flow's source; `path` names it (as `flows[0].source`). The
/// transport comes first: a source its registry line does not list for the
/// flow's transport is refused at `kind`, naming the kinds that are allowed,
/// and its fields are not read.
pub fn check_source(
    errors: &mut Vec<ValidationError>,
    path: &str,
    source: &SourceSpec,
    flow: &SourceContext,
) {
    let proto = flow.protocol;
    if !source.serves(proto) {
        // "bulk, sized or on_off": the registry's kinds for this transport.
        let kinds = SourceSpec::kinds_for(proto);
        let allowed = match kinds.split_last() {
            Some((last, [])) => last.to_string(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        };
        errors.push(
            ValidationError::at(format!("{path}.kind"), E::SourceNotForProtocol)
                .with("protocol", proto.display_name())
                .with("source", source.kind())
                .with("allowed", allowed),
        );
        return;
    }
    let mut c = SourceCheck::new(errors, path, flow);
    source.check(&mut c);
}

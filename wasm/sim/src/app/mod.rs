//! Traffic sources: what the application behind a flow offers. TCP sources
//! (bulk, sized, on/off) set how much data the sender may send; UDP sources
//! (CBR, Poisson, on/off CBR) emit datagrams on their own schedule.
//!
//! Each source's file holds its parameter struct (the `SourceSpec` variant's
//! content, with defaults, doc strings and checks) and its behaviour
//! (through [`SourceParams`]); registry.rs lists them, and `SourceSpec` comes
//! from that list. The module names nothing of `scenario`: the scenario
//! composes sources.

pub mod bulk;
pub mod cbr;
pub mod check;
pub mod on_off;
pub mod poisson;
pub mod registry;
pub mod sized;
#[cfg(test)]
pub mod test_dummy;
pub mod udp;

pub use on_off::OnOff;
pub use registry::SourceParams;
pub use udp::{UdpPace, UdpRate, UdpSource};

use registry::{define_source_types, for_each_source};
use serde::{Deserialize, Serialize};

// SourceSpec: one line per source in app/registry.rs.
for_each_source!(define_source_types);

impl Default for SourceSpec {
    fn default() -> Self {
        SourceSpec::Bulk(bulk::BulkSpec {})
    }
}

/// IPv4 (20) + UDP (8) headers (RFC 791, RFC 768).
pub const UDP_HEADER_BYTES: u32 = 28;

/// Bits on the wire of a datagram with `payload` bytes.
fn wire_bits(payload: u32) -> f64 {
    (payload + UDP_HEADER_BYTES) as f64 * 8.0
}

#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum Protocol {
    /// TCP: reliable, congestion-controlled.
    #[default]
    Tcp,
    /// UDP: datagrams at the source's rate, no feedback.
    Udp,
}

impl Protocol {
    /// The JSON name (`"udp"`).
    pub const fn name(self) -> &'static str {
        match self {
            Protocol::Tcp => "tcp",
            Protocol::Udp => "udp",
        }
    }

    /// The name people write (`"UDP"`).
    pub const fn display_name(self) -> &'static str {
        match self {
            Protocol::Tcp => "TCP",
            Protocol::Udp => "UDP",
        }
    }
}

/// Bytes a TCP source offers at the start: None for endless data.
pub fn tcp_app_bytes(spec: &SourceSpec) -> Option<u64> {
    spec.tcp_bytes()
}

impl OnOff {
    /// The on and off periods of `spec`; None for a source that does not
    /// alternate.
    pub fn from_spec(spec: &SourceSpec) -> Option<Self> {
        spec.on_off()
    }
}

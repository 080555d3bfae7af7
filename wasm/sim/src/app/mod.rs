//! Traffic sources. The foundation has the bulk source: a TCP sender that
//! always has data (`SenderConfig::app_bytes = None`).

use crate::scenario::Protocol;

/// Bytes an application hands to TCP; None for an endless bulk transfer.
pub fn app_bytes(protocol: Protocol) -> Option<u64> {
    match protocol {
        Protocol::Tcp => None,
    }
}

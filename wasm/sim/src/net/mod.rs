//! Packets, links (as directed channels), nodes, static routing, link
//! impairments and topology builders.
pub mod channel;
pub mod fifo_tx;
pub mod impairment;
pub use crate::packet;
pub use crate::scenario::routing;
pub mod topology;

pub use channel::Channel;
pub use packet::{Packet, PacketKind};

//! Packets, links (as directed channels), nodes and static routing.
pub mod channel;
pub mod impairment;
pub mod loss;
pub mod packet;
pub mod routing;

pub use channel::Channel;
pub use packet::{Packet, PacketKind};
